"""The SDM macro kinds (`api.sdm_pool.attack(key)`, one macro per weapon, and
`api.sdm_pool.rollInitiative()`): the cases each macro runs and the card and document updates
the Python engine predicts for each.

An attack case stages the weapon's carrier from the shipped cast (its token controlled, with the
Actions its turn gave it) and a target (targeted), answers the attack window and, on a shortfall,
the Opportunity window (the GM's, who owns the target here; a player's NPC target is
`test_table.py`'s). The expectation follows the module's steps with `compiler.rules.run_case`:
the pool as one roll, the `attack_roll` that tells a shortfall, then the whole `attack` with the
choice and the damage dice.
"""

from __future__ import annotations

import copy
from typing import Any

from macro_kinds import USER_NAME, Case, MacroContext, MacroKind, Outcome, foundry_format

from sdm_pool.cards import card, changes_of, outcome_lines, updates
from sdm_pool.world import (
    COMBAT_ID,
    IDS,
    combatant,
    fight,
    fighter,
    flag,
    run,
    scene,
    slug_ids,
)

Doc = dict[str, Any]
D6 = 6
#: Whom each carrier attacks: a PC at an NPC's unlinked token, the others at linked PCs.
TARGETS = {"ana-reyes": "grex", "bram-holt": "ana-reyes", "grex": "bram-holt"}
#: The Actions each staged attacker has left this turn.
ACTIONS_LEFT = 2


def six(*faces: int) -> tuple[tuple[int, int], ...]:
    return tuple((D6, f) for f in faces)


def window(**fields: Any) -> Doc:
    return {"action": "ok", "fields": fields}


def choose(choice: str) -> Doc:
    return {"action": "ok", "fields": {"choice": choice}}


def carrier(ctx: MacroContext) -> str:
    """The shipped fighter who carries the macro's weapon."""
    key = ctx.args[0]
    return str(next(flag(d, "key") for _, d in ctx.module.documents("Actor")
                    if any(flag(i, "key") == key for i in d["items"])))


def armour_at(actor: Doc, hp: int) -> Doc:
    """`actor` with its armour down to `hp`."""
    worn = copy.deepcopy(actor)
    for item in worn["items"]:
        if item["type"].endswith(".armor"):
            item["system"]["hp"] = hp
    return worn


def pool_of(ctx: MacroContext, attacker: Doc) -> int:
    character, _ = combatant(attacker, "a")
    result = run(ctx.module, "attack_pool", {"attacker": character, "weapon": ctx.args[0]}, [])
    assert "error" not in result, result
    return int(result["state"]["pool"])


def attack_cases(ctx: MacroContext) -> list[Case]:
    """Every weapon: a hit, a shortfall the target Dodges, a Salvation. The longsword also: each
    other Opportunity, heavy cover turning a hit into a shortfall, a shortfall on a target down at
    0 HP (no Opportunity to ask; the damage recorded past the floor), a Counter already paid, no
    Action left; the chain whip breaks the padded jacket."""
    m, key, who = ctx.module, ctx.args[0], carrier(ctx)
    attacker = fighter(m, who, actions_left=ACTIONS_LEFT, minor_actions_left=1)
    target = fighter(m, TARGETS[who], linked=TARGETS[who] != "grex")
    pool = pool_of(ctx, attacker)
    rolled = next(d for _, d in m.documents("Actor") if flag(d, "key") == who)
    dice_after = [i["system"].get("damage_dice") for i in rolled["items"] if flag(i, "key") == key]
    damage = six(4) if dice_after and dice_after[0] else ()
    hit, short = six(*[6] * pool), six(5, *[1] * (pool - 1))
    staged = scene([attacker, target], attacker, target)
    cases = [Case((*hit, *damage), None, scene=staged, answers=(window(),)),
             Case(short, None, scene=staged, answers=(window(), choose("dodge"))),
             Case(six(*[2] * pool), None, scene=staged, answers=(window(),))]
    if key == "longsword":
        two = six(6, 5, *[1] * (pool - 2))
        spent = fighter(m, who, actions_left=0)
        cases += [Case((*short, *damage), None, scene=staged, answers=(window(), choose(c)))
                  for c in ("none", "disengage", "counter")]
        down = fighter(m, TARGETS[who], linked=False, hp=0)
        cases += [Case(two, None, scene=staged, answers=(window(cover="heavy"), choose("none"))),
                  Case(short, None, scene=scene([attacker, down], attacker, down),
                       answers=(window(),)),
                  Case(hit, None, scene=staged, answers=(window(counter=True),)),
                  Case((), None, scene=scene([spent, target], spent, target),
                       answers=(window(),))]
    if key == "chain-whip":
        worn = armour_at(target, 1)
        cases.append(Case(hit, None, scene=scene([attacker, worn], attacker, worn),
                          answers=(window(tier="hard"),)))
    return cases


