"""Monotonicity of every hazard_location attack rule, in both engines (issue 17).

More successes for the attacker never mean less damage to the target (nor more riposte damage to
the attacker), and a defence never hurts more than no defence: a defence roll, armour, a farther
detonation. Each property runs a case, then its variant on the same dice: the variant's queue
serves the first case's faces while the rule asks for the same dice, and invents the rest, so
both cases meet the same hit location, coverage checks and armour dice. Every case runs through
both engines, which must agree; the property is then checked on the result. Under the
catalogue's old `mos: standard` and `riposte_requires_attacker_success: true` the properties
fail, which `test_the_old_defaults_were_not_monotone` shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched
from rules_parity import NodeEngine, canonical, run_python

from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue, Die, face_range, is_die

RULESET = "hazard_location"
PROFILE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)
STEPS = settings(PROFILE, max_examples=30)
"""The single steps and the blast have fewer inputs than a whole attack."""
MAX_RECORDED = 80
Face = dict[str, Any]

# --------------------------------------------------------------------------- running


class PrefixQueue(DiceQueue):
    """Serves `prefix` while the rule asks for the same dice, then invents faces (recorded)."""

    def __init__(self, data: st.DataObject, prefix: Sequence[Face] = ()) -> None:
        super().__init__([])
        self.data = data
        self.prefix = list(prefix)
        self.recorded: list[Face] = []

    def take(self, die: Die) -> int:
        if not is_die(die) or len(self.recorded) >= MAX_RECORDED:
            return super().take(die)
        if self.prefix and self.prefix[0]["d"] == die:
            value: int = self.prefix.pop(0)["v"]
        else:
            self.prefix = []  # the cases part ways here: the rest is new
            lo, hi = face_range(die)
            low = st.integers(lo, hi)
            value = self.data.draw(st.one_of(low, low.map(lambda v: lo + hi - v)))
        self.recorded.append({"d": die, "v": value})
        return value


def case(rule: str, inp: dict[str, Any], config: dict[str, Any],
         dice: list[Face]) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": config, "input": inp, "dice": dice}


def run(js: Engine, data: st.DataObject, rule: str, inp: dict[str, Any],
        config: dict[str, Any], prefix: Sequence[Face] = ()) -> tuple[dict[str, Any], list[Face]]:
    """The rule on faces recorded from `prefix` and `data`, in both engines (which must agree)."""
    queue = PrefixQueue(data, prefix)
    try:
        engine, function, merged = resolve(RULESET, rule, config)
        function(read_input(engine, rule, inp), merged, queue)
    except RuleError:
        pass  # the faces drawn so far are the queue the failing case gets
    c = case(rule, inp, config, queue.recorded)
    python = agree(js, c)
    assume("error" not in python)
    return (python, queue.recorded)


def harm(result: dict[str, Any], before: dict[str, Any], after_key: str) -> tuple[int, int]:
    """(Stamina lost, Injuries) of the character `before` as the result's state has it."""
    after = result["state"][after_key]
    injuries = [e for e in result["events"] if e["type"] == "injury"]
    return (before["stamina_current"] - after["stamina_current"], len(injuries))


def defender_harm(result: dict[str, Any], inp: dict[str, Any]) -> tuple[int, int]:
    """What the attack did to its target (a miss does nothing to it)."""
    return harm(result, inp["defender"], "defender") if result["state"]["hit"] else (0, 0)


def riposte_harm(result: dict[str, Any], inp: dict[str, Any]) -> tuple[int, int]:
    """What a riposte did to the attacker (none unless there was one)."""
    if not any(e["type"] == "riposte" for e in result["events"]):
        return (0, 0)
    return harm(result, inp["attacker"], "attacker")


def at_most(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] <= b[0] and a[1] <= b[1]


# --------------------------------------------------------------------------- strategies

