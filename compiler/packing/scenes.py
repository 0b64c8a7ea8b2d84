"""A ruleset's scenes → Foundry Scene documents (v12 shape) with their tokens.

A scene's tokens are the fighters' as Foundry makes them when an actor is dropped on the map
(`Actor#getTokenDocument`): the prototype token's name, art, link, disposition and sight, on the
grid space the author chose (`compiler.grid`). Each names its actor by the `_id` the fighter has
in every system's Actor pack, so the tokens find their actors once the fighters are in the world
(the module imports them with their ids when the GM imports the scene: `foundry/scenes.mjs`).

The Scene pack needs no `system` and loads in every world, as the tables and journal do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler import grid as layout
from compiler import ids
from compiler.errors import BuildError
from compiler.model import Document, Ruleset
from compiler.packing.common import display_name, doc_key, plain, sort_value

#: The v12 grid's look (BaseScene `grid` field defaults), written out so no world default decides.
GRID_STYLE: Mapping[str, Any] = {
    "style": "solidLines", "thickness": 1, "color": "#000000", "alpha": 0.2,
}
#: Scene fields with one value for every shipped scene. `padding` 0 puts the map at the canvas
#: origin (`compiler.grid`); `tokenVision` off lets every player see the whole map at once.
SCENE_FIXED: Mapping[str, Any] = {
    "active": False, "navigation": True, "navOrder": 0, "navName": "",
    "background": {"src": None}, "foreground": None, "thumb": None, "padding": 0,
    "initial": {"x": None, "y": None, "scale": None}, "tokenVision": False,
    "playlist": None, "playlistSound": None, "journal": None, "journalEntryPage": None,
    "weather": "",
}
#: The v12 Scene's embedded collections a shipped scene leaves empty, in foundryvtt-cli order.
EMPTY_EMBEDDED = ("drawings", "lights", "notes", "regions", "sounds", "templates", "tiles",
                  "walls")


def scene_entries(
    ruleset: Ruleset, actors: Mapping[str, Mapping[str, Any]], tail: Any
) -> tuple[dict[str, Any], ...]:
    """The Scene pack's entries, by scene id. `actors` are the Actor pack's entries by fighter
    key; `tail(collection, id, sort, flags)` gives the fields every primary document ends with."""
    module_id = ruleset.module_id
    scenes = sorted((d for d in ruleset.documents if d.kind == "scene"), key=lambda d: d.key)
    entries = []
    for index, doc in enumerate(scenes):
        scene_id = ids.foundry_id(module_id, "scenes", f"scene/{doc.key}")
        entries.append({
            "_id": scene_id,
            "name": display_name(doc.data, doc.key),
            **plain(SCENE_FIXED),
            **_dimensions(doc.data),
            "tokens": _tokens(module_id, doc, scene_id, actors),
            **{name: [] for name in EMPTY_EMBEDDED},
            **tail("scenes", scene_id, sort_value(index),
                   {module_id: {"kind": doc.kind, "key": doc.key}}),
        })
    return tuple(entries)


def _dimensions(data: Mapping[str, Any]) -> dict[str, Any]:
    grid = data["grid"]
    kind, size = grid["type"], int(grid["size"])
    width, height = layout.scene_size(kind, size, int(data["width"]), int(data["height"]))
    return {
        "width": width, "height": height, "backgroundColor": data["background_color"],
        "grid": {"type": layout.GRID_TYPES[kind], "size": size, **GRID_STYLE,
                 "distance": grid["distance"], "units": grid["units"]},
    }


def _tokens(
    module_id: str, doc: Document, scene_id: str, actors: Mapping[str, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    grid = doc.data["grid"]
    tokens = []
    seen: dict[str, int] = {}
    for token in doc.data["tokens"]:
        fighter = token["fighter"]
        actor = actors.get(fighter)
        if actor is None:
            raise BuildError(f"scene {doc.key}: no fighter {fighter!r} in the Actor pack")
        seen[fighter] = seen.get(fighter, 0) + 1
        token_id = ids.foundry_id(
            module_id, "scenes", f"scene/{doc.key}/token/{fighter}#{seen[fighter]}")
        box = layout.space_box(grid["type"], int(grid["size"]), *token["at"])
        prototype = plain(actor["prototypeToken"])
        tokens.append({
            "_id": token_id,
            **prototype,
            "name": token.get("name", prototype["name"]),
            "actorId": actor["_id"],
            "delta": None,  # no changes over the actor yet (an unlinked token's own copy)
            "width": 1, "height": 1, "x": box.x, "y": box.y, "elevation": 0,
            "hidden": False,
            "flags": {module_id: {"fighter": fighter}},
            "_key": doc_key("scenes.tokens", scene_id, token_id),
        })
    return tokens
