"""Build stage: every ruleset of a linked ContentSet → `dist/<module-id>/` and its zip.

Two phases, as in mkdocs: first every module is planned completely in memory (documents, packs,
module.json, scripts, strings); only then is anything written, into a private temp folder inside
the output folder, and finally swapped into place. An error or Ctrl-C before the swap leaves the
previous output byte-identical.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from compiler.model import ContentSet, Ruleset
from compiler.options import BuildOptions
from compiler.packing import Pack, foundry_documents, write_pack
from compiler.render.journal import journal_pages
from compiler.render.lang import language_strings
from compiler.render.macros import macro_specs
from compiler.render.manifest import dump_json, module_manifest, zip_name
from compiler.render.scripts import script_files
from compiler.writing import (
    remove_tree,
    reproducible_zip,
    source_date_epoch,
    swap_into_place,
    write_files,
)


@dataclass(frozen=True)
class ModulePlan:
    """Everything one module consists of, before anything is written."""

    module_id: str
    zip_name: str
    files: Mapping[str, bytes]
    packs: tuple[Pack, ...]


def plan_module(ruleset: Ruleset) -> ModulePlan:
    """Everything of one module, in memory. Its HTML was sanitised per file after validation."""
    packs = foundry_documents(ruleset, macro_specs(ruleset), journal_pages(ruleset))
    files = script_files(ruleset, packs)
    files["module.json"] = dump_json(module_manifest(ruleset, packs))
    files["lang/en.json"] = dump_json(language_strings(ruleset))
    return ModulePlan(ruleset.module_id, zip_name(ruleset), files, packs)


def _write_module(plan: ModulePlan, folder: Path) -> None:
    folder.mkdir()
    write_files(folder, plan.files)
    (folder / "packs").mkdir(exist_ok=True)
    for pack in plan.packs:
        write_pack(pack, folder / "packs" / pack.name)


def build_all(content: ContentSet, options: BuildOptions) -> Iterator[str]:
    """Build every module; yield one line per module written."""
    plans = [plan_module(ruleset) for ruleset in content.rulesets]
    epoch = source_date_epoch(options.source_date_epoch)
    options.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=options.out))
    try:
        staged: dict[Path, Path] = {}
        for plan in plans:
            module_dir = work / plan.module_id
            _write_module(plan, module_dir)
            reproducible_zip(module_dir, work / plan.zip_name, epoch)
            staged[module_dir] = options.out / plan.module_id
            staged[work / plan.zip_name] = options.out / plan.zip_name
        trash = work / "previous"
        trash.mkdir()
        swap_into_place(staged, trash)
    finally:
        remove_tree(work)
    for plan in plans:
        yield f"built {options.out / plan.module_id} and {options.out / plan.zip_name}"
