"""`resolve_hit`: one landed card on one target, steps 1-6 and crossing 0 (`hits.mjs`).

This is the entry point the Turn orchestration (part A) calls for every target an attack
reaches once the miss checks (Reach, Dazzled, Active Defence) have let it through:

    events, state = resolve_hit({"state": state, "request": request}, config, queue)

- `state`: the fight, `{"turn": int >= 1, "fighters": {id: fighter}, ...}` (`#/$defs/state` of
  the ruleset's `inputs.schema.json`; fighters this card does not touch come back untouched).
- `request`: `{"attacker": id, "target": id, "card": card, "boost": [int per hit],
  "save_boost": int, "unreactable": bool, "penalty_dice": int}`; `card` is `#/$defs/card`;
  `boost` and `save_boost` are the players' BOOST choices (C4); `unreactable` (DR-G24) and
  `penalty_dice` (DR-G23) are worked out by part A.
- returns the events and the whole new fight state.

Dice, in the canonical order of catalogue §1.4: every hit's damage pool (hit 1 first), then the
attacker's opposing pool if the save needs one (DR-G07), then the target's save pool, then the
target's zero-Health d20 if it crossed 0. An Immune target takes no dice at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.combatant import attribute_bonus
from compiler.rules.danger_room.common import IN, Input
from compiler.rules.danger_room.conditions import duration, inflict_condition
from compiler.rules.danger_room.damage import (
    Hit,
    check_card,
    negates_on_save,
    pool_parts,
    relation,
    settle_hit,
)
from compiler.rules.danger_room.health import settle_blow
from compiler.rules.danger_room.rolls import Pool, roll, spend_boost
from compiler.rules.danger_room.saves import SaveCall, is_saved, roll_save, save_event
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

CARDLESS_DAMAGE = 3
"""DR-G07: a hinder-only power with no Damage opposes the save with Base 3."""

Result = tuple[list[Event], State]


def state_copy(state: Input) -> dict[str, Any]:
    """The fight state (checked) as a copy to update: its own `fighters` map, other keys kept."""
    return {**state, "fighters": dict(state["fighters"])}


def pick(state: Input, source: Input, role: str, where: str) -> dict[str, Any]:
    """The fighter `source[role]` names (`where` locates `source`), whose `id` must be its key;
    a copy to update."""
    name = source[role]
    if name not in state["fighters"]:
        raise fail(where, f"{where}.{role} names no fighter of the state")
    fighter = state["fighters"][name]
    if fighter["id"] != name:
        raise fail(IN, f"{IN}.state.fighters[{role}].id must equal its key")
    return {**fighter, "conditions": dict(fighter["conditions"])}


def _check_boost(request: Input, hits: int) -> None:
    if len(request["boost"]) != hits:
        raise fail(IN, f"{IN}.request.boost must give one number per hit ({hits})")


def _roll_hits(
    attacker: dict[str, Any],
    target: Mapping[str, Any],
    request: Mapping[str, Any],
    config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], list[int]]:
    card = request["card"]
    events: list[Event] = []
    rolled: list[int] = []
    for index, boost in enumerate(request["boost"]):
        parts = pool_parts(attacker, target, card, request, config)
        head = {"type": "damage_pool", "attacker": attacker["id"], "target": target["id"]}
        events.append({**head, "hit": index + 1, **parts})
        pool = Pool(parts["size"], "damage", boost)
        roll_events, successes, _ = roll(attacker, pool, config, queue)
        events += [{**event, "hit": index + 1} for event in roll_events]
        rolled.append(successes)
    return (events, rolled)


def _opposing(
    attacker: Mapping[str, Any],
    card: Mapping[str, Any],
    config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], int]:
    """DR-G07: the attacker's separate pool, max(1, (Damage or 3) + Base Attribute bonus)."""
    base = card["damage"] if card["damage"] is not None else CARDLESS_DAMAGE
    gain = (
        0
        if card["base_attribute"] is None
        else attribute_bonus(attacker, card["base_attribute"], config)
    )
    events, successes, _ = roll(attacker, Pool(max(1, base + gain), "opposing", 0), config, queue)
    return (events, successes)


