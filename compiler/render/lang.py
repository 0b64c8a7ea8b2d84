"""lang/en.json: the shared UI strings, the module's ruleset's own, and generated labels.

A module's strings are `module_template/lang/en.json` (every module's), its ruleset's
`module_template/lang/<ruleset>/en.json`, and the sub-type and field labels generated from the
schemas. A ruleset may not redefine a shared key.

Keys are flat and namespaced (`RULEPACK.*`, `TYPES.<Document>.<moduleId>.<subtype>`); Foundry
expands dotted keys when it merges language files, so no key may also be the prefix of another:
field labels therefore end in `.Label` (`RULEPACK.Field.cost.Label`,
`RULEPACK.Field.cost.amount.Label`) and a text choice's label in `.Choice.<choice>`
(`RULEPACK.Field.role.Choice.pc`), which no snake_case field name can collide with.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache

from compiler import plugins
from compiler.errors import BuildError
from compiler.model import Ruleset
from compiler.packing import subtypes
from compiler.render.data_models import FieldSpec, data_schemas
from compiler.render.environment import TEMPLATE_ROOT
from compiler.schemas import SchemaSet

BASE_STRINGS = TEMPLATE_ROOT / "lang" / "en.json"

#: English labels of the module sub-types, by content kind.
KIND_LABELS = {
    "weapon": "Weapon", "armor": "Armor", "card": "Card", "power": "Power",
    "hit_locations": "Hit-Location Table", "fighter": "Fighter", "scene": "Scene",
}

#: English labels of the schema fields whose name alone reads badly; other fields get their
#: name with underscores as spaces ("base_attribute" -> "Base attribute").
FIELD_LABELS = {
    "av": "Armour value", "mass_kg": "Mass (kg)", "hands": "Hands", "damage_type": "Damage type",
    "amount": "Amount", "resource": "Resource", "cost": "Cost", "description": "Description",
    "items": "Carried",
}


def kind_label(schemas: SchemaSet, kind: str) -> str:
    """A kind's English label: the table above, else its schema's `title`."""
    if kind in KIND_LABELS:
        return KIND_LABELS[kind]
    info = next(i for i in schemas.kinds().values() if i.kind == kind)
    engine = sorted(info.engines or ())[0]
    title = schemas.schema(schemas.uri(engine, kind)).get("title")
    return str(title or kind.replace("_", " ").capitalize())


@cache
def base_strings() -> dict[str, str]:
    """The strings every module ships."""
    strings: dict[str, str] = json.loads(BASE_STRINGS.read_text(encoding="utf-8"))
    return strings


@cache
def ruleset_strings(engine: str) -> dict[str, str]:
    """The strings of `engine`'s own (none when it has no `lang/` folder)."""
    plugin = plugins.plugins()[engine]
    if not plugin.has("lang"):
        return {}
    path = plugin.layer("lang") / "en.json"
    strings: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    clash = sorted(set(strings) & set(base_strings()))
    if clash:
        raise BuildError(f"{path}: redefines the shared string {clash[0]}")
    return strings


def field_label_key(path: str) -> str:
    """The key of a field's label (`fieldLabelKey` in `scripts/foundry/sheets.mjs` is the same)."""
    return f"RULEPACK.Field.{path}.Label"


def field_label(name: str) -> str:
    return FIELD_LABELS.get(name) or name.replace("_", " ").capitalize()


def choice_label_key(path: str, choice: str) -> str:
    """The key of one text choice's label (`choiceLabelKey` in `scripts/foundry/sheets.mjs`):
    the field's path without array or map steps (`keywords`, not `keywords.*`)."""
    return f"RULEPACK.Field.{path}.Choice.{choice}"


def choice_label(choice: str) -> str:
    """A choice's English label from its key ("blind_fighting" -> "Blind fighting"); a ruleset's
    strings word one better where the key reads badly ("pc" -> "Player character")."""
    return choice.replace("_", " ").replace("-", " ").capitalize()


def choice_labels(ruleset: Ruleset) -> dict[str, str]:
    """A label for every text choice a sheet shows: in a select, or as an item of a list or map
    (`fieldRows` in `scripts/foundry/sheets.mjs`). The fields inside the items of a list of
    objects, and the options of a union, are shown as text: none."""
    labels = {}
    for schema in data_schemas(ruleset).values():
        for path, choice in _text_choices(schema["fields"]):
            labels[choice_label_key(path, choice)] = choice_label(choice)
    return labels


def _text_choices(fields: Mapping[str, FieldSpec], prefix: str = "") -> Iterator[tuple[str, str]]:
    for name, spec in fields.items():
        path = f"{prefix}{name}"
        shown = spec["element"] if spec["type"] in ("array", "map") else spec
        for choice in shown.get("choices", ()):
            if isinstance(choice, str):
                yield path, choice
        if spec["type"] == "object":
            yield from _text_choices(spec["fields"], f"{path}.")


def field_labels(ruleset: Ruleset) -> dict[str, str]:
    """A label for every field the sheets label: each field and each field of an object field.

    Array items, map values and the options of a union are shown as text under their field's
    label (`fieldRows` in `scripts/foundry/sheets.mjs`), so their inner fields get none.
    """
    labels = {}
    for schema in data_schemas(ruleset).values():
        for path in _labelled_paths(schema["fields"]):
            labels[field_label_key(path)] = field_label(path.rsplit(".", 1)[-1])
    return labels


def _labelled_paths(fields: Mapping[str, FieldSpec], prefix: str = "") -> Iterator[str]:
    for name, spec in fields.items():
        yield f"{prefix}{name}"
        if spec["type"] == "object":
            yield from _labelled_paths(spec["fields"], f"{prefix}{name}.")


def language_strings(ruleset: Ruleset) -> dict[str, str]:
    """Every string of `ruleset`'s module: shared, the generated labels, then its ruleset's (which
    may word a generated field label better: `RULEPACK.Field.current_av.Label` "AV")."""
    strings = base_strings().copy()
    for kind, (document_name, subtype) in subtypes(ruleset).items():
        label = kind_label(ruleset.schemas, kind)
        strings[f"TYPES.{document_name}.{ruleset.module_id}.{subtype}"] = label
    strings.update(field_labels(ruleset))
    strings.update(choice_labels(ruleset))
    strings.update(ruleset_strings(ruleset.engine))
    return strings
