"""`rulepack balance`'s HTML: one self-contained page (inline style, plots as data URIs),
rendered by the project's one strict Jinja environment (every text escaped)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from compiler.model import ContentSet, Ruleset
from compiler.odds.balance import (
    Row,
    RulesetReport,
    check,
    describe,
    duel_of,
    paired,
    rows_of,
    shown,
    with_matchups,
)
from compiler.odds.content import library
from compiler.odds.fights import Fight
from compiler.odds.jobs import run_all
from compiler.odds.plots import plot_pieces, prepare
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


def section(report: RulesetReport, baseline: Sequence[Row] | None,
            plots: Sequence[dict[str, str]]) -> dict[str, Any]:
    """One ruleset's part of the page, its plots drawn (`plot_pieces`)."""
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
        "plots": list(plots),
    }


@dataclass(frozen=True)
class Page:
    """The rendered report and what the command says of it."""

    html: str
    failures: tuple[str, ...]
    rows: int
    rulesets: int


def _rows_piece(ruleset: Ruleset) -> list[Row]:
    return rows_of(ruleset, library(ruleset))


def _duel_piece(ruleset: Ruleset) -> tuple[Fight | None, tuple[str, ...]]:
    return duel_of(ruleset, library(ruleset))


def build_page(content: ContentSet, before: ContentSet | None, ref: str | None,
               jobs: int | None = None) -> Page:
    """The whole page of `content` (compared with `before`, the content at `ref`, if given).

    Its pieces run in `jobs` workers (`jobs.run_all`), in two waves: every ruleset's matrix
    and duel (and the baseline's matrices), then every plot."""
    prepare()
    now, old = with_matchups(content), with_matchups(before) if before is not None else []
    pieces: list[Callable[[], Any]] = [partial(_rows_piece, r) for r in [*now, *old]]
    found = run_all([*pieces, *(partial(_duel_piece, r) for r in now)], jobs)
    rows, duels = found[:len(now)], found[len(now) + len(old):]
    baselines = None if before is None else {
        r.engine: found[len(now) + i] for i, r in enumerate(old)}
    reports = [RulesetReport(r, tuple(rs), duel, names, tuple(check(r, rs)))
               for r, rs, (duel, names) in zip(now, rows, duels, strict=True)]
    befores = [None if baselines is None else baselines.get(r.engine, []) for r in now]
    drawings = [plot_pieces(report, [] if rows_before is None else
                            [b for _, b in paired(report.rows, rows_before)])
                for report, rows_before in zip(reports, befores, strict=True)]
    srcs = iter(run_all([draw for plots in drawings for _, draw in plots], jobs))
    sections = [section(report, rows_before, [{"title": t, "src": next(srcs)} for t, _ in plots])
                for report, rows_before, plots in zip(reports, befores, drawings, strict=True)]
    template = environment(TEMPLATES).get_template("balance.html.j2")
    html = template.render(sections=sections, baseline=ref or "")
    return Page(html, tuple(f for r in reports for f in r.failures),
                sum(len(r.rows) for r in reports), len(reports))


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
