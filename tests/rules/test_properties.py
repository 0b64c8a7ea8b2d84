"""Property tests: random inputs and dice queues give identical output in both engines.

For each primitive rule, hypothesis draws an input (sometimes malformed), a config override
(sometimes wrong) and a dice queue recorded from the faces the Python rule actually asks for
(sometimes broken afterwards). Python and JS must return the same JSON, errors included.
Oracle properties then check the arithmetic against brute force and exact `Fraction`s.
Settings are derandomized and database-less, so CI sees the same examples every run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, batched, js_batched
from property_budget import discard, discard_budget, keep
from rules_parity import NodeEngine

from compiler.rules import dice
from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.inputs import SAFE_INT, SMALL_INT
from compiler.rules.queue import DiceQueue, Die, face_range, is_die
from compiler.rules.registry import engines

EXAMPLES = 200
PROFILE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_RECORDED = 60
DICE: list[Die] = [2, 3, 4, 6, 8, 10, 12, 20, 100, "F"]

# --------------------------------------------------------------------------- strategies

T = TypeVar("T")


def rarely(usual: st.SearchStrategy[T], rare: st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """`rare` about one draw in ten. A middle index, as hypothesis favours range ends."""
    return st.integers(0, 9).flatmap(lambda i: rare if i == 5 else usual)


json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**60), 2**60), st.text(max_size=4)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=5,
)
dies = st.sampled_from(DICE)
# Now and then a value sits at or just past the bound, so bound checks are compared too.
small = rarely(st.integers(-12, 25), st.sampled_from([-SMALL_INT, SMALL_INT, SMALL_INT + 1]))
counts = st.integers(-2, 8)
mods = st.lists(st.integers(-6, 6), max_size=4)
safe = st.integers(-SAFE_INT, SAFE_INT) | st.integers(-50, 50)
divisors = rarely(safe.filter(bool), st.just(0))
squares = st.integers(1, 94906265).flatmap(lambda k: st.sampled_from([k * k, k * k - 1, k * k + 1]))


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    die = draw(st.sampled_from([6, 10, 20, 100]))
    cuts = sorted(draw(st.sets(st.integers(2, die), max_size=5)))
    starts = [1, *cuts]
    ends = [c - 1 for c in cuts] + [die]
    gap = draw(st.booleans())  # a dropped entry leaves faces no entry holds (table_miss)
    entries = [
        {"lo": lo, "hi": hi, "key": f"k{i}"}
        for i, (lo, hi) in enumerate(zip(starts, ends, strict=True))
    ]
    if gap and len(entries) > 1:
        del entries[draw(st.integers(0, len(entries) - 1))]
    return {"die": die, "table": entries}


TIES = dice.TIE_POLICIES
group_ids = st.lists(st.text(alphabet="abxyz", min_size=1, max_size=2), max_size=5, unique=True)

VALID_INPUTS: Mapping[str, st.SearchStrategy[dict[str, Any]]] = {
    "count_at_least": st.fixed_dictionaries(
        {"die": dies, "count": counts, "min_face": small, "roll_mod": st.integers(-5, 5)}
    ),
    "cancel_ones": st.fixed_dictionaries({"die": dies, "count": counts, "min_face": small}),
    "sum_faces": st.fixed_dictionaries({"die": dies, "count": counts}),
    "fate": st.fixed_dictionaries({"modifier": small}),
    "keep_lowest_set": st.fixed_dictionaries({"sets": rarely(st.integers(1, 4), st.just(0))}),
    "keep_lowest": st.fixed_dictionaries(
        {"die": dies, "count": counts, "keep": st.integers(-1, 8)}
    ),
    "table_lookup": tables(),
    "d20_vs": st.fixed_dictionaries(
        {"die": dies, "mods": mods, "tn": small, "meet": st.booleans()}
    ),
    "count_natural": st.fixed_dictionaries({"die": dies, "count": counts, "natural": small}),
    "hazard": st.fixed_dictionaries(
        {"die": dies, "count": counts, "min_face": small, "roll_mod": st.integers(-3, 3)}
    ),
    "roll_off": st.fixed_dictionaries(
        {"die": st.sampled_from([2, 3, 4, 10, "F"]), "group": group_ids}
    ),
    "pool_size": st.fixed_dictionaries({"base": small, "die_mods": mods, "floor": small}),
    "opposed": st.fixed_dictionaries(
        {"a": small, "d": small, "tie": rarely(st.sampled_from(TIES), st.just("target"))}
    ),
    "margin": st.fixed_dictionaries({"a": small, "d": small}),
    "margin_of_success": st.fixed_dictionaries(
        {
            "a": small,
            "d": small,
            "contested": st.booleans(),
            "mode": rarely(st.sampled_from(dice.MOS_MODES), st.just("other")),
        }
    ),
    "halve": st.fixed_dictionaries({"value": small}),
    "floor_div": st.fixed_dictionaries({"a": safe, "b": divisors}),
    "ceil_div": st.fixed_dictionaries({"a": safe, "b": divisors}),
    "ceil_sqrt": st.fixed_dictionaries({"p": rarely(squares | st.integers(0, SAFE_INT), safe)}),
    "compare_fractions": st.fixed_dictionaries(
        {"a_num": safe, "a_den": divisors, "b_num": safe, "b_den": divisors}
    ),
}


def malformed(data: st.DataObject, value: dict[str, Any]) -> object:
    """A copy of `value` with one defect: a key dropped or added, or a value replaced."""
    how = data.draw(st.sampled_from(["drop", "add", "replace", "not_object"]))
    broken = dict(value)
    if how == "not_object":
        return data.draw(json_values.filter(lambda v: not isinstance(v, dict)))
    if how == "add" or not broken:
        broken[data.draw(st.text(max_size=6))] = data.draw(json_values)
    elif how == "drop":
        del broken[data.draw(st.sampled_from(sorted(broken)))]
    else:
        broken[data.draw(st.sampled_from(sorted(broken)))] = data.draw(json_values)
    return broken


def config_override(data: st.DataObject, ruleset: str) -> object:
    """Mostly no override; else a valid-looking override; rarely an arbitrary one."""
    defaults = engines()[ruleset].config
    how = data.draw(rarely(st.just("none"), st.sampled_from(["fitting", "fitting", "any"])))
    if how == "none":
        return {}
    if how == "fitting":
        key = data.draw(st.sampled_from(sorted(defaults)))
        value = data.draw(st.booleans() if isinstance(defaults[key], bool) else st.integers(0, 6))
        return {key: value}
    keys = st.sampled_from([*sorted(defaults), "unknown_key"])
    return data.draw(st.dictionaries(keys, json_values, max_size=2))


class RecordingQueue(DiceQueue):
    """A queue that invents each face the rule asks for, so recorded queues fit the rule."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__([])
        self.data = data
        self.recorded: list[dict[str, Any]] = []

    def take(self, die: Die) -> int:
        if not is_die(die) or len(self.recorded) >= MAX_RECORDED:
            return super().take(die)  # raises, as the real queue would
        lo, hi = face_range(die)
        value = self.data.draw(st.integers(lo, hi))
        self.recorded.append({"d": die, "v": value})
        return value


