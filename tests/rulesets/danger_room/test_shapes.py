"""danger_room's declared shapes: every rule has one, and both documents are in the dialect.

The rules_config schema also validates `rules_config` in ruleset.yaml, so its maps keep the key
patterns content authors are held to (`propertyNames`), which the engines' readers leave out: a
table the module fills from content (`sizes`, keyed by slugs) must still reach both engines. What
a shape cannot say, the rules check, with the same words in both engines.
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import NodeEngine, run_python

from compiler.rules.registry import engines

ENGINE = engines()["danger_room"]
ATTRIBUTES = {"brawn": 10, "agility": 10, "endurance": 10, "intellect": 10, "perception": 10}
SHEET = {
    "kind": "enemy", "attributes": ATTRIBUTES, "generation": None, "phenotype_hit_die": None,
    "threat_tier": "established", "size": "extra-large", "soak": None, "toughness": None,
    "shield_points": None, "stamina_max": None,
}
REACH = {"shape": "burst", "size": 1}


def case(rule: str, inp: dict[str, Any], config: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"ruleset": "danger_room", "rule": rule, "config": config or {}, "input": inp,
            "dice": []}


def test_authors_are_still_held_to_key_names_and_a_level() -> None:
    validator = Draft202012Validator(ENGINE.config_schema)
    defaults = dict(ENGINE.config)
    assert list(validator.iter_errors({**defaults, "save_aliases": {"1st": "agility"}}))
    assert list(validator.iter_errors({**defaults, "sizes": {"Big": {"hit_die": 8, "bulk": 0}}}))
    assert list(validator.iter_errors({**defaults, "visibility_levels": {}}))


def test_a_size_table_keyed_by_slugs_reaches_both_engines(js_engine: NodeEngine) -> None:
    sizes = {"extra-large": {"hit_die": 12, "bulk": 2}}
    call = case("fighter_vitals", {"sheet": SHEET}, {"sizes": sizes})
    found = run_python(call)
    assert found == js_engine.run_batch([call])[0]
    assert found["state"]["bulk"] == 2


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            case("reach_area", {"user": [0, 0], "reach": REACH, "aim": {"hex": [1, 0]}}),
            "input.aim.hex is not a known field",
        ),
        (
            case("reach_area", {"user": [0, 0], "reach": REACH, "aim": {}},
                 {"reach_geometry": {"cone_boundary": "inclusive", "area_hits_allies": True,
                                     "burst_origin_default": "target_hex"}}),
            "input.reach.range is required",
        ),
        (
            case("sight", {"fighter": {"id": "a", "traits": [], "conditions": [],
                                       "sensorial_class": {"id": "t", "acuity": "Basic",
                                                           "reaction": "Basic"}},
                           "visibility": "clear"},
                 {"sensorial": {"second_rating_name": "tracking"}}),
            "input.fighter.sensorial_class.tracking is required",
        ),
        (
            case("hex_distance", {"a": [0, 0], "b": [0, 10001]}),
            "input.b must be a hex [q, r] of integers in -10000..10000",
        ),
    ],
    ids=["aim-follows-reach", "range-follows-config-origin", "class-follows-config", "hex"],
)
def test_what_a_shape_cannot_say_is_refused_alike(
    call: dict[str, Any], message: str, js_engine: NodeEngine
) -> None:
    found = run_python(call)
    assert found == js_engine.run_batch([call])[0]
    assert found["error"] == {"code": "bad_input", "message": message,
                              "path": message.split(" ")[0]}
