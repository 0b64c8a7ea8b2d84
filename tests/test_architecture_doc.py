"""docs/architecture.md names only what exists: every path and every code symbol in it.

Each `code span` of the document is checked: a path (with `<name>`, `<ruleset>` or `<engine>`
standing for each ruleset, and module paths `scripts/...` taken in `module_template/`) must exist
in the checkout, and a code symbol (`compiler.build.plan_module`, `compiler/rules/shapes.py::
ShapeBook`, `SchemaSet.kinds()`, `REPORTER_BY_NAME`) must be defined where it says, or somewhere
in the project's code when unqualified. Prose words in backticks (`data`, `Item`) are not symbols.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

import pytest

from compiler import plugins

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "architecture.md"
SPAN = re.compile(r"`([^`\n]+)`")
PLACEHOLDERS = ("<name>", "<ruleset>", "<engine>")
PATH_ROOTS = ("compiler/", "module_template/", "tests/", "content/", "docs/", "benchmarks/", ".ci/")
#: Paths of a built module (checked in `module_template/`, generated ones by their template).
MODULE_ROOTS = ("scripts/", "lang/", "packs/", "templates/")
DOTTED = re.compile(r"compiler(?:\.\w+)+")
IDENT = re.compile(r"[A-Za-z_$][\w$]*")
#: Names that belong to the platform or a library, not to this project.
EXTERNAL = ("click.", "navigator.", "_stats.", "game.", "foundry.", "ui.", "Hooks.", "CONFIG.")
FILE_NAME = re.compile(r"[\w.-]+\.(?:py|mjs|json|txt|j2|yaml|md|hbs)")
#: A span is code when it reads like a name in code: a call, a CONSTANT, a CamelCase or
#: snake_case name, or `a.b` member access.
CODE = re.compile(
    r"^(?:[A-Z][A-Z0-9_]{2,}|[A-Z][a-z0-9]+[A-Z]\w*|[a-z][a-z0-9]*_\w+|\w+\.\w+)(\(.*\))?$"
)


def spans() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)  # diagrams: checked by hand
    return sorted(set(SPAN.findall(text)))


#: The folders of the layers a ruleset may not have yet (`plugins.OPTIONAL_LAYERS`), as the
#: document names them; a ruleset's browser tests go with its macros.
OPTIONAL_FOLDERS = {
    "module_template/scripts/foundry/<name>/": "foundry",
    "module_template/macros/<name>/": "macros",
    "module_template/lang/<name>/": "lang",
    "tests/browser/<name>/": "macros",
}


def _lacks(name: str, path: str) -> bool:
    """Whether `path` lies in an optional layer that the ruleset `name` does not have."""
    layers = [layer for folder, layer in OPTIONAL_FOLDERS.items() if path.startswith(folder)]
    return bool(layers) and not plugins.plugins()[name].has(layers[0])


def expand(path: str) -> list[str]:
    """`path` with its placeholder put to each ruleset's name (itself if it has none); a ruleset
    without an optional layer is not asked for that layer's paths."""
    if not any(p in path for p in PLACEHOLDERS):
        return [path]
    found = []
    for name in (n for n in plugins.names() if not _lacks(n, path)):
        path_for = path
        for placeholder in PLACEHOLDERS:
            path_for = path_for.replace(placeholder, name)
        found.append(path_for)
    return found


def path_exists(path: str) -> bool:
    path = path.split("::")[0].rstrip("/")
    path = re.sub(r"\{[^}]*\}", "", path)  # `packs/{items,actors}/`: the folder
    path = re.sub(r"<[^>]+>", "*", path)  # another placeholder (`<case>`): any one
    if path.startswith(MODULE_ROOTS):
        path = f"module_template/{path}"
        return (REPO / path).exists() or (REPO / f"{path}.j2").exists()
    return (REPO / path).exists() or bool(list(REPO.glob(path)))


@cache
def code_text() -> str:
    files = [*REPO.glob("compiler/**/*.py"), *REPO.glob("module_template/**/*.mjs"),
             *REPO.glob("module_template/**/*.j2"), *REPO.glob("tests/**/*.py")]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def defined(name: str, text: str) -> bool:
    escaped = re.escape(name)
    pattern = (rf"(?:def|class|function|const|let)\s+{escaped}\b|^\s*{escaped}\s*[:=]|"
               rf"^\s*(?:async\s+)?{escaped}\s*\(|\b{escaped}\s*:\s*[\w{{(\"']|"
               rf"@typedef\s+\{{[^\n]*\}}\s+{escaped}\b|[\"']{escaped}[\"']")
    return re.search(pattern, text, re.MULTILINE) is not None


@cache
def file_names() -> frozenset[str]:
    # Only what a clean checkout holds: a build's output (dist/) is not there in CI.
    return frozenset(p.name for p in REPO.rglob("*") if not {".venv", "dist"} & set(p.parts))


def symbol_exists(span: str) -> bool:
    bare = span.split("(")[0]
    if bare.startswith(EXTERNAL) or bare in plugins.names():
        return True
    if FILE_NAME.fullmatch(bare):
        return bare in file_names()
    if "::" in bare:
        path, name = bare.split("::")
        return all(defined(name.split(".")[-1], (REPO / p).read_text(encoding="utf-8"))
                   for p in expand(path))
    if DOTTED.fullmatch(bare):
        module, _, attr = bare.rpartition(".")
        try:
            return hasattr(importlib.import_module(module), attr)
        except ModuleNotFoundError:
            return importlib.util.find_spec(bare) is not None
    return all(defined(part, code_text()) for part in bare.split(".") if IDENT.fullmatch(part))


def is_path(span: str) -> bool:
    return span.startswith((*PATH_ROOTS, *MODULE_ROOTS)) and " " not in span


def test_the_document_names_paths_and_symbols() -> None:
    assert len([s for s in spans() if is_path(s)]) > 30
    assert len([s for s in spans() if not is_path(s) and CODE.match(s)]) > 10


@pytest.mark.parametrize("span", [s for s in spans() if is_path(s)])
def test_every_path_exists(span: str) -> None:
    missing = [path for path in expand(span) if not path_exists(path)]
    assert missing == [], f"docs/architecture.md names {span}, which does not exist"


@pytest.mark.parametrize("span", [s for s in spans() if not is_path(s) and CODE.match(s)])
def test_every_symbol_exists(span: str) -> None:
    assert symbol_exists(span), f"docs/architecture.md names {span}, which is defined nowhere"
