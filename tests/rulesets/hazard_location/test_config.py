"""hazard_location's config schema is the engines' too: an option it refuses, both refuse."""

from __future__ import annotations

from rules_parity import NodeEngine, canonical, run_python


def test_a_schema_violating_override_is_refused_by_both_engines(js_engine: NodeEngine) -> None:
    """The schema's enums are the engines' too: an unknown option is `bad_config` in both."""
    case = {
        "ruleset": "hazard_location", "rule": "resolve_hit", "config": {"contest_tie": "target"},
        "input": {"attacker_successes": 2, "defender_successes": 2, "defence_kind": None,
                  "attacker_dv": 3, "defender_dv": None},
        "dice": [],
    }
    python, js = run_python(case), js_engine.run(case)
    assert python["error"]["code"] == "bad_config"
    assert canonical(python) == canonical(js)
