"""The start of a turn, recovering from 0 HP, and an ally's stabilise (mirror: `recovery.mjs`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.config import tier_successes
from compiler.rules.sdm_pool.economy import allotment, next_turn, pay_now, refused
from compiler.rules.sdm_pool.fields import IN
from compiler.rules.sdm_pool.harm import check_roll, stand_up
from compiler.rules.sdm_pool.sheet import Character, read_character, skill_level, trait_level
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]


def self_recover(
    character: Character, where: str, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], bool]:
    """SDM-R14, SDM-G20: base_dice + the trait's level d6 against the tier; success stands the
    character up at hp_after HP."""
    params = config["self_recovery"]
    pool = params["base_dice"] + trait_level(character, params["trait"], where)
    needed = tier_successes(config, params["tier"], "config.self_recovery.tier")
    faces, successes, success = check_roll(pool, needed, config, queue)
    events: list[Event] = [{"type": "recovery", "id": character["id"], "pool": pool,
                            "faces": faces, "successes": successes, "needed": needed,
                            "success": success}]
    if success:
        events.append(stand_up(character, params["hp_after"]))
    return (events, success)


def _no_turn(character: Character, reason: str) -> Event:
    for key in ("actions_left", "minor_actions_left", "owed_actions", "owed_minor_actions"):
        character[key] = 0
    return {"type": "no_turn", "id": character["id"], "reason": reason}


def begin_turn(
    character: Character, where: str, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], bool]:
    """SDM-R05, SDM-R06, SDM-R15, SDM-G20, SDM-G21: start the character's turn: the dead take
    none, the incapacitated roll to recover first; the pools are the allotment less what the
    reactions since the last turn borrowed. Returns (events, whether it takes a turn)."""
    if character["dead"]:
        return ([_no_turn(character, "dead")], False)
    events: list[Event] = []
    if character["incapacitated"]:
        events, up = self_recover(character, where, config, queue)
        if not up:
            return ([*events, _no_turn(character, "incapacitated")], False)
    actions, minor = next_turn(character, where, config)
    allotted, allotted_minor = allotment(character, where, config)
    events.append({"type": "allotment", "id": character["id"], "actions": allotted,
                   "minor_actions": allotted_minor})
    events.append({"type": "turn_start", "id": character["id"],
                   "borrowed_actions": character["owed_actions"],
                   "borrowed_minor_actions": character["owed_minor_actions"],
                   "actions": actions, "minor_actions": minor})
    character.update({"actions_left": actions, "minor_actions_left": minor,
                      "owed_actions": 0, "owed_minor_actions": 0})
    return (events, True)


def start_turn(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R05, SDM-R06, SDM-R14, SDM-G20, SDM-G21, SDM-E01: start one character's turn."""
    where = f"{IN}.character"
    character = read_character(inp["character"], where, config)
    events, _ = begin_turn(character, where, config, queue)
    return (events, {"character": character})


def stabilize_target(
    helper: Character, target: Character, where: str, config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], bool]:
    """SDM-R14, SDM-G20: the helper pays the config's cost and rolls base_dice + trait + skill d6
    against the tier; success marks the target stabilized and, with outcome revive, stands it up.
    Returns (events, success)."""
    params = config["stabilize"]
    if target["dead"] or not target["incapacitated"]:
        reason = "target_dead" if target["dead"] else "not_incapacitated"
        return ([refused(helper, "stabilize", reason)], False)
    event, paid = pay_now(helper, params["cost"], "stabilize", config)
    if not paid:
        return ([event], False)
    pool = params["base_dice"] + trait_level(helper, params["trait"], where)
    pool += skill_level(helper, params["skill"])
    needed = tier_successes(config, params["tier"], "config.stabilize.tier")
    faces, successes, success = check_roll(pool, needed, config, queue)
    events: list[Event] = [event, {"type": "stabilize", "by": helper["id"], "of": target["id"],
                                   "pool": pool, "faces": faces, "successes": successes,
                                   "needed": needed, "success": success}]
    if success:
        target["stabilized"] = True
        revive = params["outcome"] == "revive"
        events.append({"type": "stabilized", "id": target["id"], "revived": revive})
        if revive:
            events.append(stand_up(target, params["hp_after"]))
    return (events, success)


def stabilize(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R14, SDM-G20: an ally's Action to stabilise an incapacitated character."""
    helper = read_character(inp["helper"], f"{IN}.helper", config)
    target = read_character(inp["target"], f"{IN}.target", config)
    if target["id"] == helper["id"]:
        raise fail(IN, f"{IN}.target.id must differ from {IN}.helper.id")
    events, success = stabilize_target(helper, target, f"{IN}.helper", config, queue)
    return (events, {"helper": helper, "target": target, "success": success})
