"""`rulepack balance`'s HTML: one self-contained page (inline style, plots as data URIs),
rendered by the project's one strict Jinja environment (every text escaped)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from compiler.model import ContentSet, Ruleset
from compiler.odds.balance import (
    Row,
    RulesetReport,
    describe,
    paired,
    ruleset_report,
    shown,
    with_matchups,
)
from compiler.odds.jobs import run_all
from compiler.odds.plots import plots_of, prepare
from compiler.odds.report import as_float
from compiler.render.environment import environment

TEMPLATES = Path(__file__).resolve().parent / "templates"


def _figures(row: Row) -> dict[str, str]:
    rounds = row.rounds
    mean = "never" if rounds.mean_rounds is None else f"{float(rounds.mean_rounds):.2f}"
    if rounds.method == "monte_carlo" and rounds.mean_rounds is not None:
        mean += f" ± {rounds.error['mean_rounds']:.2f} (Monte Carlo, {rounds.samples})"
    return {"p_hit": f"{as_float(row.summary.hit) * 100:.1f}%",
            "damage": f"{as_float(row.summary.damage_mean):.2f}",
            "p_down": f"{as_float(row.summary.down) * 100:.1f}%", "rounds": mean}


def _row(row: Row, before: Row | None, compared: bool) -> dict[str, Any]:
    labels = row.labels
    now = _figures(row)
    was = None if before is None else _figures(before)
    changed = compared and (was is None or was != now)
    pool = labels.get("pool")
    return {"item": labels["item"], "attacker": labels["attacker"], "target": labels["target"],
            "armour": labels.get("armour") or "", "pool": "" if pool is None else str(pool),
            **now, "changed": changed,
            "was": ({"p_hit": "new", "damage": "", "p_down": "", "rounds": ""} if was is None
                    else {k: f"was {v}" for k, v in was.items()}) if changed else None}


def _duel(report: RulesetReport) -> str:
    duel = report.duel
    if duel is None:
        return ""
    parts = [f"{name} down {shown(duel.downs[name], 'p_')}" for name in duel.names]
    method = "exactly" if duel.method == "exact" else (
        f"by a seeded Monte Carlo of {duel.samples} fights (seed {duel.seed}; 95% intervals "
        + ", ".join(f"{k} ±{v:.3f}" for k, v in duel.error.items()) + ")")
    mean = "" if duel.mean_rounds is None else f"; it lasts {float(duel.mean_rounds):.2f} rounds"
    return (f"{' against '.join(report.duel_names)}, computed {method}: " + ", ".join(parts)
            + f"{mean} on average; still undecided after {len(duel.ends)} rounds: "
            + shown(duel.undecided, "p_"))


def _summary(report: RulesetReport) -> list[str]:
    rows = report.rows
    if not rows:
        return ["No matrix rows: nothing in the content both carries and deals damage."]
    deadliest = max(rows, key=lambda r: as_float(r.summary.down))
    exact = sum(1 for r in rows if r.rounds.method == "exact")
    return [f"{len(rows)} rows; rounds to down exact for {exact}, Monte Carlo for "
            f"{len(rows) - exact}.",
            f"Deadliest single attack: {describe(deadliest)}, down in one "
            f"{shown(_p(deadliest.summary.down), 'p_')} of the time.",
            f"P(hit) ranges {shown(_p(min(r.summary.hit for r in rows)), 'p_')} to "
            f"{shown(_p(max(r.summary.hit for r in rows)), 'p_')}."]


def _p(value: tuple[int, int]) -> Any:
    from fractions import Fraction

    return Fraction(*value)


def section(report: RulesetReport, baseline: Sequence[Row] | None) -> dict[str, Any]:
    """One ruleset's part of the page."""
    pairs = paired(report.rows, baseline or [])
    thresholds = [{"status": "fail", "text": failure} for failure in report.failures]
    declared = (report.ruleset.manifest.data.get("balance") or {}).get("thresholds") or []
    failed = {t["id"] for t in declared if any(f"({t['id']})" in f for f in report.failures)}
    thresholds += [{"status": "pass", "text": f"{t['id']}: {t.get('description', t['measure'])}"
                    f" - holds"} for t in declared if t["id"] not in failed]
    return {
        "engine": report.ruleset.engine, "title": report.ruleset.title,
        "summary": _summary(report), "thresholds": thresholds,
        "rows": [_row(row, before, baseline is not None) for row, before in pairs],
        "duel": _duel(report),
        "plots": plots_of(report, [b for _, b in pairs] if baseline is not None else ()),
    }


@dataclass(frozen=True)
class Page:
    """The rendered report and what the command says of it."""

    html: str
    failures: tuple[str, ...]
    rows: int
    rulesets: int


def _baseline_rows(ruleset: Ruleset) -> list[Row]:
    return list(ruleset_report(ruleset).rows)


def _section_piece(ruleset: Ruleset, baseline: Sequence[Row] | None) -> tuple[Any, ...]:
    found = ruleset_report(ruleset)
    return (section(found, baseline), found.failures, len(found.rows))


def build_page(content: ContentSet, before: ContentSet | None, ref: str | None,
               jobs: int | None = None) -> Page:
    """The whole page of `content` (compared with `before`, the content at `ref`, if given):
    each ruleset's section computed as a piece of its own (`jobs.run_all`, `jobs` workers)."""
    prepare()
    baselines: dict[str, list[Row]] | None = None
    if before is not None:
        old = with_matchups(before)
        rows = run_all([partial(_baseline_rows, r) for r in old], jobs)
        baselines = {r.engine: found for r, found in zip(old, rows, strict=True)}
    pieces = [partial(_section_piece, r, None if baselines is None else baselines.get(r.engine, []))
              for r in with_matchups(content)]
    done = run_all(pieces, jobs)
    template = environment(TEMPLATES).get_template("balance.html.j2")
    html = template.render(sections=[d[0] for d in done], baseline=ref or "")
    return Page(html, tuple(f for d in done for f in d[1]), sum(d[2] for d in done), len(done))


def write_report(path: Path, html: str) -> None:
    """Write the page atomically: a reader never sees half a report."""
    folder = path.resolve().parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, staged = tempfile.mkstemp(prefix=".balance-", suffix=".html", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(html.encode("utf-8"))
        os.replace(staged, path)
    except BaseException:
        Path(staged).unlink(missing_ok=True)
        raise
