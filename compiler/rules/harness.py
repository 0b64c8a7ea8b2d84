"""Run one golden case through the Python engine; `harness.mjs` is its JS mirror.

The result is plain JSON: `{"events": [...], "state": {...}}` or
`{"error": {"code": ..., "message": ...}}`, identical between the two engines. Before a rule
runs, its input is read through the shape its engine declares for it (`shapes.py`).
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Rule
from compiler.rules.errors import BAD_CONFIG, RULE_NOT_IMPLEMENTED, RuleError
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue
from compiler.rules.registry import Engine, Loaded, loaded
from compiler.rules.shapes import ShapeBook, canonical_json


def kind_of(value: object) -> str:
    """The JSON kind of `value`, named the same way in both engines."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, Mapping):
        return "object"
    return "null" if value is None else "other"


def merge_config(defaults: Mapping[str, Any], overrides: object) -> dict[str, Any]:
    """`defaults` with a fixture's overrides; unknown keys and changed kinds are `bad_config`.

    A key whose default is null (an optional content id, say) takes any kind: its ruleset checks it.
    """
    if not isinstance(overrides, Mapping):
        raise RuleError(BAD_CONFIG, "config must be an object")
    for key in sorted_keys(overrides):
        if key not in defaults:
            raise RuleError(BAD_CONFIG, f"config.{key} is not a key of this ruleset's config")
        kind = kind_of(defaults[key])
        if kind != "null" and kind_of(overrides[key]) != kind:
            raise RuleError(BAD_CONFIG, f"config.{key} must be of kind {kind}")
    return {**defaults, **overrides}


def resolve(
    ruleset: str, rule: str, config: object, found: Loaded | None = None
) -> tuple[Engine, Rule, dict[str, Any]]:
    """The engine, the rule function and its merged config read through the engine's
    rules_config schema; a missing one is `rule_not_implemented`. `found`: the engines looked up
    once for many cases (`registry.loaded()`, what each call looks up without it)."""
    known = found or loaded()
    engine = known.engines.get(ruleset)
    if engine is None:
        raise RuleError(RULE_NOT_IMPLEMENTED, f"ruleset {ruleset} is not implemented")
    function = engine.rules.get(rule)
    if function is None:
        raise RuleError(RULE_NOT_IMPLEMENTED, f"rule {ruleset}.{rule} is not implemented")
    return (engine, function, _config(engine, config, known.book))


#: Configs read, as `marshal` bytes: loading them is a fresh deep copy (a rule may change its
#: config) at C speed. By merged config, and by the overrides that gave it (no merge, no read).
_CONFIGS: dict[tuple[str, str], bytes] = {}
_BY_OVERRIDES: dict[tuple[str, str], bytes] = {}


def _config(engine: Engine, overrides: object, book: ShapeBook) -> dict[str, Any]:
    try:
        key = (engine.name, "{}" if overrides == {} else canonical_json(overrides))
    except (TypeError, ValueError):  # not JSON: merge_config says what is wrong
        return read_config(engine, merge_config(engine.config, overrides), book)
    if key not in _BY_OVERRIDES:
        merged = read_config(engine, merge_config(engine.config, overrides), book)
        _BY_OVERRIDES[key] = marshal.dumps(merged)
        return merged
    found: dict[str, Any] = marshal.loads(_BY_OVERRIDES[key])
    return found


def read_config(
    engine: Engine, merged: Mapping[str, Any], book: ShapeBook | None = None
) -> dict[str, Any]:
    """`merged` read through `engine`'s rules_config schema (once per distinct config); `book`:
    the shape book looked up once for many cases (`loaded().book` without it)."""
    key = (engine.name, canonical_json(merged))
    if key not in _CONFIGS:
        shapes = book or loaded().book
        read = shapes.read(engine.config_schema, engine.config_uri, merged, "config")
        _CONFIGS[key] = marshal.dumps(read)
    found: dict[str, Any] = marshal.loads(_CONFIGS[key])
    return found


def read_input(engine: Engine, rule: str, value: object, book: ShapeBook | None = None) -> Any:
    """`value` read through `rule`'s declared input shape (defaults filled in); `book`: the
    shape book looked up once for many cases (`loaded().book` without it)."""
    shapes = book or loaded().book
    shape = shapes.rule_shape(engine.inputs_uri, rule)
    if shape is None:
        raise RuleError(RULE_NOT_IMPLEMENTED, f"rule {engine.name}.{rule} declares no input shape")
    return shapes.read(shape, engine.inputs_uri, value, "input")


def run_case(  # noqa: PLR0913 (the five fields of a case, and the engines of a batch)
    ruleset: str,
    rule: str,
    config: Mapping[str, Any],
    input: Mapping[str, Any],
    dice: Sequence[Mapping[str, Any]],
    found: Loaded | None = None,
) -> dict[str, Any]:
    """Run `rule` of `ruleset` on `input` with faces from `dice`; every face must be used (C1).
    `found`: the engines looked up once for a batch of cases (`registry.loaded()`)."""
    try:
        known = found or loaded()
        engine, function, merged = resolve(ruleset, rule, config, known)
        queue = DiceQueue(dice)
        events, state = function(read_input(engine, rule, input, known.book), merged, queue)
        queue.finish()
    except RuleError as error:
        stopped: dict[str, Any] = {
            "code": error.code, "message": error.message, "path": error.path
        }
        if error.die is not None:
            stopped["die"] = error.die
        if error.count is not None:
            stopped["count"] = error.count
        return {"error": stopped}
    return {"events": events, "state": state}


def list_rules(ruleset: str) -> list[str]:
    """The snake_case rule names of `ruleset`, in file order (empty if it does not exist)."""
    found = loaded().engines.get(ruleset)
    return list(found.rules) if found else []
