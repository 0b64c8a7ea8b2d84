"""The Danger Room's secret picks (`foundry/danger_room/commit.mjs`), run in Node from the built
module: a reveal matches its commitment only with the committed card and nonce. Every other card
of the module is refused, those of the same Speed included (the Speed check cannot tell them
apart, so only the hash can), and so is the committed card with a wrong nonce or none. The hash
is SHA-256 of `card|nonce` in UTF-8, as Python's hashlib computes it. The browser tests
(`tests/browser/danger_room/test_table.py`) show the same refusals at a table of three clients.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import yaml
from node_tools import REPO, NodeTools

PROBE = Path(__file__).resolve().parent / "commit_probe.mjs"
CONTENT = REPO / "content" / "danger_room"
#: Not a shipped card: a key with a character outside ASCII, so the hash is seen to be UTF-8's.
UNICODE_KEY = "épée-ß"


def card_speeds() -> dict[str, int]:
    """Every card and Active Defence of the shipped Danger Room content, with its Speed."""
    speeds = {}
    for kind in ("cards", "active_defences"):
        for path in sorted((CONTENT / kind).glob("*.yaml")):
            doc = yaml.safe_load(path.read_text(encoding="utf-8"))
            speeds[doc["id"]] = int(doc["speed"])
    return speeds


def probe(tools: NodeTools, module: Path, cards: list[str]) -> list[dict[str, Any]]:
    result = tools.call(PROBE, module, cwd=module, stdin=json.dumps({"cards": cards}))
    assert result.returncode == 0, result.stderr
    report: list[dict[str, Any]] = json.loads(result.stdout)
    return report


def test_a_reveal_matches_only_the_committed_card_and_nonce(
    node_tools: NodeTools, built_modules: list[Path],
) -> None:
    [module] = [m for m in built_modules if m.name == "rulepack-danger-room"]
    speeds = card_speeds()
    same_speed = [(a, b) for a in speeds for b in speeds if a < b and speeds[a] == speeds[b]]
    assert ("barrier", "block") in same_speed  # what the three-client browser test swaps
    report = probe(tools=node_tools, module=module, cards=[*speeds, UNICODE_KEY])
    assert [r["card"] for r in report] == [*speeds, UNICODE_KEY]
    for entry in report:
        card, nonce = entry["card"], entry["nonce"]
        assert re.fullmatch(r"[0-9a-f]{32}", nonce), nonce
        assert entry["hash"] == hashlib.sha256(f"{card}|{nonce}".encode()).hexdigest()
        assert entry["itself"] is True, card
        assert entry["others"] == {other: False for other in report_cards(report) if other != card}
        assert entry["wrongSalt"] is False and entry["noSalt"] is False, card
    assert len({r["nonce"] for r in report}) == len(report), "every pick has a fresh nonce"


def report_cards(report: list[dict[str, Any]]) -> list[str]:
    return [r["card"] for r in report]
