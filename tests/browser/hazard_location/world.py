"""A Hazard Dice world for the browser tests: actors copied from the shipped Sample Soldier, the
scenes the macros read, and the engine input the module must build from them.

`combatant` and `engine_content` are the Python side of `foundry/hazard/actors.mjs`: the same
documents through the same shipped-content adapter (`compiler.rules.hazard_location.shipped`),
so a test compares what the page sent the rules core with what the Python engine is given.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from browser_page import BuiltModule, Doc

from compiler.rules import engines
from compiler.rules.hazard_location import shipped as shipped

MODULE_ID = "rulepack-hazard-location"
ENGINE = "hazard_location"
ATTACKER = "hzAttacker000001"
TARGET = "hzTarget00000001"
OTHER = "hzTarget00000002"
NAMES = {ATTACKER: "Ann", TARGET: "Bob", OTHER: "Cara"}
_EXPORT = re.compile(r"^export const (\w+) = Object\.freeze\((.*)\);$", re.M)


def config_data(module: BuiltModule) -> dict[str, Any]:
    """The generated constants of the module's `scripts/config.mjs` (RULES_CONFIG, RULES_DATA…)."""
    text = (module.path / "scripts" / "config.mjs").read_text(encoding="utf-8")
    return {name: json.loads(value) for name, value in _EXPORT.findall(text)}


def flag(doc: Doc, key: str) -> Any:
    return doc.get("flags", {}).get(MODULE_ID, {}).get(key)


def soldier(module: BuiltModule) -> Doc:
    """The shipped Sample Soldier, as the Actor pack stores it."""
    return next(d for _, d in module.documents("Actor") if flag(d, "key") == "sample-soldier")


def fighter(module: BuiltModule, actor_id: str, *, species: bool = True) -> Doc:
    """A world copy of the Sample Soldier named after `actor_id`, optionally without a species."""
    actor = copy.deepcopy(soldier(module))
    actor.update(_id=actor_id, name=NAMES[actor_id])
    # Renaming an actor renames its prototype token that had its name, as Foundry does.
    actor["prototypeToken"] = {**actor.get("prototypeToken", {}), "name": NAMES[actor_id]}
    if not species:
        actor["system"].pop("species", None)
    return actor


def armed(actor: Doc) -> Doc:
    """`actor` with a sword besides its handgun: a world Item, so no content key (its id is its
    engine id), carried for melee and for a parry's riposte (HZ-R13, HZ-R14)."""
    sword = {"_id": f"sword{actor['_id'][-11:]}", "name": "Sword", "type": f"{MODULE_ID}.weapon",
             "img": None, "system": {"mode": "melee", "dv_max": 5, "pen": 1, "skill": "melee",
                                     "attribute": "agi"},
             "effects": [], "folder": None, "sort": 0, "ownership": {"default": 0}, "flags": {}}
    return {**actor, "items": [*actor["items"], sword]}


def plain(data: Doc) -> Doc:
    """As `plainData`: the document's data without the fields a data model leaves null."""
    return {key: value for key, value in data.items() if value is not None}


def engine_ids(items: list[Doc]) -> list[str]:
    """As `engineIds`: an item's content key when unique among `items`, else its own id."""
    keys = [flag(item, "key") for item in items]
    return [key if isinstance(key, str) and keys.count(key) == 1 else item["_id"]
            for key, item in zip(keys, items, strict=True)]


def character_ids(actors: list[Doc]) -> list[str]:
    """As `characterIds`: each name as a slug unless shared (or empty), else the actor's id."""
    slugs = [re.sub(r"[^a-z0-9]+", "-", a["name"].lower()).strip("-") for a in actors]
    return [slug if slug and slugs.count(slug) == 1 else a["_id"]
            for slug, a in zip(slugs, actors, strict=True)]


