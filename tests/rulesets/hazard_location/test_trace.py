"""The Hazard Dice chat-card trace: every event an attack, a blast or one of their steps emits
has a TRACE entry naming a catalogue item of the ruleset, and its label fills every placeholder.

Events are taken from the hazard_location golden fixtures, so a new event type in the engine
fails here until TRACE (module_template/scripts/foundry/hazard_location/trace.mjs) knows it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml
from node_tools import REPO, NodeTools

#: The probe every ruleset's trace check uses (tests/foundry/test_traces.py).
PROBE = REPO / "tests" / "foundry" / "trace_probe.mjs"
TRACE = REPO / "module_template" / "scripts" / "foundry" / "hazard_location" / "trace.mjs"
LANGS = (REPO / "module_template" / "lang" / "en.json",
         REPO / "module_template" / "lang" / "hazard_location" / "en.json")
GOLDEN = REPO / "tests" / "golden" / "hazard_location"
#: The rules whose events a Hazard Dice card shows (the attack and blast macros and their steps).
CARD_RULES = frozenset({
    "attack", "blast", "called_shot_options", "called_shot_penalty", "hit_location", "armor_roll",
    "apply_damage", "range_penalty", "blast_damage", "weapon_wear",
})
LEFTOVER = re.compile(r"\{\w+\}|undefined|NaN|\[object")


def card_events() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted(GOLDEN.glob("*.yaml")):
        fixture = yaml.safe_load(path.read_text(encoding="utf-8"))
        if fixture["rule"] in CARD_RULES and "events" in fixture["expected"]:
            found += [(fixture["rule"], event) for event in fixture["expected"]["events"]]
    return found


def formatted(node_tools: NodeTools, events: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    result = node_tools.call(PROBE, TRACE, *LANGS, cwd=REPO, stdin=json.dumps({"events": events}))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["missing"] == [], f"lang keys missing: {out['missing']}"
    lines: list[Any] = out["lines"]
    return lines


def test_every_card_event_has_a_catalogue_id_and_a_full_label(node_tools: NodeTools) -> None:
    events = card_events()
    assert {e["type"] for _, e in events} >= {"step", "armor_roll", "ablation", "blast_damage"}
    catalogue = set((GOLDEN / "catalogue_ids.txt").read_text(encoding="utf-8").split())
    for (rule, event), line in zip(events, formatted(node_tools, events), strict=True):
        assert line["id"] in catalogue, (rule, event, line)
        assert not LEFTOVER.search(line["text"]), (rule, event, line)


def test_ids_follow_the_event(node_tools: NodeTools) -> None:
    """A called location is HZ-R19, a rolled one HZ-R15; a fallback table HZ-G30."""
    events = [
        ("attack", {"type": "hit_location", "table": "human", "location": "head", "called": True}),
        ("attack", {"type": "hit_location", "table": "human", "face": 5, "location": "head",
                    "called": False}),
        ("attack", {"type": "table", "species": None, "table": "human", "fallback": True}),
    ]
    lines = formatted(node_tools, events)
    assert [line["id"] for line in lines] == ["HZ-R19", "HZ-R15", "HZ-G30"]
    assert lines[1]["text"] == "table human: d100 shows 5 → head"
