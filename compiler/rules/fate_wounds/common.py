"""Checks shared by the fate_wounds rules: wound tracks and the config (mirror: `common.mjs`).

The shapes (`inputs.schema.json`, the rules_config schema) are checked before a rule runs; these
are the checks a shape cannot express: a track's ranges, unique ids, a ladder's run of values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.fate_wounds.ladder import SCALES, check_ladder
from compiler.rules.shapes import fail

EFFECT_LEVELS: Mapping[str, int] = {"disadvantage": 1, "double_disadvantage": 2}
"""FW-R13: the Disadvantage level a checked box of a column with this effect gives."""

OUT = "incapacitated"


def check_track(track: Mapping[str, Any], where: str) -> None:
    """FW-R09, FW-G10, FW-G11: the columns run on from 1 with no gap or overlap to an open top
    (only the last `max` is null) whose effect is `incapacitated`; column ids are unique."""
    columns: Sequence[Mapping[str, Any]] = track["columns"]
    if not columns:
        raise fail(where, f"{where}.columns needs at least one column")
    wanted = 1
    for index, column in enumerate(columns):
        at = f"{where}.columns[{index}]"
        if column["id"] in [c["id"] for c in columns[:index]]:
            raise fail(where, f"{at}.id repeats an earlier column")
        if column["min"] != wanted:
            raise fail(where, f"{at}.min must be {wanted}: the columns run on from 1 (FW-R09)")
        _check_top(column, at, index == len(columns) - 1)
        wanted = column["max"] + 1 if column["max"] is not None else wanted


def _check_top(column: Mapping[str, Any], at: str, last: bool) -> None:
    top = column["max"]
    if top is None and not last:
        raise fail(at, f"{at}.max may be null only on the last column (the open top)")
    if top is not None and last:
        raise fail(at, f"{at}.max must be null: the last column has an open top (FW-R09)")
    if top is not None and top < column["min"]:
        raise fail(at, f"{at}.max must be at least its min")
    if top is None and column["effect"] != OUT:
        raise fail(at, f"{at}.effect must be incapacitated: the open top is where a character "
                       "is out (FW-G11)")


def settings(config: Mapping[str, Any]) -> Mapping[str, Any]:
    """FW-G04, FW-G05, FW-G06, FW-G10: the config's own checks (its shape is checked already)."""
    approaches: Sequence[str] = config["approaches"]
    for index, name in enumerate(approaches):
        if name in approaches[:index]:
            raise fail("config", f"config.approaches[{index}] repeats an earlier approach")
    for key in SCALES.values():
        check_ladder(config[key], f"config.{key}")
    check_track(config["wound_track"], "config.wound_track")
    return config
