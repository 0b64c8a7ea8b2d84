"""The JSON Schemas (Draft 2020-12) that are the content contract, and what is read off them.

Every `*.schema.json` under this folder is loaded into one in-memory `referencing.Registry` under
its `$id` (`https://rulepack.invalid/schemas/<relative path>`); nothing is ever fetched. Besides
the validators, four things are read off the schemas by walking them, so the schema stays the
single place where a field is declared:

* `html_fields`: fields marked `"contentMediaType": "text/html"` (sanitised, module.json
  `htmlFields`);
* `references`: fields whose schema carries `"x-rulepack-ref": <target>` (checked when linking);
* `bounds`: fields whose schema carries `"x-rulepack-at-most": <sibling>` (checked when linking);
* `ranges`: arrays whose schema carries `"x-rulepack-ranges": {...}` (checked when linking);
* `default_plan`: `default` values, filled into valid documents.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource
from referencing.jsonschema import DRAFT202012

from compiler import plugins
from compiler.model import KIND_BY_FOLDER

SCHEMA_DIR = Path(__file__).resolve().parent
BASE_URI = "https://rulepack.invalid/schemas/"
MANIFEST = "manifest"
MANIFEST_FILE = "manifest.schema.json"
RULES_CONFIG = "rules_config"
HTML_MEDIA_TYPE = "text/html"
REF_KEYWORD = "x-rulepack-ref"
#: On a field: the name of a sibling field whose integer value this one may not exceed.
AT_MOST_KEYWORD = "x-rulepack-at-most"
#: On an array of objects: their ranges run on by 1 (see `linking.check_ranges`).
RANGES_KEYWORD = "x-rulepack-ranges"
#: On an enum whose values change with the compiler (the rulesets): what to say instead of them.
ENUM_HINT = "x-rulepack-enum-hint"
#: On an engine-only kind's schema: the folder its documents live in, and how they ship.
FOLDER_KEYWORD = "x-rulepack-folder"
SHIPS_AS_KEYWORD = "x-rulepack-ships-as"
#: How an engine-only kind ships: Foundry Items, or reference data (config.mjs and the journal).
SHIPS_AS = ("Item", "data")
#: The engine of a ruleset whose manifest does not name a known one.
UNKNOWN_ENGINE = "?"
#: The file of `rulesets/<engine>/` that configures the engine, not a content kind.
ENGINE_FILES = frozenset({"rules_config.schema.json"})
#: The files of a ruleset's schemas that describe its rules, not content: each rule's input and
#: each event the rules emit (checked against both engines by tests/rules/test_events.py).
ENGINE_ONLY_FILES = ("/inputs.schema.json", "/events.schema.json")

#: A path into a document with `*` standing for any array item or any map value.
FieldPath = tuple[str, ...]
#: `{field: (default or NO_DEFAULT, plan for the field's own fields)}`; see `default_plan`.
DefaultPlan = Mapping[str, tuple[Any, "DefaultPlan"]]
NO_DEFAULT: Any = object()

_IN_PLACE = ("allOf", "anyOf", "oneOf", "then", "else")


@dataclass(frozen=True)
class KindInfo:
    """A content kind: its folder, the engines that use it (None: every engine), how it ships."""

    kind: str
    folder: str
    engines: frozenset[str] | None
    ships_as: str  # "common" for the shared kinds; else one of SHIPS_AS


def _refuse(uri: str) -> Resource[Any]:
    """`retrieve` for the registry: every schema is local, so any other URI is a bug."""
    raise NoSuchResource(ref=uri)  # type: ignore[call-arg]  # an attrs class mypy cannot see


class SchemaSet:
    """Every schema of one folder, the registry holding them, and what is derived from them."""

    def __init__(
        self, directory: Path = SCHEMA_DIR, engines: tuple[str, ...] | None = None
    ) -> None:
        """Load every schema under `directory`; `engines` are the rulesets a manifest may name
        (by default the rulesets `compiler.plugins` finds), put into the manifest's enum."""
        self.directory = directory
        self.files: dict[str, Mapping[str, Any]] = {}
        self._engines = plugins.names() if engines is None else engines
        digest = hashlib.sha256("\0".join(self._engines).encode() + b"\0\0")
        for name, path in _schema_files(directory, self._engines):
            raw = path.read_bytes()
            digest.update(name.encode() + b"\0" + raw + b"\0")
            self.files[name] = json.loads(raw)
        self.fingerprint = digest.hexdigest()
        if MANIFEST_FILE in self.files:
            self.files[MANIFEST_FILE] = _with_engines(self.files[MANIFEST_FILE], self._engines)
        # jsonschema switches to the stock validator class for any subschema that declares
        # `$schema`, which would drop our integer and pattern rules behind every `$ref`; the
        # dialect is fixed (2020-12), so the registry holds the schemas without it.
        resources = [
            (BASE_URI + name, DRAFT202012.create_resource(_without_dialect(schema)))
            for name, schema in self.files.items()
        ]
        registry: Registry[Any] = Registry(retrieve=_refuse)  # type: ignore[call-arg]
        self.registry = registry.with_resources(resources)

    def engines(self) -> tuple[str, ...]:
        """The rules engines a manifest may name: the rulesets found from their folders."""
        return self._engines

    def uri(self, engine: str | None, kind: str) -> str:
        """The schema a document of `kind` in a ruleset using `engine` is validated against.

        `engine` None means the common schemas alone. An engine that is not known (a broken
        manifest: `UNKNOWN_ENGINE`) gets the open common definition: its errors are real whatever
        the engine turns out to be, while keys it does not know may belong to an extension.
        """
        if kind == RULES_CONFIG:
            return f"{BASE_URI}rulesets/{engine}/rules_config.schema.json"
        if kind == MANIFEST or engine is None:
            return f"{BASE_URI}{kind}.schema.json"
        if engine not in self.engines():
            return f"{BASE_URI}{kind}.schema.json#/$defs/{kind}"
        extension = f"rulesets/{engine}/{kind}.schema.json"
        return BASE_URI + (extension if extension in self.files else f"{kind}.schema.json")

    @functools.cache  # noqa: B019
    def kinds(self) -> Mapping[str, KindInfo]:
        """Every content kind by folder: the shared ones and each engine's own.

        An engine's own kind is a `rulesets/<engine>/<kind>.schema.json` with no common
        `<kind>.schema.json`; it names its folder and how it ships (`x-rulepack-folder`,
        `x-rulepack-ships-as`). Two engines may define the same kind with the same folder.
        """
        found = {folder: KindInfo(kind, folder, None, "common")
                 for folder, kind in KIND_BY_FOLDER.items()}
        for name, schema in sorted(self.files.items()):
            parts = name.split("/")
            common = f"{_kind(name)}.schema.json" in self.files
            if len(parts) != 3 or parts[0] != "rulesets" or common or parts[2] in ENGINE_FILES:
                continue
            info = _engine_kind(name, schema, parts[1], found)
            found[info.folder] = info
        return found

    def has_kind(self, engine: str, kind: str) -> bool:
        """Whether rulesets of `engine` may hold documents of `kind`."""
        return any(
            info.kind == kind and (info.engines is None or engine in info.engines)
            for info in self.kinds().values()
        )

    def schema(self, uri: str) -> Any:
        return self.registry.resolver().lookup(uri).contents

    @functools.cache  # noqa: B019 - one SchemaSet per folder, kept for the process
    def walk(self, uri: str) -> tuple[tuple[FieldPath, Mapping[str, Any]], ...]:
        """Every (field path, subschema) the schema at `uri` applies, through every `$ref`."""
        resolved = self.registry.resolver().lookup(uri)
        return tuple(_walk(resolved.contents, resolved.resolver, (), set()))

    @functools.cache  # noqa: B019
    def html_fields(self, engine: str | None, kind: str) -> tuple[str, ...]:
        """Dotted paths of the rich-text fields of `kind` (`*` is any array item or map value)."""
        walked = self.walk(self.uri(engine, kind))
        found = {".".join(p) for p, s in walked if s.get("contentMediaType") == HTML_MEDIA_TYPE}
        return tuple(sorted(found))

    @functools.cache  # noqa: B019
    def references(self, engine: str | None, kind: str) -> tuple[tuple[FieldPath, str], ...]:
        """(field path, target) of every field that names another piece of content."""
        walked = self.walk(self.uri(engine, kind))
        return tuple(sorted({(p, str(s[REF_KEYWORD])) for p, s in walked if REF_KEYWORD in s}))

    @functools.cache  # noqa: B019
    def bounds(self, engine: str | None, kind: str) -> tuple[tuple[FieldPath, str], ...]:
        """(field path, sibling field) of every field that may not exceed a sibling (linking)."""
        walked = self.walk(self.uri(engine, kind))
        found = {(p, str(s[AT_MOST_KEYWORD])) for p, s in walked if AT_MOST_KEYWORD in s}
        return tuple(sorted(found))

    @functools.cache  # noqa: B019
    def ranges(self, engine: str | None, kind: str) -> tuple[tuple[FieldPath, Any], ...]:
        """(field path, spec) of every array whose items' ranges must run on (linking)."""
        walked = self.walk(self.uri(engine, kind))
        found = {p: s[RANGES_KEYWORD] for p, s in walked if RANGES_KEYWORD in s}
        return tuple(sorted(found.items()))

    def child_names(self, engine: str | None, kind: str, path: tuple[str | int, ...]) -> list[str]:
        """The field names the schema declares anywhere for the object at `path`."""
        pattern: list[str] = []
        names = set()
        known = {p for p, _ in self.walk(self.uri(engine, kind))}
        for part in path:
            step = "*" if isinstance(part, int) else part
            pattern.append(step if (*pattern, step) in known else "*")
        for field in known:
            if len(field) == len(pattern) + 1 and list(field[:-1]) == pattern:
                names.add(field[-1])
        names.discard("*")
        return sorted(names)

    @functools.cache  # noqa: B019
    def default_plan(self, engine: str | None, kind: str) -> DefaultPlan:
        """Where `default`s go: only through `$ref` and `allOf`, which always apply."""
        resolved = self.registry.resolver().lookup(self.uri(engine, kind))
        plan: dict[str, Any] = {}
        for path, schema in _walk(resolved.contents, resolved.resolver, (), set(), ("allOf",)):
            if path and "default" in schema:
                _add_default(plan, path, schema["default"])
        return _freeze(plan)


