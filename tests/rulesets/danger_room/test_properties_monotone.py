"""Monotonicity of every danger_room attack rule, in both engines (issue 17).

More successes for the attacker never mean less damage to the target, and a defence (a save, an
armed Active Defence, Block in a Turn, Soak from the Defense model) never hurts more than no
defence. Each property runs a case, then its variant on the same dice: the variant's queue
serves the first case's faces while the rule asks for the same dice and invents the rest, so
both cases meet the same save pool and the same zero-Health d20. Every case runs through both
engines, which must agree; the property is then checked on the result. "Worse" for a target is
less Health, fewer Shield points or a later status (fighting, on fumes, down, obliterated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched

from compiler.rules.danger_room.attributes import ATTRIBUTES
from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue, Die, face_range, is_die

RULESET = "danger_room"
PROFILE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)
STEPS = settings(PROFILE, max_examples=30)
"""The single steps have fewer inputs than a whole hit or Turn."""
MAX_RECORDED = 80
RANK = {"fighting": 0, "on_fumes": 1, "down": 2, "obliterated": 3}
DTYPES = ["fire", "cold"]
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


def run(js: Engine, data: st.DataObject, rule: str, inp: dict[str, Any],
        config: dict[str, Any], prefix: Sequence[Face] = ()) -> tuple[dict[str, Any], list[Face]]:
    """The rule on faces recorded from `prefix` and `data`, in both engines (which must agree)."""
    queue = PrefixQueue(data, prefix)
    try:
        engine, function, merged = resolve(RULESET, rule, config)
        function(read_input(engine, rule, inp), merged, queue)
    except RuleError:
        pass  # the faces drawn so far are the queue the failing case gets
    case = {"ruleset": RULESET, "rule": rule, "config": config, "input": inp,
            "dice": queue.recorded}
    python = agree(js, case)
    assume("error" not in python)
    return (python, queue.recorded)


def standing(fighter: dict[str, Any]) -> tuple[int, int, int]:
    """How well a fighter stands: Health, Shield points, minus its status rank (more is better)."""
    return (fighter["health"], fighter["shield_points"], -RANK[fighter["status"]])


def no_better(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """`a` is at most `b` on every count."""
    return all(x <= y for x, y in zip(a, b, strict=True))


def d10_indices(result: dict[str, Any], dice: Sequence[Face], pick: Any) -> list[int]:
    """Queue positions of the d10 faces of the roll events `pick` accepts (roll-offs and rolls
    take the d10s in event order; the zero-Health d20 is another die)."""
    positions = [i for i, face in enumerate(dice) if face["d"] == 10]
    found, cursor = [], 0
    for event in result["events"]:
        if event["type"] not in ("roll", "roll_off"):
            continue
        mine = positions[cursor:cursor + len(event["faces"])]
        cursor += len(event["faces"])
        if event["type"] == "roll" and pick(event):
            found += mine
    return found


def raise_one(data: st.DataObject, dice: list[Face], indices: list[int]) -> list[Face]:
    """The same dice with one of the failing faces at `indices` turned into a 10."""
    failing = [i for i in indices if dice[i]["v"] < 10]
    assume(failing)
    better = [*dice]
    better[data.draw(st.sampled_from(failing))] = {"d": 10, "v": 10}
    return better


# --------------------------------------------------------------------------- strategies

attributes = st.fixed_dictionaries({name: st.integers(4, 24) for name in ATTRIBUTES})
types = st.lists(st.sampled_from(DTYPES), max_size=1)


@st.composite
def fighters(draw: st.DrawFn, ident: str, side: str) -> dict[str, Any]:
    top = draw(st.integers(1, 30))
    status = draw(st.sampled_from(["fighting"] * 5 + ["on_fumes"]))
    return {
        "id": ident, "side": side, "attributes": draw(attributes),
        "health": draw(st.integers(1, top)) if status == "fighting" else draw(st.integers(-8, 0)),
        "max_health": top, "status": status,
        "threat_tier": draw(st.none() | st.sampled_from(["introduced", "established"])),
        "bulk": draw(st.integers(-1, 2)), "soak": draw(st.integers(-1, 4)),
        "toughness": draw(st.integers(0, 3)), "shield_points": draw(st.integers(0, 3)),
        "vulnerable": draw(types), "resist": draw(types), "immune": [],
        "stamina": 3, "stamina_max": 3,
        "conditions": draw(st.dictionaries(st.sampled_from(["fumbling", "lucky", "jinxed"]),
                                           st.none(), max_size=2)),
        "acted": draw(st.booleans()),
    }


saves = st.none() | st.fixed_dictionaries({
    "attribute": st.sampled_from(["Reflex", "endurance"]),
    "on_save": st.sampled_from(["half", "negate"]),
})


@st.composite
def cards(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "id": "card", "kind": draw(st.sampled_from(["strike", "power", "grab"])),
        "damage": draw(st.integers(0, 7)), "base_attribute": draw(st.sampled_from(ATTRIBUTES)),
        "damage_type": draw(st.none() | st.sampled_from(DTYPES)), "hits": draw(st.integers(1, 3)),
        "tags": draw(st.lists(st.sampled_from(["lacerating", "hinder_only", "melee"]),
                              unique=True, max_size=2)),
        "save": draw(saves), "inflicts": [],
    }


@st.composite
def hits(draw: st.DrawFn) -> dict[str, Any]:
    card = draw(cards())
    request = {"attacker": "a", "target": "t", "card": card,
               "boost": draw(st.lists(st.integers(0, 1), min_size=card["hits"],
                                      max_size=card["hits"])),
               "save_boost": 0, "unreactable": draw(st.booleans()),
               "penalty_dice": draw(st.integers(0, 2))}
    state = {"turn": draw(st.integers(1, 3)),
             "fighters": {"a": draw(fighters("a", "x")), "t": draw(fighters("t", "y"))}}
    return {"state": state, "request": request}


#: Every option of the pipeline; each keeps it monotone.
CONFIGS = st.sampled_from([
    {}, {"save_opposed_by": "separate_roll"}, {"riders_on_save": "apply"},
    {"fumble_order": "flat_then_dice"}, {"botch_result": "net"}, {"luck_scope": "damage_only"},
    {"mode": "training"}, {"fumes_end_on": "damaged"}, {"zero_health_pass": "exceed"},
    {"defense_model": "soak_bonus"}, {"damage_pool_min": 0}, {"dizzy_stacks": True},
])

# --------------------------------------------------------------------------- resolve_hit


def attacker_roll(event: dict[str, Any]) -> bool:
    return bool(event["fighter"] == "a" and event["kind"] in ("damage", "opposing"))


@js_batched
@PROFILE
@given(data=st.data(), inp=hits(), config=CONFIGS)
def test_more_attacker_successes_never_hurt_the_target_less(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    first, dice = run(js_engine, data, "resolve_hit", inp, config)
    better = raise_one(data, dice, d10_indices(first, dice, attacker_roll))
    second, _ = run(js_engine, data, "resolve_hit", inp, config, better)
    after = (first["state"]["fighters"]["t"], second["state"]["fighters"]["t"])
    assert no_better(standing(after[1]), standing(after[0]))


@js_batched
@PROFILE
@given(data=st.data(), inp=hits(), config=CONFIGS)
def test_a_save_never_hurts_more_than_none(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    """The same card without its save: its damage dice, then the same zero-Health d20."""
    assume(inp["request"]["card"]["save"] is not None)
    saved, dice = run(js_engine, data, "resolve_hit", inp, config)
    damage = d10_indices(saved, dice, lambda e: e["kind"] == "damage")
    unsaved_dice = [dice[i] for i in damage] + [f for f in dice if f["d"] != 10]
    card = {**inp["request"]["card"], "save": None}
    bare = {**inp, "request": {**inp["request"], "card": card}}
    unsaved, _ = run(js_engine, data, "resolve_hit", bare, config, unsaved_dice)
    after = (saved["state"]["fighters"]["t"], unsaved["state"]["fighters"]["t"])
    assert no_better(standing(after[1]), standing(after[0]))


armed = st.fixed_dictionaries({
    "owner": st.sampled_from(["a", "t"]), "protects": st.just("t"), "card": st.just("guard"),
    "stops": st.lists(st.sampled_from(["any", "any_non_grab", "melee", "fire", "power"]),
                      min_size=1, max_size=2),
    "emergency": st.booleans(), "effect": st.sampled_from(["negate", "shield_points"]),
    "amount": st.integers(0, 3), "heal": st.integers(0, 3), "empower": st.integers(0, 2),
})


@js_batched
@PROFILE
@given(data=st.data(), inp=hits(), config=CONFIGS, defences=st.lists(armed, min_size=1,
                                                                     max_size=2))
def test_an_armed_defence_never_hurts_more_than_none(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any],
    defences: list[dict[str, Any]], js_engine: Engine,
) -> None:
    """`defence_check` (which rolls nothing), then the hit unless caught, against the hit alone."""
    request = inp["request"]
    check = {"state": {**inp["state"], "defences": defences},
             "request": {"target": "t", "card": request["card"],
                         "unreactable": request["unreactable"], "sight_penalties": {}}}
    caught, _ = run(js_engine, data, "defence_check", check, config)
    bare, dice = run(js_engine, data, "resolve_hit", inp, config)
    defended = caught["state"]["state"]
    if not caught["state"]["negated"]:
        after, _ = run(js_engine, data, "resolve_hit", {**inp, "state": defended}, config, dice)
        defended = after["state"]
    assert no_better(standing(bare["state"]["fighters"]["t"]),
                     standing(defended["fighters"]["t"]))


# --------------------------------------------------------------------------- the steps


@js_batched
@STEPS
@given(data=st.data(), target=fighters("t", "y"), card=cards(), rolled=st.integers(0, 9),
       saved=st.booleans(), config=CONFIGS)
def test_hit_steps_more_rolled_or_no_save_never_hurt_less(
    data: st.DataObject, target: dict[str, Any], card: dict[str, Any], rolled: int, saved: bool,
    config: dict[str, Any], js_engine: Engine,
) -> None:
    inp = {"target": target, "card": card, "hit": 1, "rolled": rolled, "saved": saved, "turn": 1}
    base, _ = run(js_engine, data, "hit_steps", inp, config)
    more, _ = run(js_engine, data, "hit_steps", {**inp, "rolled": rolled + 1}, config)
    unsaved, _ = run(js_engine, data, "hit_steps", {**inp, "saved": False}, config)
    mine = standing(base["state"]["target"])
    assert no_better(standing(more["state"]["target"]), mine)
    assert no_better(standing(unsaved["state"]["target"]), mine)


@js_batched
@STEPS
@given(data=st.data(), inp=hits(), config=CONFIGS)
def test_a_damage_pool_never_grows_with_a_defence(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    """DR-G06: Soak from the Defense model never adds dice, and an Unreactable attack (which
    takes that Defense away) never has fewer."""
    fighters, request = inp["state"]["fighters"], inp["request"]
    pool = {"attacker": fighters["a"], "target": fighters["t"], "card": request["card"],
            "unreactable": False, "penalty_dice": request["penalty_dice"]}
    sizes = {}
    for model in ("none", "soak_bonus"):
        for fast in (False, True):
            result, _ = run(js_engine, data, "damage_pool", {**pool, "unreactable": fast},
                            {**config, "defense_model": model})
            sizes[(model, fast)] = result["state"]["pool"]
    assert sizes[("soak_bonus", False)] <= sizes[("none", False)]
    assert sizes[("soak_bonus", False)] <= sizes[("soak_bonus", True)]


@js_batched
@STEPS
@given(data=st.data(), target=fighters("t", "y"), against=st.integers(0, 8),
       save=st.sampled_from(["Reflex", "endurance"]), fast=st.booleans(), config=CONFIGS)
def test_a_save_is_never_easier_against_more_successes(
    data: st.DataObject, target: dict[str, Any], against: int, save: str, fast: bool,
    config: dict[str, Any], js_engine: Engine,
) -> None:
    inp = {"target": target, "save": save, "against": against + 1, "unreactable": fast, "boost": 0}
    hard, dice = run(js_engine, data, "save", inp, config)
    easy, _ = run(js_engine, data, "save", {**inp, "against": against}, config, dice)
    assert easy["state"]["saved"] or not hard["state"]["saved"]


@js_batched
@STEPS
@given(data=st.data(), target=fighters("t", "y"), against=st.integers(0, 8), config=CONFIGS)
def test_a_faster_attack_never_makes_a_reflex_save_easier(
    data: st.DataObject, target: dict[str, Any], against: int, config: dict[str, Any],
    js_engine: Engine,
) -> None:
    """DR-G06: an Unreactable attack takes the Agility bonus out of the Reflex pool, so the pool
    is a part of the reactable one, on the same faces. (A Fumbling target is left out: its 1s
    make a bigger pool no better face for face, which is the seed's Fumbling, not a defence.)"""
    target = {**target, "conditions": {k: v for k, v in target["conditions"].items()
                                       if k != "fumbling"}}
    inp = {"target": target, "save": "Reflex", "against": against, "unreactable": True,
           "boost": 0}
    fast, dice = run(js_engine, data, "save", inp, config)
    slow, _ = run(js_engine, data, "save", {**inp, "unreactable": False}, config, dice)
    assert slow["state"]["saved"] or not fast["state"]["saved"]


@js_batched
@STEPS
@given(data=st.data(), fighter=fighters("t", "y"), lost=st.integers(0, 30),
       more=st.integers(1, 12), config=CONFIGS)
def test_a_heavier_blow_never_leaves_the_target_better(
    data: st.DataObject, fighter: dict[str, Any], lost: int, more: int, config: dict[str, Any],
    js_engine: Engine,
) -> None:
    light, dice = run(js_engine, data, "take_blow", {"fighter": fighter, "health_lost": lost},
                      config)
    heavy, _ = run(js_engine, data, "take_blow",
                   {"fighter": fighter, "health_lost": lost + more}, config, dice)
    assert no_better(standing(heavy["state"]["fighter"]), standing(light["state"]["fighter"]))


# --------------------------------------------------------------------------- the Turn


def turn_card(ident: str, kind: str, speed: int, **fields: Any) -> dict[str, Any]:
    card = {"id": ident, "kind": kind, "speed": speed, "focus": False, "movement": 3,
            "reach": None, "tags": [], "weapon": None, "damage": None, "base_attribute": None,
            "damage_type": None, "hits": 1, "save": None, "inflicts": [], "active_defence": None}
    return {**card, **fields}


def choice(fighter: str, card: dict[str, Any], wait: bool, target: str | None) -> dict[str, Any]:
    attack = target is not None
    return {"fighter": fighter, "card": card, "wait": wait, "path": [],
            "aim": {"target": target} if attack else {}, "boost": [0] if attack else [],
            "save_boost": 0, "protects": None}


@st.composite
def turns(draw: st.DrawFn) -> dict[str, Any]:
    roster = {}
    for ident, side, hex_ in (("a", "x", [0, 0]), ("t", "y", [1, 0])):
        fighter = draw(fighters(ident, side))
        fighter.update(status="fighting", health=max(1, fighter["health"]), acted=False,
                       defence_uses={}, xp=None, played=False, hex=hex_, airborne=False,
                       sensorial_class=None, traits=[], weapons=[], wielded=[])
        roster[ident] = fighter
    tags = draw(st.lists(st.sampled_from(["lacerating", "unreactable", "melee"]), unique=True,
                         max_size=2))
    strike = turn_card("strike", "strike", draw(st.integers(0, 14)), reach={"shape": "adjacent"},
                       damage=draw(st.integers(0, 6)), base_attribute="brawn", tags=tags)
    idle = turn_card("idle", "utility", draw(st.integers(0, 14)))
    choices = [choice("a", strike, draw(st.booleans()), "t"), choice("t", idle, False, None)]
    return {"visibility": draw(st.sampled_from(["clear", "dim"])),
            "state": {"turn": 1, "defences": [], "on_ground": [], "fighters": roster},
            "choices": choices}


TURN_CONFIGS = st.sampled_from([
    {}, {"unreactable_speed": "turn"}, {"speed_tiebreak": ["fighter_id"]},
    {"active_defence_needs_sight": True}, {"dizzy_loses": "act_only"},
])


@js_batched
@PROFILE
@given(data=st.data(), inp=turns(), config=TURN_CONFIGS)
def test_block_in_a_turn_never_hurts_more_than_an_idle_card(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    """The target plays Block instead of a card of the same Speed that does nothing."""
    idle, dice = run(js_engine, data, "turn", inp, config)
    block = {**inp["choices"][1]["card"], "id": "block", "kind": "block"}
    blocked = {**inp, "choices": [inp["choices"][0], {**inp["choices"][1], "card": block}]}
    after, _ = run(js_engine, data, "turn", blocked, config, dice)
    assert no_better(standing(idle["state"]["fighters"]["t"]),
                     standing(after["state"]["fighters"]["t"]))


@js_batched
@PROFILE
@given(data=st.data(), inp=turns(), config=TURN_CONFIGS)
def test_more_successes_in_a_turn_never_hurt_the_target_less(
    data: st.DataObject, inp: dict[str, Any], config: dict[str, Any], js_engine: Engine
) -> None:
    first, dice = run(js_engine, data, "turn", inp, config)
    better = raise_one(data, dice, d10_indices(first, dice, attacker_roll))
    second, _ = run(js_engine, data, "turn", inp, config, better)
    after = (first["state"]["fighters"]["t"], second["state"]["fighters"]["t"])
    assert no_better(standing(after[1]), standing(after[0]))
