"""Safe display: no control character, line break or bidi control reaches the terminal raw, and
diagnostics are capped per file and per run with the total still counted."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from compiler.diagnostics import (
    MAX_PER_FILE,
    MAX_PER_RUN,
    Diagnostic,
    Diagnostics,
    cap_per_file,
    format_text,
)
from compiler.display import safe_name, safe_text
from compiler.errors import ContentError, RulepackError

UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                    "\ud800-\udfff]")


def test_escapes_are_visible_and_specific() -> None:
    assert safe_text("a\x1b[31mb\nc\u202ed\u2028") == "a\\u001b[31mb\\u000ac\\u202ed\\u2028"
    assert safe_name("bad\udcff.yaml") == "bad\\xff.yaml"  # an undecodable byte shows as itself
    assert safe_name("a\\b:c.yaml") == "a\\\\b\\u003ac.yaml"
    assert safe_text("a\\b:c") == "a\\b:c"  # in messages a backslash or colon is harmless
    assert safe_text("épée ⚔ 剣") == "épée ⚔ 剣"


@given(st.text())
def test_nothing_unsafe_survives(text: str) -> None:
    assert not UNSAFE.search(safe_text(text))
    assert not UNSAFE.search(safe_name(text)) and ":" not in safe_name(text)
    assert safe_text(safe_text(text)) == safe_text(text)


@given(st.text(), st.text())
def test_two_names_are_never_shown_alike(first: str, second: str) -> None:
    if first != second:
        assert safe_name(first) != safe_name(second)


def test_a_diagnostic_line_is_one_line_whatever_it_holds() -> None:
    diagnostic = Diagnostic("f\\u000a.yaml", 1, 2, "$['\x1b']", "bad\nvalue\u202e")
    assert diagnostic.format() == "f\\u000a.yaml:1:2: $['\\u001b']: bad\\u000avalue\\u202e"


def test_error_messages_are_escaped() -> None:
    assert RulepackError("no folder at a\x1b]0;x\x07").format_message() == (
        "no folder at a\\u001b]0;x\\u0007"
    )


def _many(file: str, count: int) -> list[Diagnostic]:
    return [Diagnostic(file, n + 1, 1, "$", f"problem {n}") for n in range(count)]


def test_a_file_shows_the_cap_and_one_summary_and_the_total_is_kept() -> None:
    capped = cap_per_file(_many("a.yaml", 500))
    assert len(capped) == MAX_PER_FILE + 1
    assert capped[-1] == Diagnostic(
        "a.yaml", MAX_PER_FILE + 1, 1, "$",
        f"{500 - MAX_PER_FILE} more errors in this file are not shown (at most 20 per file)",
        500 - MAX_PER_FILE,
    )
    assert Diagnostics(capped).total == 500
    # Capping again after more diagnostics joined keeps what was already left out.
    again = cap_per_file([*capped, Diagnostic("a.yaml", 1, 1, "$", "early")])
    assert len(again) == MAX_PER_FILE + 1 and Diagnostics(again).total == 501


def test_one_more_than_the_cap_is_shown_rather_than_summed() -> None:
    assert cap_per_file(_many("a.yaml", MAX_PER_FILE + 1)) == _many("a.yaml", MAX_PER_FILE + 1)


def test_a_run_prints_at_most_its_cap_and_one_line_more() -> None:
    found = Diagnostics([d for n in range(30) for d in cap_per_file(_many(f"f{n:02}.yaml", 25))])
    lines = format_text(found).splitlines()
    assert len(lines) == MAX_PER_RUN + 1
    # 9 whole files (189 lines) and 11 of the tenth: 14 of its 25 problems and 20 files hidden
    assert lines[-1] == "514 more errors in 21 files are not shown (at most 200 per run)"
    assert str(ContentError(found).format_message()) == "750 errors found; nothing was written."


def test_a_stopped_file_counts_at_least() -> None:
    capped = cap_per_file(_many("a.yaml", 100), stopped=True)
    assert capped[-1].message.startswith("at least 80 more errors")
    assert ContentError(Diagnostics(capped)).format_message() == (
        "at least 100 errors found; nothing was written."
    )
