"""The suite's own machinery bites: an empty discovery, or a property test that throws most of its
cases away, fails instead of passing quietly."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import discard, discard_budget, keep

REPO = Path(__file__).resolve().parents[1]


def test_an_empty_parametrization_fails_the_run(tmp_path: Path) -> None:
    """`empty_parameter_set_mark = fail_at_collect`: a discovered folder that finds nothing."""
    (tmp_path / "test_empty.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.parametrize('example', [])\n"
        "def test_each(example):\n    assert example\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-c", str(REPO / "pyproject.toml"), "-n", "0",
         "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(tmp_path)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )
    assert run.returncode != 0, run.stdout
    assert "Empty parameter set" in run.stdout + run.stderr


def test_a_property_test_that_discards_most_cases_fails() -> None:
    @discard_budget(Fraction(1, 2))
    @settings(max_examples=50, database=None, derandomize=True)
    @given(st.integers(0, 9))
    def mostly_discards(value: int) -> None:
        if value > 0:
            discard()
            return
        keep()

    with pytest.raises(AssertionError, match="were discarded, more than the 1/2"):
        mostly_discards()


def test_a_property_test_within_its_budget_passes() -> None:
    @discard_budget(Fraction(1, 2))
    @settings(max_examples=50, database=None, derandomize=True)
    @given(st.integers(0, 9))
    def mostly_keeps(value: int) -> None:
        if value == 0:
            discard()
            return
        keep()

    mostly_keeps()


class _Item:
    """What `pytest_collection_modifyitems` reads of a collected test, and the marks it adds."""

    def __init__(self, path: str, slow: bool = False) -> None:
        self.path = REPO / path
        self.slow = slow
        self.groups: list[str] = []

    def get_closest_marker(self, name: str) -> object:
        return object() if name == "slow" and self.slow else None

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        assert mark.name == "xdist_group"
        self.groups.append(mark.args[0])


def test_xdist_gets_each_file_as_one_group_and_the_long_ones_first(
    pytestconfig: pytest.Config,
) -> None:
    # The suite's own conftest, as pytest loaded it (`import conftest` finds whichever of the
    # folders' conftest modules was imported last).
    root = REPO / "tests" / "conftest.py"
    [suite] = [p for p in pytestconfig.pluginmanager.get_plugins()
               if getattr(p, "__file__", None) == str(root)]
    items = [
        _Item("tests/a/test_one.py"), _Item("tests/a/test_one.py"),
        _Item("tests/browser/test_page.py"), _Item("tests/browser/x/test_table.py"),
        _Item("tests/test_mutants.py", slow=True), _Item("tests/unit/test_two.py"),
    ]
    order: Any = items
    suite.pytest_collection_modifyitems(order)
    assert [(str(i.path.relative_to(REPO)), i.groups) for i in order] == [
        (path, [(REPO / path).as_posix()]) for path in (
            "tests/browser/test_page.py", "tests/browser/x/test_table.py",
            "tests/test_mutants.py", "tests/a/test_one.py", "tests/a/test_one.py",
            "tests/unit/test_two.py",
        )
    ]
