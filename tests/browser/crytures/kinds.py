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

from compiler.rules import run_case
from compiler.rules.crytures import content
from compiler.rules.crytures.common import distance, steps
from crytures.cards import (
    action_changes,
    actions_of,
    card,
    change,
    fight_changes,
    power_lines,
    rolls_of,
    updates,
)
from crytures.world import (
    COMBAT_ID,
    ENGINE,
    MODULE,
    SEATS,
    combatant_uuid,
    enrolment,
    GM,
    PLAYER,
    config_data,
    config_overrides,
    fight,
    read_fight,
    scene,
)

Doc = dict[str, Any]
Dice = tuple[tuple[int, int], ...]
D10 = 10
SITUATIONS = ("cover", "obscured", "cant_see")
#: The Sample Binder's Pebblet summoned (on the grid).
ACTIVE = {"pebblet": {"active": True}}


def ten(*faces: int) -> Dice:
    return tuple((D10, f) for f in faces)


def staged(module: Any, *, player: bool = False, **fight_options: Any) -> Doc:
    """The users (the GM and a player, both logged in), who runs the macro, and the fight."""
    return {"users": [GM, PLAYER], "user": PLAYER if player else GM,
            "fight": fight(module, **fight_options)}


def predicted(ctx: MacroContext, rule: str, inp: Doc, dice: Dice) -> Doc:
    queue = [{"d": d, "v": v} for d, v in dice]
    result = run_case(ENGINE, rule, config_overrides(ctx.module), inp, queue)
    assert "error" not in result, f"the Python engine refused {dice}: {result}"
    return result


def rows_of(ctx: MacroContext, case: Case) -> list[Doc]:
    assert case.scene is not None and case.stage is not None
    return read_fight(ctx.module, case.scene, case.stage["fight"])


def row_of(rows: list[Doc], token: str) -> Doc:
    return next(r for r in rows if r["token"]["id"] == token)


# ---------------------------------------------------------------- a power


def power_answer(power: str, die_mods: str = "", *situations: str) -> Doc:
    return {"action": "ok", "fields": {"power": power, "die_mods": die_mods,
                                       **{s: True for s in situations}}}


def power_cases(ctx: MacroContext) -> list[Case]:
    """An Earth attack on the Fire/Lightning Voltflare (+2, not +4: CR-E03 at the table), an
    extended Ranged power through cover with two crits, a player's power on an NPC (applied by
    the GM's client), an out-of-range refusal, a Melee Blast on two enemies, and a Minor power
    paid with the Major (CR-G18)."""
    m = ctx.module
    cases = [
        ("pebblet", "voltflare", ten(10, 2, 5, 1, 8), power_answer("rock-slam"), ACTIVE, False),
        ("sparkit", "sample-binder", ten(10, 10, 4), power_answer("arc-bolt", "", "cover"),
         {}, False),
        ("sample-binder", "voltflare", ten(9, 3, 10), power_answer("crystal-shard"), {}, True),
        ("pebblet", "sparkit", (), power_answer("rock-slam"), ACTIVE, False),
        ("pebblet", "voltflare", ten(10, 6, 2, 7, 3, 1, 9), power_answer("tremor", "+1, -1"),
         ACTIVE, False),
        ("pebblet", None, (), power_answer("stone-skin"),
         {"pebblet": {"active": True, "minor": False, "actions_round": 1}}, False),
    ]
    found = []
    for user, target, dice, answer, flags, player in cases:
        owner = PLAYER["_id"] if player else None
        found.append(Case(dice, None, scene=scene(m, [user], [target] if target else [], owner),
                          answers=(answer,), stage=staged(m, player=player, flags=flags)))
    return found


def direction_to(start: list[int], to: list[int], config: Doc) -> list[int]:
    best = min(steps(config), key=lambda s: distance([start[0] + s[0], start[1] + s[1]], to,
                                                      config))
    return list(best)


