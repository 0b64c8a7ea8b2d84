"""One combatant's turn: a Major and a Minor action, moves, summons and powers (CR-R04, CR-R09).

Mirror: `turn.mjs`. Steps run in order; a Minor step with the Minor spent takes the Major (CR-G18);
a refused step ends the turn, and the steps before it stand. Opportunity attacks are reported as
they are provoked, each enemy once per turn (CR-G10), never resolved here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.crytures.common import (
    IN,
    Combatant,
    adjacent,
    bad,
    by_id,
    enemies_of,
    named,
    occupant,
    on_grid,
    stat,
)
from compiler.rules.crytures.powers import resolve_use, spent, take_action
from compiler.rules.queue import DiceQueue

Result = tuple[list[Event], State]
Outcome = tuple[list[Event], str | None]
"""A step's events and, when it is refused, the reason."""


class Turn:
    """The turn so far: the actor, everyone, the actions left, and who has been provoked."""

    def __init__(self, inp: Mapping[str, Any], config: Mapping[str, Any]) -> None:
        # Each combatant's own dict: the rules set its fields, never change a value in place.
        self.combatants: list[Combatant] = [dict(c) for c in inp["combatants"]]
        self.table = by_id(self.combatants, f"{IN}.combatants")
        self.actor = named(self.table, inp["actor"], f"{IN}.actor")
        self.actions: dict[str, bool] = dict(inp["actions"])
        self.oa_spent: list[str] = list(inp["oa_spent"])
        self.provoked: list[str] = []
        self.moves = int(inp["moves"])
        self.config = config

    def act(self, action: str) -> Event | None:
        """CR-R04, CR-G18: spend an action slot; its event, or None when none is left."""
        slot = take_action(action, self.actions)
        if slot is None:
            return None
        self.actions = spent(self.actions, slot[0])
        return {"type": "action", "slot": slot[0], "converted": slot[1]}

    def provoke(self, found: Sequence[str], trigger: str) -> list[Event]:
        """CR-R09, CR-G10: the `provoked` event for `found`, each enemy once per turn unless
        `oa_limit` is `unlimited`."""
        limited = self.config["oa_limit"] == "one_per_enemy_per_triggering_turn"
        excluded = [*self.oa_spent, *self.provoked] if limited else []
        by = [ident for ident in found if ident not in excluded]
        self.provoked += [ident for ident in by if ident not in self.provoked]
        return [{"type": "provoked", "triggers": [trigger], "by": by}] if by else []


def path_cost(start: Sequence[int], path: Sequence[Sequence[int]], where: str,
              config: Mapping[str, Any]) -> int:
    """CR-R04, CR-G06: a move's cost, each step to an adjacent space; with `alternating`
    diagonals every second diagonal counts 2."""
    cost, diagonals, here = 0, 0, start
    for index, there in enumerate(path):
        if not adjacent(here, there, config):
            raise bad(f"{where}.path[{index}] must be a space adjacent to the one before it")
        diagonal = config["grid"] == "square" and here[0] != there[0] and here[1] != there[1]
        diagonals += diagonal
        alternate = diagonal and config["square_distance"] == "alternating" and not diagonals % 2
        cost += 2 if alternate else 1
        here = there
    return cost


def left_behind(turn: Turn, here: Sequence[int], there: Sequence[int]) -> list[str]:
    """CR-G11: the enemies a step from `here` to `there` provokes: each beside `here`
    (`leave_adjacent_space`), or beside `here` and not `there` (`leave_adjacency`)."""
    config = turn.config
    return [e["id"] for e in enemies_of(turn.combatants, turn.actor)
            if adjacent(e["position"], here, config)
            and (config["oa_move_trigger"] == "leave_adjacent_space"
                 or not adjacent(e["position"], there, config))]


def move(turn: Turn, step: Mapping[str, Any], where: str, queue: DiceQueue) -> Outcome:
    """CR-R04, CR-R09, CR-G11, CR-G18: move up to Speed spaces; leaving a space beside an
    enemy provokes it."""
    actor, config = turn.actor, turn.config
    cost = path_cost(actor["position"], step["path"], where, config)
    if take_action("minor", turn.actions) is None:
        return ([], "no_action")
    if turn.moves and config["extra_minor"] == "no_second_move":
        return ([], "second_move")
    if cost > stat(actor, "speed", f"{IN}.actor"):
        return ([], "too_far")
    if any(occupant(turn.combatants, space, actor["id"]) for space in step["path"]):
        return ([], "occupied")
    events = [turn.act("minor")]
    found: list[str] = []
    here = actor["position"]
    for there in step["path"]:
        found += [i for i in left_behind(turn, here, there) if i not in found]
        here = there
    events.append({"type": "move", "combatant": actor["id"], "from": list(actor["position"]),
                   "to": list(here), "cost": cost})
    actor["position"] = list(here)
    turn.moves += 1
    return ([e for e in events if e is not None] + turn.provoke(found, "move"), None)


def shift(turn: Turn, step: Mapping[str, Any], where: str, queue: DiceQueue) -> Outcome:
    """CR-R04, CR-R09: shift one space (Minor), provoking nothing."""
    actor = turn.actor
    if not adjacent(actor["position"], step["to"], turn.config):
        raise bad(f"{where}.to must be a space adjacent to the actor")
    if take_action("minor", turn.actions) is None:
        return ([], "no_action")
    if occupant(turn.combatants, step["to"], actor["id"]):
        return ([], "occupied")
    event = turn.act("minor")
    moved = {"type": "shift", "combatant": actor["id"], "from": list(actor["position"]),
             "to": list(step["to"])}
    actor["position"] = list(step["to"])
    return ([e for e in (event, moved) if e is not None], None)


