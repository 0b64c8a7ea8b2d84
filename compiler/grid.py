"""Where a grid space of a Foundry scene lies in pixels, and the checks a scene's layout needs.

A scene ships with `padding: 0`, so its rectangle starts at the canvas origin and grid offset
`{i: row, j: column}` is the author's `at: [column, row]`. The geometry is Foundry's (v12 and v13,
`foundry.grid.SquareGrid` and `foundry.grid.HexagonalGrid` `getTopLeftPoint`):

* square: a space is `size` pixels square, its top left at `(j * size, i * size)`;
* hex (`CONST.GRID_TYPES.HEXODDR`, pointy-topped rows, "odd"): a space is `size` wide and
  `2 * size / sqrt(3)` tall, rows `size * sqrt(3) / 2` apart, and the even rows (0, 2, 4 ...)
  start half a space left of the odd ones: top left `((j - 1/2) * size, i * size * sqrt(3) / 2)`
  on an even row, `(j * size, ...)` on an odd one.

Token `x` and `y` are integers in Foundry's data (TokenDocument `x`/`y`: `NumberField` with
`integer: true`), so a hex's irrational top left is rounded (halves up, as JS `Math.round`: an
odd size's half-space shift), with integer arithmetic only (`math.isqrt`), so every build writes
the same pixels.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: CONST.GRID_TYPES.SQUARE and HEXODDR.
GRID_TYPES = {"square": 1, "hex": 2}


@dataclass(frozen=True)
class Box:
    """A token's rectangle in pixels: top left and size (integers, as Foundry stores them)."""

    x: int
    y: int
    width: int
    height: int


def _times_root3(value: int) -> int:
    """floor(value * sqrt(3)) for value >= 0."""
    return math.isqrt(3 * value * value)


def _half_root3(value: int) -> int:
    """round(value * sqrt(3) / 2) for value >= 0 (never a tie: sqrt(3) is irrational)."""
    return (_times_root3(value) + 1) // 2


def _hex_height(size: int) -> int:
    """round(2 * size / sqrt(3)) = round(2 * size * sqrt(3) / 3)."""
    return (math.isqrt(48 * size * size) + 3) // 6  # floor((4 * size * sqrt(3) + 3) / 6)


def space_box(kind: str, size: int, column: int, row: int) -> Box:
    """The pixel rectangle of grid space `[column, row]` (a one-space token's box)."""
    if kind == "square":
        return Box(column * size, row * size, size, size)
    x = column * size - (size // 2 if row % 2 == 0 else 0)
    return Box(x, _half_root3(row * size), size, _hex_height(size))


def scene_size(kind: str, size: int, width: int, height: int) -> tuple[int, int]:
    """The scene's pixel width and height for `width` x `height` spaces."""
    if kind == "square":
        return width * size, height * size
    last = space_box(kind, size, 0, height - 1)
    return width * size, last.y + last.height


def layout_problem(kind: str, size: int, width: int, height: int, at: list[int]) -> str | None:
    """Why a one-space token at `at` would not lie on the map, or None."""
    column, row = at
    if column >= width or row >= height:
        return f"[{column}, {row}] is off the map of {width} x {height} spaces"
    if kind == "hex" and row % 2 == 0 and column == 0:
        return (f"[{column}, {row}] is half off the map: the even hex rows (0, 2, 4 ...) start "
                "half a hex left of the edge, so their first whole space is column 1")
    return None


def scene_problems(data: Mapping[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """(JSON path, message) for each token of a scene that is not on a whole space of the map,
    or shares its space with an earlier one."""
    grid = data["grid"]
    found: list[tuple[tuple[str | int, ...], str]] = []
    taken: dict[tuple[int, int], int] = {}
    for index, token in enumerate(data["tokens"]):
        at = token["at"]
        problem = layout_problem(
            grid["type"], int(grid["size"]), int(data["width"]), int(data["height"]), at)
        earlier = taken.setdefault((at[0], at[1]), index)
        if problem is None and earlier != index:
            problem = f"tokens[{earlier}] stands on {at} already"
        if problem is not None:
            found.append((("tokens", index, "at"), problem))
    return found
