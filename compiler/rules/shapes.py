"""Declared rule inputs: one interpreter of a small JSON Schema dialect (mirror: `shapes.mjs`).

Each ruleset declares the shape of every rule's `input` once, in its `inputs.schema.json` (the
top-level `properties` map rule names to shapes). The harness of both engines reads a rule's
input through its shape before the rule runs, so a malformed input is refused with the same code
and the same words in Python and JS, and optional fields arrive with their `default`s filled in.
The dialect is documented in `compiler/schemas/README.md`; `dialect.py` refuses anything else.

Messages read `<where> must be <expected>`, where `<where>` is the path of the bad value
(`input.steps[2].kind`) and `<expected>` comes from the shape (`expected`), so they embed only key
names, ints and fixed words, never arbitrary input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import urljoin

from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError, code_path, error_path
from compiler.rules.inputs import sorted_keys

Shape = Mapping[str, Any]
EXPECTED = "x-rulepack-expected"
TAG = "x-rulepack-tag"


class ShapeBook:
    """Shape documents by `$id`, resolving `$ref`s between and within them."""

    def __init__(self, documents: Iterable[Shape]) -> None:
        self.documents: dict[str, Shape] = {str(d["$id"]): d for d in documents}
        self._resolved: dict[tuple[str, str], tuple[Shape, str]] = {}

    def resolve(self, ref: str, base: str) -> tuple[Shape, str]:
        """The shape `ref` points at from the document `base`, and that shape's document."""
        found = self._resolved.get((ref, base))
        if found is None:
            uri, _, pointer = urljoin(base, ref).partition("#")
            node: Any = self.documents[uri]
            for part in [p for p in pointer.split("/") if p]:
                node = node[part]
            found = self._resolved[(ref, base)] = (node, uri)
        return found

    def rule_shape(self, uri: str, rule: str) -> Shape | None:
        """The declared input shape of `rule` in the inputs document `uri`, if any."""
        shape: Shape | None = self.documents[uri].get("properties", {}).get(rule)
        return shape

    def read(self, shape: Shape, base: str, value: object, where: str) -> Any:
        """`value` checked against `shape` (defaults filled in, a new copy), or a `RuleError`."""
        return _Reader(self, base).read(shape, value, where)


def fail(where: str, message: str) -> RuleError:
    """The error for a bad value under `where`: `bad_config` under config, else `bad_input`; it
    points at the message's leading path, else at `where`."""
    code = BAD_CONFIG if where.startswith("config") else BAD_INPUT
    leading = error_path(code, message)
    return RuleError(code, message, path=leading if leading != code_path(code) else where)


def is_int(value: object) -> bool:
    """An int and not a bool (JS: `Number.isInteger`)."""
    return type(value) is int


