"""Cross-checks that need more than one file, then the frozen ContentSet.

Runs on validated documents only. Every problem is a located Diagnostic naming the other file or
entry involved; references get a did-you-mean. Which fields are references comes from the schemas
(`x-rulepack-ref`), so a ruleset's own fields are checked as soon as its schema declares them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from compiler import grid as grid_layout
from compiler.diagnostics import Diagnostic
from compiler.loading.paths import JsonPath, json_path
from compiler.model import Author, ContentSet, Document, Ruleset, SourceDoc
from compiler.schemas import SchemaSet, default_schemas
from compiler.validation import Checked

#: The schema's id pattern, anchored the ECMAScript way (`fullmatch`, ASCII only) as a second
#: line of defence: ids become file names and Foundry keys.
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
#: Names Windows reserves for devices, with or without an extension.
WINDOWS_DEVICE_NAMES = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{port}{n}" for port in ("com", "lpt") for n in range(10)}
)
DOCUMENT_SUFFIX = ".yaml"
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


def link(root: str, folders: Sequence[FolderContent], schemas: SchemaSet | None = None) -> Linked:
    """Check everything that spans files; build the ContentSet (sorted by folder and key)."""
    schemas = schemas or default_schemas()
    found: list[Diagnostic] = []
    manifests = [f.manifest for f in sorted(folders, key=lambda f: f.folder) if f.manifest]
    found += _duplicates(manifests, "module")
    rulesets = []
    for folder in sorted(folders, key=lambda f: f.folder):
        found += _check_folder(folder, schemas)
        if folder.manifest is not None:
            rulesets.append(_ruleset(folder, folder.manifest, schemas))
    return Linked(ContentSet(root, tuple(rulesets)), tuple(found))


def _check_folder(folder: FolderContent, schemas: SchemaSet) -> list[Diagnostic]:
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
    for document in documents:
        found += _check_id(document)
        for pattern, target in schemas.references(folder.engine, document.source.kind):
            if target in targets:
                found += _check_references(document, pattern, targets[target])
        for pattern, sibling in schemas.bounds(folder.engine, document.source.kind):
            found += _check_bound(document, pattern, sibling)
        for pattern, spec in schemas.ranges(folder.engine, document.source.kind):
            for path, items in _values_at(document.data, pattern, ()):
                found += check_ranges(document.source, path, items, spec)
        found += _kind_checks(document)
    if folder.manifest is not None:
        found += _id_problems(folder.manifest.source, folder.manifest.data["id"])
    return found


def _kind_checks(document: Checked) -> list[Diagnostic]:
    """A hit-location table's ranges, a scene's token layout: what no schema can check."""
    if document.source.kind == "hit_locations":
        return check_table(document.source, document.data)
    if document.source.kind == "scene":
        return [_diagnostic(document.source, path, message)
                for path, message in grid_layout.scene_problems(document.data)]
    return []


def _diagnostic(source: SourceDoc, path: JsonPath, message: str) -> Diagnostic:
    mark = source.mark_of(path)
    return Diagnostic(source.path, mark.line, mark.col, json_path(path), message)


def _where(source: SourceDoc, path: JsonPath) -> str:
    mark = source.mark_of(path)
    return f"{source.path}:{mark.line}:{mark.col}"


def _id_problems(source: SourceDoc, key: str) -> list[Diagnostic]:
    if not ID.fullmatch(key):
        message = f"{key!r} is not an id: lower-case a-z and 0-9 in words joined by single hyphens"
        return [_diagnostic(source, ("id",), message)]
    if key in WINDOWS_DEVICE_NAMES:
        message = f"{key!r} is a device name on Windows and cannot name a file; choose another id"
        return [_diagnostic(source, ("id",), message)]
    return []


def _check_id(document: Checked) -> list[Diagnostic]:
    source, key = document.source, str(document.data["id"])
    found = _id_problems(source, key)
    name = source.path.rpartition("/")[2]
    if name != key + DOCUMENT_SUFFIX:
        message = f"id {key!r} does not match the file name {name!r}; the file must be {key}.yaml"
        found.append(_diagnostic(source, ("id",), message))
    return found


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
            found.append(_diagnostic(document.source, ("id",), message))
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
            found.append(_diagnostic(manifest.source, ("damage_types", index, "id"), message))
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
    for path, value in _values_at(document.data, pattern, ()):
        if not isinstance(value, str) or value in known:
            continue
        if value in invalid:
            message = f"{label} {value!r} is invalid: fix the errors of {invalid[value]}"
            yield _diagnostic(document.source, path, message)
            continue
        names = sorted(known | invalid.keys())  # an invalid one is still what was meant
        close = difflib.get_close_matches(value, names, n=1, cutoff=0.6)
        if close:
            hint = f"; did you mean {close[0]!r}?"
        elif names:
            hint = f" (known: {', '.join(names[:8])}{', ...' if len(names) > 8 else ''})"
        else:
            hint = target.none_defined
        yield _diagnostic(document.source, path, f"unknown {label} {value!r}{hint}")


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


def _check_bound(
    document: Checked, pattern: tuple[str, ...], sibling: str
) -> Iterator[Diagnostic]:
    """`x-rulepack-at-most`: an integer field may not exceed its sibling (current_av <= max_av)."""
    for path, value in _values_at(document.data, pattern, ()):
        parent: Any = document.data
        for part in path[:-1]:
            parent = parent[part]
        limit = parent.get(sibling) if isinstance(parent, Mapping) else None
        if _is_int(value) and _is_int(limit) and value > limit:
            yield _diagnostic(document.source, path, f"{value} is more than {sibling} ({limit})")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _values_at(
    data: Any, pattern: tuple[str, ...], path: JsonPath
) -> Iterator[tuple[JsonPath, Any]]:
    """Every (path, value) in `data` matching `pattern` (`*`: any array item or map value)."""
    if not pattern:
        yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*" and isinstance(data, list):
        for index, item in enumerate(data):
            yield from _values_at(item, rest, (*path, index))
    elif head == "*" and isinstance(data, dict):
        for key, item in data.items():
            yield from _values_at(item, rest, (*path, key))
    elif isinstance(data, dict) and head in data:
        yield from _values_at(data[head], rest, (*path, head))


def check_ranges(
    source: SourceDoc, path: JsonPath, items: Any, spec: Mapping[str, Any]
) -> list[Diagnostic]:
    """`x-rulepack-ranges`: the items' [low, high] ranges run on by 1, in order, with no gap or
    overlap; from `start` if given; with `open_top` only the last high is null, and it must be.

    Each problem is reported at the field of the item where the run goes wrong.
    """
    if not isinstance(items, list):
        return []
    low_key, high_key, item = spec["low"], spec["high"], spec.get("item", "item")
    found: list[Diagnostic] = []
    previous: Any = None
    for index, entry in enumerate(items):
        low, high = entry.get(low_key), entry.get(high_key)
        at = (*path, index)
        if index == 0 and "start" in spec and low != spec["start"]:
            message = f"{low} must be {spec['start']}: the ranges start at {spec['start']}"
            found.append(_diagnostic(source, (*at, low_key), message))
        elif previous is not None and previous.get(high_key) is not None:
            found += _run_on(source, (*at, low_key), low, previous, spec)
        if high is None and (index < len(items) - 1 or not spec.get("open_top")):
            message = f"null is only allowed on the last {item} (the open top)"
            found.append(_diagnostic(source, (*at, high_key), message))
        elif high is not None and high < low:
            found.append(_diagnostic(source, (*at, high_key), f"{high} is below {low_key} ({low})"))
        elif high is not None and index == len(items) - 1 and spec.get("open_top"):
            message = f"{high} must be null: the last {item} has an open top"
            found.append(_diagnostic(source, (*at, high_key), message))
        previous = entry
    return found


def _run_on(
    source: SourceDoc, path: JsonPath, low: int, previous: Mapping[str, Any],
    spec: Mapping[str, Any],
) -> list[Diagnostic]:
    """The item at `path` must start right after `previous` ends."""
    end = previous[spec["high"]]
    wanted = end + 1
    if low == wanted:
        return []
    how = "leaves a gap after" if low > wanted else "overlaps"
    name = previous.get(spec.get("name", "id"))
    message = f"{low} {how} {name!r} (which ends at {end}): it must be {wanted}"
    return [_diagnostic(source, path, message)]


def check_table(source: SourceDoc, data: Mapping[str, Any]) -> list[Diagnostic]:
    """A hit-location table's ranges must cover 1..die exactly once; location ids are unique."""
    die = int(data["die"])
    locations = data["locations"]
    owner: list[int | None] = [None] * (die + 1)
    found: list[Diagnostic] = []
    ids: dict[str, int] = {}
    for index, entry in enumerate(locations):
        path: JsonPath = ("locations", index, "range")
        earlier = ids.setdefault(entry["id"], index)
        if earlier != index:
            message = f"duplicate location id {entry['id']!r}: locations[{earlier}] uses it too"
            found.append(_diagnostic(source, ("locations", index, "id"), message))
        low, high = entry["range"]
        if low > high:
            found.append(_diagnostic(source, path, f"range [{low}, {high}] runs backwards"))
            continue
        if high > die:
            message = f"range [{low}, {high}] goes past {die}, the highest roll of the die"
            found.append(_diagnostic(source, path, message))
        for other, rolls in _claim(owner, index, low, min(high, die)):
            for first, last in _runs(rolls):
                message = f"overlaps {locations[other]['id']!r} (locations[{other}])"
                found.append(_diagnostic(source, path, f"{message} on {_rolls(first, last)}"))
    gaps = [roll for roll in range(1, die + 1) if owner[roll] is None]
    for low, high in _runs(gaps):
        path, beside = _beside_gap(locations, low, high)
        message = f"no location covers {_rolls(low, high)} of the d{die}{beside}"
        found.append(_diagnostic(source, path, message))
    return found


def _beside_gap(locations: Sequence[Any], low: int, high: int) -> tuple[JsonPath, str]:
    """Where a gap is reported: the row starting right after it, else the one ending before it."""
    for side, roll, where in ((0, high + 1, "before"), (1, low - 1, "after")):
        for index, entry in enumerate(locations):
            first, last = entry["range"]
            if first <= last and entry["range"][side] == roll:
                return ("locations", index, "range"), f" (the gap {where} {entry['id']!r})"
    return ("locations",), ""


def _claim(
    owner: list[int | None], index: int, low: int, high: int
) -> list[tuple[int, list[int]]]:
    """Give rolls low..high to location `index`; return the rolls already owned, by owner."""
    taken: dict[int, list[int]] = {}
    for roll in range(low, high + 1):
        other = owner[roll]
        if other is None:
            owner[roll] = index
        else:
            taken.setdefault(other, []).append(roll)
    return sorted(taken.items())


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Sorted integers → (first, last) of each run of consecutive ones."""
    runs: list[tuple[int, int]] = []
    for value in values:
        if runs and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def _rolls(low: int, high: int) -> str:
    return f"roll {low}" if low == high else f"rolls {low}..{high}"


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
