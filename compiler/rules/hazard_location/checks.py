"""Tests, contests and initiative of hazard_location (mirror: `checks.mjs`).

A Test pool's first die is the Hazard Die (HZ-G03); initiative counts successes without one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.hazard_location.config import (
    choice,
    derived_sources,
    flag,
    hazard,
    number,
    optional_id,
)
from compiler.rules.hazard_location.content import read_scores
from compiler.rules.hazard_location.fields import (
    any_keys,
    expect_fields,
    fail,
    get_ids,
    id_list,
    opt_int,
)
from compiler.rules.inputs import SMALL_INT, get_choice, get_int, get_int_list, get_list
from compiler.rules.queue import DiceQueue

IN = "input"
S = SMALL_INT
DEFENCE_KINDS: tuple[str, ...] = ("parry", "evade", "other")
Result = tuple[list[Event], State]


def roll_test(
    side: str, base: int, mods: Sequence[int], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], int, bool]:
    """HZ-R02, HZ-G01-G03, HZ-G08, P9, P11: a Test pool; returns (events, successes, mishap)."""
    choice(config, "nonpositive_pool")
    count, mishap_face, counted = hazard(config)
    die = number(config, "test_die", 2, 1000)
    min_face = number(config, "test_success_min_face", 1, 1000)
    size = dice.pool_size(base, mods, 0)
    faces = queue.take_many(die, size)
    scored = faces if counted else faces[count:]
    successes = dice.count_at_least(scored, min_face)
    events: list[Event] = [
        {"type": "test", "side": side, "pool": size, "die": die, "faces": faces,
         "successes": successes}
    ]
    mishap = dice.hazard(faces, count, mishap_face)
    if mishap:
        table = optional_id(config, "mishap_table")
        events.append({"type": "mishap", "side": side, "faces": faces[:count], "table": table})
    return (events, successes, mishap)


def decide_hit(a: int, d: int | None, config: Mapping[str, Any]) -> tuple[bool, int]:
    """HZ-R08, HZ-G05, HZ-G06, P12, P13: (hit, MoS); a hit needs a ≥ 1 and the contest won."""
    tie = choice(config, "contest_tie")
    contested = d is not None
    won = d is None or dice.opposed(a, d, tie) == "attacker"
    mos = dice.margin_of_success(a, 0 if d is None else d, contested, choice(config, "mos"))
    return (a >= 1 and won, mos)


def riposte_margin(a: int, d: int, kind: str | None, config: Mapping[str, Any]) -> int | None:
    """HZ-R14, HZ-G07: the parrying defender's MoS d - a when it meets a, else None."""
    if kind != "parry" or dice.opposed(a, d, choice(config, "contest_tie")) != "defender":
        return None
    if flag(config, "riposte_requires_attacker_success") and a < 1:
        return None
    margin = dice.margin(d, a)
    return margin if margin >= a else None


def resolve_hit(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R08, HZ-R13, HZ-R14, HZ-R21, HZ-G05-G07: hit, MoS, Damage = DV + MoS, or a riposte."""
    keys = ("attacker_successes", "defender_successes", "defence_kind", "attacker_dv",
            "defender_dv")
    fields = expect_fields(inp, IN, keys)
    a = get_int(fields, "attacker_successes", IN, 0, S)
    d = None if fields["defender_successes"] is None else get_int(
        fields, "defender_successes", IN, 0, S)
    kind = None if fields["defence_kind"] is None else get_choice(
        fields, "defence_kind", IN, DEFENCE_KINDS)
    dv = get_int(fields, "attacker_dv", IN, 0, S)
    defender_dv = None if fields["defender_dv"] is None else get_int(
        fields, "defender_dv", IN, 0, S)
    hit, mos = decide_hit(a, d, config)
    if hit:
        event = {"type": "hit", "a": a, "d": d, "mos": mos, "damage": dv + mos}
        return ([event], {"hit": True, "mos": mos, "damage": dv + mos, "riposte": None})
    events: list[Event] = [{"type": "miss", "a": a, "d": d}]
    margin = None if d is None else riposte_margin(a, d, kind, config)
    riposte = None
    if margin is not None:
        if defender_dv is None:
            raise fail(IN, f"{IN}.defender_dv is required for a riposte")
        riposte = {"margin": margin, "damage": defender_dv + margin}
        events.append({"type": "riposte", **riposte})
    return (events, {"hit": False, "mos": None, "damage": None, "riposte": riposte})


def hazard_test(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R02, HZ-G01-G03, HZ-G08: roll one Test pool of base + Σ die_mods dice."""
    fields = expect_fields(inp, IN, ("base", "die_mods"))
    base = get_int(fields, "base", IN, -S, S)
    mods = get_int_list(fields, "die_mods", IN, -S, S)
    events, successes, mishap = roll_test("tester", base, mods, config, queue)
    return (events, {"successes": successes, "mishap": mishap})


def initiative(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R03, HZ-G01, HZ-G27: AGI + INT ± dice, successes high to low, ties act together."""
    fields = expect_fields(inp, IN, ("participants",))
    sources = derived_sources(config, "initiative")
    die = number(config, "test_die", 2, 1000)
    min_face = number(config, "test_success_min_face", 1, 1000)
    events: list[Event] = []
    scores: dict[str, int] = {}
    for index, item in enumerate(get_list(fields, "participants", IN)):
        where = f"{IN}.participants[{index}]"
        member = expect_fields(item, where, ("id", "attributes"), ("bonus_dice", "penalty_dice"))
        ident = _new_id(member, where, scores)
        attributes = read_scores(member["attributes"], f"{where}.attributes")
        base = sum(_score(attributes, key, f"{where}.attributes") for key in sources)
        mods = [opt_int(member, "bonus_dice", where, (0, S), 0),
                -opt_int(member, "penalty_dice", where, (0, S), 0)]
        faces = queue.take_many(die, dice.pool_size(base, mods, 0))
        scores[ident] = dice.count_at_least(faces, min_face)
        events.append({"type": "initiative", "id": ident, "faces": faces,
                       "successes": scores[ident]})
    groups = _groups(scores)
    events.append({"type": "order", "groups": groups})
    return (events, {"groups": groups, "successes": scores})


def _new_id(member: Mapping[str, Any], where: str, seen: Mapping[str, int]) -> str:
    ident = member["id"]
    if not isinstance(ident, str) or not ident or ident in seen:
        raise fail(where, f"{where}.id must be a new non-empty string")
    return ident


def _score(scores: Mapping[str, int], key: str, where: str) -> int:
    if key not in scores:
        raise fail(where, f"{where}.{key} is required")
    return scores[key]


def _groups(scores: Mapping[str, int]) -> list[list[str]]:
    ranked = sorted(set(scores.values()), reverse=True)
    return [[ident for ident, s in scores.items() if s == value] for value in ranked]


def run_initiative_order(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R03, HZ-G16: act group by group; `deferred` lets a whole tie group act first."""
    fields = expect_fields(inp, IN, ("groups", "incapacitates"))
    groups = [id_list(g, f"{IN}.groups[{i}]") for i, g in enumerate(get_list(fields, "groups", IN))]
    where = f"{IN}.incapacitates"
    effects = expect_fields(fields["incapacitates"], where, (), any_keys(fields["incapacitates"]))
    deferred = choice(config, "simultaneous") == "deferred"
    down: list[str] = []
    events: list[Event] = []
    for group in groups:
        pending: list[str] = []
        for ident in group:
            if ident in down:
                events.append({"type": "skipped", "id": ident})
                continue
            victims = get_ids(effects, ident, where) if ident in effects else []
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
