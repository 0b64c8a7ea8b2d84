"""Property tests for hazard_location's boundary-heavy rules, in both engines.

Oracles recompute each rule from the seed's wording with exact `Fraction`s or brute force:
range bands (ceil on "part of an increment"), the clamped ceil(sqrt P) called-shot penalty,
inverse-square blast falloff, movement as exact rationals and Massive Damage. Random attacks and
blasts (dice recorded from what the Python rule asks for) must give identical JSON in both engines.
Settings are derandomized and database-less, so every run sees the same examples.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import ceil, floor
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched
from test_properties import PROFILE, RecordingQueue

from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import Die, face_range, is_die

RULESET = "hazard_location"
SEVERITY_DAMAGE = [4, 8, 16, 32, 64, 128]


def case(rule: str, inp: dict[str, Any], dice: list[Any] | None = None,
         config: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": config or {}, "input": inp,
            "dice": dice or []}


def both(js: Engine, c: dict[str, Any]) -> dict[str, Any]:
    """The Python result, after checking the JS core returns the very same JSON (js_batch)."""
    return agree(js, c)


def rational(value: Fraction) -> dict[str, int] | int:
    return value.numerator if value.denominator == 1 else {
        "num": value.numerator, "den": value.denominator}


def as_fraction(value: dict[str, int]) -> Fraction:
    return Fraction(value["num"], value["den"])


fractions = st.builds(Fraction, st.integers(0, 10**6), st.integers(1, 1000))

# --------------------------------------------------------------------------- range bands


@st.composite
def ranges(draw: st.DrawFn) -> tuple[int, int, Fraction]:
    optimal = draw(st.integers(1, 2000))
    maximum = draw(st.integers(optimal, 8000))
    k = draw(st.integers(0, maximum // optimal + 1))
    near = Fraction(k * optimal) + draw(st.sampled_from([Fraction(0), Fraction(1, 100),
                                                          Fraction(-1, 100), Fraction(1, 3)]))
    distance = draw(st.one_of(st.just(max(near, Fraction(0))), fractions))
    return (optimal, maximum, distance)


@js_batched
@PROFILE
@given(data=ranges())
def test_range_band_is_ceil_of_increments(data: tuple[int, int, Fraction],
                                          js_engine: Engine) -> None:
    optimal, maximum, distance = data
    inp = {"optimal_range_m": optimal, "max_range_m": maximum,
           "distance": {"value": rational(distance), "unit": "m"}}
    result = both(js_engine, case("range_penalty", inp))
    if distance > maximum:
        assert result["state"] == {"in_range": False, "penalty": None}
    else:
        # "every additional increment ... or part of an increment"; a boundary stays in its band
        assert result["state"]["penalty"] == max(0, ceil(distance / optimal) - 1)


# --------------------------------------------------------------------------- called shots


@js_batched
def test_called_shot_penalty_for_every_percent(js_engine: Engine) -> None:
    for percent in range(101):
        root = next(k for k in range(11) if k * k >= percent)
        expected = max(1, min(4, 5 - root))
        result = both(js_engine, case("called_shot_penalty", {"percent": percent}))
        assert result["state"]["penalty"] == expected, percent


# --------------------------------------------------------------------------- blasts


@js_batched
@PROFILE
@given(severity=st.integers(1, 6), radius=st.integers(1, 500), unit=st.sampled_from(["m", "km"]),
       distance=fractions)
def test_blast_is_floor_of_inverse_square(severity: int, radius: int, unit: str,
                                          distance: Fraction, js_engine: Engine) -> None:
    explosive = {"id": "x", "severity": severity,
                 "blast_radius": {"value": radius, "unit": unit}}
    inp = {"explosive": explosive, "distance": {"value": rational(distance), "unit": "m"}}
    result = both(js_engine, case("blast_damage", inp))
    listed = SEVERITY_DAMAGE[severity - 1]
    r = Fraction(radius * (1000 if unit == "km" else 1))
    expected = listed if distance <= r else floor(listed * r * r / (distance * distance))
    assert result["state"]["damage"] == expected
    assert expected <= listed


# --------------------------------------------------------------------------- movement


@js_batched
@PROFILE
@given(agi=st.integers(0, 30), full=st.booleans(),
       factors=st.lists(st.tuples(st.integers(0, 50), st.integers(1, 50)), max_size=3))
def test_movement_is_an_exact_rational(agi: int, full: bool, factors: list[tuple[int, int]],
                                       js_engine: Engine) -> None:
    names = [f"m{i}" for i in range(len(factors))]
    config = {"movement_modifiers": {n: {"num": a, "den": b} for n, (a, b) in zip(names, factors,
                                                                                 strict=True)}}
    character = {"id": "c", "attributes": {"agi": agi, "int": 1, "end": 1, "wil": 1}}
    inp = {"character": character, "mode": "full_round" if full else "normal", "modifiers": names}
    result = both(js_engine, case("movement_allowance", inp, config=config))
    metres = Fraction(agi * (10 if full else 5))
    for a, b in factors:
        metres *= Fraction(a, b)
    assert as_fraction(result["state"]["metres"]) == metres
    assert as_fraction(result["state"]["hexes"]) == metres / 10


# --------------------------------------------------------------------------- Massive Damage


def injuries_oracle(before: int, damage: int, total: int) -> int:
    """The seed's words: a normal Injury on reaching 0 (or any damage at 0), n at n x Total."""
    normal = 1 if damage >= 1 and (before == 0 or damage >= before) else 0
    multiple = max((n for n in range(2, damage + 2) if damage >= n * total), default=0)
    return max(normal, multiple)


