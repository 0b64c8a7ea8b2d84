"""The fate_wounds macro kinds (`api.fate_wounds.attack()` and `.act()`): the cases each macro
runs and the card and document updates the Python engine predicts for each.

A case stages Tim the Enchanter and Agent Smith (world copies of the shipped fighters) on a
scene, Tim's token controlled and Smith's targeted, in the viewed Combat (round 0: not started,
so no action is counted, unless the case starts it), and answers the attack window and then the
defence window: in the harness one GM owns both, so the defence is asked on the same client
(another client's defence: `test_table.py`). The expectation rebuilds both engine characters
from the same documents (`fate_wounds.world`), runs `compiler.rules.run_case` on the case's
Fate dice and words the card as the module does (`fate_wounds.cards`).
"""

from __future__ import annotations

from typing import Any

from macro_kinds import USER_NAME, Case, MacroContext, MacroKind, Outcome, foundry_format

from compiler.rules import run_case
from fate_wounds.cards import (
    FW,
    Change,
    action_line,
    card,
    economy_changes,
    fighter_changes,
    outcome_lines,
    updates,
)
from fate_wounds.world import (
    COMBAT,
    ENGINE,
    MODULE_ID,
    SMITH,
    TIM,
    actor_uuid,
    attack_scene,
    character_ids,
    combatant_id,
    config_data,
    config_overrides,
    fight,
    fighter,
    fighter_character,
)

Doc = dict[str, Any]
F = "F"


def fate(*faces: int) -> tuple[tuple[str, int], ...]:
    return tuple((F, v) for v in faces)


def declare(action: str = "roll", **fields: Any) -> Doc:
    return {"action": action, "fields": fields}


#: FW-E01, FW-E02: Tim's Forceful Fiery Explosion with all four bonuses against Smith's Quick
#: Cybernetic Punch with two.
TIM_ATTACKS = declare(approach="forceful", power="fiery-explosion", power_bonuses="4")
SMITH_DEFENDS = declare(approach="quick", power="cybernetic-punch", power_bonuses="2")
SEED_DICE = fate(1, -1, -1, 0, -1, -1, 0, 0)


def attack_cases(ctx: MacroContext) -> list[Case]:
    """A tie (the defender's); a scratch that cascades from full Scratch and Light to Heavy
    (Disadvantage from then on); no defence (total 0); the seed's exchange (+5 against +2, a
    Light Wound) outside a Combat and, in a started one, with the round's action and attack
    counted; a heavily wounded Smith defending at Disadvantage (two sets, the lower kept), whose
    Heavy Wound overflows to Extreme (Double Disadvantage); and a wound cascading up a full
    track (Incapacitated). (What the macros refuse, with a
    warning, is in `test_macros.py`: every case here must run without one.)"""
    m = ctx.module
    tim, smith = fighter(m, TIM), fighter(m, SMITH)
    scene = attack_scene(tim, smith)
    idle, started = fight([tim, smith], round_=0), fight([tim, smith])
    cascade = fighter(m, SMITH, wounds={"scratch": 3, "light": 2})
    heavy = fighter(m, SMITH, wounds={"heavy": 1}, power_bonus_remaining=2)
    full = fighter(m, SMITH, wounds={"scratch": 3, "light": 2, "heavy": 1, "extreme": 1})
    plain = declare(approach="quick")
    # The seed's exchange in the middle: the screenshot's case (screenshot.py `showcase`).
    return [
        Case(fate(0, 0, 0, 0, 1, 0, 0, 0), None, scene=scene,
             answers=(declare(approach="forceful"), plain), stage=idle),
        Case(fate(1, 0, 0, 0, 0, 0, 0, 0), None, scene=attack_scene(tim, cascade),
             answers=(declare(approach="forceful"), plain), stage=idle),
        Case(fate(0, 0, 1, 1), None, scene=scene,
             answers=(declare(approach="forceful"), declare("none")), stage=idle),
        Case(SEED_DICE, None, scene=scene, answers=(TIM_ATTACKS, SMITH_DEFENDS), stage=idle),
        Case(SEED_DICE, None, scene=scene, answers=(TIM_ATTACKS, SMITH_DEFENDS), stage=started),
        Case(fate(1, -1, 0, 0, 1, 1, 0, -1, 0, -1, -1, 0), None, scene=attack_scene(tim, heavy),
             answers=(TIM_ATTACKS, declare(approach="quick", power="water-control",
                                           power_bonuses="1")), stage=idle),
        Case(fate(1, 1, 0, 0, *([0] * 12)), None, scene=attack_scene(tim, full),
             answers=(declare(approach="forceful"), plain), stage=idle),
    ]


