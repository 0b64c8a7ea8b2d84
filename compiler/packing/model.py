"""Data shared by the document builder and the pack writer.

The collection names and the embedded hierarchy mirror `@foundryvtt/foundryvtt-cli` 3.0.3
(`lib/package.mjs`: `TYPE_COLLECTION_MAP` and `HIERARCHY`), because a pack is only valid if its
LevelDB keys are exactly the ones Foundry and that tool read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: Pack document type → LevelDB collection (sublevel) name; the six types this project ships.
COLLECTION_BY_TYPE: Mapping[str, str] = {
    "Item": "items",
    "Actor": "actors",
    "RollTable": "tables",
    "Macro": "macros",
    "JournalEntry": "journal",
    "Scene": "scenes",
}

#: Collection → embedded collections that hold documents (arrays), for every collection our packs
#: can reach. The CLI stores each embedded document under `<collection>.<embedded>` and replaces
#: the array in the parent by the list of embedded ids; an absent array becomes `[]`. `journal`
#: lists `categories` (a v13 collection) because the CLI does, so every journal value gets
#: `"categories": []` appended exactly as `compilePack` writes it (v12 drops unknown keys).
EMBEDDED: Mapping[str, tuple[str, ...]] = {
    "actors": ("items", "effects"),
    "items": ("effects",),
    "effects": (),
    "tables": ("results",),
    "results": (),
    "macros": (),
    "journal": ("pages", "categories"),
    "pages": (),
    "categories": (),
    # A scene's collections in foundryvtt-cli's order (`levels` is a v14 one: v12 drops it).
    "scenes": ("drawings", "tokens", "levels", "lights", "notes", "regions", "sounds",
               "templates", "tiles", "walls"),
    "tokens": (),
    "drawings": (), "levels": (), "lights": (), "notes": (), "regions": (), "sounds": (),
    "templates": (), "tiles": (), "walls": (),
}

#: Embedded documents held one per parent (an object, not an array): a token's ActorDelta. The
#: CLI stores one under its own key and puts its `_id` in the parent, or `null` when there is
#: none (`mapHierarchy`); ours never carry one.
SINGLE_EMBEDDED: Mapping[str, tuple[str, ...]] = {"tokens": ("delta",)}

#: Foundry requires "system" on these packs (CONST.SYSTEM_SPECIFIC_COMPENDIUM_TYPES in v13).
SYSTEM_SPECIFIC_TYPES = frozenset({"Item", "Actor"})


@dataclass(frozen=True)
class Pack:
    """One compendium pack, its documents in foundryvtt-cli *source* form.

    Every primary and every embedded document carries `_id` and `_key`.
    """

    name: str  # pack collection becomes "<module>.<name>"
    label: str
    document_type: str  # a key of COLLECTION_BY_TYPE
    system: str | None  # Foundry system id; required for Item/Actor packs, else None
    entries: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class MacroSpec:
    """A script macro produced by the render stage; `command` is generated JS."""

    key: str
    name: str
    command: str
    img: str = "icons/svg/dice-target.svg"  # Macro.DEFAULT_ICON in core


@dataclass(frozen=True)
class PageSpec:
    """A journal page produced by the render stage; `html` is already sanitised."""

    key: str
    name: str
    html: str
