"""danger_room part A: random whole Turns give the same JSON in both engines.

Hypothesis draws two to four fighters (positions, sides, conditions, altitude) and a secret
card for each (attacks of every Reach shape, Block, utility, take-off and landing, with Waits
and paths); the dice are recorded from the faces the Python engine asks for. Python and JS must
agree event for event, errors included, and a Turn that resolves leaves every invariant the
next Turn relies on (Turn number, `acted` cleared, `played` set, one fighter per hex).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched
from property_budget import discard, discard_budget, keep

from compiler.rules.danger_room import hexes
from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue

PROFILE = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=120,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ATTRIBUTES = ("brawn", "agility", "endurance", "intellect", "perception")
TIMED = ("dazzled", "confused", "fumbling", "lucky", "jinxed", "dampened")


class RecordingQueue(DiceQueue):
    """Invents each face asked for; after a few d10s it counts down so roll-offs must end."""

    def __init__(self, data: st.DataObject) -> None:
        super().__init__([])
        self.data = data
        self.recorded: list[dict[str, Any]] = []

    def take(self, die: Any) -> int:
        if len(self.recorded) < 40:
            value = self.data.draw(st.integers(1, die))
        else:
            value = die - len(self.recorded) % die
        self.recorded.append({"d": die, "v": value})
        return value


@st.composite
def fighters(draw: st.DrawFn) -> dict[str, dict[str, Any]]:
    count = draw(st.integers(2, 4))
    cells = draw(
        st.lists(
            st.tuples(st.integers(-2, 2), st.integers(-2, 2)),
            min_size=count,
            max_size=count,
            unique=True,
        )
    )
    roster = {}
    for index, cell in enumerate(cells):
        ident = f"f{index}"
        health = draw(st.integers(1, 14))
        roster[ident] = {
            "id": ident,
            "side": draw(st.sampled_from(["red", "blue"])),
            "attributes": {name: draw(st.integers(6, 20)) for name in ATTRIBUTES},
            "health": health,
            "max_health": health + draw(st.integers(0, 4)),
            "status": "fighting",
            "threat_tier": draw(st.sampled_from([None, "introduced", "established"])),
            "bulk": 0,
            "soak": draw(st.integers(0, 1)),
            "toughness": draw(st.integers(0, 1)),
            "shield_points": 0,
            "vulnerable": [],
            "resist": [],
            "immune": [],
            "stamina": 2,
            "stamina_max": 2,
            "conditions": {
                c: 1 for c in draw(st.lists(st.sampled_from(TIMED), max_size=2, unique=True))
            },
            "acted": False,
            "defence_uses": {},
            "xp": None,
            "played": False,
            "hex": list(cell),
            "airborne": draw(st.booleans()),
            "sensorial_class": draw(
                st.sampled_from(
                    [None, {"id": "keen", "acuity": "Superior", "reaction": "Superior"}]
                )
            ),
            "traits": draw(
                st.sampled_from(
                    [
                        [],
                        [{"id": "flight", "tags": ["gift"]}],
                        [{"id": "blind_fighting", "tags": []}],
                    ]
                )
            ),
            "weapons": [],
            "wielded": [],
        }
    return roster


def reach_and_aim(
    draw: st.DrawFn, me: str, roster: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    shape = draw(st.sampled_from(["adjacent", "hexes", "line", "cone", "burst"]))
    others = [i for i in roster if i != me]
    if shape == "adjacent":
        return ({"shape": shape}, {"target": draw(st.sampled_from(others))})
    size = draw(st.integers(1, 3))
    if shape == "hexes":
        return ({"shape": shape, "size": size}, {"target": draw(st.sampled_from(others))})
    if shape in ("line", "cone"):
        return ({"shape": shape, "size": size}, {"direction": draw(st.integers(0, 5))})
    if draw(st.booleans()):
        return ({"shape": shape, "size": 1, "include_self": draw(st.booleans())}, {})
    centre = roster[draw(st.sampled_from(others))]["hex"]
    return ({"shape": shape, "size": 1, "origin": "target_hex", "range": 4}, {"hex": centre})


@st.composite
def choices(draw: st.DrawFn, roster: dict[str, Any]) -> list[dict[str, Any]]:
    made = []
    for me, fighter in roster.items():
        kind = draw(
            st.sampled_from(["strike", "power", "grab", "block", "utility", "take_off", "land"])
        )
        card: dict[str, Any] = {
            "id": f"{kind}-{me}",
            "kind": kind,
            "speed": draw(st.integers(-1, 8)),
            "focus": kind == "power",
            "movement": draw(st.integers(3, 5)),
            "reach": None,
            "tags": draw(
                st.lists(
                    st.sampled_from(["melee", "leaping", "lacerating", "gift", "unreactable"]),
                    max_size=2,
                    unique=True,
                )
            ),
            "weapon": None,
            "damage": None,
            "base_attribute": None,
            "damage_type": "kinetic",
            "hits": 1,
            "save": None,
            "inflicts": [],
            "active_defence": None,
        }
        aim: dict[str, Any] = {}
        if kind in ("strike", "power", "grab"):
            card["reach"], aim = reach_and_aim(draw, me, roster)
            card["damage"] = draw(st.integers(0, 5))
            card["base_attribute"] = draw(st.sampled_from(ATTRIBUTES))
            card["hits"] = draw(st.integers(1, 2))
            if draw(st.booleans()):
                card["save"] = {
                    "attribute": "Reflex",
                    "on_save": draw(st.sampled_from(["half", "negate"])),
                }
            if draw(st.booleans()):
                card["inflicts"] = [
                    {"condition": draw(st.sampled_from(TIMED)), "duration_turns": None}
                ]
        steps = draw(st.lists(st.integers(0, 5), max_size=2))
        here, path = tuple(fighter["hex"]), []
        for step in steps:
            here = hexes.add(here, hexes.DIRECTIONS[step])
            path.append(list(here))
        made.append(
            {
                "fighter": me,
                "card": card,
                "wait": draw(st.booleans()),
                "path": path,
                "aim": aim,
                "boost": [draw(st.integers(0, 1)) for _ in range(card["hits"])]
                if card["damage"] is not None
                else [],
                "save_boost": 0,
                "protects": None,
            }
        )
    return made


@js_batched
@discard_budget(Fraction(1, 2))
@PROFILE
@given(data=st.data())
def test_random_turns_agree(js_engine: Engine, data: st.DataObject) -> None:
    roster = data.draw(fighters())
    inp = {
        "state": {"turn": 1, "defences": [], "on_ground": [], "fighters": roster},
        "visibility": data.draw(st.sampled_from(["clear", "dim", "none"])),
        "choices": data.draw(choices(roster)),
    }
    recorder = RecordingQueue(data)
    try:
        engine, turn, merged = resolve("danger_room", "turn", {})
        turn(read_input(engine, "turn", inp), merged, recorder)
    except RuleError:
        pass
    request = {
        "ruleset": "danger_room",
        "rule": "turn",
        "config": {},
        "input": inp,
        "dice": recorder.recorded,
    }
    python = agree(js_engine, request)
    if "error" in python:
        discard()
        return
    keep()
    state = python["state"]
    assert state["turn"] == 2
    assert all(not f["acted"] and f["played"] for f in state["fighters"].values())
    cells = [tuple(f["hex"]) for f in state["fighters"].values()]
    assert len(cells) == len(set(cells))
