"""Ladder labels (FW-R07, FW-G05, FW-G06; mirror: `ladder.mjs`). Display only: no rule reads them.

A ladder is a list of rungs `{value, label}` whose values run on by 1; a value above the top
rung reads `<top label>+N`, below the bottom `<bottom label>-N`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

SCALES: Mapping[str, str] = {"result": "result_ladder", "skill": "skill_ladder"}
"""FW-R07: which config key labels each scale: totals and approaches, or skills and powers."""


def check_ladder(rungs: Sequence[Mapping[str, Any]], where: str) -> None:
    """FW-G05, FW-G06: at least one rung, and the values run on by 1 from the first."""
    if not rungs:
        raise fail(where, f"{where} needs at least one rung")
    for index in range(1, len(rungs)):
        wanted = rungs[index - 1]["value"] + 1
        if rungs[index]["value"] != wanted:
            raise fail(
                where, f"{where}[{index}].value must be {wanted}: the rungs run on by 1"
            )


def label_of(rungs: Sequence[Mapping[str, Any]], value: int) -> str:
    """FW-R07, FW-G05, FW-G06: the label of `value` on a checked ladder."""
    bottom, top = rungs[0], rungs[-1]
    if value > top["value"]:
        return f"{top['label']}+{value - top['value']}"
    if value < bottom["value"]:
        return f"{bottom['label']}-{bottom['value'] - value}"
    return str(rungs[value - bottom["value"]]["label"])


def scale_label(config: Mapping[str, Any], scale: str, value: int) -> str:
    """FW-R07: the label of `value` on the configured ladder of `scale` (result or skill)."""
    return label_of(config[SCALES[scale]], value)


def label(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> tuple[
    list[Event], State
]:
    """FW-R07, FW-G05, FW-G06: the ladder label of `value` on the result or the skill ladder."""
    text = scale_label(config, inp["scale"], inp["value"])
    event = {"type": "label", "scale": inp["scale"], "value": inp["value"], "label": text}
    return ([event], {"label": text})