def _declaration(answer: Doc) -> Doc | None:
    if answer["action"] == "none":
        return None
    fields = answer["fields"]
    return {"approach": fields["approach"], "skill": fields.get("skill") or None,
            "power": fields.get("power") or None,
            "power_bonuses": int(fields.get("power_bonuses", 0))}


def _scene_actor(case: Case, actor_id: str) -> Doc:
    assert case.scene is not None
    return next(a for a in case.scene["actors"] if a["_id"] == actor_id)


def _fight(case: Case) -> Doc:
    assert case.stage is not None
    return dict(case.stage["fight"])


def _spent(case: Case, actor: Doc) -> tuple[Doc | None, Doc]:
    """(the stored counts, this round's counts) of the actor's Combatant (as `spentBy`)."""
    combat = _fight(case)
    entry = next(c for c in combat["combatants"] if c["actorId"] == actor["_id"])
    stored = entry["flags"].get(MODULE_ID, {}).get("fw") if entry["flags"] else None
    if not stored or stored.get("round") != combat["round"]:
        return stored, {"actions": 0, "attacks": 0}
    return stored, {"actions": stored["actions"], "attacks": stored["attacks"]}


def _sets(faces: list[int], formulas: int) -> list[tuple[int, ...]]:
    return [tuple(faces[i * 4:i * 4 + 4]) for i in range(formulas)]


