"""fate_wounds property tests: both engines agree, and brute force agrees with the engines.

Oracles: the distribution of a roll's dice and the odds of an attack are enumerated face by
face (every sequence of Fate dice, no closed form); a wound lands in the first column with room
at or above the damage's column; spending more power bonuses never does less damage. Every case
also goes through the JS core, which must return the same JSON.
"""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched

from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue, Die, face_range
from compiler.rules.registry import engines

CONFIG = engines()["fate_wounds"].config

PROFILE = settings(
    derandomize=True, database=None, deadline=None, max_examples=120,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
MODES = ("reroll_keep_lowest", "extra_df_drop_highest", "flat")
EFFECTS = ("none", "disadvantage", "double_disadvantage")


def case(rule: str, inp: dict[str, Any], dice: list[Any] | None = None,
         config: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"ruleset": "fate_wounds", "rule": rule, "config": config or {}, "input": inp,
            "dice": dice or []}


def both(js: Engine, request: dict[str, Any]) -> dict[str, Any]:
    """The Python result, after checking the JS core returns the very same JSON (js_batch)."""
    return agree(js, request)


# --------------------------------------------------------------------------- oracles


@functools.cache
def brute_distribution(level: int, mode: str) -> Counter[int]:
    """Every sequence of the roll's Fate dice, kept as the mode keeps them."""
    found: Counter[int] = Counter()
    if mode == "reroll_keep_lowest" and level:
        for faces in product((-1, 0, 1), repeat=4 * (level + 1)):
            found[min(sum(faces[i:i + 4]) for i in range(0, len(faces), 4))] += 1
    elif mode == "extra_df_drop_highest" and level:
        for faces in product((-1, 0, 1), repeat=4 + level):
            found[sum(sorted(faces)[:4])] += 1
    else:
        for faces in product((-1, 0, 1), repeat=4):
            found[sum(faces) - level] += 1
    return found


def small_levels(mode: str) -> st.SearchStrategy[int]:
    return st.integers(0, 2 if mode == "reroll_keep_lowest" else 3)


@js_batched
@PROFILE
@given(data=st.data())
def test_distribution_matches_enumeration(js_engine: Engine, data: st.DataObject) -> None:
    """FW-G01, FW-E09: the closed forms equal face-by-face enumeration, in both engines."""
    mode = data.draw(st.sampled_from(MODES))
    level = data.draw(small_levels(mode))
    state = both(js_engine, case("dice_distribution", {"disadvantage": level},
                                 config={"disadvantage_mode": mode}))["state"]
    oracle = brute_distribution(level, mode)
    assert {row["total"]: row["count"] for row in state["counts"]} == dict(oracle)
    assert state["outcomes"] == sum(oracle.values())
    mean = Fraction(sum(t * c for t, c in oracle.items()), sum(oracle.values()))
    assert Fraction(state["mean"]["num"], state["mean"]["den"]) == mean
    assert state["mean"]["den"] == mean.denominator  # reduced


@js_batched
@PROFILE
@given(data=st.data())
def test_odds_match_enumeration(js_engine: Engine, data: st.DataObject) -> None:
    """FW-R04, FW-E09: wins, ties and losses counted over both sides' enumerated dice."""
    mode = data.draw(st.sampled_from(MODES))
    attack, defence = data.draw(small_levels(mode)), data.draw(small_levels(mode))
    if mode == "reroll_keep_lowest":
        defence = min(defence, 2 - attack)  # keep the enumeration small
    a_mod, d_mod = data.draw(st.integers(-6, 6)), data.draw(st.integers(-6, 6))
    inp = {"attack_modifier": a_mod, "defence_modifier": d_mod,
           "attack_disadvantage": attack, "defence_disadvantage": defence}
    state = both(js_engine, case("odds", inp, config={"disadvantage_mode": mode}))["state"]
    a_dist, d_dist = brute_distribution(attack, mode), brute_distribution(defence, mode)
    wins = sum(ca * cd for a, ca in a_dist.items() for d, cd in d_dist.items()
               if a + a_mod > d + d_mod)
    ties = sum(ca * cd for a, ca in a_dist.items() for d, cd in d_dist.items()
               if a + a_mod == d + d_mod)
    outcomes = sum(a_dist.values()) * sum(d_dist.values())
    assert state == {"outcomes": outcomes, "attacker_wins": wins, "ties": ties,
                     "defender_wins": outcomes - wins - ties}


# --------------------------------------------------------------------------- the track


@st.composite
def tracks(draw: st.DrawFn) -> dict[str, Any]:
    widths = draw(st.lists(st.integers(1, 4), min_size=0, max_size=4))
    columns, low = [], 1
    for index, width in enumerate(widths):
        columns.append({"id": f"c{index}", "min": low, "max": low + width - 1,
                        "boxes": draw(st.integers(1, 3)), "effect": draw(st.sampled_from(EFFECTS))})
        low += width
    columns.append({"id": "out", "min": low, "max": None, "boxes": draw(st.integers(1, 2)),
                    "effect": "incapacitated"})
    return {"columns": columns}


@st.composite
def wounded(draw: st.DrawFn) -> dict[str, Any]:
    track = draw(tracks())
    wounds = {c["id"]: draw(st.integers(0, c["boxes"])) for c in track["columns"]}
    return {"id": "hero", "approaches": {"quick": draw(st.integers(-3, 3))},
            "wound_track": track, "wounds": wounds}


@js_batched
@PROFILE
@given(character=wounded(), damage=st.integers(1, 20), cascade=st.booleans())
def test_a_wound_lands_in_the_first_column_with_room(
    js_engine: Engine, character: dict[str, Any], damage: int, cascade: bool
) -> None:
    """FW-R10, FW-R11, FW-G11: one box more, in the first column with room from the damage's
    column up (only the next one without cascade); nothing changes once out."""
    result = both(js_engine, case("mark_wound", {"character": character, "damage": damage},
                                  config={"overflow_cascade": cascade}))
    columns, before = character["wound_track"]["columns"], character["wounds"]
    after = result["state"]["character"]["wounds"]
    start = next(i for i, c in enumerate(columns) if c["max"] is None or damage <= c["max"])
    out = before["out"] > 0
    reach = len(columns) if cascade else min(start + 2, len(columns))
    room = [i for i in range(start, reach) if before[columns[i]["id"]] < columns[i]["boxes"]]
    if out or not room:
        assert after == before and result["state"]["column"] is None
        return
    target = columns[room[0]]["id"]
    assert result["state"]["column"] == target
    assert after == {**before, target: before[target] + 1}


@js_batched
@PROFILE
@given(character=wounded())
def test_conditions_are_read_off_the_checked_columns(
    js_engine: Engine, character: dict[str, Any]
) -> None:
    """FW-R12, FW-R13, FW-G02: the worst level (or the sum) of the columns with a checked box,
    whatever the columns below them hold."""
    levels = {"none": 0, "disadvantage": 1, "double_disadvantage": 2, "incapacitated": 0}
    checked = [c for c in character["wound_track"]["columns"] if character["wounds"][c["id"]]]
    for stacking, combine in (("worst", max), ("add", sum)):
        state = both(js_engine, case("conditions", {"character": character},
                                     config={"disadvantage_stacking": stacking}))["state"]
        assert state["disadvantage"] == combine([levels[c["effect"]] for c in checked] or [0])
        assert state["incapacitated"] == (character["wounds"]["out"] > 0)


# --------------------------------------------------------------------------- rolls and attacks


def fate(faces: list[int]) -> list[dict[str, Any]]:
    return [{"d": "F", "v": v} for v in faces]


faces4 = st.lists(st.sampled_from((-1, 0, 1)), min_size=4, max_size=4)


@st.composite
def fighters(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    return {
        "id": ident, "approaches": {"forceful": draw(st.integers(-2, 4)),
                                    "quick": draw(st.integers(-2, 4))},
        "skills": {"brawl": draw(st.integers(-1, 3))},
        "powers": [{"id": "zap", "rating": draw(st.integers(-1, 3))}],
        "power_bonus_remaining": draw(st.integers(0, 4)),
        "wounds": {"scratch": draw(st.integers(0, 3)), "heavy": draw(st.integers(0, 1)),
                   "extreme": draw(st.integers(0, 1))},
    }


@js_batched
@PROFILE
@given(data=st.data())
def test_a_roll_adds_its_terms_to_its_kept_dice(js_engine: Engine, data: st.DataObject) -> None:
    """FW-R02, FW-R06, FW-G01, FW-G09: total = kept dice + approach + term + bonuses, in both
    engines, whatever the mode and the wounds; the queue holds exactly the dice it needs."""
    mode = data.draw(st.sampled_from(MODES))
    who = data.draw(fighters("hero"))
    level = max([1] * who["wounds"]["heavy"] + [2] * who["wounds"]["extreme"] + [0])
    count = {"reroll_keep_lowest": 4 * (level + 1), "extra_df_drop_highest": 4 + level,
             "flat": 4}[mode]
    faces = data.draw(st.lists(st.sampled_from((-1, 0, 1)), min_size=count, max_size=count))
    power = data.draw(st.booleans())
    spent = data.draw(st.integers(0, who["power_bonus_remaining"])) if power else 0
    declaration = {"approach": data.draw(st.sampled_from(["forceful", "quick"])),
                   "skill": None if power else "brawl", "power": "zap" if power else None,
                   "power_bonuses": spent}
    request = case("roll", {"character": who, "side": "attack", "declaration": declaration},
                   fate(faces), {"disadvantage_mode": mode})
    result = both(js_engine, request)
    if level == 0:
        kept = sum(faces)
    elif mode == "reroll_keep_lowest":
        kept = min(sum(faces[i:i + 4]) for i in range(0, count, 4))
    elif mode == "extra_df_drop_highest":
        kept = sum(sorted(faces)[:4])
    else:
        kept = sum(faces) - level
    term = who["powers"][0]["rating"] if power else who["skills"]["brawl"]
    expected = kept + who["approaches"][declaration["approach"]] + term + spent
    assert result["state"]["total"] == expected
    assert result["state"]["character"]["power_bonus_remaining"] == (
        who["power_bonus_remaining"] - spent)


@js_batched
@PROFILE
@given(data=st.data())
def test_more_bonuses_never_do_less_damage(js_engine: Engine, data: st.DataObject) -> None:
    """FW-R04, FW-R05, FW-R06: with the same dice, one more bonus spent by the attacker never
    lowers the damage, and one more spent by the defender never raises it."""
    attacker = {**data.draw(fighters("tim")), "power_bonus_remaining": 4, "wounds": {}}
    defender = {**data.draw(fighters("smith")), "power_bonus_remaining": 4, "wounds": {}}
    dice = fate(data.draw(faces4) + data.draw(faces4))
    a_spent, d_spent = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 3))

    def damage(a: int, d: int) -> int:
        inp = {"attacker": attacker, "defender": defender,
               "attack": {"approach": "forceful", "power": "zap", "power_bonuses": a},
               "defence": {"approach": "quick", "power": "zap", "power_bonuses": d}}
        state = both(js_engine, case("attack", inp, dice))["state"]
        assert state["hit"] == (state["damage"] > 0)
        return int(state["damage"])

    base = damage(a_spent, d_spent)
    assert damage(a_spent + 1, d_spent) >= base
    assert damage(a_spent, d_spent + 1) <= base


