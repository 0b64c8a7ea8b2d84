"""The Battle Montage case (`api.crytures.battleMontage()`): the party and the enemies the GM
selects, the window's answers, and the card and updates the Python engine predicts."""

from __future__ import annotations

import copy
from typing import Any

from macro_kinds import USER_NAME, Case, MacroContext, Outcome, foundry_format

from compiler.rules.crytures import content
from crytures.cards import card, change, rolls_of, updates
from crytures.world import (
    ACTIVE,
    faces_for,
    predicted,
    row_of,
    rows_of,
    scene,
    staged,
)

Doc = dict[str, Any]


MONTAGE_ANSWER = {"action": "ok", "fields": {
    "m0_rank": "1", "m0_power": "staff-strike", "m0_target": "voltflare", "m0_stamina": "1",
    "m0_mana": "0", "m0_use_focus-tonic": "1", "m0_bind": True,
    "m1_rank": "2", "m1_power": "rock-slam", "m1_target": "sparkit", "m1_stamina": "0",
    "m1_mana": "0"}}
MONTAGE_FACES = (10, 9, 3, 8, 1, 10, 6, 2, 7, 4, 10, 5)
POOR_FACES = (1, 2, 3, 1, 4, 2, 1)


def montage_input(ctx: MacroContext, case: Case) -> tuple[Doc, list[Doc], list[Doc]]:
    """(input, party rows, enemy rows) as `battleMontage` builds them."""
    assert case.scene is not None
    rows = rows_of(ctx, case)
    party = [row_of(rows, t) for t in case.scene["controlled"]]
    enemies = [row_of(rows, t) for t in case.scene["targets"]]
    fields = case.answers[0]["fields"]
    ranked = []
    for i, row in enumerate(party):
        p = f"m{i}_"
        st = row["state"]
        summoner = st["summoner"] if any(r["id"] == st["summoner"] for r in party) else None
        member = content.member(row["fighter"], row["docs"], {
            "id": row["id"], "health": st["health"], "stamina": st["stamina"], "mana": st["mana"],
            "summoner": summoner, "power": fields[p + "power"], "target": fields[p + "target"],
            "bind": bool(fields.get(p + "bind"))})
        used = {c["id"]: int(fields.get(f"{p}use_{c['id']}", "0")) for c in member["consumables"]}
        member["spend"] = {"stamina": int(fields[p + "stamina"]), "mana": int(fields[p + "mana"]),
                           "consumables": {k: n for k, n in used.items() if n > 0}}
        ranked.append((int(fields[p + "rank"]), i, member))
    ranked.sort(key=lambda r: (r[0], r[1]))
    foes = []
    for row in enemies:
        attacks = [p for p in row["powers"] if p["attack"]]
        power = next((p for p in attacks if p["basic"]), attacks[0])
        foes.append(content.enemy(row["fighter"], row["docs"], {
            "id": row["id"], "health": max(1, row["state"]["health"]), "power": power["id"]}))
    return {"party": [m for _, _, m in ranked], "enemies": foes}, party, enemies


def montage_cases(ctx: MacroContext) -> list[Case]:
    """The Binder (spending Stamina and a Focus Tonic, trying a binding) and its Pebblet (its
    first cryture, summoned free) against Voltflare and Sparkit: a rout of the enemies with
    Voltflare bound, then (the screenshot's case) poor rolls: failures hit the party by rank and
    the binding fails, its crystal spent."""
    m = ctx.module
    case = Case((), None, scene=scene(m, ["sample-binder", "pebblet"], ["voltflare", "sparkit"]),
                answers=(copy.deepcopy(MONTAGE_ANSWER),), stage=staged(m, flags=ACTIVE))
    inp, _, _ = montage_input(ctx, case)
    return [Case(faces_for(ctx.module, "battle_montage", inp, pattern), None, scene=case.scene,
                 answers=case.answers, stage=case.stage)
            for pattern in (MONTAGE_FACES, POOR_FACES)]


def montage_lines(lang: dict[str, str], events: list[Doc], names: dict[str, str]) -> list[str]:
    def f(key: str, **data: Any) -> str:
        return foundry_format(lang[f"RULEPACK.Crytures.Montage.{key}"], **data)
    lines = []
    for e in events:
        if e["type"] == "tasks":
            lines.append(f("Tasks", enemy=names[e["enemy"]], successes=e["successes"],
                           complexity=e["complexity"], failures=e["failures"]))
        elif e["type"] == "montage_damage":
            lines.append(f("Damage", member=names[e["member"]], enemy=names[e["enemy"]],
                           damage=e["damage"]))
        elif e["type"] == "binding":
            lines.append(f("Bound" if e["bound"] else "NotBound", member=names[e["member"]],
                           enemy=names[e["enemy"]]))
        elif e["type"] == "outcome":
            lines.append(f("Outcome", enemy=names[e["enemy"]],
                           outcome=lang[f"RULEPACK.Crytures.Outcome.{e['outcome']}"]))
    return lines


def expect_montage(ctx: MacroContext, case: Case) -> Outcome:
    lang = ctx.module.lang
    inp, party, enemies = montage_input(ctx, case)
    result = predicted(ctx, "battle_montage", inp, case.dice)
    state = result["state"]
    changes = []
    for now in state["party"]:
        row = next(r for r in party if r["id"] == now["id"])
        changes += [change(row, k, now[k]) for k in ("health", "stamina", "mana", "defeated")
                    if row["state"][k] != now[k]]
        carried, crystals = content.carried(row["fighter"], row["docs"])
        counts = [{"id": c["id"], "count": c["count"]} for c in now["consumables"]]
        if counts != [{"id": c["id"], "count": c["count"]} for c in carried]:
            changes.append(change(row, "consumables", counts))
        if now["binding_crystals"] != crystals:
            changes.append(change(row, "binding_crystals", now["binding_crystals"]))
    for now in state["enemies"]:
        row = next(r for r in enemies if r["id"] == now["id"])
        changes.append(change(row, "outcome", now["outcome"]))
        if now["outcome"] == "killed" and not row["state"]["defeated"]:
            changes.append(change(row, "defeated", True))
    names = {r["id"]: r["name"] for r in [*party, *enemies]}
    message = card(lang, (USER_NAME, lang["RULEPACK.Crytures.Montage.Card"],
                          montage_lines(lang, result["events"], names)),
                   rolls_of(ctx.module, "battle_montage", inp, case.dice), result,
                   "battle_montage", changes)
    return Outcome(messages=(message,), updates=updates(changes))
