"""Active Defences: arming, catching, riders and expiry (mirrored in `defences.mjs`).

Armed defences live in the fight state as `state["defences"]`, a list in arming order:
`{"owner", "protects", "card", "stops", "emergency", "effect", "amount", "heal", "empower"}`.
The Turn orchestration arms one when its owner's turn comes (`arm_defence`), asks
`defence_check` as the `active_defence_caught` miss check, and calls `expire_defences` when a
fighter's turn begins and at the end of each Turn. Uses per fight are counted on the owner's
record as `defence_uses: {card id: times armed}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.common import IN, Input
from compiler.rules.danger_room.hits import pick, state_copy
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]


def block_defence(config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-G27: the built-in Block card's Active Defence, from `config.block_defence`."""
    block = config["block_defence"]
    on_block = {"heal": 0, "empower": 0}
    return {**block, "targets": "self", "effect": "negate", "amount": 0, "on_block": on_block}


def card_defence(card: Input, where: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R16, DR-G11, DR-G27: a card's Active Defence (Block's built-in one if it has none)."""
    defence = card["active_defence"]
    if defence is None:
        if card["kind"] != "block":
            raise fail(where, f"{where}.active_defence is required for this card")
        return block_defence(config)
    return dict(defence)


def armed_list(state: Input) -> list[dict[str, Any]]:
    """The armed defences of the fight state (checked), as copies to update."""
    return [dict(item) for item in state["defences"]]


def stops_card(stops: list[str], card: Mapping[str, Any]) -> bool:
    """DR-R16, DR-R20, DR-G26, DR-G27: whether a defence built to stop `stops` stops `card`.

    `any` stops everything; `any_non_grab` everything but Grabs ("Grabs ignore Block");
    otherwise an entry must name the card's kind, one of its tags or its damage type.
    """
    grab = card["kind"] == "grab" or "grab" in card["tags"]
    names = {card["kind"], *card["tags"]}
    if card["damage_type"] is not None:
        names.add(card["damage_type"])
    return "any" in stops or ("any_non_grab" in stops and not grab) or bool(names & set(stops))


def can_catch(
    defence: Mapping[str, Any],
    card: Mapping[str, Any],
    aim: Mapping[str, Any],
    config: Mapping[str, Any],
) -> bool:
    """DR-R15, DR-R16, DR-G26: only an Emergency defence catches an Unreactable attack.

    With `active_defence_needs_sight`, a non-Emergency defence also fails while its owner's
    Visibility penalty (`aim["sight_penalties"][owner]`, default 0) is above 0.
    """
    if not stops_card(defence["stops"], card):
        return False
    if defence["emergency"]:
        return True
    if aim["unreactable"]:
        return False
    if not config["active_defence_needs_sight"]:
        return True
    penalties = aim["sight_penalties"]
    return defence["owner"] not in penalties or penalties[defence["owner"]] == 0


def _ride(
    fighter: dict[str, Any], defence: Mapping[str, Any]
) -> tuple[list[Event], dict[str, Any]]:
    """DR-R16: the on-block riders heal and empower the defence's owner, up to their maximums."""
    events: list[Event] = []
    if defence["heal"]:
        health = max(
            fighter["health"], min(fighter["max_health"], fighter["health"] + defence["heal"])
        )
        events.append({"type": "heal", "fighter": fighter["id"], "health": health})
        fighter = {**fighter, "health": health}
    if defence["empower"]:
        top = max(
            fighter["stamina"], min(fighter["stamina_max"], fighter["stamina"] + defence["empower"])
        )
        events.append({"type": "empower", "fighter": fighter["id"], "stamina": top})
        fighter = {**fighter, "stamina": top}
    return (events, fighter)


def _caught(
    state: dict[str, Any], defence: Mapping[str, Any], card: Mapping[str, Any]
) -> list[Event]:
    """DR-G11, DR-G26: a catch: Shield points to the protected fighter, riders to the owner."""
    fighters = state["fighters"]
    events: list[Event] = [
        {
            "type": "defence_caught",
            "owner": defence["owner"],
            "protects": defence["protects"],
            "card": defence["card"],
            "attack": card["id"],
            "effect": defence["effect"],
        }
    ]
    if defence["effect"] == "shield_points":
        shielded = pick(state, defence, "protects", f"{IN}.state.defences[caught]")
        points = shielded["shield_points"] + defence["amount"]
        events.append({"type": "shield", "fighter": shielded["id"], "shield_points": points})
        fighters[shielded["id"]] = {**shielded, "shield_points": points}
    owner = pick(state, defence, "owner", f"{IN}.state.defences[caught]")
    ride_events, fighters[owner["id"]] = _ride(owner, defence)
    return events + ride_events