@js_batched
@PROFILE
@given(data=st.data())
def test_rounds_agree(js_engine: Engine, data: st.DataObject) -> None:
    """FW-R01, FW-G03, FW-G08, FW-G13: random rounds (actions, defences, configs) give the same
    events, state or error in both engines; a finished round never checks more boxes than its
    attacks hit."""
    people = [data.draw(fighters(name)) for name in ("ann", "bob", "cy")]
    turns: dict[str, list[dict[str, Any]]] = {}
    for person in people:
        count = data.draw(st.integers(0, 2))
        attack = data.draw(st.booleans())
        actions: list[dict[str, Any]] = [{"kind": "other", "name": "Dodge"}] * count
        if attack and count:
            target = data.draw(st.sampled_from([p["id"] for p in people if p is not person]))
            defence = data.draw(st.sampled_from([None, {"approach": "quick"}]))
            actions[0] = {"kind": "attack", "target": target, "defence": defence,
                          "attack": {"approach": "forceful", "skill": "brawl"}}
        turns[person["id"]] = actions
    config = {"defence_costs_action": data.draw(st.booleans()),
              "attacks_per_defender_per_round": data.draw(st.sampled_from([None, 1, 2]))}
    inp = {"conflict": data.draw(st.sampled_from(["physical", "mental"])),
           "characters": people, "turns": turns}
    result = both(js_engine, case("round", inp, recorded(data, "round", inp, config), config))
    if "error" in result:
        return
    hits = sum(1 for e in result["events"] if e["type"] == "box_checked")
    before = sum(sum(p["wounds"].values()) for p in people)
    after = sum(sum(c["wounds"].values()) for c in result["state"]["characters"])
    assert after - before == hits
    assert hits <= sum(1 for e in result["events"] if e["type"] == "compare" and e["damage"])


