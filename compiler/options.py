"""Options the CLI hands to the stages: plain frozen data, no logic."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ValidateOptions:
    content: Path
    output_format: str  # a key of diagnostics.REPORTER_BY_NAME
    out: Path = Path("dist")  # only to finish a publish an interrupted build left there


@dataclass(frozen=True)
class BuildOptions:
    content: Path
    out: Path
    output_format: str
    source_date_epoch: int | None  # None: read SOURCE_DATE_EPOCH, else a fixed default


@dataclass(frozen=True)
class OddsOptions:
    content: Path
    item: str
    target: str
    attacker: str | None
    settings: tuple[tuple[str, str], ...]  # `--set key=value`, in the order given
    output_format: str  # "text" or "json"


@dataclass(frozen=True)
class BalanceOptions:
    content: Path
    out: Path  # the HTML report
    baseline: str | None  # a git revision of the content to compare with
