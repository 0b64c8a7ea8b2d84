"""Many macro cases run in one harness page with one `page.evaluate`, in order, exactly as one
`HarnessPage.run_macro` each would run them (the stage laid out first, then `harness.runMacro`).

Why: Playwright validates and converts every value of an evaluate's argument and result in
Python, field by field; the every-macro test sent 2 MB of scenes and got 3 MB of reports back,
and that conversion cost more than the macros' own runs in the page. Here the cases go in as
one JSON string, each distinct scene and stage once, and the reports come back as one JSON
string: the same reports, parsed by `json.loads`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from browser_page import HarnessPage
from macro_kinds import Case, MacroContext

# A value JSON cannot hold (undefined, NaN, ±Infinity, -0) comes back as Playwright would hand it
# to Python, or as a string naming it: undefined as null (Playwright gives None); the numbers as
# "\u0000NaN" and so on, which still differs from any expected value, as the float would.
RUN_ALL = """async (json) => {
    const { runs, scenes, stages } = JSON.parse(json);
    const { stage } = await import('/harness/stage.mjs');
    const reports = [];
    for (const run of runs) {
        let stageError = null;
        try {
            if (run.stage !== null) await stage(structuredClone(stages[run.stage]));
        } catch (e) {
            stageError = `${e?.name ?? "Error"}: ${e?.message ?? e}\\n${e?.stack ?? ""}`;
        }
        const scene = run.scene === null ? null : structuredClone(scenes[run.scene]);
        const report = stageError === null
            ? await harness.runMacro({ pack: run.pack, id: run.id, dice: run.dice,
                                       actor: run.actor, scene, answers: run.answers })
            : {};
        reports.push({ ...report, stageError });
    }
    return JSON.stringify(reports, (key, value) => {
        if (value === undefined) return null;
        if (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))) {
            return `\\u0000${Object.is(value, -0) ? "-0" : String(value)}`;
        }
        return value;
    });
}"""


@dataclass(frozen=True)
class Batch:
    """The page's report of each case, in order, and what the page logged while they ran."""

    reports: list[dict[str, Any]]
    problems: list[str]


def _index(table: list[str], value: object) -> int | None:
    """`value`'s place in `table` (its JSON, added once), None for None."""
    if value is None:
        return None
    text = json.dumps(value)
    if text not in table:
        table.append(text)
    return table.index(text)


def run_cases(page: HarnessPage, runs: Sequence[tuple[MacroContext, Case]]) -> Batch:
    """Run each (macro, case) in order in `page`, as `HarnessPage.run_macro` would one by one."""
    scenes: list[str] = []
    stages: list[str] = []
    listed = [
        {"pack": ctx.pack, "id": ctx.macro["_id"], "dice": case.queue, "actor": case.actor,
         "answers": list(case.answers), "scene": _index(scenes, case.scene),
         "stage": _index(stages, case.stage)}
        for ctx, case in runs
    ]
    payload = {"runs": listed, "scenes": [json.loads(s) for s in scenes],
               "stages": [json.loads(s) for s in stages]}
    page.page.bring_to_front()  # background pages get throttled timers
    reports: list[dict[str, Any]] = json.loads(page.evaluate(RUN_ALL, json.dumps(payload)))
    return Batch(reports, page.take_problems())
