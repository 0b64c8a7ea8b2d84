"""A Crytures fight for the harness, and what the Python engine says the module sees in it.

`fight_case` lays out world copies of the shipped fighters (the Module's Actor pack documents) on a
square scene and in the viewed Combat: the Sample Binder and its bound Pebblet on the friendly
side, Voltflare, Sparkit and a wild Emberling on the hostile one. `read_fight` builds the engine's
combatants from that world the way `foundry/crytures/fight.mjs` does (the sheet through the
engine's content adapter `compiler/rules/crytures/content.py`, the side from the token's
disposition, the space from its grid square, the fight state from the Combatant's flags).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

from browser_page import BuiltModule, Doc

from compiler.rules import engines, run_case
from compiler.rules.crytures import content

MODULE = "rulepack-crytures"
ENGINE = "crytures"
COMBAT_ID = "harnessCombat001"
GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
PLAYER = {"_id": "cryPlayerUser001", "name": "Player", "role": 1}
SIDES = {-2: "secret", -1: "hostile", 0: "neutral", 1: "friendly"}
GRID_DISTANCE = 10
Dice = tuple[tuple[int, int], ...]
D10 = 10
#: The Sample Binder's Pebblet summoned (on the grid).
ACTIVE = {"pebblet": {"active": True}}
_EXPORT = re.compile(r"^export const (\w+) = Object\.freeze\((.*)\);$", re.M)


@dataclass(frozen=True)
class Seat:
    """One fighter at the table: its actor's key, its ids, its square and side."""

    key: str
    actor: str
    space: tuple[int, int]
    disposition: int
    initiative: float
    elevation: int = 0

    @property
    def token(self) -> str:
        return f"tok-{self.actor}"

    @property
    def combatant(self) -> str:
        return f"cbt-{self.actor}"[:16]


SEATS = (
    Seat("sample-binder", "cryBinder0000001", (0, 0), 1, 50),
    Seat("pebblet", "cryPebblet000001", (1, 0), 1, 40),
    Seat("voltflare", "cryVoltflare0001", (2, 0), -1, 30),
    Seat("emberling", "cryEmberling0001", (2, 1), -1, 20),
    Seat("sparkit", "crySparkit000001", (6, 0), -1, 10),
)


def config_data(module: BuiltModule) -> dict[str, Any]:
    """The generated constants of the module's `scripts/config.mjs`."""
    text = (module.path / "scripts" / "config.mjs").read_text(encoding="utf-8")
    return {name: json.loads(value) for name, value in _EXPORT.findall(text)}


def config_overrides(module: BuiltModule) -> Doc:
    """The module's rules_config as overrides of the engine's defaults (`configOverrides`)."""
    defaults = engines()[ENGINE].config
    built = config_data(module)["RULES_CONFIG"]
    return {k: v for k, v in built.items()
            if json.dumps(v, sort_keys=True) != json.dumps(defaults[k], sort_keys=True)}


def flag(doc: Doc, key: str) -> Any:
    return doc.get("flags", {}).get(MODULE, {}).get(key)


def pack_actor(module: BuiltModule, key: str) -> Doc:
    return next(d for _, d in module.documents("Actor") if flag(d, "key") == key)


def world_actor(module: BuiltModule, seat: Seat, owner: str | None = None) -> Doc:
    """A world copy of the shipped fighter, linked (so its token's actor is this one)."""
    actor = copy.deepcopy(pack_actor(module, seat.key))
    actor["_id"] = seat.actor
    actor["prototypeToken"] = {**actor.get("prototypeToken", {}), "actorLink": True}
    if owner:
        actor["ownership"] = {"default": 0, owner: 3}
    return actor