def expect_attack(ctx: MacroContext, case: Case) -> Outcome:
    lang, m = ctx.module.lang, ctx.module
    tim, smith = _scene_actor(case, TIM), _scene_actor(case, SMITH)
    combat = _fight(case)
    stored, spent = _spent(case, tim)
    ids = character_ids([tim, smith])
    a, d = fighter_character(m, tim, ids[0]), fighter_character(m, smith, ids[1])
    inp = {"attacker": a, "defender": d, "attack": _declaration(case.answers[0]),
           "defence": _declaration(case.answers[1])}
    result = run_case(ENGINE, "attack", config_overrides(m), inp,
                      [{"d": d_, "v": v} for d_, v in case.dice])
    assert "error" not in result, f"the Python engine refused {case.label}: {result}"
    state = result["state"]
    pool = config_data(m)["RULES_CONFIG"]["power_bonus_pool"]
    changes: list[Change] = [
        *fighter_changes(actor_uuid(tim), tim, a, state["attacker"], pool),
        *fighter_changes(actor_uuid(smith), smith, d, state["defender"], pool)]
    names = {"characters": {a["id"]: tim["name"], d["id"]: smith["name"]},
             "columns": {c["id"]: c["label"] for c in state["defender"]["wound_track"]["columns"]}}
    powers = {p["id"]: p["name"] for p in [*a["powers"], *d["powers"]]}
    summary = outcome_lines(lang, result["events"], names, powers)
    if combat["round"] > 0:
        uuid = f"Combat.{COMBAT}.Combatant.{combatant_id(tim)}"
        changes += economy_changes(uuid, tim["name"], stored, spent, combat["round"], True)
        summary.append(action_line(lang, tim["name"], spent, True))
    faces = [v for _, v in case.dice]
    sets = _sets(faces, len(faces) // 4)
    title = foundry_format(lang[f"{FW}AttackCard"], attacker=tim["name"], target=smith["name"])
    message = card(lang, (tim["name"], title, summary), sets, result, changes)
    return Outcome(messages=(message,), updates=updates(changes))


# ---------------------------------------------------------------- another action


def act_cases(ctx: MacroContext) -> list[Case]:
    """In a started Combat: Tim's first action, his second after an attack, and one in a new
    round after a full one (the counts start afresh)."""
    m = ctx.module
    tim, smith = fighter(m, TIM), fighter(m, SMITH)
    scene = attack_scene(tim, smith)
    draw = ({"action": "act", "fields": {"action": "Draw a wand"}},)
    after_attack = fight([tim, smith], spent={TIM: {"round": 1, "actions": 1, "attacks": 1}})
    stale = fight([tim, smith], round_=2, spent={TIM: {"round": 1, "actions": 2, "attacks": 1}})
    return [
        Case((), None, scene=scene, answers=draw, stage=fight([tim, smith])),
        Case((), None, scene=scene, answers=draw, stage=after_attack),
        Case((), None, scene=scene, answers=draw, stage=stale),
    ]


def expect_act(ctx: MacroContext, case: Case) -> Outcome:
    lang, m = ctx.module.lang, ctx.module
    tim = _scene_actor(case, TIM)
    combat = _fight(case)
    stored, spent = _spent(case, tim)
    character = fighter_character(m, tim, character_ids([tim])[0])
    result = run_case(ENGINE, "conditions", config_overrides(m), {"character": character}, [])
    assert "error" not in result, result
    action = case.answers[0]["fields"]["action"]
    uuid = f"Combat.{COMBAT}.Combatant.{combatant_id(tim)}"
    changes = economy_changes(uuid, tim["name"], stored, spent, combat["round"], False)
    summary = [foundry_format(lang[f"{FW}Summary.Act"], name=tim["name"], action=action),
               action_line(lang, tim["name"], spent, False)]
    title = foundry_format(lang[f"{FW}ActCard"], name=tim["name"], action=action)
    message = card(lang, (tim["name"], title, summary), [], result, changes)
    return Outcome(messages=(message,), updates=updates(changes))


# ---------------------------------------------------------------- the GM's conflict macros


def conflict_cases(ctx: MacroContext) -> list[Case]:
    """Tim, who spent all four bonuses, and Smith, who kept two, in the viewed Combat: a physical
    conflict (Smith's Quick goes first) and a mental one (both Careful 0: roster order, PCs
    first); at its end, with `recovery: none`, nothing clears."""
    m = ctx.module
    tim = fighter(m, TIM, power_bonus_remaining=0, wounds={"scratch": 2})
    smith = fighter(m, SMITH, power_bonus_remaining=2)
    scene = {**attack_scene(tim, smith), "controlled": [], "targets": []}
    staged = fight([tim, smith], round_=0)
    if ctx.method == "fate_wounds.endConflict":
        return [Case((), None, scene=scene, answers=(), stage=staged)]
    return [Case((), None, scene=scene, stage=staged,
                 answers=({"action": "start", "fields": {"conflict": kind}},))
            for kind in ("physical", "mental")]


def expect_conflict(ctx: MacroContext, case: Case) -> Outcome:
    lang, m = ctx.module.lang, ctx.module
    actors = [_scene_actor(case, TIM), _scene_actor(case, SMITH)]
    ids = character_ids(actors)
    characters = [fighter_character(m, a, i) for a, i in zip(actors, ids, strict=True)]
    starting = ctx.method == "fate_wounds.startConflict"
    inp: Doc = {"characters": characters}
    if starting:
        inp |= {"conflict": case.answers[0]["fields"]["conflict"], "tie_order": None}
    rule = "start_conflict" if starting else "end_conflict"
    result = run_case(ENGINE, rule, config_overrides(m), inp, [])
    assert "error" not in result, result
    state = result["state"]
    pool = config_data(m)["RULES_CONFIG"]["power_bonus_pool"]
    changes = [change for actor, before, after in zip(actors, characters, state["characters"],
                                                      strict=True)
               for change in fighter_changes(actor_uuid(actor), actor, before, after, pool)]
    names = {"characters": {c["id"]: a["name"] for a, c in zip(actors, characters, strict=True)},
             "columns": {c["id"]: c["label"] for c in characters[0]["wound_track"]["columns"]}}
    if starting:
        order = ", ".join(names["characters"][i] for i in state["order"])
        heading = [foundry_format(lang[f"{FW}Summary.Order"], order=order)]
    else:
        heading = [lang[f"{FW}Summary.Ended"]]
    summary = heading + outcome_lines(lang, result["events"], names, {})
    title = lang[f"{FW}StartCard" if starting else f"{FW}EndCard"]
    message = card(lang, (USER_NAME, title, summary), [], result, changes)
    return Outcome(messages=(message,), updates=updates(changes))


KINDS: dict[str, MacroKind] = {
    "fate_wounds.attack": MacroKind(attack_cases, expect_attack),
    "fate_wounds.act": MacroKind(act_cases, expect_act),
    "fate_wounds.startConflict": MacroKind(conflict_cases, expect_conflict),
    "fate_wounds.endConflict": MacroKind(conflict_cases, expect_conflict),
}

#: The macro whose card the screenshot test shows for this ruleset (a short card: an attack's
#: two rolls and full trace run past the chat card's height), and the attack as an extra shot.
SHOWCASE = "4dF: Take an action"
EXTRA_SHOTS = (("4dF: Attack", "attack-card"),)
