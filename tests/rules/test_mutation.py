"""A deliberately broken primitive must make the golden comparison fail, in either engine.

This guards the guard: if the fixtures or the comparison stopped looking at results, these
mutants would survive. JS mutants are edited copies of the rules core served by their own Node;
Python mutants are monkeypatched into `compiler.rules.dice`, which every rule calls through.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from rules_parity import NodeEngine, check_all, discover, run_python_batch

from compiler.rules import dice

#: (JS file, exact source, its broken form, a fixture that must catch it)
JS_MUTANTS = [
    (
        "dice.mjs",
        "face => face + rollMod >= minFace",
        "face => face + rollMod > minFace",
        "primitives/p01_dr_five_d10",
    ),
    (
        "dice.mjs",
        "return Math.floor(a / b) + 0;",
        "return Math.trunc(a / b) + 0;",
        "primitives/p14_dr_e01_bonus_9",
    ),
    (
        "dice.mjs",
        "  while ( k * k < target ) k += 1n;\n",
        "",
        "primitives/p14_sqrt_square_plus_one",
    ),
    (
        "dice.mjs",
        "[...faces].sort((x, y) => x - y)",
        "[...faces].sort()",
        "primitives/p05_keep_lowest_numeric_sort",
    ),
]


def _strict_count(faces: Sequence[int], min_face: int, roll_mod: int = 0) -> int:
    return sum(1 for face in faces if face + roll_mod > min_face)


def _truncating_div(a: int, b: int) -> int:
    return int(a / b)  # the classic bug: truncates toward zero


#: (primitive name, broken replacement, a fixture that must catch it)
PY_MUTANTS: list[tuple[str, Callable[..., int], str]] = [
    ("count_at_least", _strict_count, "primitives/p01_dr_five_d10"),
    ("floor_div", _truncating_div, "primitives/p14_dr_e01_bonus_9"),
]


def test_unbroken_engines_pass(js_engine: NodeEngine) -> None:
    assert check_all(discover(), run_python_batch, js_engine) == {}


@pytest.mark.parametrize(("file", "source", "broken", "catcher"), JS_MUTANTS)
def test_broken_js_primitive_fails(
    file: str, source: str, broken: str, catcher: str, tmp_path: Path, node_path: Path,
    js_core: Path,
) -> None:
    core = tmp_path / "rules"
    shutil.copytree(js_core, core)
    text = (core / file).read_text(encoding="utf-8")
    assert text.count(source) == 1, f"mutation site moved: update JS_MUTANTS for {file}"
    (core / file).write_text(text.replace(source, broken), encoding="utf-8")
    engine = NodeEngine(node_path, core)
    try:
        failures = check_all(discover(), run_python_batch, engine)
    finally:
        engine.close()
    assert catcher in failures
    for problems in failures.values():
        assert not any(p.startswith("  python differs") for p in problems), problems
        assert any(p.startswith(("  js ", "  python and js disagree")) for p in problems)


@pytest.mark.parametrize(("name", "broken", "catcher"), PY_MUTANTS, ids=[m[0] for m in PY_MUTANTS])
def test_broken_python_primitive_fails(
    name: str,
    broken: Callable[..., int],
    catcher: str,
    monkeypatch: pytest.MonkeyPatch,
    js_engine: NodeEngine,
) -> None:
    monkeypatch.setattr(dice, name, broken)
    failures = check_all(discover(), run_python_batch, js_engine)
    assert catcher in failures
    for problems in failures.values():
        assert any(p.startswith(("  python differs", "  python crashed")) for p in problems)
        assert not any(p.startswith("  js differs") for p in problems), problems
