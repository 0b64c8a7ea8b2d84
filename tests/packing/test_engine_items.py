"""A fighter carries an engine's own Item kinds too: danger_room's Active Defences are embedded."""

from __future__ import annotations

import pytest
from pack_samples import MODULE_ID, document, make_ruleset

from compiler.errors import BuildError
from compiler.packing import foundry_documents
from compiler.packing.kinds import carried_fields, item_kinds
from compiler.schemas import default_schemas

PHASING = {"id": "phasing", "name": "Phasing", "speed": 6, "movement": 3, "uses_per_fight": 1}


def test_each_item_kind_is_carried_under_its_folder_name() -> None:
    common = {"weapons": "weapon", "armor": "armor", "cards": "card", "powers": "power"}
    for engine in default_schemas().engines():
        fields = carried_fields(make_ruleset(engine=engine))
        assert common.items() <= fields.items()
        assert sorted(fields.values()) == sorted(item_kinds(make_ruleset(engine=engine)))
    assert carried_fields(make_ruleset())["active_defences"] == "active_defence"


def test_a_fighter_embeds_the_active_defences_it_carries() -> None:
    fighter = document("fighter", {"id": "x-23", "name": "X-23", "items": {
        "cards": ["block"], "active_defences": ["phasing"]}})
    ruleset = make_ruleset((
        document("card", {"id": "block", "name": "Block", "speed": 4}),
        document("active_defence", PHASING),
        fighter,
    ))
    packs = {p.name: p for p in foundry_documents(ruleset, (), ())}
    [actor] = packs["actors-worldbuilding"].entries
    carried = [(i["flags"][MODULE_ID]["kind"], i["type"]) for i in actor["items"]]
    assert carried == [("card", f"{MODULE_ID}.card"),
                       ("active_defence", f"{MODULE_ID}.active_defence")]
    source = next(i for i in packs["items-worldbuilding"].entries if i["name"] == "Phasing")
    assert actor["items"][1]["system"] == source["system"]


def test_an_unknown_active_defence_fails_the_build() -> None:
    fighter = document("fighter", {"id": "x", "name": "X", "items": {"active_defences": ["nope"]}})
    with pytest.raises(BuildError, match="fighter x: unknown active_defence 'nope'"):
        foundry_documents(make_ruleset((fighter,)), (), ())
