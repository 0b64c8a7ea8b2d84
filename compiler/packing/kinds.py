"""Which content kinds become which Foundry documents, per engine."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.model import Ruleset

#: Content kind → (Foundry document name, module sub-type name, declared in `documentTypes`).
SUBTYPES: Mapping[str, tuple[str, str]] = {
    "weapon": ("Item", "weapon"),
    "armor": ("Item", "armor"),
    "card": ("Item", "card"),
    "power": ("Item", "power"),
    "fighter": ("Actor", "fighter"),
}



def subtypes(ruleset: Ruleset) -> Mapping[str, tuple[str, str]]:
    """`SUBTYPES` plus the kinds of the ruleset's engine's own that ship as Items (sub-type =
    kind), from the schemas its content was validated with."""
    found = dict(SUBTYPES)
    engine = ruleset.engine
    for info in ruleset.schemas.kinds().values():
        if info.ships_as == "Item" and info.engines is not None and engine in info.engines:
            found[info.kind] = ("Item", info.kind)
    return found


def item_kinds(ruleset: Ruleset) -> tuple[str, ...]:
    return tuple(kind for kind, (name, _) in subtypes(ruleset).items() if name == "Item")


def carried_fields(ruleset: Ruleset) -> Mapping[str, str]:
    """`{field of a fighter's items: Item kind}`: each Item kind is listed under its folder name.

    That is `weapons`, `armor`, `cards`, `powers`, and an engine's own Item kinds (under their
    `x-rulepack-folder`); the actor embeds every item listed.
    """
    wanted = set(item_kinds(ruleset))
    return {
        info.folder: info.kind for info in ruleset.schemas.kinds().values() if info.kind in wanted
    }


def data_kinds(ruleset: Ruleset) -> tuple[str, ...]:
    """The kinds of the engine's own that ship as data (config.mjs and the rules journal)."""
    engine = ruleset.engine
    return tuple(sorted(
        info.kind for info in ruleset.schemas.kinds().values()
        if info.ships_as == "data" and info.engines is not None and engine in info.engines
    ))
