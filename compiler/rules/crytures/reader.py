"""TRANSITION: reads a crytures rule's input and config through their declared shapes.

Mirror: `reader.mjs`. The plug-in refactor (issue 8) moves this into the shared harness
(`compiler/rules/shapes.py`): every rule's input is read through its shape in
`compiler/schemas/rulesets/crytures/defs/inputs.schema.json` and the config through
`compiler/schemas/rules_config/crytures.schema.json`, both in the PLUGIN-LAYOUT dialect, with the
dialect's wording (`<where> must be <expected>`). When the harness does it, this module, the
wrapping in `__init__.py` and `schemas.mjs` go, and the rules stay as they are.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from compiler.rules.base import Rule
from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue

Shape = Mapping[str, Any]
EXPECTED = "x-rulepack-expected"
TAG = "x-rulepack-tag"
SCHEMAS = Path(__file__).resolve().parents[2].joinpath("schemas")
INPUTS_FILE = SCHEMAS.joinpath("rulesets", "crytures", "defs", "inputs.schema.json")
CONFIG_FILE = SCHEMAS.joinpath("rules_config", "crytures.schema.json")


def fail(where: str, message: str) -> RuleError:
    """`bad_config` for a value under `config`, `bad_input` otherwise."""
    return RuleError(BAD_CONFIG if where.startswith("config") else BAD_INPUT, message)


def canonical(value: object) -> str:
    """JSON text with sorted keys, to compare values as JSON (`true` never equals `1`)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Reader:
    """Reads values through the shapes of one document (its `$defs` resolve `$ref`s)."""

    def __init__(self, document: Shape) -> None:
        self.document = document

    def deref(self, shape: Shape) -> Shape:
        """The shape a `#/$defs/<name>` reference points at (itself if it is none)."""
        while "$ref" in shape:
            shape = self.document["$defs"][str(shape["$ref"]).rsplit("/", 1)[1]]
        return shape

    def expected(self, shape: Shape) -> str:
        """What a value of `shape` must be, in words."""
        if EXPECTED in shape:
            return str(shape[EXPECTED])
        if "$ref" in shape:
            return self.expected(self.deref(shape))
        if "const" in shape:
            return json.dumps(shape["const"])
        if "anyOf" in shape:
            return " or ".join(self.expected(branch) for branch in shape["anyOf"])
        return type_words(shape)

    def read(self, shape: Shape, value: object, where: str) -> Any:
        """`value` checked against `shape`, defaults filled in (a new copy)."""
        try:
            return self._read(shape, value, where)
        except RuleError:
            if EXPECTED in shape:
                raise fail(where, f"{where} must be {shape[EXPECTED]}") from None
            raise

    def _read(self, shape: Shape, value: object, where: str) -> Any:
        if "$ref" in shape:
            return self.read(self.deref(shape), value, where)
        if "const" in shape:
            if canonical(value) != canonical(shape["const"]):
                raise fail(where, f"{where} must be {self.expected(shape)}")
            return copy.deepcopy(value)
        if "anyOf" in shape:
            for branch in shape["anyOf"]:
                try:
                    return self.read(branch, value, where)
                except RuleError:
                    continue
            raise fail(where, f"{where} must be {self.expected(shape)}")
        if "oneOf" in shape:
            return self._tagged(shape, value, where)
        if shape["type"] == "object":
            return self._object(shape, value, where)
        if shape["type"] == "array":
            return self._array(shape, value, where)
        if not scalar_ok(shape, value):
            raise fail(where, f"{where} must be {self.expected(shape)}")
        return value

    def _tagged(self, shape: Shape, value: object, where: str) -> Any:
        tag = str(shape[TAG])
        tags = [str(self.deref(b)["properties"][tag]["const"]) for b in shape["oneOf"]]
        if not isinstance(value, Mapping):
            raise fail(where, f"{where} must be an object")
        if tag not in value:
            raise fail(where, f"{where}.{tag} is required")
        if value[tag] not in tags:
            raise fail(where, f"{where}.{tag} must be one of {', '.join(tags)}")
        return self.read(shape["oneOf"][tags.index(value[tag])], value, where)

    def _object(self, shape: Shape, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise fail(where, f"{where} must be an object")
        extra = shape.get("additionalProperties", False)
        if extra is not False:
            if len(value) > shape["maxProperties"]:
                limit = shape["maxProperties"]
                raise fail(where, f"{where} must be an object of at most {limit} entries")
            return {key: self.read(extra, value[key], f"{where}.{key}")
                    for key in sorted_keys(value)}
        properties: Mapping[str, Shape] = shape.get("properties", {})
        for key in shape.get("required", ()):
            if key not in value:
                raise fail(where, f"{where}.{key} is required")
        unknown = sorted_keys(key for key in value if key not in properties)
        if unknown:
            raise fail(where, f"{where}.{unknown[0]} is not a known field")
        found: dict[str, Any] = {}
        for key, sub in properties.items():
            if key in value:
                found[key] = self.read(sub, value[key], f"{where}.{key}")
            elif "default" in sub:
                found[key] = copy.deepcopy(sub["default"])
        return found

    def _array(self, shape: Shape, value: object, where: str) -> list[Any]:
        if not isinstance(value, list) or not length_ok(shape, len(value)):
            raise fail(where, f"{where} must be {type_words(shape)}")
        prefix: Sequence[Shape] = shape.get("prefixItems", ())
        found = [self.read(prefix[i] if i < len(prefix) else shape["items"], item, f"{where}[{i}]")
                 for i, item in enumerate(value)]
        if shape.get("uniqueItems"):
            seen = [canonical(item) for item in found]
            for index, text in enumerate(seen):
                if text in seen[:index]:
                    first = seen.index(text)
                    raise fail(where, f"{where}[{index}] repeats {where}[{first}]")
        return found


def length_ok(shape: Shape, length: int) -> bool:
    """Whether a list of `length` items fits the shape's item bounds."""
    if "prefixItems" in shape and shape.get("items") is False:
        return length == len(shape["prefixItems"])
    return int(shape.get("minItems", 0)) <= length <= int(shape["maxItems"])


def scalar_ok(shape: Shape, value: object) -> bool:
    """Whether `value` is a scalar of the shape's type within its bounds."""
    kind = shape["type"]
    if kind == "integer":
        return type(value) is int and shape["minimum"] <= value <= shape["maximum"]
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if not isinstance(value, str):
        return False
    if "enum" in shape:
        return value in shape["enum"]
    if len(value) < int(shape.get("minLength", 0)):
        return False
    return "pattern" not in shape or re.fullmatch(shape["pattern"], value) is not None


def type_words(shape: Shape) -> str:
    """The expected phrase of a plain typed shape."""
    kind = shape.get("type")
    if kind == "integer":
        return f"an integer in {shape['minimum']}..{shape['maximum']}"
    if kind in ("boolean", "null", "object"):
        return {"boolean": "true or false", "null": "null", "object": "an object"}[str(kind)]
    if kind == "array":
        if "prefixItems" in shape and shape.get("items") is False:
            return f"a list of {len(shape['prefixItems'])} items"
        return f"a list of at most {shape['maxItems']} items"
    if "enum" in shape:
        return f"one of {', '.join(shape['enum'])}"
    return "a non-empty string" if shape.get("minLength", 0) >= 1 else "a string"


@functools.cache
def documents() -> tuple[Shape, Shape]:
    """The inputs document and the rules_config schema, read once."""
    return (json.loads(INPUTS_FILE.read_text(encoding="utf-8")),
            json.loads(CONFIG_FILE.read_text(encoding="utf-8")))


def config_defaults() -> dict[str, Any]:
    """Every CR-G key's default, from the rules_config schema (the one source of them)."""
    return {key: copy.deepcopy(field["default"])
            for key, field in documents()[1]["properties"].items()}


def checked(name: str, rule: Rule) -> Rule:
    """`rule` with its input and config read through their shapes first."""
    @functools.wraps(rule)
    def run(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Any:
        inputs, schema = documents()
        shape = inputs["properties"][name]
        read_config = Reader(schema).read(schema, dict(config), "config")
        return rule(Reader(inputs).read(shape, inp, "input"), read_config, queue)
    return run