def enrolment(module: BuiltModule, seat: Seat, **extra: Any) -> Doc:
    """The flags "Roll initiative" gives a fighter (`initiative.mjs` `enrolment`), and `extra`."""
    stats = pack_actor(module, seat.key)["system"]["stats"]
    return {MODULE: {"health": stats["health"], "stamina": stats.get("stamina", 0),
                     "mana": stats.get("mana", 0), "statuses": [], "defeated": False,
                     "major": True, "minor": True, "actions_round": 0, "active": False,
                     "consumables": None, "binding_crystals": None, "outcome": None,
                     "moves": 0, "moves_round": 0, **extra}}


def scene(module: BuiltModule, controlled: list[str], targets: list[str],
          owner: str | None = None, seats: tuple[Seat, ...] = SEATS, grid: str = "square") -> Doc:
    """The scene (square unless `grid` is "hex", a seat's space then axial q and r) with every
    seat's token; `controlled` and `targets` are actor keys."""
    by_key = {s.key: s for s in seats}
    return {
        "grid": {"type": grid, "distance": GRID_DISTANCE},
        "actors": [world_actor(module, s, owner if s.key == "sample-binder" else None)
                   for s in seats],
        "tokens": [{"id": s.token, "actor": s.actor, "q": s.space[0], "r": s.space[1],
                    "disposition": s.disposition, "elevation": s.elevation} for s in seats],
        "controlled": [by_key[k].token for k in controlled],
        "targets": [by_key[k].token for k in targets],
    }


def fight(module: BuiltModule, flags: dict[str, Doc] | None = None, *,
          enrolled: bool = True, seats: tuple[Seat, ...] = SEATS,
          initiative: bool = True, combat_flags: Doc | None = None) -> Doc:
    """The viewed Combat, round 1: every seat a Combatant; `flags` adds to a seat's by key."""
    extra = flags or {}
    kept = {MODULE: {"oa_spent": [], "oa_turn": ""}} if enrolled else {}
    return {"id": COMBAT_ID, "round": 1, "turn": 0, "flags": combat_flags or kept, "combatants": [
        {"id": s.combatant, "tokenId": s.token, "actorId": s.actor, "name": actor_name(module, s),
         "initiative": s.initiative if initiative else None,
         "flags": enrolment(module, s, **extra.get(s.key, {})) if enrolled else {}}
        for s in seats]}


def actor_name(module: BuiltModule, seat: Seat) -> str:
    return str(pack_actor(module, seat.key)["name"])


def plain(data: Doc) -> Doc:
    return {k: v for k, v in data.items() if v is not None}


def item_doc(item: Doc) -> Doc:
    return {**plain(item["system"]), "id": flag(item, "key") or item["_id"], "name": item["name"]}


def docs_for(module: BuiltModule, actor: Doc) -> dict[str, dict[str, Doc]]:
    """As `docsFor`: the module's Items by key, the actor's own over them."""
    docs: dict[str, dict[str, Doc]] = {"power": {}, "weapon": {}, "consumable": {}}
    library = [d for _, d in module.documents("Item")]
    for item in [*library, *actor["items"]]:
        kind = item["type"].removeprefix(f"{MODULE}.")
        if kind in docs:
            docs[kind][item_doc(item)["id"]] = item_doc(item)
    return docs


def engine_ids(combatants: list[Doc]) -> list[str]:
    """As `engineIds`: each Combatant's name as a slug unless shared (or empty), else its id."""
    found = [re.sub(r"[^a-z0-9]+", "-", c["name"].lower()).strip("-") for c in combatants]
    return [slug if slug and found.count(slug) == 1 else c["id"]
            for slug, c in zip(found, combatants, strict=True)]


def tracker(case_fight: Doc) -> list[Doc]:
    """The Combatants in the tracker's order: initiative high to low (none last), then id."""
    def value(c: Doc) -> float:
        return c["initiative"] if c["initiative"] is not None else float("-inf")
    return sorted(case_fight["combatants"], key=lambda c: (-value(c), c["id"]))


