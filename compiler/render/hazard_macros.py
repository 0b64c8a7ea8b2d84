"""The Hazard Dice macros: Attack and Blast, for hazard_location modules only.

Each command calls one method of `game.modules.get(id).api.hazard_location`
(`module_template/scripts/foundry/hazard/api.mjs`) with no argument: the macro reads the canvas
(the controlled and targeted tokens, a selected measured template) and asks the rest in its
windows.
"""

from __future__ import annotations

from compiler.model import Ruleset
from compiler.packing import MacroSpec
from compiler.render.environment import render

ENGINE = "hazard_location"
#: (key, name, template, icon); every icon ships with core Foundry (`icons/svg/`).
MACROS: tuple[tuple[str, str, str, str], ...] = (
    ("hazard-attack", "Hazard Dice: Attack", "macros/hazard-attack.js.j2", "icons/svg/sword.svg"),
    ("hazard-blast", "Hazard Dice: Blast", "macros/hazard-blast.js.j2", "icons/svg/fire.svg"),
)


def hazard_location_macros(ruleset: Ruleset) -> tuple[MacroSpec, ...]:
    """The Attack and Blast macros of a hazard_location module; none for other engines."""
    if ruleset.engine != ENGINE:
        return ()
    return tuple(
        MacroSpec(key=key, name=name, command=render(template, module_id=ruleset.module_id),
                  img=icon)
        for key, name, template, icon in MACROS
    )
