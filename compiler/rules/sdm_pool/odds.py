"""The sdm_pool odds adapter: exact distributions of its attack rolls (mirror: `odds.mjs`).

Each query enumerates one of the ruleset's own rules through the harness (`enumeration`). The
attack pool's d6s are lumped as the rule can tell them apart: a success (SDM-G01's face or
more) or not, and the 1 apart (SDM-G08's `all_ones` Salvation reads it), the pool branching on
the multiset of those classes. The damage dice, rolled after, branch on their sum alone (the
rule adds them up, P14), each face its own class.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from compiler.rules.enumeration import Lumping, enumerate_calls, lumping, resolved, rule_call
from compiler.rules.exact import Dist
from compiler.rules.odds import Query, case_of, face_runs, faces_of
from compiler.rules.sdm_pool.harm import DIE

RULESET = "sdm_pool"
Obj = dict[str, Any]


def attack_lumping(config: Mapping[str, Any]) -> Lumping:
    """SDM-G01, SDM-G08, P1, P14: the attack pool by class multiset, then any damage dice by sum."""
    least = config["success_min_face"]
    keys = [(face == 1, face >= least) for face in faces_of(DIE)]
    classes = face_runs(DIE, keys, [int(hit) for _, hit in keys])
    return lumping({}, 0, "score", [(classes, "counts")])


def _odds(rule: str, params: Any, config: Mapping[str, Any],
          project: Callable[[list[Any], Mapping[str, Any]], Any]) -> Dist:
    merged = resolved(RULESET, rule, config)[2]
    # The rules spend Actions and take HP on the characters they read (their own checked copy
    # of the input), so each run of the enumeration gets a fresh copy.
    call = rule_call(case_of(RULESET, rule, config, params), project, fresh=True)
    return enumerate_calls(call, attack_lumping(merged))


def attack_roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """SDM-R08, SDM-R10, SDM-R11, SDM-G01-G03, SDM-G08: the successes and result of a pool
    against its tier plus cover and concealment."""
    return _odds("attack_roll", params, config, lambda events, state: {
        "successes": state["successes"], "result": state["result"]})


def attack_outcome(events: list[Any], state: Mapping[str, Any]) -> Obj:
    """SDM-R10-R15: what a whole attack does to its target: the result (`hit`, `shortfall`,
    `salvation`, `dodged`, `refused`), the damage dealt, the damage through armour (to HP), HP
    after, and whether the target is incapacitated after it."""
    target = state["target"]
    through = sum(e["damage"] for e in events if e["type"] == "hp" and e["id"] == target["id"])
    return {"result": state["result"], "dealt": state["dealt"], "through": through,
            "hp": target["hp"], "down": target["incapacitated"]}


def attack_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """SDM-R08-R15, SDM-G07, SDM-G08, SDM-G10-G12, SDM-G17, SDM-G18: one whole attack, the
    target's Opportunity choice as the input gives it."""
    return _odds("attack", params, config, attack_outcome)


def summary(outcome: Mapping[str, Any]) -> Obj:
    """An attack's outcome in the odds panel's words: a hit meets the tier (a shortfall still
    deals damage but does not), the damage is what passes the armour, down is incapacitated."""
    return {"hit": outcome["result"] == "hit", "damage": outcome["through"],
            "down": outcome["down"], "location": None}


QUERIES: Mapping[str, Query] = {
    "attack_roll": attack_roll_odds,
    "attack": attack_odds,
}
"""The rolls of the ruleset with exact odds, by the rule they stand for."""