def power_input(ctx: MacroContext, case: Case, rows: list[Doc]) -> tuple[Doc, Doc, Doc]:
    """(input, user row, power) as `powerInput` builds them."""
    assert case.scene is not None
    user = row_of(rows, case.scene["controlled"][0])
    target = row_of(rows, case.scene["targets"][0]) if case.scene["targets"] else None
    fields = case.answers[0]["fields"]
    power = next(p for p in user["powers"] if p["id"] == fields["power"])
    checked = [s for s in SITUATIONS if fields.get(s)]
    situations = ({r["id"]: dict.fromkeys(checked, True) for r in rows if r is not user}
                  if checked else {})
    mods = [int(p) for p in fields["die_mods"].split(",") if p.strip()]
    inp: Doc = {"user": user["id"], "power": power, "combatants": [r["state"] for r in rows],
                "situations": situations, "die_mods": mods, "actions": actions_of(user, 1)}
    kind = power["range"]["kind"]
    if kind in ("melee", "ranged"):
        assert target is not None
        inp["target"] = target["id"]
    config = {**config_data(ctx.module)["RULES_CONFIG"]}
    if kind == "ranged_blast":
        assert target is not None
        inp["aim"] = target["state"]["position"]
    if kind == "melee_blast":
        assert target is not None
        inp["direction"] = direction_to(user["state"]["position"], target["state"]["position"],
                                        config)
    return inp, user, power


def expect_power(ctx: MacroContext, case: Case) -> Outcome:
    lang = ctx.module.lang
    rows = rows_of(ctx, case)
    inp, user, power = power_input(ctx, case, rows)
    result = predicted(ctx, "use_power", inp, case.dice)
    state = result["state"]
    changes = [*fight_changes(rows, state["combatants"]),
               *action_changes(user, inp["actions"], state["actions"], 1)]
    names = {r["id"]: r["name"] for r in rows}
    title = foundry_format(lang["RULEPACK.Crytures.PowerCard"], user=user["name"],
                           power=power["name"])
    sizes = [e["size"] for e in result["events"] if e["type"] == "attack_pool"]
    player = case.stage is not None and case.stage["user"] is PLAYER
    relayed = player and any(not r["actor"].get("ownership", {}).get(PLAYER["_id"])
                             for r in rows if any(c[0].endswith(r["combatant"]["id"])
                                                  for c in changes))
    message = card(lang, (user["actor"]["name"], title, power_lines(lang, result["events"], names)),
                   rolls_of(case.dice, sizes), result, "use_power", changes, gm=not player,
                   relayed=relayed)
    return Outcome(messages=(message,), updates=() if relayed else updates(changes))


# ---------------------------------------------------------------- summon and recall


def summon_cases(ctx: MacroContext) -> list[Case]:
    """The Binder summons its Pebblet next to it; a second summon while it is out is refused."""
    m = ctx.module
    out = {"pebblet": {"active": True}}
    return [Case((), None, scene=scene(m, ["sample-binder"], ["pebblet"]),
                 answers=(), stage=staged(m)),
            Case((), None, scene=scene(m, ["sample-binder"], ["pebblet"]),
                 answers=(), stage=staged(m, flags=out))]


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
    message = card(lang, (actor["actor"]["name"], title, power_lines(lang, result["events"], names)),
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
    return [Case(first, None, scene=scene(m, [], []),
                 stage=staged(m, enrolled=False, initiative=False)),
            Case(ten(5, 1, 1, 1, 1, 1, 2), None, scene=scene(m, [], []), stage=late)]


def tracker_values(order: list[Doc]) -> list[float | int]:
    """As `trackerValues` (a JavaScript number: 20 + 0 / 100 is the integer 20)."""
    found: list[float | int] = []
    for i, e in enumerate(order):
        later = len([o for o in order[i + 1:] if o["total"] == e["total"]])
        found.append(e["total"] + later / 100 if later else e["total"])
    return found


def enrol_updates(rows: list[Doc], order: list[Doc], combat_order: list[Doc],
                  ) -> tuple[tuple[str, str], ...]:
    """As `writeOrder`: each Combatant's initiative (and enrolment), then the Combat's order."""
    found = []
    values = tracker_values(order)
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
                "binding_crystals": None, "outcome": None}
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
        result = predicted(ctx, "initiative", {"combatants": rollers}, case.dice)
        order = result["state"]["order"]
        sizes = [c["speed"] + c["reflexes"] for c in rollers]
        title, rule = lang["RULEPACK.Crytures.InitiativeCard"], "initiative"
        summary = [foundry_format(lang["RULEPACK.Crytures.Summary.Order"], order=order_text(order, names))]
        extra: Doc = {}
    else:
        by_cbt = {r["combatant"]["id"]: r for r in rows}
        old = [{"id": by_cbt[e["combatant"]]["id"], "total": e["total"]} for e in stored]
        entrant = next(r for r in rows if r["combatant"]["id"] not in {e["combatant"] for e in stored})
        who = content.roller(entrant["fighter"], entrant["id"])
        inp = {"order": old, "acted": case.stage["fight"]["turn"], "entrant": who}
        result = predicted(ctx, "late_entrant", inp, case.dice)
        state = result["state"]
        order = state["order"]
        sizes = [who["speed"] + who["reflexes"]]
        title = foundry_format(lang["RULEPACK.Crytures.LateEntrantCard"], name=entrant["name"])
        rule = "late_entrant"
        key = "ActsNow" if state["acts_now"] else "Waits"
        summary = [foundry_format(lang[f"RULEPACK.Crytures.Summary.{key}"], name=entrant["name"]),
                   foundry_format(lang["RULEPACK.Crytures.Summary.Order"], order=order_text(order, names))]
        extra = {"turn": state["index"]} if state["acts_now"] else {}
    combat_order = [{"combatant": next(r for r in rows if r["id"] == e["id"])["combatant"]["id"],
                     "total": e["total"]} for e in order]
    combat = (combat_uuid, json.dumps({f"flags.{MODULE}.order": combat_order, **extra},
                                      sort_keys=True))
    message = card(lang, (USER_NAME, title, summary), rolls_of(case.dice, sizes), result, rule, [])
    return Outcome(messages=(message,),
                   updates=(*enrol_updates(rows, order, combat_order), combat))


