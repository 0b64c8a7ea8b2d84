"""Stages take their context as arguments (issue 8): the kind registry travels on the content.

Once content is loaded against a schema set, planning a module reads its kinds, HTML fields,
labels and data models from that set only, never from the process-wide default.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from compiler.build import plan_module
from compiler.pipeline import load_content
from compiler.schemas import SchemaSet
from compiler.validation import Checker

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _refuse() -> SchemaSet:
    raise AssertionError("a stage reached for the default schema set")


def test_planning_reads_the_kinds_from_the_content_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    schemas = SchemaSet()  # its own set, not the process-wide cached one
    content = load_content(CONTENT, tmp_path / "cache", checker=Checker(schemas),
                           save_cache=False)
    assert content.rulesets
    for name, module in list(sys.modules.items()):
        if name.startswith("compiler") and hasattr(module, "default_schemas"):
            monkeypatch.setattr(module, "default_schemas", _refuse)
    for ruleset in content.rulesets:
        assert ruleset.schemas is schemas
        plan = plan_module(ruleset)
        assert plan.packs and "module.json" in plan.files


def test_the_guard_bites(monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal above is real: a stage that still called the default would fail."""
    import compiler.schemas

    monkeypatch.setattr(compiler.schemas, "default_schemas", _refuse)
    with pytest.raises(AssertionError, match="default schema set"):
        compiler.schemas.html_fields("danger_room", "weapon")
