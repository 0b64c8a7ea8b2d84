"""Initiative: summed d10 pools, roll-offs, late entrants (CR-R01-R03, CR-G16, CR-G17).

Mirror: `initiative.mjs`. Canonical dice order (catalogue §5.4): every pool in roster order, then
each tied group, highest total first, rolls off until it is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.crytures.common import IN, bad
from compiler.rules.queue import DiceQueue

DIE = 10
Result = tuple[list[Event], State]


def roll_initiative(roller: Mapping[str, Any], queue: DiceQueue) -> tuple[int, Event]:
    """CR-R01, P3: Speed + Reflexes d10, summed; the total and its event."""
    pool = roller["speed"] + roller["reflexes"]
    faces = queue.take_many(DIE, pool)
    total = dice.sum_faces(faces)
    event = {"type": "initiative", "combatant": roller["id"], "pool": pool, "faces": faces,
             "total": total}
    return (total, event)


def roll_off_event(total: int, number: int, group: Sequence[str], faces: Sequence[int]) -> Event:
    """CR-R02: one round of a roll-off among the combatants tied at `total`."""
    return {"type": "roll_off", "total": total, "round": number, "group": list(group),
            "faces": list(faces)}


def settle_tie(
    group: Sequence[str], total: int, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[str], list[Event]]:
    """CR-R02, CR-G17, P10: the order of combatants tied at `total`, highest roll first.

    `subgroups_reroll`: those who tie again re-roll among themselves (P10). `whole_group_rerolls`:
    any repeated face re-rolls the whole group.
    """
    if config["initiative_ties"] == "subgroups_reroll":
        order, rounds = dice.roll_off(group, DIE, queue)
        return (order, [roll_off_event(total, r.number, r.group, r.faces) for r in rounds])
    events: list[Event] = []
    while True:
        faces = queue.take_many(DIE, len(group))
        events.append(roll_off_event(total, len(events) + 1, group, faces))
        if len(set(faces)) == len(faces):
            ranked = sorted(zip(faces, range(len(group)), strict=True), reverse=True)
            return ([group[index] for _, index in ranked], events)


def order_by_totals(
    totals: Sequence[tuple[str, int]], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[str], list[Event]]:
    """CR-R01, CR-R02: highest total first; each tied group, highest first, rolls off."""
    order: list[str] = []
    events: list[Event] = []
    for total in sorted({value for _, value in totals}, reverse=True):
        group = [ident for ident, value in totals if value == total]
        if len(group) == 1:
            order += group
            continue
        settled, rounds = settle_tie(group, total, config, queue)
        order += settled
        events += rounds
    return (order, events)


def initiative(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R01, CR-R02, CR-G17: every combatant's initiative, then the turn order."""
    rollers = inp["combatants"]
    seen: set[str] = set()
    for index, roller in enumerate(rollers):
        if roller["id"] in seen:
            raise bad(f"{IN}.combatants[{index}].id repeats an earlier id")
        seen.add(roller["id"])
    events: list[Event] = []
    totals: list[tuple[str, int]] = []
    for roller in rollers:
        total, event = roll_initiative(roller, queue)
        events.append(event)
        totals.append((roller["id"], total))
    order, rounds = order_by_totals(totals, config, queue)
    value = dict(totals)
    events += [*rounds, {"type": "order", "order": order}]
    return (events, {"order": [{"id": ident, "total": value[ident]} for ident in order]})


def _check_order(inp: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    order: list[Mapping[str, Any]] = inp["order"]
    ids = [entry["id"] for entry in order]
    for index, entry in enumerate(order):
        if entry["id"] in ids[:index]:
            raise bad(f"{IN}.order[{index}].id repeats an earlier id")
        if index and entry["total"] > order[index - 1]["total"]:
            raise bad(f"{IN}.order[{index}].total is higher than the total before it")
    if inp["entrant"]["id"] in ids:
        raise bad(f"{IN}.entrant.id is already in the order")
    if inp["acted"] > len(order):
        raise bad(f"{IN}.acted is more than the order holds")
    return order


def entrant_index(
    order: Sequence[Mapping[str, Any]], entrant: str, total: int,
    config: Mapping[str, Any], queue: DiceQueue,
) -> tuple[int, list[Event]]:
    """CR-R03, CR-G16, P10: where a late entrant goes: before the first combatant with a lower
    total, or of its total that it beats in a roll-off (`late_entrant_ties`)."""
    events: list[Event] = []
    policy = config["late_entrant_ties"]
    for index, entry in enumerate(order):
        if entry["total"] < total:
            return (index, events)
        if entry["total"] > total or policy == "entrant_after":
            continue
        if policy == "entrant_before":
            return (index, events)
        settled, rounds = dice.roll_off([entry["id"], entrant], DIE, queue)
        events += [roll_off_event(total, r.number, r.group, r.faces) for r in rounds]
        if settled[0] == entrant:
            return (index, events)
    return (len(order), events)


def late_entrant(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R03, CR-G16: a newcomer rolls initiative and joins the order; it acts now when it
    lands at or before the next combatant, else at its slot (next round if all have acted)."""
    order = _check_order(inp)
    acted: int = inp["acted"]
    entrant = inp["entrant"]
    total, event = roll_initiative(entrant, queue)
    index, rounds = entrant_index(order, entrant["id"], total, config, queue)
    joined = [dict(e) for e in order]
    joined.insert(index, {"id": entrant["id"], "total": total})
    ids = [e["id"] for e in joined]
    acts_now = acted < len(order) and index <= acted
    if acted >= len(order):
        this_round: list[str] = []
    elif acts_now:
        this_round = [entrant["id"], *[e["id"] for e in order[acted:]]]
    else:
        this_round = ids[acted:]
    inserted = {"type": "inserted", "combatant": entrant["id"], "index": index,
                "acts_now": acts_now}
    events = [event, *rounds, inserted, {"type": "order", "order": ids}]
    return (events, {"order": joined, "index": index, "acts_now": acts_now,
                     "this_round": this_round})


RULES = {"initiative": initiative, "late_entrant": late_entrant}