def _kind(name: str) -> str:
    return name.rsplit("/", 1)[-1].removesuffix(".schema.json")


def _engine_kind(
    name: str, schema: Mapping[str, Any], engine: str, found: Mapping[str, KindInfo]
) -> KindInfo:
    folder, ships_as = schema.get(FOLDER_KEYWORD), schema.get(SHIPS_AS_KEYWORD)
    if not isinstance(folder, str) or ships_as not in SHIPS_AS:
        raise ValueError(f"{name}: an engine's own kind needs {FOLDER_KEYWORD} and "
                         f"{SHIPS_AS_KEYWORD} (one of {', '.join(SHIPS_AS)})")
    earlier = found.get(folder)
    if earlier is not None and (earlier.kind, earlier.ships_as) != (_kind(name), ships_as):
        raise ValueError(f"{name}: folder {folder!r} already holds kind {earlier.kind!r}")
    engines = frozenset({engine} | set(earlier.engines or ())) if earlier else frozenset({engine})
    return KindInfo(_kind(name), folder, engines, ships_as)


def _schema_files(directory: Path, engines: tuple[str, ...]) -> list[tuple[str, Path]]:
    """(name, path) of every schema under `directory`, and of each ruleset kept outside it
    (a plug-in root's `compiler/schemas/rulesets/<name>/`), named as if it were inside."""
    found = {
        p.relative_to(directory).as_posix(): p for p in directory.rglob("*.schema.json")
        if not _engine_only(p.relative_to(directory).as_posix())
    }
    if directory == SCHEMA_DIR:
        for engine in (e for e in engines if e in plugins.plugins()):
            folder = plugins.plugins()[engine].layer("schemas")
            if not folder.is_relative_to(directory):
                for path in folder.rglob("*.schema.json"):
                    name = f"rulesets/{engine}/{path.relative_to(folder).as_posix()}"
                    if not _engine_only(name):
                        found[name] = path
    return sorted(found.items())