def _save_step(
    sides: tuple[Mapping[str, Any], dict[str, Any]],
    request: Mapping[str, Any],
    rolled: list[int],
    config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], dict[str, Any], list[bool]]:
    """DR-R11, DR-G07, DR-G29: one save roll per card use, compared with every hit."""
    attacker, target = sides
    card = request["card"]
    if card["save"] is None:
        if request["save_boost"]:
            raise fail(IN, f"{IN}.request.save_boost needs a card with a save")
        return ([], target, [False] * len(rolled))
    mode = config["save_opposed_by"]
    events: list[Event] = []
    against = rolled
    if mode == "separate_roll" or card["damage"] is None:
        events, successes = _opposing(attacker, card, config, queue)
        against = [successes] * max(1, len(rolled))
    call = SaveCall(card["save"]["attribute"], request["unreactable"], request["save_boost"])
    save_events, paid, successes, botch = roll_save(target, call, config, queue)
    events += save_events
    for index, value in enumerate(against):
        events.append({**save_event(paid["id"], value, successes, botch), "hit": index + 1})
    return (events, paid, [is_saved(value, successes, botch) for value in against])


def _riders(
    target: dict[str, Any], card: Mapping[str, Any], turn: int, config: Mapping[str, Any]
) -> tuple[list[Event], dict[str, Any]]:
    events: list[Event] = []
    for rider in card["inflicts"]:
        turns = duration(rider["duration_turns"], config)
        event, target = inflict_condition(target, rider["condition"], turns, turn)
        events.append(event)
    return (events, target)


def _stopped(card: Mapping[str, Any], saved: list[bool], config: Mapping[str, Any]) -> bool:
    """DR-R11: a save stops a hinder-only power, a `negate` save everything, riders per config."""
    if card["save"] is None or not all(saved):
        return False
    return negates_on_save(card) or config["riders_on_save"] == "stopped"


def _land(
    state: dict[str, Any],
    request: Mapping[str, Any],
    config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], dict[str, Any]]:
    card, turn, fighters = request["card"], state["turn"], state["fighters"]
    attacker = pick(state, request, "attacker", f"{IN}.request")
    for boost in request["boost"]:
        attacker = spend_boost(attacker, boost, "damage", config)
    fighters[attacker["id"]] = attacker
    target = pick(state, request, "target", f"{IN}.request")
    events, rolled = (
        ([], []) if card["damage"] is None else _roll_hits(attacker, target, request, config, queue)
    )
    save_events, target, saved = _save_step((attacker, target), request, rolled, config, queue)
    events += save_events
    before = target["health"]
    negated = negates_on_save(card)
    for index, successes in enumerate(rolled):
        hit = Hit(index + 1, successes, saved[index], saved[index] and negated)
        hit_events, target = settle_hit(target, hit, card, turn, config)
        events += hit_events
    blow_events, target = settle_blow(target, before, config, queue)
    events += blow_events
    if not _stopped(card, saved, config):
        rider_events, target = _riders(target, card, turn, config)
        events += rider_events
    fighters[target["id"]] = target
    return (events, state)


def resolve_hit(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R11, DR-R17, DR-R19, DR-R20, DR-R25, DR-R28, DR-G07, DR-G29, DR-G33, DR-E06, DR-E07.

    One landed card on one target: Immune does nothing at all (no dice); otherwise every hit
    rolls against the same Soak, one save roll answers every hit, steps 3-6 run per hit, the
    crossing-0 roll once after the whole card, then the card's riders (unless a save stops
    them). The attacker pays for its BOOSTs, the target for its save BOOSTs.
    """
    state, request = state_copy(inp["state"]), inp["request"]
    card = request["card"]
    check_card(card, f"{IN}.request.card")
    _check_boost(request, card["hits"] if card["damage"] is not None else 0)
    target = pick(state, request, "target", f"{IN}.request")
    pick(state, request, "attacker", f"{IN}.request")
    if relation(target, card["damage_type"], config) == "immune":
        event: Event = {
            "type": "immune",
            "fighter": target["id"],
            "damage_type": card["damage_type"],
        }
        return ([event], state)
    return _land(state, request, config, queue)


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (resolve_hit,)}
