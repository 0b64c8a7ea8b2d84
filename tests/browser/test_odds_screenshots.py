"""docs/screenshots/odds/ holds the roll dialogs with live odds that the odds tests write, in
v12 and v13 (issue 16's acceptance): the Hazard Dice, SDM and fate_wounds attack windows, the
Hazard Called Shot window, the Crytures power window, the fate_wounds defence window (on the
defender's player's client: fate_wounds/test_defence_shots.py) and the Danger Room BOOST, save
and contest forms, as the GM sees them and as a player sees them in each disclosure mode."""

from __future__ import annotations

from browser_page import GENERATIONS, REPO

SHOTS = REPO / "docs" / "screenshots" / "odds"
MODES = ("exact", "label", "hidden")


def test_docs_have_every_odds_screenshot() -> None:
    expected = [f"hazard_location-odds-gm-exact-v{g}.png" for g in GENERATIONS]
    expected += [f"hazard_location-odds-player-{m}-v{g}.png" for m in MODES for g in GENERATIONS]
    expected += [f"danger_room-odds-gm-exact-v{g}.png" for g in GENERATIONS]
    expected += [f"crytures-odds-gm-exact-v{g}.png" for g in GENERATIONS]
    expected += [f"crytures-odds-player-{m}-v{g}.png" for m in MODES for g in GENERATIONS]
    expected += [f"fate_wounds-odds-defence-gm-exact-v{g}.png" for g in GENERATIONS]
    expected += [f"hazard_location-odds-called-gm-exact-v{g}.png" for g in GENERATIONS]
    expected += [f"hazard_location-odds-called-player-{m}-v{g}.png" for m in MODES
                 for g in GENERATIONS]
    expected += [f"danger_room-odds-{form}-gm-exact-v{g}.png" for form in ("save", "contest")
                 for g in GENERATIONS]
    expected += [f"danger_room-odds-{form}player-{m}-v{g}.png" for form in ("", "save-", "contest-")
                 for m in MODES for g in GENERATIONS]
    expected += [f"fate_wounds-odds-defence-player-{m}-v{g}.png" for m in MODES
                 for g in GENERATIONS]
    for ruleset in ("sdm_pool", "fate_wounds"):
        expected += [f"{ruleset}-odds-gm-exact-v{g}.png" for g in GENERATIONS]
        expected += [f"{ruleset}-odds-player-{m}-v{g}.png" for m in MODES for g in GENERATIONS]
    assert sorted(p.name for p in SHOTS.glob("*.png")) == sorted(expected), (
        "run tests/browser/*/test_odds.py")
