"""The balance report's plots (matplotlib, pinned in the `report` extra), as PNG data URIs.

Every figure is drawn off screen (the Agg backend) and embedded in the HTML, so the report is
one self-contained file. Probabilities are plotted as floats: drawing is display.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from functools import partial
from io import BytesIO
from typing import Any

from compiler.odds.balance import Row, RulesetReport
from compiler.odds.report import as_float

WIDE = (8.0, 3.2)
MARGINS = {"left": 0.09, "right": 0.91, "bottom": 0.17, "top": 0.88}
"""The axes' place in a WIDE figure (fractions of it), room for the labels and title: fixed, so
a figure is drawn once (`bbox_inches="tight"` drew it a second time to measure it, a third of
the plots' time)."""


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def prepare() -> None:
    """Import pyplot and load matplotlib's font list now: forked workers (`jobs`) inherit them
    rather than each doing it again."""
    from matplotlib import font_manager

    _pyplot()
    font_manager.findfont(font_manager.FontProperties())


def _figure() -> tuple[Any, Any]:
    """A WIDE figure and its axes, at the MARGINS."""
    figure, axes = _pyplot().subplots(figsize=WIDE)
    figure.subplots_adjust(**MARGINS)
    return (figure, axes)


def _png(figure: Any) -> str:
    buffer = BytesIO()
    figure.savefig(buffer, format="png", dpi=72, metadata={"Software": None})
    _pyplot().close(figure)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _numbers(rows: Sequence[Row]) -> list[str]:
    """The rows' numbers in the matrix table (the plots name rows by them)."""
    return [f"#{i + 1}" for i in range(len(rows))]


def matrix_plot(report: RulesetReport, baseline: Sequence[Row | None] = ()) -> str:
    """E[damage] per matrix row (the baseline's beside it), and P(hit) and P(down) on a second
    axis."""
    figure, axes = _figure()
    rows = report.rows
    spots = range(len(rows))
    damage = [as_float(r.summary.damage_mean) for r in rows]
    if baseline:
        before = [0.0 if b is None else as_float(b.summary.damage_mean) for b in baseline]
        axes.bar([x - 0.2 for x in spots], before, width=0.4, color="#bbbbbb", label="baseline")
        axes.bar([x + 0.2 for x in spots], damage, width=0.4, color="#3b6ea8", label="E[damage]")
    else:
        axes.bar(list(spots), damage, color="#3b6ea8", label="E[damage]")
    axes.set_ylabel("mean damage of one attack")
    axes.set_xticks(list(spots), _numbers(rows), fontsize=7)
    axes.set_xlabel("matrix row")
    odds = axes.twinx()
    odds.plot(list(spots), [as_float(r.summary.hit) for r in rows], "o-", color="#2a9d55",
              label="P(hit)")
    odds.plot(list(spots), [as_float(r.summary.down) for r in rows], "s--", color="#c0392b",
              label="P(down in one)")
    odds.set_ylim(0, 1.05)
    odds.set_ylabel("probability")
    figure.legend(loc="upper right", fontsize=7)
    axes.set_title(f"{report.ruleset.engine}: the balance matrix")
    return _png(figure)


def damage_plot(report: RulesetReport) -> str:
    """The damage distribution of each row's one attack."""
    figure, axes = _figure()
    for name, row in zip(_numbers(report.rows), report.rows, strict=True):
        values = [value for value, _ in row.summary.damage]
        axes.plot(values, [as_float(p) for _, p in row.summary.damage], marker=".", label=name)
    axes.set_xlabel("damage of one attack")
    axes.set_ylabel("probability")
    axes.legend(fontsize=6, ncol=4)
    axes.set_title(f"{report.ruleset.engine}: damage spread")
    return _png(figure)


def rounds_plot(report: RulesetReport) -> str:
    """Mean rounds to down of each row (Monte Carlo rows with their 95% interval)."""
    figure, axes = _figure()
    rows = report.rows
    means = [0.0 if r.rounds.mean_rounds is None else float(r.rounds.mean_rounds) for r in rows]
    errors = [r.rounds.error.get("mean_rounds", 0.0) for r in rows]
    axes.bar(range(len(rows)), means, yerr=errors, color="#8e6bb8", capsize=3)
    axes.set_xticks(range(len(rows)), _numbers(rows), fontsize=7)
    axes.set_xlabel("matrix row")
    axes.set_ylabel("rounds to down")
    axes.set_title(f"{report.ruleset.engine}: rounds of attacks until the target is down")
    return _png(figure)


def duel_plot(report: RulesetReport) -> str:
    """The duel's rounds-to-down distribution: P(the fight ends in round r)."""
    figure, axes = _figure()
    duel = report.duel
    assert duel is not None
    axes.bar([i + 1 for i in range(len(duel.ends))], [float(p) for p in duel.ends],
             color="#d98a29")
    axes.set_xlabel("round the fight ends in")
    axes.set_ylabel("probability")
    method = "exact" if duel.method == "exact" else f"Monte Carlo, {duel.samples} fights"
    axes.set_title(f"{report.ruleset.engine}: {' against '.join(report.duel_names)} ({method})")
    return _png(figure)


def plot_pieces(report: RulesetReport,
                baseline: Sequence[Row | None] = ()) -> list[tuple[str, Callable[[], str]]]:
    """The ruleset's plots as (title, a call drawing it), each drawn on its own (`jobs`)."""
    found: list[tuple[str, Callable[[], str]]] = [
        ("Balance matrix", partial(matrix_plot, report, baseline)),
        ("Damage spread", partial(damage_plot, report)),
        ("Rounds to down", partial(rounds_plot, report))]
    if report.duel is not None:
        found.append(("Duel", partial(duel_plot, report)))
    return found
