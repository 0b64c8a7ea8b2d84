"""The strict YAML loader: one case per hazard, each pinned to its exact diagnostic line."""

from __future__ import annotations

import json
import os
import resource
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.diagnostics import Diagnostic
from compiler.loading import (
    MAX_DEPTH,
    MAX_DIAGNOSTICS,
    MAX_FILE_BYTES,
    json_path,
    load_source,
    load_text,
)
from compiler.model import Mark, SourceDoc

NAME = "f.yaml"


def load(tmp_path: Path, text: str | bytes) -> SourceDoc | list[Diagnostic]:
    path = tmp_path / NAME
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return load_source(path, NAME, "weapon")


def errors(tmp_path: Path, text: str | bytes) -> list[str]:
    result = load(tmp_path, text)
    assert isinstance(result, list), f"expected diagnostics, loaded {result!r}"
    return [diagnostic.format() for diagnostic in result]


def loaded(tmp_path: Path, text: str) -> SourceDoc:
    result = load(tmp_path, text)
    assert isinstance(result, SourceDoc), [d.format() for d in result]
    return result


# --- what a good file gives -------------------------------------------------------------------

NESTED = """\
id: longsword
damage:
  dice: 2
  bonus: -1
tags: [slashing, heavy]
attacks:
  - mode: swing
    hit_locations:
      - {from: 1, to: 10}
notes:
"""


def test_marks_for_nested_paths(tmp_path: Path) -> None:
    doc = loaded(tmp_path, NESTED)
    assert (doc.path, doc.kind) == (NAME, "weapon")
    assert doc.data == {
        "id": "longsword",
        "damage": {"dice": 2, "bonus": -1},
        "tags": ["slashing", "heavy"],
        "attacks": [{"mode": "swing", "hit_locations": [{"from": 1, "to": 10}]}],
        "notes": None,
    }
    assert list(doc.data) == ["id", "damage", "tags", "attacks", "notes"]
    expected = {
        (): Mark(1, 1),
        ("id",): Mark(1, 5),
        ("damage",): Mark(3, 3),
        ("damage", "dice"): Mark(3, 9),
        ("damage", "bonus"): Mark(4, 10),
        ("tags",): Mark(5, 7),
        ("tags", 0): Mark(5, 8),
        ("tags", 1): Mark(5, 18),
        ("attacks",): Mark(7, 3),
        ("attacks", 0): Mark(7, 5),
        ("attacks", 0, "mode"): Mark(7, 11),
        ("attacks", 0, "hit_locations"): Mark(9, 7),
        ("attacks", 0, "hit_locations", 0): Mark(9, 9),
        ("attacks", 0, "hit_locations", 0, "from"): Mark(9, 16),
        ("attacks", 0, "hit_locations", 0, "to"): Mark(9, 23),
        ("notes",): Mark(10, 7),
    }
    assert dict(doc.marks) == expected
    # The validator asks for paths the data may not have: the deepest known value answers.
    assert doc.mark_of(("damage", "dice", "extra")) == Mark(3, 9)
    assert doc.mark_of(("missing",)) == Mark(1, 1)


def test_scalars_come_back_as_plain_json_types(tmp_path: Path) -> None:
    data = loaded(tmp_path, 'i: 1\nb: true\nf: 1.5\ns: "1"\nn: null\nl: []\nm: {}\n').data
    assert [type(value) for value in data.values()] == [
        int,
        bool,
        float,
        str,
        type(None),
        list,
        dict,
    ]


def test_a_byte_order_mark_is_not_content(tmp_path: Path) -> None:
    doc = loaded(tmp_path, "\ufeffname: Sword\n")
    assert doc.data == {"name": "Sword"}
    assert doc.marks[("name",)] == Mark(1, 7)


def test_columns_count_characters_not_bytes(tmp_path: Path) -> None:
    doc = loaded(tmp_path, "épée: [😀, b]\n")
    assert doc.data == {"épée": ["😀", "b"]}
    assert doc.marks[("épée", 1)] == Mark(1, 11)


