"""One matchup's distribution, summed up exactly: P(hit), E[damage], P(down), the damage and
location spreads. Every figure is an exact fraction; `as_float` is for display only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from compiler.odds.content import Matchup
from compiler.rules.exact import dist_json, fraction, fraction_json, outcome_list

Fraction2 = tuple[int, int]


@dataclass(frozen=True)
class Summary:
    """A matchup in the report's words, each probability an exact (num, den)."""

    hit: Fraction2
    damage_mean: Fraction2
    down: Fraction2
    damage: tuple[tuple[int, Fraction2], ...]
    locations: tuple[tuple[str, Fraction2], ...]
    refused: tuple[tuple[str, Fraction2], ...] = ()
    """Why the rule refused the attack, each reason with its probability (a summary's
    `refused`: a power out of range, say); none for an attack that is made."""


def as_float(value: Fraction2) -> float:
    """A fraction as a float, for display only."""
    return value[0] / value[1]


def _spread(pairs: Sequence[tuple[Any, int]]) -> dict[Any, int]:
    found: dict[Any, int] = {}
    for key, weight in pairs:
        found[key] = found.get(key, 0) + weight
    return found


def summarize(matchup: Matchup) -> Summary:
    """The exact summary of `matchup`'s distribution."""
    dist = matchup.dist
    rows = [(matchup.summary(outcome), weight) for outcome, weight in outcome_list(dist)]
    total = dist.total
    damage = _spread([(row["damage"], w) for row, w in rows])
    places = _spread([(row["location"], w) for row, w in rows if row["location"] is not None])
    refused = _spread([(row["refused"], w) for row, w in rows if row.get("refused") is not None])
    return Summary(
        hit=fraction(sum(w for row, w in rows if row["hit"]), total),
        damage_mean=fraction(sum(w * row["damage"] for row, w in rows), total),
        down=fraction(sum(w for row, w in rows if row["down"]), total),
        damage=tuple((value, fraction(damage[value], total)) for value in sorted(damage)),
        locations=tuple((name, fraction(places[name], total))
                        for name in sorted(places, key=lambda n: (-places[n], n))),
        refused=tuple((why, fraction(refused[why], total)) for why in sorted(refused)),
    )


def _exact(value: Fraction2) -> dict[str, Any]:
    return {**fraction_json(value), "probability": as_float(value)}


def summary_json(matchup: Matchup, summary: Summary) -> dict[str, Any]:
    """`rulepack odds --format json`: the matchup, its summary and the whole distribution."""
    return {
        "ruleset": matchup.ruleset.engine,
        "module": matchup.ruleset.module_id,
        "query": matchup.query,
        "choice": dict(matchup.choice),
        "hit": _exact(summary.hit),
        "damage_mean": {**fraction_json(summary.damage_mean),
                        "value": as_float(summary.damage_mean)},
        "down": _exact(summary.down),
        "damage": [{"damage": value, **_exact(p)} for value, p in summary.damage],
        "locations": [{"location": name, **_exact(p)} for name, p in summary.locations],
        "refused": [{"reason": why, **_exact(p)} for why, p in summary.refused],
        "distribution": dist_json(matchup.dist),
    }