def catch_attack(
    state: Input, attack: Input, config: Mapping[str, Any]
) -> tuple[list[Event], dict[str, Any], bool]:
    """DR-R16, DR-R20, DR-G03, DR-G26, DR-G29: the first armed defence over the target that
    can catch the card catches it, once for all its hits; returns (events, state, negated).

    A `negate` defence makes the whole card do nothing to the protected fighter; a
    `shield_points` one grants its Shield points and lets the card go on to step 5.
    """
    updated = state_copy(state)
    armed = armed_list(updated)
    for index, defence in enumerate(armed):
        if defence["protects"] != attack["target"]:
            continue
        if not can_catch(defence, attack["card"], attack, config):
            continue
        updated["defences"] = armed[:index] + armed[index + 1 :]
        events = _caught(updated, defence, attack["card"])
        return (events, updated, defence["effect"] == "negate")
    return ([], updated, False)


# --------------------------------------------------------------------------- rules


def defence_check(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R15, DR-R16, DR-R20, DR-G11, DR-G26, DR-G27, DR-G28, DR-G29: does a defence catch?

    Input `{state, request: {target, card, unreactable, sight_penalties}}`; the state result
    is `{negated, state}`: when `negated` the attack misses (`active_defence_caught`).
    """
    events, state, negated = catch_attack(inp["state"], inp["request"], config)
    return (events, {"negated": negated, "state": state})


def _uses(owner: Input, where: str) -> dict[str, int]:
    """The owner's `defence_uses`, which a fighter who arms a defence must carry."""
    if "defence_uses" not in owner:
        raise fail(where, f"{where}.defence_uses is required")
    return dict(owner["defence_uses"])


def _protects(state: Input, fields: Input, owner: Input, targets: str) -> str:
    """DR-R16, DR-G11: a defence covers its owner, or a teammate if it may target an ally."""
    protected = pick(state, fields, "protects", IN)
    if targets == "self" and protected["id"] != owner["id"]:
        raise fail(IN, f"{IN}.protects: this Active Defence covers only its owner")
    if protected["side"] != owner["side"]:
        raise fail(IN, f"{IN}.protects: a Shield covers only a teammate")
    name: str = protected["id"]
    return name


def _expire(
    armed: list[dict[str, Any]], owner: str | None
) -> tuple[list[Event], list[dict[str, Any]]]:
    gone = [d for d in armed if owner is None or d["owner"] == owner]
    events: list[Event] = [
        {"type": "defence_expired", "owner": d["owner"], "card": d["card"]} for d in gone
    ]
    return (events, [d for d in armed if not (owner is None or d["owner"] == owner)])


def arm_defence(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R16, DR-G11, DR-G26, DR-G27: `owner` spends its turn arming `card` over `protects`.

    Arming is a use: a defence whose `uses_per_fight` are spent cannot be armed again. A new
    defence replaces the owner's earlier one.
    """
    state = state_copy(inp["state"])
    armed = armed_list(state)
    owner = pick(state, inp, "owner", IN)
    card = inp["card"]
    card_id: str = card["id"]
    defence = card_defence(card, f"{IN}.card", config)
    uses = _uses(owner, f"{IN}.state.fighters[owner]")
    limit, used = defence["uses_per_fight"], uses.get(card_id, 0)
    if limit is not None and used >= limit:
        raise fail(IN, f"{IN}.card has no uses left this fight ({limit})")
    protects = _protects(state, inp, owner, defence["targets"])
    events, armed = _expire(armed, owner["id"])
    armed.append(
        {
            "owner": owner["id"],
            "protects": protects,
            "card": card_id,
            "stops": list(defence["stops"]),
            "emergency": defence["emergency"],
            "effect": defence["effect"],
            "amount": defence["amount"],
            "heal": defence["on_block"]["heal"],
            "empower": defence["on_block"]["empower"],
        }
    )
    left = None if limit is None else limit - used - 1
    state["fighters"][owner["id"]] = {**owner, "defence_uses": {**uses, card_id: used + 1}}
    event: Event = {
        "type": "defence_armed",
        "owner": owner["id"],
        "protects": protects,
        "card": card_id,
        "uses_left": left,
    }
    return ([*events, event], {**state, "defences": armed})


def expire_defences(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G26: `own_turn` (a fighter's turn begins) or `end_of_turn`: defences that run out.

    Under `until_next_own_turn` a defence ends when its owner's next turn begins; under
    `end_of_turn` every defence ends with the Turn.
    """
    state = state_copy(inp["state"])
    armed = armed_list(state)
    moment, owner = inp["moment"], inp["fighter"]
    if moment == "own_turn" and owner is None:
        raise fail(IN, f"{IN}.fighter must be a non-empty string")
    if moment == "end_of_turn" and owner is not None:
        raise fail(IN, f"{IN}.fighter must be null at the end of a Turn")
    if (moment == "own_turn") != (config["active_defence_lasts"] == "until_next_own_turn"):
        return ([], {**state, "defences": armed})
    events, armed = _expire(armed, owner)
    return (events, {**state, "defences": armed})


RULES: Mapping[str, Rule] = {
    rule.__name__: rule for rule in (arm_defence, defence_check, expire_defences)
}
