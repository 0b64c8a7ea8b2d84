"""Armour, HP, incapacitation, healing and the GM's death decision (mirror: `harm.mjs`).

Damage goes first to the armour worn (outermost, the first listed, first), then to HP down to
the HP floor; the engine never kills (SDM-R15).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.fields import IN
from compiler.rules.sdm_pool.sheet import Character, read_character

DIE = 6
Result = tuple[list[Event], State]


def absorb(
    character: Character, damage: int, config: Mapping[str, Any]
) -> tuple[list[Event], int]:
    """SDM-R13, SDM-G17: each worn piece in turn takes its share; returns (events, damage through).

    `dr_depletes_hp`: a piece absorbs min(DR, damage left, its HP) and loses that much HP; at 0 it
    is Broken and its DR is 0. `layer`: a piece takes damage up to its HP, DR unused (`dr` null).
    """
    layer = config["armor_model"] == "layer"
    events: list[Event] = []
    left = damage
    for piece in character["armor"]:
        if left <= 0:
            break
        dr = None if layer else (0 if piece["broken"] else piece["dr"])
        taken = min(left, piece["hp"]) if dr is None else min(dr, left, piece["hp"])
        before, was_broken = piece["hp"], piece["broken"]
        piece["hp"] -= taken
        piece["broken"] = piece["hp"] == 0
        left -= taken
        events.append({"type": "armor", "id": character["id"], "piece": piece["id"], "dr": dr,
                       "absorbed": taken, "hp_before": before, "hp_after": piece["hp"],
                       "broken": piece["broken"]})
        if piece["broken"] and not was_broken:
            events.append({"type": "armor_breaks", "id": character["id"], "piece": piece["id"]})
    return (events, left)


def take_damage(character: Character, damage: int, config: Mapping[str, Any]) -> list[Event]:
    """SDM-R10, SDM-R13, SDM-R14, SDM-R15, SDM-G21: armour, then HP down to the floor, the rest
    recorded; at 0 HP or less the character is incapacitated, and death stays the GM's."""
    events, through = absorb(character, damage, config)
    before = character["hp"]
    after = max(config["hp_floor"], before - through)
    past = through - (before - after)
    character["hp"] = after
    character["unapplied_damage"] += past
    events.append({"type": "hp", "id": character["id"], "damage": through, "before": before,
                   "after": after, "past_floor": past})
    if after <= 0 and not character["incapacitated"]:
        character["incapacitated"] = True
        character["stabilized"] = False
        events.append({"type": "incapacitated", "id": character["id"], "death": "gm_decision"})
    return events


def check_roll(
    pool: int, needed: int, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[int], int, bool]:
    """SDM-G01, SDM-G20, P1, C3: roll `pool` d6; (faces, successes, whether they meet `needed`)."""
    faces = queue.take_many(DIE, pool)
    successes = dice.count_at_least(faces, config["success_min_face"])
    return (faces, successes, successes >= needed)


def stand_up(character: Character, hp: int) -> Event:
    """SDM-R14, SDM-G20: the character is no longer incapacitated, at `hp` HP."""
    character["hp"] = min(hp, character["max_hp"])
    character["incapacitated"] = False
    return {"type": "recovered", "id": character["id"], "hp": character["hp"]}


def apply_damage(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R13, SDM-R14, SDM-R15, SDM-G17, SDM-G21, SDM-E05: damage through armour to HP."""
    character = read_character(inp["character"], f"{IN}.character", config)
    return (take_damage(character, inp["damage"], config), {"character": character})


def heal(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R16, SDM-G23, SDM-R14: the GM's healing, up to Maximum HP (the seed gives no rate);
    above 0 HP an incapacitated character stands up. The dead are not healed."""
    character = read_character(inp["character"], f"{IN}.character", config)
    amount: int = inp["amount"]
    if character["dead"]:
        event = {"type": "refused", "id": character["id"], "what": "heal", "reason": "dead"}
        return ([event], {"character": character})
    before = character["hp"]
    after = min(character["max_hp"], before + amount)
    character["hp"] = after
    events: list[Event] = [{"type": "heal", "id": character["id"], "amount": amount,
                            "before": before, "after": after}]
    if character["incapacitated"] and after > 0:
        events.append(stand_up(character, after))
    return (events, {"character": character})


def decide_death(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R15: the GM and the player decide whether this is the moment; the engine records it."""
    character = read_character(inp["character"], f"{IN}.character", config)
    character["dead"] = inp["dead"]
    return ([{"type": "death", "id": character["id"], "dead": character["dead"]}],
            {"character": character})
