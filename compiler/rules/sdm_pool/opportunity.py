"""A whole attack: pool, roll, the target's Opportunity, damage (mirror: `opportunity.mjs`).

Order (tests/golden/sdm_pool/README.md): the attacker pays its Action; the pool is rolled; a
Salvation ends it; on a shortfall the target's Dodge or Counter is paid from its next turn (a
paid Dodge ends it); the damage (dice only now) goes through armour to HP; a Disengage is paid
after it, if the target still stands; a paid Counter is left pending for its timing (SDM-G13).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.attacks import difficulty, pool_of, resolve_tier, roll_attack
from compiler.rules.sdm_pool.economy import (
    disengage_distance,
    movement_of,
    pay_next,
    pay_now,
    refused,
    unable,
)
from compiler.rules.sdm_pool.fields import IN
from compiler.rules.sdm_pool.harm import take_damage
from compiler.rules.sdm_pool.sheet import Character, find_weapon, read_character, weapon_index
from compiler.rules.shapes import fail

MAX_DEPTH = 50
PLAN_KEYS: tuple[str, ...] = (
    "weapon", "tier", "cover", "concealment", "salvation_claimed", "opportunity",
)
Plan = dict[str, Any]
Result = tuple[list[Event], State]


def read_plan(fields: Mapping[str, Any], where: str, depth: int) -> Plan:
    """SDM-G02, SDM-G03, SDM-G08, SDM-R12: an attack's weapon, tier, cover, concealment,
    claimed Salvation and the target's Opportunity choice (`{choice, counter?}`, a Counter's own
    plan nested), each plan with `where` its fields were given."""
    plan: Plan = {key: fields[key] for key in PLAN_KEYS}
    plan["where"] = where
    opportunity = dict(plan["opportunity"])
    if "counter" in opportunity:
        if depth >= MAX_DEPTH:
            raise fail(where, f"{where}.opportunity nests Counters more than {MAX_DEPTH} deep")
        opportunity["counter"] = read_plan(opportunity["counter"], f"{where}.opportunity.counter",
                                           depth + 1)
    plan["opportunity"] = opportunity
    return plan


def check_counters(
    plan: Plan, attacker: Character, target: Character, needed: bool
) -> None:
    """SDM-G13: each Counter the plan chooses is made with a weapon its maker carries (the
    target, then the attacker for a Counter to a Counter, ...); `needed`: it must be given."""
    opportunity = plan["opportunity"]
    where = plan["where"] + ".opportunity"
    if "counter" not in opportunity:
        if needed and opportunity["choice"] == "counter":
            raise fail(where, f"{where}.counter is required for a counter")
        return
    counter = opportunity["counter"]
    find_weapon(target, counter["weapon"], counter["where"] + ".weapon")
    check_counters(counter, target, attacker, needed)


def deal_damage(
    weapon: Mapping[str, Any], shortfall: bool, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[Event, int]:
    """SDM-R10, SDM-G10, SDM-G18, P14: the weapon's fixed damage plus its dice, rolled now; a
    shortfall deals it whole, or half rounded down by config."""
    rolled = weapon["damage_dice"]
    faces = queue.take_many(rolled["die"], rolled["count"]) if rolled else []
    total = weapon["damage"] + dice.sum_faces(faces)
    half = shortfall and config["shortfall_damage"] == "half"
    dealt = dice.floor_div(total, 2) if half else total
    return ({"type": "damage", "weapon": weapon["id"], "fixed": weapon["damage"], "faces": faces,
             "total": total, "dealt": dealt}, dealt)


def _take_opportunity(
    target: Character, chosen: str, where: str, config: Mapping[str, Any]
) -> tuple[list[Event], bool]:
    event, paid = pay_next(target, config["opportunity_cost"][chosen], chosen, where, config)
    return ([event], paid)


def _disengage(target: Character, where: str, config: Mapping[str, Any]) -> list[Event]:
    if target["incapacitated"]:
        return [refused(target, "disengage", "incapacitated")]
    events, paid = _take_opportunity(target, "disengage", where, config)
    if paid:
        distance = disengage_distance(movement_of(target, where, config), config)
        events.append({"type": "disengage", "id": target["id"], "distance": distance,
                       "unit": config["movement_unit"]["name"]})
    return events


def _roll(
    attacker: Character, plan: Plan, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], Mapping[str, Any], str]:
    events: list[Event] = []
    if plan["cost"] == "action":
        event, paid = pay_now(attacker, "action", "attack", config)
        events.append(event)
        if not paid:
            return (events, {}, "refused")
    elif unable(attacker) is not None:
        return ([refused(attacker, "attack", str(unable(attacker)))], {}, "refused")
    weapon = find_weapon(attacker, plan["weapon"], plan["where"] + ".weapon")
    weapon_where = f"{plan['attacker_where']}.weapons[{weapon_index(attacker, weapon)}]"
    pool = pool_of(attacker, weapon, plan["attacker_where"], config)
    tier = resolve_tier(plan["tier"], weapon["sdm_tier"], plan["where"], weapon_where, config)
    needed_event, needed = difficulty({**plan, "tier": tier}, weapon["attack_kind"],
                                      plan["where"], config)
    rolled, result = roll_attack(pool["pool"], needed, plan["salvation_claimed"], config, queue)
    return ([*events, {"type": "attack_pool", "id": attacker["id"], **pool}, needed_event,
             *rolled], weapon, result)


def resolve_attack(
    attacker: Character, target: Character, plan: Plan, config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], dict[str, Any]]:
    """SDM-R08-R13, SDM-G07, SDM-G08, SDM-G10-G12, SDM-G18, SDM-G22: one attack by `attacker`
    on `target`; returns (events, {result, dealt, counter}). `plan.cost` `action` pays an Action
    of this turn first; `none` is a Counter, already paid. The plan also names where the
    attacker and target were given (`attacker_where`, `target_where`), for messages."""
    events, weapon, result = _roll(attacker, plan, config, queue)
    outcome: dict[str, Any] = {"result": result, "dealt": 0, "counter": None}
    if result in ("refused", "salvation"):
        return (events, outcome)
    chosen = plan["opportunity"]["choice"] if result == "shortfall" else "none"
    if result == "shortfall":
        events.append({"type": "opportunity", "id": target["id"], "choice": chosen})
    countered = False
    if chosen in ("dodge", "counter"):
        taken, paid = _take_opportunity(target, chosen, plan["target_where"], config)
        events += taken
        if paid and chosen == "dodge":
            outcome["result"] = "dodged"
            return ([*events, {"type": "dodge", "id": target["id"]}], outcome)
        countered = paid
    damage_event, outcome["dealt"] = deal_damage(weapon, result == "shortfall", config, queue)
    events += [damage_event, *take_damage(target, outcome["dealt"], config)]
    if chosen == "disengage":
        events += _disengage(target, plan["target_where"], config)
    if countered:
        outcome["counter"] = {"by": target["id"], "against": attacker["id"]}
        events.append({"type": "counter_pending", **outcome["counter"]})
    return (events, outcome)


def attack(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R08-R13, SDM-G07, SDM-G08, SDM-G10-G12, SDM-G18, SDM-G22: one whole attack, with the
    target's Opportunity choice should it fall short."""
    attacker = read_character(inp["attacker"], f"{IN}.attacker", config)
    target = read_character(inp["target"], f"{IN}.target", config)
    if target["id"] == attacker["id"]:
        raise fail(IN, f"{IN}.target.id must differ from {IN}.attacker.id")
    plan = read_plan(inp, IN, 0)
    plan.update({"cost": inp["cost"], "attacker_where": f"{IN}.attacker",
                 "target_where": f"{IN}.target"})
    find_weapon(attacker, plan["weapon"], f"{IN}.weapon")
    check_counters(plan, attacker, target, False)
    events, outcome = resolve_attack(attacker, target, plan, config, queue)
    return (events, {"attacker": attacker, "target": target, **outcome})
