"""Property tests for sdm_pool, in both engines, against independent oracles.

Attack rolls against a closed form (successes counted from the faces, the target summed from the
tables); armour and HP against conservation (every point of damage lands on armour, on HP or past
the floor, and no piece takes more than its DR or its HP); initiative against a brute-force sort
by the seed's tie-breaks; reactions against the next turn's budget. Every case must give the same
JSON in both engines. Settings are derandomized and database-less, as in tests/rules.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched
from test_properties import PROFILE

from compiler.rules.registry import engines

RULESET = "sdm_pool"
CONFIG = engines()[RULESET].config
KINDS = ["melee", "vectored", "firearm", "bow", "unarmed", "magic"]
LEVELS = {"none": 0, "partial": 1, "heavy": 2}


def case(
    rule: str, inp: dict[str, Any], faces: list[int], config: dict[str, Any]
) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": config, "input": inp,
            "dice": [{"d": 6, "v": v} for v in faces]}


def both(js: Engine, c: dict[str, Any]) -> dict[str, Any]:
    """The Python result, after checking the JS core returns the very same JSON (js_batch)."""
    return agree(js, c)


@js_batched
@PROFILE
@given(
    faces=st.lists(st.integers(1, 6), max_size=12),
    min_face=st.integers(1, 6),
    tier=st.sampled_from(sorted(CONFIG["sdm"])),
    cover=st.sampled_from(sorted(LEVELS)),
    hidden=st.sampled_from(sorted(LEVELS)),
    kind=st.sampled_from(KINDS),
    trigger=st.sampled_from(["zero_successes", "all_ones", "target_resource"]),
    claimed=st.booleans(),
)
def test_attack_rolls_match_the_closed_form(
    faces: list[int], min_face: int, tier: str, cover: str, hidden: str, kind: str,
    trigger: str, claimed: bool, js_engine: Engine,
) -> None:
    """SDM-R08, SDM-R10, SDM-R11, SDM-G01-G03, SDM-G08, SDM-G09."""
    config = {"success_min_face": min_face, "salvation": {"trigger": trigger}}
    inp = {"pool": len(faces), "attack_kind": kind, "tier": tier, "cover": cover,
           "concealment": hidden, "salvation_claimed": claimed}
    state = both(js_engine, case("attack_roll", inp, faces, config))["state"]
    successes = sum(1 for f in faces if f >= min_face)
    needed = CONFIG["sdm"][tier] + LEVELS[cover] + LEVELS[hidden]
    salvation = {"zero_successes": successes == 0, "target_resource": claimed,
                 "all_ones": bool(faces) and set(faces) == {1}}[trigger]
    result = "hit" if successes >= needed else ("salvation" if salvation else "shortfall")
    assert state == {"successes": successes, "needed": needed, "result": result}


pieces = st.lists(
    st.tuples(st.integers(0, 6), st.integers(1, 8), st.integers(0, 8)), max_size=3
).map(lambda rows: [{"id": f"p{i}", "dr": dr, "hp_max": top, "hp": min(hp, top)}
                    for i, (dr, top, hp) in enumerate(rows)])


@js_batched
@PROFILE
@given(armor=pieces, hp=st.integers(0, 20), damage=st.integers(0, 40),
       model=st.sampled_from(["dr_depletes_hp", "layer"]), floor=st.sampled_from([0, -5]))
def test_damage_is_conserved(
    armor: list[dict[str, int]], hp: int, damage: int, model: str, floor: int,
    js_engine: Engine,
) -> None:
    """SDM-R13, SDM-R14, SDM-G17, SDM-G21: damage lands on armour, on HP or past the floor."""
    character = {"id": "w", "traits": {}, "max_hp": 20, "hp": hp, "armor": armor,
                 "incapacitated": hp <= 0}
    config = {"armor_model": model, "hp_floor": floor}
    result = both(js_engine, case("apply_damage", {"character": character, "damage": damage},
                                  [], config))
    after = result["state"]["character"]
    lost = [before["hp"] - now["hp"] for before, now in zip(armor, after["armor"], strict=True)]
    assert sum(lost) + (hp - after["hp"]) + after["unapplied_damage"] == damage
    for before, now, taken in zip(armor, after["armor"], lost, strict=True):
        assert 0 <= taken <= before["hp"]
        if model == "dr_depletes_hp":
            assert taken <= (0 if before["hp"] == 0 else before["dr"])
        assert now["broken"] == (now["hp"] == 0)
    assert after["hp"] >= floor and after["incapacitated"] == (after["hp"] <= 0)
    assert not after["dead"]


fighters = st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=5)


@js_batched
@PROFILE
@given(roster=fighters, data=st.data(), pc_first=st.booleans())
def test_initiative_sorts_by_the_seeds_tie_breaks(
    roster: list[tuple[int, bool]], data: st.DataObject, pc_first: bool, js_engine: Engine
) -> None:
    """SDM-R02, SDM-R03, SDM-G15: totals high to low; Dexterity; PCs first; the roster."""
    combatants = [{"id": f"c{i}", "pc": pc, "traits": {"dexterity": dex}, "max_hp": 1, "hp": 1}
                  for i, (dex, pc) in enumerate(roster)]
    rolls = [data.draw(st.lists(st.integers(1, 6), min_size=2 + dex, max_size=2 + dex))
             for dex, _ in roster]
    faces = [face for roll in rolls for face in roll]
    config = {"init_pc_first_on_tie": pc_first}
    state = both(js_engine, case("initiative", {"combatants": combatants}, faces,
                                 config))["state"]

    def key(i: int) -> tuple[int, int, int, int]:
        dex, pc = roster[i]
        return (-sum(rolls[i]), -dex, 0 if pc or not pc_first else 1, i)

    assert state["order"] == [f"c{i}" for i in sorted(range(len(roster)), key=key)]


@js_batched
@PROFILE
@given(intelligence=st.integers(0, 5),
       costs=st.lists(st.sampled_from(["action", "minor"]), max_size=8),
       downgrade=st.booleans())
def test_reactions_stay_within_the_next_turn(
    intelligence: int, costs: list[str], downgrade: bool, js_engine: Engine
) -> None:
    """SDM-R06, SDM-G11, SDM-G14: a reaction is taken exactly when the next turn can pay for it
    (a Minor one with an Action when downgrading), and that turn starts with what is left."""
    row = CONFIG["actions_by_int"][intelligence]
    actions, minor = row["actions"], row["minor_actions"]
    config = {"action_downgrade": downgrade}
    character: dict[str, Any] = {"id": "r", "traits": {"intelligence": intelligence},
                                 "max_hp": 1, "hp": 1}
    for cost in costs:
        result = both(js_engine, case("react", {"character": character, "cost": cost}, [],
                                      config))
        can = actions >= 1 if cost == "action" else minor >= 1 or (downgrade and actions >= 1)
        assert result["state"]["done"] == can
        if can and cost == "minor" and minor >= 1:
            minor -= 1
        elif can:
            actions -= 1
        character = result["state"]["character"]
    started = both(js_engine, case("start_turn", {"character": character}, [], config))
    after = started["state"]["character"]
    assert (after["actions_left"], after["minor_actions_left"]) == (actions, minor)