@js_batched
@PROFILE
@given(end=st.integers(1, 6), wil=st.integers(0, 6), data=st.data())
def test_massive_damage_counts_injuries(end: int, wil: int, data: st.DataObject,
                                        js_engine: Engine) -> None:
    total = end + wil
    before = data.draw(st.integers(0, total))
    damage = data.draw(st.integers(0, 6 * total + 3))
    character = {"id": "v", "attributes": {"agi": 1, "int": 1, "end": end, "wil": wil},
                 "stamina_current": before}
    inp = {"character": character, "damage": damage, "location": "torso",
           "source": {"id": "gun"}}
    result = both(js_engine, case("apply_damage", inp))
    injuries = [e for e in result["events"] if e["type"] == "injury"]
    assert len(injuries) == injuries_oracle(before, damage, total)
    assert result["state"]["character"]["stamina_current"] == max(0, before - damage)
    check = both(js_engine, case("massive_damage", {"damage": damage, "total_stamina": total}))
    assert check["state"]["injuries"] == (damage // total if damage >= 2 * total else 0)


# --------------------------------------------------------------------------- whole attacks

LOCATIONS = ["head", "torso", "left-arm", "pelvis"]
pieces = st.lists(
    st.fixed_dictionaries({
        "max_av": st.integers(0, 6),
        "layer": st.integers(0, 3),
        "coverage": st.lists(st.fixed_dictionaries({
            "location": st.sampled_from(LOCATIONS),
            "percent": st.sampled_from([100, 100, 50, 1, 99])}), min_size=1, max_size=2),
    }),
    max_size=3,
)
CONFIGS = st.fixed_dictionaries({}, optional={
    "cover_mode": st.sampled_from(["outermost_piece", "separate_roll"]),
    "layer_order": st.sampled_from(["higher_is_outer", "lower_is_outer"]),
    "ablation_skips_zero_av": st.booleans(),
    "contest_tie": st.sampled_from(["attacker", "defender"]),
    "mos": st.sampled_from(["standard", "unified"]),
    "riposte_requires_attacker_success": st.booleans(),
    "simultaneous": st.sampled_from(["deferred", "sequential"]),
    "injury_table": st.just("general"),
})
INJURY_TABLES = [{"id": "general", "die": 4, "entries": [
    {"range": [1, 2], "result": "light"}, {"range": [3, 4], "result": "grave"}]}]


@st.composite
def fighters(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    armor = [{"id": f"{ident}{i}", **p, "current_av": draw(st.integers(0, p["max_av"]))}
             for i, p in enumerate(draw(pieces))]
    weapon = {"id": f"{ident}-w", "mode": draw(st.sampled_from(["melee", "ranged"])),
              "dv_max": 6, "dv_current": draw(st.integers(0, 6)), "pen": draw(st.integers(0, 4)),
              "optimal_range_m": 20, "max_range_m": 100, "skill": "arms", "attribute": "agi",
              "additional_injuries_rolled": draw(st.booleans())}
    attributes = {k: draw(st.integers(1, 4)) for k in ("agi", "int", "end", "wil")}
    return {"id": ident, "attributes": attributes, "skills": {"arms": draw(st.integers(0, 3))},
            "species": draw(st.sampled_from(["human", "hound"])),
            "stamina_current": draw(st.integers(0, attributes["end"] + attributes["wil"])),
            "armor": armor, "weapons": [weapon]}


@st.composite
def attacks(draw: st.DrawFn) -> dict[str, Any]:
    attacker, defender = draw(fighters("a")), draw(fighters("d"))
    cover = draw(st.sampled_from([None, None, None, {"kind": "partial"}, {"kind": "full"},
                                  {"kind": "protective", "av": 2}, {"kind": "full", "av": 0}]))
    return {
        "attacker": attacker, "defender": defender, "weapon": "a-w",
        "distance": {"value": draw(st.integers(0, 110)), "unit": "m"},
        "attacker_moved": draw(st.booleans()), "target_moved": draw(st.booleans()),
        "called_shot": draw(st.sampled_from([None, None, "head", "torso"])), "cover": cover,
        "complications": draw(st.sampled_from([[], ["dim"], ["strong-wind", "dark"]])),
        "die_mods": draw(st.lists(st.integers(-2, 2), max_size=2)),
        "defender_can_react": draw(st.sampled_from([True, True, False])),
        "defence": {"kind": draw(st.sampled_from(["parry", "evade"])), "weapon": "d-w",
                    "aegis": draw(st.booleans())},
        "content": {"injury_tables": INJURY_TABLES},
    }


class FairQueue(RecordingQueue):
    """A recording queue whose faces lean high as often as low (integers() alone favours 1s)."""

    def take(self, die: Die) -> int:
        if is_die(die) and len(self.recorded) < 60:
            lo, hi = face_range(die)
            low = st.integers(lo, hi)
            value = self.data.draw(st.one_of(low.map(lambda v: lo + hi - v), low))
            self.recorded.append({"d": die, "v": value})
            return value
        return super().take(die)


def recorded(data: st.DataObject, rule: str, config: dict[str, Any], inp: object) -> list[Any]:
    recorder = FairQueue(data)
    try:
        engine, function, merged = resolve(RULESET, rule, config)
        function(read_input(engine, rule, inp), merged, recorder)
    except RuleError:
        pass  # the faces drawn so far are still the queue a failing case gets
    return recorder.recorded


@js_batched
@pytest.mark.parametrize("rule", ["attack", "blast"])
def test_random_attacks_agree(rule: str, js_engine: Engine) -> None:
    outcomes: Counter[str] = Counter()

    @PROFILE
    @given(data=st.data(), inp=attacks(), config=CONFIGS)
    def check(data: st.DataObject, inp: dict[str, Any], config: dict[str, Any]) -> None:
        if rule == "blast":
            explosive = {"id": "bomb", "severity": data.draw(st.integers(1, 6)),
                         "blast_radius": {"value": 5, "unit": "m"},
                         "pen": data.draw(st.integers(0, 3))}
            inp = {"explosive": explosive, "distance": inp["distance"],
                   "target": inp["defender"], "content": inp["content"]}
        c = case(rule, inp, recorded(data, rule, config, inp), config)
        result = both(js_engine, c)
        outcomes[result.get("error", {}).get("code", "ok")] += 1

    check()
    assert outcomes["ok"] * 2 >= outcomes.total(), outcomes
