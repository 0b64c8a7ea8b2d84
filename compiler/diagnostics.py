"""One diagnostic shape for every stage, collected and reported once.

A diagnostic is printed as `file:line:col: $.json.path: message`, the format content authors'
editors and CI annotators understand.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field


@dataclass(frozen=True, order=True)
class Diagnostic:
    """A located problem in the content."""

    file: str
    line: int
    col: int
    json_path: str
    message: str

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.json_path}: {self.message}"


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
        return iter(sorted(set(self.items)))


def format_text(diagnostics: Diagnostics) -> str:
    return "\n".join(d.format() for d in diagnostics)


def format_json(diagnostics: Diagnostics) -> str:
    return json.dumps(
        {"errors": [asdict(d) for d in diagnostics]}, indent=2, sort_keys=True, allow_nan=False
    )


REPORTER_BY_NAME = {"text": format_text, "json": format_json}