def sides_of(case: Case) -> list[tuple[Doc, Doc, dict[str, Doc]]]:
    """(actor, engine character, items by engine id) of the attacker and the target."""
    assert case.scene is not None
    tokens = [case.scene["controlled"][0], case.scene["targets"][0]]
    actors = [next(a for a in case.scene["actors"] if f"tok-{a['_id']}" == t) for t in tokens]
    return [(a, *combatant(a, i)) for a, i in zip(actors, slug_ids(actors), strict=True)]


Side = tuple[Doc, Doc, dict[str, Doc]]
Rolls = list[tuple[str, tuple[int, ...]]]


def attack_input(ctx: MacroContext, case: Case, sides: list[Side]) -> Doc:
    fields = case.answers[0]["fields"]
    return {"attacker": sides[0][1], "target": sides[1][1], "weapon": ctx.args[0],
            "tier": fields.get("tier") or None, "cover": fields.get("cover", "none"),
            "concealment": fields.get("concealment", "none"), "salvation_claimed": False,
            "opportunity": {"choice": "none"},
            "cost": "none" if fields.get("counter") else "action"}


def rolled_attack(ctx: MacroContext, case: Case, inp: Doc) -> tuple[Doc, Rolls]:
    """The module's steps: the pool as one roll, `attack_roll` for a shortfall, the Opportunity
    answered, then `attack` on every face (the damage dice as one more roll)."""
    m, dice = ctx.module, list(case.dice)
    first = run(m, "attack", inp, [])
    if first.get("error", {}).get("code") != "queue_exhausted":
        return first, []
    pool = int(run(m, "attack_pool", {"attacker": inp["attacker"], "weapon": inp["weapon"]},
                   [])["state"]["pool"])
    weapon = next(w for w in inp["attacker"]["weapons"] if w["id"] == inp["weapon"])
    tier = inp["tier"] or weapon["sdm_tier"]
    roll = run(m, "attack_roll", {"pool": pool, "attack_kind": weapon["attack_kind"],
                                  "tier": tier, "cover": inp["cover"],
                                  "concealment": inp["concealment"],
                                  "salvation_claimed": False}, dice[:pool])
    down = inp["target"]["incapacitated"] or inp["target"].get("dead", False)
    if roll["state"]["result"] == "shortfall" and not down:
        inp = {**inp, "opportunity": {"choice": case.answers[1]["fields"]["choice"]}}
    rolls = [(f"{pool}d6", tuple(v for _, v in dice[:pool]))]
    if dice[pool:]:
        dd = weapon["damage_dice"]
        rolls.append((f"{dd['count']}d{dd['die']}", tuple(v for _, v in dice[pool:])))
    return run(m, "attack", inp, dice), rolls


def expect_attack(ctx: MacroContext, case: Case) -> Outcome:
    lang = ctx.module.lang
    sides = sides_of(case)
    inp = attack_input(ctx, case, sides)
    result, rolls = rolled_attack(ctx, case, inp)
    assert "error" not in result, f"the Python engine refused {case.label}: {result}"
    changes = changes_of(sides, [result["state"]["attacker"], result["state"]["target"]])
    names: dict[str, str] = {}
    for actor, character, items in sides:
        names[character["id"]] = actor["name"]
        for ident, item in items.items():
            names.setdefault(ident, item["name"])
    (a, _, a_items), (d, _, _) = sides
    weapon = next(i for i in a_items.values() if flag(i, "key") == ctx.args[0])
    key = "Counter" if inp["cost"] == "none" else "Attack"
    heading = foundry_format(lang[f"RULEPACK.Sdm.Summary.{key}"], attacker=a["name"],
                             target=d["name"], weapon=weapon["name"])
    title = foundry_format(lang["RULEPACK.Sdm.AttackCard"], attacker=a["name"], target=d["name"])
    summary = [heading, *outcome_lines(lang, result["events"], names)]
    return Outcome(messages=(card(lang, (a["name"], title, summary), rolls, result, changes),),
                   updates=updates(changes))