@pytest.mark.parametrize("text", ["- a\n- b\n", "just text\n", "42\n"])
def test_a_top_level_value_that_is_not_a_mapping_is_left_to_the_validator(
    tmp_path: Path, text: str
) -> None:
    assert loaded(tmp_path, text).marks[()] == Mark(1, 1)


def test_json_path_text_matches_jsonschema() -> None:
    assert json_path(()) == "$"
    assert json_path(("damage", "dice")) == "$.damage.dice"
    assert json_path(("tags", 1)) == "$.tags[1]"
    assert json_path(("two words", "it's")) == "$['two words']['it\\'s']"


# --- arbitrary code and non-core tags ------------------------------------------------------------


def test_python_object_tag_is_refused_and_nothing_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object) -> int:
        raise AssertionError("os.system was called")

    monkeypatch.setattr(os, "system", never)
    marker = tmp_path / "pwned"
    text = f'x: !!python/object/apply:os.system ["touch {marker}"]\n'
    assert errors(tmp_path, text) == [
        "f.yaml:1:4: $.x: tag !!python/object/apply:os.system is not allowed; only the core "
        "tags !!str, !!int, !!float, !!bool, !!null, !!seq and !!map are"
    ]
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("v: !foo bar\n", "!foo"),
        ("v: !!binary aGk=\n", "!!binary"),
        ("v: !!set {a, b}\n", "!!set"),
        ("v: !!omap [a: 1]\n", "!!omap"),
        ("v: !!timestamp 2001-12-14\n", "!!timestamp"),
        ("v: !!python/name:os.system\n", "!!python/name:os.system"),
        ("v: !<tag:example.com,2000:x> 1\n", "!<tag:example.com,2000:x>"),
    ],
)
def test_non_core_tags_are_refused(tmp_path: Path, text: str, shown: str) -> None:
    assert errors(tmp_path, text) == [
        f"f.yaml:1:4: $.v: tag {shown} is not allowed; only the core tags "
        "!!str, !!int, !!float, !!bool, !!null, !!seq and !!map are"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v: !!null {}\n", "tag !!null cannot be used on a mapping"),
        ("v: !!map [1]\n", "tag !!map cannot be used on a sequence"),
        ("v: !!seq x\n", "tag !!seq cannot be used on a scalar"),
    ],
)
def test_core_tags_on_the_wrong_kind_of_node_are_refused(
    tmp_path: Path, text: str, message: str
) -> None:
    assert errors(tmp_path, text) == [f"f.yaml:1:4: $.v: {message}"]


def test_core_tags_are_honoured(tmp_path: Path) -> None:
    text = 'a: !!str 10\nb: !!int "12"\nc: !!float 1\nd: !!bool "true"\ne: !!null ""\nf: ! 7\n'
    data = loaded(tmp_path, text).data
    assert data == {"a": "10", "b": 12, "c": 1.0, "d": True, "e": None, "f": "7"}
    assert type(data["c"]) is float


# --- anchors, aliases and the alias bomb -------------------------------------------------------


def test_anchors_and_aliases_are_refused(tmp_path: Path) -> None:
    assert errors(tmp_path, "base: &b {dice: 2}\ncopy: *b\n") == [
        "f.yaml:1:7: $.base: anchors are not allowed (&b); write the value out in full",
        "f.yaml:2:7: $.copy: aliases are not allowed (*b); write the value out in full",
    ]


