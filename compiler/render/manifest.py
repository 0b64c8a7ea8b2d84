"""module.json: rendered from `module_template/module.json.j2`, then checked and canonicalised."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from compiler import __version__
from compiler.model import Ruleset
from compiler.packing import MIN_CORE_VERSION, Pack, subtypes
from compiler.render.environment import render

#: Foundry generations the module is built for: minimum 12, verified 13.
COMPATIBILITY = {"minimum": MIN_CORE_VERSION.split(".")[0], "verified": "13"}
ENTRY_MODULE = "scripts/main.mjs"
#: The module's stylesheet (`module_template/styles/`): Foundry loads only what `styles` lists.
STYLES = ("styles/rulepack.css",)


def release_urls(ruleset: Ruleset) -> dict[str, str] | None:
    """GitHub-style release URLs: `manifest` follows the latest release, `download` is pinned.

    A manifest pointing `download` at "latest" makes Foundry install newer zips on older cores.
    """
    base = ruleset.release_url_base
    if base is None:
        return None
    base = base.rstrip("/")
    return {
        "url": base.removesuffix("/releases"),
        "manifest": f"{base}/latest/download/module.json",
        "download": f"{base}/download/v{ruleset.version}/{zip_name(ruleset)}",
    }


def zip_name(ruleset: Ruleset) -> str:
    return f"{ruleset.module_id}-{ruleset.version}.zip"


def document_types(ruleset: Ruleset) -> dict[str, dict[str, dict[str, list[str]]]]:
    """Every module sub-type with the `system.*` paths the server must sanitise as HTML."""
    types: dict[str, dict[str, dict[str, list[str]]]] = {}
    for kind, (document_name, subtype) in sorted(subtypes(ruleset).items()):
        fields = sorted(ruleset.schemas.html_fields(ruleset.engine, kind))
        types.setdefault(document_name, {})[subtype] = {"htmlFields": fields}
    return types


def _authors(ruleset: Ruleset) -> list[dict[str, str]]:
    authors = []
    for author in ruleset.authors:
        entry = {"name": author.name}
        entry.update({k: v for k, v in (("url", author.url), ("email", author.email)) if v})
        authors.append(entry)
    return authors


def module_manifest(ruleset: Ruleset, packs: Sequence[Pack]) -> dict[str, Any]:
    """The module.json object for `ruleset` (rendered, parsed back, ready to dump)."""
    text = render(
        "module.json.j2",
        module={
            "id": ruleset.module_id, "title": ruleset.title, "description": ruleset.description,
            "version": ruleset.version, "authors": _authors(ruleset), "engine": ruleset.engine,
        },
        compatibility=COMPATIBILITY,
        esmodules=[ENTRY_MODULE],
        styles=list(STYLES),
        packs=list(packs),
        document_types=document_types(ruleset),
        compiler_version=__version__,
        urls=release_urls(ruleset),
    )
    manifest: dict[str, Any] = json.loads(text, object_pairs_hook=_no_duplicates)
    return manifest


def _no_duplicates(pairs: Sequence[tuple[str, Any]]) -> Mapping[str, Any]:
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError(f"module.json template produced duplicate keys: {keys}")
    return dict(pairs)


def dump_json(data: Any) -> bytes:
    """The one JSON serialisation of every JSON file the build writes."""
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode()
