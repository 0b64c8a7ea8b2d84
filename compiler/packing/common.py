"""Fields and checks every document builder shares."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from compiler.errors import BuildError
from compiler.packing.model import EMBEDDED, Pack

#: CONST.SORT_INTEGER_DENSITY: the gap Foundry itself leaves between sibling sort values.
SORT_DENSITY = 100_000


def doc_key(collection: str, *id_path: str) -> str:
    return f"!{collection}!{'.'.join(id_path)}"


def sort_value(index: int) -> int:
    return (index + 1) * SORT_DENSITY


def humanize(slug: str) -> str:
    """"left_arm" → "Left arm": a readable label for a slug the author gave no name for."""
    return slug.replace("_", " ").replace("-", " ").capitalize()


def display_name(data: Mapping[str, Any], key: str) -> str:
    name = data.get("name")
    if name is None:
        return humanize(key)
    if not isinstance(name, str):
        raise BuildError(f"{key}: name must be a string, not {type(name).__name__}")
    return name


def plain(value: Any) -> Any:
    """Deep copy into dict/list so no frozen input is shared with (or mutated by) later stages."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def check_unique_ids(pack: Pack) -> None:
    """Raise BuildError if two documents of one collection (or one parent) share an `_id`."""
    _check_ids(pack.entries, f"pack {pack.name!r}")
    for entry in pack.entries:
        _check_embedded_ids(entry, pack.name, entry)


def _check_ids(docs: Iterable[Mapping[str, Any]], where: str) -> None:
    counts = Counter(doc["_id"] for doc in docs)
    clashes = sorted(doc_id for doc_id, count in counts.items() if count > 1)
    if clashes:
        raise BuildError(f"{where}: document id collision: {', '.join(clashes)}")


def _check_embedded_ids(doc: Mapping[str, Any], pack: str, primary: Mapping[str, Any]) -> None:
    """`doc`'s embedded documents, at every depth, reported under the `primary` holding them."""
    collection = doc["_key"].split("!")[1].rsplit(".", 1)[-1]
    for name in EMBEDDED.get(collection, ()):
        children = doc.get(name, [])
        if not children:  # an Item's `effects`: nothing to count (x10,000 in a big pack)
            continue
        _check_ids(children, f"pack {pack!r}, {primary['_key']}.{name}")
        for child in children:
            _check_embedded_ids(child, pack, primary)
