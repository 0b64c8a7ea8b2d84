"""The full Turn with every fighter at once (DR-R07, DR-R08, DR-G21; mirror: turn.mjs).

Input `{state, visibility, choices}`:

- `state`: the fight as part B's `hits.resolve_hit` documents it, `{turn, fighters: {id: fighter},
  defences, on_ground}`; each fighter also carries part A's keys `hex`, `airborne`,
  `sensorial_class`, `traits`, `weapons`, `wielded` (and part B's `defence_uses`, `xp`, `played`);
  `#/$defs/turn_state` of the ruleset's `inputs.schema.json`.
- `visibility`: the location's Visibility level (DR-G23).
- `choices`: the secret cards (DR-R07 step 1), one per fighter still in the fight:
  `{fighter, card, wait, path, aim, boost, save_boost, protects, wield}`; `boost` gives the
  BOOSTs per hit of each target's damage roll, `save_boost` those the fighter adds to each save
  it rolls this Turn, `protects` whom an Active Defence covers (null: the owner), `wield` the
  weapons it holds from now on (DR-G36; null: no change). A card is
  `{id, kind, speed, focus, movement, reach, tags, weapon, damage, base_attribute, damage_type,
  hits, save, inflicts, active_defence}` (`#/$defs/turn_card`).

Events: the Turn and its mode, the Speeds (no card), any roll-offs and the order, then each
fighter's turn (Wait, reveal, movement, action), then the end of the Turn. Dice follow the
canonical order of catalogue §1.4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room import conditions, defences, hits
from compiler.rules.danger_room.acts import (
    ATTACKS,
    CHANGE_WEAPONS,
    Play,
    Scene,
    act,
    adopt,
    moved_to,
    occupied,
    rewield,
    senses_of,
)
from compiler.rules.danger_room.common import IN, Hex, Input, as_hex
from compiler.rules.danger_room.movement import move_event, path_of, walk
from compiler.rules.danger_room.order import (
    Speed,
    speed_order,
    speeds_event,
    turn_speed_of,
)
from compiler.rules.danger_room.reach import reach_of
from compiler.rules.danger_room.weapons import check_hands, weapon_of
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]
Chosen = tuple[Play, bool, list[Hex]]
"""A fighter's play, whether it Waits, and its path."""


