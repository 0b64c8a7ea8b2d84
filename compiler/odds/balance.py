"""The balance report's figures: each ruleset's matrix, its duel, its thresholds, a baseline.

The matrix's rows come from the ruleset's own `matchups.balance_grid` (for a weapon, each armour
and pool it meets); each row is one exact odds query (P(hit), E[damage], P(down)) and one
"rounds to down" fight (the row's attack repeated on a target that never strikes back, exact or
a stated Monte Carlo, `fights`). The duel is `matchups.duel`. Thresholds are the manifest's
`balance.thresholds`; a row outside one fails with the manifest's file, line and column.
`--baseline REF` loads the content as it was at a git revision and pairs its rows with today's.
"""

from __future__ import annotations

import subprocess
import tarfile
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from io import BytesIO
from pathlib import Path
from typing import Any

from compiler.errors import RulepackError
from compiler.model import ContentSet, Ruleset
from compiler.odds.content import Library, Matchup, answer
from compiler.odds.fights import Budget, Fight, fight, query_key
from compiler.odds.registry import matchups_of
from compiler.odds.report import Summary, summarize
from compiler.pipeline import load_content

MEASURES = ("p_hit", "p_down", "damage_mean", "rounds_mean")
ROW_BUDGET = Budget(rounds=20, states=80, samples=200)
DUEL_BUDGET = Budget(rounds=20, states=40, samples=150)


@dataclass(frozen=True)
class Row:
    """One matrix row: its labels, the exact summary of one attack, and rounds to down."""

    labels: Mapping[str, Any]
    summary: Summary
    rounds: Fight

    def measure(self, name: str) -> Fraction | None:
        """A threshold measure of the row, exactly (rounds_mean: None if never down)."""
        if name == "rounds_mean":
            return self.rounds.mean_rounds
        value = {"p_hit": self.summary.hit, "p_down": self.summary.down,
                 "damage_mean": self.summary.damage_mean}[name]
        return Fraction(*value)


@dataclass(frozen=True)
class RulesetReport:
    """A ruleset's part of the report."""

    ruleset: Ruleset
    rows: tuple[Row, ...]
    duel: Fight | None
    duel_names: tuple[str, ...]
    failures: tuple[str, ...]


def _asked(matchup: Matchup) -> dict[str, Any]:
    return {"query": matchup.query, "params": matchup.params, "config": matchup.config}


def rows_of(ruleset: Ruleset, lib: Library) -> list[Row]:
    """Every row of the ruleset's balance matrix, computed."""
    module = matchups_of(ruleset.engine)
    assert module is not None
    found = []
    for row in module.balance_grid(lib):
        choice = {key: row[key] for key in ("item", "attacker", "target", "options")}
        matchup = answer(ruleset, choice, lib)
        asked = _asked(matchup)
        rounds = fight(ruleset.engine, [asked], ROW_BUDGET, {query_key(asked): matchup.dist})
        found.append(Row(row["labels"], summarize(matchup), rounds))
    return found


def duel_of(ruleset: Ruleset, lib: Library) -> tuple[Fight | None, tuple[str, ...]]:
    """The ruleset's duel and its two fighters' names, or None."""
    module = matchups_of(ruleset.engine)
    assert module is not None
    asked = module.duel(lib, ruleset.rules_config)
    if not asked:
        return (None, ())
    names = tuple(module.sides(a)[0]["id"] for a in asked)
    return (fight(ruleset.engine, asked, DUEL_BUDGET), names)


def _bound(value: Any) -> Fraction:
    return Fraction(str(value))


def check(ruleset: Ruleset, rows: Sequence[Row]) -> list[str]:
    """Every threshold a row breaks, as `file:line:col: message` (the threshold's place)."""
    source = ruleset.manifest
    thresholds = (source.data.get("balance") or {}).get("thresholds") or []
    failures = []
    for index, threshold in enumerate(thresholds):
        mark = source.mark_of(("balance", "thresholds", index))
        where = threshold.get("where") or {}
        picked = [r for r in rows if all(r.labels.get(k) == v for k, v in where.items())]
        place = f"{source.path}:{mark.line}:{mark.col}: balance.thresholds[{index}]"
        if not picked:
            failures.append(f"{place} ({threshold['id']}): no row of the matrix matches its "
                            f"where")
        for row in picked:
            problem = _breaks(row, threshold)
            if problem:
                failures.append(f"{place} ({threshold['id']}): {describe(row)}: {problem}")
    return failures


def _breaks(row: Row, threshold: Mapping[str, Any]) -> str | None:
    value = row.measure(threshold["measure"])
    name = threshold["measure"]
    if value is None:
        return f"{name} is undefined (the target is never down within the rounds followed)"
    if "at_most" in threshold and value > _bound(threshold["at_most"]):
        return f"{name} is {shown(value, name)}, above {shown(_bound(threshold['at_most']), name)}"
    if "at_least" in threshold and value < _bound(threshold["at_least"]):
        return f"{name} is {shown(value, name)}, below {shown(_bound(threshold['at_least']), name)}"
    return None


def shown(value: Fraction, measure: str) -> str:
    """A measure for a message: a probability in per cent, else to two decimals."""
    if measure.startswith("p_"):
        return f"{float(value) * 100:.1f}%"
    return f"{float(value):.2f}"


def describe(row: Row) -> str:
    """`item (attacker) against target [armour], pool n`."""
    labels = row.labels
    text = f"{labels['item']} ({labels['attacker']}) against {labels['target']}"
    if labels.get("armour") not in (None, labels["target"]):
        text += f" wearing {labels['armour']}"
    if labels.get("pool") is not None:
        text += f", pool {labels['pool']}"
    return text


def with_matchups(content: ContentSet) -> list[Ruleset]:
    """The rulesets of `content` the report covers: those with matchups, in content order."""
    return [r for r in content.rulesets if matchups_of(r.engine) is not None]


Scratch = tempfile.TemporaryDirectory[str]


def baseline_content(content: Path, ref: str) -> tuple[ContentSet, Scratch]:
    """The content folder as it was at git revision `ref` (its own repository's), loaded.

    Returns the content and the temporary folder holding it (the caller closes it).
    """
    folder = content.resolve()
    try:
        top = _git(folder, "rev-parse", "--show-toplevel").decode().strip()
        inside = folder.relative_to(top).as_posix()
        archive = _git(Path(top), "archive", "--format=tar", ref, "--", inside)
    except subprocess.CalledProcessError as error:
        message = error.stderr.decode(errors="replace").strip().splitlines()
        shown = message[-1] if message else "git failed"
        raise RulepackError(f"--baseline {ref}: {shown}") from None
    except ValueError:
        raise RulepackError(f"--baseline needs {content} inside a git repository") from None
    scratch = tempfile.TemporaryDirectory(prefix="rulepack-baseline-")
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(scratch.name, filter="data")
    return (load_content(Path(scratch.name) / inside, Path(scratch.name) / ".cache"), scratch)


def _git(folder: Path, *args: str) -> bytes:
    result = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=True)
    return result.stdout


def paired(current: Sequence[Row], baseline: Sequence[Row]) -> list[tuple[Row, Row | None]]:
    """Each current row with the baseline's row of the same labels (None: a new row)."""
    by_labels = {_key(row): row for row in baseline}
    return [(row, by_labels.get(_key(row))) for row in current]


def _key(row: Row) -> tuple[Any, ...]:
    return tuple(row.labels.get(k) for k in ("item", "attacker", "target", "armour", "pool"))