def recorded_dice(data: st.DataObject, rule: str, config: object, inp: object) -> list[Any]:
    recorder = RecordingQueue(data)
    try:
        engine, function, merged = resolve("primitives", rule, config)
        function(read_input(engine, rule, inp), merged, recorder)
    except RuleError:
        pass  # the faces drawn so far are still the queue a broken case would get
    return recorder.recorded


def broken_dice(data: st.DataObject, faces: list[Any]) -> object:
    """`faces` with one defect, or unchanged; every defect is a C1 error in both engines."""
    how = data.draw(
        st.sampled_from(["keep"] * 6 + ["drop", "extra", "die", "value", "junk", "type"])
    )
    faces = list(faces)
    if how == "drop" and faces:
        faces.pop()
    elif how == "extra" or (how != "keep" and not faces):
        faces.append({"d": data.draw(dies), "v": 1})
    elif how == "die":
        index = data.draw(st.integers(0, len(faces) - 1))
        faces[index] = {"d": data.draw(dies), "v": 1}
    elif how == "value":
        index = data.draw(st.integers(0, len(faces) - 1))
        faces[index] = {**faces[index], "v": data.draw(st.sampled_from([0, 101, -2, True, "6"]))}
    elif how == "junk":
        faces[data.draw(st.integers(0, len(faces) - 1))] = data.draw(json_values)
    elif how == "type":
        return data.draw(json_values.filter(lambda v: not isinstance(v, list)))
    return faces


def draw_case(data: st.DataObject, rule: str) -> dict[str, Any]:
    inp: object = data.draw(VALID_INPUTS[rule])
    if data.draw(rarely(st.just(False), st.just(True))):
        inp = malformed(data, data.draw(VALID_INPUTS[rule]))
    config = config_override(data, "primitives")
    faces = broken_dice(data, recorded_dice(data, rule, config, inp))
    return {"ruleset": "primitives", "rule": rule, "config": config, "input": inp, "dice": faces}


# --------------------------------------------------------------------------- parity


@pytest.mark.parametrize("rule", list(engines()["primitives"].rules))
def test_engines_agree(rule: str, js_engine: NodeEngine) -> None:
    outcomes: Counter[str] = Counter()

    def run(engine: Engine) -> None:
        outcomes.clear()

        @PROFILE
        @given(data=st.data())
        def check(data: st.DataObject) -> None:
            python = agree(engine, draw_case(data, rule))
            outcomes[python.get("error", {}).get("code", "ok")] += 1

        check()

    batched(run, js_engine)
    # Broken cases must not crowd out the real arithmetic: most examples should succeed.
    assert outcomes["ok"] * 4 >= outcomes.total(), outcomes