def combatant(actor: Doc, module: BuiltModule, ident: str) -> tuple[Doc, dict[str, Doc]]:
    """An actor as the engine character `readCombatant` builds, and its items by engine id."""
    types = {f"{MODULE_ID}.armor": "armor", f"{MODULE_ID}.weapon": "weapon"}
    gear = [item for item in actor["items"] if item["type"] in types]
    ids = engine_ids(gear)
    docs = [{**plain(item["system"]), "id": ident, "name": item["name"]}
            for item, ident in zip(gear, ids, strict=True)]
    armor = [d for d, item in zip(docs, gear, strict=True) if types[item["type"]] == "armor"]
    weapons = [d for d, item in zip(docs, gear, strict=True) if types[item["type"]] == "weapon"]
    data = {**plain(actor["system"]), "id": ident, "name": actor["name"]}
    ranges = config_data(module)["RULES_DATA"].get("weapon_range", {})
    character = shipped.character(data, armor, weapons, ranges)
    return character, dict(zip(ids, gear, strict=True))


def table_doc(table: Doc) -> Doc:
    """A hit-location RollTable as its content document, as `tableDoc` reads it."""
    results = sorted(table["results"], key=lambda r: r["range"][0])
    return {"id": flag(table, "key"), "name": table["name"],
            "die": int(str(table["formula"]).removeprefix("1d")),
            "locations": [{"id": flag(r, "key"), "name": flag(r, "label"),
                           "range": list(r["range"])} for r in results]}


def engine_content(module: BuiltModule) -> Doc:
    """The engine's `content`: the module's tables, species and Injury tables."""
    tables = {flag(t, "key"): table_doc(t) for _, t in module.documents("RollTable")}
    library = {**config_data(module)["RULES_DATA"], "hit_locations": tables}
    return shipped.engine_content(library)


def config_overrides(module: BuiltModule) -> Doc:
    """The config the engine runs with, as overrides of its defaults (`configOverrides`)."""
    defaults = engines()[ENGINE].config
    data = config_data(module)
    rules_config = shipped.engine_config(data["RULES_CONFIG"], data["RULES_DATA"])
    same = {k for k, v in rules_config.items()
            if json.dumps(v, sort_keys=True) == json.dumps(defaults[k], sort_keys=True)}
    return {k: v for k, v in rules_config.items() if k not in same}


def explosive_item(module: BuiltModule) -> Doc:
    """The module's one shipped explosive Item."""
    found = [d for _, d in module.documents("Item") if d["type"] == f"{MODULE_ID}.explosive"]
    assert len(found) == 1, found
    return found[0]


def token(actor: Doc, q: int, r: int) -> Doc:
    """A token of `actor` on the hex (q, r), its id the actor's."""
    return {"id": f"tok-{actor['_id']}", "actor": actor["_id"], "q": q, "r": r}


def hexes(a: Doc, b: Doc) -> int:
    """Hex distance between two tokens or templates (axial coordinates)."""
    dq, dr = a["q"] - b["q"], a["r"] - b["r"]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def attack_scene(attacker: Doc, target: Doc, at: tuple[int, int], grid: Doc | None = None) -> Doc:
    """The attacker's token controlled on (0, 0), the target's targeted on the hex `at`."""
    return {"actors": [attacker, target], "grid": grid or {},
            "tokens": [token(attacker, 0, 0), token(target, *at)],
            "controlled": [f"tok-{attacker['_id']}"], "targets": [f"tok-{target['_id']}"]}


def scene_actor(scene: Doc, actor_id: str) -> Doc:
    return next(a for a in scene["actors"] if a["_id"] == actor_id)


def scene_token(scene: Doc, token_id: str) -> Doc:
    return next(t for t in scene["tokens"] if t["id"] == token_id)


def explosive(module: BuiltModule) -> Doc:
    """The shipped explosive as `readExplosive` gives it to the engine."""
    item = explosive_item(module)
    data = {**plain(item["system"]), "id": flag(item, "key"), "name": item["name"]}
    return shipped.explosive(data)
