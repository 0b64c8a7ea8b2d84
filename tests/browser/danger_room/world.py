"""A Danger Room fight for the harness, and what the Python engine says the module sees in it.

`sample_world` lays out the shipped fighters (X-23, Hellfire and two Hand Operatives, world
copies of the module's Actor pack documents) on a hex scene in a started Combat, every fighter
joined. Their tokens are made as Foundry makes them from the actors (`canvas.mjs`): linked and
disposed as each prototype token says (the shipped PCs Friendly and linked, the enemies Hostile
and unlinked). `read_fight` builds the engine's fight state from that world the way
`foundry/danger-room/fight.mjs` does (the sheet through the engine's content adapter, the side
from the token's disposition, the hex from its grid space), with the Python engine;
`apply_state` predicts the document updates a rule's new state implies.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any

from browser_page import BuiltModule, Doc
from card_text import change_text

from compiler.rules.danger_room import content

MODULE = "rulepack-danger-room"
COMBAT_ID = "harnessCombat001"
GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
FIGHT_KEYS = ("health", "status", "stamina", "shield_points", "conditions", "defence_uses",
              "acted", "played", "airborne", "weapons", "wielded")
PAIRED = ("conditions", "defence_uses")
SIDES = {-2: "secret", -1: "hostile", 0: "neutral", 1: "friendly"}
#: The cards and Active Defences no shipped fighter carries go on Hellfire's world copy, so every
#: shipped card macro has a fighter to play it.
EXTRA_CARDS = {"hellfire": {"cards": ["metal-pinions", "scrap-storm"],
                            "active_defences": ["barrier", "phasing"]}}


@dataclass(frozen=True)
class Seat:
    """One fighter at the table: its token, Combatant and actor, and where it stands."""

    fighter: str  # the engine fighter id stored on the Combatant
    actor: str  # the actor's author key
    token: str
    combatant: str
    hex: tuple[int, int]


SEATS = (
    Seat("x-23", "x-23", "tokX23", "cbtX23", (0, 0)),
    Seat("hellfire", "hellfire", "tokHellfire", "cbtHellfire", (-1, 2)),
    Seat("hand-operative", "hand-operative", "tokHandA", "cbtHandA", (1, 0)),
    Seat("hand-operative-2", "hand-operative", "tokHandB", "cbtHandB", (3, -1)),
)
#: Foundry's prototype token for an actor that sets none: unlinked and Hostile.
DEFAULT_DISPOSITION = -1


def disposition(actor: Doc) -> int:
    """The disposition of a token Foundry makes from `actor`: its prototype token's."""
    return int(actor.get("prototypeToken", {}).get("disposition", DEFAULT_DISPOSITION))


def js_json(value: object) -> str:
    """`JSON.stringify(value)`."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def built_config(module: BuiltModule) -> tuple[dict[str, Any], dict[str, Any]]:
    """RULES_CONFIG and RULES_DATA as the built module's `scripts/config.mjs` holds them."""
    text = (module.path / "scripts" / "config.mjs").read_text(encoding="utf-8")
    found = {}
    for name in ("RULES_CONFIG", "RULES_DATA"):
        match = re.search(rf"^export const {name} = Object\.freeze\((.*)\);$", text, re.M)
        assert match, name
        found[name] = json.loads(match[1])
    return found["RULES_CONFIG"], found["RULES_DATA"]


def key_of(doc: Doc) -> str:
    return str(doc["flags"][MODULE]["key"])


@dataclass
class World:
    """The staged world: actors by key, seats, the Combat's state, this client's storage."""

    module: BuiltModule
    config: dict[str, Any]
    data: dict[str, Any]
    actors: dict[str, Doc]
    items: dict[str, Doc]
    seats: tuple[Seat, ...]
    fighters: dict[str, dict[str, Any]]  # combatant id -> stored `flags.<module>.fighter`
    combatant_flags: dict[str, dict[str, Any]] = field(default_factory=dict)  # other flags
    combat_flags: dict[str, Any] = field(default_factory=dict)
    round: int = 1
    turn: int = 0
    initiative: dict[str, int | None] = field(default_factory=dict)
    storage: dict[str, str] = field(default_factory=dict)
    user: dict[str, Any] = field(default_factory=lambda: dict(GM))

    def seat(self, fighter: str) -> Seat:
        return next(s for s in self.seats if s.fighter == fighter)

    def name(self, fighter: str) -> str:
        return str(self.actors[self.seat(fighter).actor]["name"])

    def combatant_uuid(self, fighter: str) -> str:
        return f"Combat.{COMBAT_ID}.Combatant.{self.seat(fighter).combatant}"


def world_actors(
    module: BuiltModule, extras: dict[str, dict[str, list[str]]] = EXTRA_CARDS
) -> dict[str, Doc]:
    """World copies of the module's fighters by key, Hellfire carrying the extra cards (none
    when `extras` is empty: the fighters as the pack ships them)."""
    actors = {key_of(d): json.loads(json.dumps(d)) for _, d in module.documents("Actor")}
    for key, extra in extras.items():
        items = actors[key]["system"]["items"]
        for field_name, keys in extra.items():
            items[field_name] = [*items.get(field_name, []), *keys]
    return actors


