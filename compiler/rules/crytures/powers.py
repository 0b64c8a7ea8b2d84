"""Using a power, whole: action, cost, range, targets, opportunity attacks, then its lines.

Mirror: `powers.mjs`. A use is checked whole before anything is spent (CR-G20): a refused use
emits `refused{reason}` and changes nothing. Opportunity attacks a use provokes are reported, not
resolved; an OA is a later use with `opportunity: true` (CR-R09).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.crytures.common import (
    IN,
    Combatant,
    adjacent,
    bad,
    by_id,
    distance,
    enemies_of,
    named,
    on_grid,
)
from compiler.rules.crytures.geometry import (
    area_spaces,
    in_area,
    measure,
    origin_of,
    range_event,
    template,
)
from compiler.rules.crytures.strikes import check_stats, self_effects, strike
from compiler.rules.queue import DiceQueue

MELEE_KINDS = ("melee", "melee_blast")
RANGED_KINDS = ("ranged", "ranged_blast")
SINGLE_KINDS = ("melee", "ranged")
Result = tuple[list[Event], State]


def take_action(action: str, actions: Mapping[str, bool]) -> tuple[str, bool] | None:
    """CR-R04, CR-G18: the slot an action uses and whether a Minor took the Major (the Major
    "can also be used for a bonus Minor Action"); None when neither is left."""
    if action == "major":
        return ("major", False) if actions["major"] else None
    if actions["minor"]:
        return ("minor", False)
    return ("major", True) if actions["major"] else None


def spent(actions: Mapping[str, bool], slot: str) -> dict[str, bool]:
    """CR-R04: the actions left once `slot` is used."""
    return {**actions, slot: False}


def single_target(inp: Mapping[str, Any], table: Mapping[str, Combatant]) -> Combatant:
    """CR-R06: the one other, active combatant a Melee or Ranged power is aimed at."""
    if inp["target"] is None:
        raise bad(f"{IN}.target is required for a Melee or Ranged power")
    target = named(table, inp["target"], f"{IN}.target")
    if target["id"] == inp["user"]:
        raise bad(f"{IN}.target must be someone other than the user")
    if not on_grid(target):
        raise bad(f"{IN}.target is off the grid or defeated")
    return target


def placement(
    inp: Mapping[str, Any], user: Combatant, table: Mapping[str, Combatant],
    combatants: Sequence[Combatant], config: Mapping[str, Any],
) -> dict[str, Any]:
    """CR-R06, CR-G07, CR-G08: where the power lands: the measured range (if it has an X), the
    Blast's area event, and its targets (area targets by distance from the origin, then id)."""
    range_ = inp["power"]["range"]
    kind = range_["kind"]
    here = user["position"]
    if kind == "personal":
        return {"range": None, "area": None, "targets": [user]}
    if kind in SINGLE_KINDS:
        target = single_target(inp, table)
        return {"range": measure(range_, here, target["position"], config), "area": None,
                "targets": [target]}
    origin = origin_of(range_, here, inp["aim"], inp["direction"], config)
    area = template(range_, origin, here, inp["power"]["includes_user"], config)
    inside = [c for c in combatants if on_grid(c) and in_area(c["position"], area, config)]
    inside.sort(key=lambda c: (distance(origin, c["position"], config), c["id"]))
    count = len(area_spaces(area, config))
    event = {"type": "area", "kind": kind, "y": range_["y"], "origin": origin, "count": count}
    measured = measure(range_, here, origin, config) if kind == "ranged_blast" else None
    return {"range": measured, "area": event, "targets": inside}


def refusal(
    inp: Mapping[str, Any], user: Combatant, plan: Mapping[str, Any], config: Mapping[str, Any]
) -> tuple[str | None, list[Event], tuple[str, bool] | None]:
    """CR-R04, CR-R09, CR-G10, CR-G13, CR-G20, CR-R06: why the use is refused (or None), the
    events shown before the refusal, and the action slot it takes."""
    power = inp["power"]
    restricted = inp["opportunity"] or inp["basic_attack"]
    if restricted and not (power["basic"]
                           and power["range"]["kind"] in config["basic_attack_range_kinds"]):
        return ("not_basic", [], None)
    limited = config["oa_limit"] == "one_per_enemy_per_triggering_turn"
    if inp["opportunity"] and limited and user["id"] in inp["oa_spent"]:
        return ("oa_spent", [], None)
    slot = None
    if not inp["opportunity"]:
        slot = take_action("major" if inp["basic_attack"] else power["action"], inp["actions"])
        if slot is None:
            return ("no_action", [], None)
    cost = power["cost"]
    if cost is not None and user[cost["resource"]] < cost["amount"] \
            and config["unaffordable_power"] == "refused":
        return ("cannot_pay", [], slot)
    measured = plan["range"]
    if measured is not None and not measured["in_range"]:
        return ("out_of_range", [range_event(power["range"], measured)], slot)
    return (None, [], slot)


def engaged(
    enemy: Combatant, user: Combatant, config: Mapping[str, Any]
) -> bool:
    """CR-G09: an engaged enemy is adjacent (`adjacent`) or has the user within its reach."""
    if config["engaged"] == "melee_reach":
        reach: int = enemy["reach"]
        return distance(enemy["position"], user["position"], config) <= reach
    return adjacent(enemy["position"], user["position"], config)


