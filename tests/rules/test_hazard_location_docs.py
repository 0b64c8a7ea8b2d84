"""Each hazard_location definition names the same HZ items in its docstring and its JSDoc.

`test_mirror.py` checks names, order and P/C items; this adds the ruleset's own HZ-Rxx/HZ-Gxx/HZ-Exx
tags, and requires every rule to name at least one item, as ruleset.md asks.
"""

from __future__ import annotations

import re

import pytest
from rules_parity import JS_CORE, REPO_ROOT
from test_mirror import HAZARD_LOCATION, js_defs, python_defs

from compiler.rules.hazard_location import RULES

PY_CORE = REPO_ROOT / "compiler" / "rules"
TAG = re.compile(r"HZ-[REG][0-9]{2}(?:-[REG][0-9]{2})?")


@pytest.mark.parametrize("suffix", HAZARD_LOCATION, ids=lambda s: f"hazard_location{s}")
def test_docs_name_the_same_hz_items(suffix: str) -> None:
    js_docs = dict(js_defs(JS_CORE / f"hazard_location{suffix}.mjs"))
    for name, doc in python_defs(PY_CORE / f"hazard_location{suffix}.py"):
        assert sorted(TAG.findall(doc)) == sorted(TAG.findall(js_docs[name])), name


def test_every_rule_names_its_items() -> None:
    for name, rule in RULES.items():
        assert TAG.search(rule.__doc__ or ""), f"{name} names no HZ item"
