"""danger_room part A property tests: hex geometry and speed order, both engines, with oracles.

Hex shapes are checked against an independent oracle: Euclidean angles on the hex lattice in
exact integers (the engine uses sector coordinates instead), and the cube-distance formula.
Speed order is checked for the invariants of DR-R07/DR-G19/DR-G20. Every case also goes
through the JS core, which must return the same JSON.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched

from compiler.rules.danger_room import hexes
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue

PROFILE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
)
coords = st.integers(-40, 40)
hex_points = st.tuples(coords, coords)


def case(rule: str, inp: dict[str, Any], dice: list[Any], config: Any = None) -> dict[str, Any]:
    return {
        "ruleset": "danger_room",
        "rule": rule,
        "config": config or {},
        "input": inp,
        "dice": dice,
    }


def both(js: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """The Python result, after checking the JS core returns the very same JSON (js_batch)."""
    return agree(js, request)


# --------------------------------------------------------------------------- oracles


def gram(v: tuple[int, int], w: tuple[int, int]) -> int:
    """Twice the Euclidean dot product of two axial vectors (axial basis at 60 degrees, |e| = 1)."""
    return 2 * v[0] * w[0] + 2 * v[1] * w[1] + v[0] * w[1] + v[1] * w[0]


def cube_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def within_30_degrees(v: tuple[int, int], e: tuple[int, int], inclusive: bool) -> bool:
    """cos(angle) >= cos 30 = sqrt(3)/2, squared without floats: 4 (v.e)^2 >= 3 |v|^2 |e|^2."""
    dot = gram(v, e)
    if dot <= 0:
        return False
    left, right = 4 * dot * dot, 3 * gram(v, v) * gram(e, e)
    return left >= right if inclusive else left > right


def oracle(
    shape: str, size: int, direction: int, origin: tuple[int, int], inclusive: bool
) -> set[tuple[int, int]]:
    e = hexes.DIRECTIONS[direction]
    found: set[tuple[int, int]] = set()
    for dq in range(-size - 1, size + 2):
        for dr in range(-size - 1, size + 2):
            h, d = (origin[0] + dq, origin[1] + dr), cube_distance((0, 0), (dq, dr))
            if shape == "burst" and d <= size:
                found.add(h)
            elif shape == "cone" and 1 <= d <= size and within_30_degrees((dq, dr), e, inclusive):
                found.add(h)
            elif shape == "line" and 1 <= d <= size and gram((dq, dr), e) == 2 * d:
                found.add(h)  # collinear and same way: v.e = |v| |e|
    return found


# --------------------------------------------------------------------------- geometry


@PROFILE
@given(hex_points, hex_points, hex_points)
def test_hex_distance_is_a_metric(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]
) -> None:
    assert hexes.distance(a, b) == hexes.distance(b, a) == cube_distance(a, b)
    assert (hexes.distance(a, b) == 0) == (a == b)
    assert hexes.distance(a, c) <= hexes.distance(a, b) + hexes.distance(b, c)


@js_batched
@PROFILE
@given(hex_points, hex_points)
def test_hex_distance_both_engines(
    js_engine: Engine, a: tuple[int, int], b: tuple[int, int]
) -> None:
    result = both(js_engine, case("hex_distance", {"a": list(a), "b": list(b)}, []))
    assert result["state"] == {"distance": cube_distance(a, b)}


@js_batched
@PROFILE
@given(
    shape=st.sampled_from(["line", "cone", "burst"]),
    size=st.integers(1, 6),
    direction=st.integers(0, 5),
    user=hex_points,
    inclusive=st.booleans(),
    include_self=st.booleans(),
)
def test_area_matches_the_oracle(
    js_engine: Engine,
    shape: str,
    size: int,
    direction: int,
    user: tuple[int, int],
    inclusive: bool,
    include_self: bool,
) -> None:
    geometry = {
        "cone_boundary": "inclusive" if inclusive else "exclusive",
        "area_hits_allies": True,
        "burst_origin_default": "self",
    }
    reach = {"shape": shape, "size": size, "include_self": include_self}
    aim = {} if shape == "burst" else {"direction": direction}
    request = case(
        "reach_area",
        {"user": list(user), "reach": reach, "aim": aim},
        [],
        {"reach_geometry": geometry},
    )
    got = {tuple(h) for h in both(js_engine, request)["state"]["hexes"]}
    want = oracle(shape, size, direction, user, inclusive)
    if not include_self:
        want.discard(user)
    assert got == want
    ring_sizes = {
        "line": [1] * size,
        "burst": [6 * k for k in range(1, size + 1)],
        "cone": [
            2 * (k // 2) + 1 if inclusive else 2 * ((k + 1) // 2) - 1 for k in range(1, size + 1)
        ],
    }
    assert len(got) == sum(ring_sizes[shape]) + (1 if shape == "burst" and include_self else 0)


@PROFILE
@given(st.integers(1, 6), st.integers(0, 5), hex_points)
def test_cone_is_the_line_plus_its_flanks(
    size: int, direction: int, origin: tuple[int, int]
) -> None:
    """A Line lies in the exclusive Cone of the same aim, which lies in the inclusive one."""
    window = [
        (origin[0] + q, origin[1] + r)
        for q in range(-size, size + 1)
        for r in range(-size, size + 1)
    ]
    for h in window:
        if hexes.in_line(origin, h, direction, size):
            assert hexes.in_cone(origin, h, direction, size, inclusive=False)
        if hexes.in_cone(origin, h, direction, size, inclusive=False):
            assert hexes.in_cone(origin, h, direction, size, inclusive=True)


# --------------------------------------------------------------------------- speed order


class RecordingQueue(DiceQueue):
    """Invents each d10 the rule asks for; after a few it counts down so roll-offs must end."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__([])
        self.data = data
        self.recorded: list[dict[str, int]] = []

    def take(self, die: Any) -> int:
        if len(self.recorded) < 12:
            value = self.data.draw(st.integers(1, 10))
        else:
            value = 10 - len(self.recorded) % 10
        self.recorded.append({"d": die, "v": value})
        return value