def triggers_of(power: Mapping[str, Any], config: Mapping[str, Any]) -> list[str]:
    """CR-R06, CR-R09, CR-G12: what in the power provokes: a Ranged kind, and Concentration
    (on a Melee power only with `concentration_provokes_melee`)."""
    kind = power["range"]["kind"]
    found = ["ranged_power"] if kind in RANGED_KINDS else []
    if power["concentration"] and (kind not in MELEE_KINDS
                                   or config["concentration_provokes_melee"]):
        found.append("concentration")
    return found


def provoked_by(
    user: Combatant, combatants: Sequence[Combatant], excluded: Sequence[str],
    config: Mapping[str, Any],
) -> list[str]:
    """CR-R09, CR-G09, CR-G10: the engaged enemies provoked now, in input order; with
    `one_per_enemy_per_triggering_turn` not those already provoked or spent this turn."""
    limited = config["oa_limit"] == "one_per_enemy_per_triggering_turn"
    return [e["id"] for e in enemies_of(combatants, user) if engaged(e, user, config)
            and not (limited and e["id"] in excluded)]


def declared_action(inp: Mapping[str, Any]) -> str:
    """CR-R04, CR-R09: how the use is declared: an opportunity attack, a Basic Attack (Major),
    or the power's own Action line."""
    if inp["opportunity"]:
        return "opportunity"
    return "major" if inp["basic_attack"] else str(inp["power"]["action"])


def resolve_use(
    inp: Mapping[str, Any], combatants: list[Combatant], config: Mapping[str, Any],
    queue: DiceQueue, already: Sequence[str],
) -> Result:
    """CR-R04-R12: one use of a power on `combatants` (updated in place). `already`: enemies
    provoked earlier in the same turn."""
    table = by_id(combatants, f"{IN}.combatants")
    user = named(table, inp["user"], f"{IN}.user")
    power = inp["power"]
    events: list[Event] = [{"type": "declare", "user": user["id"], "power": power["id"],
                            "action": declared_action(inp)}]
    unchanged = {"used": False, "actions": dict(inp["actions"]),
                 "oa_spent": list(inp["oa_spent"]), "provoked": [], "targets": []}
    if user["defeated"] or user["position"] is None:
        why = "defeated" if user["defeated"] else "off_grid"
        return ([*events, {"type": "refused", "reason": why}],
                {**unchanged, "combatants": combatants})
    plan = placement(inp, user, table, combatants, config)
    check_stats(user, plan["targets"], power)
    reason, shown, slot = refusal(inp, user, plan, config)
    if reason is not None:
        return ([*events, *shown, {"type": "refused", "reason": reason}],
                {**unchanged, "combatants": combatants})
    use = {"inp": inp, "user": user, "combatants": combatants, "config": config,
           "already": list(already)}
    return carry_out(use, plan, slot, events, queue)


def pay(
    use: Mapping[str, Any], slot: tuple[str, bool] | None, events: list[Event]
) -> dict[str, bool]:
    """CR-R04, CR-G18, CR-G20: spend the action slot and the cost (never below 0); the actions
    left."""
    inp, user = use["inp"], use["user"]
    actions = dict(inp["actions"])
    if slot is not None:
        events.append({"type": "action", "slot": slot[0], "converted": slot[1]})
        actions = spent(actions, slot[0])
    cost = inp["power"]["cost"]
    if cost is not None:
        before = user[cost["resource"]]
        user[cost["resource"]] = max(0, before - cost["amount"])
        events.append({"type": "cost", "resource": cost["resource"], "amount": cost["amount"],
                       "before": before, "after": user[cost["resource"]]})
    return actions


def carry_out(
    use: Mapping[str, Any], plan: Mapping[str, Any], slot: tuple[str, bool] | None,
    events: list[Event], queue: DiceQueue,
) -> Result:
    """CR-R04-R12, CR-G20: spend the action and the cost, then land the power."""
    inp, user, combatants, config = use["inp"], use["user"], use["combatants"], use["config"]
    power = inp["power"]
    actions = pay(use, slot, events)
    if plan["range"] is not None:
        events.append(range_event(power["range"], plan["range"]))
    if plan["area"] is not None:
        events.append(plan["area"])
    targets = plan["targets"]
    events.append({"type": "targets", "targets": [t["id"] for t in targets]})
    triggers = [] if inp["opportunity"] else triggers_of(power, config)
    excluded = [*inp["oa_spent"], *use["already"]]
    by = provoked_by(user, combatants, excluded, config) if triggers else []
    if by:
        events.append({"type": "provoked", "triggers": triggers, "by": by})
    extension = plan["range"]["extension"] if plan["range"] is not None else 0
    die_mods = [-extension] if extension else []
    context = {"power": power, "config": config, "combatants": combatants,
               "situations": inp["situations"]}
    events += strike(user, targets, [*die_mods, *inp["die_mods"]], context, queue)
    events += self_effects(user, power)
    oa_spent = [*inp["oa_spent"], user["id"]] if inp["opportunity"] else list(inp["oa_spent"])
    return (events, {"used": True, "combatants": combatants, "actions": actions,
                     "oa_spent": oa_spent, "provoked": by, "targets": [t["id"] for t in targets]})


def use_power(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R04, CR-R05, CR-R06, CR-R07, CR-R08, CR-R09, CR-R10, CR-R11, CR-R12, CR-G01, CR-G02,
    CR-G03, CR-G07, CR-G08, CR-G10, CR-G12, CR-G13, CR-G14, CR-G15, CR-G18, CR-G20, CR-G22,
    CR-E09: one power used whole, as one chat card replays it."""
    # Each combatant's own dict: the rules set its fields, never change a value in place.
    combatants = [dict(c) for c in inp["combatants"]]
    return resolve_use(inp, combatants, config, queue, [])


RULES = {"use_power": use_power}