def billion_laughs(levels: int) -> str:
    lines = ["a0: &a0 [" + ", ".join(["lol"] * 9) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("levels", [8, 9])
def test_billion_laughs_fails_fast_in_little_memory(tmp_path: Path, levels: int) -> None:
    path = tmp_path / NAME
    path.write_text(billion_laughs(levels), encoding="utf-8")
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    tracemalloc.start()
    started = time.perf_counter()
    try:
        result = load_source(path, NAME, "weapon")
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    rss_growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before
    assert isinstance(result, list)
    lines = [d.format() for d in result]
    assert lines[:3] == [
        "f.yaml:1:5: $.a0: anchors are not allowed (&a0); write the value out in full",
        "f.yaml:2:5: $.a1: anchors are not allowed (&a1); write the value out in full",
        "f.yaml:2:10: $.a1[0]: aliases are not allowed (*a0); write the value out in full",
    ]
    assert len(lines) == MAX_DIAGNOSTICS + 1
    assert lines[-1].endswith(f"stopped reading this file after {MAX_DIAGNOSTICS} errors")
    assert elapsed < 1.0
    assert peak < 100 * 2**20
    assert rss_growth < 100 * 1024


# --- keys ----------------------------------------------------------------------------------------


def test_duplicate_key_reports_both_lines(tmp_path: Path) -> None:
    assert errors(tmp_path, "id: sword\nname: Sword\nname: Longsword\n") == [
        "f.yaml:3:1: $.name: duplicate key 'name' (first defined at line 2)"
    ]


def test_every_duplicate_key_is_reported(tmp_path: Path) -> None:
    text = "name: a\ntags:\n  - {x: 1, x: 2}\nname: b\n"
    assert errors(tmp_path, text) == [
        "f.yaml:3:12: $.tags[0].x: duplicate key 'x' (first defined at line 3)",
        "f.yaml:4:1: $.name: duplicate key 'name' (first defined at line 1)",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1: one\n", "mapping key 1 is an integer, not a string (quote it to use it as text)"),
        ("0x1F: x\n", "mapping key 0x1F is an integer, not a string (quote it to use it as text)"),
        ("true: x\n", "mapping key true is a boolean, not a string (quote it to use it as text)"),
        ("1.5: x\n", "mapping key 1.5 is a number, not a string (quote it to use it as text)"),
        ("null: x\n", "mapping key null is null, not a string (quote it to use it as text)"),
        ("~: x\n", "mapping key ~ is null, not a string (quote it to use it as text)"),
        ("? \n: x\n", "mapping key is empty (null), not a string"),
        ("? [a, b]\n: x\n", "mapping keys must be strings, not a sequence"),
        ("? {a: 1}\n: x\n", "mapping keys must be strings, not a mapping"),
    ],
)
def test_non_string_keys_are_refused(tmp_path: Path, text: str, message: str) -> None:
    column = {"? \n": 2, "? [": 3, "? {": 3}.get(text[:3], 1)
    assert errors(tmp_path, text) == [f"f.yaml:1:{column}: $: {message}"]


def test_keys_cannot_collide_after_typing(tmp_path: Path) -> None:
    # PyYAML reads `1` and `yes` as the same dict key (True == 1) and `1` next to '1' as two
    # keys that json.dumps then writes twice; here only string keys exist, so neither can happen.
    assert errors(tmp_path, "1: one\nyes: si\n'1': uno\n") == [
        "f.yaml:1:1: $: mapping key 1 is an integer, not a string (quote it to use it as text)"
    ]
    assert loaded(tmp_path, "yes: si\n'1': uno\non: x\n").data == {
        "yes": "si",
        "1": "uno",
        "on": "x",
    }


# --- YAML 1.1 typing surprises: YAML 1.2 core schema instead --------------------------------------


@pytest.mark.parametrize(
    ("scalar", "expected"),
    [
        ("no", "no"),
        ("yes", "yes"),
        ("on", "on"),
        ("off", "off"),
        ("y", "y"),
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("false", False),
        ("010", 10),
        ("+12", 12),
        ("-0", 0),
        ("0o17", 15),
        ("0x1F", 31),
        ("0b11", "0b11"),
        ("1_000", "1_000"),
        ("1:30", "1:30"),
        ("190:20:30", "190:20:30"),
        ("1e3", 1000.0),
        ("1.10", 1.1),
        (".5", 0.5),
        ("-2.5E-1", -0.25),
        ("2001-12-14", "2001-12-14"),
        ("2001-02-30", "2001-02-30"),
        ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
        ("null", None),
        ("Null", None),
        ("~", None),
        ("", None),
        ("'010'", "010"),
        ('"true"', "true"),
        ("٣", "٣"),  # a non-ASCII digit is text, not 3
    ],
)
def test_scalars_are_typed_by_the_yaml_1_2_core_schema(
    tmp_path: Path, scalar: str, expected: Any
) -> None:
    value = loaded(tmp_path, f"v: {scalar}\n").data["v"]
    assert value == expected
    assert type(value) is type(expected)


