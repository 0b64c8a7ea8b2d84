"""Cross-checks that need more than one file, then the frozen ContentSet.

Runs on validated documents only. Every problem is a located Diagnostic naming the other file or
entry involved; references get a did-you-mean. Which fields are references comes from the schemas
(`x-rulepack-ref`), so a ruleset's own fields are checked as soon as its schema declares them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from compiler.checks import diagnostic, id_problems, own_problems, values_at
from compiler.diagnostics import Diagnostic
from compiler.loading.paths import JsonPath
from compiler.model import Author, ContentSet, Document, Ruleset, SourceDoc
from compiler.schemas import SchemaSet, default_schemas
from compiler.validation import Checked

LABELS = {
    "damage_type": "damage type", "hit_locations": "hit-location table",
    "location": "hit location", "weapon": "weapon", "armor": "armor", "card": "card",
    "power": "power", "fighter": "fighter",
}
PLURALS = {"hit_locations": "hit-location tables", "armor": "armor"}


@dataclass(frozen=True)
class FolderContent:
    """What loading and validation produced for one ruleset folder."""

    folder: str
    engine: str | None  # the manifest's `ruleset` if it names a known engine
    manifest: Checked | None  # None if missing or invalid
    documents: tuple[Checked, ...]  # the valid ones
    #: The documents that failed (their own errors are reported): kind -> id (file name) -> the
    #: file as shown, so that a reference to one says it is invalid, not unknown.
    invalid: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Linked:
    content: ContentSet  # rulesets whose manifest is valid
    diagnostics: tuple[Diagnostic, ...]


def link(
    root: str, folders: Sequence[FolderContent], schemas: SchemaSet | None = None,
    memo: LinkMemo | None = None,
) -> Linked:
    """Check everything that spans files; build the ContentSet (sorted by folder and key).
    `memo` (a watch keeps one) holds what the last link found of each document."""
    schemas = schemas or default_schemas()
    found: list[Diagnostic] = []
    manifests = [f.manifest for f in sorted(folders, key=lambda f: f.folder) if f.manifest]
    found += _duplicates(manifests, "module")
    rulesets = []
    for folder in sorted(folders, key=lambda f: f.folder):
        found += _check_folder(folder, schemas, memo)
        if folder.manifest is not None:
            rulesets.append(_ruleset(folder, folder.manifest, schemas))
    return Linked(ContentSet(root, tuple(rulesets)), tuple(found))


class LinkMemo:
    """What a watch's last link found of each document of each folder (its references and, if
    its file's processing did not, its own checks), for the next link: a document that is the
    same object (the per-file cache hands back an unchanged file's) in a folder whose targets
    are equal, under the same engine and schemas, has the same problems, so only the documents
    that changed are checked again. `checked` counts those."""

    def __init__(self) -> None:
        #: folder name: (engine, schemas, targets), {id(document): (document, its problems)}
        self.folders: dict[str, tuple[tuple[Any, ...], dict[int, _Found]]] = {}
        self.checked = 0

    def start(self, folder: str, context: tuple[Any, ...]) -> dict[int, _Found]:
        """The last run's problems by document, if it linked `folder` in the same `context`."""
        last = self.folders.pop(folder, None)
        same = last is not None and last[0][1] is context[1] and last[0] == context
        return last[1] if last is not None and same else {}

    def keep(self, folder: str, context: tuple[Any, ...], found: dict[int, _Found]) -> None:
        self.folders[folder] = (context, found)


_Found = tuple[Checked, list[Diagnostic]]


def _check_folder(
    folder: FolderContent, schemas: SchemaSet, memo: LinkMemo | None = None
) -> list[Diagnostic]:
    found = []
    documents = sorted(folder.documents, key=lambda d: d.source.path)
    by_kind: dict[str, list[Checked]] = {}
    for document in documents:
        by_kind.setdefault(document.source.kind, []).append(document)
    for kind in sorted({info.kind for info in schemas.kinds().values()}):
        found += _duplicates(by_kind.get(kind, []), kind)
    if folder.manifest is not None:
        found += _duplicate_damage_types(folder.manifest)
    targets = {
        target: _Target(_label(target), known, folder.invalid.get(target, {}),
                        _none_defined(target, schemas))
        for target, known in _targets(folder, schemas).items()
    }
    context = (folder.engine, schemas, targets)
    last = memo.start(folder.folder, context) if memo is not None else {}
    kept: dict[int, _Found] = {}
    for document in documents:
        held = last.get(id(document))
        if held is None or held[0] is not document:
            held = (document, _document_problems(document, folder.engine, schemas, targets))
            if memo is not None:
                memo.checked += 1
        kept[id(document)] = held
        found += held[1]
    if memo is not None:
        memo.keep(folder.folder, context, kept)
    if folder.manifest is not None:
        found += id_problems(folder.manifest.source, folder.manifest.data["id"])
    return found


def _document_problems(
    document: Checked, engine: str | None, schemas: SchemaSet, targets: Mapping[str, _Target]
) -> list[Diagnostic]:
    """What linking finds of one document: its references (and, unless its file's processing
    ran them, its own checks: `checks.py`)."""
    found = [] if document.own_checked else own_problems(document, engine, schemas)
    for pattern, target in schemas.references(engine, document.source.kind):
        if target in targets:
            found += _check_references(document, pattern, targets[target])
    return found


def _where(source: SourceDoc, path: JsonPath) -> str:
    mark = source.mark_of(path)
    return f"{source.path}:{mark.line}:{mark.col}"


def _duplicates(documents: Sequence[Checked], what: str) -> list[Diagnostic]:
    """Ids used twice, compared case-folded (they become file names on case-blind disks)."""
    first: dict[str, Checked] = {}
    found = []
    for document in documents:
        key = str(document.data["id"])
        earlier = first.setdefault(key.casefold(), document)
        if earlier is not document:
            where = _where(earlier.source, ("id",))
            message = f"duplicate {_label(what)} id {key!r}: {where} uses it too"
            found.append(diagnostic(document.source, ("id",), message))
    return found


def _duplicate_damage_types(manifest: Checked) -> list[Diagnostic]:
    """A damage type declared twice: a weapon or card naming it could mean either."""
    first: dict[str, int] = {}
    found = []
    for index, entry in enumerate(manifest.data["damage_types"]):
        key = str(entry["id"])
        earlier = first.setdefault(key.casefold(), index)
        if earlier != index:
            where = _where(manifest.source, ("damage_types", earlier, "id"))
            message = f"duplicate damage type id {key!r}: {where} declares it too"
            found.append(diagnostic(manifest.source, ("damage_types", index, "id"), message))
    return found


def _targets(folder: FolderContent, schemas: SchemaSet) -> dict[str, set[str]]:
    """The ids each kind of reference may name in this ruleset."""
    targets: dict[str, set[str]] = {info.kind: set() for info in schemas.kinds().values()}
    locations: set[str] = set()
    for document in folder.documents:
        targets[document.source.kind].add(str(document.data["id"]))
        if document.source.kind == "hit_locations":
            locations.update(str(entry["id"]) for entry in document.data["locations"])
    targets["location"] = locations
    if folder.manifest is not None:
        targets["damage_type"] = {str(t["id"]) for t in folder.manifest.data["damage_types"]}
    return targets


def _label(kind: str) -> str:
    """How messages name a kind: an engine's own kinds by their id in words (`threat tier`)."""
    return LABELS.get(kind, kind.replace("_", " "))


@dataclass(frozen=True)
class _Target:
    """What a reference to one kind may name in a folder, and what to say when none exists."""

    label: str
    known: set[str]
    invalid: Mapping[str, str]  # key -> the file whose errors make that document invalid
    none_defined: str


def _check_references(
    document: Checked, pattern: tuple[str, ...], target: _Target
) -> Iterator[Diagnostic]:
    label, known, invalid = target.label, target.known, target.invalid
    for path, value in values_at(document.data, pattern, ()):
        if not isinstance(value, str) or value in known:
            continue
        if value in invalid:
            message = f"{label} {value!r} is invalid: fix the errors of {invalid[value]}"
            yield diagnostic(document.source, path, message)
            continue
        names = sorted(known | invalid.keys())  # an invalid one is still what was meant
        close = difflib.get_close_matches(value, names, n=1, cutoff=0.6)
        if close:
            hint = f"; did you mean {close[0]!r}?"
        elif names:
            hint = f" (known: {', '.join(names[:8])}{', ...' if len(names) > 8 else ''})"
        else:
            hint = target.none_defined
        yield diagnostic(document.source, path, f"unknown {label} {value!r}{hint}")


def _none_defined(target: str, schemas: SchemaSet) -> str:
    if target == "damage_type":
        return "; the manifest declares no damage_types"
    if target == "location":
        return "; this ruleset has no hit_locations tables"
    return f"; this ruleset has no {PLURALS.get(target) or _folder_words(target, schemas)}"


def _folder_words(kind: str, schemas: SchemaSet) -> str:
    """A kind's folder is its plural ("species", "threat_tiers"), so messages say that."""
    folders = [f for f, info in schemas.kinds().items() if info.kind == kind]
    return folders[0].replace("_", " ") if folders else f"{_label(kind)}s"


def _ruleset(folder: FolderContent, manifest: Checked, schemas: SchemaSet) -> Ruleset:
    data = manifest.data
    documents = sorted(
        (Document(d.source.kind, str(d.data["id"]), d.data, d.source) for d in folder.documents),
        key=lambda d: (d.kind, d.key, d.source.path),
    )
    authors = tuple(Author(a["name"], a.get("url"), a.get("email")) for a in data["authors"])
    return Ruleset(
        folder=folder.folder, module_id=data["id"], title=data["title"], version=data["version"],
        description=data["description"], engine=data["ruleset"], authors=authors,
        rules_config=data["rules_config"], release_url_base=data.get("release_url_base"),
        manifest=replace(manifest.source, data=data), documents=tuple(documents), schemas=schemas,
    )
