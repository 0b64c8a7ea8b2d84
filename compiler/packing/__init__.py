"""Foundry compendium packs: Ruleset → documents (`documents`) → LevelDB directories (`writer`)."""

from __future__ import annotations

from compiler.packing.documents import MIN_CORE_VERSION, foundry_documents
from compiler.packing.kinds import SUBTYPES, data_kinds, item_kinds, subtypes
from compiler.packing.model import MacroSpec, Pack, PageSpec
from compiler.packing.writer import write_pack

__all__ = [
    "MIN_CORE_VERSION",
    "SUBTYPES",
    "MacroSpec",
    "Pack",
    "PageSpec",
    "data_kinds",
    "foundry_documents",
    "item_kinds",
    "subtypes",
    "write_pack",
]
