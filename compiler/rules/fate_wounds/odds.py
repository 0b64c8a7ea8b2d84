"""The fate_wounds odds adapter: exact distributions of its rolls (mirror: `odds.mjs`).

A roll depends on its dice only through their result, whose exact counts are the engine's own
`rolls.distribution` (FW-E09, FW-G01): `roll` runs the `roll` rule once per result, on faces
that give it, however many Disadvantage sets it rolls. `defence` is the exchange once the
attack is rolled: the defender's roll, each total compared with the attack's and its wound
marked by the engine's own steps (`exchange.compared`, `track.wound`), as
`exchange.resolve_attack` does; `attack` is the attacker's roll met by that. `fate_lumping` is
how the `roll` and `attack` rules enumerate die by die (each set by its sum, or by its multiset
where the lowest four are kept), which the tests compare them with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.enumeration import (
    TOO_MANY,
    Lumping,
    Projection,
    lumping,
    resolved,
    rule_call,
)
from compiler.rules.errors import QUEUE_EXHAUSTED, RuleError
from compiler.rules.exact import Dist, bind, from_leaves, map_outcomes, point
from compiler.rules.fate_wounds.characters import Character, condition, fill_character
from compiler.rules.fate_wounds.exchange import compared
from compiler.rules.fate_wounds.rolls import FATE_DICE, applied_level, distribution
from compiler.rules.fate_wounds.track import wound
from compiler.rules.harness import read_input
from compiler.rules.odds import Query, case_of
from compiler.rules.queue import FATE, DiceQueue
from compiler.rules.shapes import fail

RULESET = "fate_wounds"
Obj = dict[str, Any]
#: The widest attack total a `defence` query takes (a ladder's reach, and then some).
TOTAL_BOUND = 1000
#: The most ways a roll's dice may fall for its odds: the JS twin counts them in exact doubles.
SAFE_WAYS = 2**53 - 1


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
    """FW-R02-R06, FW-R10-R13, FW-G01, FW-G08: one attack and its defence, both rolled: the
    attacker's `roll` odds, each total met by the `defence` odds (or by no defence, total 0).
    The rule itself runs first on no dice, then on one fall of the attacker's, so it refuses
    what it would refuse, in its own words."""
    engine, _, merged = resolved(RULESET, "attack", config)
    call = rule_call(case_of(RULESET, "attack", config, params), attack_projection(merged))
    fields = read_input(engine, "attack", params)
    side = {"character": fields["attacker"], "side": "attack", "declaration": fields["attack"]}
    attacker = fill_character(fields["attacker"], "input.attacker", merged)
    level, mode = applied_level(attacker, "attack", merged), merged["disadvantage_mode"]
    lowest = min(result for result, ways in distribution(level, mode).items() if ways)
    for faces in ([], faces_for(lowest, level, mode)):
        try:
            call(DiceQueue([{"d": FATE, "v": face} for face in faces]))
        except RuleError as error:
            if error.code != QUEUE_EXHAUSTED:
                raise
    defence = fields["defence"]
    if defence is None:
        defender = fill_character(fields["defender"], "input.defender", merged)
        return map_outcomes(roll_odds(side, config),
                            lambda rolled: struck(defender, rolled["total"], 0, merged))
    return bind(roll_odds(side, config), lambda rolled: defence_odds(
        {"defender": fields["defender"], "defence": defence, "attack_total": rolled["total"]},
        config))


def struck(defender: Character, attack: int, against: int, config: Mapping[str, Any]) -> Obj:
    """FW-R04, FW-R05, FW-R10-R13: `attack` against `against`, a hit marked on `defender`."""
    _, hit, damage = compared(attack, against)
    column = None
    if hit:
        _, defender, column = wound(defender, damage, config)
    return exchange_outcome(defender, (hit, damage, attack == against), column, config)


def roll_state(events: list[Any], state: Mapping[str, Any]) -> Any:
    """FW-R02, FW-R06: a `roll` run as its total and the character after it."""
    return {"total": state["total"], "character": state["character"]}


def set_of(total: int) -> list[int]:
    """FW-R02: four Fate faces that add up to `total` (-4..4): its +1s or -1s, then blanks."""
    return [1 if total > 0 else -1] * abs(total) + [0] * (FATE_DICE - abs(total))


def faces_for(result: int, level: int, mode: str) -> list[int]:
    """FW-G01: faces that make the dice of a roll at Disadvantage `level` give `result`: every
    set the same (`reroll_keep_lowest` keeps one of them), the extra dice +1s (the highest,
    dropped), or 4dF adding up to `result + level` (`flat`)."""
    if level == 0:
        return set_of(result)
    if mode == "reroll_keep_lowest":
        return set_of(result) * (level + 1)
    if mode == "extra_df_drop_highest":
        return set_of(result) + [1] * level
    return set_of(result + level)


def roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """FW-R02, FW-R03, FW-R06, FW-G01, FW-G02: one side's total, and the character after it
    (its power bonuses spent). The rule depends on its dice only through their result, whose
    exact counts are `rolls.distribution` (FW-E09, FW-G01); the rule then runs once per result,
    on faces that give it, so a roll at Disadvantage costs no more than one without."""
    engine, _, merged = resolved(RULESET, "roll", config)
    call = rule_call(case_of(RULESET, "roll", config, params), roll_state)
    try:
        return point(call(DiceQueue([])))
    except RuleError as error:
        if error.code != QUEUE_EXHAUSTED:
            raise
    fields = read_input(engine, "roll", params)
    character = fill_character(fields["character"], "input.character", merged)
    level = applied_level(character, fields["side"], merged)
    mode = merged["disadvantage_mode"]
    counts = distribution(level, mode)
    total = sum(counts.values())
    if total > SAFE_WAYS:
        raise RuleError(TOO_MANY, f"more than {SAFE_WAYS} ways for the dice to fall")
    leaves = [(call(DiceQueue([{"d": FATE, "v": face} for face in faces_for(result, level, mode)])),
               ways, total) for result, ways in sorted(counts.items()) if ways]
    return from_leaves(leaves)


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

    return map_outcomes(roll_odds(side, config),
                        lambda rolled: struck(rolled["character"], total, rolled["total"], merged))


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
