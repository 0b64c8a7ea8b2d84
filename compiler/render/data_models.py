"""What the module's Foundry data models hold: each sub-type's `system` fields, read off its schema.

The JSON Schema of a kind (with the ruleset's extension, if its engine has one) is the one place a
field is declared. This module reduces it to a small plain description that the build writes into
`scripts/config.mjs` as `DATA_SCHEMAS`; `scripts/foundry/data-models.mjs` turns the description
into `foundry.data.fields` instances at `init`, so an engine that extends a kind gets matching
Foundry fields and sheet inputs without any JavaScript change.

A field description is a dict (every key is JSON):

* always: `type`, `required` (the key must be present), `nullable` (null is allowed);
  `initial` when the schema has a `default`;
* `integer`/`number`: `min`, `max`, `choices` (an `enum`), each only when the schema has it;
* `string`: `html` (`contentMediaType: text/html`), and `choices`, `pattern` (ECMA-262, tested
  with the `u` flag as `tests/unit/test_schemas.py` does), `minLength`, `maxLength` when present;
* `array`: `element`, `unique`, and `minItems`, `maxItems` when present;
* `object`: `fields` (a closed set of named fields); `map`: `element` (any key, one value type),
  and `keyPattern` from `propertyNames`; `union`: `options` (`anyOf`/`oneOf` without the null
  branch, which becomes `nullable`); `any`: no constraint (an open object).

Keywords that only narrow a value further (`if`/`then`, `not`, formats) are left to the build's
validation: the data model may accept more than the schema, never less.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.model import Ruleset
from compiler.packing import subtypes
from compiler.schemas import HTML_MEDIA_TYPE, SchemaSet

FieldSpec = dict[str, Any]

#: Author fields that become the document's own `_id`, `name`, `img` and prototype token instead
#: of `system` (see `compiler/packing/documents.py`), so no data model holds them.
NOT_IN_SYSTEM = frozenset({"id", "name", "img"})
#: A fighter's `token` is its prototype token.
NOT_IN_FIGHTER_SYSTEM = NOT_IN_SYSTEM | {"token"}

#: Field names become i18n keys (`RULEPACK.Field.<path>.Label`) and form input names.
FIELD_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

_SCALARS = ("integer", "number", "string", "boolean")


@dataclass
class _Merged:
    """The keywords of every schema that applies at one place (the node, its `$ref`s, `allOf`)."""

    types: set[str] | None = None
    properties: dict[str, list[tuple[Any, Any]]] = field(default_factory=dict)
    required: set[str] = field(default_factory=set)
    additional: list[tuple[Any, Any]] = field(default_factory=list)
    property_names: list[tuple[Any, Any]] = field(default_factory=list)
    items: list[tuple[Any, Any]] = field(default_factory=list)
    prefix_items: list[list[tuple[Any, Any]]] = field(default_factory=list)
    alternatives: list[list[tuple[Any, Any]]] = field(default_factory=list)
    keywords: dict[str, Any] = field(default_factory=dict)


class UnsupportedSchema(ValueError):
    """A schema construct the data-model description cannot represent (a schema bug to fix)."""


def data_schemas(ruleset: Ruleset) -> dict[str, dict[str, Any]]:
    """`{subtype: {"document": "Item"|"Actor", "fields": {...}}}` for every module sub-type."""
    found = {}
    for kind, (document_name, subtype) in sorted(subtypes(ruleset).items()):
        fields = system_fields(ruleset.engine, kind, ruleset.schemas)
        found[subtype] = {"document": document_name, "fields": fields}
    return found


@functools.lru_cache(maxsize=256)
def system_fields(engine: str | None, kind: str, schemas: SchemaSet) -> FieldSpec:
    """The `system` fields of `kind` as validated (by `schemas`) for rulesets using `engine`.

    Made once per schema set (a build asks three times, each rebuild of a watch again); the
    description is shared, so no caller changes it."""
    resolved = schemas.registry.resolver().lookup(schemas.uri(engine, kind))
    root = describe([(resolved.contents, resolved.resolver)], (kind,), required=True)
    if root["type"] != "object":
        raise UnsupportedSchema(f"{kind}: a content document must be an object")
    fields: FieldSpec = root["fields"]
    mapped = NOT_IN_FIGHTER_SYSTEM if kind == "fighter" else NOT_IN_SYSTEM
    return {name: spec for name, spec in fields.items() if name not in mapped}


def describe(parts: list[tuple[Any, Any]], path: tuple[str, ...], required: bool) -> FieldSpec:
    """The description of the value that every schema in `parts` (with its resolver) applies to."""
    merged = _merge(parts, path)
    if merged.alternatives:
        spec = _union(merged, path)
    else:
        spec = _typed(merged, _type_of(merged, path), path)
    spec["required"] = required
    if "default" in merged.keywords:
        spec["initial"] = copy.deepcopy(merged.keywords["default"])
    return spec


def html_paths(fields: Mapping[str, FieldSpec], prefix: str = "") -> list[str]:
    """Dotted paths of the HTML string fields (`*`: any array item or map value), sorted."""
    return sorted(path for path, spec in walk_fields(fields, prefix) if spec.get("html"))


def walk_fields(
    fields: Mapping[str, FieldSpec], prefix: str = ""
) -> Iterator[tuple[str, FieldSpec]]:
    """Every (dotted path, description) inside `fields`, union options included."""
    for name, spec in fields.items():
        yield from _walk_spec(f"{prefix}{name}", spec)


def _walk_spec(path: str, spec: FieldSpec) -> Iterator[tuple[str, FieldSpec]]:
    yield path, spec
    if spec["type"] == "object":
        yield from walk_fields(spec["fields"], f"{path}.")
    elif spec["type"] in ("array", "map"):
        yield from _walk_spec(f"{path}.*", spec["element"])
    elif spec["type"] == "union":
        for option in spec["options"]:
            yield from _walk_spec(path, option)


# -- merging the schemas that apply at one place -------------------------------------------------


def _applicable(schema: Any, resolver: Any, seen: set[int]) -> Iterator[tuple[Any, Any]]:
    """`schema`, then everything its `$ref` and `allOf` apply at the same place."""
    if not isinstance(schema, Mapping) or id(schema) in seen:
        return
    seen.add(id(schema))
    yield schema, resolver
    if "$ref" in schema:
        target = resolver.lookup(schema["$ref"])
        yield from _applicable(target.contents, target.resolver, seen)
    for sub in schema.get("allOf", []):
        yield from _applicable(sub, resolver, seen)


def _merge(parts: list[tuple[Any, Any]], path: tuple[str, ...]) -> _Merged:
    merged = _Merged()
    seen: set[int] = set()
    for part, part_resolver in parts:
        for schema, resolver in _applicable(part, part_resolver, seen):
            _merge_one(merged, schema, resolver, path)
    return merged


def _merge_one(
    merged: _Merged, schema: Mapping[str, Any], resolver: Any, path: tuple[str, ...]
) -> None:
    if "type" in schema:
        declared = schema["type"]
        types = set(declared) if isinstance(declared, list) else {declared}
        merged.types = types if merged.types is None else merged.types & types
    for name, sub in schema.get("properties", {}).items():
        merged.properties.setdefault(name, []).append((sub, resolver))
    merged.required.update(schema.get("required", []))
    for keyword, target in (("additionalProperties", merged.additional),
                            ("propertyNames", merged.property_names), ("items", merged.items)):
        if isinstance(schema.get(keyword), Mapping):
            target.append((schema[keyword], resolver))
    if "prefixItems" in schema:
        merged.prefix_items.append([(sub, resolver) for sub in schema["prefixItems"]])
    for keyword in ("anyOf", "oneOf"):
        if keyword in schema:
            merged.alternatives.append([(sub, resolver) for sub in schema[keyword]])
    _merge_keywords(merged.keywords, schema, path)


#: Keywords with no data-model equivalent that would make the model reject valid data if ignored.
_UNSUPPORTED = ("exclusiveMinimum", "exclusiveMaximum", "dependentSchemas", "patternProperties")


def _merge_keywords(
    keywords: dict[str, Any], schema: Mapping[str, Any], path: tuple[str, ...]
) -> None:
    _merge_bounds(keywords, schema)
    if "enum" in schema:
        previous = keywords.get("enum", schema["enum"])
        keywords["enum"] = [value for value in schema["enum"] if value in previous]
    if "const" in schema:
        keywords["enum"] = [schema["const"]]
    for keyword in ("pattern", "default"):
        if keyword in schema:
            if keyword in keywords and keywords[keyword] != schema[keyword]:
                raise UnsupportedSchema(f"{'.'.join(path)}: two different {keyword}s apply")
            keywords[keyword] = schema[keyword]
    if schema.get("contentMediaType") == HTML_MEDIA_TYPE:
        keywords["html"] = True
    if schema.get("uniqueItems"):
        keywords["unique"] = True
    for keyword in _UNSUPPORTED:
        if keyword in schema:
            raise UnsupportedSchema(f"{'.'.join(path)}: {keyword} has no data-model equivalent")


def _merge_bounds(keywords: dict[str, Any], schema: Mapping[str, Any]) -> None:
    """Every bound that applies, tightest first: all of them must hold."""
    for keyword in ("minimum", "minLength", "minItems"):
        if keyword in schema:
            keywords[keyword] = max(keywords.get(keyword, schema[keyword]), schema[keyword])
    for keyword in ("maximum", "maxLength", "maxItems"):
        if keyword in schema:
            keywords[keyword] = min(keywords.get(keyword, schema[keyword]), schema[keyword])


# -- one description from merged keywords --------------------------------------------------------


def _type_of(merged: _Merged, path: tuple[str, ...]) -> str:
    types = merged.types
    if types is None:
        types = _implied_types(merged)
    if types == {"null"}:
        return "null"
    real = types - {"null"}
    if real == {"integer", "number"}:
        real = {"integer"}
    if len(real) != 1:
        raise UnsupportedSchema(f"{'.'.join(path)}: cannot tell one type from {sorted(types)}")
    return real.pop()


def _implied_types(merged: _Merged) -> set[str]:
    if merged.properties or merged.additional:
        return {"object"}
    if merged.items or merged.prefix_items:
        return {"array"}
    values = merged.keywords.get("enum")
    if values:
        return {_json_type(value) for value in values}
    return {"object"}  # no constraint at all: an open value, described as `any` below


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {float: "number", str: "string", type(None): "null"}.get(type(value), "object")


def _typed(merged: _Merged, kind: str, path: tuple[str, ...]) -> FieldSpec:
    nullable = (merged.types is not None and "null" in merged.types) or (
        None in merged.keywords.get("enum", ())
    )
    if kind == "null":
        return {"type": "null", "nullable": True}
    if kind in _SCALARS:
        spec = _scalar(merged, kind)
    elif kind == "array":
        spec = _array(merged, path)
    else:
        spec = _object(merged, path)
    spec["nullable"] = nullable
    return spec


def _scalar(merged: _Merged, kind: str) -> FieldSpec:
    keywords = merged.keywords
    spec: FieldSpec = {"type": kind}
    if kind in ("integer", "number"):
        spec.update({new: keywords[old] for old, new in (("minimum", "min"), ("maximum", "max"))
                     if old in keywords})
    if kind == "string":
        spec["html"] = bool(keywords.get("html"))
        lengths = ("pattern", "minLength", "maxLength")
        spec.update({k: keywords[k] for k in lengths if k in keywords})
    if "enum" in keywords:
        spec["choices"] = [value for value in keywords["enum"] if value is not None]
    return spec


def _array(merged: _Merged, path: tuple[str, ...]) -> FieldSpec:
    keywords = merged.keywords
    element_parts = list(merged.items)
    for prefix in merged.prefix_items:
        element_parts.extend(prefix)
    if not element_parts:
        element: FieldSpec = {"type": "any", "required": True, "nullable": True}
    elif merged.prefix_items:
        # A tuple: every position described by one merged element (e.g. two bounded integers).
        element = describe(element_parts, (*path, "*"), required=True)
    else:
        element = describe(list(merged.items), (*path, "*"), required=True)
    spec: FieldSpec = {"type": "array", "element": element, "unique": bool(keywords.get("unique"))}
    spec.update({k: keywords[k] for k in ("minItems", "maxItems") if k in keywords})
    return spec


def _object(merged: _Merged, path: tuple[str, ...]) -> FieldSpec:
    if merged.properties and merged.additional:
        raise UnsupportedSchema(f"{'.'.join(path)}: named fields plus additionalProperties")
    if merged.properties:
        fields = {}
        for name, parts in sorted(merged.properties.items()):
            if not FIELD_NAME.match(name):
                raise UnsupportedSchema(f"{'.'.join(path)}: field name {name!r} is not snake_case")
            fields[name] = describe(parts, (*path, name), required=name in merged.required)
        return {"type": "object", "fields": fields}
    if not merged.additional:
        return {"type": "any"}
    spec: FieldSpec = {
        "type": "map", "element": describe(merged.additional, (*path, "*"), required=True),
    }
    if merged.property_names:
        names = _merge(merged.property_names, (*path, "*"))
        if "pattern" in names.keywords:
            spec["keyPattern"] = names.keywords["pattern"]
    return spec


def _union(merged: _Merged, path: tuple[str, ...]) -> FieldSpec:
    if len(merged.alternatives) > 1 or merged.types or merged.properties or merged.items:
        raise UnsupportedSchema(f"{'.'.join(path)}: anyOf/oneOf must stand alone")
    options = [describe([part], path, required=True) for part in merged.alternatives[0]]
    nullable = any(option["type"] == "null" or option["nullable"] for option in options)
    options = [option for option in options if option["type"] != "null"]
    for option in options:
        option.pop("required")
        option["nullable"] = False
    if len(options) == 1:
        spec = options[0]
    else:
        spec = {"type": "union", "options": options}
    spec["nullable"] = nullable
    return spec
