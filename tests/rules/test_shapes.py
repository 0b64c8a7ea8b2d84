"""Every engine declares the shape of every rule's input, in the dialect, and both engines read
through those shapes with the same words.

The shapes are the one source of input checking (docs/architecture.md, "The two rule engines"):
each rule has its shape, in `RULES` order; the inputs document and the rules_config schema pass
`compiler.rules.dialect`; and a malformed value gets the same code and message from both engines.
"""

from __future__ import annotations

import pytest
from rules_parity import NodeEngine, canonical, run_python

from compiler.rules.dialect import check_config_dialect, check_dialect
from compiler.rules.registry import engine_names, engines


@pytest.mark.parametrize("name", engine_names())
def test_every_rule_has_a_shape_in_file_order(name: str) -> None:
    engine = engines()[name]
    assert list(engine.inputs.get("properties", {})) == list(engine.rules)


@pytest.mark.parametrize("name", engine_names())
def test_the_inputs_and_config_are_in_the_dialect(name: str) -> None:
    engine = engines()[name]
    assert check_dialect(engine.inputs) == []
    assert check_config_dialect(engine.config_schema) == []


CASES = [
    ("count_at_least", {"die": 10, "count": 2, "min_face": 6}, "input.roll_mod is required"),
    ("count_at_least", {"die": 10, "count": 2, "min_face": 6, "roll_mod": 0, "x": 1},
     "input.x is not a known field"),
    ("count_at_least", {"die": 1, "count": 2, "min_face": 6, "roll_mod": 0},
     'input.die must be an integer die size 2..1000 or "F"'),
    ("roll_off", {"die": 6, "group": ["a", "b", "a"]}, "input.group[2] repeats input.group[0]"),
    ("opposed", {"a": 1, "d": 2, "tie": "nobody"}, "input.tie must be one of attacker, defender"),
    ("halve", {"value": True}, "input.value must be an integer in -2147483647..2147483647"),
    ("d20_vs", {"die": 20, "mods": [1] * 1001, "tn": 10, "meet": True},
     "input.mods must be a list of at most 1000 items"),
]


@pytest.mark.parametrize(("rule", "inp", "message"), CASES, ids=[c[2] for c in CASES])
def test_both_engines_refuse_with_the_same_words(
    rule: str, inp: dict[str, object], message: str, js_engine: NodeEngine
) -> None:
    case = {"ruleset": "primitives", "rule": rule, "config": {}, "input": inp, "dice": []}
    python = run_python(case)
    path = message.split(" ")[0]
    assert python == {"error": {"code": "bad_input", "message": message, "path": path}}
    assert canonical(js_engine.run(case)) == canonical(python)


def test_a_config_value_outside_its_schema_is_bad_config_in_both(js_engine: NodeEngine) -> None:
    case = {"ruleset": "primitives", "rule": "fate", "config": {"fate_dice": 101},
            "input": {"modifier": 0}, "dice": []}
    python = run_python(case)
    assert python["error"] == {"code": "bad_config", "path": "config.fate_dice",
                               "message": "config.fate_dice must be an integer in 0..100"}
    assert canonical(js_engine.run(case)) == canonical(python)
