"""Editor support: the content schemas as files an editor reads, and new documents that validate.

`export_schemas` writes every schema of the schema set (shared kinds, each ruleset's extensions
and own kinds, the manifest with today's rulesets) under one folder, laid out as in
`compiler/schemas/`, each with its own `file:` URI as `$id`, so every relative `$ref` resolves to
the file beside it, whichever schema a tool started from: yaml-language-server, check-jsonschema
or any validator reads them with no network (export again after moving the folder). It also
writes the language-server mapping, `yaml-language-server.json` (the `yaml.schemas` setting of
VS Code's YAML extension): each content folder's files to the schema its ruleset validates them
against, so editors complete and check fields while a file is typed.

`new_document` writes `<content>/<ruleset>/<kind folder>/<id>.yaml` holding the fields its schema
requires, each with the simplest value the schema allows, and checks it before writing it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from compiler.errors import ContentError, RulepackError
from compiler.loading import load_source, load_text
from compiler.loading.discovery import MANIFEST_KIND, display_path
from compiler.model import MANIFEST_FILE
from compiler.schemas import BASE_URI, MANIFEST, REF_KEYWORD, SchemaSet, default_schemas
from compiler.validation import Checked, Checker

#: The language-server mapping written beside the schemas.
MAPPING_FILE = "yaml-language-server.json"


def export_schemas(out: Path, content: Path, schemas: SchemaSet | None = None) -> list[str]:
    """Write every schema and the mapping for the ruleset folders of `content`; the lines to say.

    Raises:
        RulepackError: `out` cannot be written.
    """
    schemas = schemas or default_schemas()
    try:
        for name, schema in sorted(schemas.files.items()):
            target = out / name
            target.parent.mkdir(parents=True, exist_ok=True)
            data = {**schema, "$id": target.resolve().as_uri()}
            target.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        mapping = language_server_mapping(out, content, schemas)
        (out / MAPPING_FILE).write_text(json.dumps(mapping, indent=2) + "\n", "utf-8")
    except OSError as exc:
        raise RulepackError(f"cannot write the schemas to {display_path(out)}: {exc}") from exc
    shown = display_path(out / MAPPING_FILE)
    return [
        f"wrote {len(schemas.files)} schemas to {display_path(out)}",
        f"wrote {shown}: its \"yaml.schemas\" is the setting for VS Code's YAML extension",
    ]


def language_server_mapping(
    out: Path, content: Path, schemas: SchemaSet
) -> dict[str, dict[str, list[str]]]:
    """`{"yaml.schemas": {schema file: [globs]}}` for every ruleset folder under `content`.

    Paths are relative to the working directory (the editor's workspace), POSIX style.
    """
    globs: dict[str, list[str]] = {}

    def add(uri: str, pattern: Path) -> None:
        name = uri.removeprefix(BASE_URI).split("#", 1)[0]
        globs.setdefault(_relative(out / name), []).append(_relative(pattern))

    for folder in sorted(p for p in content.iterdir() if (p / MANIFEST_FILE).is_file()):
        add(schemas.uri(None, MANIFEST), folder / MANIFEST_FILE)
        engine = _engine(folder / MANIFEST_FILE, schemas)
        if engine is None:
            continue
        for kind_folder, info in sorted(schemas.kinds().items()):
            if schemas.has_kind(engine, info.kind):
                add(schemas.uri(engine, info.kind), folder / kind_folder / "*.yaml")
    return {"yaml.schemas": globs}


def _relative(path: Path) -> str:
    return Path(os.path.relpath(path)).as_posix()


def _engine(manifest: Path, schemas: SchemaSet) -> str | None:
    source = load_source(manifest, display_path(manifest), MANIFEST_KIND)
    if isinstance(source, list) or not isinstance(source.data, Mapping):
        return None
    engine = source.data.get("ruleset")
    return engine if engine in schemas.engines() else None


def new_document(content: Path, ruleset: str, kind: str, key: str) -> Path:
    """Write a new `kind` document `key` into the ruleset folder `ruleset`; its path.

    The document must validate and link with the rest of the ruleset (errors elsewhere in the
    content are not its business); otherwise nothing is left written.

    Raises:
        RulepackError: no such ruleset folder or kind, the file exists, or no simple document
            validates there (the errors of the last one tried are given).
    """
    from compiler.pipeline import load_content

    schemas = default_schemas()
    folder = content / ruleset
    engine = _engine(folder / MANIFEST_FILE, schemas)
    if engine is None:
        raise RulepackError(f"{display_path(folder / MANIFEST_FILE)} names no known ruleset")
    folders = {info.kind: name for name, info in schemas.kinds().items()
               if schemas.has_kind(engine, info.kind)}
    if kind not in folders:
        choices = ", ".join(sorted(folders))
        raise RulepackError(f"the {engine} ruleset has no kind {kind!r}; its kinds: {choices}")
    fixed = id_choices(schemas, engine, kind)
    if fixed is not None and key not in fixed:
        raise RulepackError(f"a {kind}'s id is one of {', '.join(fixed)}, not {key!r}")
    target = folder / folders[kind] / f"{key}.yaml"
    if os.path.lexists(target):
        raise RulepackError(f"{display_path(target)} already exists")
    examples = sorted((folder / folders[kind]).glob("*.yaml"))[:3]
    known = _known_ids(folder, schemas)
    target.parent.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for text in candidate_texts(schemas, (engine, kind, key), known, examples):
        with open(target, "x", encoding="utf-8") as stream:
            stream.write(text)
        try:
            load_content(content, save_cache=False)
            return target
        except ContentError as error:
            shown = display_path(target)
            problems = [d.message for d in error.diagnostics.items if d.file == shown]
            if not problems:
                return target
        except RulepackError:
            return target
        target.unlink()
    raise RulepackError(f"cannot write a {kind} that validates ({'; '.join(problems)})")


def id_choices(schemas: SchemaSet, engine: str, kind: str) -> list[str] | None:
    """The ids a `kind` document may have, when its schema fixes them (None: any id)."""
    resolved = schemas.registry.resolver().lookup(schemas.uri(engine, kind))
    fields, _ = _Simplest({}, "").fields(resolved.contents, resolved.resolver)
    for schema, resolver in fields.get("id", []):
        flat = _Simplest({}, "").flat(schema, resolver)
        if isinstance(flat.get("enum"), list):
            return [str(value) for value in flat["enum"]]
    return None


def candidate_texts(
    schemas: SchemaSet, target: tuple[str, str, str], known: Mapping[str, list[str]],
    examples: list[Path] | None = None,
) -> list[str]:
    """YAML texts of a new `kind` document `key` that validate by themselves: the fields its
    schema requires with the simplest values it allows, then each existing document
    (`examples`) under the new id. `target` is (engine, kind, id)."""
    engine, kind, key = target
    checker = Checker(schemas)
    uri = schemas.uri(engine, kind)
    resolved = schemas.registry.resolver().lookup(uri)
    data = _Simplest(known, key).value(resolved.contents, resolved.resolver)
    data = data if isinstance(data, dict) else {}
    data.update({field: key for field in ("id",) if field in data})
    texts = [_yaml(data)]
    for example in examples or ():
        source = load_source(example, example.name, kind)
        if not isinstance(source, list) and isinstance(source.data, Mapping):
            copied = dict(source.data)
            copied.update({k: v for k, v in (("id", key),) if "id" in copied})
            texts.append(_yaml(copied))
    found = []
    for text in texts:
        source = load_text(text, f"{kind}/{key}.yaml", kind)
        checked = source if isinstance(source, list) else checker.check(source, engine)
        if isinstance(checked, Checked):
            found.append(text)
    return found


def _yaml(data: Mapping[str, Any]) -> str:
    """One field a line, each value as JSON (a YAML 1.2 flow value: strings stay strings)."""
    return "".join(f"{name}: {json.dumps(value, ensure_ascii=False)}\n"
                   for name, value in data.items())


class _Simplest:
    """The simplest value a schema accepts: a default, a const, the first enum value, the
    minimum, an existing id for a reference, the required fields of an object."""

    def __init__(self, known: Mapping[str, list[str]], key: str) -> None:
        self.known = known
        self.key = key

    def value(self, schema: Any, resolver: Any, name: str = "") -> Any:
        if not isinstance(schema, Mapping):
            return None
        target = self.flat(schema, resolver).get(REF_KEYWORD)
        if target is not None and self.known.get(str(target)):
            return self.known[str(target)][0]
        for keyword in ("default", "const"):
            if keyword in schema:
                return schema[keyword]
        if "enum" in schema:
            return schema["enum"][0]
        fields, required = self.fields(schema, resolver)
        if fields or required or schema.get("type") == "object":
            return {field: self._field(fields.get(field, []), field) for field in required}
        merged = self.flat(schema, resolver)
        for keyword in ("anyOf", "oneOf"):
            if merged.get(keyword):
                return self.value(merged[keyword][0], merged.get("_resolver", resolver), name)
        return self._scalar(merged, resolver, name)

    def _field(self, declared: list[tuple[Any, Any]], name: str) -> Any:
        """A field every one of whose declarations (`declared`) holds at once."""
        if len(declared) == 1:
            return self.value(*declared[0], name)
        merged: dict[str, Any] = {}
        for schema, resolver in declared:
            if isinstance(schema, Mapping):
                merged.update(self.flat(schema, resolver))
        return self.value(merged, merged.get("_resolver"), name)

    def _scalar(self, schema: Mapping[str, Any], resolver: Any, name: str) -> Any:
        kind = schema.get("type")
        if kind == "integer" or kind == "number":
            return int(schema.get("minimum", min(0, int(schema.get("maximum", 0)))))
        if kind == "boolean":
            return False
        if kind == "array" or "items" in schema or "minItems" in schema:
            inner = schema.get("_resolver", resolver)
            found = [self.value(item, inner) for item in schema.get("prefixItems", ())]
            while len(found) < int(schema.get("minItems", 0)):
                found.append(self.value(schema.get("items", {}), inner))
            return found
        if kind == "string":
            if name == "name":
                return self.key.replace("-", " ").capitalize()
            return self.key
        return None

    def flat(self, schema: Mapping[str, Any], resolver: Any) -> dict[str, Any]:
        """`schema` with its `$ref` chain folded in (the outermost keywords win)."""
        merged: dict[str, Any] = {}
        if "$ref" in schema:
            resolved = resolver.lookup(schema["$ref"])
            merged.update(self.flat(resolved.contents, resolved.resolver))
        else:
            merged["_resolver"] = resolver
        merged.update({k: v for k, v in schema.items() if k != "$ref"})
        return merged

    def fields(
        self, schema: Mapping[str, Any], resolver: Any
    ) -> tuple[dict[str, list[tuple[Any, Any]]], list[str]]:
        """The properties (each with every schema that declares it, and the resolver its refs
        resolve in) and required names of an object schema, through `$ref` and `allOf`."""
        fields: dict[str, list[tuple[Any, Any]]] = {}
        required: list[str] = []
        parts: list[tuple[Mapping[str, Any], Any]] = []
        if "$ref" in schema:
            resolved = resolver.lookup(schema["$ref"])
            parts.append((resolved.contents, resolved.resolver))
        parts += [(part, resolver) for part in schema.get("allOf", ())]
        for part, inner in parts:
            more, needed = self.fields(part, inner)
            for name, declared in more.items():
                fields.setdefault(name, []).extend(declared)
            required += [r for r in needed if r not in required]
        for name, sub in schema.get("properties", {}).items():
            fields.setdefault(name, []).append((sub, resolver))
        required += [r for r in schema.get("required", ()) if r not in required]
        return fields, required


def _known_ids(folder: Path, schemas: SchemaSet) -> dict[str, list[str]]:
    """Ids a reference may name: each kind's file names, and the manifest's damage types."""
    known: dict[str, list[str]] = {}
    for name, info in schemas.kinds().items():
        files = sorted((folder / name).glob("*.yaml")) if (folder / name).is_dir() else []
        known[info.kind] = [path.stem for path in files]
        if info.kind == "hit_locations" and files:
            table = load_source(files[0], files[0].name, info.kind)
            rows = [] if isinstance(table, list) else table.data.get("locations", [])
            known["location"] = [str(row.get("id")) for row in rows if isinstance(row, Mapping)]
    source = load_source(folder / MANIFEST_FILE, MANIFEST_FILE, MANIFEST_KIND)
    if not isinstance(source, list) and isinstance(source.data, Mapping):
        types = source.data.get("damage_types")
        known["damage_type"] = [str(t.get("id")) for t in types or () if isinstance(t, Mapping)]
    return known
