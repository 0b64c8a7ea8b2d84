"""Each engine's odds adapter and matchups, found beside its engine: nothing here names one.

A ruleset has odds when its engine package holds a module `odds` (the JS twin `odds.mjs` sits
beside its JS engine), and content matchups when it holds `matchups`; the shared primitives'
adapter is `compiler.rules.odds` itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType

from compiler import plugins
from compiler.rules import odds as shared
from compiler.rules.odds import Query
from compiler.rules.registry import engines


def _module(engine: str, name: str) -> ModuleType | None:
    found = plugins.plugins().get(engine)
    if found is None or not (found.layer("engine") / f"{name}.py").is_file():
        return None
    engines()  # imports the engine packages, plug-in roots included
    return importlib.import_module(f"{found.package}.{name}")


def adapter(engine: str) -> ModuleType | None:
    """The odds module of `engine` (the shared primitives or a ruleset), or None if it has none."""
    return shared if engine == plugins.SHARED_ENGINE else _module(engine, "odds")


def queries_of(engine: str) -> Mapping[str, Query]:
    """The odds queries of `engine` by name (none when it has no adapter)."""
    module = adapter(engine)
    found: Mapping[str, Query] = {} if module is None else module.QUERIES
    return found


def matchups_of(engine: str) -> ModuleType | None:
    """The ruleset's `matchups` module (content -> odds queries), or None."""
    return None if engine == plugins.SHARED_ENGINE else _module(engine, "matchups")


def with_odds() -> tuple[str, ...]:
    """Every engine with an odds adapter, the shared primitives first."""
    names = (plugins.SHARED_ENGINE, *plugins.names())
    return tuple(name for name in names if adapter(name) is not None)
