"""The Crytures macro kinds (`api.crytures.usePower()`, `.rollInitiative()`, `.summon()`,
`.recall()`, `.battleMontage()`): the cases each macro runs and the card and document updates
the Python engine predicts for each.

A case stages the fight (`crytures.world`: the shipped fighters on a square scene, in the
viewed Combat with their fight-state flags) and answers the macro's window. The expectation
rebuilds the engine input from the same documents and answers, runs `compiler.rules.run_case`
on the case's dice and words the card as the module does (`crytures.cards`).
"""

from __future__ import annotations

import json
from typing import Any

from macro_kinds import USER_NAME, Case, MacroContext, MacroKind, Outcome, foundry_format

from compiler.rules.crytures import content
from crytures.cards import (
    action_changes,
    actions_of,
    card,
    change,
    power_lines,
    rolls_of,
    updates,
)
from crytures.montage import expect_montage, montage_cases
from crytures.powers import expect_power, use_power_cases
from crytures.world import (
    COMBAT_ID,
    MODULE,
    SEATS,
    combatant_uuid,
    enrolment,
    predicted,
    row_of,
    rows_of,
    scene,
    staged,
    ten,
)

Doc = dict[str, Any]


# ---------------------------------------------------------------- summon and recall


#: The Binder's actions already tracked this round (both still there).
THIS_ROUND = {"sample-binder": {"actions_round": 1}}


def summon_cases(ctx: MacroContext) -> list[Case]:
    """A summon while the Pebblet is out is refused; the Binder summons it next to it (the
    second case, the screenshot's)."""
    m = ctx.module
    out = {"pebblet": {"active": True}}
    return [Case((), None, scene=scene(m, ["sample-binder"], ["pebblet"]),
                 answers=(), stage=staged(m, flags=out)),
            Case((), None, scene=scene(m, ["sample-binder"], ["pebblet"]),
                 answers=(), stage=staged(m, flags=THIS_ROUND))]


def recall_cases(ctx: MacroContext) -> list[Case]:
    """The Binder recalls its Pebblet (a Minor action), then, with no action left, cannot."""
    m = ctx.module
    spent = {"pebblet": {"active": True},
             "sample-binder": {"major": False, "minor": False, "actions_round": 1}}
    return [Case((), None, scene=scene(m, ["sample-binder"], ["pebblet"]), answers=(),
                 stage=staged(m, flags={"pebblet": {"active": True}})),
            Case((), None, scene=scene(m, ["sample-binder"], ["pebblet"]), answers=(),
                 stage=staged(m, flags=spent))]


def expect_step(ctx: MacroContext, case: Case, kind: str) -> Outcome:
    """As `summon.mjs` `step`: one take_turn step, no dice."""
    assert case.scene is not None
    lang = ctx.module.lang
    rows = rows_of(ctx, case)
    actor = row_of(rows, case.scene["controlled"][0])
    cryture = row_of(rows, case.scene["targets"][0])
    step: Doc = {"kind": kind, "cryture": cryture["id"]}
    if kind == "summon":
        step["to"] = [cryture["token"]["q"], cryture["token"]["r"]]
    actions = actions_of(actor, 1)
    inp = {"actor": actor["id"], "combatants": [r["state"] for r in rows], "steps": [step],
           "actions": actions}
    result = predicted(ctx, "take_turn", inp, ())
    state = result["state"]
    now = next(c for c in state["combatants"] if c["id"] == cryture["id"])
    changes = action_changes(actor, actions, state["actions"], 1)
    if (now["position"] is None) != (cryture["state"]["position"] is None):
        changes.append(change(cryture, "active", now["position"] is not None))
    names = {r["id"]: r["name"] for r in rows}
    key = "RULEPACK.Crytures.SummonCard" if kind == "summon" else "RULEPACK.Crytures.RecallCard"
    title = foundry_format(lang[key], summoner=actor["name"], cryture=cryture["name"])
    lines = power_lines(lang, result["events"], names)
    message = card(lang, (actor["actor"]["name"], title, lines),
                   [], result, "take_turn", changes)
    return Outcome(messages=(message,), updates=updates(changes))


# ---------------------------------------------------------------- initiative


def initiative_cases(ctx: MacroContext) -> list[Case]:
    """The first roll (the Binder and the Emberling tie at 20 and roll off), then Sparkit joining
    late into the order of the other four at turn 1."""
    m = ctx.module
    first = ten(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 2, 3, 4, 10, 1, 1, 1, 1, 1, 1,
                2, 2, 2, 2, 2, 2, 2, 7, 3)
    order = [{"combatant": s.combatant, "total": t}
             for s, t in zip(SEATS, (20, 15, 14, 9), strict=False) if s.key != "sparkit"]
    late = staged(m, enrolled=False, initiative=False, combat_flags={MODULE: {"order": order}})
    for c in late["fight"]["combatants"]:
        if c["id"] != SEATS[4].combatant:
            c["flags"] = enrolment(m, next(s for s in SEATS if s.combatant == c["id"]))
            c["initiative"] = next(e["total"] for e in order if e["combatant"] == c["id"])
    late["fight"]["turn"] = 1
    # Sparkit's 12 waits for its place; its 21 beats the Binder who has acted, so it acts now,
    # shown at the current turn this round (CR-R03).
    return [Case(first, None, scene=scene(m, [], []),
                 stage=staged(m, enrolled=False, initiative=False)),
            Case(ten(5, 1, 1, 1, 1, 1, 2), None, scene=scene(m, [], []), stage=late),
            Case(ten(5, 5, 5, 1, 1, 2, 2), None, scene=scene(m, [], []), stage=late)]