@pytest.mark.parametrize(
    "scalar", [".nan", ".NaN", ".inf", "-.Inf", "+.INF", "1e999", "!!float .nan"]
)
def test_nan_and_infinity_are_refused(tmp_path: Path, scalar: str) -> None:
    assert errors(tmp_path, f"v: {scalar}\n") == [
        "f.yaml:1:4: $.v: NaN and infinity are not allowed"
    ]


# --- construction errors that PyYAML raises without a mark --------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("v: !!int 1.5\n", "'1.5' is not a valid !!int"),
        ("v: !!float abc\n", "'abc' is not a valid !!float"),
        ("v: !!bool yes\n", "'yes' is not a valid !!bool"),
        ("v: !!null nothing\n", "'nothing' is not a valid !!null"),
        ("v: " + "7" * 5000 + "\n", "the number '" + "7" * 40 + "…' is too long"),
    ],
)
def test_bad_values_for_core_tags_are_located(tmp_path: Path, text: str, message: str) -> None:
    assert errors(tmp_path, text) == [f"f.yaml:1:4: $.v: {message}"]


# --- nesting -------------------------------------------------------------------------------------


def test_nesting_up_to_the_limit_loads(tmp_path: Path) -> None:
    doc = loaded(tmp_path, "[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert (0,) * (MAX_DEPTH - 1) in doc.marks


def test_block_nesting_past_the_limit_is_refused(tmp_path: Path) -> None:
    text = (
        "".join("  " * level + f"k{level}:\n" for level in range(MAX_DEPTH)) + "  " * 64 + "x: 1\n"
    )
    path = json_path(tuple(f"k{level}" for level in range(MAX_DEPTH)))
    assert errors(tmp_path, text) == [f"f.yaml:65:129: {path}: nesting deeper than 64 levels"]


def test_a_thousand_nested_brackets_are_refused(tmp_path: Path) -> None:
    assert errors(tmp_path, "[" * 1000) == [
        "f.yaml:1:65: $" + "[0]" * MAX_DEPTH + ": nesting deeper than 64 levels"
    ]


def test_a_hundred_thousand_nested_brackets_are_refused_quickly(tmp_path: Path) -> None:
    started = time.perf_counter()
    lines = errors(tmp_path, "[" * 100_000)
    # libyaml's scanner reads ahead ~1,000 brackets on one line and stops at its own cap of
    # 1,000 levels before the first event reaches the composer; it is reported the same way.
    assert lines == ["f.yaml:1:1001: $: nesting deeper than 64 levels"]
    assert time.perf_counter() - started < 1.0


def test_nested_brackets_on_separate_lines_are_refused(tmp_path: Path) -> None:
    assert errors(tmp_path, "[\n" * 100_000) == [
        "f.yaml:65:1: $" + "[0]" * MAX_DEPTH + ": nesting deeper than 64 levels"
    ]


# --- documents, size, bytes ----------------------------------------------------------------------


def test_a_second_document_is_refused(tmp_path: Path) -> None:
    assert errors(tmp_path, "a: 1\n---\nb: 2\n") == [
        "f.yaml:2:1: $: a file holds one document, but a second one starts here"
    ]


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n", "--- # x\n...\n"])
def test_an_empty_file_is_refused(tmp_path: Path, text: str) -> None:
    assert errors(tmp_path, text) == ["f.yaml:1:1: $: the file is empty"]


def test_a_file_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    assert MAX_FILE_BYTES == 1024 * 1024
    body = "a: 1\n"
    padded = body + "#" * (MAX_FILE_BYTES - len(body) - 1) + "\n"
    assert loaded(tmp_path, padded).data == {"a": 1}
    assert errors(tmp_path, padded + "\n") == [
        "f.yaml:1:1: $: the file is larger than the 1 MiB limit"
    ]


def test_bytes_that_are_not_utf8_are_located(tmp_path: Path) -> None:
    assert errors(tmp_path, "a: 1\nname: caf\xe9!\n".encode("latin-1")) == [
        "f.yaml:2:10: $: the file is not valid UTF-8 text"
    ]


def test_a_missing_file_is_a_diagnostic(tmp_path: Path) -> None:
    result = load_source(tmp_path / "gone.yaml", "gone.yaml", "weapon")
    assert result == [
        Diagnostic("gone.yaml", 1, 1, "$", "cannot read the file: No such file or directory")
    ]


def test_a_directory_is_a_diagnostic(tmp_path: Path) -> None:
    result = load_source(tmp_path, "dir.yaml", "weapon")
    assert result == [Diagnostic("dir.yaml", 1, 1, "$", "cannot read the file: not a regular file")]


# --- syntax errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "a:\n  b: 1\n c: 2\n",
            "f.yaml:3:2: $: did not find expected key "
            "(while parsing a block mapping that starts at line 1)",
        ),
        ("a: b: c\n", "f.yaml:1:5: $: mapping values are not allowed in this context"),
        (
            'name: "Sword\n',
            "f.yaml:2:1: $.name: found unexpected end of stream "
            "(while scanning a quoted scalar that starts at line 1)",
        ),
        (
            "tags: [a, b\n",
            "f.yaml:2:1: $.tags[2]: did not find expected ',' or ']' "
            "(while parsing a flow sequence that starts at line 1)",
        ),
        ("a: 1\nb: x\x07\n", "f.yaml:2:5: $: control characters are not allowed (#x07)"),
    ],
)
def test_syntax_errors_are_located(tmp_path: Path, text: str, line: str) -> None:
    assert errors(tmp_path, text) == [line]


