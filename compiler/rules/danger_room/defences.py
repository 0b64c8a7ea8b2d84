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
from compiler.rules.danger_room.combatant import check_names, require_keys
from compiler.rules.danger_room.hits import check_state, pick
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import (
    SMALL_INT,
    expect_object,
    get_bool,
    get_choice,
    get_int,
    get_list,
    get_str,
    sorted_keys,
)
from compiler.rules.queue import DiceQueue

IN = "input"
CF = "config"
S = SMALL_INT
DEFENCE_KEYS: tuple[str, ...] = (
    "stops",
    "emergency",
    "uses_per_fight",
    "targets",
    "effect",
    "amount",
    "on_block",
)
ARMED_KEYS: tuple[str, ...] = (
    "owner",
    "protects",
    "card",
    "stops",
    "emergency",
    "effect",
    "amount",
    "heal",
    "empower",
)
EFFECTS: tuple[str, ...] = ("negate", "shield_points")
LASTS: tuple[str, ...] = ("until_next_own_turn", "end_of_turn")
MOMENTS: tuple[str, ...] = ("own_turn", "end_of_turn")
Result = tuple[list[Event], State]


def block_defence(config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-G27: the built-in Block card's Active Defence, from `config.block_defence`."""
    where = f"{CF}.block_defence"
    block = expect_object(config["block_defence"], where, ("stops", "emergency", "uses_per_fight"))
    check_names(block, "stops", where)
    get_bool(block, "emergency", where)
    if block["uses_per_fight"] is not None:
        get_int(block, "uses_per_fight", where, 1, S)
    on_block = {"heal": 0, "empower": 0}
    return {**block, "targets": "self", "effect": "negate", "amount": 0, "on_block": on_block}


def card_defence(card: Mapping[str, Any], where: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R16, DR-G11, DR-G27: a card's Active Defence (Block's built-in one if it has none)."""
    raw = card["active_defence"]
    if raw is None:
        if card["kind"] != "block":
            raise RuleError(BAD_INPUT, f"{where}.active_defence is required for this card")
        return block_defence(config)
    at = f"{where}.active_defence"
    defence = expect_object(raw, at, DEFENCE_KEYS)
    check_names(defence, "stops", at)
    get_bool(defence, "emergency", at)
    if defence["uses_per_fight"] is not None:
        get_int(defence, "uses_per_fight", at, 1, S)
    get_choice(defence, "targets", at, ("self", "ally"))
    get_choice(defence, "effect", at, EFFECTS)
    get_int(defence, "amount", at, 0, S)
    on_block = expect_object(defence["on_block"], f"{at}.on_block", ("heal", "empower"))
    get_int(on_block, "heal", f"{at}.on_block", 0, S)
    get_int(on_block, "empower", f"{at}.on_block", 0, S)
    return dict(defence)


def armed_list(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The armed defences of the fight state, checked."""
    where = f"{IN}.state"
    require_keys(state, where, ("defences",))
    armed = get_list(state, "defences", where)
    for index, item in enumerate(armed):
        at = f"{where}.defences[{index}]"
        entry = expect_object(item, at, ARMED_KEYS)
        for key in ("owner", "protects", "card"):
            get_str(entry, key, at)
        check_names(entry, "stops", at)
        get_bool(entry, "emergency", at)
        get_choice(entry, "effect", at, EFFECTS)
        for key in ("amount", "heal", "empower"):
            get_int(entry, key, at, 0, S)
    return [dict(item) for item in armed]


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
    if not get_bool(config, "active_defence_needs_sight", CF):
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
    state: Mapping[str, Any], attack: Mapping[str, Any], config: Mapping[str, Any]
) -> tuple[list[Event], dict[str, Any], bool]:
    """DR-R16, DR-R20, DR-G03, DR-G26, DR-G29: the first armed defence over the target that
    can catch the card catches it, once for all its hits; returns (events, state, negated).

    A `negate` defence makes the whole card do nothing to the protected fighter; a
    `shield_points` one grants its Shield points and lets the card go on to step 5.
    """
    updated = check_state(state, f"{IN}.state")
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


