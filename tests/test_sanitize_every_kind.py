"""Sanitising is proved for every content kind of every ruleset, canaries placed by the schemas.

Every valid content tree of a ruleset (its shipped content and its valid examples) gets a canary
in each of its text fields and each of its HTML fields: a string leaf is a field a canary may go
into when the document still validates with it (the schemas say which, so a new kind or field is
covered as soon as it has a valid document). The modules built from the canaried trees must then
hold only allow-listed markup in every HTML field, and author text verbatim in every other field;
and the shipped modules hold no markup at all outside their HTML fields. Every kind a ruleset
can hold must have been canaried, or the suite fails (`uncovered_kinds`).
"""

from __future__ import annotations

import copy
import shutil
from collections.abc import Iterator, Mapping
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from compiler import plugins
from compiler.build import plan_module
from compiler.errors import ContentError
from compiler.model import KIND_BY_FOLDER, ContentSet, Document
from compiler.pipeline import load_content
from compiler.sanitize import ALLOWED_ATTRIBUTES, ALLOWED_TAGS
from compiler.schemas import default_schemas
from compiler.validation import Checked, default_checker

REPO = Path(__file__).resolve().parents[1]
TEXT_CANARY = '<img src=x onerror="window.__canary=1">Text<script>window.__canary=2</script>'
HTML_CANARY = (
    '<p>Rich</p><script>window.__canary=3</script><img src=x onerror="window.__canary=4">'
    '<a href="javascript:window.__canary=5">x</a><iframe src="https://x.invalid"></iframe>'
)
#: Fields of pack documents that Foundry renders as HTML, besides each sub-type's `htmlFields`.
PACK_HTML = {("RollTable", "description"), ("TableResult", "text"),
             ("JournalEntryPage", "text.content")}
#: Fields that hold code, not text (a macro's command is JS generated from a template).
CODE_FIELDS = {"command"}


def trees(engine: str) -> list[Path]:
    """Every valid content root of `engine`: the shipped one and its valid examples."""
    roots = [REPO / "content"] if (REPO / "content" / engine).is_dir() else []
    for case in sorted((REPO / "tests" / "rulesets" / engine / "examples").glob("*")):
        if case.is_dir() and not (case / "expected.txt").exists():
            roots.append(case / "content")
    return roots


def kinds_of(engine: str) -> set[str]:
    """The content kinds of `engine`'s own schemas: its kinds and its extensions of the shared
    ones. A shared kind it does not extend is validated and sanitised as the shared schema says,
    which the test ruleset of the shared kinds alone proves (`test_the_shared_kinds_...`)."""
    schemas = default_schemas()
    return {
        info.kind for info in schemas.kinds().values()
        if schemas.has_kind(engine, info.kind)
        and f"/rulesets/{engine}/" in schemas.uri(engine, info.kind)
    }


Path_ = tuple[str | int, ...]


def leaves(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, str]]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    elif isinstance(value, str):
        yield (path, value)


def put(data: Any, path: tuple[str | int, ...], value: str) -> Any:
    found = copy.deepcopy(data)
    node = found
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return found


def html_path(engine: str, kind: str, path: tuple[str | int, ...]) -> bool:
    dotted = ".".join("*" if isinstance(p, int) else p for p in path)
    fields = default_schemas().html_fields(engine, kind)
    return any(_match(dotted.split("."), field.split(".")) for field in fields)


def _match(parts: list[str], pattern: list[str]) -> bool:
    if len(parts) != len(pattern):
        return False
    return all(p == q or q == "*" for p, q in zip(parts, pattern, strict=True))


def canaried(document: Document, engine: str) -> tuple[dict[str, Any], int]:
    """The document as written, with a canary in every string leaf that still validates with one
    (the leaves of the written document and of its defaults both)."""
    checker = default_checker()
    data = copy.deepcopy(document.source.data)
    planted = 0
    for path, _ in list(leaves(data)):
        pattern = (engine, document.kind, tuple("*" if isinstance(p, int) else p for p in path))
        if path == ("id",) or pattern in REFUSED:
            continue
        canary = HTML_CANARY if html_path(engine, document.kind, path) else TEXT_CANARY
        trial = put(data, path, canary)
        source = document.source.__class__(document.source.path, document.kind, trial, {})
        if isinstance(checker.check(source, engine), Checked):
            data, planted = trial, planted + 1
        else:
            REFUSED.add(pattern)  # an id, an enum, a pattern: not text in any document
    return data, planted


#: (engine, kind, field pattern) where a canary was refused once: not a text field.
REFUSED: set[tuple[str, str, tuple[str | int, ...]]] = set()


def canary_tree(root: Path, engine: str, into: Path) -> tuple[Path, set[str]]:
    """A copy of `root` holding only `engine`'s ruleset, every document canaried where it can be."""
    source = into / "source"
    for folder in sorted(p for p in root.iterdir() if (p / "ruleset.yaml").is_file()):
        manifest = yaml.safe_load((folder / "ruleset.yaml").read_text(encoding="utf-8"))
        if manifest.get("ruleset") == engine:
            shutil.copytree(folder, source / folder.name)
            break
    content = load_content(source, into / "cache")
    [ruleset] = content.rulesets
    target = into / "content"
    shutil.copytree(source / ruleset.folder, target / ruleset.folder)
    covered = set()
    for document in ruleset.documents:
        data, planted = canaried(document, engine)
        if planted:
            covered.add(document.kind)
        file = target / ruleset.folder / Path(document.source.path).relative_to(
            Path(document.source.path).parents[1])
        file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return target, covered