class Recording(DiceQueue):
    """A queue that invents each face the rule asks for, so the recorded queue fits the rule."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__([])
        self.data = data
        self.recorded: list[dict[str, Any]] = []

    def take(self, die: Die) -> int:
        lo, hi = face_range(die)
        value = self.data.draw(st.integers(lo, hi))
        self.recorded.append({"d": die, "v": value})
        return value


def recorded(data: st.DataObject, rule: str, inp: dict[str, Any],
             config: dict[str, Any]) -> list[dict[str, Any]]:
    """The faces `rule` takes on `inp`, drawn as it asks for them (a refused input takes few)."""
    queue = Recording(data)
    try:
        engine, function, merged = resolve("fate_wounds", rule, config)
        function(read_input(engine, rule, inp), merged, queue)
    except RuleError:
        pass
    return queue.recorded


def test_the_config_defaults_are_the_catalogue_s() -> None:
    """FW-G01, FW-G07, FW-G09, FW-G10: spot checks of defaults a player might dispute."""
    assert CONFIG["disadvantage_mode"] == "reroll_keep_lowest"
    assert CONFIG["power_bonus_pool"] == 4
    assert CONFIG["skill_terms_per_roll"] == 1
    assert [c["boxes"] for c in CONFIG["wound_track"]["columns"]] == [3, 2, 1, 1, 1]
