"""Actions, Minor actions, Movement, and reactions drawn from the next turn (mirror: `economy.mjs`).

A character's turn pools are `actions_left` / `minor_actions_left`; reactions taken since its last
turn are `owed_actions` / `owed_minor_actions`, which its next turn's pools lose (SDM-R06).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.config import table_row
from compiler.rules.sdm_pool.fields import IN
from compiler.rules.sdm_pool.sheet import Character, read_character, trait_level
from compiler.rules.shapes import fail

ACTION = "action"
MINOR = "minor"
Result = tuple[list[Event], State]


def allotment(character: Character, where: str, config: Mapping[str, Any]) -> tuple[int, int]:
    """SDM-R05, SDM-G04: (Actions, Minor actions) of a turn: the sheet's, else Intelligence's."""
    actions, minor = character["actions"], character["minor_actions"]
    if actions is None or minor is None:
        level = trait_level(character, "intelligence", where)
        row = table_row(config, "actions_by_int", level)
        actions = row["actions"] if actions is None else actions
        minor = row["minor_actions"] if minor is None else minor
    return (actions, minor)


def next_turn(character: Character, where: str, config: Mapping[str, Any]) -> tuple[int, int]:
    """SDM-R06: what the next turn keeps once the reactions owed are taken off (never below 0)."""
    actions, minor = allotment(character, where, config)
    if character["owed_actions"] > actions:
        raise fail(where, f"{where}.owed_actions must be at most {actions}, a turn's Actions")
    if character["owed_minor_actions"] > minor:
        raise fail(
            where, f"{where}.owed_minor_actions must be at most {minor}, a turn's Minor actions"
        )
    return (actions - character["owed_actions"], minor - character["owed_minor_actions"])


def movement_of(character: Character, where: str, config: Mapping[str, Any]) -> int:
    """SDM-R07, SDM-G05: the Movement of one move: the sheet's, else Dexterity's."""
    if character["movement"] is not None:
        sheet: int = character["movement"]
        return sheet
    row = table_row(config, "movement_by_dex", trait_level(character, "dexterity", where))
    found: int = row["movement"]
    return found


def disengage_distance(movement: int, config: Mapping[str, Any]) -> int:
    """SDM-G12, P14: half the Movement, rounded down (or up, by config)."""
    if config["disengage_rounding"] == "floor":
        return dice.floor_div(movement, 2)
    return dice.ceil_div(movement, 2)


def unable(character: Character) -> str | None:
    """SDM-R15, SDM-G21: why the character can take no Action at all (`dead`, `incapacitated`)."""
    if character["dead"]:
        return "dead"
    return "incapacitated" if character["incapacitated"] else None


def payment(actions: int, minor: int, cost: str, config: Mapping[str, Any]) -> str | None:
    """SDM-G14: what pays `cost` from these pools: a Minor action may be paid with an Action
    (`action_downgrade`), never the reverse; None when nothing can."""
    if cost == ACTION:
        return ACTION if actions >= 1 else None
    if minor >= 1:
        return MINOR
    return ACTION if config["action_downgrade"] and actions >= 1 else None


def refused(character: Character, what: str, reason: str) -> Event:
    """SDM-R05, SDM-R06, SDM-G11: the event of something the character cannot do."""
    return {"type": "refused", "id": character["id"], "what": what, "reason": reason}


def pay_now(
    character: Character, cost: str, what: str, config: Mapping[str, Any]
) -> tuple[Event, bool]:
    """SDM-R05, SDM-G14, SDM-G21: pay `cost` from this turn's pools, or a refusal."""
    reason = unable(character)
    paid = None
    if reason is None:
        paid = payment(character["actions_left"], character["minor_actions_left"], cost, config)
        reason = None if paid else ("no_action_left" if cost == ACTION else "no_minor_action_left")
    if paid is None:
        return (refused(character, what, str(reason)), False)
    character["actions_left" if paid == ACTION else "minor_actions_left"] -= 1
    event = {"type": "spend", "id": character["id"], "what": what, "cost": cost, "paid": paid,
             "actions_left": character["actions_left"],
             "minor_actions_left": character["minor_actions_left"]}
    return (event, True)


def pay_next(
    character: Character, cost: str, what: str, where: str, config: Mapping[str, Any]
) -> tuple[Event, bool]:
    """SDM-R06, SDM-G11, SDM-G14, SDM-G21: borrow `cost` from the next turn, or a refusal."""
    reason = unable(character)
    paid = None
    if reason is None:
        actions, minor = next_turn(character, where, config)
        paid = payment(actions, minor, cost, config)
        if paid is None:
            reason = "next_turn_has_no_" + ("action" if cost == ACTION else "minor_action")
    if paid is None:
        return (refused(character, what, str(reason)), False)
    character["owed_actions" if paid == ACTION else "owed_minor_actions"] += 1
    actions, minor = next_turn(character, where, config)
    event = {"type": "reaction", "id": character["id"], "what": what, "cost": cost, "paid": paid,
             "owed_actions": character["owed_actions"],
             "owed_minor_actions": character["owed_minor_actions"],
             "next_turn_actions": actions, "next_turn_minor_actions": minor}
    return (event, True)


def _one_character(inp: Any, config: Mapping[str, Any]) -> tuple[Character, str]:
    where = f"{IN}.character"
    return (read_character(inp["character"], where, config), where)


def action_allotment(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R05, SDM-G04, SDM-G06: the Actions and Minor actions a turn gives the character."""
    character, where = _one_character(inp, config)
    actions, minor = allotment(character, where, config)
    event = {"type": "allotment", "id": character["id"], "actions": actions,
             "minor_actions": minor}
    return ([event], {"actions": actions, "minor_actions": minor})


def movement(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R07, SDM-G05, SDM-G12, SDM-E06: Movement per move, and half of it for a Disengage."""
    character, where = _one_character(inp, config)
    moves = movement_of(character, where, config)
    state = {"movement": moves, "disengage": disengage_distance(moves, config),
             "unit": config["movement_unit"]["name"]}
    return ([{"type": "movement", "id": character["id"], **state}], state)


def spend_action(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R05, SDM-G14: spend an Action or a Minor action of this turn."""
    character, _ = _one_character(inp, config)
    event, done = pay_now(character, inp["cost"], inp["label"], config)
    return ([event], {"character": character, "done": done})


def react(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R06, SDM-G11, SDM-G14, SDM-E01: take a reaction, drawn from the next turn's pools."""
    character, where = _one_character(inp, config)
    event, done = pay_next(character, inp["cost"], inp["label"], where, config)
    return ([event], {"character": character, "done": done})