def own_cryture(turn: Turn, step: Mapping[str, Any], where: str) -> Combatant:
    """CR-G19: the cryture a summon or recall step names (bad input if it names nobody)."""
    return named(turn.table, step["cryture"], f"{where}.cryture")


def summon(turn: Turn, step: Mapping[str, Any], where: str, queue: DiceQueue) -> Outcome:
    """CR-R04, CR-G19: summon one of the actor's crytures to a free adjacent space (Major), at
    most `max_active_crytures` on the grid."""
    actor, cryture, config = turn.actor, own_cryture(turn, step, where), turn.config
    active = [c for c in turn.combatants if c["kind"] == "cryture"
              and c["summoner"] == actor["id"] and on_grid(c)]
    if take_action("major", turn.actions) is None:
        return ([], "no_action")
    if cryture["kind"] != "cryture" or cryture["summoner"] != actor["id"]:
        return ([], "not_your_cryture")
    if cryture["position"] is not None:
        return ([], "cryture_active")
    if cryture["defeated"]:
        return ([], "defeated")
    if len(active) >= config["max_active_crytures"]:
        return ([], "too_many_crytures")
    if not adjacent(actor["position"], step["to"], config):
        return ([], "not_adjacent")
    if occupant(turn.combatants, step["to"], cryture["id"]):
        return ([], "occupied")
    event = turn.act("major")
    cryture["position"] = list(step["to"])
    summoned = {"type": "summon", "summoner": actor["id"], "cryture": cryture["id"],
                "to": list(step["to"])}
    return ([e for e in (event, summoned) if e is not None], None)


def recall(turn: Turn, step: Mapping[str, Any], where: str, queue: DiceQueue) -> Outcome:
    """CR-R04, CR-G19: recall one of the actor's crytures from the grid (Minor), keeping its
    Health."""
    actor, cryture = turn.actor, own_cryture(turn, step, where)
    if take_action("minor", turn.actions) is None:
        return ([], "no_action")
    if cryture["kind"] != "cryture" or cryture["summoner"] != actor["id"]:
        return ([], "not_your_cryture")
    if cryture["position"] is None:
        return ([], "cryture_inactive")
    event = turn.act("minor")
    cryture["position"] = None
    recalled = {"type": "recall", "summoner": actor["id"], "cryture": cryture["id"]}
    return ([e for e in (event, recalled) if e is not None], None)


def swap_weapons(turn: Turn, step: Mapping[str, Any], where: str, queue: DiceQueue) -> Outcome:
    """CR-R04: swap the wielded weapon (Minor)."""
    actor = turn.actor
    event = turn.act("minor")
    if event is None:
        return ([], "no_action")
    swapped = {"type": "swap_weapons", "combatant": actor["id"], "from": actor["wielded"],
               "to": step["weapon"]}
    actor["wielded"] = step["weapon"]
    return ([event, swapped], None)


def power(turn: Turn, step: Mapping[str, Any], where: str, queue: DiceQueue) -> Outcome:
    """CR-R04, CR-G13: use a power (its Action), or a Basic Attack (Major), whole."""
    use = {"user": turn.actor["id"], "power": step["power"], "target": step.get("target"),
           "aim": step.get("aim"), "direction": step.get("direction"),
           "situations": step["situations"], "die_mods": step["die_mods"],
           "actions": turn.actions, "opportunity": False,
           "basic_attack": step["kind"] == "basic_attack", "oa_spent": turn.oa_spent}
    events, state = resolve_use(use, turn.combatants, turn.config, queue, turn.provoked)
    if not state["used"]:
        return (events[:-1], events[-1]["reason"])
    turn.actions = state["actions"]
    turn.provoked += [ident for ident in state["provoked"] if ident not in turn.provoked]
    return (events, None)


STEPS: Mapping[str, Callable[[Turn, Mapping[str, Any], str, DiceQueue], Outcome]] = {
    "move": move, "shift": shift, "summon": summon, "recall": recall,
    "swap_weapons": swap_weapons, "basic_attack": power, "power": power,
}


def take_turn(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R04, CR-R09, CR-G09, CR-G10, CR-G11, CR-G18, CR-G19: one combatant's turn, step by
    step, with its Major and Minor actions."""
    turn = Turn(inp, config)
    actor = turn.actor
    events: list[Event] = [{"type": "turn_start", "actor": actor["id"]}]
    done = 0
    for index, step in enumerate(inp["steps"]):
        where = f"{IN}.steps[{index}]"
        events.append({"type": "step", "index": index, "kind": step["kind"]})
        if actor["defeated"] or actor["position"] is None:
            outcome: Outcome = ([], "defeated" if actor["defeated"] else "off_grid")
        else:
            outcome = STEPS[step["kind"]](turn, step, where, queue)
        events += outcome[0]
        if outcome[1] is not None:
            events.append({"type": "refused", "reason": outcome[1]})
            break
        done += 1
    events.append({"type": "turn_end", "actor": actor["id"], "actions": dict(turn.actions)})
    return (events, {"combatants": turn.combatants, "actions": dict(turn.actions),
                     "oa_spent": list(turn.oa_spent), "provoked": list(turn.provoked),
                     "steps_done": done})


RULES = {"take_turn": take_turn}
