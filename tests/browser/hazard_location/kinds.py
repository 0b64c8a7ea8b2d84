"""The Hazard Dice macro kinds (`api.hazard_location.attack()` and `.blast()`): the cases each
macro runs and the card and document updates the Python engine predicts for each.

A case stages a scene (actors copied from the shipped Sample Soldier, tokens on hexes, the
controlled and targeted ones, a template) and answers the macro's windows. The expectation
rebuilds the engine input from the same documents and answers (`hazard_world`), runs
`compiler.rules.run_case` on the case's dice and words the card as the module does
(`hazard_cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from macro_kinds import USER_NAME, Case, MacroContext, MacroKind, Outcome, foundry_format
from pools import Roll, pool_rolls

from compiler.rules import run_case
from hazard_location.cards import (
    SUMMARY,
    Change,
    card,
    changes_of,
    labels,
    outcome_lines,
    parts_card,
    updates,
)
from hazard_location.world import (
    ATTACKER,
    ENGINE,
    OTHER,
    TARGET,
    armed,
    attack_scene,
    character_ids,
    combatant,
    config_data,
    config_overrides,
    engine_content,
    explosive,
    explosive_item,
    fighter,
    hexes,
    scene_actor,
    scene_token,
    token,
)

Doc = dict[str, Any]
Dice = tuple[tuple[int, int], ...]
D6, D100 = 6, 100
#: Between the first and last die of a run on the card ("dice 1\u20136", as `rollerLines` writes).
EN_DASH = "\u2013"


def six(*faces: int) -> Dice:
    return tuple((D6, f) for f in faces)


# ---------------------------------------------------------------- the attack


def answer(**fields: Any) -> Doc:
    """The attack window answered with the Service Handgun, plus `fields`."""
    return {"action": "attack", "fields": {"weapon": "service-handgun", **fields}}


def defend(choice: str = "auto") -> Doc:
    """The defence window answered (on the defender's client: here the GM's, for an NPC)."""
    return {"action": "defend", "fields": {"defence": choice}}


def attack_cases(ctx: MacroContext) -> list[Case]:
    """A miss, a Called Shot, the species chooser, a hit that ablates the cuirass, stacked
    penalties, and both sides of Maximum Range: 400 m is in reach (-19 dice leave none),
    410 m is not."""
    m = ctx.module
    ann, bob, cara = fighter(m, ATTACKER), fighter(m, TARGET), fighter(m, OTHER, species=False)
    called = ({"action": "called", "fields": {"weapon": "service-handgun"}},
              {"action": "attack", "fields": {"location": "head"}}, defend())
    hit = (*six(5, 6, 2, 6, 3, 2), (D100, 25), *six(6, 2, 6, 5, 1, 3, 6, 4))
    penalties = answer(attacker_moved=True, target_moved=True, cover="partial", complication="dim")
    layouts: list[tuple[Doc, tuple[int, int], Dice, tuple[Doc, ...]]] = [
        (bob, (3, 0), six(2, 2, 3, 4, 2, 3), (answer(), defend())),
        (bob, (0, 3), six(6, 5, 5, 1), called),
        (cara, (3, -1), (*six(5, 5, 6, 2, 3, 1), (D100, 95)), (answer(species="human"), defend())),
        (bob, (3, 0), hit, (answer(), defend())),
        (bob, (3, 0), (*six(5, 5), (D100, 60)), (penalties, defend("none"))),
        (bob, (40, 0), (), (answer(), defend())),
        (bob, (41, 0), (), (answer(),)),
    ]
    cases = [Case(dice, None, scene=attack_scene(ann, target, at), answers=answers)
             for target, at, dice, answers in layouts]
    # Swords drawn: Bob parries with 3 successes to Ann's 1, a MoS of 2 >= 1, and strikes back
    # through Ann's torso armour (HZ-R13, HZ-R14, HZ-G07).
    sword = armed(ann)["items"][-1]["_id"]
    parry = ({"action": "attack", "fields": {"weapon": sword}}, defend("parry"))
    riposte = (*six(5, 1, 2, 3), *six(5, 6, 5, 2), (D100, 30),
               *six(6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5))
    # First, so that the ablating hit stays the middle case, the screenshot's (screenshot.py).
    return [Case(riposte, None, scene=attack_scene(armed(ann), armed(bob), (1, 0)),
                 answers=parry), *cases]


def cover_of(fields: Doc) -> Doc | None:
    kind = fields.get("cover", "none")
    if kind == "none":
        return None
    return {"kind": kind} if kind == "partial" else {"kind": kind, "av": int(fields["cover_av"])}


def defence_answer(case: Case) -> str | None:
    """The defence chosen in the case's defence window; None when the attack asked for none."""
    return next((a["fields"]["defence"] for a in case.answers if a["action"] == "defend"), None)


