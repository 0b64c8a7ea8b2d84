"""Plain frozen data passed between the pipeline stages.

load (loading/) → validate (validation.py) → link (linking.py) → ContentSet → documents
(packing/documents.py) → render (render/) → write (build.py). Nothing is written before a
complete, linked `ContentSet` exists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the schemas import this module
    from compiler.schemas import SchemaSet

#: Content kinds every ruleset may use, by the folder name that holds them.
KIND_BY_FOLDER: Mapping[str, str] = {
    "weapons": "weapon",
    "armor": "armor",
    "cards": "card",
    "powers": "power",
    "hit_locations": "hit_locations",
    "fighters": "fighter",
    "scenes": "scene",
}

#: The file in each ruleset folder that describes the module.
MANIFEST_FILE = "ruleset.yaml"


@dataclass(frozen=True, slots=True)
class Mark:
    """A 1-based position in a source file."""

    line: int
    col: int


@dataclass(frozen=True, slots=True)
class SourceDoc:
    """One YAML file as loaded: plain JSON-like data plus the position of every value.

    `marks` maps a JSON path tuple (`("damage", "dice")`, `("tags", 1)`) to the mark of the
    value at that path; `()` is the document itself.
    """

    path: str  # as shown to the user, relative to the working directory when possible
    kind: str  # "manifest" or a value of KIND_BY_FOLDER
    data: Any
    marks: Mapping[tuple[str | int, ...], Mark]

    def mark_of(self, json_path: tuple[str | int, ...]) -> Mark:
        """The mark of the deepest known value on `json_path`."""
        path = json_path
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, Mark(1, 1))


@dataclass(frozen=True, slots=True)
class Document:
    """A validated content document (weapon, armor, card, …) of one ruleset."""

    kind: str
    key: str  # the author's `id` slug, unique per (ruleset, kind)
    data: Mapping[str, Any]
    source: SourceDoc


@dataclass(frozen=True)
class Author:
    name: str
    url: str | None = None
    email: str | None = None


@dataclass(frozen=True)
class Ruleset:
    """One ruleset folder: a module to build."""

    folder: str
    module_id: str
    title: str
    version: str
    description: str
    engine: str  # a ruleset name that compiler.plugins found
    authors: tuple[Author, ...]
    rules_config: Mapping[str, Any]  # defaults from the schema, overridden by the manifest
    release_url_base: str | None
    manifest: SourceDoc
    documents: tuple[Document, ...]
    #: The schemas and kind registry the content was validated with; every later stage reads the
    #: kinds from here, never from a global (issue 8: stages take their context as arguments).
    schemas: SchemaSet = field(compare=False, repr=False)

    def of_kind(self, kind: str) -> tuple[Document, ...]:
        return tuple(d for d in self.documents if d.kind == kind)


@dataclass(frozen=True)
class ContentSet:
    """Everything under a content root, loaded, validated and linked."""

    root: str
    rulesets: tuple[Ruleset, ...]
