"""The rule-input dialect of the plug-in layout (issue 8), interpreted (mirror: `shapes.mjs`).

A shape is a small JSON Schema: integers with both bounds, booleans, strings (enum, non-empty,
or a pattern with `x-rulepack-expected`), `const`, null, lists with `maxItems`, closed records
and bounded maps, `anyOf`, tagged `oneOf` and `$ref`. `check` returns a checked copy of the
value with the defaults of absent optional fields filled in, or raises `bad_input` (`bad_config`
under `config`) worded from the shape alone, so both engines say the same thing. This is the
fate_wounds interim copy: the shared `compiler/rules/shapes.py` of the plug-in refactor replaces
it, and the harness then runs the checks.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.fate_wounds.schema_data import INPUTS, RULES_CONFIG
from compiler.rules.inputs import sorted_keys

Shape = Mapping[str, Any]
DOCUMENTS: Mapping[str, Shape] = {INPUTS["$id"]: INPUTS, RULES_CONFIG["$id"]: RULES_CONFIG}
"""The shape documents a `$ref` may name by `$id`."""

KEYWORDS = frozenset({
    "type", "minimum", "maximum", "enum", "minLength", "pattern", "const", "items", "maxItems",
    "properties", "required", "additionalProperties", "maxProperties", "anyOf", "oneOf", "$ref",
    "default", "x-rulepack-expected", "x-rulepack-tag", "title", "description", "$comment",
    "$schema", "$id", "$defs",
})
"""Every keyword of the dialect; a shape using another is refused by a test."""


def fail(where: str, message: str) -> RuleError:
    """`bad_config` for a value under `config`, else `bad_input`."""
    return RuleError(BAD_CONFIG if where.startswith("config") else BAD_INPUT, message)


def check(shape: Shape, value: object, where: str, document: Shape) -> Any:
    """`value` checked against `shape` (found in `document`), with defaults filled in."""
    if "$ref" in shape:
        target, found = _resolve(shape["$ref"], document)
        return check(target, value, where, found)
    if "x-rulepack-expected" in shape:
        try:
            return _check_plain(shape, value, where, document)
        except RuleError:
            raise fail(where, f"{where} must be {shape['x-rulepack-expected']}") from None
    return _check_plain(shape, value, where, document)


def phrase(shape: Shape, document: Shape) -> str:
    """What a value of `shape` is, in words: "an integer in 0..100", "null or an object"."""
    if "$ref" in shape:
        target, found = _resolve(shape["$ref"], document)
        return phrase(target, found)
    if "x-rulepack-expected" in shape:
        return str(shape["x-rulepack-expected"])
    if "anyOf" in shape:
        return " or ".join(phrase(branch, document) for branch in shape["anyOf"])
    if "const" in shape:
        return _text(shape["const"])
    return _type_phrase(shape)


def _type_phrase(shape: Shape) -> str:
    kind = shape.get("type")
    if kind == "null":
        return "null"
    if kind == "boolean":
        return "true or false"
    if kind == "integer":
        return f"an integer in {shape['minimum']}..{shape['maximum']}"
    if kind == "string":
        if "enum" in shape:
            return "one of " + ", ".join(shape["enum"])
        return "a non-empty string"
    if kind == "array":
        return f"a list of at most {shape['maxItems']} items"
    if isinstance(shape.get("additionalProperties"), Mapping):
        return f"an object of at most {shape['maxProperties']} entries"
    return "an object"


def _text(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _resolve(ref: str, document: Shape) -> tuple[Shape, Shape]:
    base, _, pointer = ref.partition("#")
    found = DOCUMENTS[base] if base else document
    target: Any = found
    for part in pointer.split("/")[1:]:
        target = target[part]
    return (target, found)


def _check_plain(shape: Shape, value: object, where: str, document: Shape) -> Any:
    if "anyOf" in shape:
        return _any_of(shape, value, where, document)
    if "oneOf" in shape:
        return _tagged(shape, value, where, document)
    if "const" in shape:
        if not _same(value, shape["const"]):
            raise fail(where, f"{where} must be {_text(shape['const'])}")
        return value
    kind = shape.get("type")
    if kind == "array":
        return _list(shape, value, where, document)
    if kind == "object":
        if isinstance(shape.get("additionalProperties"), Mapping):
            return _map(shape, value, where, document)
        return _record(shape, value, where, document)
    if not _leaf_fits(shape, value):
        raise fail(where, f"{where} must be {_type_phrase(shape)}")
    return value


def _leaf_fits(shape: Shape, value: object) -> bool:
    kind = shape.get("type")
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return type(value) is int and bool(shape["minimum"] <= value <= shape["maximum"])
    if kind == "string" and isinstance(value, str):
        if "enum" in shape:
            return bool(value in shape["enum"])
        if "pattern" in shape:
            return _pattern(shape["pattern"]).search(value) is not None
        return len(value) >= int(shape.get("minLength", 0))
    return False


def _pattern(pattern: str) -> re.Pattern[str]:
    """ECMA-262 semantics for the dialect's anchored ASCII patterns: `$` only at the very end."""
    return re.compile(pattern[:-1] + r"\Z" if pattern.endswith("$") else pattern, re.ASCII)


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _any_of(shape: Shape, value: object, where: str, document: Shape) -> Any:
    """The first branch that passes; when only one branch takes values of this kind (a nullable
    object that is not null), its own error, which says where inside the value it went wrong."""
    errors: list[RuleError] = []
    for branch in shape["anyOf"]:
        try:
            return check(branch, value, where, document)
        except RuleError as error:
            errors.append(error)
    kind = _kind(value)
    branches = zip(shape["anyOf"], errors, strict=True)
    fitting = [error for branch, error in branches if kind in _kinds(branch, document)]
    if len(fitting) == 1:
        raise fitting[0]
    raise fail(where, f"{where} must be {phrase(shape, document)}")


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, Mapping) else "other"


