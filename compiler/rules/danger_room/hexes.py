"""Hex geometry for Reach (DR-G22): integer axial coordinates only (mirror: hexes.mjs).

A hex is `(q, r)`; its cube form is `(q, r, -q - r)`. Directions are the six face neighbours,
counter-clockwise from +q, so `DIRECTIONS[i]` and `DIRECTIONS[i + 1]` are 60° apart and span
sector i: every hex is `a·e_i + b·e_(i+1)` with a, b ≥ 0 in some sector, at distance a + b.
"""

from __future__ import annotations

from compiler.rules.danger_room.common import Hex

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""DR-G22: the six face directions, counter-clockwise; index 0..5 is a card's aim."""


def distance(a: Hex, b: Hex) -> int:
    """DR-G22: hex distance, the largest cube-coordinate difference (no division)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def add(a: Hex, b: Hex, k: int = 1) -> Hex:
    """DR-G22: `a + k·b`."""
    return (a[0] + k * b[0], a[1] + k * b[1])


def sector_coords(offset: Hex, direction: int) -> tuple[int, int]:
    """DR-G22: (a, b) with `offset = a·e_d + b·e_(d+1)`; both ≥ 0 iff offset lies in sector d.

    The two directions form a unimodular basis (determinant ±1), so a and b are exact integers.
    """
    e, f = DIRECTIONS[direction % 6], DIRECTIONS[(direction + 1) % 6]
    det = e[0] * f[1] - f[0] * e[1]
    a = (offset[0] * f[1] - f[0] * offset[1]) * det
    b = (e[0] * offset[1] - offset[0] * e[1]) * det
    return (a, b)


def in_line(origin: Hex, h: Hex, direction: int, size: int) -> bool:
    """DR-G22: Line N holds `origin + k·e_d` for k = 1..N."""
    a, b = sector_coords((h[0] - origin[0], h[1] - origin[1]), direction)
    return b == 0 and 1 <= a <= size


def in_cone(origin: Hex, h: Hex, direction: int, size: int, inclusive: bool) -> bool:
    """DR-G22: Cone N: distance 1..N within ±30° of e_d, the boundary rays kept if `inclusive`.

    In sector d (towards e_(d+1)) the test is b ≤ a; in sector d-1 (towards e_(d-1)) it is the
    mirror image, with the roles of the two basis directions swapped.
    """
    offset = (h[0] - origin[0], h[1] - origin[1])
    if not 1 <= distance(origin, h) <= size:
        return False
    for near, far in (sector_coords(offset, direction), _mirror(offset, direction)):
        if near >= 0 and far >= 0 and (far <= near if inclusive else far < near):
            return True
    return False


def _mirror(offset: Hex, direction: int) -> tuple[int, int]:
    # In sector d-1 the hex is a·e_(d-1) + b·e_d; the coordinate along e_d is b.
    a, b = sector_coords(offset, direction - 1)
    return (b, a)


def in_burst(origin: Hex, h: Hex, size: int) -> bool:
    """DR-G22: Burst N holds every hex within distance N of the origin, the origin included."""
    return distance(origin, h) <= size
