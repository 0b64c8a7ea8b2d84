"""Token movement as a Crytures step (`foundry/crytures/movement.mjs`): the cases, and the card,
updates and notices the Python engine's `take_turn` predicts when the current Combatant's token
is moved on the canvas.

A case stages a started Combat at round 1, turn 0 (the Sample Binder's turn, its initiative the
highest) and drags one token to a space. The expectation rebuilds the step as the module does
(`step_to`: a Shift to a neighbour, else a Move along the shortest free path by breadth-first
search in the grid's step order) and runs the engine on it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from browser_page import BuiltModule
from macro_kinds import Outcome, foundry_format

from compiler.rules.crytures.common import adjacent, distance, occupant, steps
from crytures.cards import action_changes, actions_of, card, change, power_lines
from crytures.cards import updates as change_updates
from crytures.world import MODULE, config_data, predicted, read_fight

Doc = dict[str, Any]
SCENE_ID = "harnessScene0001"
GM_ROLE = 3  # CONST.USER_ROLES.ASSISTANT: a GM from here up
#: Drag a token to a space (given in the scene's q, r) as a user would, then wait for the
#: module's step: what the run recorded, and where the token stands after.
MOVE = """async ([tokenId, space]) => {
    const { record } = await import("/harness/foundry/record.mjs");
    record.reset();
    const token = canvas.scene.tokens.get(tokenId);
    const to = canvas.grid.centreOf(space);
    await token.update({ x: to.x, y: to.y });
    for (let i = 0; i < 200 && !record.messages.length && !record.notifications.length
         && !record.updates.length; i++) await new Promise((r) => setTimeout(r, 10));
    await harness.settle();
    return {
        to, at: { x: token.x, y: token.y },
        messages: record.messages.map((m) => ({ ...structuredClone(m),
                                                shown: harness.shownMessage(m._id) })),
        updates: structuredClone(record.updates),
        notifications: structuredClone(record.notifications),
    };
}"""


@dataclass(frozen=True)
class Drag:
    """One token dragged to a space, in a staged scene and Combat."""

    token: str
    to: tuple[int, int]
    scene: Doc
    stage: Doc


def free_path(start: list[int], end: list[int], combatants: list[Doc], mover: str, limit: int,
              config: Doc) -> list[list[int]] | None:
    """As `freePath`."""
    came: dict[tuple[int, ...], list[int] | None] = {tuple(start): None}
    frontier = [start]
    for _ in range(limit):
        if not frontier:
            break
        found = []
        for here in frontier:
            for dx, dy in steps(config):
                there = [here[0] + dx, here[1] + dy]
                if tuple(there) in came or distance(start, there, config) > limit:
                    continue
                came[tuple(there)] = here
                if there == end:
                    path = [there]
                    while (back := came[tuple(path[0])]) is not None and back != start:
                        path.insert(0, back)
                    return path
                if occupant(combatants, there, mover) is None:
                    found.append(there)
        frontier = found
    return None


def straight_path(start: list[int], end: list[int], config: Doc) -> list[list[int]]:
    """As `straightPath`."""
    path, here = [], start
    while here != end:
        options = [[here[0] + dx, here[1] + dy] for dx, dy in steps(config)]
        best = options[0]
        for space in options[1:]:
            if distance(space, end, config) < distance(best, end, config):
                best = space
        here = best
        path.append(here)
    return path


def step_to(row: Doc, end: list[int], rows: list[Doc], config: Doc) -> Doc:
    """As `stepTo`."""
    start = row["state"]["position"]
    if adjacent(start, end, config):
        return {"kind": "shift", "to": end}
    speed = int(row["state"]["stats"].get("speed", 0))
    path = free_path(start, end, [r["state"] for r in rows], row["id"], max(2 * speed, 1), config)
    if path is None:
        path = straight_path(start, end, config)[:speed + 1]
    return {"kind": "move", "path": path}


def current_row(rows: list[Doc], case_fight: Doc) -> Doc:
    """The Combatant at the staged turn (the tracker's order)."""
    return rows[int(case_fight["turn"])]


def token_uuid(token: str) -> str:
    return f"Scene.{SCENE_ID}.Token.{token}"


def expect_drag(module: BuiltModule, drag: Drag, to: Doc) -> Outcome:
    """What dragging `drag.token` to `drag.to` (at the page's centre `to`) does."""
    lang = module.lang
    rows = read_fight(module, drag.scene, drag.stage["fight"])
    mover = current_row(rows, drag.stage["fight"])
    moved = (token_uuid(drag.token), json.dumps(to, sort_keys=True))
    if mover["token"]["id"] != drag.token:
        return Outcome(messages=(), updates=(moved,))
    config = config_data(module)["RULES_CONFIG"]
    actions = actions_of(mover, 1)
    flags = drag.stage["fight"]["flags"].get(MODULE, {})
    oa_spent = list(flags["oa_spent"]) if flags.get("oa_turn") == "1.0" else []
    moves = mover["flags"].get("moves", 0) if mover["flags"].get("moves_round") == 1 else 0
    inp = {"actor": mover["id"], "combatants": [r["state"] for r in rows],
           "steps": [step_to(mover, list(drag.to), rows, config)], "actions": actions,
           "oa_spent": oa_spent, "moves": moves}
    result = predicted(SimpleNamespace(module=module), "take_turn", inp, ())
    events = result["events"]
    refused = next((e for e in events if e["type"] == "refused"), None)
    if refused is not None:
        reason = lang[f"RULEPACK.Crytures.Reason.{refused['reason']}"]
        text = foundry_format(lang["RULEPACK.Crytures.MoveRefused"], name=mover["name"],
                              reason=reason)
        return Outcome(messages=(), notifications=(("warning", text),))
    step = next(e for e in events if e["type"] in ("move", "shift"))
    title = (foundry_format(lang["RULEPACK.Crytures.MoveCard"], name=mover["name"],
                            spaces=step["cost"]) if step["type"] == "move"
             else foundry_format(lang["RULEPACK.Crytures.ShiftCard"], name=mover["name"]))
    changes = action_changes(mover, actions, result["state"]["actions"], 1)
    if step["type"] == "move":  # counted for a later drag this turn (CR-G18)
        changes.append(change(mover, "moves", moves + 1))
        if mover["flags"].get("moves_round") != 1:
            changes.append(change(mover, "moves_round", 1))
    names = {r["id"]: r["name"] for r in rows}
    gm = drag.stage["user"]["role"] >= GM_ROLE  # a player's card shows no Undo
    message = card(lang, (mover["actor"]["name"], title, power_lines(lang, events, names)), [],
                   result, "take_turn", changes, gm=gm)
    return Outcome(messages=(message,), updates=(*change_updates(changes), moved))
