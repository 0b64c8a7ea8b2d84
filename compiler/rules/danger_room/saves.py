"""DR-R11 saves and DR-G42 contests: cardless pools opposed with P12 (mirrored in `saves.mjs`).

A save is the target's cardless pool against the attacker's successes; the tie goes to the
target ("a tie is a save"), and a botched save fails (DR-G14).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.attributes import ATTRIBUTES, cardless_pool
from compiler.rules.danger_room.combatant import attribute_bonus
from compiler.rules.danger_room.common import IN, Input
from compiler.rules.danger_room.rolls import Pool, roll, spend_boost
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]


class SaveCall(NamedTuple):
    """What a save rolls: the save's name or attribute, Unreactable, and the target's BOOSTs."""

    name: str
    unreactable: bool
    boost: int


def save_attribute(name: str, config: Mapping[str, Any]) -> str:
    """DR-G08: the attribute a save rolls: one of the five, or a name in `save_aliases`."""
    aliases: Mapping[str, str] = config["save_aliases"]
    if name in ATTRIBUTES:
        return name
    if name in aliases:
        return aliases[name]
    raise fail(IN, "a save or contest must name an attribute or a name in config.save_aliases")


def save_pool_size(
    fighter: Mapping[str, Any], attribute: str, unreactable: bool, config: Mapping[str, Any]
) -> int:
    """DR-R06, DR-R11, DR-G06, DR-E02: the save pool, max(1, 3 + bonus).

    Under `defense_model: reflex_save` an Unreactable attack drops a positive Agility bonus
    from an Agility (Reflex) save: "you lose your Agility bonus to Defense" (DR-R15).
    """
    value = attribute_bonus(fighter, attribute, config)
    if attribute == "agility" and unreactable and config["defense_model"] == "reflex_save":
        value = min(0, value)
    return cardless_pool(value)


def is_saved(against: int, successes: int, botch: bool) -> bool:
    """DR-R11, DR-G14, P12: saved when the save meets the attacker's successes, unbotched."""
    return not botch and dice.opposed(against, successes, "defender") == "defender"


def roll_save(
    target: Mapping[str, Any], call: SaveCall, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], dict[str, Any], int, bool]:
    """DR-R11, DR-G15: the target pays its BOOSTs and rolls its save pool.

    Returns (events, updated target, successes, botch).
    """
    attribute = save_attribute(call.name, config)
    paid = spend_boost(target, call.boost, "save", config)
    size = save_pool_size(paid, attribute, call.unreactable, config)
    events, successes, botch = roll(paid, Pool(size, "save", call.boost), config, queue)
    return (events, paid, successes, botch)


def save_event(target: str, against: int, successes: int, botch: bool) -> Event:
    """DR-R11: the event comparing one save roll with one attacker result."""
    return {
        "type": "save",
        "fighter": target,
        "against": against,
        "successes": successes,
        "saved": is_saved(against, successes, botch),
    }


# --------------------------------------------------------------------------- rules


def save_pool(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R11, DR-G06, DR-G08, DR-E02: the save pool of `attributes` for `save`; no dice."""
    attribute = save_attribute(inp["save"], config)
    size = save_pool_size(inp, attribute, inp["unreactable"], config)
    event: Event = {"type": "save_pool", "attribute": attribute, "pool": size}
    return ([event], {"pool": size})


def save(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R11, DR-G14, DR-G15, DR-G16, P12: `target` saves against `against` successes."""
    against = inp["against"]
    call = SaveCall(inp["save"], inp["unreactable"], inp["boost"])
    events, paid, successes, botch = roll_save(inp["target"], call, config, queue)
    events.append(save_event(paid["id"], against, successes, botch))
    return (events, {"saved": is_saved(against, successes, botch), "target": paid})


def _contestant(
    fields: Input, side: str, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], dict[str, Any], int]:
    attribute = save_attribute(fields[f"{side}_attribute"], config)
    boost = fields[f"{side}_boost"]
    paid = spend_boost(fields[side], boost, "contest", config)
    size = cardless_pool(attribute_bonus(paid, attribute, config))
    events, successes, _ = roll(paid, Pool(size, "contest", boost), config, queue)
    return (events, paid, successes)


def contest(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R06, DR-G42, P12: a cardless contest; the challenger rolls first, a tie per config."""
    events, challenger, a = _contestant(inp, "challenger", config, queue)
    more, defender, d = _contestant(inp, "defender", config, queue)
    side = dice.opposed(a, d, config["contest_tie"])
    winner = challenger["id"] if side == "attacker" else defender["id"]
    result: Event = {"type": "contest", "challenger": a, "defender": d, "winner": winner}
    state: State = {"winner": winner, "challenger": challenger, "defender": defender}
    return ([*events, *more, result], state)


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (save_pool, save, contest)}
