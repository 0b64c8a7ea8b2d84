"""`compiler.grid` places a token where Foundry's own grids put the top left of its space, in
the integers Foundry stores, for every grid size a scene may have."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.grid import Box, layout_problem, scene_problems, scene_size, space_box

SIZES = st.integers(min_value=50, max_value=400)
SPACES = st.integers(min_value=0, max_value=99)


def foundry_top_left(kind: str, size: int, column: int, row: int) -> tuple[float, float]:
    """Foundry's `getTopLeftPoint({i: row, j: column})` (v12/v13 common/grid): SquareGrid, and
    HexagonalGrid for pointy-topped odd rows (`columns` false, `even` false)."""
    if kind == "square":
        return column * size, row * size
    even_row = (row + 1) % 2 != 0  # Foundry's `even = (i + 1) % 2 === 0` is false on even rows
    x = (column - (0.5 if even_row else 0)) * size
    y = (2 * math.sqrt(1 / 3)) * ((0.75 * row) * size)
    return x, y


@given(st.sampled_from(["square", "hex"]), SIZES, SPACES, SPACES)
def test_a_space_is_where_foundry_puts_it_rounded(
    kind: str, size: int, column: int, row: int
) -> None:
    box = space_box(kind, size, column, row)
    x, y = foundry_top_left(kind, size, column, row)
    # JS Math.round, halves up (an odd size's half-space shift): what Foundry's snapping stores.
    assert (box.x, box.y) == (math.floor(x + 0.5), math.floor(y + 0.5))
    height = size if kind == "square" else round(2 * size / math.sqrt(3))
    assert (box.width, box.height) == (size, height)


def test_the_map_holds_its_last_row_and_column() -> None:
    assert scene_size("square", 100, 12, 8) == (1200, 800)
    last = space_box("hex", 100, 11, 7)
    assert last == Box(1100, 606, 100, 115)
    assert scene_size("hex", 100, 12, 8) == (1200, last.y + last.height)


@pytest.mark.parametrize(("kind", "at", "problem"), [
    ("hex", [0, 0], "half off the map"), ("hex", [0, 1], None), ("square", [0, 0], None),
    ("hex", [6, 1], "off the map of 6 x 4"), ("square", [1, 4], "off the map of 6 x 4"),
])
def test_a_token_must_stand_on_a_whole_space(kind: str, at: list[int], problem: str | None) -> None:
    found = layout_problem(kind, 100, 6, 4, at)
    assert (found is None) if problem is None else (found is not None and problem in found)


def test_two_tokens_may_not_share_a_space() -> None:
    scene = {"grid": {"type": "square", "size": 100}, "width": 6, "height": 4,
             "tokens": [{"at": [1, 1]}, {"at": [2, 1]}, {"at": [1, 1]}]}
    assert scene_problems(scene) == [(("tokens", 2, "at"), "tokens[0] stands on [1, 1] already")]
