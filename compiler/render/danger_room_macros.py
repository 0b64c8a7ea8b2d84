"""The Danger Room's macros: one per card a fighter can play, and one per step of the Turn.

Each macro's command calls one method of `game.modules.get(id).api.danger_room`
(`module_template/scripts/foundry/danger-room/api.mjs`); the card macros pass the card's author
key, the others nothing (they ask what they need in a dialog).
"""

from __future__ import annotations

import re

from markupsafe import Markup

from compiler.model import Ruleset
from compiler.packing import MacroSpec
from compiler.render.environment import render

ENGINE = "danger_room"
CARD_ICON = "icons/svg/sword.svg"
DEFENCE_ICON = "icons/svg/shield.svg"
#: (key, name, API method, icon, what the macro does): the Turn's steps and the cardless rolls.
ACTIONS: tuple[tuple[str, str, str, str, str], ...] = (
    ("pick-card", "Pick a card", "pickCard", "icons/svg/card-hand.svg",
     "Pick the card of your one selected fighter for this Turn, in secret."),
    ("reveal-speeds", "Reveal Speeds", "revealSpeeds", "icons/svg/eye.svg",
     "GM: once every fighter has picked, reveal the Speeds and put the order in the tracker."),
    ("wait", "Wait", "wait", "icons/svg/sleep.svg",
     "On its turn, your selected fighter Waits: it acts after everyone else (once per Turn)."),
    ("end-turn", "End the Turn", "endTurn", "icons/svg/clockwork.svg",
     "GM: conditions and defences that run out end; the next round begins."),
    ("visibility", "Set the Visibility", "setVisibility", "icons/svg/sun.svg",
     "GM: the location's Visibility, whose penalty dice attacks and Perception checks take."),
    ("save", "Save without a card", "cardlessSave", "icons/svg/d20-black.svg",
     "Your selected fighter saves against an attacker's successes (a tie is a save)."),
    ("contest", "Contest", "contest", "icons/svg/combat.svg",
     "Your selected fighter contests the one you target, each with the attribute you name."),
    ("take-blow", "Take a blow", "takeBlow", "icons/svg/blood.svg",
     "Your selected fighter loses Health; crossing 0 makes the zero-Health roll."),
    ("aftermath", "Aftermath", "aftermath", "icons/svg/book.svg",
     "GM: the aftermath report: end states, items left, the Resurrection queue, the XP split."),
)
_METHOD = re.compile(r"^[a-z][A-Za-z]*$")


def danger_room_macros(ruleset: Ruleset) -> tuple[MacroSpec, ...]:
    """A macro per card and Active Defence (in key order), then one per Turn step and roll."""
    if ruleset.engine != ENGINE:
        return ()
    cards = [(d, CARD_ICON) for d in ruleset.of_kind("card")]
    cards += [(d, DEFENCE_ICON) for d in ruleset.of_kind("active_defence")]
    macros = [
        MacroSpec(
            key=f"danger-room-card-{doc.key}", name=f"Danger Room: {doc.data['name']}",
            command=render(
                "macros/danger-room-card.js.j2", module_id=ruleset.module_id, card_key=doc.key
            ),
            img=icon,
        )
        for doc, icon in sorted(cards, key=lambda pair: pair[0].key)
    ]
    for key, name, method, icon, comment in ACTIONS:
        assert _METHOD.match(method), method  # fixed identifiers, never author text
        command = render(
            "macros/danger-room-action.js.j2", module_id=ruleset.module_id,
            method=Markup(method), comment=Markup(comment),
        )
        macros.append(MacroSpec(key=f"danger-room-{key}", name=f"Danger Room: {name}",
                                command=command, img=icon))
    return tuple(macros)
