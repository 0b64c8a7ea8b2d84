"""Which game systems' worlds a module's fighters and items reach, and how their tokens come.

Foundry loads an Item or Actor pack only in worlds of its `system` (foundryvtt/foundryvtt#12649),
one system per pack, and pack names must be unique in a package (#9560): each target system gets
its own copy of the `items` and `actors` packs. Fighters carry a prototype token by role.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.errors import BuildError
from compiler.model import Document, Ruleset
from compiler.packing.common import plain

#: The game systems whose worlds get the Item and Actor packs when the manifest names none (the
#: manifest schema's default `foundry_system`): Simple Worldbuilding and D&D 5e. Foundry loads an
#: Item or Actor pack only in worlds of its `system` (foundryvtt/foundryvtt#12649), one system per
#: pack, so each system gets its own copy, named `<pack>-<system>` (pack names must be unique
#: within a package, #9560).
DEFAULT_SYSTEMS = ("worldbuilding", "dnd5e")
#: Systems whose worlds refuse module Actor and Item sub-types outright: packs for them would
#: never load a single document ("Block the existance of item and actor module sub-types",
#: foundryvtt/pf2e#14795).
REFUSING_SYSTEMS: Mapping[str, str] = {
    "pf2e": "pf2e refuses module Actor and Item sub-types (foundryvtt/pf2e#14795)",
}

#: CONST.TOKEN_DISPOSITIONS.FRIENDLY and HOSTILE.
FRIENDLY, HOSTILE = 1, -1
#: A fighter's `token` → its prototype token's link and disposition. A pc's token is the sheet
#: (wounds land on it) and Friendly, with vision, as dnd5e gives player characters; an npc's is
#: what Foundry gives any new actor, unlinked (each token its own copy) and Hostile. Written out
#: so that no default of the world's system or of the GM's Default Token Configuration decides.
TOKEN_ROLES: Mapping[str, Mapping[str, Any]] = {
    "pc": {"actorLink": True, "disposition": FRIENDLY, "sight": {"enabled": True}},
    "npc": {"actorLink": False, "disposition": HOSTILE},
}


def system_pack(collection: str, system: str) -> str:
    """The pack name of one system's copy of the `items` or `actors` pack: `items-dnd5e`."""
    return f"{collection}-{system}"


def target_systems(ruleset: Ruleset) -> tuple[str, ...]:
    """The game systems the manifest's `foundry_system` names (a system id or a list of them)."""
    data = ruleset.manifest.data
    declared = data.get("foundry_system") if isinstance(data, Mapping) else None
    if declared is None:
        found: tuple[str, ...] = DEFAULT_SYSTEMS
    elif isinstance(declared, str):
        found = (declared,)
    else:
        found = tuple(str(system) for system in declared)
    for system in found:
        if system in REFUSING_SYSTEMS:
            raise BuildError(
                f"{ruleset.module_id}: foundry_system {system!r}: {REFUSING_SYSTEMS[system]}, so "
                "no Item or Actor pack could load there; its worlds get the tables, macros and "
                "journal, which load in every world"
            )
    return found


def prototype_token(doc: Document, typed: Mapping[str, Any]) -> dict[str, Any]:
    """The v12 prototype token of a fighter: its name and art, linked and disposed by `token`."""
    role = doc.data.get("token", "npc")
    if role not in TOKEN_ROLES:
        raise BuildError(f"fighter {doc.key}: token must be one of {sorted(TOKEN_ROLES)}")
    return {"name": typed["name"], **plain(TOKEN_ROLES[role]), "texture": {"src": typed["img"]}}