def defence_of(choice: str | None, defender: Doc) -> Doc:
    """As `defenceFields`: a parry names the defender's first melee weapon, if it has one; no
    defence window (an attack that never reaches the Tests) is no reaction."""
    if choice is None or choice == "none":
        return {"defender_can_react": False}
    if choice not in ("evade", "parry"):
        return {"defence": {"kind": "evade"}}
    defence = {"kind": choice}
    melee = next((w for w in defender["weapons"] if w["mode"] == "melee"), None)
    if choice == "parry" and melee:
        defence["weapon"] = melee["id"]
    return {"defender_can_react": True, "defence": defence}


def attack_sides(ctx: MacroContext, case: Case) -> list[tuple[Doc, Doc, dict[str, Doc]]]:
    """(actor, engine character, items by engine id) of the attacker and the target."""
    assert case.scene is not None
    ids = [t.removeprefix("tok-") for t in (case.scene["controlled"][0], case.scene["targets"][0])]
    actors = [scene_actor(case.scene, i) for i in ids]
    return [(actor, *combatant(actor, ctx.module, ident))
            for actor, ident in zip(actors, character_ids(actors), strict=True)]


def attack_input(ctx: MacroContext, case: Case) -> Doc:
    """The engine input the attack macro must build from the case's documents and answers."""
    assert case.scene is not None
    (a_doc, attacker, _), (d_doc, defender, _) = attack_sides(ctx, case)
    fields = case.answers[0]["fields"]
    if not defender.get("species"):
        defender = {**defender, "species": fields["species"]}
    is_called = case.answers[0]["action"] == "called"
    called = case.answers[1]["fields"]["location"] if is_called else None
    tokens = [scene_token(case.scene, f"tok-{d['_id']}") for d in (a_doc, d_doc)]
    complication = fields.get("complication")
    weapon = next(w for w in attacker["weapons"] if w["id"] == fields["weapon"])
    distance = {"value": hexes(*tokens), "unit": "hex"} if weapon["mode"] == "ranged" else None
    return {
        "attacker": attacker, "defender": defender, "weapon": fields["weapon"],
        "distance": distance,
        "attacker_moved": bool(fields.get("attacker_moved")),
        "target_moved": bool(fields.get("target_moved")), "called_shot": called,
        "cover": cover_of(fields), "complications": [complication] if complication else [],
        "die_mods": [], "content": engine_content(ctx.module),
        **defence_of(defence_answer(case), defender),
    }


def predicted(ctx: MacroContext, rule: str, inp: Doc, dice: Dice) -> Doc:
    """The Python engine's result for the input and dice; a refusal fails the test case."""
    queue = [{"d": d, "v": v} for d, v in dice]
    result = run_case(ENGINE, rule, config_overrides(ctx.module), inp, queue)
    assert "error" not in result, f"the Python engine refused {dice}: {result}"
    return result


def predicted_rolls(ctx: MacroContext, rule: str, inp: Doc, dice: Dice) -> tuple[Roll, ...]:
    """The Foundry rolls behind the dice: one per pool the rule takes (`rollRule`'s pools)."""
    queue = [{"d": d, "v": v} for d, v in dice]
    return pool_rolls(ENGINE, rule, config_overrides(ctx.module), inp, queue)


def hexes_text(ctx: MacroContext, count: int) -> str:
    metres = count * config_data(ctx.module)["RULES_CONFIG"]["metres_per_hex"]
    return foundry_format(ctx.module.lang["RULEPACK.Hazard.Hexes"], value=count, metres=metres)


def names_of(sides: list[tuple[Doc, Doc, dict[str, Doc]]]) -> dict[str, str]:
    names = {character["id"]: actor["name"] for actor, character, _ in sides}
    return names | {i: item["name"] for _, _, items in sides for i, item in items.items()}


