"""The fate_wounds odds adapter: exact distributions of its rolls (mirror: `odds.mjs`).

Each Fate die keeps its three faces; a set of four branches on its sum (every rule adds a set
up, or keeps the lowest set by its sum), except under `extra_df_drop_highest`, where the lowest
four of the pool are kept and its multiset decides. `attack` enumerates the whole `attack`
rule; `defence` is the same exchange once the attack is rolled: the defender's `roll` rule
enumerated, each total compared with the attack's and its wound marked by the engine's own
steps (`exchange.compared`, `track.wound`), as `exchange.resolve_attack` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.enumeration import (
    Lumping,
    Projection,
    enumerate_calls,
    lumping,
    resolved,
    rule_call,
)
from compiler.rules.exact import Dist, map_outcomes
from compiler.rules.fate_wounds.characters import Character, condition
from compiler.rules.fate_wounds.exchange import compared
from compiler.rules.fate_wounds.track import wound
from compiler.rules.odds import Query, case_of
from compiler.rules.shapes import fail

RULESET = "fate_wounds"
Obj = dict[str, Any]
#: The widest attack total a `defence` query takes (a ladder's reach, and then some).
TOTAL_BOUND = 1000


def fate_lumping(config: Mapping[str, Any]) -> Lumping:
    """FW-R02, FW-G01, P4, P5: Fate dice by face; a pool by its sum, or by its multiset when
    the lowest four of it are kept."""
    mode = "counts" if config["disadvantage_mode"] == "extra_df_drop_highest" else "score"
    return lumping({}, 0, mode)


def _merged(rule: str, config: Mapping[str, Any]) -> Mapping[str, Any]:
    return resolved(RULESET, rule, config)[2]


def exchange_outcome(defender: Character, result: tuple[bool, int, bool], column: str | None,
                     config: Mapping[str, Any]) -> Obj:
    """FW-R04, FW-R05, FW-R10-R13: an exchange as the odds show it: `result` is whether the
    attacker wins (`hit`), the damage (the margin) and whether the totals tie (the defender's);
    then the wound column checked (null: none, or the wound lost to a full track) and whether
    the defender is out after it."""
    hit, damage, tie = result
    return {"hit": hit, "tie": tie, "damage": damage, "column": column,
            "out": condition(defender, config).incapacitated}


def attack_projection(config: Mapping[str, Any]) -> Projection:
    """FW-R04, FW-R05, FW-R10-R13: an `attack` run as `exchange_outcome` (merged config)."""
    def project(events: list[Any], state: Mapping[str, Any]) -> Any:
        compare = next(e for e in events if e["type"] == "compare")
        boxes = [e["column"] for e in events if e["type"] == "box_checked"]
        tie = compare["attack"] == compare["defence"]
        return exchange_outcome(state["defender"], (state["hit"], state["damage"], tie),
                                (boxes or [None])[0], config)

    return project


def attack_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """FW-R02-R06, FW-R10-R13, FW-G01, FW-G08: one attack and its defence, both rolled."""
    merged = _merged("attack", config)
    call = rule_call(case_of(RULESET, "attack", config, params), attack_projection(merged))
    return enumerate_calls(call, fate_lumping(merged))


def roll_state(events: list[Any], state: Mapping[str, Any]) -> Any:
    """FW-R02, FW-R06: a `roll` run as its total and the character after it."""
    return {"total": state["total"], "character": state["character"]}


def roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """FW-R02, FW-R03, FW-R06, FW-G01, FW-G02: one side's total, and the character after it
    (its power bonuses spent)."""
    merged = _merged("roll", config)
    call = rule_call(case_of(RULESET, "roll", config, params), roll_state)
    return enumerate_calls(call, fate_lumping(merged))


def _attack_total(params: Any) -> int:
    total = params.get("attack_total") if isinstance(params, Mapping) else None
    if type(total) is not int or abs(total) > TOTAL_BOUND:
        raise fail("input", f"input.attack_total must be an integer in "
                            f"{-TOTAL_BOUND}..{TOTAL_BOUND}")
    return total


def defence_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """FW-R03-R05, FW-R10-R13: the defence against an attack already rolled to `attack_total`:
    `{defender, defence, attack_total}`, the defence a declaration (the `roll` rule reads it)."""
    total = _attack_total(params)
    merged = _merged("roll", config)
    side = {"character": params.get("defender"), "side": "defence",
            "declaration": params.get("defence")}

    def exchange(rolled: Mapping[str, Any]) -> Obj:
        _, hit, damage = compared(total, rolled["total"])
        defender, column = rolled["character"], None
        if hit:
            _, defender, column = wound(defender, damage, merged)
        return exchange_outcome(defender, (hit, damage, total == rolled["total"]), column, merged)

    return map_outcomes(roll_odds(side, config), exchange)


def summary(outcome: Mapping[str, Any]) -> Obj:
    """An exchange in the odds panel's words: the attack hits, ties or misses; its damage; the
    defender out; the wound column checked as the spread."""
    return {"hit": outcome["hit"], "tie": outcome["tie"], "damage": outcome["damage"],
            "down": outcome["out"], "location": outcome["column"]}


QUERIES: Mapping[str, Query] = {
    "roll": roll_odds,
    "attack": attack_odds,
    "defence": defence_odds,
}
"""The rolls of the ruleset with exact odds, by the rule they stand for (`defence`: the rest
of an `attack` once its attacker has rolled)."""
