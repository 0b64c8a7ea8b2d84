"""sdm_pool's JS core mirrors the Python engine module for module, name for name, in order.

Each Python module of `compiler/rules/sdm_pool/` has its twin `.mjs` under
`module_template/scripts/rules/sdm_pool/` (`__init__.py` is `index.mjs`); their public
definitions have the same names (snake_case / camelCase) in the same order, and each docstring
and its JSDoc name the same catalogue items (SDM-Rxx, SDM-Gxx, SDM-Exx, P1-P14, C1-C6). Every rule
names at least one SDM item, and the modules stay small (house rules: under ~400 lines).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rules_parity import JS_CORE, REPO_ROOT
from test_mirror import js_defs, python_defs

from compiler.rules import sdm_pool

PY_DIR = REPO_ROOT / "compiler" / "rules" / "sdm_pool"
JS_DIR = JS_CORE / "sdm_pool"
ITEM = re.compile(r"\b(SDM-[REG]\d{2}(?:-[REG]?\d{2})?|P(?:1[0-4]|[1-9])|C[1-6])\b")
MODULES = sorted(p.stem for p in PY_DIR.glob("*.py") if p.stem != "__init__")
MAX_LINES = 400


def _js_name(module: str) -> str:
    return "index" if module == "__init__" else module


def items(doc: str) -> list[str]:
    return sorted(set(ITEM.findall(doc)))


def test_the_two_trees_hold_the_same_modules() -> None:
    python = sorted(_js_name(p.stem) for p in PY_DIR.glob("*.py"))
    assert python == sorted(p.stem for p in JS_DIR.glob("*.mjs"))


@pytest.mark.parametrize("module", MODULES)
def test_same_names_in_the_same_order(module: str) -> None:
    python = [name for name, _ in python_defs(PY_DIR / f"{module}.py")]
    assert python == [name for name, _ in js_defs(JS_DIR / f"{module}.mjs")]


@pytest.mark.parametrize("module", MODULES)
def test_docs_name_the_same_items(module: str) -> None:
    js_docs = dict(js_defs(JS_DIR / f"{module}.mjs"))
    for name, doc in python_defs(PY_DIR / f"{module}.py"):
        assert items(doc) == items(js_docs[name]), f"{module}: {name}"


def test_every_rule_names_its_items() -> None:
    for name, rule in sdm_pool.RULES.items():
        assert re.search(r"\bSDM-[REG]\d{2}\b", rule.__doc__ or ""), f"{name} names no SDM item"


def test_every_js_export_documents_its_return() -> None:
    for path in sorted(JS_DIR.glob("*.mjs")):
        for name, doc in js_defs(path):
            if name[0].islower():
                assert "@returns" in doc or "@type {Rule}" in doc, f"{path.name}: {name}"


@pytest.mark.parametrize(
    "path", [*sorted(PY_DIR.glob("*.py")), *sorted(JS_DIR.glob("*.mjs"))], ids=lambda p: p.name
)
def test_modules_stay_small(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) < MAX_LINES
