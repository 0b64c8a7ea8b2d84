"""Initiative: summed pools, the tie-breaks, and late joiners (mirror: `initiative.mjs`).

Everyone rolls 2 + Dexterity d6, summed (SDM-R02); the order is by total, then Dexterity
(SDM-R03), then player characters first (SDM-G15), then the players' `tie_order`, then the
roster. Each slot's sort key is a list of integers, compared item by item in both engines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cmp_to_key
from itertools import pairwise
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.fields import IN, names_known, unique_ids
from compiler.rules.sdm_pool.sheet import Character, read_character, read_characters, trait_level
from compiler.rules.shapes import fail

DIE = 6
BASE_DICE = 2
BREAKS: tuple[str, ...] = ("total", "dexterity", "side", "tie_order", "roster_order")
"""The tie-breaks in the order they apply; a key's items follow it."""
Slot = dict[str, Any]
Result = tuple[list[Event], State]


def roll_initiative(
    character: Character, where: str, queue: DiceQueue
) -> tuple[Event, Slot]:
    """SDM-R02, P3: 2 + Dexterity d6, summed; returns the event and the slot it earns."""
    dexterity = trait_level(character, "dexterity", where)
    faces = queue.take_many(DIE, BASE_DICE + dexterity)
    total = dice.sum_faces(faces)
    event = {"type": "initiative", "id": character["id"], "dexterity": dexterity,
             "pool": BASE_DICE + dexterity, "faces": faces, "total": total}
    return (event, {"id": character["id"], "total": total, "dexterity": dexterity,
                    "pc": character["pc"]})


def sort_key(
    slot: Slot, roster: int, tie_order: Sequence[str], config: Mapping[str, Any]
) -> list[int]:
    """SDM-R03, SDM-G15: [-total, -Dexterity, side, place in tie_order, place in the roster]."""
    side = 0 if slot["pc"] or not config["init_pc_first_on_tie"] else 1
    rank = tie_order.index(slot["id"]) if slot["id"] in tie_order else len(tie_order)
    return [-slot["total"], -slot["dexterity"], side, rank, roster]


def first_difference(a: Sequence[int], b: Sequence[int]) -> int:
    """The index of the first item where two keys differ, or their length if equal."""
    for index, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            return index
    return len(a)


def compare_keys(a: Sequence[int], b: Sequence[int]) -> int:
    """-1, 0 or 1 as key `a` sorts before, with or after `b`, item by item."""
    index = first_difference(a, b)
    if index == len(a):
        return 0
    return -1 if a[index] < b[index] else 1


def ordered(keys: Sequence[Sequence[int]]) -> list[int]:
    """SDM-R03: the indices of `keys` in sort order (a stable sort; keys end with the roster)."""
    def compare(a: int, b: int) -> int:
        return compare_keys(keys[a], keys[b])

    return sorted(range(len(keys)), key=cmp_to_key(compare))


def check_tie_order(
    keys: Sequence[list[int]], tie_order: Sequence[str], ids: Sequence[str],
    config: Mapping[str, Any],
) -> None:
    """SDM-G15: with `require_tie_order`, every combatant still tied after Dexterity and side must
    be placed by the players."""
    if config["init_unresolved_tie"] != "require_tie_order":
        return
    for index, key in enumerate(keys):
        tied = any(
            compare_keys(other[:3], key[:3]) == 0 for j, other in enumerate(keys) if j != index
        )
        if tied and ids[index] not in tie_order:
            raise fail(IN, f"{IN}.tie_order must place combatants[{index}]: it is still tied "
                           "after Dexterity")


def tie_events(
    slots: Sequence[Slot], keys: Sequence[list[int]], order: Sequence[int]
) -> list[Event]:
    """SDM-R03, SDM-G15: a `tie` event per total two or more share, highest first."""
    events: list[Event] = []
    for total in sorted({s["total"] for s in slots}, reverse=True):
        group = [i for i in order if slots[i]["total"] == total]
        if len(group) < 2:
            continue
        deepest = max(first_difference(keys[a], keys[b]) for a, b in pairwise(group))
        events.append({"type": "tie", "total": total,
                       "ids": [s["id"] for s in slots if s["total"] == total],
                       "order": [slots[i]["id"] for i in group], "decided_by": BREAKS[deepest]})
    return events


def read_tie_order(ids: Sequence[str], known: Sequence[str]) -> list[str]:
    """SDM-G15: the players' order for ties names combatants in the fight (distinct: shape)."""
    names_known(ids, known, f"{IN}.tie_order", "combatant")
    return list(ids)


def initiative(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R01, SDM-R02, SDM-R03, SDM-R04, SDM-G15, SDM-E02: roll initiative once for the fight;
    the GM narrates the opening, then the highest roller acts."""
    combatants = read_characters(inp["combatants"], f"{IN}.combatants", config)
    tie_order = read_tie_order(inp["tie_order"], [c["id"] for c in combatants])
    events: list[Event] = []
    slots: list[Slot] = []
    for index, character in enumerate(combatants):
        event, slot = roll_initiative(character, f"{IN}.combatants[{index}]", queue)
        events.append(event)
        slots.append(slot)
    keys = [sort_key(slot, index, tie_order, config) for index, slot in enumerate(slots)]
    check_tie_order(keys, tie_order, [s["id"] for s in slots], config)
    order = ordered(keys)
    events += tie_events(slots, keys, order)
    ids = [slots[i]["id"] for i in order]
    events.append({"type": "order", "order": ids})
    if ids:
        events.append({"type": "opening", "first": ids[0]})
    return (events, {"order": ids, "slots": [slots[i] for i in order]})


def _read_join(
    inp: Any, config: Mapping[str, Any]
) -> tuple[list[Slot], int, Character, list[str]]:
    slots: list[Slot] = inp["slots"]
    unique_ids(slots, f"{IN}.slots")
    next_index: int = inp["next_index"]
    if next_index > len(slots):
        raise fail(IN, f"{IN}.next_index must be at most {len(slots)}, the order's length")
    newcomer = read_character(inp["newcomer"], f"{IN}.newcomer", config)
    if any(slot["id"] == newcomer["id"] for slot in slots):
        raise fail(IN, f"{IN}.newcomer.id is already in the order")
    tie_order = read_tie_order(inp["tie_order"], [*(s["id"] for s in slots), newcomer["id"]])
    return (slots, next_index, newcomer, tie_order)


def join_initiative(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-G16: a late joiner rolls on arrival and takes the slot its total earns (existing
    combatants first on a full tie); if that slot has passed this round it first acts next round.
    With `append` it goes last."""
    slots, next_index, newcomer, tie_order = _read_join(inp, config)
    event, slot = roll_initiative(newcomer, f"{IN}.newcomer", queue)
    mine = sort_key(slot, len(slots), tie_order, config)
    keys = [sort_key(s, i, tie_order, config) for i, s in enumerate(slots)]
    check_tie_order([*keys, mine], tie_order, [*(s["id"] for s in slots), slot["id"]], config)
    place = len(slots)
    if config["late_joiner"] == "insert_by_total":
        later = [i for i, key in enumerate(keys) if compare_keys(key[:4], mine[:4]) > 0]
        place = later[0] if later else len(slots)
    acts = place >= next_index
    joined = [*slots[:place], slot, *slots[place:]]
    ids = [s["id"] for s in joined]
    events = [event, {"type": "joined", "id": slot["id"], "slot": place, "acts_this_round": acts},
              {"type": "order", "order": ids}]
    state = {"order": ids, "slots": joined, "next_index": next_index + (0 if acts else 1),
             "acts_this_round": acts}
    return (events, state)
