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
from compiler.rules.danger_room.common import (
    CF,
    IN,
    Hex,
    hex_json,
    hex_value,
    read_hex,
    read_id,
    read_str_list,
)
from compiler.rules.danger_room.senses import DAMPENED, read_traits, trait_works
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import expect_object, get_bool, get_choice, get_int, get_list
from compiler.rules.queue import DiceQueue

MOVEMENT_MIN = 3
MOVEMENT_MAX = 5
FLIGHT = "flight"
ALTITUDE_CARDS: tuple[str, ...] = ("take_off", "land")

Result = tuple[list[Event], State]


def read_path(obj: Mapping[str, Any], key: str, where: str) -> list[Hex]:
    """DR-R07 step 4: a list of hexes `[[q, r], ...]` (empty: no movement)."""
    items = get_list(obj, key, where)
    return [hex_value(item, f"{where}.{key}[{i}]") for i, item in enumerate(items)]


def walk(
    start: Hex, path: Sequence[Hex], movement: int, occupied: Sequence[Hex], where: str
) -> Hex:
    """DR-R07 step 4: check a path of at most `movement` single steps and return where it ends."""
    if len(path) > movement:
        raise RuleError(
            BAD_INPUT, f"{where} takes {len(path)} steps but the card allows {movement}"
        )
    here = start
    for index, step in enumerate(path):
        if hexes.distance(here, step) != 1:
            raise RuleError(BAD_INPUT, f"{where}[{index}] is not a neighbour of the hex before it")
        here = step
    if path and here in occupied:
        raise RuleError(BAD_INPUT, f"{where} ends on a hex another fighter stands on")
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


def move(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R07 step 4: move up to the card's 3, 4 or 5 steps; Attributes never change it."""
    fields = expect_object(inp, IN, ("fighter", "movement", "path", "occupied"))
    fighter = expect_object(fields["fighter"], f"{IN}.fighter", ("id", "hex"))
    ident = read_id(fighter, "id", f"{IN}.fighter")
    start = read_hex(fighter, "hex", f"{IN}.fighter")
    movement = get_int(fields, "movement", IN, MOVEMENT_MIN, MOVEMENT_MAX)
    path = read_path(fields, "path", IN)
    occupied = read_path(fields, "occupied", IN)
    end = walk(start, path, movement, occupied, f"{IN}.path")
    return ([move_event(ident, start, end, len(path))], {"hex": hex_json(end)})


def change_altitude(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R24, DR-G31, DR-G37: take off (needs a working `flight` trait) or land; the card for
    the Turn, so it costs the fighter's action."""
    fields = expect_object(inp, IN, ("fighter", "card"))
    where = f"{IN}.fighter"
    fighter = expect_object(fields["fighter"], where, ("id", "airborne", "traits", "conditions"))
    ident = read_id(fighter, "id", where)
    airborne = get_bool(fighter, "airborne", where)
    dampened = DAMPENED in read_str_list(fighter, "conditions", where)
    card = get_choice(fields, "card", IN, ALTITUDE_CARDS)
    can_fly = trait_works(FLIGHT, read_traits(fighter, where), dampened, config)
    get_choice(config, "altitude_model", CF, ("binary",))
    event, now = altitude_event(ident, airborne, can_fly, card)
    return ([event], {"airborne": now})


def altitude_event(fighter: str, airborne: bool, can_fly: bool, card: str) -> tuple[Event, bool]:
    """DR-R24: the take-off or landing a card makes; impossible ones are `bad_input`."""
    if card == "take_off" and (airborne or not can_fly):
        raise RuleError(BAD_INPUT, "only a grounded fighter who can fly may take off")
    if card == "land" and not airborne:
        raise RuleError(BAD_INPUT, "only an airborne fighter may land")
    return ({"type": card, "fighter": fighter}, card == "take_off")


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        move,
        change_altitude,
    )
}