def test_one_file_reports_at_most_the_diagnostic_cap(tmp_path: Path) -> None:
    text = "".join(f"k{i}: !!int x{i}\n" for i in range(MAX_DIAGNOSTICS + 5))
    lines = errors(tmp_path, text)
    assert len(lines) == MAX_DIAGNOSTICS + 1
    assert lines[0] == "f.yaml:1:5: $.k0: 'x0' is not a valid !!int"
    assert lines[-1] == (
        f"f.yaml:{MAX_DIAGNOSTICS}:6: $.k{MAX_DIAGNOSTICS - 1}: "
        f"stopped reading this file after {MAX_DIAGNOSTICS} errors"
    )


# --- properties ----------------------------------------------------------------------------------

# Astral characters are left out: json.dumps escapes them as surrogate pairs, which libyaml
# refuses (written as themselves they load; see test_columns_count_characters_not_bytes).
_bmp_text = st.characters(codec="utf-8", max_codepoint=0xFFFF)
_json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(_bmp_text, max_size=30)
)
_json = st.recursive(
    _json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(_bmp_text, max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(value=_json)
def test_json_text_loads_as_the_same_data(value: Any) -> None:
    # JSON is YAML 1.2, so a 1.2 loader must read json.dumps output back unchanged.
    doc = load_text(json.dumps(value, allow_nan=False), NAME, "weapon")
    assert isinstance(doc, SourceDoc), [d.format() for d in doc]
    assert doc.data == value
    # == alone would take True for 1; the JSON text tells them apart.
    assert json.dumps(doc.data, sort_keys=True) == json.dumps(value, sort_keys=True)
    assert set(doc.marks) == set(value_paths(value))


def value_paths(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every JSON path in `value`, itself included."""
    children: list[tuple[str | int, Any]] = []
    if isinstance(value, dict):
        children = list(value.items())
    elif isinstance(value, list):
        children = list(enumerate(value))
    paths = [path]
    for key, child in children:
        paths += value_paths(child, (*path, key))
    return paths


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list("ab1:-[]{},&*!?#'\"\n .|>~%@`\t\x07é")), max_size=60)
)
def test_arbitrary_text_never_raises(text: str) -> None:
    result = load_text(text, NAME, "weapon")
    if isinstance(result, list):
        assert result and all(
            d.line >= 1 and d.col >= 1 and d.json_path.startswith("$") for d in result
        )
    else:
        assert () in result.marks


# --- YAML 1.2 line breaks and the %YAML directive -----------------------------------------------


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
@pytest.mark.parametrize("template", [
    'name: "a{c}b"\n', "name: a{c}b\n", "name: 'a{c}b'\n", "name: |\n  a{c}b\n",
    "# a{c}b\nname: x\n", "name: [a{c}b]\n", "{c}name: x\n",
])
def test_nel_ls_and_ps_are_not_line_breaks(tmp_path: Path, char: str, template: str) -> None:
    """They move no later position and keep their place in values (YAML 1.1 broke lines there)."""
    text = template.format(c=char) + "id: x\nid: y\n"
    line = text.count("\n")
    assert errors(tmp_path, text) == [
        f"f.yaml:{line}:1: $.id: duplicate key 'id' (first defined at line {line - 1})"
    ]
    doc = loaded(tmp_path, template.format(c=char) + "id: x\n")
    assert doc.marks[("id",)] == Mark(line - 1, 5)
    if "a{c}b" in template and "#" not in template:
        value = doc.data["name"]
        assert char in (value if isinstance(value, str) else value[0])


def test_cr_and_crlf_end_lines_in_every_position(tmp_path: Path) -> None:
    assert errors(tmp_path, "a: 1\rb: 2\r\nc: \x07\r") == [
        "f.yaml:3:4: $: control characters are not allowed (#x07)"
    ]


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab:-[]{},'\"\n #|\\\x85\u2028\u2029")),
                    max_size=40))
def test_nel_ls_ps_place_everything_as_an_ordinary_letter_would(text: str) -> None:
    # "q": an ordinary letter that means nothing after a backslash either (YAML escapes do)
    ordinary = "".join("q" if c in "\x85\u2028\u2029" else c for c in text)
    result, expected = load_text(text, NAME, "weapon"), load_text(ordinary, NAME, "weapon")
    if isinstance(expected, list):
        assert isinstance(result, list)
        assert [(d.line, d.col) for d in result] == [(d.line, d.col) for d in expected]
    else:
        assert isinstance(result, SourceDoc)
        def positions(doc: SourceDoc) -> list[tuple[int, int]]:
            return sorted((m.line, m.col) for m in doc.marks.values())

        assert positions(result) == positions(expected)


@pytest.mark.parametrize(("text", "line", "version"), [
    ("%YAML 1.1\n---\nid: x\n", 1, "1.1"),
    ("# header\n%YAML 1.1\n---\nid: x\n", 2, "1.1"),
    ("%YAML 2.0\n---\nid: x\n", 1, "2.0"),
    ("%YAML 1.3\n---\nid: x\n", 1, "1.3"),
])
def test_a_yaml_directive_other_than_1_2_is_refused(
    tmp_path: Path, text: str, line: int, version: str
) -> None:
    assert errors(tmp_path, text) == [
        f"f.yaml:{line}:1: $: %YAML {version} is not supported: content is read as YAML 1.2;"
        " remove the directive or write %YAML 1.2"
    ]


def test_a_yaml_1_2_directive_is_accepted(tmp_path: Path) -> None:
    assert loaded(tmp_path, "%YAML 1.2\n---\nid: x\n").data == {"id": "x"}


def test_the_size_cap_is_checked_before_any_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / NAME
    with path.open("wb") as stream:
        stream.truncate(3 * 1024**3)  # sparse: no disk used
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    assert load_source(path, NAME, "weapon") == [
        Diagnostic(NAME, 1, 1, "$", "the file is larger than the 1 MiB limit")
    ]
    assert reads == []