def order_text(order: list[Doc], names: dict[str, str]) -> str:
    return ", ".join(f"{names.get(e['id'], e['id'])} {e['total']}" for e in order)


# ---------------------------------------------------------------- the Battle Montage

MONTAGE_ANSWER = {"action": "ok", "fields": {
    "m0_rank": "1", "m0_power": "staff-strike", "m0_target": "voltflare", "m0_stamina": "1",
    "m0_mana": "0", "m0_use_focus-tonic": "1", "m0_bind": True,
    "m1_rank": "2", "m1_power": "rock-slam", "m1_target": "sparkit", "m1_stamina": "0",
    "m1_mana": "0"}}
MONTAGE_FACES = (10, 9, 3, 8, 1, 10, 6, 2, 7, 4, 10, 5)


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
    first cryture, summoned free) against Voltflare and Sparkit."""
    m = ctx.module
    case = Case((), None, scene=scene(m, ["sample-binder", "pebblet"], ["voltflare", "sparkit"]),
                answers=(MONTAGE_ANSWER,), stage=staged(m, flags=ACTIVE))
    inp, _, _ = montage_input(ctx, case)
    size = 0
    while True:
        queue = [{"d": D10, "v": MONTAGE_FACES[i % len(MONTAGE_FACES)]} for i in range(size)]
        found = run_case(ENGINE, "battle_montage", config_overrides(m), inp, queue)
        if found.get("error", {}).get("code") != "queue_exhausted":
            break
        size += 1
    dice = ten(*(MONTAGE_FACES[i % len(MONTAGE_FACES)] for i in range(size)))
    return [Case(dice, None, scene=case.scene, answers=case.answers, stage=case.stage)]


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
    sizes = [e["size"] for e in result["events"] if e["type"] == "montage_roll"]
    message = card(lang, (USER_NAME, lang["RULEPACK.Crytures.Montage.Card"],
                          montage_lines(lang, result["events"], names)),
                   rolls_of(case.dice, sizes), result, "battle_montage", changes)
    return Outcome(messages=(message,), updates=updates(changes))


KINDS: dict[str, MacroKind] = {
    "crytures.battleMontage": MacroKind(montage_cases, expect_montage),
    "crytures.rollInitiative": MacroKind(initiative_cases, expect_initiative),
    "crytures.usePower": MacroKind(power_cases, expect_power),
    "crytures.summon": MacroKind(summon_cases, lambda ctx, case: expect_step(ctx, case, "summon")),
    "crytures.recall": MacroKind(recall_cases, lambda ctx, case: expect_step(ctx, case, "recall")),
}

__all__ = ["KINDS", "USER_NAME", "change", "content"]