def roller_lines(lang: dict[str, str], defence: str | None, events: list[Doc], count: int,
                 rollers: tuple[str, str, str] = (USER_NAME,) * 3) -> list[str]:
    """As `rollerLines`: who chose the defence, then who rolled each run of dice (`rollers`:
    the attack's, the defence's and the struck character's roller; on one client, its user)."""
    lines = []
    if defence is not None:
        choice = lang[f"RULEPACK.Hazard.Defence{defence.capitalize()}"]
        lines.append(foundry_format(lang["RULEPACK.Hazard.Rollers.Defence"], name=rollers[1],
                                    defence=choice))
    pools = {e["side"]: e["pool"] for e in events if e["type"] == "test"}
    a, d = pools.get("attacker", 0), pools.get("defender", 0)
    runs = [("attack", rollers[0], 0, a), ("defence", rollers[1], a, a + d),
            ("struck", rollers[2], a + d, count)]
    for part, name, first, end in runs:
        if end > first:
            dice = f"{first + 1}" if end - first == 1 else f"{first + 1}{EN_DASH}{end}"
            lines.append(foundry_format(lang["RULEPACK.Hazard.Rollers.Rolled"], name=name,
                                        part=lang[f"RULEPACK.Hazard.Rollers.Part.{part}"],
                                        dice=dice))
    return lines


def expect_attack(ctx: MacroContext, case: Case) -> Outcome:
    lang = ctx.module.lang
    inp = attack_input(ctx, case)
    result = predicted(ctx, "attack", inp, case.dice)
    sides = attack_sides(ctx, case)
    after = [result["state"]["attacker"], result["state"]["defender"]]
    changes = changes_of(sides, after, result["events"])
    weapon = next(w for w in sides[0][1]["weapons"] if w["id"] == inp["weapon"])
    reach = (lang["RULEPACK.Hazard.Melee"] if inp["distance"] is None
             else hexes_text(ctx, inp["distance"]["value"]))
    at = foundry_format(lang["RULEPACK.Hazard.WeaponAt"], weapon=weapon["name"], range=reach)
    a, d = (actor["name"] for actor, _, _ in sides)
    summary = [foundry_format(lang["RULEPACK.Hazard.Summary.Attack"], attacker=a, target=d,
                              weapon=at),
               *outcome_lines(lang, result["events"], names_of(sides),
                              labels(inp["content"]), sides[1][1]["id"]),
               *roller_lines(lang, defence_answer(case), result["events"], len(case.dice))]
    title = foundry_format(lang["RULEPACK.Hazard.AttackCard"], attacker=a, target=d)
    rolls = predicted_rolls(ctx, "attack", inp, case.dice)
    message = card(lang, (a, title, summary), rolls, result, changes)
    return Outcome(messages=(message,), updates=updates(changes))


# ---------------------------------------------------------------- the blast


def blast_cases(ctx: MacroContext) -> list[Case]:
    """A template reaching two targets (full Damage within the radius, a quarter at twice it),
    one reaching all three (the screenshot's, in the middle), and a blast at the controlled
    token on the token it targets: each one card, the dice taken target after target."""
    m = ctx.module
    ann, bob, cara = fighter(m, ATTACKER), fighter(m, TARGET), fighter(m, OTHER)
    detonate = ({"action": "attack", "fields": {"explosive": explosive_item(m)["_id"]}},)
    template = {"actors": [ann, bob, cara],
                "tokens": [token(ann, 5, 5), token(bob, 1, 0), token(cara, 0, 2)],
                "templates": [{"id": "tpl", "q": 0, "r": 0, "distance": 20}],
                "controlled": ["tpl"]}
    everyone = {**template, "tokens": [token(ann, -1, 1), token(bob, 1, 0), token(cara, 0, 2)]}
    at_token = {"actors": [ann, bob], "tokens": [token(ann, 0, 0), token(bob, 3, 0)],
                "controlled": [f"tok-{ATTACKER}"], "targets": [f"tok-{TARGET}"]}
    bob_dice = (*six(6, 6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5), (D100, 5), (D100, 70))
    cara_dice = six(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2)
    return [
        Case((*bob_dice, *cara_dice), None, scene=template, answers=detonate),
        Case((*BLAST_ANN, *bob_dice, *cara_dice), None, scene=everyone, answers=detonate),
        Case(six(5, 4, 3, 2, 1, 5, 4, 3, 2, 1, 5, 4), None, scene=at_token, answers=detonate),
    ]


#: Ann's dice one hex from the blast: an Armor Roll that stops little, then her wounds.
BLAST_ANN = (*six(2, 1, 1, 3, 2, 1, 4, 1, 2, 1, 3, 1), (D100, 40), (D100, 88))


def victims(case: Case) -> tuple[Doc, list[Doc]]:
    """The detonation point and the tokens reached, as `victims()` finds them."""
    assert case.scene is not None
    templates = case.scene.get("templates", [])
    if templates:
        centre = templates[0]
        grid = case.scene.get("grid", {}).get("distance", 10)
        inside = [t for t in case.scene["tokens"] if hexes(centre, t) * grid <= centre["distance"]]
        return centre, inside
    centre = scene_token(case.scene, case.scene["controlled"][0])
    return centre, [scene_token(case.scene, t) for t in case.scene["targets"]]