LOCATIONS = ["head", "torso", "left-arm", "pelvis", "left-leg"]
pieces: st.SearchStrategy[list[dict[str, Any]]] = st.lists(
    st.fixed_dictionaries({
        "max_av": st.integers(0, 5),
        "layer": st.integers(0, 3),
        "coverage": st.lists(st.fixed_dictionaries({
            "location": st.sampled_from(LOCATIONS),
            "percent": st.sampled_from([100, 100, 50])}), min_size=1, max_size=2),
    }),
    max_size=2,
)
#: Options that keep the rules monotone (the old HZ-G06 and HZ-G07 values do not).
CONFIGS = st.fixed_dictionaries({}, optional={
    "cover_mode": st.sampled_from(["outermost_piece", "separate_roll"]),
    "layer_order": st.sampled_from(["higher_is_outer", "lower_is_outer"]),
    "ablation_skips_zero_av": st.booleans(),
    "contest_tie": st.sampled_from(["attacker", "defender"]),
    "injury_table": st.just("general"),
    "blast_armor_location": st.sampled_from(["torso", "rolled", "head"]),
    "blast_armor_fallback": st.sampled_from(["rolled", "largest"]),
})
INJURY_TABLES = [{"id": "general", "die": 4, "entries": [
    {"range": [1, 2], "result": "light"}, {"range": [3, 4], "result": "grave"}]}]
QUADRUPED = {"id": "quadruped", "species": "hound", "die": 100, "entries": [
    {"location": "head", "percent": 10, "range": [1, 10]},
    {"location": "body", "percent": 30, "range": [11, 40]},
    {"location": "legs", "percent": 60, "range": [41, 100]}]}
CONTENT = {"injury_tables": INJURY_TABLES, "hit_location_tables": [QUADRUPED],
           "species": [{"id": "hound", "hit_location_table": "quadruped"}]}


@st.composite
def characters(draw: st.DrawFn, ident: str, mode: str) -> dict[str, Any]:
    armor = [{"id": f"{ident}{i}", **p, "current_av": draw(st.integers(0, p["max_av"]))}
             for i, p in enumerate(draw(pieces))]
    weapon = {"id": f"{ident}-w", "mode": mode, "dv_max": 6, "dv_current": draw(st.integers(0, 6)),
              "pen": draw(st.integers(0, 3)), "optimal_range_m": 20, "max_range_m": 100,
              "skill": "arms", "attribute": "agi",
              "additional_injuries_rolled": draw(st.booleans())}
    attributes = {k: draw(st.integers(1, 4)) for k in ("agi", "int", "end", "wil")}
    return {"id": ident, "attributes": attributes, "skills": {"arms": draw(st.integers(0, 3))},
            "species": draw(st.sampled_from(["human", "hound"])),
            "stamina_current": draw(st.integers(0, attributes["end"] + attributes["wil"])),
            "armor": armor, "weapons": [weapon]}


@st.composite
def attacks(draw: st.DrawFn) -> dict[str, Any]:
    mode = draw(st.sampled_from(["melee", "ranged"]))
    cover = draw(st.sampled_from([None, None, {"kind": "partial"},
                                  {"kind": "protective", "av": 2}]))
    return {
        "attacker": draw(characters("a", mode)), "defender": draw(characters("d", "melee")),
        "weapon": "a-w", "distance": {"value": draw(st.integers(0, 90)), "unit": "m"},
        "attacker_moved": draw(st.booleans()), "target_moved": draw(st.booleans()),
        "called_shot": draw(st.sampled_from([None, None, "head"])), "cover": cover,
        "complications": draw(st.sampled_from([[], ["dim"], ["dark", "heavy-rain"]])),
        "die_mods": draw(st.lists(st.integers(-1, 2), max_size=1)),
        "defender_can_react": True,
        "defence": {"kind": draw(st.sampled_from(["parry", "parry", "evade"])), "weapon": "d-w",
                    "aegis": draw(st.booleans())},
        "content": CONTENT,
    }


def attacker_faces(result: dict[str, Any]) -> int:
    """How many dice the attacker's pool took: they are the first of the queue."""
    test = next((e for e in result["events"] if e["type"] == "test"), None)
    return 0 if test is None or test["side"] != "attacker" else int(test["pool"])