@js_batched
@PROFILE
@given(
    ruleset=st.sampled_from(["primitives", "danger_room", "toString", "__proto__", ""]),
    rule=st.sampled_from(
        ["constructor", "countAtLeast", "count__at_least", "d20Vs", "hasOwnProperty"]
    )
    | st.text(max_size=8),
)
def test_unknown_names_fail_alike(ruleset: str, rule: str, js_engine: Engine) -> None:
    case = {"ruleset": ruleset, "rule": rule, "config": {}, "input": {}, "dice": []}
    python = agree(js_engine, case)
    if rule not in engines()["primitives"].rules or ruleset != "primitives":
        assert python["error"]["code"] == "rule_not_implemented"


# --------------------------------------------------------------------------- oracles


@PROFILE
@given(
    faces=st.lists(st.integers(1, 10), max_size=12),
    min_face=st.integers(-2, 14),
    mod=st.integers(-4, 4),
)
def test_count_at_least_is_a_plain_count(faces: list[int], min_face: int, mod: int) -> None:
    expected = 0
    for face in faces:
        if face + mod >= min_face:
            expected += 1
    assert dice.count_at_least(faces, min_face, mod) == expected


@PROFILE
@given(faces=st.lists(st.integers(1, 10), max_size=12), min_face=st.integers(2, 10))
def test_cancel_ones_botches_only_when_ones_exceed(faces: list[int], min_face: int) -> None:
    successes = dice.count_at_least(faces, min_face)
    ones = faces.count(1)
    assert dice.cancel_ones(faces, successes) == (max(0, successes - ones), ones > successes)


@PROFILE
@given(faces=st.lists(st.integers(-1, 12), max_size=8), keep=st.integers(0, 9))
def test_keep_lowest_matches_sorting(faces: list[int], keep: int) -> None:
    kept = dice.keep_lowest(faces, keep)
    assert kept == sorted(faces)[:keep]
    assert all(k <= f for k in kept for f in faces if f not in kept)


@js_batched
@PROFILE
@given(p=squares | st.integers(0, SAFE_INT))
def test_ceil_sqrt_is_the_least_root(p: int, js_engine: Engine) -> None:
    k = dice.ceil_sqrt(p)
    assert k * k >= p and (k == 0 or (k - 1) * (k - 1) < p)
    js = js_engine.run(_arith("ceil_sqrt", p=p))
    assert js["state"]["value"] == k


@js_batched
@PROFILE
@given(a=safe, b=safe.filter(bool))
def test_divisions_match_exact_fractions(a: int, b: int, js_engine: Engine) -> None:
    exact = Fraction(a, b)
    floor, ceil = exact.__floor__(), exact.__ceil__()
    assert (dice.floor_div(a, b), dice.ceil_div(a, b)) == (a // b, -(-a // b)) == (floor, ceil)
    assert js_engine.run(_arith("floor_div", a=a, b=b))["state"]["value"] == floor
    assert js_engine.run(_arith("ceil_div", a=a, b=b))["state"]["value"] == ceil


@js_batched
@PROFILE
@given(a_num=safe, a_den=safe.filter(bool), b_num=safe, b_den=safe.filter(bool))
def test_compare_fractions_is_exact(
    a_num: int, a_den: int, b_num: int, b_den: int, js_engine: Engine
) -> None:
    left, right = Fraction(a_num, a_den), Fraction(b_num, b_den)
    expected = (left > right) - (left < right)
    assert dice.compare_fractions(a_num, a_den, b_num, b_den) == expected
    case = _arith("compare_fractions", a_num=a_num, a_den=a_den, b_num=b_num, b_den=b_den)
    assert js_engine.run(case)["state"]["value"] == expected


@discard_budget(Fraction(1, 10))
@PROFILE
@given(group=group_ids, data=st.data())
def test_roll_off_orders_by_first_round(group: list[str], data: st.DataObject) -> None:
    queue = RecordingQueue(data)
    try:
        order, rounds = dice.roll_off(group, 4, queue)
    except RuleError as error:
        # Only the recorder's cap can end a roll-off early: ties that never resolve.
        assert error.code == "queue_exhausted" and len(queue.recorded) == MAX_RECORDED
        discard()
        return
    keep()
    assert sorted(order) == sorted(group)
    if rounds:
        first = dict(zip(rounds[0].group, rounds[0].faces, strict=True))
        ranks = [first[member] for member in order]
        assert ranks == sorted(ranks, reverse=True)
    else:
        assert len(group) < 2


def _arith(rule: str, **inp: int) -> dict[str, Any]:
    return {"ruleset": "primitives", "rule": rule, "config": {}, "input": inp, "dice": []}
