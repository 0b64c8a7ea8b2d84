"""One whole round of a conflict (FW-R01, FW-R13, FW-G03, FW-G08, FW-G13; `rounds.mjs`).

"Each lasting just long enough for combatant to take two actions: one of which can be an
attack." The turns run in turn order; each attack is resolved as `attack` resolves it, against
the defender as earlier attacks left it, and is defended separately (FW-G13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.fate_wounds.characters import Character, condition, fill_characters
from compiler.rules.fate_wounds.conflict import order_turns
from compiler.rules.fate_wounds.exchange import Plan, Where, resolve_attack
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

ACTIONS = 2
"""FW-R01: actions a combatant takes in a round."""
ATTACKS = 1
"""FW-R01: of which at most this many are attacks."""

Result = tuple[list[Event], State]
Actions = Mapping[str, Sequence[Mapping[str, Any]]]


def check_turns(turns: Actions, characters: Sequence[Character], config: Mapping[str, Any]) -> None:
    """FW-R01, FW-R13: every turn belongs to a character of the round, takes at most two
    actions with at most one attack on another character, and none belongs to one already out."""
    by_id = {character["id"]: character for character in characters}
    for key in sorted_keys(turns):
        where = f"input.turns.{key}"
        if key not in by_id:
            raise fail(where, f"{where} names no character of the round")
        actions = turns[key]
        attacks = [a for a in actions if a["kind"] == "attack"]
        if len(actions) > ACTIONS or len(attacks) > ATTACKS:
            raise fail(where, f"{where} takes {len(actions)} actions, {len(attacks)} of them "
                              f"attacks: a round allows {ACTIONS}, at most {ATTACKS} an attack "
                              "(FW-R01)")
        for index, action in enumerate(actions):
            if action["kind"] == "attack" and action["target"] not in by_id:
                raise fail(where, f"{where}[{index}].target names no character of the round")
        if actions and condition(by_id[key], config).incapacitated:
            raise fail(where, f"{where}: {key} is out (FW-R13) and can take no action")


def round(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-R01, FW-R13, FW-G03, FW-G08, FW-G13: every character's turn, in turn order.

    A character knocked out before its turn loses it. Defending is free unless
    `config.defence_costs_action`: then it spends one of the defender's actions, and a defender
    with none left cannot defend (total 0). At most `config.attacks_per_defender_per_round`
    attacks a round on one defender (null: no limit).
    """
    characters = fill_characters(inp["characters"], "input.characters", config)
    turns: Actions = inp["turns"]
    check_turns(turns, characters, config)
    event, order, _ = order_turns(characters, inp["conflict"], inp["tie_order"], config)
    state = _Round(characters, config, queue)
    events = [event]
    for actor in order:
        events += state.turn(actor, turns.get(actor, []))
    return (events, {"order": order, "characters": [state.by_id[c["id"]] for c in characters]})


class _Round:
    """The round as it goes: the characters as the attacks leave them, actions left, attacks."""

    def __init__(
        self, characters: Sequence[Character], config: Mapping[str, Any], queue: DiceQueue
    ) -> None:
        self.by_id = {character["id"]: character for character in characters}
        self.left = {character["id"]: ACTIONS for character in characters}
        self.attacked = {character["id"]: 0 for character in characters}
        self.config, self.queue = config, queue

    def turn(self, actor: str, actions: Sequence[Mapping[str, Any]]) -> list[Event]:
        if condition(self.by_id[actor], self.config).incapacitated:
            return [{"type": "turn_skipped", "character": actor, "reason": "incapacitated"}]
        where = f"input.turns.{actor}"
        if len(actions) > self.left[actor]:
            raise fail(where, f"{where} takes {len(actions)} actions but {actor} has "
                              f"{self.left[actor]} left this round (FW-G08)")
        events: list[Event] = [{"type": "turn", "character": actor,
                                "actions_left": self.left[actor]}]
        for index, action in enumerate(actions):
            self.left[actor] -= 1
            if action["kind"] == "other":
                events.append({"type": "action", "character": actor, "kind": "other",
                               "name": action["name"]})
            else:
                events += self.attack(actor, action, f"{where}[{index}]")
        return events

    def attack(self, actor: str, action: Mapping[str, Any], where: str) -> list[Event]:
        target = action["target"]
        if target == actor:
            raise fail(where, f"{where}.target is {actor}: no one attacks itself")
        self.attacked[target] += 1
        limit = self.config["attacks_per_defender_per_round"]
        if limit is not None and self.attacked[target] > limit:
            raise fail(where, f"{where}: {target} may be attacked at most {limit} times a "
                              "round (FW-G13)")
        defence, reason = action["defence"], "no_defence_declared"
        if defence is not None and self.config["defence_costs_action"]:
            if self.left[target]:
                self.left[target] -= 1
            else:
                defence, reason = None, "no_action_left"
        paths = Where(f"input.characters.{actor}", f"input.characters.{target}",
                      f"{where}.attack", f"{where}.defence")
        done = resolve_attack(self.by_id[actor], self.by_id[target],
                              Plan(action["attack"], defence, paths, reason), self.config,
                              self.queue)
        self.by_id[actor], self.by_id[target] = done.attacker, done.defender
        return [{"type": "action", "character": actor, "kind": "attack", "target": target},
                *done.events]
