"""danger_room exact odds: the adapter's distributions against the brute force and icepool.

For random small situations of every rule the adapter covers, the lumped, composed distribution
equals the rule enumerated face by face (each run on its own copy of the input); for large pools
it equals icepool's, computed from an independent statement of DR-R19. Settings are
derandomized and database-less, so CI sees the same examples every run.
"""

from __future__ import annotations

from typing import Any

import icepool
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from odds_cases import brute_force, fractions, icepool_fractions

from compiler.rules.danger_room import odds
from compiler.rules.danger_room.attributes import ATTRIBUTES
from compiler.rules.exact import dist_json

RULESET = "danger_room"
PROFILE = settings(derandomize=True, database=None, deadline=None, max_examples=8,
                   suppress_health_check=[HealthCheck.too_slow])
CONFIGS = st.fixed_dictionaries({}, optional={
    "fumble_order": st.sampled_from(["dice_then_flat", "flat_then_dice"]),
    "botch_result": st.sampled_from(["zero", "net"]),
    "luck_scope": st.sampled_from(["all_pool_rolls", "damage_only"]),
    "save_opposed_by": st.sampled_from(["damage_roll", "separate_roll"]),
    "mode": st.sampled_from(["live", "training"]),
    "zero_health_pass": st.sampled_from(["meet", "exceed"]),
    "zero_health_die": st.sampled_from([6, 20]),
})
LUCK = st.dictionaries(st.sampled_from(["fumbling", "lucky", "jinxed"]), st.none(), max_size=3)


@st.composite
def fighters(draw: st.DrawFn, ident: str, health: st.SearchStrategy[int]) -> dict[str, Any]:
    """A weak fighter (every cardless pool and most damage pools one die)."""
    top = draw(st.integers(4, 12))
    return {
        "id": ident, "side": ident, "health": min(draw(health), top), "max_health": top,
        "attributes": {name: draw(st.integers(1, 9)) for name in ATTRIBUTES},
        "status": draw(st.sampled_from(["fighting", "fighting", "on_fumes"])),
        "threat_tier": draw(st.sampled_from([None, "introduced", "established"])),
        "bulk": draw(st.integers(-1, 2)), "soak": draw(st.integers(0, 1)),
        "toughness": draw(st.integers(0, 1)),
        "shield_points": draw(st.integers(0, 1)), "vulnerable": [], "resist": [], "immune": [],
        "stamina": 1, "stamina_max": 1, "conditions": draw(LUCK), "acted": draw(st.booleans()),
    }


def same_as_brute_force(rule: str, params: Any, config: Any, project: Any) -> None:
    found = odds.QUERIES[rule](params, config)
    assert dist_json(found) == dist_json(brute_force(RULESET, rule, config, params, project))


@PROFILE
@given(st.integers(0, 3), st.booleans(), st.integers(0, 1), st.integers(-1, 1), CONFIGS)
def test_pool_roll(count: int, fumbling: bool, boost: int, luck: int, config: Any) -> None:
    params = {"fighter": "x", "count": count, "fumbling": fumbling, "boost": boost, "luck": luck}
    same_as_brute_force("pool_roll", params, config,
                        lambda e, s: {"successes": s["successes"], "botch": s["botch"]})


@PROFILE
@given(fighters("t", st.integers(1, 12)), st.integers(0, 4), st.integers(0, 1), CONFIGS)
def test_save(target: Any, against: int, boost: int, config: Any) -> None:
    target["stamina"] = boost
    params = {"target": target, "save": "Reflex", "against": against, "unreactable": False,
              "boost": 0}
    same_as_brute_force("save", params, config, lambda e, s: {"saved": s["saved"]})


@settings(PROFILE, max_examples=40)
@given(fighters("t", st.integers(-3, 6)), st.integers(0, 14), CONFIGS)
def test_take_blow(fighter: Any, lost: int, config: Any) -> None:
    params = {"fighter": fighter, "health_lost": lost}
    same_as_brute_force("take_blow", params, config,
                        lambda e, s: {k: s["fighter"][k] for k in ("health", "status")})


