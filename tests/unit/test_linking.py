"""Cross-file checks and the ContentSet, on validated documents built in the test."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.checks import check_table
from compiler.linking import FolderContent, link
from compiler.model import Author, Mark, SourceDoc
from compiler.validation import Checked

MANIFEST = {
    "id": "demo", "title": "Demo", "version": "1.0.0", "description": "", "ruleset": "common_only",
    "authors": [{"name": "Ada", "url": "https://example.org"}], "foundry_system": "worldbuilding",
    "damage_types": [{"id": "fire", "name": "Fire"}], "rules_config": {"x": 1},
}


@pytest.fixture(autouse=True)
def _plugins(common_only: str) -> None:
    """The rulesets here use `common_only`, the shared kinds alone (tests/plugins/)."""


def _doc(kind: str, data: dict[str, Any], path: str = "") -> Checked:
    folder = {"weapon": "weapons", "armor": "armor", "card": "cards", "power": "powers",
              "hit_locations": "hit_locations", "fighter": "fighters"}[kind]
    path = path or f"c/demo/{folder}/{data['id']}.yaml"
    marks = {(): Mark(1, 1), ("id",): Mark(1, 5)}
    return Checked(SourceDoc(path, kind, data, marks), data)


def _manifest(**changes: Any) -> Checked:
    data = {**MANIFEST, **changes}
    return Checked(SourceDoc("c/demo/ruleset.yaml", "manifest", data, {("id",): Mark(1, 5)}), data)


def _folder(
    *documents: Checked, manifest: Checked | None = None, name: str = "demo"
) -> FolderContent:
    manifest = manifest if manifest is not None else _manifest()
    return FolderContent(name, "common_only", manifest, documents)


def _messages(*folders: FolderContent) -> list[str]:
    return [d.format() for d in sorted(link("c", folders).diagnostics)]


TABLE = {"id": "human", "name": "Human", "die": 4, "locations": [
    {"id": "head", "name": "Head", "range": [1, 1]},
    {"id": "torso", "name": "Torso", "range": [2, 4]},
]}
ITEMS = {"weapons": ["axe"], "armor": [], "cards": [], "powers": []}


def test_a_consistent_folder_links_into_a_sorted_ruleset() -> None:
    fighter = _doc("fighter", {"id": "hand", "name": "Hand", "species": "human", "items": ITEMS})
    weapon = _doc("weapon", {"id": "axe", "name": "Axe", "damage_type": "fire"})
    armor = _doc("armor", {"id": "coat", "name": "Coat", "coverage": ["torso"]})
    linked = link("c", [_folder(weapon, fighter, armor, _doc("hit_locations", TABLE))])
    assert linked.diagnostics == ()
    (ruleset,) = linked.content.rulesets
    assert linked.content.root == "c"
    assert [(d.kind, d.key) for d in ruleset.documents] == [
        ("armor", "coat"), ("fighter", "hand"), ("hit_locations", "human"), ("weapon", "axe"),
    ]
    assert ruleset.of_kind("weapon")[0].data is weapon.data
    assert (ruleset.folder, ruleset.module_id, ruleset.engine) == ("demo", "demo", "common_only")
    assert ruleset.authors == (Author("Ada", "https://example.org", None),)
    assert ruleset.rules_config == {"x": 1}
    assert ruleset.release_url_base is None
    assert ruleset.manifest.data["foundry_system"] == "worldbuilding"


def test_rulesets_are_sorted_and_a_folder_without_manifest_is_left_out() -> None:
    b = _folder(manifest=_manifest(id="b"), name="b")
    a = _folder(manifest=_manifest(id="a"), name="a")
    orphan = FolderContent("c", None, None, (_doc("weapon", {"id": "Axe", "name": "A"}),))
    linked = link("c", [b, orphan, a])
    assert [r.folder for r in linked.content.rulesets] == ["a", "b"]
    assert [d.message[:18] for d in linked.diagnostics] == ["'Axe' is not an id"]


@pytest.mark.parametrize("key", ["sword\n", "Sword", "sword٣", "a--b", "../x", "a/b"])
def test_ids_are_rechecked_as_ecmascript_would(key: str) -> None:
    document = _doc("weapon", {"id": key, "name": "X"}, path=f"c/demo/weapons/{key}.yaml")
    rule = "lower-case a-z and 0-9 in words joined by single hyphens"
    expected = f"$.id: {key!r} is not an id: {rule}"
    shown = key.replace("\n", "\\u000a")  # a line break in a file name is shown escaped
    assert [m for m in _messages(_folder(document)) if "is not an id" in m] == [
        f"c/demo/weapons/{shown}.yaml:1:5: {expected}"
    ]


@pytest.mark.parametrize("key", ["con", "prn", "aux", "nul", "com1", "com9", "lpt1", "lpt0"])
def test_windows_device_names_are_refused(key: str) -> None:
    assert _messages(_folder(_doc("weapon", {"id": key, "name": "X"}))) == [
        f"c/demo/weapons/{key}.yaml:1:5: $.id: {key!r} is a device name on Windows and cannot"
        " name a file; choose another id"
    ]


def test_a_reserved_module_id_is_refused() -> None:
    assert _messages(_folder(manifest=_manifest(id="aux"))) == [
        "c/demo/ruleset.yaml:1:5: $.id: 'aux' is a device name on Windows and cannot name a"
        " file; choose another id"
    ]


def test_file_name_must_be_the_id() -> None:
    document = _doc("weapon", {"id": "axe", "name": "Axe"}, path="c/demo/weapons/hatchet.yaml")
    assert _messages(_folder(document)) == [
        "c/demo/weapons/hatchet.yaml:1:5: $.id: id 'axe' does not match the file name"
        " 'hatchet.yaml'; the file must be axe.yaml"
    ]


def test_duplicates_are_found_case_folded_and_name_the_first_file() -> None:
    first = _doc("weapon", {"id": "sword", "name": "A"}, path="c/demo/weapons/a.yaml")
    second = _doc("weapon", {"id": "Sword", "name": "B"}, path="c/demo/weapons/b.yaml")
    other_kind = _doc("armor", {"id": "sword", "name": "C"})
    messages = [m for m in _messages(_folder(first, second, other_kind)) if "duplicate" in m]
    assert messages == [
        "c/demo/weapons/b.yaml:1:5: $.id: duplicate weapon id 'Sword':"
        " c/demo/weapons/a.yaml:1:5 uses it too"
    ]


def test_module_ids_are_unique_across_rulesets() -> None:
    one = _folder(name="one")
    two = FolderContent("two", "common_only", Checked(
        SourceDoc("c/two/ruleset.yaml", "manifest", MANIFEST, {("id",): Mark(2, 5)}), MANIFEST
    ), ())
    assert _messages(one, two) == [
        "c/two/ruleset.yaml:2:5: $.id: duplicate module id 'demo':"
        " c/demo/ruleset.yaml:1:5 uses it too"
    ]


def test_references_name_the_likely_target() -> None:
    fighter = _doc("fighter", {"id": "hand", "name": "Hand", "species": "humn", "items": {
        "weapons": ["ax"], "armor": ["coat"], "cards": ["x"], "powers": []}})
    weapon = _doc("weapon", {"id": "axe", "name": "Axe", "damage_type": "fir"})
    messages = [m.split(": ", 1)[1] for m in _messages(_folder(fighter, weapon))]
    assert messages == [
        "$.items.armor[0]: unknown armor 'coat'; this ruleset has no armor",
        "$.items.cards[0]: unknown card 'x'; this ruleset has no cards",
        "$.items.weapons[0]: unknown weapon 'ax'; did you mean 'axe'?",
        "$.species: unknown hit-location table 'humn'; this ruleset has no hit-location tables",
        "$.damage_type: unknown damage type 'fir'; did you mean 'fire'?",
    ]


def test_damage_types_are_not_checked_without_a_valid_manifest() -> None:
    weapon = _doc("weapon", {"id": "axe", "name": "Axe", "damage_type": "anything"})
    assert _messages(FolderContent("demo", None, None, (weapon,))) == []


def test_coverage_must_name_a_location_of_some_table() -> None:
    armor = _doc("armor", {"id": "coat", "name": "Coat",
                           "coverage": ["torso", {"location": "tail", "percent": 5}, "hed"]})
    table = _doc("hit_locations", TABLE)
    messages = [m.split(": ", 1)[1] for m in _messages(_folder(armor, table))]
    assert messages == [
        "$.coverage[1].location: unknown hit location 'tail' (known: head, torso)",
        "$.coverage[2]: unknown hit location 'hed'; did you mean 'head'?",
    ]


def _table(*ranges: list[int], die: int = 10) -> list[str]:
    locations = [{"id": f"l{i}", "name": "L", "range": r} for i, r in enumerate(ranges)]
    source = SourceDoc("t.yaml", "hit_locations", {}, {})
    return [d.json_path + ": " + d.message for d in check_table(source, {"die": die,
                                                                           "locations": locations})]


def test_a_table_covering_every_roll_once_passes() -> None:
    assert _table([1, 3], [4, 4], [5, 10]) == []


def test_gaps_and_overlaps_are_named() -> None:
    assert _table([1, 3], [3, 4], [2, 6], [9, 10]) == [
        "$.locations[1].range: overlaps 'l0' (locations[0]) on roll 3",
        "$.locations[2].range: overlaps 'l0' (locations[0]) on rolls 2..3",
        "$.locations[2].range: overlaps 'l1' (locations[1]) on roll 4",
        "$.locations[3].range: no location covers rolls 7..8 of the d10 (the gap before 'l3')",
    ]


def test_a_gap_is_reported_at_the_row_next_to_it() -> None:
    """The row after the gap, else the row before it (a gap at the end), else the table."""
    assert _table([1, 2], [5, 8]) == [
        "$.locations[1].range: no location covers rolls 3..4 of the d10 (the gap before 'l1')",
        "$.locations[1].range: no location covers rolls 9..10 of the d10 (the gap after 'l1')",
    ]
    assert _table([9, 6], die=10) == [
        "$.locations[0].range: range [9, 6] runs backwards",
        "$.locations: no location covers rolls 1..10 of the d10",
    ]


def test_backwards_and_oversized_ranges_are_named() -> None:
    assert _table([1, 5], [9, 6], [6, 12], die=10) == [
        "$.locations[1].range: range [9, 6] runs backwards",
        "$.locations[2].range: range [6, 12] goes past 10, the highest roll of the die",
    ]


def test_location_ids_are_unique_within_a_table() -> None:
    source = SourceDoc("t.yaml", "hit_locations", {}, {})
    data = {"die": 2, "locations": [{"id": "a", "range": [1, 1]}, {"id": "a", "range": [2, 2]}]}
    assert [d.message for d in check_table(source, data)] == [
        "duplicate location id 'a': locations[0] uses it too"
    ]


def test_a_value_above_the_sibling_it_is_bounded_by_is_named() -> None:
    """`x-rulepack-at-most` (hazard_location: current_av <= max_av, dv_current <= dv_max)."""
    armor = _doc("armor", {"id": "coat", "name": "Coat", "max_av": 4, "current_av": 5,
                           "coverage": ["torso"], "layer": 1})
    weapon = _doc("weapon", {"id": "axe", "name": "Axe", "mode": "melee", "dv_max": 3,
                             "dv_current": 3})
    hz = FolderContent("demo", "hazard_location", _manifest(ruleset="hazard_location"),
                       (armor, weapon, _doc("hit_locations", TABLE)))
    assert _messages(hz) == ["c/demo/armor/coat.yaml:1:1: $.current_av: 5 is more than max_av (4)"]


def test_a_watch_links_again_only_the_documents_that_changed() -> None:
    """`LinkMemo`: the same document objects under the same targets are not checked again;
    a new object is, and a change of what references may name checks every document."""
    from compiler.linking import LinkMemo

    memo = LinkMemo()
    axe = _doc("weapon", {"id": "axe", "name": "Axe", "damage_type": "fire"})
    club = _doc("weapon", {"id": "club", "name": "Club", "damage_type": "fir"})

    def run(*documents: Checked, manifest: Checked | None = None) -> list[str]:
        memo.checked = 0
        linked = link("c", [_folder(*documents, manifest=manifest)], memo=memo)
        return [d.format() for d in sorted(linked.diagnostics)]

    typo = ["c/demo/weapons/club.yaml:1:1: $.damage_type: unknown damage type 'fir'; "
            "did you mean 'fire'?"]
    assert run(axe, club) == typo and memo.checked == 2
    assert run(axe, club) == typo and memo.checked == 0  # the last run's problems
    fixed = _doc("weapon", {"id": "club", "name": "Club", "damage_type": "fire"})
    assert run(axe, fixed) == [] and memo.checked == 1
    cold = _manifest(damage_types=[{"id": "cold", "name": "Cold"}])
    assert run(axe, fixed, manifest=cold) == [
        f"c/demo/weapons/{name}.yaml:1:1: $.damage_type: unknown damage type 'fire' (known: cold)"
        for name in ("axe", "club")
    ] and memo.checked == 2