def read_fight(module: BuiltModule, scene_doc: Doc, case_fight: Doc) -> list[Doc]:
    """The seats `readFight` builds: dicts of id, name, combatant, actor, fighter, docs, powers,
    state, in the tracker's order."""
    actors = {a["_id"]: a for a in scene_doc["actors"]}
    tokens = {t["id"]: t for t in scene_doc["tokens"]}
    rows = []
    combatants = tracker(case_fight)
    ids = engine_ids(combatants)
    for c, ident in zip(combatants, ids, strict=True):
        actor, token = actors[c["actorId"]], tokens[c["tokenId"]]
        docs = docs_for(module, actor)
        fighter = {**plain(actor["system"]), "id": flag(actor, "key"), "name": actor["name"]}
        rows.append({"id": ident, "name": c["name"], "combatant": c, "actor": actor,
                     "token": token, "docs": docs, "fighter": fighter,
                     "side": SIDES[token["disposition"]]})
    for row in rows:
        flags = row["combatant"]["flags"].get(MODULE, {})
        summoner = summoner_of(row, flags, rows)
        off = summoner is not None and flags.get("active") is not True
        token = row["token"]
        seat = {"id": row["id"], "side": row["side"],
                "position": None if off else [token["q"], token["r"]],
                "elevation": token.get("elevation", 0) // GRID_DISTANCE, "summoner": summoner,
                "health": flags.get("health"), "stamina": flags.get("stamina"),
                "mana": flags.get("mana"),
                "statuses": {s["status"]: s["count"] for s in flags.get("statuses", [])},
                "defeated": flags.get("defeated") is True}
        row["powers"] = content.fighter_powers(row["fighter"], row["docs"])
        row["state"] = content.combatant(row["fighter"], row["powers"], seat)
        row["flags"] = flags
    return rows


def summoner_of(row: Doc, flags: Doc, rows: list[Doc]) -> str | None:
    if row["fighter"]["kind"] != "cryture":
        return None
    if isinstance(flags.get("summoner"), str):
        return str(flags["summoner"])
    owner = next((o for o in rows if o["side"] == row["side"]
                  and o["fighter"]["kind"] == "character"
                  and row["fighter"]["id"] in (o["fighter"].get("crytures_bound") or [])), None)
    return None if owner is None else str(owner["id"])


def combatant_uuid(row: Doc) -> str:
    return f"Combat.{COMBAT_ID}.Combatant.{row['combatant']['id']}"


def ten(*faces: int) -> Dice:
    return tuple((D10, f) for f in faces)


def faces_for(module: BuiltModule, rule: str, inp: Doc, pattern: tuple[int, ...]) -> Dice:
    """`pattern` repeated over exactly as many d10s as `rule` takes for `inp`."""
    size = 0
    while True:
        queue = [{"d": D10, "v": pattern[i % len(pattern)]} for i in range(size)]
        found = run_case(ENGINE, rule, config_overrides(module), inp, queue)
        if found.get("error", {}).get("code") != "queue_exhausted":
            return ten(*(pattern[i % len(pattern)] for i in range(size)))
        size += 1


def staged(module: Any, *, player: bool = False, **fight_options: Any) -> Doc:
    """The users (the GM and a player, both logged in), who runs the macro, and the fight."""
    return {"users": [GM, PLAYER], "user": PLAYER if player else GM,
            "fight": fight(module, **fight_options)}


def predicted(ctx: Any, rule: str, inp: Doc, dice: Dice) -> Doc:
    queue = [{"d": d, "v": v} for d, v in dice]
    result = run_case(ENGINE, rule, config_overrides(ctx.module), inp, queue)
    assert "error" not in result, f"the Python engine refused {dice}: {result}"
    return result


def rows_of(ctx: Any, case: Any) -> list[Doc]:
    assert case.scene is not None and case.stage is not None
    return read_fight(ctx.module, case.scene, case.stage["fight"])


def row_of(rows: list[Doc], token: str) -> Doc:
    return next(r for r in rows if r["token"]["id"] == token)