def _kinds(shape: Shape, document: Shape) -> set[str]:
    """The JSON kinds a shape can accept at all."""
    if "$ref" in shape:
        target, found = _resolve(shape["$ref"], document)
        return _kinds(target, found)
    if "anyOf" in shape:
        return {kind for branch in shape["anyOf"] for kind in _kinds(branch, document)}
    if "const" in shape:
        return {_kind(shape["const"])}
    return {str(shape.get("type", "object"))}


def _tagged(shape: Shape, value: object, where: str, document: Shape) -> Any:
    tag = shape["x-rulepack-tag"]
    if not isinstance(value, Mapping):
        raise fail(where, f"{where} must be an object")
    if tag not in value:
        raise fail(where, f"{where}.{tag} is required")
    tags = [branch["properties"][tag]["const"] for branch in shape["oneOf"]]
    for branch, name in zip(shape["oneOf"], tags, strict=True):
        if _same(value[tag], name):
            return check(branch, value, where, document)
    raise fail(where, f"{where}.{tag} must be one of {', '.join(tags)}")


def _list(shape: Shape, value: object, where: str, document: Shape) -> list[Any]:
    if not isinstance(value, list) or len(value) > shape["maxItems"]:
        raise fail(where, f"{where} must be {_type_phrase(shape)}")
    return [check(shape["items"], item, f"{where}[{i}]", document) for i, item in enumerate(value)]


def _map(shape: Shape, value: object, where: str, document: Shape) -> dict[str, Any]:
    if not isinstance(value, Mapping) or len(value) > shape["maxProperties"]:
        raise fail(where, f"{where} must be {_type_phrase(shape)}")
    items = shape["additionalProperties"]
    checked = {
        key: check(items, value[key], f"{where}.{key}", document) for key in sorted_keys(value)
    }
    return {key: checked[key] for key in value}


def _record(shape: Shape, value: object, where: str, document: Shape) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise fail(where, f"{where} must be an object")
    properties: Mapping[str, Shape] = shape.get("properties", {})
    for key in shape.get("required", ()):
        if key not in value:
            raise fail(where, f"{where}.{key} is required")
    unknown = sorted_keys(key for key in value if key not in properties)
    if unknown:
        raise fail(where, f"{where}.{unknown[0]} is not a known field")
    result: dict[str, Any] = {}
    for key, field in properties.items():
        if key in value:
            result[key] = check(field, value[key], f"{where}.{key}", document)
        elif "default" in field:
            result[key] = copy.deepcopy(field["default"])
    return result
