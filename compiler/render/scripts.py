"""The module's JavaScript: the shared core and the module's own ruleset, plus generated modules.

A module ships the files of `module_template/{scripts,templates,styles}` that belong to no
ruleset, the folders of its own ruleset (its JS rules core and its Foundry adapter) and five
generated modules: `scripts/config.mjs` (build-time data), `scripts/rules/rulesets.mjs` (its
engines' rules, config defaults and input shapes), `scripts/foundry/ruleset.mjs` (its adapter's
part of the API), `scripts/foundry/traces.mjs` (the engines' rules-trace tables), and
`scripts/world-documents.mjs` (its fighters and items, for a GM to import into a world whose
system has no pack of them). No other ruleset's file reaches it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from compiler import plugins
from compiler.memo import Memo
from compiler.model import Ruleset
from compiler.packing import Pack, data_kinds
from compiler.packing.common import plain
from compiler.render.data_models import data_schemas
from compiler.render.environment import TEMPLATE_ROOT, render
from compiler.rules.registry import engine_data

#: Hand-written files shipped as they are (the rules core, the Foundry adapters, templates, the
#: stylesheet).
STATIC_FOLDERS = ("scripts", "templates", "styles")
#: The Foundry-side folders of a ruleset that ship in its module, by layer.
SHIPPED_LAYERS = ("js_rules", "foundry")


def _files_under(folder: Path, root: Path = TEMPLATE_ROOT) -> list[tuple[str, bytes]]:
    """Every non-template file under `folder`, by module-relative path (relative to `root`, the
    `module_template` folder it lies in)."""
    return [
        (path.relative_to(root).as_posix(), path.read_bytes())
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.suffix != ".j2"
    ]


def _ruleset_folders() -> set[Path]:
    return {p.layer(layer) for p in plugins.plugins().values() for layer in SHIPPED_LAYERS}


@cache
def shared_files() -> tuple[tuple[str, bytes], ...]:
    """The files every module ships: those of `module_template` under no ruleset's folder."""
    owned = _ruleset_folders()
    return tuple(
        (name, data)
        for folder in STATIC_FOLDERS
        for name, data in _files_under(TEMPLATE_ROOT / folder)
        if not any(parent in owned for parent in (TEMPLATE_ROOT / name).parents)
    )


@cache
def ruleset_files(engine: str) -> tuple[tuple[str, bytes], ...]:
    """The files of `engine`'s own JS rules core and Foundry adapter."""
    plugin = plugins.plugins()[engine]
    return tuple(
        item for layer in SHIPPED_LAYERS if plugin.has(layer)
        for item in _files_under(plugin.layer(layer), plugin.template_root)
    )


def static_files(engine: str) -> tuple[tuple[str, bytes], ...]:
    """Every hand-written file a module of `engine` ships."""
    return (*shared_files(), *ruleset_files(engine))


def _engine_entries(names: Iterable[str], path: str, extra: Mapping[str, Any]) -> list[Any]:
    entries = []
    for name in names:
        assert plugins.NAME.fullmatch(name), name  # an identifier, never author text
        own = "." if name == plugins.SHARED_ENGINE else f"./{name}"
        entry = {"name": name, "ident": Markup(name), "path": path.format(own=own, name=name)}
        entries.append({**entry, **extra.get(name, {})})
    return entries


def rules_registry(names: Sequence[str]) -> bytes:
    """`scripts/rules/rulesets.mjs` for the engines `names` (the shared primitives first)."""
    data = {}
    for name in names:
        config, inputs, schema = engine_data(name)
        data[name] = {"config": dict(config), "inputs": inputs, "schema": schema}
    paths = "{own}/index.mjs"
    entries = _engine_entries(names, paths, data)
    for entry in entries:
        if entry["name"] == plugins.SHARED_ENGINE:
            entry["path"] = "./primitives.mjs"
    return render("scripts/rules/rulesets.mjs.j2", engines=entries).encode()


def foundry_registry(engine: str) -> dict[str, bytes]:
    """`scripts/foundry/ruleset.mjs` and `scripts/foundry/traces.mjs` of a module of `engine`."""
    plugin = plugins.plugins()[engine]
    adapter = plugin.has("foundry")
    traced = [plugins.SHARED_ENGINE]
    if adapter and (plugin.layer("foundry") / "trace.mjs").is_file():
        traced.append(engine)
    entries = _engine_entries(traced, "{own}/trace.mjs", {})
    return {
        "scripts/foundry/ruleset.mjs": render(
            "scripts/foundry/ruleset.mjs.j2", adapter=adapter, name=Markup(engine)).encode(),
        "scripts/foundry/traces.mjs": render(
            "scripts/foundry/traces.mjs.j2", engines=entries).encode(),
    }


def engine_tree(names: Sequence[str]) -> dict[str, bytes]:
    """A JS rules core running the engines `names`, for Node: what `scripts/rules/` of a module
    holds, with every named ruleset's core (the parity tests run all of them in one process)."""
    files = {
        name: data for name, data in _files_under(TEMPLATE_ROOT / "scripts" / "rules")
        if not any(parent in _ruleset_folders() for parent in (TEMPLATE_ROOT / name).parents)
    }
    for name in names:
        if name != plugins.SHARED_ENGINE:
            plugin = plugins.plugins()[name]
            files.update(_files_under(plugin.layer("js_rules"), plugin.template_root))
    files["scripts/rules/rulesets.mjs"] = rules_registry(names)
    return files