class Markup(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


def markup_problems(html: str) -> list[str]:
    parser = Markup()
    parser.feed(html)
    found = []
    for tag, attrs in parser.tags:
        if tag not in ALLOWED_TAGS:
            found.append(f"<{tag}>")
        # The sanitiser itself adds `rel` to every link (`link_rel`).
        allowed = ALLOWED_ATTRIBUTES.get(tag, set()) | ({"rel"} if tag == "a" else set())
        found += [f"<{tag} {name}>" for name, value in attrs
                  if name not in allowed or "javascript:" in (value or "")]
    return found


def pack_strings(entry: Any, kind: str, html_fields: Mapping[str, set[str]],
                 path: str = "", sub: str = "") -> Iterator[tuple[str, str, bool]]:
    """(path, text, is_html) of every string a pack entry holds (embedded documents too)."""
    if isinstance(entry, Mapping):
        if not path and isinstance(entry.get("type"), str):
            sub = entry["type"]
        for key, value in entry.items():
            here = f"{path}.{key}" if path else key
            if key in {"items", "results", "pages"} and isinstance(value, list):
                child = {"items": "Item", "results": "TableResult", "pages": "JournalEntryPage"}
                for item in value:
                    yield from pack_strings(item, child[key], html_fields)
                continue
            if isinstance(value, str):
                html = (kind, here) in PACK_HTML or (
                    here.startswith("system.") and here[7:] in html_fields.get(sub, set()))
                yield (here, value, html)
            elif key not in ("flags", "_stats"):
                yield from pack_strings(value, kind, html_fields, here, sub)
    elif isinstance(entry, list):
        for item in entry:
            yield from pack_strings(item, kind, html_fields, path, sub)


def module_problems(content: ContentSet, canaries: bool) -> list[str]:
    problems = []
    for ruleset in content.rulesets:
        plan = plan_module(ruleset)
        import json

        manifest = json.loads(plan.files["module.json"])
        html_fields = {
            sub: set(spec["htmlFields"])
            for types in manifest.get("documentTypes", {}).values() for sub, spec in types.items()
        }
        html_fields = {f"{ruleset.module_id}.{k}" if "." not in k else k: v
                       for k, v in html_fields.items()}
        for pack in plan.packs:
            for entry in pack.entries:
                for where, text, html in pack_strings(entry, pack.document_type, html_fields):
                    if where.split(".")[-1] in CODE_FIELDS:
                        continue
                    if html:
                        problems += [f"{pack.name} {where}: {p}" for p in markup_problems(text)]
                        if "__canary" in text and "<script" in text:
                            problems.append(f"{pack.name} {where}: a script survived")
                    elif "<" in text and not (canaries and "Text" in text):
                        problems.append(f"{pack.name} {where}: markup outside an HTML field")
    return problems


@cache
def engines() -> tuple[str, ...]:
    return plugins.names()


def uncovered_kinds(engine: str, covered: set[str]) -> list[str]:
    """The kinds `engine` may hold that no canaried document covered."""
    return sorted(kinds_of(engine) - covered)


@pytest.mark.parametrize("engine", engines())
def test_every_kind_is_canaried_and_the_module_stays_clean(engine: str, tmp_path: Path) -> None:
    covered: set[str] = set()
    for index, root in enumerate(trees(engine)):
        target, kinds = canary_tree(root, engine, tmp_path / str(index))
        covered |= kinds
        try:
            content = load_content(target, tmp_path / f"cache-{index}")
        except ContentError as error:
            pytest.fail(f"{root}: the canaried tree no longer loads: "
                        + "; ".join(d.format() for d in error.diagnostics), pytrace=False)
        assert module_problems(content, canaries=True) == []
    assert uncovered_kinds(engine, covered) == [], "add a valid document of these kinds"


@pytest.mark.usefixtures("common_only")
def test_the_shared_kinds_are_canaried_and_stay_clean(tmp_path: Path) -> None:
    """Every shared kind, through the test ruleset that has nothing but them (tests/plugins/)."""
    root = REPO / "tests" / "examples" / "content" / "valid-all-kinds" / "content"
    target, covered = canary_tree(root, "common_only", tmp_path)
    assert module_problems(load_content(target, tmp_path / "cache"), canaries=True) == []
    assert sorted(set(KIND_BY_FOLDER.values()) - covered) == []


def test_the_shipped_modules_hold_markup_only_in_html_fields(tmp_path: Path) -> None:
    content = load_content(REPO / "content", tmp_path / "cache")
    assert module_problems(content, canaries=False) == []


def test_a_kind_without_a_canary_fails() -> None:
    """The machinery bites: a kind no valid document covers is reported, by name."""
    engine = engines()[0]
    [some] = sorted(kinds_of(engine))[:1]
    assert uncovered_kinds(engine, kinds_of(engine) - {some}) == [some]
