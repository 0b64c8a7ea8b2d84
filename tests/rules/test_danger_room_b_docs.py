"""danger_room part B: each definition's docs name the same catalogue items in Python and JS.

`test_mirror.py` checks names and order and the P/C items; this adds the DR-Rxx/DR-Gxx/DR-Exx
items, and that every rule names at least one item it implements (ruleset.md: "Each rule
function's docstring / JSDoc names the catalogue items it implements").
"""

from __future__ import annotations

import re

import pytest
from rules_parity import JS_CORE
from test_mirror import PY_CORE, js_defs, python_defs

from compiler.rules.danger_room.part_b import PART_B

DR_ITEM = re.compile(r"\bDR-[REG]\d{2}\b")
MODULES = [module.__name__.rsplit(".", 1)[1] for module in PART_B]
MODULES += ["combatant", "rolls", "part_b"]


def items(doc: str) -> list[str]:
    return sorted(set(DR_ITEM.findall(doc)))


@pytest.mark.parametrize("module", MODULES)
def test_python_and_js_docs_name_the_same_dr_items(module: str) -> None:
    python = python_defs(PY_CORE / "danger_room" / f"{module}.py")
    js = dict(js_defs(JS_CORE / "danger_room" / f"{module}.mjs"))
    assert [name for name, _ in python] == list(js)
    for name, doc in python:
        assert items(doc) == items(js[name]), f"{module}: {name}"


@pytest.mark.parametrize("module", PART_B, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_rule_names_its_items(module: object) -> None:
    for name, rule in module.RULES.items():  # type: ignore[attr-defined]
        assert items(rule.__doc__ or ""), f"{name} names no DR item"


def test_part_b_modules_stay_small() -> None:
    """House rule: modules under ~400 lines, in both languages."""
    for module in MODULES:
        for path in (
            PY_CORE / "danger_room" / f"{module}.py",
            JS_CORE / "danger_room" / f"{module}.mjs",
        ):
            assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.name
