"""danger_room part A: each definition's docs name the same DR items in Python and JS.

`test_mirror.py` checks names, order and the P/C items of part A's module pairs; this adds
the DR-Rxx/DR-Gxx/DR-Exx items, that every rule names at least one item it implements
(ruleset.md), and that the modules stay small (house rules: under ~400 lines).
"""

from __future__ import annotations

import re

import pytest
from rules_parity import JS_CORE
from test_mirror import DANGER_ROOM_A, PY_CORE, js_defs, python_defs

from compiler.rules import danger_room

DR_ITEM = re.compile(r"\bDR-[REG]\d{2}\b")
MAX_LINES = 400


def items(doc: str) -> list[str]:
    return sorted(set(DR_ITEM.findall(doc)))


@pytest.mark.parametrize("module", DANGER_ROOM_A)
def test_python_and_js_docs_name_the_same_items(module: str) -> None:
    js_docs = dict(js_defs(JS_CORE / "danger_room" / f"{module}.mjs"))
    for name, doc in python_defs(PY_CORE / "danger_room" / f"{module}.py"):
        assert items(doc) == items(js_docs[name]), f"{module}: {name}"


def test_every_part_a_rule_names_its_items() -> None:
    for module in danger_room.PART_A:
        for name, rule in module.RULES.items():
            assert items(rule.__doc__ or ""), f"{module.__name__}.{name} names no DR item"


@pytest.mark.parametrize("module", DANGER_ROOM_A)
def test_modules_stay_small(module: str) -> None:
    pair = (PY_CORE / "danger_room" / f"{module}.py", JS_CORE / "danger_room" / f"{module}.mjs")
    for path in pair:
        assert len(path.read_text(encoding="utf-8").splitlines()) < MAX_LINES, path.name