def _engine_only(name: str) -> bool:
    """Schemas only the rules engines read or write (rule input shapes, event shapes, the shared
    primitives' own), not content."""
    return name.startswith(f"{plugins.SHARED_ENGINE}/") or name.endswith(ENGINE_ONLY_FILES)


def _with_engines(manifest: Mapping[str, Any], engines: tuple[str, ...]) -> dict[str, Any]:
    """The manifest schema with `ruleset` limited to `engines` (its file names none of them)."""
    properties = dict(manifest["properties"])
    properties["ruleset"] = {**properties["ruleset"], "enum": list(engines)}
    return {**manifest, "properties": properties}


def _without_dialect(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in schema.items() if key != "$schema"}


def _walk(
    schema: Any, resolver: Any, path: FieldPath, active: set[int],
    applicators: tuple[str, ...] = _IN_PLACE,
) -> Iterator[tuple[FieldPath, Mapping[str, Any]]]:
    if not isinstance(schema, Mapping) or id(schema) in active:
        return  # `true`/`false` schemas declare nothing; a recursive schema stops where it loops
    active.add(id(schema))
    yield path, schema
    if "$ref" in schema:
        resolved = resolver.lookup(schema["$ref"])
        yield from _walk(resolved.contents, resolved.resolver, path, active, applicators)
    for keyword in applicators:
        value = schema.get(keyword)
        for sub in value if isinstance(value, list) else [value] if value is not None else []:
            yield from _walk(sub, resolver, path, active, applicators)
    for name, sub in schema.get("properties", {}).items():
        yield from _walk(sub, resolver, (*path, name), active, applicators)
    for keyword in ("items", "additionalProperties"):
        yield from _walk(schema.get(keyword), resolver, (*path, "*"), active, applicators)
    for sub in schema.get("prefixItems", []):
        yield from _walk(sub, resolver, (*path, "*"), active, applicators)
    active.discard(id(schema))


def _add_default(plan: dict[str, Any], path: FieldPath, default: Any) -> None:
    node = plan
    for part in path[:-1]:
        node = node.setdefault(part, [NO_DEFAULT, {}])[1]
    entry = node.setdefault(path[-1], [NO_DEFAULT, {}])
    if entry[0] is not NO_DEFAULT and entry[0] != default:
        raise ValueError(f"conflicting defaults at {'.'.join(path)}: {entry[0]!r}, {default!r}")
    entry[0] = default


def _freeze(plan: dict[str, Any]) -> DefaultPlan:
    return {name: (entry[0], _freeze(entry[1])) for name, entry in plan.items()}


def default_schemas() -> SchemaSet:
    """The schemas shipped with the compiler and its plug-ins, loaded once per search path."""
    return _default_schemas(plugins.search_roots())


@functools.cache
def _default_schemas(roots: tuple[Path, ...]) -> SchemaSet:
    return SchemaSet(SCHEMA_DIR)


def html_fields(engine: str | None, kind: str) -> tuple[str, ...]:
    """Dotted paths of the HTML fields of `kind` in the shipped schemas; see `SchemaSet`."""
    return default_schemas().html_fields(engine, kind)
