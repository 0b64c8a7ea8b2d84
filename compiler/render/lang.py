"""lang/en.json: the module's fixed UI strings plus generated sub-type labels.

Keys are flat and namespaced (`RULEPACK.*`, `TYPES.<Document>.<moduleId>.<subtype>`); Foundry
expands dotted keys when it merges language files.
"""

from __future__ import annotations

import json
from functools import cache

from compiler.model import Ruleset
from compiler.packing import SUBTYPES
from compiler.render.environment import TEMPLATE_ROOT

BASE_STRINGS = TEMPLATE_ROOT / "lang" / "en.json"

#: English labels of the module sub-types, by content kind.
KIND_LABELS = {
    "weapon": "Weapon", "armor": "Armor", "card": "Card", "power": "Power",
    "hit_locations": "Hit-Location Table", "fighter": "Fighter",
}


@cache
def base_strings() -> dict[str, str]:
    strings: dict[str, str] = json.loads(BASE_STRINGS.read_text(encoding="utf-8"))
    return strings


def language_strings(ruleset: Ruleset) -> dict[str, str]:
    strings = dict(base_strings())
    for kind, (document_name, subtype) in SUBTYPES.items():
        strings[f"TYPES.{document_name}.{ruleset.module_id}.{subtype}"] = KIND_LABELS[kind]
    return strings
