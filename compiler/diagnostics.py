"""One diagnostic shape for every stage, collected and reported once.

A diagnostic is printed as `file:line:col: $.json.path: message`, the format content authors'
editors and CI annotators understand. Every part is passed through `display.safe_text`, so no
control character or line break from a file name or a value reaches the terminal raw.

The output is bounded whatever the input: at most `MAX_PER_FILE` diagnostics are shown for one
file and `MAX_PER_RUN` for a run; what is left out is summed in one summary line (a file's is a
diagnostic of its own, located at the first one not shown), and the total is always reported.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from compiler.display import safe_text

#: Diagnostics shown for one file; the rest of that file's are counted in one summary line.
MAX_PER_FILE = 20
#: Diagnostics printed for one run, summaries included; the rest are counted in one last line.
MAX_PER_RUN = 200


@dataclass(frozen=True, order=True)
class Diagnostic:
    """A located problem in the content.

    `omitted` is 0 for a problem; a summary line standing for `omitted` problems not shown has
    it set, and sorts after the file's other diagnostics. `more` says that checking the file
    stopped early, so that it may hold more problems than are counted.
    """

    file: str
    line: int
    col: int
    json_path: str
    message: str
    omitted: int = 0
    more: bool = False

    def format(self) -> str:
        return safe_text(f"{self.file}:{self.line}:{self.col}: {self.json_path}: {self.message}")

    @property
    def weight(self) -> int:
        """How many problems this line stands for."""
        return self.omitted or 1


def sort_key(d: Diagnostic) -> tuple[str, bool, int, int, str, str, int, bool]:
    """By file, a file's summary last, then by position (plain tuples sort fast)."""
    return (d.file, d.omitted > 0, d.line, d.col, d.json_path, d.message, d.omitted, d.more)


def cap_per_file(
    found: Iterable[Diagnostic], limit: int = MAX_PER_FILE, *, stopped: bool = False
) -> list[Diagnostic]:
    """`found` in order, at most `limit` per file plus one summary of the rest.

    A file with `limit + 1` diagnostics shows them all: the summary would take the same line.
    Applying it again (after more diagnostics joined) keeps the count of what was left out.
    `stopped`: checking stopped before the end, so the summary's count is a lower bound.
    """
    result: list[Diagnostic] = []
    for file, group in groupby(sorted(set(found), key=sort_key), key=lambda d: d.file):
        items = list(group)
        if len(items) <= limit + 1 and not stopped:
            result.extend(items)
            continue
        hidden = items[limit:]
        count = sum(d.weight for d in hidden)
        more = stopped or any(d.more for d in hidden)
        first = hidden[0] if hidden else items[-1]
        message = (
            f"{'at least ' if more else ''}{count} more errors in this file are not shown"
            f" (at most {limit} per file)"
        )
        result.extend(items[:limit])
        result.append(Diagnostic(file, first.line, first.col, "$", message, count, more))
    return result


@dataclass
class Diagnostics:
    """Collects diagnostics from every stage; reported sorted by file, line and column."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(sorted(set(self.items), key=sort_key))

    @property
    def total(self) -> int:
        """Every problem found, those left out of the output included."""
        return sum(d.weight for d in set(self.items))

    @property
    def incomplete(self) -> bool:
        """Whether checking some file stopped early: `total` is a lower bound then."""
        return any(d.more for d in self.items)


def shown(diagnostics: Diagnostics, limit: int = MAX_PER_RUN) -> tuple[list[Diagnostic], str, int]:
    """The diagnostics to print (at most `limit`), the line summing the rest ('' if none) and
    how many problems that line stands for."""
    ordered = list(diagnostics)
    if len(ordered) <= limit + 1:
        return ordered, "", 0
    hidden = ordered[limit:]
    count = sum(d.weight for d in hidden)
    files = len({d.file for d in hidden})
    in_files = f"{files} file{'s' if files != 1 else ''}"
    least = "at least " if any(d.more for d in hidden) else ""
    rest = f"{least}{count} more errors in {in_files} are not shown (at most {limit} per run)"
    return ordered[:limit], rest, count


def _entry(d: Diagnostic) -> dict[str, Any]:
    return {"file": safe_text(d.file), "line": d.line, "col": d.col,
            "json_path": safe_text(d.json_path), "message": safe_text(d.message)}


def format_text(diagnostics: Diagnostics) -> str:
    lines, rest, _ = shown(diagnostics)
    return "\n".join([d.format() for d in lines] + ([rest] if rest else []))


def format_json(diagnostics: Diagnostics) -> str:
    """`{"errors": [...], "count": N, "not_shown": M}`: what is listed, every problem found, and
    how many of them the run's cap left out of the list."""
    lines, _, hidden = shown(diagnostics)
    document = {
        "errors": [_entry(d) for d in lines], "count": diagnostics.total, "not_shown": hidden
    }
    return json.dumps(document, indent=2, sort_keys=True, allow_nan=False)


REPORTER_BY_NAME = {"text": format_text, "json": format_json}
