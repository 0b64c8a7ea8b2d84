"""The SDM dialogs no card's showcase opens, and the case that opens each (`dialog_shots.py`):
the players' order of a tie, SDM-G15 (the initiative case with Bram and his twin Bea tied)."""

from __future__ import annotations

from dialog_shots import DialogCase

from sdm_pool.kinds import initiative_cases

DIALOG_CASES = {"tie": DialogCase("sdm_pool.rollInitiative", lambda ctx: initiative_cases(ctx)[-1])}
