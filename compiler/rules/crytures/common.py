"""Helpers shared by the crytures rules: combatants by id, the grid's metric (mirror: common.mjs).

Inputs arrive read through their declared shapes (ids well formed, defaults filled in), so what
is checked here is only what a shape cannot say: unique ids, references between inputs, and
spaces that are steps apart. Messages embed only key names, ids the shapes vetted and ints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.dice import floor_div
from compiler.rules.errors import BAD_INPUT, RuleError

IN = "input"
Space = list[int]
Combatant = dict[str, Any]

SQUARE_STEPS: tuple[tuple[int, int], ...] = (
    (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1),
)
"""CR-G06: the 8 neighbour steps of a square grid, in x-then-y order."""

HEX_STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))
"""CR-G06: the 6 axial neighbour steps of a hex grid, in q-then-r order."""


def bad(message: str) -> RuleError:
    """A semantic input error (`bad_input`)."""
    return RuleError(BAD_INPUT, message)


def by_id(combatants: Sequence[Combatant], where: str) -> dict[str, Combatant]:
    """CR-R04: the combatants by id; an id used twice is bad input."""
    found: dict[str, Combatant] = {}
    for index, combatant in enumerate(combatants):
        if combatant["id"] in found:
            raise bad(f"{where}[{index}].id repeats an earlier id")
        found[combatant["id"]] = combatant
    return found


def named(table: Mapping[str, Combatant], ident: str, where: str) -> Combatant:
    """The combatant `ident` names, or bad input saying which field named nobody."""
    if ident not in table:
        raise bad(f"{where} names no combatant")
    return table[ident]


def distance(a: Sequence[int], b: Sequence[int], config: Mapping[str, Any]) -> int:
    """CR-G06: spaces between `a` and `b` in the configured metric, in integers only."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if config["grid"] == "hex":
        return max(dx, dy, abs(a[0] - b[0] + a[1] - b[1]))
    if config["square_distance"] == "alternating":
        return max(dx, dy) + floor_div(min(dx, dy), 2)
    return max(dx, dy)


def steps(config: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    """CR-G06: the neighbour steps of the configured grid."""
    return HEX_STEPS if config["grid"] == "hex" else SQUARE_STEPS


def is_step(direction: Sequence[int], config: Mapping[str, Any]) -> bool:
    """CR-G06, CR-G07: whether `direction` is one step to a neighbouring space."""
    return (direction[0], direction[1]) in steps(config)


def adjacent(a: Sequence[int], b: Sequence[int], config: Mapping[str, Any]) -> bool:
    """CR-G06, CR-G09: whether two spaces touch (one grid step apart)."""
    return is_step([b[0] - a[0], b[1] - a[1]], config)


def on_grid(combatant: Mapping[str, Any]) -> bool:
    """CR-G14, CR-G19: on the grid and not defeated, so it can act, flank, block or be hit."""
    return combatant["position"] is not None and not combatant["defeated"]


def same_space(a: Sequence[int] | None, b: Sequence[int] | None) -> bool:
    """Whether two spaces (either possibly off the grid) are the same."""
    return a is not None and b is not None and a[0] == b[0] and a[1] == b[1]


def occupant(
    combatants: Sequence[Combatant], space: Sequence[int], ignore: str
) -> Combatant | None:
    """CR-R04: the active combatant other than `ignore` standing on `space`, if any."""
    for combatant in combatants:
        if combatant["id"] != ignore and on_grid(combatant):
            if same_space(combatant["position"], space):
                return combatant
    return None


def enemies_of(combatants: Sequence[Combatant], who: Mapping[str, Any]) -> list[Combatant]:
    """CR-R09: the active combatants of another side, in input order."""
    return [c for c in combatants if c["side"] != who["side"] and on_grid(c)]


def allies_of(combatants: Sequence[Combatant], who: Mapping[str, Any]) -> list[Combatant]:
    """CR-R11: the active combatants of the same side, `who` left out, in input order."""
    return [c for c in combatants if c["side"] == who["side"] and c["id"] != who["id"]
            and on_grid(c)]


def sign(value: int) -> int:
    """-1, 0 or 1 as `value` is negative, zero or positive (CR-G21)."""
    return (value > 0) - (value < 0)


def stat(combatant: Mapping[str, Any], name: str, where: str) -> int:
    """CR-R07: one of a combatant's stats; a stat a power needs but it lacks is bad input."""
    stats: Mapping[str, int] = combatant["stats"]
    if name not in stats:
        raise bad(f"{where}.stats has no {name}")
    return stats[name]
