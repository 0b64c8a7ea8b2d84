"""The shapes dialect, checked: what an inputs document may hold (see `shapes.py`).

Only the build and the tests call this; the engines' readers (`shapes.py`, `shapes.mjs`) assume
documents that pass it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from compiler.rules.shapes import EXPECTED, TAG, Shape, is_int

#: Keywords that only annotate a shape.
ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description", "default"})
#: Every keyword the dialect understands; `check_dialect` refuses the others.
KEYWORDS = ANNOTATIONS | {
    "$ref", "type", "minimum", "maximum", "enum", "const", "minLength", "maxLength", "pattern",
    "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "properties", "required",
    "additionalProperties", "maxProperties", "anyOf", "oneOf", EXPECTED, TAG,
}
SAFE = 2**53 - 1
ROOT_KEYS = frozenset({"$schema", "$id", "$comment", "title", "description", "$defs",
                       "properties", "additionalProperties"})
TYPES = ("integer", "boolean", "string", "null", "array", "object")
#: Map keywords a rules_config schema may also carry: it validates `rules_config` in ruleset.yaml
#: too, where they hold content authors to key names and a non-empty map. The engines' readers
#: do not check them: a map the module fills from a ruleset's content tables (keyed by slugs)
#: reaches the engines with keys the author-facing pattern would refuse.
CONTENT_ONLY = frozenset({"propertyNames", "minProperties"})


def check_config_dialect(schema: Shape) -> list[str]:
    """Why a rules_config schema leaves the dialect (it is itself one object shape); [] if not."""
    problems: list[str] = []
    for path, shape in _nodes(schema, "#"):
        allowed = KEYWORDS | CONTENT_ONLY if _is_map(shape) else KEYWORDS
        problems += [f"{path}: {key} is not in the dialect" for key in shape
                     if key not in allowed]
        problems += [f"{path}: {p}" for p in _node_problems(shape)]
    for name, sub in schema.get("$defs", {}).items():
        problems += check_dialect({"properties": {name: sub}})
    return problems


def check_dialect(document: Shape) -> list[str]:
    """Why `document` (an inputs document) leaves the dialect, one line per problem; [] if not.

    Beyond the keywords, every integer has both bounds within JS's exact range, every list and
    map a size cap, every object says what other keys it takes, and every tagged union's
    branches carry a `const` tag: the limits that keep both engines' readers equal and bounded.
    """
    problems = [f"#: {key} is not a key of an inputs document"
                for key in document if key not in ROOT_KEYS]
    roots = [(f"#/{key}/{name}", sub)
             for key in ("properties", "$defs") for name, sub in document.get(key, {}).items()]
    for root, node in roots:
        for path, shape in _nodes(node, root):
            problems += [f"{path}: {key} is not in the dialect" for key in shape
                         if key not in KEYWORDS]
            problems += [f"{path}: {p}" for p in _node_problems(shape)]
    return problems


def _nodes(node: Any, path: str) -> Iterable[tuple[str, Shape]]:
    """Every shape in `node`, itself first, with its JSON-pointer path."""
    if not isinstance(node, Mapping):
        return
    yield (path, node)
    for name, sub in node.get("properties", {}).items():
        yield from _nodes(sub, f"{path}/properties/{name}")
    for key in ("anyOf", "oneOf", "prefixItems"):
        for index, sub in enumerate(node.get(key, ())):
            yield from _nodes(sub, f"{path}/{key}/{index}")
    for key in ("items", "additionalProperties"):
        yield from _nodes(node.get(key), f"{path}/{key}")



def _is_map(shape: Shape) -> bool:
    """An object shape whose other keys are its entries (`additionalProperties` is a shape)."""
    return shape.get("type") == "object" and isinstance(shape.get("additionalProperties"), Mapping)


def _node_problems(shape: Shape) -> list[str]:
    kind = shape.get("type")
    if "oneOf" in shape and TAG not in shape:
        return [f"oneOf needs {TAG}"]
    if kind is None:
        shaped = {"$ref", "const", "anyOf", "oneOf"} & set(shape)
        return [] if shaped else ["a shape needs a type, $ref, const or union"]
    if kind not in TYPES:
        return [f"type must be one of {', '.join(TYPES)}"]
    if kind == "integer":
        bounds = [shape.get("minimum"), shape.get("maximum")]
        if not all(is_int(b) and -SAFE <= b <= SAFE for b in bounds):  # type: ignore[operator]
            return ["an integer needs minimum and maximum within ±(2^53 - 1)"]
    if kind == "array" and "maxItems" not in shape and shape.get("items") is not False:
        return ["a list needs maxItems"]
    if kind == "object":
        extra = shape.get("additionalProperties")
        if extra is None:
            return ["an object must state additionalProperties (false, or the map's values)"]
        if extra is not False and "maxProperties" not in shape:
            return ["a map needs maxProperties"]
    return []
