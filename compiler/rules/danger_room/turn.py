"""The full Turn with every fighter at once (DR-R07, DR-R08, DR-G21; mirror: turn.mjs).

Input `{state, visibility, choices}`:

- `state`: the fight as part B's `hits.resolve_hit` documents it, `{turn, fighters: {id: fighter},
  defences, on_ground}`; each fighter also carries part A's keys `hex`, `airborne`,
  `sensorial_class`, `traits`, `weapons`, `wielded` (and part B's `defence_uses`, `xp`, `played`).
- `visibility`: the location's Visibility level (DR-G23).
- `choices`: the secret cards (DR-R07 step 1), one per fighter still in the fight:
  `{fighter, card, wait, path, aim, boost, save_boost, protects}`; `boost` gives the BOOSTs
  per hit of each target's damage roll, `save_boost` those the fighter adds to each save it
  rolls this Turn, `protects` whom an Active Defence covers (null: the owner). A card is
  `{id, kind, speed, focus, movement, reach, tags, weapon, damage, base_attribute, damage_type,
  hits, save, inflicts, active_defence}`.

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
    Play,
    Scene,
    act,
    adopt,
    moved_to,
    occupied,
    read_protects,
    senses_of,
)
from compiler.rules.danger_room.attributes import read_attributes
from compiler.rules.danger_room.common import (
    CF,
    IN,
    config_object,
    read_hex,
    read_id,
    read_objects,
    read_str_list,
)
from compiler.rules.danger_room.movement import (
    MOVEMENT_MAX,
    MOVEMENT_MIN,
    move_event,
    read_path,
    walk,
)
from compiler.rules.danger_room.order import (
    Speed,
    speed_order,
    speeds_event,
    turn_speed_of,
)
from compiler.rules.danger_room.reach import read_reach
from compiler.rules.danger_room.weapons import check_hands, read_weapon
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import (
    SMALL_INT,
    expect_object,
    get_bool,
    get_choice,
    get_int,
    get_int_list,
    get_str,
    sorted_keys,
)
from compiler.rules.queue import DiceQueue

MODES: tuple[str, ...] = ("live", "training")
SPEED_LIMIT = 1000
KINDS: tuple[str, ...] = (
    "strike",
    "power",
    "block",
    "active_defence",
    "grab",
    "utility",
    "reload",
    "take_off",
    "land",
)
CHOICE_KEYS = ("fighter", "card", "wait", "path", "aim", "boost", "save_boost", "protects")
CARD_KEYS = ("id", "kind", "speed", "focus", "movement", "reach", "tags", "weapon")
EXTRA_KEYS = ("hex", "airborne", "sensorial_class", "traits", "weapons", "wielded", "played")
WAIT_QUEUES: tuple[str, ...] = ("fifo", "lifo")
LOSES: tuple[str, ...] = ("move_and_act", "act_only")

Result = tuple[list[Event], State]


def _need(value: Mapping[str, Any], where: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    for key in keys:
        if key not in value:
            raise RuleError(BAD_INPUT, f"{where}.{key} is required")
    return value


def read_state(value: object, config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R01: the fight state, part B's checks plus part A's keys on every fighter."""
    state = hits.check_state(value, f"{IN}.state")
    _need(state, f"{IN}.state", ("defences", "on_ground"))
    for ident in sorted_keys(state["fighters"]):
        where = f"{IN}.state.fighters[{ident}]"
        fighter = _need(hits.pick(state, {"who": ident}, "who", where), where, EXTRA_KEYS)
        read_hex(fighter, "hex", where)
        get_bool(fighter, "airborne", where)
        senses_of(fighter, config)
        carried = [read_weapon(item, at) for at, item in read_objects(fighter, "weapons", where)]
        check_hands(carried, read_str_list(fighter, "wielded", where))
        get_bool(fighter, "played", where)
    return state