# --------------------------------------------------------------------------- attack


@js_batched
@PROFILE
@given(data=st.data(), inp=attacks(), config=CONFIGS)
def test_more_attacker_successes_never_hurt_the_target_less(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    """One more success for the attacker: at least the damage, at most the riposte."""
    first, dice = run(js_engine, data, "attack", inp, config)
    failures = [i for i in range(attacker_faces(first)) if dice[i]["v"] < 5]
    assume(failures)
    better = [*dice]
    better[data.draw(st.sampled_from(failures))] = {"d": 6, "v": 6}
    second, _ = run(js_engine, data, "attack", inp, config, better)
    assert at_most(defender_harm(first, inp), defender_harm(second, inp))
    assert at_most(riposte_harm(second, inp), riposte_harm(first, inp))
    assert second["state"]["hit"] or not first["state"]["hit"]


@js_batched
@PROFILE
@given(data=st.data(), inp=attacks(), config=CONFIGS)
def test_a_defence_never_hurts_more_than_none(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    """The same attack on a defender who cannot react: its dice without the defence's."""
    defended, dice = run(js_engine, data, "attack", inp, config)
    pool = next((e["size"] for e in defended["events"] if e["type"] == "defence_pool"), None)
    assume(pool is not None)
    assert isinstance(pool, int)
    taken = attacker_faces(defended)
    bare = {**inp, "defender_can_react": False}
    undefended, _ = run(js_engine, data, "attack", bare, config, dice[:taken] + dice[taken + pool:])
    assert at_most(defender_harm(defended, inp), defender_harm(undefended, bare))


# --------------------------------------------------------------------------- resolve_hit


def hit_cases(config: dict[str, Any]) -> list[dict[str, Any]]:
    return [case("resolve_hit", {"attacker_successes": a, "defender_successes": d,
                                 "defence_kind": kind, "attacker_dv": 4, "defender_dv": 3},
                 config, [])
            for a in range(7) for d in [None, *range(9)] for kind in ("parry", "evade")]


Grid = dict[tuple[int, int | None, str], tuple[int, int]]
"""(a, d, defence kind) -> (damage to the target, riposte damage to the attacker)."""


def outcome(result: dict[str, Any]) -> tuple[int, int]:
    """(damage to the target, riposte damage to the attacker) of a resolve_hit result."""
    state = result["state"]
    riposte = state["riposte"]
    return (state["damage"] if state["hit"] else 0, riposte["damage"] if riposte else 0)


def violations(results: Grid) -> list[str]:
    found = []
    for (a, d, kind), (damage, riposte) in results.items():
        if a + 1 <= 6:
            more, back = results[(a + 1, d, kind)]
            if more < damage or back > riposte:
                found.append(f"a={a}->{a + 1} d={d} {kind}")
        if d is not None and damage > results[(a, None, kind)][0]:
            found.append(f"a={a} d={d} {kind}: a defence hurt more than none")
    return found


def grid(js: NodeEngine, config: dict[str, Any]) -> Grid:
    cases = hit_cases(config)
    results: Grid = {}
    for c, javascript in zip(cases, js.run_batch(cases), strict=True):
        python = run_python(c)
        assert canonical(python) == canonical(javascript), canonical(c)
        inp = c["input"]
        key = (inp["attacker_successes"], inp["defender_successes"], inp["defence_kind"])
        results[key] = outcome(python)
    return results


@pytest.mark.parametrize("config", [{}, {"contest_tie": "defender"}], ids=["default", "tie"])
def test_resolve_hit_is_monotone(config: dict[str, Any], js_engine: NodeEngine) -> None:
    assert violations(grid(js_engine, config)) == []


def test_the_old_defaults_were_not_monotone(js_engine: NodeEngine) -> None:
    """The catalogue's standard MoS and riposte switch each break a property (so they can fail)."""
    standard = violations(grid(js_engine, {"mos": "standard"}))
    assert "a=3 d=0 evade: a defence hurt more than none" in standard
    switched = violations(grid(js_engine, {"riposte_requires_attacker_success": True}))
    assert "a=0->1 d=2 parry" in switched


# --------------------------------------------------------------------------- blast


@st.composite
def blasts(draw: st.DrawFn) -> dict[str, Any]:
    target = draw(characters("t", "melee"))
    target["armor"] += [{"id": "plate", "max_av": 4, "current_av": draw(st.integers(0, 4)),
                         "coverage": [{"location": draw(st.sampled_from(["torso", "body"])),
                                       "percent": 100}], "layer": 5}]
    explosive = {"id": "bomb", "severity": draw(st.integers(1, 6)),
                 "blast_radius": {"value": draw(st.integers(1, 20)), "unit": "m"},
                 "pen": draw(st.integers(0, 3))}
    return {"explosive": explosive, "distance": {"value": draw(st.integers(0, 60)), "unit": "m"},
            "target": target, "content": CONTENT}


@js_batched
@STEPS
@given(data=st.data(), inp=blasts(), config=CONFIGS)
def test_armour_never_makes_a_blast_hurt_more(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    armoured, dice = run(js_engine, data, "blast", inp, config)
    bare = {**inp, "target": {**inp["target"], "armor": []}}
    unarmoured, _ = run(js_engine, data, "blast", bare, config, dice)
    with_armour = harm(armoured, inp["target"], "target")
    assert at_most(with_armour, harm(unarmoured, bare["target"], "target"))


@js_batched
@STEPS
@given(data=st.data(), inp=blasts(), config=CONFIGS, farther=st.integers(1, 40))
def test_a_farther_detonation_never_hurts_more(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], farther: int,
    js_engine: Engine,
) -> None:
    near, dice = run(js_engine, data, "blast", inp, config)
    far_inp = {**inp, "distance": {"value": inp["distance"]["value"] + farther, "unit": "m"}}
    far, _ = run(js_engine, data, "blast", far_inp, config, dice)
    assert at_most(harm(far, inp["target"], "target"), harm(near, inp["target"], "target"))


# --------------------------------------------------------------------------- the steps


@st.composite
def armor_rolls(draw: st.DrawFn) -> dict[str, Any]:
    wearer = draw(characters("w", "melee"))
    return {"armor": wearer["armor"], "location": draw(st.sampled_from(LOCATIONS)),
            "cover": draw(st.sampled_from([None, {"kind": "protective", "av": 2}])),
            "pen": draw(st.integers(0, 4)), "damage": draw(st.integers(0, 12))}


@js_batched
@STEPS
@given(data=st.data(), inp=armor_rolls(), config=CONFIGS, more=st.integers(0, 6),
       pen=st.integers(0, 3))
def test_more_damage_or_pen_never_gets_less_through_armour(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], more: int, pen: int,
    js_engine: Engine,
) -> None:
    first, dice = run(js_engine, data, "armor_roll", inp, config)
    harder = {**inp, "damage": inp["damage"] + more, "pen": inp["pen"] + pen}
    second, _ = run(js_engine, data, "armor_roll", harder, config, dice)
    assert first["state"]["through"] <= second["state"]["through"] <= harder["damage"]


@js_batched
@STEPS
@given(data=st.data(), config=CONFIGS, more=st.integers(1, 12),
       target=characters("v", "melee"), damage=st.integers(0, 14),
       location=st.sampled_from([None, "torso"]), rolled=st.booleans())
def test_more_damage_never_means_fewer_injuries(
    data: st.DataObject, config: dict[str, Any], more: int, target: dict[str, Any], damage: int,
    location: str | None, rolled: bool, js_engine: Engine,
) -> None:
    source = {"id": "gun", "additional_injuries_rolled": rolled}
    inp = {"character": target, "damage": damage, "location": location, "source": source,
           "content": CONTENT}
    first, dice = run(js_engine, data, "apply_damage", inp, config)
    worse = {**inp, "damage": damage + more}
    second, _ = run(js_engine, data, "apply_damage", worse, config, dice)
    assert at_most(harm(first, target, "character"), harm(second, target, "character"))
