"""`rulepack odds` in a terminal: the matchup's headline figures and a bar chart per spread."""

from __future__ import annotations

from collections.abc import Sequence

from compiler.odds.content import Matchup
from compiler.odds.report import Fraction2, Summary, as_float

WIDTH = 40
EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"


def bar(probability: float, width: int = WIDTH) -> str:
    """A horizontal bar of `probability` times `width` cells, in eighths of a cell."""
    cells = round(probability * width * 8)
    return FULL * (cells // 8) + (EIGHTHS[cells % 8] if cells % 8 else "")


def percent(value: Fraction2) -> str:
    """A probability for display, to a tenth of a per cent (`<0.1%` rather than 0.0%)."""
    shown = as_float(value) * 100
    return "<0.1%" if 0 < shown < 0.05 else f"{shown:.1f}%"


def chart(title: str, rows: Sequence[tuple[str, Fraction2]]) -> list[str]:
    """A titled bar chart, one row per (label, probability), the bars scaled to the largest."""
    if not rows:
        return []
    top = max(as_float(p) for _, p in rows) or 1.0
    wide = max(len(label) for label, _ in rows)
    lines = [title]
    for label, p in rows:
        lines.append(f"  {label.rjust(wide)} {bar(as_float(p) / top).ljust(WIDTH)} {percent(p)}")
    return lines


def _name(matchup: Matchup, kind: str, ident: object) -> str:
    for document in matchup.ruleset.of_kind(kind):
        if document.key == ident:
            return str(document.data.get("name", ident))
    return str(ident)


def render(matchup: Matchup, summary: Summary) -> str:
    """The text report: who attacks whom with what, P(hit), E[damage], P(down), then charts."""
    choice = matchup.choice
    target = _name(matchup, "fighter", choice["target"])
    attacker = choice.get("attacker")
    by = f" ({_name(matchup, 'fighter', attacker)})" if attacker else ""
    mean = summary.damage_mean
    lines = [
        f"{choice['item']}{by} against {target}: {matchup.ruleset.engine}, {matchup.query}",
        f"  P(hit)     {percent(summary.hit)}",
        f"  E[damage]  {as_float(mean):.2f}  (exactly {mean[0]}/{mean[1]})",
        f"  P(down)    {percent(summary.down)}",
        *(f"  refused    {percent(p)}  (the rule refuses it: {why.replace('_', ' ')})"
          for why, p in summary.refused),
        "",
        *chart("damage", [(str(value), p) for value, p in summary.damage]),
    ]
    if summary.locations:
        lines += ["", *chart("location (given a hit)", _given_hit(summary))]
    return "\n".join(lines)


def _given_hit(summary: Summary) -> list[tuple[str, Fraction2]]:
    hit = summary.hit
    return [(name, (p[0] * hit[1], p[1] * hit[0])) for name, p in summary.locations]
