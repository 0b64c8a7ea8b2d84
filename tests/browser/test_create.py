"""Every module sub-type can be created in Foundry, as a GM does from the sidebar's Create
button: Foundry cleans the new document's `system` (each missing field takes its `initial`),
then validates it, and refuses the document if a required field has none ("may not be
undefined"). The harness's `Document.create` does the same, through the module's data models."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage

CREATE = """async ([documentName, type]) => {
    const cls = CONFIG[documentName].documentClass;
    try {
        const made = await cls.create({name: `New ${type}`, type});
        const again = new cls(made.toObject());  // and it loads again, as from the database
        return {ok: true, system: again.system.toObject(), token: made.prototypeToken ?? null};
    } catch (e) {
        return {ok: false, error: e.message};
    }
}"""


def subtypes(module: BuiltModule) -> list[tuple[str, str]]:
    return [(document_name, f"{module.id}.{subtype}")
            for document_name, found in module.manifest["documentTypes"].items()
            for subtype in found]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_every_subtype_can_be_created_with_valid_initial_values(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    created, refused = 0, []
    for module in shipped_modules:
        page = open_page(module, generation)
        for document_name, type_ in subtypes(module):
            made = page.evaluate(CREATE, [document_name, type_])
            if not made["ok"]:
                refused.append(f"{type_}: {made['error']}")
                continue
            if document_name == "Actor":  # Foundry's default prototype token
                assert made["token"] == {"actorLink": False, "disposition": -1}
            created += 1
        page.take_problems()  # a refusal also shows an error notification
    assert refused == []
    assert created >= 10


def test_a_player_may_not_create_an_item(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    """ITEM_CREATE and ACTOR_CREATE default to the Assistant role."""
    module = shipped_modules[0]
    page = open_page(module)
    document_name, type_ = subtypes(module)[0]
    as_player = """async (args) => {
        const gm = game.user;
        game.user = new User({_id: "harnessPlayer001", name: "Player", role: 1, _active: true});
        try { return await (CREATE)(args); } finally { game.user = gm; }
    }""".replace("CREATE", CREATE)
    refused = page.evaluate(as_player, [document_name, type_])
    assert refused == {"ok": False, "error": f"User Player lacks permission to create "
                       f"{document_name} [{refused['error'].split('[')[1].split(']')[0]}]"}
    assert page.take_problems() == [f"console error: {refused['error']}"]
