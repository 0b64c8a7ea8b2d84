"""Tests, contests and initiative of hazard_location (mirror: `checks.mjs`).

A Test pool's first die is the Hazard Die (HZ-G03); initiative counts successes without one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

IN = "input"
Result = tuple[list[Event], State]
Input = Mapping[str, Any]


def roll_test(
    side: str, base: int, mods: Sequence[int], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], int, bool]:
    """HZ-R02, HZ-G01-G03, HZ-G08, P9, P11: a Test pool; returns (events, successes, mishap)."""
    hazard = config["hazard"]
    count, counted = hazard["count"], hazard["counts_for_success"]
    die, min_face = config["test_die"], config["test_success_min_face"]
    size = dice.pool_size(base, mods, 0)
    faces = queue.take_many(die, size)
    scored = faces if counted else faces[count:]
    successes = dice.count_at_least(scored, min_face)
    events: list[Event] = [
        {"type": "test", "side": side, "pool": size, "die": die, "faces": faces,
         "successes": successes}
    ]
    mishap = dice.hazard(faces, count, hazard["mishap_on_face"])
    if mishap:
        events.append({"type": "mishap", "side": side, "faces": faces[:count],
                       "table": config["mishap_table"]})
    return (events, successes, mishap)


def decide_hit(a: int, d: int | None, config: Mapping[str, Any]) -> tuple[bool, int]:
    """HZ-R08, HZ-G05, HZ-G06, P12, P13: (hit, MoS); a hit needs a ≥ 1 and the contest won."""
    contested = d is not None
    won = d is None or dice.opposed(a, d, config["contest_tie"]) == "attacker"
    mos = dice.margin_of_success(a, 0 if d is None else d, contested, config["mos"])
    return (a >= 1 and won, mos)


def riposte_margin(a: int, d: int, kind: str | None, config: Mapping[str, Any]) -> int | None:
    """HZ-R14, HZ-G06, HZ-G07, P13: the parrying defender's MoS when it meets a, else None.

    The defender's MoS is read as the attacker's is (`mos`): d - a under `standard`, d - max(1, a)
    under `unified`, so a whiffed attack (a = 0) is riposted by any winning parry, with margin
    d - 1, and rolling worse never protects the attacker.
    """
    if kind != "parry" or dice.opposed(a, d, config["contest_tie"]) != "defender":
        return None
    if config["riposte_requires_attacker_success"] and a < 1:
        return None
    margin = dice.margin_of_success(d, a, True, config["mos"])
    return margin if margin >= a else None


def resolve_hit(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R08, HZ-R13, HZ-R14, HZ-R21, HZ-G05-G07: hit, MoS, Damage = DV + MoS, or a riposte."""
    a, d = fields["attacker_successes"], fields["defender_successes"]
    dv, defender_dv = fields["attacker_dv"], fields["defender_dv"]
    hit, mos = decide_hit(a, d, config)
    if hit:
        event = {"type": "hit", "a": a, "d": d, "mos": mos, "damage": dv + mos}
        return ([event], {"hit": True, "mos": mos, "damage": dv + mos, "riposte": None})
    events: list[Event] = [{"type": "miss", "a": a, "d": d}]
    margin = None if d is None else riposte_margin(a, d, fields["defence_kind"], config)
    riposte = None
    if margin is not None:
        if defender_dv is None:
            raise fail(IN, f"{IN}.defender_dv is required for a riposte")
        riposte = {"margin": margin, "damage": defender_dv + margin}
        events.append({"type": "riposte", **riposte})
    return (events, {"hit": False, "mos": None, "damage": None, "riposte": riposte})


def hazard_test(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R02, HZ-G01-G03, HZ-G08: roll one Test pool of base + Σ die_mods dice."""
    events, successes, mishap = roll_test("tester", fields["base"], fields["die_mods"], config,
                                          queue)
    return (events, {"successes": successes, "mishap": mishap})


def initiative(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R03, HZ-G01, HZ-G27: AGI + INT ± dice, successes high to low, ties act together."""
    sources = config["derived"]["initiative"]
    die, min_face = config["test_die"], config["test_success_min_face"]
    events: list[Event] = []
    scores: dict[str, int] = {}
    for index, member in enumerate(fields["participants"]):
        where = f"{IN}.participants[{index}]"
        ident = _new_id(member, where, scores)
        base = sum(_score(member["attributes"], key, f"{where}.attributes") for key in sources)
        mods = [member["bonus_dice"], -member["penalty_dice"]]
        faces = queue.take_many(die, dice.pool_size(base, mods, 0))
        scores[ident] = dice.count_at_least(faces, min_face)
        events.append({"type": "initiative", "id": ident, "faces": faces,
                       "successes": scores[ident]})
    groups = _groups(scores)
    events.append({"type": "order", "groups": groups})
    return (events, {"groups": groups, "successes": scores})


def _new_id(member: Mapping[str, Any], where: str, seen: Mapping[str, int]) -> str:
    ident: str = member["id"]
    if ident in seen:
        raise fail(where, f"{where}.id must be a new non-empty string")
    return ident


def _score(scores: Mapping[str, int], key: str, where: str) -> int:
    if key not in scores:
        raise fail(where, f"{where}.{key} is required")
    return scores[key]


def _groups(scores: Mapping[str, int]) -> list[list[str]]:
    ranked = sorted(set(scores.values()), reverse=True)
    return [[ident for ident, s in scores.items() if s == value] for value in ranked]


def run_initiative_order(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R03, HZ-G16: act group by group; `deferred` lets a whole tie group act first."""
    groups, effects = fields["groups"], fields["incapacitates"]
    deferred = config["simultaneous"] == "deferred"
    down: list[str] = []
    events: list[Event] = []
    for group in groups:
        pending: list[str] = []
        for ident in group:
            if ident in down:
                events.append({"type": "skipped", "id": ident})
                continue
            victims = effects.get(ident, [])
            events.append({"type": "acts", "id": ident, "incapacitates": victims})
            pending += [v for v in victims if v not in down and v not in pending]
            if not deferred:
                down += _fall(events, pending)
                pending = []
        down += _fall(events, pending)
    return (events, {"incapacitated": down})


def _fall(events: list[Event], victims: list[str]) -> list[str]:
    if victims:
        events.append({"type": "incapacitated", "ids": list(victims)})
    return list(victims)