def canonical_json(value: object) -> str:
    """JSON text with sorted keys and no spaces (JS `canonicalJson`)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def same_json(a: object, b: object) -> bool:
    """JSON equality: `true` never equals `1`, objects compare without key order."""
    return canonical_json(a) == canonical_json(b)


class _Reader:
    """One read: the book and the document the current shape belongs to."""

    def __init__(self, book: ShapeBook, base: str) -> None:
        self.book = book
        self.base = base

    def expected(self, shape: Shape) -> str:
        """What a value of `shape` must be, in words."""
        if EXPECTED in shape:
            return str(shape[EXPECTED])
        if "$ref" in shape:
            target, base = self.book.resolve(shape["$ref"], self.base)
            return _Reader(self.book, base).expected(target)
        if "const" in shape:
            return json.dumps(shape["const"])
        if "anyOf" in shape:
            return " or ".join(self.expected(branch) for branch in shape["anyOf"])
        if "oneOf" in shape:
            return "an object"  # a tagged union's branches are objects
        return _type_words(shape)

    def read(self, shape: Shape, value: object, where: str) -> Any:
        if EXPECTED in shape:
            try:
                return self._read(shape, value, where)
            except RuleError:
                raise fail(where, f"{where} must be {shape[EXPECTED]}") from None
        return self._read(shape, value, where)

    def _read(self, shape: Shape, value: object, where: str) -> Any:
        if "$ref" in shape:
            target, base = self.book.resolve(shape["$ref"], self.base)
            return _Reader(self.book, base).read(target, value, where)
        if "const" in shape:
            if not same_json(value, shape["const"]):
                raise fail(where, f"{where} must be {self.expected(shape)}")
            return _json_copy(value)
        if "anyOf" in shape:
            return self._any_of(shape, value, where)
        if "oneOf" in shape:
            return self._tagged(shape, value, where)
        kind = shape["type"]
        if kind == "object":
            return self._object(shape, value, where)
        if kind == "array":
            return self._array(shape, value, where)
        if not _scalar_ok(shape, value):
            raise fail(where, f"{where} must be {self.expected(shape)}")
        return value

    def _any_of(self, shape: Shape, value: object, where: str) -> Any:
        for branch in shape["anyOf"]:
            try:
                return self.read(branch, value, where)
            except RuleError:
                continue
        raise fail(where, f"{where} must be {self.expected(shape)}")

    def _tagged(self, shape: Shape, value: object, where: str) -> Any:
        """A tagged union: the branch whose tag field's `const` equals the value's tag."""
        tag = str(shape[TAG])
        branches = [self._deref(branch) for branch in shape["oneOf"]]
        tags = [str(b["properties"][tag]["const"]) for b in branches]
        if not isinstance(value, Mapping):
            raise fail(where, f"{where} must be an object")
        if tag not in value:
            raise fail(where, f"{where}.{tag} is required")
        if value[tag] not in tags:
            raise fail(where, f"{where}.{tag} must be one of {', '.join(tags)}")
        return self.read(shape["oneOf"][tags.index(value[tag])], value, where)

    def _deref(self, shape: Shape) -> Shape:
        while "$ref" in shape:
            shape = self.book.resolve(shape["$ref"], self.base)[0]
        return shape

    def _object(self, shape: Shape, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise fail(where, f"{where} must be an object")
        extra = shape.get("additionalProperties", False)
        if extra is not False:
            return self._map(shape, extra, value, where)
        properties: Mapping[str, Shape] = shape.get("properties", {})
        for key in shape.get("required", ()):
            if key not in value:
                raise fail(where, f"{where}.{key} is required")
        unknown = sorted_keys(key for key in value if key not in properties)
        if unknown:
            raise fail(where, f"{where}.{unknown[0]} is not a known field")
        found = dict(value)
        for key, sub in properties.items():
            if key in value:
                found[key] = self.read(sub, value[key], f"{where}.{key}")
            elif "default" in sub:
                found[key] = _json_copy(sub["default"])
        return found

    def _map(
        self, shape: Shape, values: Shape, value: Mapping[str, Any], where: str
    ) -> dict[str, Any]:
        limit = shape["maxProperties"]
        if len(value) > limit:
            raise fail(where, f"{where} must be an object of at most {limit} entries")
        found = dict(value)
        for key in sorted_keys(value):
            found[key] = self.read(values, value[key], f"{where}.{key}")
        return found

    def _array(self, shape: Shape, value: object, where: str) -> list[Any]:
        if not isinstance(value, list) or not _length_ok(shape, len(value)):
            raise fail(where, f"{where} must be {_type_words(shape)}")
        prefix: Sequence[Shape] = shape.get("prefixItems", ())
        found = []
        for index, item in enumerate(value):
            sub = prefix[index] if index < len(prefix) else shape["items"]
            found.append(self.read(sub, item, f"{where}[{index}]"))
        if shape.get("uniqueItems"):
            _check_unique(found, where)
        return found


def _json_copy(value: Any) -> Any:
    """A deep copy of JSON data (`copy.deepcopy` is many times slower; JS: `structuredClone`)."""
    if isinstance(value, dict):
        return {key: _json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_copy(item) for item in value]
    return value


def _check_unique(items: Sequence[Any], where: str) -> None:
    seen: list[str] = []
    for index, item in enumerate(items):
        text = canonical_json(item)
        if text in seen:
            raise fail(where, f"{where}[{index}] repeats {where}[{seen.index(text)}]")
        seen.append(text)


def _length_ok(shape: Shape, length: int) -> bool:
    if "prefixItems" in shape and shape.get("items") is False:
        return length == len(shape["prefixItems"])
    return int(shape.get("minItems", 0)) <= length <= int(shape["maxItems"])


def _scalar_ok(shape: Shape, value: object) -> bool:
    kind = shape["type"]
    if kind == "integer":
        low, high = shape["minimum"], shape["maximum"]
        return isinstance(value, int) and is_int(value) and low <= value <= high
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if not isinstance(value, str):
        return False
    if "enum" in shape:
        return value in shape["enum"]
    length = len(value.encode("utf-16-le")) // 2  # UTF-16 code units, as JS counts
    if not int(shape.get("minLength", 0)) <= length <= int(shape.get("maxLength", length)):
        return False
    return "pattern" not in shape or re.fullmatch(shape["pattern"], value) is not None


def _type_words(shape: Shape) -> str:
    """The expected phrase of a plain typed shape (see `_Reader.expected`)."""
    kind = shape.get("type")
    if kind == "integer":
        return f"an integer in {shape['minimum']}..{shape['maximum']}"
    if kind == "boolean":
        return "true or false"
    if kind == "null":
        return "null"
    if kind == "object":
        return "an object"
    if kind == "array":
        return _list_words(shape)
    if "enum" in shape:
        return f"one of {', '.join(shape['enum'])}"
    return "a non-empty string" if shape.get("minLength", 0) >= 1 else "a string"


def _list_words(shape: Shape) -> str:
    if "prefixItems" in shape and shape.get("items") is False:
        return f"a list of {len(shape['prefixItems'])} items"
    low, high = int(shape.get("minItems", 0)), shape["maxItems"]
    return f"a list of {low}..{high} items" if low else f"a list of at most {high} items"