fighter_rows = st.lists(
    st.tuples(st.integers(-3, 12), st.booleans(), st.integers(4, 24), st.booleans()),
    min_size=1,
    max_size=6,
)


@js_batched
@PROFILE
@given(rows=fighter_rows, lifo=st.booleans(), data=st.data())
def test_speed_order_invariants(
    js_engine: Engine, rows: list[tuple[int, bool, int, bool]], lifo: bool, data: st.DataObject
) -> None:
    fighters = [
        {
            "id": f"f{i}",
            "attributes": {
                "brawn": 10,
                "agility": agility,
                "endurance": 10,
                "intellect": 10,
                "perception": 30 - agility,
            },
            "card": {"speed": speed, "focus": focus},
            "wait": wait,
        }
        for i, (speed, focus, agility, wait) in enumerate(rows)
    ]
    config = {"wait_queue": "lifo" if lifo else "fifo"}

    recorder = RecordingQueue(data)
    engine, turn_order, merged = resolve("danger_room", "turn_order", config)
    turn_order(read_input(engine, "turn_order", {"fighters": fighters}), merged, recorder)
    result = both(js_engine, case("turn_order", {"fighters": fighters}, recorder.recorded, config))
    speeds = {s["fighter"]: s["speed"] for s in result["events"][0]["speeds"]}
    order = result["state"]["order"]
    assert sorted(order) == sorted(speeds)
    assert [speeds[f] for f in order] == sorted(speeds.values(), reverse=True)
    for event in (e for e in result["events"] if e["type"] == "roll_off" and e["round"] == 1):
        ranked = sorted(zip(event["faces"], event["group"], strict=True), key=lambda p: -p[0])
        positions = [order.index(member) for _, member in ranked]
        firsts = [face for face, _ in ranked]
        assert all(
            positions[i] < positions[j]
            for i in range(len(ranked))
            for j in range(len(ranked))
            if firsts[i] > firsts[j]
        )
    waiters = [f for f in order if fighters[int(f[1:])]["wait"]]
    expected = [f for f in order if f not in waiters] + (waiters[::-1] if lifo else waiters)
    assert result["state"]["acting_order"] == expected
