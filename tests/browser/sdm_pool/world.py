"""An SDM world for the browser tests: actors copied from the shipped cast (Ana Reyes, Bram
Holt, Grex) with the turn state the tracker would have written, the scene the attack macros
read, the Combat the initiative macro orders, and the engine's view of them.

`combatant` and `config_overrides` are the Python side of `foundry/sdm_pool/actors.mjs` and
`engine.mjs`: the same documents through the same content adapter
(`compiler.rules.sdm_pool.content`), so a test compares what the page sent the rules core with
what the Python engine is given.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from browser_page import BuiltModule, Doc

from compiler.rules import engines, run_case
from compiler.rules.sdm_pool import content as shipped

MODULE_ID = "rulepack-sdm-pool"
ENGINE = "sdm_pool"
SCENE_ID = "harnessScene0001"
COMBAT_ID = "harnessCombat001"
#: World actor ids of the shipped cast, by content key.
IDS = {"ana-reyes": "sdmAnaReyes00001", "bram-holt": "sdmBramHolt00001",
       "grex": "sdmGrex000000001"}
_EXPORT = re.compile(r"^export const (\w+) = Object\.freeze\((.*)\);$", re.M)


def config_data(module: BuiltModule) -> dict[str, Any]:
    """The generated constants of the module's `scripts/config.mjs`."""
    text = (module.path / "scripts" / "config.mjs").read_text(encoding="utf-8")
    return {name: json.loads(value) for name, value in _EXPORT.findall(text)}


def config_overrides(module: BuiltModule) -> Doc:
    """The config the engine runs with, as overrides of its defaults (`configOverrides`)."""
    defaults = engines()[ENGINE].config
    data = config_data(module)
    merged = shipped.engine_config(data["RULES_CONFIG"], data["RULES_DATA"])
    return {k: v for k, v in merged.items()
            if json.dumps(v, sort_keys=True) != json.dumps(defaults[k], sort_keys=True)}


def run(module: BuiltModule, rule: str, inp: Doc, dice: list[tuple[int, int]]) -> Doc:
    """`run_case` with the module's config; dice as (die, face)."""
    queue = [{"d": d, "v": v} for d, v in dice]
    return run_case(ENGINE, rule, config_overrides(module), inp, queue)


def flag(doc: Doc, key: str) -> Any:
    return doc.get("flags", {}).get(MODULE_ID, {}).get(key)


def fighter(module: BuiltModule, key: str, *, linked: bool = True, ident: str | None = None,
            name: str | None = None, **system: Any) -> Doc:
    """A world copy of the shipped fighter `key` (its id from `IDS` unless given), its token
    linked (a PC's sheet) or not (an NPC's token keeps its own copy), `system` fields set."""
    actor = copy.deepcopy(next(d for _, d in module.documents("Actor") if flag(d, "key") == key))
    actor["_id"] = ident or IDS[key]
    if name:
        actor["name"] = name
    actor["system"].update(system)
    actor["prototypeToken"] = {**actor.get("prototypeToken", {}), "name": actor["name"],
                               "actorLink": linked, "disposition": 1 if linked else -1}
    return actor


def linked(actor: Doc) -> bool:
    return bool(actor.get("prototypeToken", {}).get("actorLink"))


def token_id(actor: Doc) -> str:
    return f"tok-{actor['_id']}"


def actor_uuid(actor: Doc) -> str:
    """Where the actor's changes land: its sheet for a linked token, else its token's copy."""
    if linked(actor):
        return f"Actor.{actor['_id']}"
    return f"Scene.{SCENE_ID}.Token.{token_id(actor)}.Actor.{actor['_id']}"


def scene(actors: list[Doc], controlled: Doc | None = None, target: Doc | None = None) -> Doc:
    """One token per actor in a row of hexes; the controlled and targeted ones."""
    return {"actors": actors,
            "tokens": [{"id": token_id(a), "actor": a["_id"], "q": i, "r": 0}
                       for i, a in enumerate(actors)],
            "controlled": [token_id(controlled)] if controlled else [],
            "targets": [token_id(target)] if target else []}


def fight(actors: list[Doc], *, round: int = 0, turn: int | None = None) -> Doc:
    """The Combat, one Combatant per actor's token in roster order (`stageFight`)."""
    return {"id": COMBAT_ID, "round": round, "turn": turn, "combatants": [
        {"id": f"cbt{a['_id'][3:]}", "tokenId": token_id(a), "actorId": a["_id"],
         "name": a["name"]} for a in actors]}


def plain(data: Doc) -> Doc:
    """As `plainData`: the document's data without its null fields."""
    return {key: value for key, value in json.loads(json.dumps(data)).items() if value is not None}


def engine_ids(items: list[Doc]) -> list[str]:
    """As `engineIds`: an item's content key when unique among `items`, else its own id."""
    keys = [flag(item, "key") for item in items]
    return [key if isinstance(key, str) and keys.count(key) == 1 else item["_id"]
            for key, item in zip(keys, items, strict=True)]


def slug_ids(actors: list[Doc], fallbacks: list[str] | None = None) -> list[str]:
    """As `readCombatants`: each name as a slug unless shared (or empty), else the fallback."""
    backs = fallbacks or [a["_id"] for a in actors]
    slugs = [re.sub(r"[^a-z0-9]+", "-", a["name"].lower()).strip("-") for a in actors]
    return [slug if slug and slugs.count(slug) == 1 else back
            for slug, back in zip(slugs, backs, strict=True)]


def combatant(actor: Doc, ident: str) -> tuple[Doc, dict[str, Doc]]:
    """An actor as the engine character `readCombatant` builds, and its items by engine id."""
    types = {f"{MODULE_ID}.armor": "armor", f"{MODULE_ID}.weapon": "weapon"}
    gear = [item for item in actor["items"] if item["type"] in types]
    ids = engine_ids(gear)
    docs = [{**plain(item["system"]), "id": i, "name": item["name"]}
            for item, i in zip(gear, ids, strict=True)]
    armor = [d for d, item in zip(docs, gear, strict=True) if types[item["type"]] == "armor"]
    weapons = [d for d, item in zip(docs, gear, strict=True) if types[item["type"]] == "weapon"]
    data = {**plain(actor["system"]), "id": ident, "name": actor["name"]}
    return shipped.character(data, armor, weapons), dict(zip(ids, gear, strict=True))
