"""Declared rule inputs: one reader of a small JSON Schema dialect (mirror: `shapes.mjs`).

Each ruleset declares the shape of every rule's `input` once, in its `inputs.schema.json` (the
top-level `properties` map rule names to shapes). The harness of both engines reads a rule's
input through its shape before the rule runs, so a malformed input is refused with the same code
and the same words in Python and JS, and optional fields arrive with their `default`s filled in.
The dialect is documented in `compiler/schemas/README.md`; `dialect.py` refuses anything else.
Each shape is made into a Python function once (`_Compiler`), so that reading a value walks the
value alone (a scalar field or item by a plain test, its reader words the error when it fails).

Messages read `<where> must be <expected>`, where `<where>` is the path of the bad value
(`input.steps[2].kind`) and `<expected>` comes from the shape (`expected`), so they embed only key
names, ints and fixed words, never arbitrary input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
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
        self._compiler = _Compiler(self)

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
        return self._compiler.reader(shape, base)(value, where)


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
    """The words of one shape: the book and the document the shape belongs to."""

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


Read = Callable[[Any, str], Any]
#: The Python types of each dialect type's values (bool is an int: the reader tells them apart).
_TYPES: dict[str, tuple[type, ...]] = {
    "object": (Mapping,), "array": (list,), "integer": (int,), "boolean": (bool,),
    "null": (type(None),), "string": (str,),
}


class _Compiler:
    """Each shape made once into a function `(value, where) -> value read`, so a read walks the
    value alone, not the shape too (the JS twin interprets the shape; both say the same)."""

    def __init__(self, book: ShapeBook) -> None:
        self.book = book
        #: By (id, document); the shape is kept beside its reader, so an id is never reused.
        self.readers: dict[tuple[int, str], tuple[Shape, Read]] = {}

    def reader(self, shape: Shape, base: str) -> Read:
        key = (id(shape), base)
        found = self.readers.get(key)
        if found is not None:
            return found[1]
        made: list[Read] = []  # a shape that reaches itself through a $ref reads through this
        self.readers[key] = (shape, lambda value, where: made[0](value, where))
        try:
            reader = self.compile(shape, base)
        except Exception:
            del self.readers[key]
            raise
        made.append(reader)
        self.readers[key] = (shape, reader)
        return reader

    def compile(self, shape: Shape, base: str) -> Read:
        inner = self.inner(shape, base)
        if EXPECTED not in shape:
            return inner
        words = str(shape[EXPECTED])

        def read(value: Any, where: str) -> Any:
            try:
                return inner(value, where)
            except RuleError:
                raise fail(where, f"{where} must be {words}") from None

        return read

    def inner(self, shape: Shape, base: str) -> Read:
        if "$ref" in shape:
            return self.reader(*self.book.resolve(shape["$ref"], base))
        if "const" in shape:
            return self.const(shape, base)
        if "anyOf" in shape:
            return self.any_of(shape, base)
        if "oneOf" in shape:
            return self.tagged(shape, base)
        kind = shape["type"]
        if kind == "object":  # a map when it has additionalProperties, else fixed fields
            closed = shape.get("additionalProperties", False) is False
            return (self.object if closed else self.map)(shape, base)
        if kind == "array":
            return self.array(shape, base)
        return _scalar(shape, _Reader(self.book, base).expected(shape))

    def const(self, shape: Shape, base: str) -> Read:
        text = canonical_json(shape["const"])

        def read(value: Any, where: str) -> Any:
            if canonical_json(value) != text:
                raise fail(where, f"{where} must be {_Reader(self.book, base).expected(shape)}")
            return _json_copy(value)

        return read

    def any_of(self, shape: Shape, base: str) -> Read:
        branches = [(self.types(b, base), self.reader(b, base)) for b in shape["anyOf"]]

        def read(value: Any, where: str) -> Any:
            for types, branch in branches:
                if types is not None and not isinstance(value, types):
                    continue  # it would refuse the value: no error made to be thrown away
                try:
                    return branch(value, where)
                except RuleError:
                    continue
            raise fail(where, f"{where} must be {_Reader(self.book, base).expected(shape)}")

        return read

    def tagged(self, shape: Shape, base: str) -> Read:
        """A tagged union: the branch whose tag field's `const` equals the value's tag."""
        tag = str(shape[TAG])
        branches = shape["oneOf"]
        tags = [str(self.deref(branch, base)["properties"][tag]["const"]) for branch in branches]
        table: dict[str, Read] = {}
        for name, branch in zip(tags, branches, strict=True):
            table.setdefault(name, self.reader(branch, base))  # the first of a repeated tag
        choices = ", ".join(tags)

        def read(value: Any, where: str) -> Any:
            if type(value) is not dict and not isinstance(value, Mapping):
                raise fail(where, f"{where} must be an object")
            if tag not in value:
                raise fail(where, f"{where}.{tag} is required")
            found = table.get(value[tag]) if isinstance(value[tag], str) else None
            if found is None:
                raise fail(where, f"{where}.{tag} must be one of {choices}")
            return found(value, where)

        return read

    def types(self, shape: Shape, base: str) -> tuple[type, ...] | None:
        """Python types that hold every value `shape` accepts (None: any may)."""
        shape = self.deref(shape, base)
        if "const" in shape:
            return (Mapping,) if isinstance(shape["const"], Mapping) else (type(shape["const"]),)
        if "anyOf" in shape:
            return None
        if "oneOf" in shape:
            return (Mapping,)
        return _TYPES.get(shape.get("type", ""))

    def deref(self, shape: Shape, base: str) -> Shape:
        while "$ref" in shape:
            shape, base = self.book.resolve(shape["$ref"], base)
        return shape

    def test(self, shape: Shape, base: str) -> Callable[[Any], bool] | None:
        """True exactly for the scalars `shape` accepts (kept as they are); None: it copies."""
        while "$ref" in shape:
            shape, base = self.book.resolve(shape["$ref"], base)
        if "const" in shape:
            const, kind = shape["const"], type(shape["const"])  # JSON equality of scalars
            scalar = not isinstance(const, dict | list)
            return (lambda value: type(value) is kind and value == const) if scalar else None
        if "anyOf" in shape:
            tests = [test for b in shape["anyOf"] if (test := self.test(b, base)) is not None]
            ok = len(tests) == len(shape["anyOf"])
            return (lambda value: any(test(value) for test in tests)) if ok else None
        simple = "oneOf" not in shape and shape["type"] not in ("object", "array")
        return _scalar_test(shape) if simple else None

    def object(self, shape: Shape, base: str) -> Read:
        properties: Mapping[str, Shape] = shape.get("properties", {})
        required = tuple(shape.get("required", ()))
        known = frozenset(properties)
        fields = [(key, self.test(sub, base), self.reader(sub, base), "default" in sub,
                   sub.get("default")) for key, sub in properties.items()]

        def read(value: Any, where: str) -> dict[str, Any]:
            if type(value) is not dict and not isinstance(value, Mapping):
                raise fail(where, f"{where} must be an object")
            for key in required:
                if key not in value:
                    raise fail(where, f"{where}.{key} is required")
            if not known.issuperset(value):
                unknown = sorted_keys(key for key in value if key not in known)
                raise fail(where, f"{where}.{unknown[0]} is not a known field")
            found = dict(value)
            for key, test, sub, has_default, default in fields:
                if key in value:
                    if test is None or not test(value[key]):  # a scalar that passes is kept
                        found[key] = sub(value[key], f"{where}.{key}")
                elif has_default:
                    found[key] = _json_copy(default)
            return found

        return read

    def map(self, shape: Shape, base: str) -> Read:
        limit = shape["maxProperties"]
        values = self.reader(shape["additionalProperties"], base)
        test = self.test(shape["additionalProperties"], base)

        def read(value: Any, where: str) -> dict[str, Any]:
            if type(value) is not dict and not isinstance(value, Mapping):
                raise fail(where, f"{where} must be an object")
            if len(value) > limit:
                raise fail(where, f"{where} must be an object of at most {limit} entries")
            found = dict(value)
            if test is None or not all(map(test, value.values())):  # scalars that pass: kept
                for key in sorted_keys(value):
                    found[key] = values(value[key], f"{where}.{key}")
            return found

        return read

    def array(self, shape: Shape, base: str) -> Read:
        prefix = [self.reader(sub, base) for sub in shape.get("prefixItems", ())]
        rest = shape.get("items")
        items = self.reader(rest, base) if isinstance(rest, Mapping) else None
        test = self.test(rest, base) if isinstance(rest, Mapping) and not prefix else None
        words, unique = _type_words(shape), bool(shape.get("uniqueItems"))

        def read(value: Any, where: str) -> list[Any]:
            if not isinstance(value, list) or not _length_ok(shape, len(value)):
                raise fail(where, f"{where} must be {words}")
            found = list(value) if test is not None and all(map(test, value)) else []
            for index, item in enumerate(value[len(found):]):  # none left if all passed `test`
                sub = prefix[index] if index < len(prefix) else items
                assert sub is not None  # a closed list's length is its prefix's
                found.append(sub(item, f"{where}[{index}]"))
            if unique:
                _check_unique(found, where)
            return found

        return read


def _scalar(shape: Shape, words: str) -> Read:
    """The reader of an integer, boolean, null or string shape."""
    ok = _scalar_test(shape)

    def read(value: Any, where: str) -> Any:
        if not ok(value):
            raise fail(where, f"{where} must be {words}")
        return value

    return read


def _scalar_test(shape: Shape) -> Callable[[Any], bool]:
    kind = shape["type"]
    if kind == "integer":
        low, high = shape["minimum"], shape["maximum"]
        return lambda value: type(value) is int and low <= value <= high
    if kind == "boolean":
        return lambda value: isinstance(value, bool)
    if kind == "null":
        return lambda value: value is None
    if "enum" in shape:
        allowed = list(shape["enum"])
        return lambda value: isinstance(value, str) and value in allowed
    low, high = int(shape.get("minLength", 0)), shape.get("maxLength")
    pattern = re.compile(shape["pattern"]) if "pattern" in shape else None

    def ok(value: Any) -> bool:
        if not isinstance(value, str):
            return False
        # UTF-16 code units, as JS counts (an ASCII text has one per character)
        length = len(value) if value.isascii() else len(value.encode("utf-16-le")) // 2
        fits = low <= length and (high is None or length <= int(high))
        return fits and (pattern is None or pattern.fullmatch(value) is not None)

    return ok


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


_FIXED_WORDS = {"boolean": "true or false", "null": "null", "object": "an object"}


def _type_words(shape: Shape) -> str:
    """The expected phrase of a plain typed shape (see `_Reader.expected`)."""
    kind = shape.get("type")
    if kind == "integer":
        return f"an integer in {shape['minimum']}..{shape['maximum']}"
    if kind in _FIXED_WORDS:
        return _FIXED_WORDS[kind]
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