def tracker_values(order: list[Doc]) -> list[float | int]:
    """As `trackerValues` (a JavaScript number: 20 + 0 / 100 is the integer 20)."""
    found: list[float | int] = []
    for i, e in enumerate(order):
        later = len([o for o in order[i + 1:] if o["total"] == e["total"]])
        found.append(e["total"] + later / 100 if later else e["total"])
    return found


def enrol_updates(rows: list[Doc], order: list[Doc], values: list[float | int],
                  ) -> tuple[tuple[str, str], ...]:
    """As `writeOrder`: each Combatant's initiative (and enrolment)."""
    found = []
    by_id = {r["id"]: r for r in rows}
    for entry, value in zip(order, values, strict=True):
        row = by_id[entry["id"]]
        data: Doc = {"initiative": value}
        if not isinstance(row["flags"].get("health"), int):
            stats = row["state"]["stats"]
            data[f"flags.{MODULE}"] = {
                "health": stats["health"], "stamina": stats.get("stamina", 0),
                "mana": stats.get("mana", 0), "statuses": [], "defeated": False, "major": True,
                "minor": True, "actions_round": 0, "active": False, "consumables": None,
                "binding_crystals": None, "outcome": None, "moves": 0, "moves_round": 0}
        found.append((combatant_uuid(row), json.dumps(data, sort_keys=True)))
    return tuple(found)


def expect_initiative(ctx: MacroContext, case: Case) -> Outcome:
    assert case.stage is not None
    lang = ctx.module.lang
    rows = rows_of(ctx, case)
    names = {r["id"]: r["name"] for r in rows}
    stored = case.stage["fight"]["flags"].get(MODULE, {}).get("order")
    combat_uuid = f"Combat.{COMBAT_ID}"
    if stored is None:
        rollers = [content.roller(r["fighter"], r["id"]) for r in rows]
        inp: Doc = {"combatants": rollers}
        result = predicted(ctx, "initiative", inp, case.dice)
        order = result["state"]["order"]
        title, rule = lang["RULEPACK.Crytures.InitiativeCard"], "initiative"
        summary = [order_line(lang, order, names)]
        extra: Doc = {f"flags.{MODULE}.oa_spent": [], f"flags.{MODULE}.oa_turn": ""}
        values = tracker_values(order)
    else:
        by_cbt = {r["combatant"]["id"]: r for r in rows}
        old = [{"id": by_cbt[e["combatant"]]["id"], "total": e["total"]} for e in stored]
        known = {e["combatant"] for e in stored}
        entrant = next(r for r in rows if r["combatant"]["id"] not in known)
        who = content.roller(entrant["fighter"], entrant["id"])
        inp = {"order": old, "acted": case.stage["fight"]["turn"], "entrant": who}
        result = predicted(ctx, "late_entrant", inp, case.dice)
        state = result["state"]
        order = state["order"]
        values = tracker_values(order)
        title = foundry_format(lang["RULEPACK.Crytures.LateEntrantCard"], name=entrant["name"])
        rule = "late_entrant"
        key = "ActsNow" if state["acts_now"] else "Waits"
        summary = [foundry_format(lang[f"RULEPACK.Crytures.Summary.{key}"], name=entrant["name"]),
                   order_line(lang, order, names)]
        extra = {"turn": inp["acted"]} if state["acts_now"] else {}
        if state["acts_now"] and state["index"] < inp["acted"]:
            values[state["index"]] = (values[inp["acted"]] + values[inp["acted"] + 1]) / 2
    combat_order = [{"combatant": next(r for r in rows if r["id"] == e["id"])["combatant"]["id"],
                     "total": e["total"]} for e in order]
    combat = (combat_uuid, json.dumps({f"flags.{MODULE}.order": combat_order, **extra},
                                      sort_keys=True))
    rolls = rolls_of(ctx.module, rule, inp, case.dice)
    message = card(lang, (USER_NAME, title, summary), rolls, result, rule, [])
    return Outcome(messages=(message,),
                   updates=(*enrol_updates(rows, order, values), combat))


def order_line(lang: dict[str, str], order: list[Doc], names: dict[str, str]) -> str:
    text = ", ".join(f"{names.get(e['id'], e['id'])} {e['total']}" for e in order)
    return foundry_format(lang["RULEPACK.Crytures.Summary.Order"], order=text)


KINDS: dict[str, MacroKind] = {
    "crytures.battleMontage": MacroKind(montage_cases, expect_montage),
    "crytures.rollInitiative": MacroKind(initiative_cases, expect_initiative),
    "crytures.usePower": MacroKind(use_power_cases, expect_power),
    "crytures.summon": MacroKind(summon_cases, lambda ctx, case: expect_step(ctx, case, "summon")),
    "crytures.recall": MacroKind(recall_cases, lambda ctx, case: expect_step(ctx, case, "recall")),
}


#: The macro whose card the screenshot test shows for this ruleset, and more worth a screenshot.
SHOWCASE = "Crytures: Summon"
EXTRA_SHOTS = (("Crytures: Use a power", "power-card"),
               ("Crytures: Battle Montage", "montage-card"))