def take(ctx: MacroContext, inp: Doc, dice: list[tuple[int, int]]) -> Dice:
    """The faces one target's blast takes off the front of `dice` (dice on demand, as rollRule)."""
    for count in range(len(dice) + 1):
        queue = [{"d": d, "v": v} for d, v in dice[:count]]
        result = run_case(ENGINE, "blast", config_overrides(ctx.module), inp, queue)
        if result.get("error", {}).get("code") != "queue_exhausted":
            return tuple(dice[:count])
    raise AssertionError("the case has too few faces for the blast")


@dataclass(frozen=True)
class Struck:
    """One target of a blast as its section of the card shows it: its lines, the rolls behind its
    dice, the rules result and the changes it makes."""

    summary: list[str]
    rolls: tuple[Roll, ...]
    result: Doc
    changes: list[Change]

    @property
    def hurt(self) -> bool:
        """As `hurt`: the target lost Stamina or took an Injury."""
        return any((e["type"] == "stamina" and e["after"] < e["before"]) or e["type"] == "injury"
                   for e in self.result["events"])


def blast_part(ctx: MacroContext, case: Case, victim: Doc, dice: Dice) -> Struck:
    assert case.scene is not None
    lang = ctx.module.lang
    actor = scene_actor(case.scene, victim["actor"])
    character, items = combatant(actor, ctx.module, character_ids([actor])[0])
    boom = explosive(ctx.module)
    inp = blast_input(ctx, case, victim)
    result = predicted(ctx, "blast", inp, dice)
    sides = [(actor, character, items)]
    changes = changes_of(sides, [result["state"]["target"]], result["events"])
    names = names_of(sides) | {boom["id"]: boom["name"]}
    distance = hexes_text(ctx, inp["distance"]["value"])
    summary = [foundry_format(lang["RULEPACK.Hazard.Summary.Blast"], explosive=boom["name"],
                              target=actor["name"], distance=distance),
               *outcome_lines(lang, result["events"], names, labels(inp["content"]),
                              character["id"])]
    return Struck(summary, predicted_rolls(ctx, "blast", inp, dice), result, changes)


def blast_input(ctx: MacroContext, case: Case, victim: Doc) -> Doc:
    assert case.scene is not None
    actor = scene_actor(case.scene, victim["actor"])
    character, _ = combatant(actor, ctx.module, character_ids([actor])[0])
    return {"explosive": explosive(ctx.module),
            "distance": {"value": hexes(victims(case)[0], victim), "unit": "hex"},
            "target": character, "content": engine_content(ctx.module)}


def blast_parts(ctx: MacroContext, case: Case) -> list[Struck]:
    """Every target reached, in token order, each taking its dice in turn."""
    parts, left = [], list(case.dice)
    for victim in victims(case)[1]:
        dice = take(ctx, blast_input(ctx, case, victim), left)
        left = left[len(dice):]
        parts.append(blast_part(ctx, case, victim, dice))
    assert not left, f"faces left after every target: {left}"
    return parts


def blast_outcome(lang: dict[str, str], name: str, parts: list[Struck]) -> str:
    key = "BlastOutcomeOne" if len(parts) == 1 else "BlastOutcome"
    return foundry_format(lang[f"{SUMMARY}{key}"], explosive=name, count=len(parts),
                          hurt=sum(p.hurt for p in parts))


def expect_blast(ctx: MacroContext, case: Case) -> Outcome:
    """One card for the whole blast: its outcome, then each target's section (`card-parts.mjs`)."""
    lang, name = ctx.module.lang, explosive(ctx.module)["name"]
    parts = blast_parts(ctx, case)
    title = foundry_format(lang["RULEPACK.Hazard.BlastCard"], explosive=name)
    message = parts_card(lang, (USER_NAME, title, [blast_outcome(lang, name, parts)]),
                         [(p.summary, p.rolls, p.result, p.changes) for p in parts])
    return Outcome(messages=(message,), updates=updates([c for p in parts for c in p.changes]))


KINDS: dict[str, MacroKind] = {
    "hazard_location.attack": MacroKind(attack_cases, expect_attack),
    "hazard_location.blast": MacroKind(blast_cases, expect_blast),
}


#: The macro whose card the screenshot test shows for this ruleset.
SHOWCASE = "Hit location: Human"
#: More cards worth a screenshot: (macro name, file name suffix).
EXTRA_SHOTS = (("Hazard Dice: Attack", "attack-card"), ("Hazard Dice: Blast", "blast-card"))
