"""Which content kinds become which Foundry documents, per engine."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.schemas import default_schemas

#: Content kind → (Foundry document name, module sub-type name, declared in `documentTypes`).
SUBTYPES: Mapping[str, tuple[str, str]] = {
    "weapon": ("Item", "weapon"),
    "armor": ("Item", "armor"),
    "card": ("Item", "card"),
    "power": ("Item", "power"),
    "fighter": ("Actor", "fighter"),
}



def subtypes(engine: str) -> Mapping[str, tuple[str, str]]:
    """`SUBTYPES` plus the kinds of `engine`'s own that ship as Items (sub-type = kind)."""
    found = dict(SUBTYPES)
    for info in default_schemas().kinds().values():
        if info.ships_as == "Item" and info.engines is not None and engine in info.engines:
            found[info.kind] = ("Item", info.kind)
    return found


def item_kinds(engine: str) -> tuple[str, ...]:
    return tuple(kind for kind, (name, _) in subtypes(engine).items() if name == "Item")


def data_kinds(engine: str) -> tuple[str, ...]:
    """The kinds of `engine`'s own that ship as data (config.mjs and the rules journal)."""
    return tuple(sorted(
        info.kind for info in default_schemas().kinds().values()
        if info.ships_as == "data" and info.engines is not None and engine in info.engines
    ))