@st.composite
def small_hits(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A config and one card on one target, every pool one d10 (Brawn 1-5, Damage at most 2):
    at most three pools, and the d20 of crossing 0 only where there are two."""
    config = draw(CONFIGS)
    hits = draw(st.integers(1, 2))
    damage = draw(st.sampled_from([None, 0, 1, 2]))
    save = None if hits == 2 else draw(st.sampled_from(
        [None, {"attribute": "Reflex", "on_save": "half"},
         {"attribute": "endurance", "on_save": "negate"}]))
    count = hits if damage is not None else 0
    opposing = save is not None and (damage is None
                                     or config.get("save_opposed_by") == "separate_roll")
    pools = count + int(save is not None) + int(opposing)
    health = st.integers(1, 4) if pools <= 2 else st.integers(12, 12)
    attacker, target = draw(fighters("a", health)), draw(fighters("t", health))
    attacker["attributes"]["brawn"] = draw(st.integers(1, 5))
    card = {"id": "card", "kind": "strike", "damage": damage, "hits": hits, "save": save,
            "base_attribute": "brawn" if damage is not None else None, "damage_type": None,
            "tags": draw(st.lists(st.sampled_from(["lacerating", "hinder_only"]), max_size=1)),
            "inflicts": []}
    request = {"attacker": "a", "target": "t", "card": card, "boost": [0] * count,
               "save_boost": 0, "unreactable": draw(st.booleans()), "penalty_dice": 0}
    return ({"state": {"turn": 1, "fighters": {"a": attacker, "t": target}}, "request": request},
            config)


@PROFILE
@given(small_hits())
def test_resolve_hit(situation: tuple[dict[str, Any], dict[str, Any]]) -> None:
    params, config = situation
    fighters = params["state"]["fighters"]
    same_as_brute_force("resolve_hit", params, config, odds.hit_outcome(fighters["t"], "a"))


# --------------------------------------------------------------------------- large pools

D10 = icepool.d10


def steady(ident: str, agility: int, health: int) -> dict[str, Any]:
    return {"id": ident, "side": ident, "health": health, "max_health": health,
            "attributes": {name: 10 for name in ATTRIBUTES} | {"agility": agility},
            "status": "fighting", "threat_tier": None, "bulk": 0, "soak": 0, "toughness": 1,
            "shield_points": 2, "vulnerable": [], "resist": [], "immune": [],
            "stamina": 1, "stamina_max": 1, "conditions": {}, "acted": False}


def big_hit(fumbling: bool) -> Any:
    """A 12-die card with BOOST against Toughness 1, Shield 2 and an 8-die Reflex save for half."""
    attacker = steady("a", 10, 200)
    if fumbling:
        attacker["conditions"] = {"fumbling": None}
    card = {"id": "card", "kind": "strike", "damage": 12, "base_attribute": "brawn",
            "damage_type": None, "hits": 1, "tags": [], "inflicts": [],
            "save": {"attribute": "Reflex", "on_save": "half"}}
    request = {"attacker": "a", "target": "t", "card": card, "boost": [1], "save_boost": 0,
               "unreactable": False, "penalty_dice": 0}
    state = {"turn": 1, "fighters": {"a": attacker, "t": steady("t", 20, 200)}}
    return {"state": state, "request": request}


def pipeline(rolled: int, saved_by: int) -> int:
    """DR-R19 steps 3-5, written afresh: save for half, Toughness 1, then Shield 2."""
    after = rolled // 2 if saved_by >= rolled else rolled
    return max(0, max(0, after - 1) - 2)


def test_a_twelve_die_hit_against_an_eight_die_save() -> None:
    params = big_hit(False)
    found = fractions(odds.hit_odds(params, {}), lambda o: o["lost"])
    model = icepool.map(lambda rolled, save: pipeline(rolled + 1, save),
                        12 @ (D10 >= 6), 8 @ (D10 >= 6))
    assert found == icepool_fractions(model)


def test_the_same_hit_by_a_fumbling_attacker() -> None:
    """Fumbling (DR-G14 defaults): 1s cancel dice successes, a botch rolls 0, BOOST comes after."""
    params = big_hit(True)
    found = fractions(odds.hit_odds(params, {}), lambda o: o["lost"])
    net = 12 @ icepool.Die({-1: 1, 0: 4, 1: 5})
    model = icepool.map(lambda s, save: pipeline(0 if s < 0 else s + 1, save),
                        net, 8 @ (D10 >= 6))
    assert found == icepool_fractions(model)


def test_a_thirty_die_fumbling_pool() -> None:
    params = {"fighter": "x", "count": 30, "fumbling": True, "boost": 0, "luck": 1}
    found = fractions(odds.pool_roll_odds(params, {}), lambda o: (o["successes"], o["botch"]))
    model = (30 @ icepool.Die({-1: 1, 0: 4, 1: 5})).map(
        lambda s: (0, True) if s < 0 else (s + 1, False))
    assert found == icepool_fractions(model)


@pytest.mark.parametrize("passing", ["meet", "exceed"])
@pytest.mark.parametrize("lost", [4, 9, 14, 20, 29])
def test_the_crossing_roll_at_every_target_number(lost: int, passing: str) -> None:
    """DR-R25, DR-G33: a live blow 1 to 26 past 0 on a fighter of 30 Health (End 15, Bulk 1):
    target numbers 10 to 15, each drawing its own cut in the d20's classes."""
    fighter = {**steady("t", 10, 30), "health": 3, "bulk": 1,
               "attributes": {name: 15 for name in ATTRIBUTES}}
    config = {"mode": "live", "zero_health_pass": passing}
    same_as_brute_force("take_blow", {"fighter": fighter, "health_lost": lost}, config,
                        lambda e, s: {k: s["fighter"][k] for k in ("health", "status")})
    classes = odds.crossing_classes(fighter, odds._merged("take_blow", config))["d20"]
    assert len(classes) == 7  # six target numbers (10-15) cut the d20 in seven runs
