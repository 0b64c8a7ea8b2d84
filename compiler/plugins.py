"""Rulesets as plug-ins: each is found from its folders, and no shared file names one.

A ruleset has one snake_case name and one folder per layer, each named by it (see
docs/architecture.md, "Adding a ruleset"). Its Python engine package `compiler/rules/<name>/` is
what makes it exist; the other layers are checked to be there, and a layer folder with no engine
beside it is refused, so a half-added or half-removed ruleset fails loudly instead of building a
module with no engine behind it.

Rulesets are found in this checkout and in every folder named by `RULEPACK_PLUGIN_PATH`
(os.pathsep-separated), each laid out like the checkout (`<root>/compiler/rules/<name>/`,
`<root>/module_template/scripts/rules/<name>/`, ...): a ruleset kept outside the project plugs in
without a file of the project being edited. A name found twice is refused.

Discovery only lists folders (no engine is imported), so `rulepack --help` stays fast.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from compiler.errors import RulepackError

PROJECT_ROOT = Path(__file__).resolve().parent.parent
#: Folders beside the checkout that hold rulesets laid out like it.
PATH_VARIABLE = "RULEPACK_PLUGIN_PATH"
#: The shared engine every module ships (catalogue §6.1); it is not a ruleset of its own.
SHARED_ENGINE = "primitives"
NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*", re.ASCII)
#: Layer -> folder (relative to the project root), `{name}` being the ruleset's name.
LAYERS: Mapping[str, str] = {
    "engine": "compiler/rules/{name}",
    "schemas": "compiler/schemas/rulesets/{name}",
    "js_rules": "module_template/scripts/rules/{name}",
    "foundry": "module_template/scripts/foundry/{name}",
    "macros": "module_template/macros/{name}",
    "lang": "module_template/lang/{name}",
    "golden": "tests/golden/{name}",
}
#: The files a layer must hold: always for the engine's three layers, and for the Foundry-side
#: layers whenever their folder exists (a ruleset may ship no adapter, macro or string yet).
REQUIRED_FILES: Mapping[str, tuple[str, ...]] = {
    "engine": ("__init__.py",),
    "schemas": ("rules_config.schema.json", "inputs.schema.json", "events.schema.json"),
    "js_rules": ("index.mjs",),
    "foundry": ("register.mjs",),
    "macros": ("macros.json",),
    "lang": ("en.json",),
}
OPTIONAL_LAYERS = frozenset({"foundry", "macros", "lang"})


class PluginError(RulepackError):
    """A ruleset's folders are incomplete or inconsistent (a developer's error, not an author's)."""


@dataclass(frozen=True)
class Plugin:
    """One ruleset: its name and where each of its layers lives."""

    name: str
    root: Path

    def layer(self, layer: str) -> Path:
        return self.root / LAYERS[layer].format(name=self.name)

    def has(self, layer: str) -> bool:
        """Whether this ruleset has the (optional) layer `layer`."""
        return self.layer(layer).is_dir()

    @property
    def package(self) -> str:
        """The Python engine's import name (`import_engine` makes it importable from any root)."""
        return f"compiler.rules.{self.name}"

    def import_engine(self) -> ModuleType:
        """Its Python engine package; a root beside the checkout joins `compiler.rules`' path."""
        import compiler.rules

        folder = str(self.root / "compiler" / "rules")
        if folder not in compiler.rules.__path__:
            compiler.rules.__path__.append(folder)
        return importlib.import_module(self.package)

    @property
    def template_root(self) -> Path:
        """Its root's `module_template`: module-relative paths of its files are taken from here."""
        return self.root / "module_template"

    @property
    def config_schema(self) -> Path:
        return self.layer("schemas") / "rules_config.schema.json"

    @property
    def inputs_schema(self) -> Path:
        return self.layer("schemas") / "inputs.schema.json"

    @property
    def events_schema(self) -> Path:
        """The shape of every event the ruleset's rules emit, one `$defs` entry per `type`."""
        return self.layer("schemas") / "events.schema.json"


def discover(roots: tuple[Path, ...] = (PROJECT_ROOT,)) -> Mapping[str, Plugin]:
    """Every ruleset under `roots`, by name, sorted; refuses incomplete or orphaned layers."""
    found: dict[str, Plugin] = {}
    problems: list[str] = []
    for root in roots:
        engines = root / "compiler" / "rules"
        names = sorted(
            path.name for path in (engines.iterdir() if engines.is_dir() else ())
            if path.is_dir() and (path / "__init__.py").is_file()
        )
        problems += [f"{engines / n}: a ruleset name is snake_case ASCII"
                     for n in names if not NAME.fullmatch(n)]
        for name in (n for n in names if NAME.fullmatch(n)):
            if name in found or name == SHARED_ENGINE:
                problems.append(f"{engines / name}: a ruleset {name} exists already")
                continue
            found[name] = Plugin(name, root)
            problems += _missing(found[name])
        problems += _orphans(root, {n for n, p in found.items() if p.root == root})
    if problems:
        raise PluginError("the ruleset folders are inconsistent:\n  " + "\n  ".join(problems))
    return dict(sorted(found.items()))


def _missing(plugin: Plugin) -> list[str]:
    found = []
    for layer, files in REQUIRED_FILES.items():
        folder = plugin.layer(layer)
        if layer in OPTIONAL_LAYERS and not folder.is_dir():
            continue
        for name in files:
            if not (folder / name).is_file():
                shown = (folder / name).relative_to(plugin.root).as_posix()
                found.append(f"ruleset {plugin.name} has no {shown}")
    return found


def _orphans(root: Path, names: set[str]) -> list[str]:
    """Layer folders named after a ruleset that has no engine package."""
    found = []
    for layer, pattern in LAYERS.items():
        if layer in ("engine", "golden"):
            continue
        parent = root / pattern.format(name="x").rsplit("/", 1)[0]
        for path in sorted(parent.iterdir()) if parent.is_dir() else ():
            if path.is_dir() and NAME.fullmatch(path.name) and path.name not in names:
                if any(path.rglob("*.*")):
                    shown = path.relative_to(root).as_posix()
                    found.append(f"{shown} belongs to no ruleset (no compiler/rules/{path.name}/)")
    return found


def search_roots() -> tuple[Path, ...]:
    """This checkout, then each folder `RULEPACK_PLUGIN_PATH` names."""
    return _search_roots(os.environ.get(PATH_VARIABLE, ""), os.getcwd())


@functools.lru_cache(maxsize=16)
def _search_roots(variable: str, cwd: str) -> tuple[Path, ...]:
    # Resolved once per value (and working directory, which a relative entry depends on): every
    # rule run asks for the engines, and so for the roots.
    extra = [Path(part).resolve() for part in variable.split(os.pathsep) if part]
    return (PROJECT_ROOT, *dict.fromkeys(root for root in extra if root != PROJECT_ROOT))


def plugins() -> Mapping[str, Plugin]:
    """The rulesets of this checkout and of the plug-in path, found once per search path."""
    return _discovered(search_roots())


@functools.cache
def _discovered(roots: tuple[Path, ...]) -> Mapping[str, Plugin]:
    return discover(roots)


def names() -> tuple[str, ...]:
    """The ruleset names a manifest may give as its `ruleset` (engine)."""
    return tuple(plugins())