def read_card(value: object, where: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R07: part A's fields of a card (part B checks the damage fields when it resolves)."""
    if not isinstance(value, Mapping):
        raise RuleError(BAD_INPUT, f"{where} must be an object")
    card = _need(value, where, CARD_KEYS)
    read_id(card, "id", where)
    get_choice(card, "kind", where, KINDS)
    get_int(card, "speed", where, -SPEED_LIMIT, SPEED_LIMIT)
    get_bool(card, "focus", where)
    get_int(card, "movement", where, MOVEMENT_MIN, MOVEMENT_MAX)
    read_str_list(card, "tags", where)
    if card["weapon"] is not None:
        read_id(card, "weapon", where)
    return dict(card)


def read_play(
    item: object, where: str, state: Mapping[str, Any], config: Mapping[str, Any]
) -> tuple[Play, bool, list[Any]]:
    """DR-R07 step 1: one secret choice; returns (play, wait, path)."""
    choice = expect_object(item, where, CHOICE_KEYS)
    ident = read_id(choice, "fighter", where)
    if ident not in state["fighters"]:
        raise RuleError(BAD_INPUT, f"{where}.fighter names no fighter of the state")
    card = read_card(choice["card"], f"{where}.card", config)
    reach = None
    if card["reach"] is not None:
        reach = read_reach(card["reach"], f"{where}.card.reach", config)
    elif card["kind"] in ATTACKS:
        raise RuleError(BAD_INPUT, f"{where}.card.reach is required for a {card['kind']}")
    attributes = read_attributes(state["fighters"][ident], f"{IN}.state.fighters[{ident}]")
    speed = turn_speed_of(attributes, card["speed"], card["focus"], config)
    aim = choice["aim"]
    if not isinstance(aim, Mapping):
        raise RuleError(BAD_INPUT, f"{where}.aim must be an object")
    boost = get_int_list(choice, "boost", where, 0, SMALL_INT)
    save_boost = get_int(choice, "save_boost", where, 0, SMALL_INT)
    play = Play(ident, card, reach, speed, aim, boost, save_boost, read_protects(choice, where))
    return (play, get_bool(choice, "wait", where), read_path(choice, "path", where))


def read_plays(
    fields: Mapping[str, Any], state: Mapping[str, Any], config: Mapping[str, Any]
) -> dict[str, tuple[Play, bool, list[Any]]]:
    """DR-R07 step 1: every fighter still in the fight chooses exactly one card."""
    plays: dict[str, tuple[Play, bool, list[Any]]] = {}
    for where, item in read_objects(fields, "choices", IN):
        play = read_play(item, where, state, config)
        if play[0].fighter in plays:
            raise RuleError(BAD_INPUT, f"{where}.fighter already chose a card this Turn")
        plays[play[0].fighter] = play
    inside = sorted(
        i for i, f in state["fighters"].items() if f["status"] not in ("down", "obliterated")
    )
    if sorted(plays) != inside:
        raise RuleError(
            BAD_INPUT, f"{IN}.choices must hold one card for each fighter still in the fight"
        )
    return plays


def _disabled(
    fighter: Mapping[str, Any], card: Mapping[str, Any], config: Mapping[str, Any]
) -> bool:
    """DR-G41: a dampened fighter's gift cards (tagged as the dampener says) do nothing."""
    if "dampened" not in fighter["conditions"]:
        return False
    dampener = config_object(
        config, "dampener", ("disables_tags", "removes_blind_fighting", "sensorial_class")
    )
    gone = read_str_list(dampener, "disables_tags", f"{CF}.dampener")
    return any(tag in gone for tag in card["tags"])


def _done(scene: Scene, fighter: str) -> None:
    scene.state["fighters"][fighter] = {**scene.state["fighters"][fighter], "acted": True}


def fighter_turn(scene: Scene, play: Play, path: list[Any]) -> list[Event]:
    """DR-R07 steps 3-4, DR-G18, DR-G41: reveal the card, then move and act unless Dizzied.

    A Dizzied fighter's card does nothing (`move_and_act`) or only moves (`act_only`).
    """
    state, config = scene.state, scene.config
    fighter = state["fighters"][play.fighter]
    events: list[Event] = [{"type": "reveal", "fighter": play.fighter, "card": play.card["id"]}]
    lost = conditions.loses_action(fighter, state["turn"])
    loses = get_choice(config, "dizzy_loses", CF, LOSES)
    if _disabled(fighter, play.card, config):
        events.append({"type": "card_disabled", "fighter": play.fighter, "card": play.card["id"]})
    elif lost and loses == "move_and_act":
        events.append({"type": "action_lost", "fighter": play.fighter, "loses": loses})
    else:
        where = f"{IN}.choices[{play.fighter}].path"
        start = read_hex(fighter, "hex", f"{IN}.state.fighters[{play.fighter}]")
        end = walk(start, path, play.card["movement"], occupied(state, play.fighter), where)
        if path:
            events.append(move_event(play.fighter, start, end, len(path)))
            moved_to(state, play.fighter, end)
        if lost:
            events.append({"type": "action_lost", "fighter": play.fighter, "loses": loses})
        else:
            events += act(scene, play)
    _done(scene, play.fighter)
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


def run_order(
    scene: Scene, order: list[str], plays: Mapping[str, tuple[Play, bool, list[Any]]]
) -> list[Event]:
    """DR-R07 steps 3 and 5, DR-G20: fastest first; a Waiting fighter drops to the end once."""
    lifo = get_choice(scene.config, "wait_queue", CF, WAIT_QUEUES) == "lifo"
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


def turn(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R01, DR-R07, DR-R08, DR-G19, DR-G20, DR-G21: one whole Turn for every fighter at once.

    Secret cards come in together; Speeds are revealed (cards stay hidden); the order is
    fastest first with roll-offs; each fighter in turn may Wait, then reveals, moves and acts.
    The mode (live or training) is announced first, as every fighter knows it.
    """
    fields = expect_object(inp, IN, ("state", "visibility", "choices"))
    state = read_state(fields["state"], config)
    visibility = get_str(fields, "visibility", IN)
    mode = get_choice(config, "mode", CF, MODES)
    plays = read_plays(fields, state, config)
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