def sample_world(
    module: BuiltModule, seats: tuple[Seat, ...] = SEATS,
    extras: dict[str, dict[str, list[str]]] = EXTRA_CARDS,
) -> World:
    """The four fighters joined in round 1 of a started Combat, full Health, nothing picked: on
    the harness's staged seats, or on `seats` a test read off a scene (with `extras` {}, the
    fighters as the pack ships them)."""
    config, data = built_config(module)
    config = content.rules_config(config, data)
    actors = world_actors(module, extras)
    items = {key_of(d): d for _, d in module.documents("Item")}
    world = World(module, config, data, actors, items, seats, {})
    for seat in seats:
        world.fighters[seat.combatant] = {"id": seat.fighter,
                                          **storable(starting_record(world, seat))}
    return world


# ------------------------------------------------------------------ the sheet (sheet.mjs)


def content_of(doc: Doc, ident: str | None = None) -> dict[str, Any]:
    """A document's content as the engine's content adapter takes it: `system` plus `id`."""
    return {**doc["system"], "id": ident or key_of(doc)}


def engine_card(world: World, key: str) -> dict[str, Any]:
    """`engineCard`: a card or Active Defence Item as the engine's card."""
    item = world.items[key]
    if item["type"].endswith(".active_defence"):
        return content.active_defence_card(content_of(item))
    return content.card_input(content_of(item), world.data)


def starting_record(world: World, seat: Seat) -> dict[str, Any]:
    """`startingRecord`: the fighter at the start of the fight, on its side and hex."""
    actor = world.actors[seat.actor]
    carried = actor["system"].get("items", {}).get("weapons", [])
    weapons = {k: content_of(world.items[k]) for k in carried}
    where = {"side": SIDES[disposition(actor)], "hex": list(seat.hex)}
    return content.combatant(content_of(actor, seat.fighter), weapons, world.data, world.config,
                             where)


# ------------------------------------------------------------------ the fight (fight.mjs)


def storable(record: dict[str, Any]) -> dict[str, Any]:
    """`storable`: the fight keys of a record, maps as [key, value] pairs in key order."""
    out: dict[str, Any] = {}
    for key in FIGHT_KEYS:
        if key in record:
            out[key] = sorted(record[key].items()) if key in PAIRED else record[key]
    return json.loads(json.dumps(out))


def record_of(world: World, seat: Seat) -> dict[str, Any]:
    """`entryOf`: one Combatant's engine fighter record, its stored fight state over the start."""
    stored = dict(world.fighters[seat.combatant])
    for key in PAIRED:
        stored[key] = dict(stored.get(key, []))
    return {**starting_record(world, seat), **stored}


@dataclass
class Fight:
    """`readFight`: the engine state of the staged fight, updated as the predicted play goes."""

    world: World
    state: dict[str, Any]
    visibility: str
    updates: list[tuple[str, str]] = field(default_factory=list)

    def fighter(self, ident: str) -> dict[str, Any]:
        found: dict[str, Any] = self.state["fighters"][ident]
        return found


def read_fight(world: World) -> Fight:
    stored = {"defences": [], "on_ground": [], "visibility": "clear",
              **world.combat_flags.get("fight", {})}
    fighters = {s.fighter: record_of(world, s) for s in world.seats}
    state = {"turn": max(1, world.round), "fighters": fighters,
             "defences": stored["defences"], "on_ground": stored["on_ground"]}
    return Fight(world, state, str(stored["visibility"]))


def update(fight: Fight, uuid: str, changes: dict[str, Any]) -> None:
    """One recorded document update, as the harness records it."""
    fight.updates.append((uuid, json.dumps(changes, sort_keys=True)))


def stored_before(fight: Fight, path: str) -> bool:
    """Whether an earlier predicted update already stored `path` on the Combat."""
    return any(uuid == f"Combat.{COMBAT_ID}" and path in json.loads(changes)
               for uuid, changes in fight.updates)


def key_label(key: str) -> str:
    """The lang key a card names a fight key by (`fight.mjs` `FIGHT_LABELS`)."""
    return "RULEPACK.DangerRoom.Key." + "".join(w.capitalize() for w in key.split("_"))


def word(world: World, group: str, key: str) -> str:
    """A rules' word as a card names it (`words.mjs`): "Dizzy" for the condition `dizzy`."""
    pascal = "".join(part.capitalize() for part in re.split(r"[_-]", key))
    found: str = world.module.lang.get(f"RULEPACK.DangerRoom.Word.{group}.{pascal}", key)
    return found


