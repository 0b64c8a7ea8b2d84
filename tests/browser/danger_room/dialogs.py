"""The Danger Room dialogs no card's showcase opens (`dialog_shots.py`): the weapon change's
form (DR-G36), which no shipped card opens; test_weapons.py shoots it on the module it builds
with a "Change Grip" card."""

from __future__ import annotations

from dialog_shots import ShotElsewhere

DIALOG_CASES = {"wield": ShotElsewhere("tests/browser/danger_room/test_weapons.py")}