def check_state(value: Input, config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R01, DR-R23: the fight state (checked) as a copy to update, after what its shape
    cannot say of each fighter: its `id` is its key, its Sensorial Class has the config's keys,
    its firearms hold at most their capacity, and it wields only weapons it carries, in two hands.
    """
    state = hits.state_copy(value)
    for ident in sorted_keys(state["fighters"]):
        where = f"{IN}.state.fighters[{ident}]"
        fighter = hits.pick(state, {"who": ident}, "who", where)
        senses_of(fighter, config)
        carried = [
            weapon_of(item, f"{where}.weapons[{index}]")
            for index, item in enumerate(fighter["weapons"])
        ]
        check_hands(carried, fighter["wielded"])
    return state


def play_of(choice: Input, where: str, state: Input, config: Mapping[str, Any]) -> Chosen:
    """DR-R07 step 1: one secret choice of a fighter of the state, its Speed worked out; an
    attacking card needs a Reach."""
    ident, card = choice["fighter"], choice["card"]
    if ident not in state["fighters"]:
        raise fail(where, f"{where}.fighter names no fighter of the state")
    reach = None
    if card["reach"] is not None:
        reach = reach_of(card["reach"], f"{where}.card.reach", config)
    elif card["kind"] in ATTACKS:
        raise fail(where, f"{where}.card.reach is required for a {card['kind']}")
    attributes = state["fighters"][ident]["attributes"]
    speed = turn_speed_of(attributes, card["speed"], card["focus"], config)
    boost, save_boost = choice["boost"], choice["save_boost"]
    wield = _wield_of(choice, where, config)
    protects = choice["protects"]
    play = Play(ident, card, reach, speed, choice["aim"], boost, save_boost, protects, wield)
    return (play, choice["wait"], path_of(choice["path"]))


def _wield_of(choice: Input, where: str, config: Mapping[str, Any]) -> list[str] | None:
    """DR-G36: the weapons a choice wields from now on: a `change_weapons` card needs them; any
    other card may carry them only when a change is free (`weapon_change: free`)."""
    wield: list[str] | None = choice["wield"]
    changes = choice["card"]["kind"] == CHANGE_WEAPONS
    if changes and wield is None:
        raise fail(where, f"{where}.wield is required for a {CHANGE_WEAPONS} card")
    if wield is not None and not changes and config["weapon_change"] == "costs_turn":
        raise fail(where, f"{where}.wield needs a {CHANGE_WEAPONS} card: a change costs the Turn")
    return wield


def plays_of(fields: Input, state: Input, config: Mapping[str, Any]) -> dict[str, Chosen]:
    """DR-R07 step 1: every fighter still in the fight chooses exactly one card."""
    plays: dict[str, Chosen] = {}
    for index, choice in enumerate(fields["choices"]):
        where = f"{IN}.choices[{index}]"
        play = play_of(choice, where, state, config)
        if play[0].fighter in plays:
            raise fail(where, f"{where}.fighter already chose a card this Turn")
        plays[play[0].fighter] = play
    inside = sorted(
        i for i, f in state["fighters"].items() if f["status"] not in ("down", "obliterated")
    )
    if sorted(plays) != inside:
        raise fail(IN, f"{IN}.choices must hold one card for each fighter still in the fight")
    return plays


def _disabled(
    fighter: Mapping[str, Any], card: Mapping[str, Any], config: Mapping[str, Any]
) -> bool:
    """DR-G41: a dampened fighter's gift cards (tagged as the dampener says) and, with
    `disables_focus`, its Focus cards (powers) do nothing."""
    if "dampened" not in fighter["conditions"]:
        return False
    dampener = config["dampener"]
    if dampener["disables_focus"] and card["focus"]:
        return True
    return any(tag in dampener["disables_tags"] for tag in card["tags"])


def _done(scene: Scene, fighter: str) -> None:
    scene.state["fighters"][fighter] = {**scene.state["fighters"][fighter], "acted": True}


def fighter_turn(scene: Scene, play: Play, path: list[Hex]) -> list[Event]:
    """DR-R07 steps 3-4, DR-G18, DR-G36, DR-G41: reveal the card, then move and act unless
    Dizzied.

    A Dizzied fighter's card does nothing (`move_and_act`) or only moves (`act_only`); a free
    weapon change goes with the movement.
    """
    state, config = scene.state, scene.config
    fighter = state["fighters"][play.fighter]
    events: list[Event] = [{"type": "reveal", "fighter": play.fighter, "card": play.card["id"]}]
    lost = conditions.loses_action(fighter, state["turn"])
    loses = config["dizzy_loses"]
    if _disabled(fighter, play.card, config):
        events.append({"type": "card_disabled", "fighter": play.fighter, "card": play.card["id"]})
    elif lost and loses == "move_and_act":
        events.append({"type": "action_lost", "fighter": play.fighter, "loses": loses})
    else:
        events += _move_and_act(scene, play, path, lost)
    _done(scene, play.fighter)
    return events


def _move_and_act(scene: Scene, play: Play, path: list[Hex], lost: bool) -> list[Event]:
    state, loses = scene.state, scene.config["dizzy_loses"]
    events: list[Event] = []
    if play.wield is not None and play.card["kind"] != CHANGE_WEAPONS:
        events += rewield(scene, play.fighter, play.wield, False)
    where = f"{IN}.choices[{play.fighter}].path"
    start = as_hex(state["fighters"][play.fighter]["hex"])
    end = walk(start, path, play.card["movement"], occupied(state, play.fighter), where)
    if path:
        events.append(move_event(play.fighter, start, end, len(path)))
        moved_to(state, play.fighter, end)
    if lost:
        events.append({"type": "action_lost", "fighter": play.fighter, "loses": loses})
    else:
        events += act(scene, play)
    return events


def _own_turn(scene: Scene, fighter: str) -> list[Event]:
    """DR-G26: a fighter's turn begins: their defences armed last Turn may run out."""
    inp = {"state": scene.state, "moment": "own_turn", "fighter": fighter}
    events, state = defences.expire_defences(inp, scene.config, scene.queue)
    adopt(scene, state)
    return events


def _out(scene: Scene, fighter: str) -> list[Event]:
    status = scene.state["fighters"][fighter]["status"]
    if status in ("down", "obliterated"):
        return [{"type": "skipped", "fighter": fighter, "status": status}]
    return []


def run_order(scene: Scene, order: list[str], plays: Mapping[str, Chosen]) -> list[Event]:
    """DR-R07 steps 3 and 5, DR-G20: fastest first; a Waiting fighter drops to the end once."""
    lifo = scene.config["wait_queue"] == "lifo"
    events: list[Event] = []
    waiting: list[str] = []
    for fighter in order:
        events += _own_turn(scene, fighter)
        skipped = _out(scene, fighter)
        play, wait, path = plays[fighter]
        if skipped:
            events += skipped
        elif wait:
            events.append({"type": "wait", "fighter": fighter})
            waiting.insert(0 if lifo else len(waiting), fighter)
        else:
            events += fighter_turn(scene, play, path)
    for fighter in waiting:
        skipped = _out(scene, fighter)
        events += skipped if skipped else fighter_turn(scene, plays[fighter][0], plays[fighter][2])
    return events


def end_turn(scene: Scene) -> list[Event]:
    """DR-G17, DR-G26: conditions and defences that run out with the Turn end; a new Turn begins."""
    state, number = scene.state, scene.state["turn"]
    events: list[Event] = []
    for ident in sorted_keys(state["fighters"]):
        ended, fighter = conditions.expire(state["fighters"][ident], number)
        events += ended
        state["fighters"][ident] = {**fighter, "acted": False}
    inp = {"state": state, "moment": "end_of_turn", "fighter": None}
    expired, updated = defences.expire_defences(inp, scene.config, scene.queue)
    adopt(scene, {**updated, "turn": number + 1})
    return [*events, *expired, {"type": "turn_end", "turn": number}]


def turn(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R01, DR-R07, DR-R08, DR-G19, DR-G20, DR-G21: one whole Turn for every fighter at once.

    Secret cards come in together; Speeds are revealed (cards stay hidden); the order is
    fastest first with roll-offs; each fighter in turn may Wait, then reveals, moves and acts.
    The mode (live or training) is announced first, as every fighter knows it.
    """
    state = check_state(inp["state"], config)
    visibility, mode = inp["visibility"], config["mode"]
    plays = plays_of(inp, state, config)
    for ident in plays:
        state["fighters"][ident] = {**state["fighters"][ident], "played": True, "acted": False}
    events: list[Event] = [{"type": "turn_start", "turn": state["turn"], "mode": mode}]
    speeds = [Speed(ident, play.speed) for ident, (play, _, _) in plays.items()]
    order, rolled = speed_order(speeds, config, queue)
    events += [speeds_event(speeds), *rolled, {"type": "order", "order": order}]
    saves = {ident: play.save_boost for ident, (play, _, _) in plays.items()}
    scene = Scene(state, config, queue, visibility, saves)
    events += run_order(scene, order, plays)
    events += end_turn(scene)
    return (events, scene.state)


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (turn,)}
