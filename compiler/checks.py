"""The checks of one document that need no other file and no schema can express: its id (a
file name and a Foundry key) and its file's name, `x-rulepack-at-most` bounds, `x-rulepack-ranges`
runs, a hit-location table's rolls and a scene's token layout.

They depend on the document and the schemas alone, so they run with its parse and validation
(`pipeline.process`, in a forked child for part of a cold build's files) and their problems are
kept with the file's result in the cache (`compiler/cache.py`): a rebuild does not run them again
for a file that did not change. `linking.py` runs them only for a document that did not come
from there (`Checked.own_checked`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from compiler import grid as grid_layout
from compiler.diagnostics import Diagnostic
from compiler.loading.paths import JsonPath, json_path
from compiler.model import SourceDoc
from compiler.schemas import SchemaSet
from compiler.validation import Checked

#: The schema's id pattern, anchored the ECMAScript way (`fullmatch`, ASCII only) as a second
#: line of defence: ids become file names and Foundry keys.
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)


#: Names Windows reserves for devices, with or without an extension.
WINDOWS_DEVICE_NAMES = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{port}{n}" for port in ("com", "lpt") for n in range(10)}
)
DOCUMENT_SUFFIX = ".yaml"


def own_problems(document: Checked, engine: str | None, schemas: SchemaSet) -> list[Diagnostic]:
    """Every problem of `document` alone, a document of a ruleset whose engine is `engine`."""
    kind = document.source.kind
    found = check_id(document)
    for pattern, sibling in schemas.bounds(engine, kind):
        found += _check_bound(document, pattern, sibling)
    for pattern, spec in schemas.ranges(engine, kind):
        for path, items in values_at(document.data, pattern, ()):
            found += check_ranges(document.source, path, items, spec)
    found += _kind_checks(document)
    return found



def _kind_checks(document: Checked) -> list[Diagnostic]:
    """A hit-location table's ranges, a scene's token layout: what no schema can check."""
    if document.source.kind == "hit_locations":
        return check_table(document.source, document.data)
    if document.source.kind == "scene":
        return [diagnostic(document.source, path, message)
                for path, message in grid_layout.scene_problems(document.data)]
    return []


def diagnostic(source: SourceDoc, path: JsonPath, message: str) -> Diagnostic:
    mark = source.mark_of(path)
    return Diagnostic(source.path, mark.line, mark.col, json_path(path), message)


def id_problems(source: SourceDoc, key: str) -> list[Diagnostic]:
    if not ID.fullmatch(key):
        message = f"{key!r} is not an id: lower-case a-z and 0-9 in words joined by single hyphens"
        return [diagnostic(source, ("id",), message)]
    if key in WINDOWS_DEVICE_NAMES:
        message = f"{key!r} is a device name on Windows and cannot name a file; choose another id"
        return [diagnostic(source, ("id",), message)]
    return []


def check_id(document: Checked) -> list[Diagnostic]:
    source, key = document.source, str(document.data["id"])
    found = id_problems(source, key)
    name = source.path.rpartition("/")[2]
    if name != key + DOCUMENT_SUFFIX:
        message = f"id {key!r} does not match the file name {name!r}; the file must be {key}.yaml"
        found.append(diagnostic(source, ("id",), message))
    return found


def _check_bound(
    document: Checked, pattern: tuple[str, ...], sibling: str
) -> Iterator[Diagnostic]:
    """`x-rulepack-at-most`: an integer field may not exceed its sibling (current_av <= max_av)."""
    for path, value in values_at(document.data, pattern, ()):
        parent: Any = document.data
        for part in path[:-1]:
            parent = parent[part]
        limit = parent.get(sibling) if isinstance(parent, Mapping) else None
        if _is_int(value) and _is_int(limit) and value > limit:
            yield diagnostic(document.source, path, f"{value} is more than {sibling} ({limit})")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def values_at(
    data: Any, pattern: tuple[str, ...], path: JsonPath
) -> Iterator[tuple[JsonPath, Any]]:
    """Every (path, value) in `data` matching `pattern` (`*`: any array item or map value)."""
    if not pattern:
        yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*" and isinstance(data, list):
        for index, item in enumerate(data):
            yield from values_at(item, rest, (*path, index))
    elif head == "*" and isinstance(data, dict):
        for key, item in data.items():
            yield from values_at(item, rest, (*path, key))
    elif isinstance(data, dict) and head in data:
        yield from values_at(data[head], rest, (*path, head))


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
            found.append(diagnostic(source, (*at, low_key), message))
        elif previous is not None and previous.get(high_key) is not None:
            found += _run_on(source, (*at, low_key), low, previous, spec)
        if high is None and (index < len(items) - 1 or not spec.get("open_top")):
            message = f"null is only allowed on the last {item} (the open top)"
            found.append(diagnostic(source, (*at, high_key), message))
        elif high is not None and high < low:
            found.append(diagnostic(source, (*at, high_key), f"{high} is below {low_key} ({low})"))
        elif high is not None and index == len(items) - 1 and spec.get("open_top"):
            message = f"{high} must be null: the last {item} has an open top"
            found.append(diagnostic(source, (*at, high_key), message))
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
    return [diagnostic(source, path, message)]


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
            found.append(diagnostic(source, ("locations", index, "id"), message))
        low, high = entry["range"]
        if low > high:
            found.append(diagnostic(source, path, f"range [{low}, {high}] runs backwards"))
            continue
        if high > die:
            message = f"range [{low}, {high}] goes past {die}, the highest roll of the die"
            found.append(diagnostic(source, path, message))
        for other, rolls in _claim(owner, index, low, min(high, die)):
            for first, last in _runs(rolls):
                message = f"overlaps {locations[other]['id']!r} (locations[{other}])"
                found.append(diagnostic(source, path, f"{message} on {_rolls(first, last)}"))
    gaps = [roll for roll in range(1, die + 1) if owner[roll] is None]
    for low, high in _runs(gaps):
        path, beside = _beside_gap(locations, low, high)
        message = f"no location covers {_rolls(low, high)} of the d{die}{beside}"
        found.append(diagnostic(source, path, message))
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
