"""Build stage: every ruleset of a linked ContentSet → `OUT/<module-id>/` and its zip.

Two phases, as in mkdocs: first every module is planned completely in memory (documents, packs,
module.json, scripts, strings); only then is anything written, into a staging folder inside the
output folder, and finally published (`publish.py`): after a failure, a Ctrl-C or a kill at any
point, each module folder and zip in OUT is its complete old version or its complete new one.

The output can never hold or replace sources: OUT may not be, be inside or contain the content
folder, and a module may replace only a folder or zip an earlier build wrote (`publish.MARKER`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import plyvel

from compiler import fsio, parallel
from compiler.buildcaches import BuildCaches
from compiler.cache import cache_folder
from compiler.diagnostics import Diagnostic, Diagnostics
from compiler.errors import BuildError, ContentError
from compiler.gcpause import gc_paused
from compiler.loading.discovery import display_path
from compiler.model import ContentSet, Ruleset
from compiler.options import BuildOptions
from compiler.packing import Pack, foundry_documents
from compiler.packing.store import PackFiles, records_digest
from compiler.packing.writer import pack_records, write_records
from compiler.publish import (
    JOURNAL,
    MARKER,
    describe_os_error,
    discard,
    locked,
    marker_bytes,
    new_staging,
    publish,
    recover,
    written_by_rulepack,
    zip_comment,
)
from compiler.render.journal import journal_pages
from compiler.render.lang import language_strings
from compiler.render.macros import macro_specs
from compiler.render.manifest import dump_json, module_manifest, zip_name
from compiler.render.scripts import script_files, world_documents_file
from compiler.writing import (
    check_relative_path,
    folder_entries,
    source_date_epoch,
    write_files,
    zip_stamp,
)
from compiler.zipfiles import zip_bytes

#: The build stamp in each module folder: `build_stamp`.
BUILD_STAMP = "build.json"
#: A file at least this large is deflated on a thread of its own as soon as it is made
#: (`zipfiles.Members.ahead`): below it a thread costs more than it overlaps.
AHEAD_BYTES = 256 << 10


@dataclass(frozen=True)
class ModulePlan:
    """Everything one module consists of, before anything is written."""

    module_id: str
    zip_name: str
    files: Mapping[str, bytes]
    packs: tuple[Pack, ...]
    ruleset: Ruleset
    #: Each pack's LevelDB records by pack name (`pack_records`).
    records: Mapping[str, list[tuple[bytes, bytes]]]


def plan_module(ruleset: Ruleset, caches: BuildCaches | None = None) -> ModulePlan:
    """Everything of one module, in memory. Its HTML was sanitised per file after validation.
    `caches` keeps what unchanged documents planned to in earlier builds.

    The world documents' JSON and the packs' records are both made from the packs alone: with
    many documents (and no memo of the JSON, which a watch keeps) a forked child makes the JSON
    while this process encodes the records (`parallel.Forked`). Once the JSON is made, its zip
    member is deflated on a thread beside the rest of the build."""
    plans, fragments = (caches.plans, caches.fragments) if caches is not None else (None, None)
    packs = foundry_documents(ruleset, macro_specs(ruleset), journal_pages(ruleset), plans=plans)
    many = sum(len(pack.entries) for pack in packs) >= parallel.MIN_ITEMS
    world = parallel.Forked(partial(world_documents_file, packs, fragments),
                   worth=many and fragments is None)
    made = None if world.pid is not None else _deflating(world.result(), caches)
    try:
        text, kept = (caches.encoded.text, caches.records) if caches is not None else (None, None)
        records = {pack.name: pack_records(pack, text, kept) for pack in packs}
    except BaseException:
        world.close()
        raise
    made = made if made is not None else _deflating(world.result(), caches)
    files = script_files(ruleset, packs, fragments, made)
    files["module.json"] = dump_json(module_manifest(ruleset, packs))
    files["lang/en.json"] = dump_json(language_strings(ruleset))
    return ModulePlan(ruleset.module_id, zip_name(ruleset), files, packs, ruleset, records)


def _deflating(world: bytes, caches: BuildCaches | None) -> bytes:
    """`world` (the module's largest file by far), its zip member started on a second thread
    (`zipfiles.Members.ahead`): it deflates while this thread encodes and writes the packs."""
    if caches is not None:
        caches.members.ahead(world)
    return world


def check_out_folder(out: Path, content: Path) -> None:
    """Refuse an output folder that is, is inside or contains the content folder."""
    real_out, real_content = Path(os.path.realpath(out)), Path(os.path.realpath(content))
    shown = f"--out {display_path(out)}"
    if real_out == real_content or real_content in real_out.parents:
        raise BuildError(
            f"{shown} is inside the content folder {display_path(content)}; a build there would "
            "mix modules into the sources: choose a folder outside it, such as dist"
        )
    if real_out in real_content.parents:
        raise BuildError(
            f"{shown} contains the content folder {display_path(content)}; a module named like "
            "a source folder would replace it: choose a folder beside it, such as dist"
        )


def build_all(
    content: ContentSet, options: BuildOptions, caches: BuildCaches | None = None
) -> Iterator[str]:
    """Build every module; yield one line per module written (and a note per recovery).

    `caches` (a watch keeps one across rebuilds) defaults to the cache folder's, read now."""
    caches = caches or BuildCaches.open(cache_folder(options.content))
    with gc_paused():
        plans = [plan_module(ruleset, caches) for ruleset in content.rulesets]
    epoch = source_date_epoch(options.source_date_epoch)
    out = options.out
    try:
        fsio.make_dirs(out)
        with locked(out):
            yield from (f"note: {note}" for note in recover(out))
            _refuse_foreign(out, plans)
            _build_locked(out, plans, epoch, caches)
        caches.save()
    except OSError as exc:
        where = display_path(out)
        raise BuildError(f"cannot build into {where}: {describe_os_error(exc)}") from exc
    for plan in plans:
        yield f"built {display_path(out / plan.module_id)} and {display_path(out / plan.zip_name)}"


def _build_locked(
    out: Path, plans: list[ModulePlan], epoch: int, caches: BuildCaches
) -> None:
    staging = new_staging(out)
    try:
        for plan in plans:
            _stage(plan, staging / "new", epoch, caches)
        names = [name for plan in plans for name in (plan.module_id, plan.zip_name)]
        publish(out, staging, names)
    finally:
        # A journal left means a publish that could be neither completed nor undone: its staging
        # may hold the only copy of an old output, for the next command to finish from.
        if not os.path.lexists(staging / JOURNAL):
            with contextlib.suppress(OSError):
                discard(staging)  # else the next command removes it


def _stage(plan: ModulePlan, folder: Path, epoch: int, caches: BuildCaches) -> None:
    module = folder / plan.module_id
    fsio.make_dir(module)
    write_files(module, plan.files)
    fsio.make_dir(module / "packs")
    digests = {}
    written = dict(plan.files)  # what the zip takes from memory, not read back
    for pack in plan.packs:
        try:
            records = plan.records[pack.name]
            digests[pack.name] = records_digest(records)
            name = f"{plan.module_id}/{pack.name}"
            files = write_pack(name, records, digests[pack.name], caches,
                               module / "packs" / pack.name)
        except plyvel.Error as exc:  # LevelDB's own write errors (a full disk, say)
            what = f"the {pack.name} pack of {plan.module_id}"
            raise BuildError(f"cannot write {what}: {exc}") from exc
        for file_name, data in files:
            written[f"packs/{pack.name}/{file_name}"] = data
            if len(data) >= AHEAD_BYTES:  # a big pack's table deflates while the rest is written
                caches.members.ahead(data)
    # In the zip too, so an installed module is the module folder (it never changes there).
    fsio.write_bytes(module / BUILD_STAMP, build_stamp(plan.files, digests))
    entries = folder_entries(module, plan.module_id, caches.members.of, written)
    archive = zip_bytes(entries, zip_stamp(epoch), zip_comment(plan.module_id))
    fsio.write_bytes(folder / plan.zip_name, archive)
    fsio.write_bytes(module / MARKER, marker_bytes(plan.module_id))  # after the zip: not in it


def build_stamp(files: Mapping[str, bytes], packs: Mapping[str, str]) -> bytes:
    """`build.json`: a digest of the whole module and one of each pack's records, which a world
    with the module's `liveReload` setting on polls (`scripts/foundry/live-reload.mjs`)."""
    digest = hashlib.blake2b(digest_size=16)
    for name in sorted(files):
        digest.update(b"%s %d\0" % (name.encode(), len(files[name])))
        digest.update(files[name])
    for name in sorted(packs):
        digest.update(f"{name} {packs[name]}\0".encode())
    return dump_json({"build": digest.hexdigest(), "packs": dict(sorted(packs.items()))})


def write_pack(
    name: str, records: list[tuple[bytes, bytes]], digest: str, caches: BuildCaches, dest: Path
) -> PackFiles:
    """Write the pack's LevelDB folder `dest` from its `records`, or the files kept from the
    build that wrote the same records (LevelDB writes the same files for them:
    `packing/store.py`); return its files. The one place a build writes a pack (the fault tests
    fail it here: tests/module_build/faults.py)."""
    kept = caches.packs.files(name, digest)
    if kept is None:
        write_records(records, dest)
        return caches.packs.keep(name, digest, dest)
    fsio.make_dir(dest)
    for file_name, data in kept:
        fsio.write_bytes(dest / check_relative_path(file_name), data)
    return kept


def _refuse_foreign(out: Path, plans: list[ModulePlan]) -> None:
    """A located error for each module whose folder or zip would replace what no build wrote."""
    found = []
    for plan in plans:
        for name in (plan.module_id, plan.zip_name):
            target = out / name
            if os.path.lexists(target) and not written_by_rulepack(target, plan.module_id):
                found.append(_foreign(plan.ruleset, target))
    if found:
        raise ContentError(Diagnostics(found))


def _foreign(ruleset: Ruleset, target: Path) -> Diagnostic:
    manifest = ruleset.manifest
    mark = manifest.mark_of(("id",))
    message = (
        f"module {ruleset.module_id!r} would replace {display_path(target)}, which no rulepack "
        "build wrote; move it away, or choose another id or --out"
    )
    return Diagnostic(manifest.path, mark.line, mark.col, "$.id", message)