def shown_words(world: World, key: str, value: object) -> object:
    """A fight key's value as a card shows it (`fight.mjs` `displayOf`): a status and each
    condition ([id, turn] pairs) by its word."""
    if key == "status" and isinstance(value, str):
        return word(world, "Status", value)
    if key == "conditions" and isinstance(value, list):
        return [[word(world, "Condition", ident), turn] for ident, turn in value]
    return value


def apply_state(fight: Fight, after: dict[str, Any]) -> list[str]:
    """`applyState` on the GM's client: one update per changed key (`applyChanges`), and the
    card's change lines (before → after, as `chat-card.mjs` lists them)."""
    world, lines, at = fight.world, [], len(fight.updates)

    def change(uuid: str, name: str, path: str, before: object, value: object) -> None:
        key = path.rsplit(".", 1)[-1]
        lines.append(change_text(world.module.lang, name, path, shown_words(world, key, before),
                                 shown_words(world, key, value), label=key_label(key)))
        update(fight, uuid, {path: value})

    for seat in world.seats:
        nxt = after.get("fighters", {}).get(seat.fighter)
        if nxt is None:
            continue
        before, now = storable(fight.fighter(seat.fighter)), storable(nxt)
        for key in (k for k in now if js_json(before.get(k)) != js_json(now[k])):
            change(world.combatant_uuid(seat.fighter), world.name(seat.fighter),
                   f"flags.{MODULE}.fighter.{key}", before.get(key), now[key])
        fight.state["fighters"][seat.fighter] = {**fight.fighter(seat.fighter), **nxt}
    for key in ("defences", "on_ground"):
        if key in after and js_json(fight.state[key]) != js_json(after[key]):
            # A Combat has no name: the card names it by its document type, as Foundry does.
            path = f"flags.{MODULE}.fight.{key}"
            if key not in world.combat_flags.get("fight", {}) and not stored_before(fight, path):
                # `storeDefaults`, before any of the state's changes
                seeded = json.dumps({path: fight.state[key]})
                fight.updates.insert(at, (f"Combat.{COMBAT_ID}", seeded))
                at += 1
            name = world.module.lang["RULEPACK.Card.CombatName"]
            change(f"Combat.{COMBAT_ID}", name, path, fight.state[key], after[key])
            fight.state[key] = after[key]
    return lines


def fill(template: str, **data: object) -> str:
    """`game.i18n.format`: each `{key}` replaced once by its value as JS `String()` writes it."""
    def text(value: object) -> str:
        return json.dumps(value) if isinstance(value, bool) else str(value)

    return re.sub(r"{[^}]+}", lambda m: text(data[m.group()[1:-1]]), template)


# ------------------------------------------------------------------ staging


def commitment(card: str, nonce: str) -> str:
    """`hashOf`: SHA-256 of `card|nonce` in hex."""
    return hashlib.sha256(f"{card}|{nonce}".encode()).hexdigest()


def storage_key(world: World, seat: Seat) -> str:
    return ".".join([MODULE, "choice", "harness", COMBAT_ID, str(world.round), seat.combatant])


def picked(world: World, fighter: str, card: str, nonce: str, speed: int | None) -> World:
    """The world after `fighter` picked `card` on this client (and published its Speed)."""
    seat = world.seat(fighter)
    flags = {**world.combatant_flags.get(seat.combatant, {}),
             "commit": {"round": world.round, "hash": commitment(card, nonce)}}
    if speed is not None:
        flags["speed"] = {"round": world.round, "speed": speed}
    storage = {**world.storage, storage_key(world, seat): js_json({"card": card, "nonce": nonce})}
    return replace(world, combatant_flags={**world.combatant_flags, seat.combatant: flags},
                   storage=storage)


def scene(world: World, controlled: str | None, targets: tuple[str, ...] = ()) -> Doc:
    """The canvas (`stageScene`): the actors' world copies and one token per seat."""
    by_key = {s.actor: world.actors[s.actor] for s in world.seats}
    return {
        "actors": list(by_key.values()),
        "tokens": [{"id": s.token, "actor": world.actors[s.actor]["_id"], "q": s.hex[0],
                    "r": s.hex[1]} for s in world.seats],
        "controlled": [world.seat(controlled).token] if controlled else [],
        "targets": [world.seat(t).token for t in targets],
    }


def before(world: World) -> Doc:
    """The user, storage and Combat (`harness/stage.mjs` `stage`)."""
    combatants = [{
        "id": s.combatant, "tokenId": s.token, "actorId": world.actors[s.actor]["_id"],
        "name": world.actors[s.actor]["name"], "initiative": world.initiative.get(s.fighter),
        "flags": {MODULE: {"fighter": world.fighters[s.combatant],
                           **world.combatant_flags.get(s.combatant, {})}},
    } for s in world.seats]
    return {"user": world.user, "storage": world.storage, "fight": {
        "id": COMBAT_ID, "round": world.round, "turn": world.turn,
        "flags": {MODULE: world.combat_flags} if world.combat_flags else {},
        "combatants": combatants}}
