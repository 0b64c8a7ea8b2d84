"""An attack: both rolls, the comparison and the wound (FW-R02-R06, FW-R10-R13; `exchange.mjs`).

"If the attacker's roll exceeds the defender's roll, the attack is successful"; a tie is the
defender's (FW-R04), and the damage is the margin (FW-R05). The attacker's dice come first in
the queue, then the defender's (catalogue §3.4 canonical order).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.fate_wounds.characters import Character, fill_character
from compiler.rules.fate_wounds.rolls import Declared, roll_side
from compiler.rules.fate_wounds.track import wound
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]
TIE = "defender"
"""FW-R04: "If the defender's roll ties or exceeds the attacker's roll, the defense is
successful"."""


class Where(NamedTuple):
    """The input paths of an attack's two characters and two declarations, for messages."""

    attacker: str
    defender: str
    attack: str
    defence: str


class Plan(NamedTuple):
    """An attack as declared: both declarations (a null defence is none), where they are in the
    input, and why a null defence is null (`no_defence_declared` or `no_action_left`)."""

    attack: Mapping[str, Any]
    defence: Mapping[str, Any] | None
    where: Where
    reason: str = "no_defence_declared"


class Outcome(NamedTuple):
    """What an attack did: its events, the hit and damage, and both characters after it."""

    events: list[Event]
    hit: bool
    damage: int
    attacker: Character
    defender: Character


def compared(attack: int, defence: int) -> tuple[Event, bool, int]:
    """FW-R04, FW-R05, P12, P13: (compare event, hit, damage = the margin or 0)."""
    winner = dice.opposed(attack, defence, TIE)
    damage = dice.margin(attack, defence) if winner == "attacker" else 0
    event = {"type": "compare", "attack": attack, "defence": defence, "winner": winner,
             "damage": damage}
    return (event, winner == "attacker", damage)


def resolve_attack(
    attacker: Character, defender: Character, plan: Plan, config: Mapping[str, Any],
    queue: DiceQueue,
) -> Outcome:
    """FW-R02-R06, FW-R10-R13, FW-G08: roll the attack, then the defence (none: total 0),
    compare, and mark a hit on the defender's track."""
    where = plan.where
    if attacker["id"] == defender["id"]:
        raise fail(where.defender, f"{where.defender} is the attacker: no one attacks itself")
    declared = Declared("attack", plan.attack, where.attacker, where.attack)
    events, total, attacker = roll_side(attacker, declared, config, queue)
    if plan.defence is None:
        events.append({"type": "no_defence", "character": defender["id"],
                       "reason": plan.reason, "total": 0})
        against = 0
    else:
        declared = Declared("defence", plan.defence, where.defender, where.defence)
        rolled, against, defender = roll_side(defender, declared, config, queue)
        events += rolled
    event, hit, damage = compared(total, against)
    events.append(event)
    if hit:
        marked, defender, _ = wound(defender, damage, config)
        events += marked
    return Outcome(events, hit, damage, attacker, defender)


def compare(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-R04, FW-R05: compare an attack and a defence total; ties go to the defender."""
    event, hit, damage = compared(inp["attack"], inp["defence"])
    return ([event], {"hit": hit, "damage": damage})


def attack(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-R02-R06, FW-R10-R13, FW-G08: one attack and its defence (null: none, total 0)."""
    attacker = fill_character(inp["attacker"], "input.attacker", config)
    defender = fill_character(inp["defender"], "input.defender", config)
    where = Where("input.attacker", "input.defender", "input.attack", "input.defence")
    plan = Plan(inp["attack"], inp["defence"], where)
    done = resolve_attack(attacker, defender, plan, config, queue)
    return (done.events, {"hit": done.hit, "damage": done.damage, "attacker": done.attacker,
                          "defender": done.defender})