def _attack(fields: Mapping[str, Any]) -> dict[str, Any]:
    where = f"{IN}.request"
    keys = ("target", "card", "unreactable", "sight_penalties")
    request = expect_object(fields["request"], where, keys)
    get_str(request, "target", where)
    card = require_keys(request["card"], f"{where}.card", ("id", "kind", "tags", "damage_type"))
    get_str(card, "id", f"{where}.card")
    get_str(card, "kind", f"{where}.card")
    check_names(card, "tags", f"{where}.card")
    if card["damage_type"] is not None:
        get_str(card, "damage_type", f"{where}.card")
    get_bool(request, "unreactable", where)
    penalties = request["sight_penalties"]
    if not isinstance(penalties, Mapping):
        raise RuleError(BAD_INPUT, f"{where}.sight_penalties must be an object")
    for key in sorted_keys(penalties):
        get_int(penalties, key, f"{where}.sight_penalties", 0, S)
    return dict(request)


def defence_check(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R15, DR-R16, DR-R20, DR-G11, DR-G26, DR-G27, DR-G28, DR-G29: does a defence catch?

    Input `{state, request: {target, card, unreactable, sight_penalties}}`; the state result
    is `{negated, state}`: when `negated` the attack misses (`active_defence_caught`).
    """
    fields = expect_object(inp, IN, ("state", "request"))
    attack = _attack(fields)
    events, state, negated = catch_attack(fields["state"], attack, config)
    return (events, {"negated": negated, "state": state})


def _uses(owner: Mapping[str, Any], where: str) -> dict[str, int]:
    require_keys(owner, where, ("defence_uses",))
    uses = owner["defence_uses"]
    if not isinstance(uses, Mapping):
        raise RuleError(BAD_INPUT, f"{where}.defence_uses must be an object")
    for key in sorted_keys(uses):
        get_int(uses, key, f"{where}.defence_uses", 0, S)
    return dict(uses)


def _protects(
    state: Mapping[str, Any], fields: Mapping[str, Any], owner: Mapping[str, Any], targets: str
) -> str:
    """DR-R16, DR-G11: a defence covers its owner, or a teammate if it may target an ally."""
    protected = pick(state, fields, "protects", IN)
    if targets == "self" and protected["id"] != owner["id"]:
        raise RuleError(BAD_INPUT, f"{IN}.protects: this Active Defence covers only its owner")
    if protected["side"] != owner["side"]:
        raise RuleError(BAD_INPUT, f"{IN}.protects: a Shield covers only a teammate")
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


def arm_defence(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R16, DR-G11, DR-G26, DR-G27: `owner` spends its turn arming `card` over `protects`.

    Arming is a use: a defence whose `uses_per_fight` are spent cannot be armed again. A new
    defence replaces the owner's earlier one.
    """
    fields = expect_object(inp, IN, ("state", "owner", "card", "protects"))
    state = check_state(fields["state"], f"{IN}.state")
    armed = armed_list(state)
    owner = pick(state, fields, "owner", IN)
    card = require_keys(fields["card"], f"{IN}.card", ("id", "kind", "active_defence"))
    card_id = get_str(card, "id", f"{IN}.card")
    get_str(card, "kind", f"{IN}.card")
    defence = card_defence(card, f"{IN}.card", config)
    uses = _uses(owner, f"{IN}.state.fighters[owner]")
    limit, used = defence["uses_per_fight"], uses.get(card_id, 0)
    if limit is not None and used >= limit:
        raise RuleError(BAD_INPUT, f"{IN}.card has no uses left this fight ({limit})")
    protects = _protects(state, fields, owner, defence["targets"])
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


def expire_defences(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G26: `own_turn` (a fighter's turn begins) or `end_of_turn`: defences that run out.

    Under `until_next_own_turn` a defence ends when its owner's next turn begins; under
    `end_of_turn` every defence ends with the Turn.
    """
    fields = expect_object(inp, IN, ("state", "moment", "fighter"))
    state = check_state(fields["state"], f"{IN}.state")
    armed = armed_list(state)
    moment = get_choice(fields, "moment", IN, MOMENTS)
    lasts = get_choice(config, "active_defence_lasts", CF, LASTS)
    if moment == "own_turn":
        owner: str | None = get_str(fields, "fighter", IN)
    elif fields["fighter"] is not None:
        raise RuleError(BAD_INPUT, f"{IN}.fighter must be null at the end of a Turn")
    else:
        owner = None
    if (moment == "own_turn") != (lasts == "until_next_own_turn"):
        return ([], {**state, "defences": armed})
    events, armed = _expire(armed, owner)
    return (events, {**state, "defences": armed})


RULES: Mapping[str, Rule] = {
    rule.__name__: rule for rule in (arm_defence, defence_check, expire_defences)
}
