"""hazard_location exact odds: the adapter's distributions against the brute force and icepool.

For random small situations the lumped, composed distribution equals the rule enumerated face by
face (each run on its own copy of the input); the attack composed from the engine's steps equals
the `attack` rule enumerated whole; for large pools the attack equals icepool's, computed from an
independent statement of the five steps (HZ-R01). Settings are derandomized and database-less.
"""

from __future__ import annotations

from typing import Any

import icepool
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from odds_cases import brute_force, fractions, icepool_fractions

from compiler.rules.enumeration import enumerate_rule, lumping, partition
from compiler.rules.exact import dist_json
from compiler.rules.harness import resolve
from compiler.rules.hazard_location import attack_odds, odds

RULESET = "hazard_location"
PROFILE = settings(derandomize=True, database=None, deadline=None, max_examples=8,
                   suppress_health_check=[HealthCheck.too_slow])
CONFIGS = st.fixed_dictionaries({}, optional={
    "test_success_min_face": st.integers(4, 6),
    "hazard": st.fixed_dictionaries({"count": st.integers(0, 2), "mishap_on_face": st.just(1),
                                     "counts_for_success": st.booleans()}),
    "mos": st.sampled_from(["standard", "unified"]),
    "riposte_requires_attacker_success": st.booleans(),
    "cover_mode": st.sampled_from(["outermost_piece", "separate_roll"]),
    "ablation_skips_zero_av": st.booleans(),
})
HUMAN_HEAD = 7  # d100 01-07 on the default human table


def same_as_brute_force(rule: str, params: Any, config: Any, project: Any) -> None:
    found = odds.QUERIES[rule](params, config)
    assert dist_json(found) == dist_json(brute_force(RULESET, rule, config, params, project))


@PROFILE
@given(st.integers(-1, 3), st.lists(st.integers(-1, 1), max_size=1), CONFIGS)
def test_hazard_test(base: int, mods: list[int], config: Any) -> None:
    same_as_brute_force("hazard_test", {"base": base, "die_mods": mods}, config,
                        lambda e, s: dict(s))


def test_hit_location_on_the_default_table_and_a_called_shot() -> None:
    for called in (None, "neck"):
        params = {"species": "human", "called_shot": called}
        same_as_brute_force("hit_location", params, {}, lambda e, s: {"location": s["location"]})


def piece(ident: str, av: int, layer: int, percent: int) -> dict[str, Any]:
    return {"id": ident, "max_av": 2, "current_av": av, "layer": layer,
            "coverage": [{"location": "torso", "percent": percent}]}


@PROFILE
@given(st.integers(0, 2), st.integers(0, 1), st.sampled_from([100, 100, 40]), st.booleans(),
       st.integers(0, 1), st.integers(0, 4), CONFIGS)
def test_armor_roll(outer: int, inner: int, share: int, covered: bool, pen: int, damage: int,
                    config: Any) -> None:
    pieces = [piece("coat", inner, 1, 100), piece("plate", outer, 2, share)]
    cover = {"kind": "protective", "av": 1} if covered and share == 100 else None
    params = {"armor": pieces, "cover": cover, "location": "torso", "pen": pen,
              "damage": damage}

    def project(events: Any, state: Any) -> Any:
        found = state["cover"]
        return {"through": state["through"], "armor": attack_odds.armor_state(state["armor"]),
                "cover": None if found is None else found.get("av")}

    same_as_brute_force("armor_roll", params, config, project)


def character(ident: str, agi: int, stamina: int, armor: list[Any]) -> dict[str, Any]:
    return {"id": ident, "attributes": {"agi": agi, "int": 1, "end": 2, "wil": 1},
            "skills": {"marksmanship": 0, "melee": 0, "maneuver": 0}, "species": "human",
            "stamina_current": stamina, "armor": armor,
            "weapons": [{"id": "knife", "mode": "melee", "dv_max": 2, "dv_current": 2, "pen": 0,
                         "skill": "melee", "attribute": "agi"},
                        {"id": "pistol", "mode": "ranged", "dv_max": 2, "dv_current": 2,
                         "pen": 0, "optimal_range_m": 20, "max_range_m": 400,
                         "skill": "marksmanship", "attribute": "agi"}]}


INJURIES = {"id": "wounds", "die": 6, "entries": [
    {"range": [1, 3], "result": "graze"}, {"range": [4, 6], "result": "wound"}]}


@PROFILE
@given(st.integers(0, 3), st.integers(0, 10), st.sampled_from(["torso", None]), st.booleans())
def test_apply_damage(stamina: int, damage: int, location: str | None, table: bool) -> None:
    """Total Stamina 3: Massive Damage from 6; a blast-like hit (no location) rolls each Injury's
    location, so it is kept to one Injury."""
    damage = min(damage, 5) if location is None else damage
    params = {"character": character("bob", 1, stamina, []), "damage": damage,
              "location": location, "source": {"id": "gun"},
              "content": {"injury_tables": [INJURIES]}}
    config = {"injury_table": "wounds"} if table else {}

    def project(events: Any, state: Any) -> Any:
        return {"stamina": state["character"]["stamina_current"],
                "injuries": attack_odds.injuries_of(events)}

    same_as_brute_force("apply_damage", params, config, project)


