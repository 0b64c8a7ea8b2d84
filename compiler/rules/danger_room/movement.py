"""Movement before acting: 3, 4 or 5 steps, the card's own number (DR-R07 step 4).

Mirror: `movement.mjs`.

A path is the list of hexes entered, one step each; every step goes to a face neighbour. A path
may not end on a hex another fighter stands on (one fighter per hex; the seed is silent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room import hexes
from compiler.rules.danger_room.common import IN, Hex, Input, as_hex, hex_json
from compiler.rules.danger_room.senses import DAMPENED, trait_works, traits_of
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

FLIGHT = "flight"

Result = tuple[list[Event], State]


def path_of(items: Sequence[Sequence[int]]) -> list[Hex]:
    """DR-R07 step 4: a checked list of hexes `[[q, r], ...]` (empty: no movement)."""
    return [as_hex(item) for item in items]


def walk(
    start: Hex, path: Sequence[Hex], movement: int, occupied: Sequence[Hex], where: str
) -> Hex:
    """DR-R07 step 4: check a path of at most `movement` single steps and return where it ends."""
    if len(path) > movement:
        raise fail(IN, f"{where} takes {len(path)} steps but the card allows {movement}")
    here = start
    for index, step in enumerate(path):
        if hexes.distance(here, step) != 1:
            raise fail(IN, f"{where}[{index}] is not a neighbour of the hex before it")
        here = step
    if path and here in occupied:
        raise fail(IN, f"{where} ends on a hex another fighter stands on")
    return here


def move_event(fighter: str, start: Hex, end: Hex, steps: int) -> Event:
    """DR-R07 step 4: a fighter's movement before acting."""
    return {
        "type": "move",
        "fighter": fighter,
        "from": hex_json(start),
        "to": hex_json(end),
        "steps": steps,
    }


def move(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R07 step 4: move up to the card's 3, 4 or 5 steps; Attributes never change it."""
    ident, start = inp["fighter"]["id"], as_hex(inp["fighter"]["hex"])
    path, occupied = path_of(inp["path"]), path_of(inp["occupied"])
    end = walk(start, path, inp["movement"], occupied, f"{IN}.path")
    return ([move_event(ident, start, end, len(path))], {"hex": hex_json(end)})


def change_altitude(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R24, DR-G31, DR-G37: take off (needs a working `flight` trait) or land; the card for
    the Turn, so it costs the fighter's action."""
    fighter = inp["fighter"]
    dampened = DAMPENED in fighter["conditions"]
    can_fly = trait_works(FLIGHT, traits_of(fighter), dampened, config)
    event, now = altitude_event(fighter["id"], fighter["airborne"], can_fly, inp["card"])
    return ([event], {"airborne": now})


def altitude_event(fighter: str, airborne: bool, can_fly: bool, card: str) -> tuple[Event, bool]:
    """DR-R24: the take-off or landing a card makes; impossible ones are `bad_input`."""
    if card == "take_off" and (airborne or not can_fly):
        raise fail(IN, "only a grounded fighter who can fly may take off")
    if card == "land" and not airborne:
        raise fail(IN, "only an airborne fighter may land")
    return ({"type": card, "fighter": fighter}, card == "take_off")


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        move,
        change_altitude,
    )
}