def rules_data(ruleset: Ruleset) -> dict[str, dict[str, object]]:
    """The documents of the engine's own data kinds: `{kind: {id: data}}`."""
    return {
        kind: {d.key: plain(d.data) for d in sorted(ruleset.of_kind(kind), key=lambda d: d.key)}
        for kind in data_kinds(ruleset)
    }


def system_packs(packs: Sequence[Pack]) -> dict[str, dict[str, str]]:
    """`{system: {document type: pack name}}` of the packs that load only in one system's worlds."""
    found: dict[str, dict[str, str]] = {}
    for pack in packs:
        if pack.system is not None:
            found.setdefault(pack.system, {})[pack.document_type] = pack.name
    return found


def _without_keys(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A pack document as world data: the LevelDB `_key`s (its own and its embedded ones') out."""
    return {k: [_without_keys(v) if isinstance(v, Mapping) else v for v in value]
            if isinstance(value, list) else value
            for k, value in doc.items() if k != "_key"}


def world_documents(packs: Sequence[Pack]) -> dict[str, list[dict[str, Any]]]:
    """The Item and Actor documents of the first target system's packs (every copy holds the
    same), as a GM imports them into a world of another system."""
    found: dict[str, list[dict[str, Any]]] = {"Item": [], "Actor": []}
    systems = [pack.system for pack in packs if pack.system is not None]
    for pack in packs:
        if pack.system is not None and pack.system == systems[0]:
            found[pack.document_type] = [_without_keys(entry) for entry in pack.entries]
    return found


def _world_json(entry: Mapping[str, Any]) -> str:
    """One world document's JSON, as the template's `tojson` writes it (keys sorted, HTML-safe)."""
    return str(htmlsafe_json_dumps(_without_keys(entry), sort_keys=True, allow_nan=False))


def world_documents_json(packs: Sequence[Pack], fragments: Memo | None = None) -> list[bytes]:
    """`tojson` of `world_documents(packs)` as UTF-8 pieces to join, made one document at a time
    (`json.dumps` joins a list's items with ", " and an object's pairs with ", " and ": ", none
    of which the HTML-safe escapes touch), so `fragments` can keep each unchanged document's
    JSON from the last build. Each document's text is encoded as it is made and the caller joins
    the pieces once: at 50,000 documents the JSON is 31 MB, and a text joined, rendered and then
    encoded was three copies of it at once."""
    systems = [pack.system for pack in packs if pack.system is not None]
    found: dict[str, list[bytes]] = {"Actor": [], "Item": []}
    for pack in packs:
        if pack.system is not None and pack.system == systems[0]:
            found[pack.document_type] = [
                (fragments.get((entry,), partial(_world_json, entry), str) if fragments is not None
                 else _world_json(entry)).encode()
                for entry in pack.entries
            ]
    pieces = [b"{"]
    for index, kind in enumerate(sorted(found)):
        pieces.append(f'{", " if index else ""}"{kind}": ['.encode())
        for number, document in enumerate(found[kind]):
            if number:
                pieces.append(b", ")
            pieces.append(document)
        pieces.append(b"]")
    pieces.append(b"}")
    return pieces


#: Where the world documents' JSON goes in the rendered template (our own text, never author
#: text: the JSON is joined in as bytes after rendering).
_WORLD_SLOT = "/*rulepack: world documents*/"


def world_documents_file(packs: Sequence[Pack], fragments: Memo | None = None) -> bytes:
    """`scripts/world-documents.mjs`: the template rendered with `world_documents_json(packs)`
    in place of `documents`, byte for byte, the JSON's pieces joined in once (never in a text)."""
    text = render("scripts/world-documents.mjs.j2", documents=Markup(_WORLD_SLOT))
    head, slot, tail = text.partition(_WORLD_SLOT)
    if not slot or _WORLD_SLOT in tail:
        raise AssertionError("scripts/world-documents.mjs.j2 must show `documents` exactly once")
    return b"".join((head.encode(), *world_documents_json(packs, fragments), tail.encode()))


def script_files(
    ruleset: Ruleset, packs: Sequence[Pack], fragments: Memo | None = None,
    world: bytes | None = None,
) -> dict[str, bytes]:
    """All JS and template files of the module, generated ones included (`fragments` keeps each
    world document's JSON from earlier builds; `world` is `world_documents_file(packs)` if it
    was made already)."""
    files = dict(static_files(ruleset.engine))
    files["scripts/config.mjs"] = render(
        "scripts/config.mjs.j2",
        module_id=ruleset.module_id,
        engine=ruleset.engine,
        rules_config=dict(ruleset.rules_config),
        packs={pack.document_type: pack.name for pack in packs if pack.system is None},
        system_packs=system_packs(packs),
        data_schemas=data_schemas(ruleset),
        rules_data=rules_data(ruleset),
    ).encode()
    files["scripts/world-documents.mjs"] = (
        world if world is not None else world_documents_file(packs, fragments)
    )
    files["scripts/rules/rulesets.mjs"] = rules_registry((plugins.SHARED_ENGINE, ruleset.engine))
    files.update(foundry_registry(ruleset.engine))
    return files
