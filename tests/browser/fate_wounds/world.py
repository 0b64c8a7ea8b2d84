"""A fate_wounds world for the browser tests: Tim the Enchanter and Agent Smith copied from the
module's Actor pack, the scene and Combat the macros read, and the engine characters the module
must build from them.

`fighter_character` is the Python side of `foundry/fate_wounds/actors.mjs`: the same documents
through the same shipped-content adapter (`compiler.rules.fate_wounds.content`), so a test
compares what the page gave the rules core with what the Python engine is given.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from browser_page import BuiltModule, Doc

from compiler.rules import engines
from compiler.rules.fate_wounds import content

MODULE_ID = "rulepack-fate-wounds"
ENGINE = "fate_wounds"
TIM = "fwTim00000000001"
SMITH = "fwSmith000000001"
KEYS = {TIM: "tim-the-enchanter", SMITH: "agent-smith"}
COMBAT = "harnessCombat001"
SCENE_ID = "harnessScene0001"
_EXPORT = re.compile(r"^export const (\w+) = Object\.freeze\((.*)\);$", re.M)


def config_data(module: BuiltModule) -> dict[str, Any]:
    """The generated constants of the module's `scripts/config.mjs` (RULES_CONFIG, RULES_DATA…)."""
    text = (module.path / "scripts" / "config.mjs").read_text(encoding="utf-8")
    return {name: json.loads(value) for name, value in _EXPORT.findall(text)}


def flag(doc: Doc, key: str) -> Any:
    return doc.get("flags", {}).get(MODULE_ID, {}).get(key)


def fighter(module: BuiltModule, actor_id: str, *, linked: bool = True, **system: Any) -> Doc:
    """A world copy of the shipped fighter of `actor_id` (its `system` updated with `system`):
    a player character's token is linked to its sheet; `linked=False` makes it an NPC's, unlinked
    and Hostile."""
    shipped = next(d for _, d in module.documents("Actor") if flag(d, "key") == KEYS[actor_id])
    actor = copy.deepcopy(shipped)
    actor["_id"] = actor_id
    actor["system"] = {**actor["system"], **system}
    actor["prototypeToken"] = {**actor["prototypeToken"], "actorLink": linked,
                               "disposition": 1 if linked else -1}
    return actor


def plain(data: Doc) -> Doc:
    """As `plainData`: the document's data without the fields a data model leaves null."""
    return {key: value for key, value in data.items() if value is not None}


def fighter_character(module: BuiltModule, actor: Doc, ident: str) -> Doc:
    """The engine character `readFighter` builds: its powers are the power Items it carries."""
    powers: dict[str, Doc] = {}
    for item in actor["items"]:
        if item["type"] != f"{MODULE_ID}.power":
            continue
        key = flag(item, "key")
        pid = key if isinstance(key, str) and key not in powers else item["_id"]
        powers[pid] = {**plain(item["system"]), "id": pid, "name": item["name"]}
    data = {**plain(actor["system"]), "id": ident, "name": actor["name"]}
    data["items"] = {**data.get("items", {}), "powers": list(powers)}
    library = {"power": powers, "wound_track": config_data(module)["RULES_DATA"]["wound_track"]}
    return content.character(data, library)


def character_ids(actors: list[Doc]) -> list[str]:
    """As `characterIds`: each name as a slug unless shared (or empty), else the actor's id."""
    slugs = [re.sub(r"[^a-z0-9]+", "-", a["name"].lower()).strip("-") for a in actors]
    return [slug if slug and slugs.count(slug) == 1 else a["_id"]
            for slug, a in zip(slugs, actors, strict=True)]


def config_overrides(module: BuiltModule) -> Doc:
    """The config the engine runs with, as overrides of its defaults (`configOverrides`)."""
    defaults = engines()[ENGINE].config
    data = config_data(module)
    merged = content.engine_config(data["RULES_CONFIG"], data["RULES_DATA"])
    return {k: v for k, v in merged.items()
            if json.dumps(v, sort_keys=True) != json.dumps(defaults[k], sort_keys=True)}


def token(actor: Doc, q: int, r: int) -> Doc:
    return {"id": f"tok-{actor['_id']}", "actor": actor["_id"], "q": q, "r": r}


def attack_scene(attacker: Doc, target: Doc) -> Doc:
    """The attacker's token controlled, the target's targeted, side by side on a hex grid."""
    return {"actors": [attacker, target], "grid": {},
            "tokens": [token(attacker, 0, 0), token(target, 1, 0)],
            "controlled": [f"tok-{attacker['_id']}"], "targets": [f"tok-{target['_id']}"]}


def actor_uuid(actor: Doc) -> str:
    """Where a change to the actor of its scene token lands: the sheet of a linked token, the
    token's own copy of an unlinked one."""
    if actor["prototypeToken"]["actorLink"]:
        return f"Actor.{actor['_id']}"
    return f"Scene.{SCENE_ID}.Token.tok-{actor['_id']}.Actor.{actor['_id']}"


def combatant_id(actor: Doc) -> str:
    return f"cbt{actor['_id'][-13:]}"


def fight(actors: list[Doc], *, round_: int = 1, spent: dict[str, Doc] | None = None) -> Doc:
    """The viewed Combat with one Combatant per actor (round 0: not started), each with the
    round's counts `spent` gives it (`flags.<module id>.fw`)."""
    spent = spent or {}
    combatants = [{"id": combatant_id(a), "tokenId": f"tok-{a['_id']}", "actorId": a["_id"],
                   "name": a["name"],
                   "flags": {MODULE_ID: {"fw": spent[a["_id"]]}} if a["_id"] in spent else {}}
                  for a in actors]
    return {"fight": {"id": COMBAT, "round": round_, "turn": 0, "combatants": combatants}}