# ---------------------------------------------------------------- initiative


def cast(ctx: MacroContext) -> list[Doc]:
    m = ctx.module
    return [fighter(m, "ana-reyes"), fighter(m, "bram-holt"), fighter(m, "grex", linked=False)]


def initiative_cases(ctx: MacroContext) -> list[Case]:
    """Three totals apart; SDM-E02's Ana (Dexterity 2) and Bram (Dexterity 1) tied at 15, Ana
    first (the middle case, the screenshot's); all three with Bram and his twin Bea tied at 9
    with the same Dexterity, the players choosing Bea first."""
    people = cast(ctx)
    bea = fighter(ctx.module, "bram-holt", ident="sdmBeaHolt000001", name="Bea Holt")

    def staged(actors: list[Doc]) -> tuple[Doc, Doc]:
        return scene(actors), {"fight": fight(actors)}

    a, e02, b = staged(people), staged(people[:2]), staged([*people, bea])
    return [
        Case(six(6, 6, 6, 6, 3, 3, 3, 1, 1), None, scene=a[0], stage=a[1]),
        Case(six(6, 5, 1, 3, 6, 6, 3), None, scene=e02[0], stage=e02[1]),
        Case(six(6, 6, 6, 6, 3, 3, 3, 1, 1, 4, 4, 1), None, scene=b[0], stage=b[1],
             answers=(window(place0="bea-holt", place1="bram-holt"),)),
    ]


def expect_initiative(ctx: MacroContext, case: Case) -> Outcome:
    assert case.scene is not None and case.stage is not None
    m, lang = ctx.module, ctx.module.lang
    actors = case.scene["actors"]
    entries = case.stage["fight"]["combatants"]
    ids = slug_ids(actors, [c["id"] for c in entries])
    fighters = [combatant(a, i)[0] for a, i in zip(actors, ids, strict=True)]
    tie_order = [v for answer in case.answers for k, v in sorted(answer["fields"].items())]
    inp = {"combatants": fighters, "tie_order": tie_order}
    result = run(m, "initiative", inp, list(case.dice))
    assert "error" not in result, result
    rolls, at = [], 0
    for f in fighters:
        n = 2 + f["traits"]["dexterity"]
        rolls.append((f"{n}d6", tuple(v for _, v in case.dice[at:at + n])))
        at += n
    names = {f["id"]: a["name"] for f, a in zip(fighters, actors, strict=True)}
    slots = result["state"]["slots"]
    found = []
    for slot in slots:
        tied = [s for s in slots if s["total"] == slot["total"]]
        below = len(tied) - 1 - tied.index(slot)
        cid = entries[ids.index(slot["id"])]["id"]
        value = slot["total"] + below / 100 if below else slot["total"]
        found.append((f"Combat.{COMBAT_ID}.Combatant.{cid}", f'{{"initiative": {value}}}'))
    summary = [foundry_format(lang["RULEPACK.Sdm.Summary.Order"], place=i + 1,
                              name=names[s["id"]], total=s["total"]) for i, s in enumerate(slots)]
    title = lang["RULEPACK.Sdm.InitiativeCard"]
    return Outcome(messages=(card(lang, (USER_NAME, title, summary), rolls, result, []),),
                   updates=tuple(found))


# ---------------------------------------------------------------- stabilising


def stabilize_cases(ctx: MacroContext) -> list[Case]:
    """Ana (Intelligence 2, Medicine 1: 5d6) stabilises Grex, down at 0 HP: two successes stand
    him up, none leave him down; a Grex still standing is refused before any die."""
    m = ctx.module
    ana = fighter(m, "ana-reyes", actions_left=ACTIONS_LEFT)
    down, up = fighter(m, "grex", linked=False, hp=0), fighter(m, "grex", linked=False)
    return [Case(six(6, 5, 1, 2, 3), None, scene=scene([ana, down], ana, down)),
            Case(six(1, 2, 3, 4, 4), None, scene=scene([ana, down], ana, down)),
            Case((), None, scene=scene([ana, up], ana, up))]


