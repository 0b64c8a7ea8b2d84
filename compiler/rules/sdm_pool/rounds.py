"""A whole round: each combatant's turn in order, and the Counters after it (mirror: `rounds.mjs`).

Every step is checked before any die is taken. A turn starts (self-recovery first, SDM-G20),
runs its steps, each paying its cost or refused, and ends; the Counters earned meanwhile then
resolve in the order earned, before the next turn (`counter_timing: after_attacker_turn`), or
right after the attack that earned them (`immediately`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.economy import movement_of, pay_now, unable
from compiler.rules.sdm_pool.fields import IN, names_known
from compiler.rules.sdm_pool.opportunity import Plan, check_counters, read_plan
from compiler.rules.sdm_pool.opportunity import resolve_attack as attack_with
from compiler.rules.sdm_pool.recovery import begin_turn, stabilize_target
from compiler.rules.sdm_pool.sheet import Character, find_weapon, index_of, read_characters
from compiler.rules.shapes import fail

Fight = dict[str, Character]
Pending = list[tuple[str, str, Plan]]
Result = tuple[list[Event], State]


def read_order(order: list[str], fighters: Fight) -> list[str]:
    """SDM-R01, SDM-G16: the turn order: ids of combatants, each once (the shape's); those left
    out, such as a late joiner whose slot has passed, take no turn this round."""
    names_known(order, fighters, f"{IN}.order", "combatant")
    return order


def read_step(step: dict[str, Any], where: str, actor: Character, fighters: Fight) -> None:
    """SDM-R05, SDM-R07, SDM-R12, SDM-G20: one step of a turn (its shape read by the harness),
    checked against the fight: its target is another combatant, its weapons are their makers',
    and every Counter it chooses says which attack it makes."""
    if "target" in step and (step["target"] not in fighters or step["target"] == actor["id"]):
        raise fail(where, f"{where}.target must name another combatant")
    if step["kind"] == "attack":
        plan = read_plan(step, where, 0)
        find_weapon(actor, plan["weapon"], f"{where}.weapon")
        check_counters(plan, actor, fighters[step["target"]], True)
        step["plan"] = plan


def read_turns(turns: Mapping[str, list[Any]], order: list[str], fighters: Fight) -> None:
    """SDM-R01: each combatant's steps, by id; only combatants in the order have any."""
    where = f"{IN}.turns"
    for ident in sorted_keys(turns):
        if ident not in order:
            raise fail(where, f"{where}.{ident} names no combatant in the order")
        for index, step in enumerate(turns[ident]):
            read_step(step, f"{where}.{ident}[{index}]", fighters[ident], fighters)


def run_step(
    actor: Character, step: Mapping[str, Any], fighters: Fight, pending: Pending,
    context: Mapping[str, Any],
) -> list[Event]:
    """SDM-R05, SDM-R07, SDM-R08, SDM-G20: one step: its cost, then what it does. A Counter its
    attack earns joins `pending`. `context` holds the config, the queue and the paths."""
    config, queue = context["config"], context["queue"]
    kind = step["kind"]
    if kind == "attack":
        target = fighters[step["target"]]
        plan = {**step["plan"], "cost": "action", "attacker_where": context["paths"][actor["id"]],
                "target_where": context["paths"][target["id"]]}
        events, outcome = attack_with(actor, target, plan, config, queue)
        _queue_counter(outcome, plan, pending)
        return events
    if kind == "stabilize":
        where = context["paths"][actor["id"]]
        events, _ = stabilize_target(actor, fighters[step["target"]], where, config, queue)
        return events
    cost = "minor" if kind == "minor" else "action"
    event, paid = pay_now(actor, cost, step.get("label", kind), config)
    if not paid:
        return [event]
    if kind == "move":
        distance = movement_of(actor, context["paths"][actor["id"]], config)
        return [event, {"type": "move", "id": actor["id"], "distance": distance,
                        "unit": config["movement_unit"]["name"]}]
    return [event, {"type": "act", "id": actor["id"], "label": step["label"]}]


def _queue_counter(outcome: Mapping[str, Any], plan: Plan, pending: Pending) -> None:
    counter = outcome["counter"]
    if counter is not None:
        pending.append((counter["by"], counter["against"], plan["opportunity"]["counter"]))


def resolve_counters(
    pending: Pending, fighters: Fight, context: Mapping[str, Any]
) -> list[Event]:
    """SDM-R12, SDM-G13, SDM-G21: the pending Counters in the order earned, each an ordinary
    attack already paid for; one falling short may earn another, which joins the queue. A
    counterer who can no longer act loses its Counter."""
    events: list[Event] = []
    while pending:
        by, against, spec = pending.pop(0)
        counterer, target = fighters[by], fighters[against]
        reason = unable(counterer)
        if reason is not None:
            events.append({"type": "counter_lost", "by": by, "against": against,
                           "reason": reason})
            continue
        events.append({"type": "counter", "by": by, "against": against})
        plan = {**spec, "cost": "none", "attacker_where": context["paths"][by],
                "target_where": context["paths"][against]}
        attacked, outcome = attack_with(counterer, target, plan, context["config"],
                                        context["queue"])
        events += attacked
        _queue_counter(outcome, plan, pending)
    return events


def take_turn(
    actor: Character, steps: list[Any], fighters: Fight, context: Mapping[str, Any]
) -> list[Event]:
    """SDM-R01, SDM-R05, SDM-R06, SDM-G13: one combatant's turn and the Counters after it."""
    config = context["config"]
    where = context["paths"][actor["id"]]
    events, takes = begin_turn(actor, where, config, context["queue"])
    if not takes:
        return events
    immediate = config["counter_timing"] == "immediately"
    pending: Pending = []
    for index, step in enumerate(steps):
        events.append({"type": "step", "id": actor["id"], "index": index, "kind": step["kind"]})
        events += run_step(actor, step, fighters, pending, context)
        if immediate:
            events += resolve_counters(pending, fighters, context)
    events.append({"type": "turn_end", "id": actor["id"]})
    return events + resolve_counters(pending, fighters, context)


def play_round(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R01, SDM-R05, SDM-R06, SDM-R12, SDM-G13: every combatant in the order takes its turn
    ("in and around roughly ten seconds of fiction")."""
    combatants = read_characters(inp["combatants"], f"{IN}.combatants", config)
    fighters = {c["id"]: c for c in combatants}
    order = read_order(inp["order"], fighters)
    turns: dict[str, list[Any]] = inp["turns"]
    read_turns(turns, order, fighters)
    paths = {c["id"]: f"{IN}.combatants[{index_of(combatants, c['id'])}]" for c in combatants}
    context = {"config": config, "queue": queue, "paths": paths}
    events: list[Event] = [{"type": "round_start", "order": order}]
    for ident in order:
        events += take_turn(fighters[ident], turns.get(ident, []), fighters, context)
    events.append({"type": "round_end"})
    return (events, {"combatants": combatants, "order": order})
