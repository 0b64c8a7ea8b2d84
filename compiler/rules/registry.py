"""Every rules engine the harness can run, by name: the shared primitives and each ruleset.

Nothing here names a ruleset: the rulesets are the plug-ins `compiler.plugins` finds from their
folders. Each engine's rules come from its package (`RULES`), its config defaults from its
`rules_config.schema.json` (the one source of them; the JS core gets the same defaults as
generated data) and its rule input shapes from its `inputs.schema.json`.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import plugins
from compiler.rules.base import Rule
from compiler.rules.shapes import Shape, ShapeBook

#: `Path.joinpath`, not `/`: the engines' files hold no division at all (catalogue C2, tested).
SHARED_SCHEMAS = Path(__file__).resolve().parents[1].joinpath("schemas", plugins.SHARED_ENGINE)


@dataclass(frozen=True)
class Engine:
    """One rules engine: its rules (snake_case name -> rule, in file order), the defaults of its
    config, and the inputs document declaring each rule's input shape."""

    name: str
    rules: Mapping[str, Rule]
    config: Mapping[str, Any]
    inputs: Shape
    config_schema: Shape

    @property
    def inputs_uri(self) -> str:
        return str(self.inputs["$id"])

    @property
    def config_uri(self) -> str:
        return str(self.config_schema["$id"])



def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def config_defaults(schema: Shape) -> dict[str, Any]:
    """The `default` of every top-level key of a rules_config schema, in schema order."""
    return {key: field["default"] for key, field in schema["properties"].items()}


def schema_dir(name: str) -> Path:
    """Where the engine `name` keeps its rules_config and inputs schemas."""
    if name == plugins.SHARED_ENGINE:
        return SHARED_SCHEMAS
    return plugins.plugins()[name].layer("schemas")


def engine_data(name: str) -> tuple[Mapping[str, Any], Shape, Shape]:
    """An engine's config defaults, inputs document and rules_config schema, read off its
    schemas (no import)."""
    return _engine_data(schema_dir(name))


@functools.cache
def _engine_data(folder: Path) -> tuple[Mapping[str, Any], Shape, Shape]:
    schema = read_json(folder.joinpath("rules_config.schema.json"))
    return (config_defaults(schema), read_json(folder.joinpath("inputs.schema.json")), schema)


def engine_names() -> tuple[str, ...]:
    """The shared primitives first, then every discovered ruleset in name order."""
    return (plugins.SHARED_ENGINE, *plugins.names())


def engines() -> Mapping[str, Engine]:
    """Every engine by name (`engine_names` order), its rules imported."""
    return engines_of(plugins.search_roots())


@functools.cache
def engines_of(roots: tuple[Path, ...]) -> Mapping[str, Engine]:
    """`engines()` of the plug-in roots `roots` (`plugins.search_roots()`), made once."""
    found = {}
    for name in engine_names():
        if name == plugins.SHARED_ENGINE:
            module = importlib.import_module(f"compiler.rules.{name}")
        else:
            module = plugins.plugins()[name].import_engine()
        found[name] = Engine(name, module.RULES, *engine_data(name))
    return found


@dataclass(frozen=True)
class Loaded:
    """Every engine by name and their shape book, as found from one set of plug-in roots."""

    engines: Mapping[str, Engine]
    book: ShapeBook


def loaded() -> Loaded:
    """The engines and shape book of the current plug-in roots (`plugins.search_roots()`: a
    ruleset added to `RULEPACK_PLUGIN_PATH` is found by the next call), to look up once for as
    many cases as the caller runs, not once or more per case."""
    return loaded_from(plugins.search_roots())


@functools.cache
def loaded_from(roots: tuple[Path, ...]) -> Loaded:
    return Loaded(engines_of(roots), shape_book_of(roots))


def shape_book() -> ShapeBook:
    """Every engine's inputs document and rules_config schema, so a `$ref` may reach another
    engine's shapes."""
    return shape_book_of(plugins.search_roots())


@functools.cache
def shape_book_of(roots: tuple[Path, ...]) -> ShapeBook:
    """`shape_book()` of the plug-in roots `roots`, made once."""
    return ShapeBook(d for e in engines_of(roots).values() for d in (e.inputs, e.config_schema))
