"""docs/status.md must say, item by item, what the golden fixtures prove today."""

from __future__ import annotations

from catalogue_status import RULESETS, coverage, current, render


def test_status_doc_is_current() -> None:
    stale = "docs/status.md is stale: run python tests/catalogue_status.py --write"
    assert current() == render(), stale


def test_fixtures_cover_only_their_rulesets_ids() -> None:
    for ruleset in RULESETS:
        ids, covered = coverage(ruleset)
        prefix = ids[0].split("-")[0] + "-"
        stray = sorted(i for i in covered if i.startswith(prefix) and i not in ids)
        assert not stray, f"{ruleset}: fixtures cover ids the catalogue does not have: {stray}"
