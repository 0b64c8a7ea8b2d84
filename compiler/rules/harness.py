"""Run one golden case through the Python engine; `harness.mjs` is its JS mirror.

The result is plain JSON: `{"events": [...], "state": {...}}` or
`{"error": {"code": ..., "message": ...}}`, identical between the two engines. Before a rule
runs, its input is read through the shape its engine declares for it (`shapes.py`).
"""

from __future__ import annotations

import functools
import marshal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import plugins
from compiler.rules.base import Rule
from compiler.rules.errors import BAD_CONFIG, RULE_NOT_IMPLEMENTED, RuleError
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue
from compiler.rules.registry import Engine, engines_of, shape_book_of
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


Config = dict[str, Any]


@dataclass(frozen=True)
class Runner:
    """The engines and the shape book of one set of plug-in roots, looked up once for as many
    cases as the caller runs (`runner()`), not once or more per case."""

    engines: Mapping[str, Engine]
    book: ShapeBook

    def resolve(self, ruleset: str, rule: str, config: object) -> tuple[Engine, Rule, Config]:
        """The engine, the rule function and its merged config read through the engine's
        rules_config schema; a missing one is `rule_not_implemented`."""
        found = self.engines.get(ruleset)
        if found is None:
            raise RuleError(RULE_NOT_IMPLEMENTED, f"ruleset {ruleset} is not implemented")
        function = found.rules.get(rule)
        if function is None:
            raise RuleError(RULE_NOT_IMPLEMENTED, f"rule {ruleset}.{rule} is not implemented")
        return (found, function, self.config(found, config))

    def config(self, engine: Engine, overrides: object) -> Config:
        """The config `overrides` give, merged and read once per distinct overrides."""
        try:
            key = (engine.name, "{}" if overrides == {} else canonical_json(overrides))
        except (TypeError, ValueError):  # not JSON: merge_config says what is wrong
            return self.read_config(engine, merge_config(engine.config, overrides))
        if key not in _BY_OVERRIDES:
            merged = self.read_config(engine, merge_config(engine.config, overrides))
            _BY_OVERRIDES[key] = marshal.dumps(merged)
            return merged
        found: Config = marshal.loads(_BY_OVERRIDES[key])
        return found

    def read_config(self, engine: Engine, merged: Mapping[str, Any]) -> Config:
        """`merged` read through `engine`'s rules_config schema (once per distinct config)."""
        key = (engine.name, canonical_json(merged))
        if key not in _CONFIGS:
            read = self.book.read(engine.config_schema, engine.config_uri, merged, "config")
            _CONFIGS[key] = marshal.dumps(read)
        found: Config = marshal.loads(_CONFIGS[key])
        return found

    def read_input(self, engine: Engine, rule: str, value: object) -> Any:
        """`value` read through `rule`'s declared input shape (defaults filled in)."""
        shape = self.book.rule_shape(engine.inputs_uri, rule)
        if shape is None:
            raise RuleError(
                RULE_NOT_IMPLEMENTED, f"rule {engine.name}.{rule} declares no input shape"
            )
        return self.book.read(shape, engine.inputs_uri, value, "input")

    def run(
        self,
        ruleset: str,
        rule: str,
        config: Mapping[str, Any],
        input: Mapping[str, Any],
        dice: Sequence[Mapping[str, Any]],
    ) -> dict[str, Any]:
        """Run `rule` of `ruleset` on `input` with faces from `dice`; every face must be used
        (C1). The result is `{"events", "state"}` or `{"error"}` (see the module docstring)."""
        try:
            engine, function, merged = self.resolve(ruleset, rule, config)
            queue = DiceQueue(dice)
            events, state = function(self.read_input(engine, rule, input), merged, queue)
            queue.finish()
        except RuleError as error:
            found: dict[str, Any] = {
                "code": error.code, "message": error.message, "path": error.path
            }
            if error.die is not None:
                found["die"] = error.die
            if error.count is not None:
                found["count"] = error.count
            return {"error": found}
        return {"events": events, "state": state}


#: Configs read, as `marshal` bytes: loading them is a fresh deep copy (a rule may change its
#: config) at C speed. By merged config, and by the overrides that gave it (no merge, no read).
_CONFIGS: dict[tuple[str, str], bytes] = {}
_BY_OVERRIDES: dict[tuple[str, str], bytes] = {}


def runner() -> Runner:
    """The runner of the engines found from the current plug-in roots (`plugins.search_roots`:
    a ruleset added to `RULEPACK_PLUGIN_PATH` is found by the next call)."""
    return _runner(plugins.search_roots())


@functools.cache
def _runner(roots: tuple[Path, ...]) -> Runner:
    return Runner(engines_of(roots), shape_book_of(roots))


def resolve(ruleset: str, rule: str, config: object) -> tuple[Engine, Rule, Config]:
    """`Runner.resolve` with the current engines."""
    return runner().resolve(ruleset, rule, config)


def read_config(engine: Engine, merged: Mapping[str, Any]) -> Config:
    """`Runner.read_config` with the current shape book."""
    return runner().read_config(engine, merged)


def read_input(engine: Engine, rule: str, value: object) -> Any:
    """`Runner.read_input` with the current shape book."""
    return runner().read_input(engine, rule, value)


def run_case(
    ruleset: str,
    rule: str,
    config: Mapping[str, Any],
    input: Mapping[str, Any],
    dice: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """One case (`Runner.run`) with the current engines; a batch takes `runner()` once."""
    return runner().run(ruleset, rule, config, input, dice)


def list_rules(ruleset: str) -> list[str]:
    """The snake_case rule names of `ruleset`, in file order (empty if it does not exist)."""
    found = runner().engines.get(ruleset)
    return list(found.rules) if found else []
