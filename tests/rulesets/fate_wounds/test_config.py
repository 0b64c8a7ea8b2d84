"""fate_wounds' config and rule inputs: declared once, in the shapes dialect, used by both engines.

The harness reads every fate_wounds config through its rules_config schema and every input
through the rule's shape (so the schema must stay in the dialect); every rule has a shape and
every shape a rule; an option the schema refuses, both engines refuse.
"""

from __future__ import annotations

from rules_parity import NodeEngine, canonical, run_python

from compiler.rules.registry import engines

ENGINE = engines()["fate_wounds"]


def test_a_schema_violating_override_is_refused_by_both_engines(js_engine: NodeEngine) -> None:
    """FW-G09: skill_terms_per_roll is 1 or 2; FW-G12: recovery one of its two."""
    for config in ({"skill_terms_per_roll": 3}, {"recovery": "rest"}):
        case = {"ruleset": "fate_wounds", "rule": "compare", "config": config,
                "input": {"attack": 1, "defence": 0}, "dice": []}
        python, js = run_python(case), js_engine.run(case)
        assert python["error"]["code"] == "bad_config"
        assert canonical(python) == canonical(js)


def test_the_config_s_own_checks_run_before_every_rule(js_engine: NodeEngine) -> None:
    """FW-G05, FW-G10: a ladder with a gap or a default track with a gap is refused even by a
    rule that reads neither; the shape cannot say so, `settings` does."""
    gapped = {"result_ladder": [{"value": 0, "label": "Fair"}, {"value": 2, "label": "Great"}]}
    track = {"wound_track": {"columns": [
        {"id": "a", "min": 1, "max": 2, "boxes": 1, "effect": "none"},
        {"id": "b", "min": 4, "max": None, "boxes": 1, "effect": "incapacitated"}]}}
    for config in (gapped, track):
        case = {"ruleset": "fate_wounds", "rule": "compare", "config": config,
                "input": {"attack": 1, "defence": 0}, "dice": []}
        python, js = run_python(case), js_engine.run(case)
        assert python["error"]["code"] == "bad_config", python
        assert canonical(python) == canonical(js)
