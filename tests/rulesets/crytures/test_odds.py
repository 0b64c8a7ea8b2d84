"""crytures exact odds: the adapter's distributions against the brute force and icepool.

For random small situations (a Melee power on one target, a Blast on two, each config choice
that changes a reading) the lumped distribution equals the rule enumerated face by face, each run
on its own copy of the input; a Blast whose first target is the user's flanking ally, defeated
or not by the dice, shows the readings settling on both roll modifiers of the second target; a
large pool equals icepool's, from an independent statement of hits, crits and damage (CR-R07,
CR-R08, CR-G14). Settings are derandomized and database-less.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import icepool
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from odds_cases import brute_force, fractions, icepool_fractions, python_odds
from rules_parity import NodeEngine

from compiler.rules.crytures import odds
from compiler.rules.errors import RuleError
from compiler.rules.exact import dist_json, probability

RULESET = "crytures"
PROFILE = settings(derandomize=True, database=None, deadline=None, max_examples=12,
                   suppress_health_check=[HealthCheck.too_slow])
CONFIGS = st.fixed_dictionaries({}, optional={
    "hit_test": st.sampled_from(["modified_face_gte_difficulty", "modified_face_gt_difficulty"]),
    "crit_on": st.sampled_from(["natural_10", "modified_10"]),
    "crit_requires_hit": st.booleans(),
    "type_mod_combine": st.sampled_from(["net", "weakness_wins", "resistance_wins"]),
    "blast_roll": st.sampled_from(["shared_faces", "per_target"]),
    "type_chart": st.just({"weak_to": {"earth": ["fire"]}, "resists": {"water": ["fire"]}}),
})


def power(kind: dict[str, Any], per_hit: int, extra: int) -> dict[str, Any]:
    return {"id": "ember", "type": "fire", "action": "major", "range": kind,
            "attack": {"pool_stats": ["might"], "difficulty_stat": "guard"},
            "hit": {"damage_per_hit": per_hit}, "crit": {"extra_hits": extra}}


def fighter(ident: str, side: str, place: list[int], guard: int, health: int,
            types: list[str] | None = None) -> dict[str, Any]:
    return {"id": ident, "side": side, "health": health, "types": types or [],
            "stats": {"might": 0, "guard": guard}, "position": place}


def same_as_brute_force(params: dict[str, Any], config: dict[str, Any],
                        js: NodeEngine | None = None) -> None:
    """The lumped odds are the brute force's, and (given `js`) the JS engine's too."""
    found = odds.use_power_odds(params, config)
    expected = brute_force(RULESET, "use_power", config, params, odds.use_outcome)
    assert dist_json(found) == dist_json(expected)
    if js is not None:
        assert js.odds(RULESET, "use_power", params, config) == json.loads(
            json.dumps(dist_json(found)))


TYPES = st.sampled_from([[], ["earth"], ["water"], ["earth", "water"]])


@PROFILE
@given(st.integers(0, 3), st.integers(2, 12), st.integers(1, 6), TYPES, st.booleans(),
       st.booleans(), CONFIGS)
def test_melee_power(js_engine: NodeEngine, pool: int, guard: int, health: int,
                     types: list[str], cover: bool, flanked: bool,
                     config: dict[str, Any]) -> None:
    """One target: its difficulty, its type and cover in the roll modifier, a flanking ally."""
    user = fighter("em", "wild", [0, 0], 4, 10) | {"stats": {"might": pool, "guard": 4}}
    combatants = [user, fighter("pc", "party", [1, 0], guard, health, types)]
    if flanked:
        combatants.append(fighter("pal", "wild", [2, 0], 4, 10))
    situations = {"pc": {"cover": cover, "obscured": False, "cant_see": False}}
    params = {"user": "em", "power": power({"kind": "melee", "x": 1}, 2, 1), "target": "pc",
              "combatants": combatants, "situations": situations}
    same_as_brute_force(params, config, js_engine)


@PROFILE
@given(st.integers(1, 2), st.integers(2, 11), st.integers(2, 11), TYPES, CONFIGS)
def test_personal_blast_on_two(js_engine: NodeEngine, pool: int, near: int, far: int,
                               types: list[str], config: dict[str, Any]) -> None:
    """Two targets read one pool (or a pool each under `per_target`), each its own way."""
    user = fighter("em", "wild", [0, 0], 4, 10) | {"stats": {"might": pool, "guard": 4}}
    combatants = [user, fighter("a", "party", [1, 0], near, 2, types),
                  fighter("b", "party", [0, 1], far, 3)]
    params = {"user": "em", "power": power({"kind": "personal_blast", "y": 1}, 1, 1),
              "combatants": combatants}
    same_as_brute_force(params, config, js_engine)


def flanked_blast(pool: int) -> dict[str, Any]:
    """A Ranged Blast aimed at the user's ally `pal` (read first, at the origin), who flanks
    the foe `pc` beside it (read second) unless the blast defeats it."""
    user = fighter("em", "wild", [0, 0], 4, 10) | {"stats": {"might": pool, "guard": 4}}
    combatants = [user, fighter("pc", "party", [3, 0], 7, 9), fighter("pal", "wild", [4, 0], 9, 1)]
    return {"user": "em", "power": power({"kind": "ranged_blast", "x": 5, "y": 1}, 1, 0),
            "aim": [4, 0], "combatants": combatants}


def test_a_defeated_ally_stops_flanking_the_next_target() -> None:
    """CR-R11, CR-G14, CR-G21: the foe reads the faces at +2 while `pal` stands and at 0 once
    the blast has defeated it; the settled odds meet both and equal the brute force, with one
    pool shared or a pool each."""
    params = flanked_blast(2)
    found = odds.use_power_odds(params, {})
    mods = {o["reads"][1]["roll_mod"] for o in found.outcomes.values()}
    assert [o["reads"][0]["target"] for o in found.outcomes.values()][:1] == ["pal"]
    assert mods == {0, 2}
    for config in ({}, {"blast_roll": "per_target"}):
        assert dist_json(odds.use_power_odds(params, config)) == dist_json(
            brute_force(RULESET, "use_power", config, params, odds.use_outcome))
    # The same two faces: pal (guard 9) stands unless one is a 9 or 10, and then pc (guard 7),
    # flanked, is hit on a 5 or more; else on a 7 or more.
    pairs = [(a, b) for a in range(1, 11) for b in range(1, 11)]
    hit = [max(a, b) + (0 if max(a, b) >= 9 else 2) >= 7 for a, b in pairs]
    num, den = probability(found, lambda o: o["reads"][1]["total_hits"] >= 1)
    assert Fraction(num, den) == Fraction(sum(hit), len(pairs))


def test_attack_roll_equals_brute_force() -> None:
    for config in ({}, {"crit_on": "modified_10", "crit_requires_hit": True},
                   {"blast_roll": "per_target"}):
        params = {"pool": 3, "die_mods": [-1], "difficulty": 6, "roll_mod": 2,
                  "crit_extra_hits": 2}
        expected = brute_force(RULESET, "attack_roll", config, params, odds.roll_outcome)
        assert dist_json(odds.attack_roll_odds(params, config)) == dist_json(expected)


def test_a_refused_use_is_certain() -> None:
    """CR-R04, CR-G20: a use refused before any die (no Major Action left) is its one outcome."""
    params = flanked_blast(2) | {"actions": {"major": False, "minor": True}}
    found = odds.use_power_odds(params, {})
    assert [(o["used"], o["refused"], o["reads"]) for o in found.outcomes.values()] == [
        (False, "no_action", [])]


def test_bad_input_is_the_rules_own_refusal() -> None:
    params = flanked_blast(2) | {"target": None, "power": power({"kind": "melee", "x": 1}, 1, 0)}
    try:
        odds.use_power_odds(params, {})
    except RuleError as error:
        assert error.message == "input.target is required for a Melee or Ranged power"
    else:
        raise AssertionError("a Melee power without a target has odds")


def test_a_twelve_die_bite_equals_icepool() -> None:
    """CR-R07, CR-R08, CR-G14: 12 dice at guard 8 with +2 (an earth attack on a fire target,
    weak to it), 2 damage a hit, a natural 10 one more hit; Health 20, defeated at 0."""
    user = fighter("em", "wild", [0, 0], 4, 10) | {"stats": {"might": 12, "guard": 4}}
    combatants = [user, fighter("pc", "party", [1, 0], 8, 20, ["fire"])]
    params = {"user": "em", "power": power({"kind": "melee", "x": 1}, 2, 1) | {"type": "earth"},
              "target": "pc", "combatants": combatants}
    found = fractions(odds.use_power_odds(params, {}), lambda o: (
        o["reads"][0]["damage"], o["reads"][0]["defeated"]))
    die = icepool.d10.map(lambda f: icepool.Vector((int(f + 2 >= 8), int(f == 10))))

    def bite(counts: Any) -> Any:
        damage = (counts[0] + counts[1]) * 2
        return (damage, 20 - damage <= 0)

    assert found == icepool_fractions((12 @ die).map(bite))


def test_the_js_engine_settles_the_same_readings(js_engine: NodeEngine) -> None:
    """The fixpoint in both engines: the flanked Blast, one pool shared or one per target."""
    for config in ({}, {"blast_roll": "per_target"}):
        args = (RULESET, "use_power", flanked_blast(2), config)
        assert js_engine.odds(*args) == python_odds(*args)