@st.composite
def small_attacks(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A config and an attack of one or two dice: melee against a one-die parry or evade at the
    torso (plate AV 0-1) by a Called Shot, or a ranged shot at a rolled, unarmoured location."""
    config = draw(CONFIGS)
    config.pop("hazard", None)
    melee = draw(st.booleans())
    armor = [piece("plate", draw(st.integers(0, 1)), 1, 100)] if melee else []
    attacker = character("ann", draw(st.integers(1, 2)) if melee else 1, 2, [])
    defender = character("bob", 1, draw(st.integers(0, 3)), armor)
    params = {"attacker": attacker, "defender": defender,
              "weapon": "knife" if melee else "pistol",
              "distance": None if melee else {"value": 10, "unit": "m"},
              "attacker_moved": False, "target_moved": False,
              "called_shot": "torso" if melee else None, "cover": None, "complications": [],
              "die_mods": []}
    if melee:
        params["defence"] = {"kind": draw(st.sampled_from(["parry", "evade"])), "weapon": "knife"}
        params["pool"] = {"attribute": "agi", "skill": "melee"}
        config["test_success_min_face"] = draw(st.integers(4, 6))
    return (params, config)


@PROFILE
@given(small_attacks())
def test_attack(situation: tuple[dict[str, Any], dict[str, Any]]) -> None:
    params, config = situation
    atk = attack_odds.read_attack_input(params, resolve(RULESET, "attack", config)[2])
    same_as_brute_force("attack", params, config, attack_odds.attack_projection(atk))


def test_the_composed_attack_is_the_attack_rule_enumerated_whole() -> None:
    """Bigger pools, lumped: a melee exchange of 2 and 2 dice at a rolled location, armour 2."""
    attacker = character("ann", 2, 3, [piece("coat", 1, 1, 100)])
    defender = character("bob", 2, 3, [piece("coat", 1, 1, 100), piece("plate", 1, 2, 60)])
    params = {"attacker": attacker, "defender": defender, "weapon": "knife", "distance": None,
              "attacker_moved": False, "target_moved": False, "called_shot": None,
              "cover": None, "complications": [], "die_mods": [],
              "pool": {"attribute": "agi", "skill": "melee"},
              "defence": {"kind": "parry", "weapon": "knife"}}
    config = resolve(RULESET, "attack", {})[2]
    atk = attack_odds.read_attack_input(params, config)
    tests = attack_odds.test_classes(config)
    rows = attack_odds.strike_lumping(attack_odds._tables(atk, config), defender["armor"])
    sixes = partition(6, [1, 6], [0, 1])
    # The rule draws: attacker Test, defender Test, then the Armor Rolls (catalogue §4.4); a
    # Test's Hazard Die and any pool's first die take the d6 classes both kinds tell apart.
    whole = lumping({**dict(rows.classes), "d6": partition(6, [1, 2, 5, 6], [0, 0, 0, 0])}, 1,
                    "counts", [(tests, "score"), (tests, "score"), (sixes, "score"),
                               (sixes, "score")])
    case = {"ruleset": RULESET, "rule": "attack", "config": {}, "input": params}
    enumerated = enumerate_rule(case, attack_odds.attack_projection(atk), whole, fresh=False)
    assert dist_json(odds.attack_odds(params, {})) == dist_json(enumerated)


# --------------------------------------------------------------------------- large pools

HUMAN = [(7, "head"), (10, "neck"), (40, "torso"), (50, "pelvis"), (64, "left-leg"),
         (78, "right-leg"), (80, "left-foot"), (82, "right-foot"), (89, "left-arm"),
         (96, "right-arm"), (98, "left-hand"), (100, "right-hand")]


def test_an_eight_die_shot_at_a_coat_and_cuirass() -> None:
    """HZ-E07's armour: a pistol (DV 6, PEN 4) uncontested, AGI 5 + Marksmanship 3; a hit needs a
    success and adds its MoS (successes - 1); the Torso rolls 12 - 4 = 8d6, each 6 stopping 1."""
    armor = [{"id": "coat", "max_av": 4, "current_av": 4, "layer": 1, "coverage": ["torso"]},
             {"id": "cuirass", "max_av": 8, "current_av": 8, "layer": 2, "coverage": ["torso"]}]
    attacker = character("ann", 5, 3, [])
    attacker["skills"]["marksmanship"] = 3
    attacker["weapons"][1] |= {"dv_current": 6, "dv_max": 6, "pen": 4}
    defender = character("bob", 1, 30, armor) | {"attributes": {"agi": 1, "int": 1, "end": 20,
                                                                "wil": 10}}
    params = {"attacker": attacker, "defender": defender, "weapon": "pistol",
              "distance": {"value": 10, "unit": "m"}, "attacker_moved": False,
              "target_moved": False, "called_shot": None, "cover": None, "complications": [],
              "die_mods": []}
    found = fractions(odds.attack_odds(params, {}),
                      lambda o: (o["hit"], o["location"], o["damage"]))
    location = icepool.d100.map(lambda f: next(name for top, name in HUMAN if f <= top))

    def shot(successes: int, where: str, sixes: int) -> Any:
        if successes < 1:
            return (False, None, 0)
        damage = 6 + successes - 1
        stopped = min(damage, sixes) if where == "torso" else 0
        return (True, where, damage - stopped)

    model = icepool.map(shot, 8 @ (icepool.d6 >= 5), location, 8 @ (icepool.d6 == 6))
    assert found == icepool_fractions(model)