def expect_stabilize(ctx: MacroContext, case: Case) -> Outcome:
    lang = ctx.module.lang
    sides = sides_of(case)
    (helper, h, _), (target, t, _) = sides
    result = run(ctx.module, "stabilize", {"helper": h, "target": t}, list(case.dice))
    assert "error" not in result, result
    changes = changes_of(sides, [result["state"]["helper"], result["state"]["target"]])
    names = {h["id"]: helper["name"], t["id"]: target["name"]}
    who = {"helper": helper["name"], "target": target["name"]}
    summary = [foundry_format(lang["RULEPACK.Sdm.Summary.Stabilize"], **who),
               *outcome_lines(lang, result["events"], names)]
    rolls = [(f"{len(case.dice)}d6", tuple(v for _, v in case.dice))] if case.dice else []
    title = foundry_format(lang["RULEPACK.Sdm.StabilizeCard"], **who)
    return Outcome(messages=(card(lang, (helper["name"], title, summary), rolls, result,
                                  changes),), updates=updates(changes))


# ---------------------------------------------------------------- the GM's heal and decision


def target_only(actor: Doc) -> Doc:
    return {**scene([actor]), "targets": [f"tok-{actor['_id']}"]}


def heal_cases(ctx: MacroContext) -> list[Case]:
    """Grex hurt (3 HP) regains 5; down at 0 he stands up with 2; dead he heals nothing."""
    m = ctx.module
    def grex(**system: Any) -> Doc:
        return fighter(m, "grex", linked=False, **system)
    return [Case((), None, scene=target_only(grex(hp=3)), answers=(window(amount="5"),)),
            Case((), None, scene=target_only(grex(hp=0)), answers=(window(amount="2"),)),
            Case((), None, scene=target_only(grex(hp=0, dead=True)),
                 answers=(window(amount="4"),))]


def death_cases(ctx: MacroContext) -> list[Case]:
    """Grex down: the GM and the player decide he dies; or that he lives on."""
    down = target_only(fighter(ctx.module, "grex", linked=False, hp=0))
    return [Case((), None, scene=down, answers=(window(dead=True),)),
            Case((), None, scene=down, answers=(window(),))]


def expect_gm_rule(ctx: MacroContext, case: Case, rule: str, title_key: str) -> Outcome:
    assert case.scene is not None
    lang, [actor] = ctx.module.lang, case.scene["actors"]
    character, items = combatant(actor, slug_ids([actor])[0])
    fields = case.answers[0]["fields"]
    extra = ({"amount": int(fields["amount"])} if rule == "heal"
             else {"dead": bool(fields.get("dead"))})
    result = run(ctx.module, rule, {"character": character, **extra}, [])
    assert "error" not in result, result
    changes = changes_of([(actor, character, items)], [result["state"]["character"]])
    summary = outcome_lines(lang, result["events"], {character["id"]: actor["name"]})
    title = foundry_format(lang[title_key], name=actor["name"])
    return Outcome(messages=(card(lang, (USER_NAME, title, summary), [], result, changes),),
                   updates=updates(changes))


def expect_heal(ctx: MacroContext, case: Case) -> Outcome:
    return expect_gm_rule(ctx, case, "heal", "RULEPACK.Sdm.HealCard")


def expect_death(ctx: MacroContext, case: Case) -> Outcome:
    return expect_gm_rule(ctx, case, "decide_death", "RULEPACK.Sdm.DeathCard")


KINDS: dict[str, MacroKind] = {
    "sdm_pool.heal": MacroKind(heal_cases, expect_heal),
    "sdm_pool.decideDeath": MacroKind(death_cases, expect_death),
    "sdm_pool.attack": MacroKind(attack_cases, expect_attack),
    "sdm_pool.stabilize": MacroKind(stabilize_cases, expect_stabilize),
    "sdm_pool.rollInitiative": MacroKind(initiative_cases, expect_initiative),
}

#: The macro whose card the screenshot test shows for this ruleset.
SHOWCASE = "SDM: Roll initiative"
#: More cards worth a screenshot: (macro name, file name suffix): a shortfall and its Disengage.
EXTRA_SHOTS = (("SDM: Attack with Longsword", "attack-card"),)
__all__ = ["EXTRA_SHOTS", "IDS", "KINDS", "SHOWCASE"]
