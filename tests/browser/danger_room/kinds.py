"""The Danger Room's macro kinds for `test_macros.py`: every `api.danger_room.*` macro of the
built module, run against the shipped fighters (`danger_room_world.sample_world`) with scripted
dice and dialog answers, must post the cards and make the updates `danger_room_flows` predicts
with the Python engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from macro_kinds import Case, MacroContext, MacroKind, Outcome

from compiler.rules import run_case
from danger_room.flows import (
    aftermath,
    cardless_save,
    contest,
    end_turn,
    order_input,
    play_card,
    published_speeds,
    reveal_speeds,
    take_blow,
    wait,
)
from danger_room.play import Script
from danger_room.world import (
    COMBAT_ID,
    MODULE,
    World,
    before,
    fill,
    picked,
    read_fight,
    sample_world,
    scene,
)

NONCE = "5eed" * 8
#: Faces the scripted dice cycle through: successes, failures and a 1 (d20s read the same list).
PATTERN = (6, 1, 9, 3, 10, 5, 2, 8, 7, 4)
#: Who plays each shipped card, at whom, and the BOOSTs asked per hit (None: no BOOST dialog).
PLAYS: dict[str, tuple[str, tuple[str, ...], tuple[int, ...] | None]] = {
    "claw-strike": ("x-23", ("hand-operative",), (1,)),
    "katana-cut": ("hand-operative", ("x-23",), (0,)),
    "amaranth": ("hellfire", ("hand-operative",), (0,)),
    "metal-pinions": ("hellfire", ("hand-operative",), (1, 0)),
    "scrap-storm": ("hellfire", (), (0,)),
    "block": ("x-23", (), None),
    "barrier": ("hellfire", ("x-23",), None),
    "phasing": ("hellfire", (), None),
}
#: The cards the four fighters picked this Turn (Speeds 11, 5, 5, 4: a roll-off at 5).
PICKS = {"x-23": "claw-strike", "hellfire": "amaranth", "hand-operative": "katana-cut",
         "hand-operative-2": "block"}


def faces_for(flow: Callable[[Script], Outcome]) -> tuple[tuple[int, int], ...]:
    """The dice a flow asks for when every face comes from `PATTERN`, in order."""
    script = Script([], pattern=PATTERN)
    flow(script)
    return tuple(script.used)


def world_for(ctx: MacroContext) -> World:
    return sample_world(ctx.module)


def on_turn(world: World, fighter: str) -> World:
    """The tracker shows `fighter`'s turn: it has the highest initiative, turn 0."""
    initiative = {s.fighter: (10 if s.fighter == fighter else 1) for s in world.seats}
    return replace(world, initiative=initiative, turn=0)


def case(world: World, dice: tuple[tuple[int, int], ...], selected: str | None,
         targets: tuple[str, ...] = (), answers: tuple[dict[str, Any], ...] = ()) -> Case:
    return Case(dice, None, scene(world, selected, targets), answers, stage=before(world))


# ------------------------------------------------------------------ playCard


#: Cards also played in the dark: attacks take the Visibility's penalty dice (DR-R13, DR-G23).
IN_THE_DARK = {"claw-strike": "dim"}


def play_world(ctx: MacroContext, visibility: str = "clear"
               ) -> tuple[World, str, tuple[str, ...], tuple[int, ...] | None]:
    fighter, targets, boost = PLAYS[str(ctx.args[0])]
    world = picked(on_turn(world_for(ctx), fighter), fighter, str(ctx.args[0]), NONCE, None)
    if visibility != "clear":
        world = replace(world, combat_flags={"fight": {"visibility": visibility}})
    return world, fighter, targets, boost


def play_cases(ctx: MacroContext) -> list[Case]:
    key = str(ctx.args[0])
    found = []
    for visibility in ("clear", *([IN_THE_DARK[key]] if key in IN_THE_DARK else [])):
        world, fighter, targets, boost = play_world(ctx, visibility)
        dice = faces_for(lambda s, w=world, f=fighter, t=targets, b=boost: play_card(
            w, f, key, list(t), list(b or ()), s, NONCE))
        answers = () if boost is None else (
            {"action": "ok", "fields": {f"hit{i + 1}": b for i, b in enumerate(boost)}},)
        found.append(case(world, dice, fighter, targets, answers))
    return found


def staged_visibility(case: Case) -> str:
    flags = (case.stage or {})["fight"]["flags"].get(MODULE, {})
    return str(flags.get("fight", {}).get("visibility", "clear"))


def expect_play(ctx: MacroContext, case: Case) -> Outcome:
    world, fighter, targets, boost = play_world(ctx, staged_visibility(case))
    return play_card(world, fighter, str(ctx.args[0]), list(targets), list(boost or ()),
                     Script(list(case.dice)), NONCE)


# ------------------------------------------------------------------ the Turn


def pick_cases(ctx: MacroContext) -> list[Case]:
    world = replace(world_for(ctx), storage={})
    answers = ({"action": "ok", "fields": {"card": "claw-strike"}},)
    staged = replace(case(world, (), "x-23", (), answers), stage={**before(world), "nonce": NONCE})
    return [staged]


def expect_pick(ctx: MacroContext, case: Case) -> Outcome:
    world = world_for(ctx)
    after = picked(world, "x-23", "claw-strike", NONCE, None)
    commit = after.combatant_flags[world.seat("x-23").combatant]["commit"]
    note = fill(ctx.module.lang["RULEPACK.DangerRoom.Picked"], name="X-23")
    uuid = world.combatant_uuid("x-23")
    return Outcome((), ((uuid, json.dumps({f"flags.{MODULE}.commit": commit}, sort_keys=True)),),
                   (("info", note),))


def all_picked(ctx: MacroContext) -> World:
    world = world_for(ctx)
    for fighter, card in PICKS.items():
        world = picked(world, fighter, card, NONCE, None)
    return world


def reveal_cases(ctx: MacroContext) -> list[Case]:
    world = all_picked(ctx)
    dice = faces_for(lambda s: reveal_speeds(world, s, PICKS))
    return [case(world, dice, None)]


def expect_reveal(ctx: MacroContext, case: Case) -> Outcome:
    return reveal_speeds(all_picked(ctx), Script(list(case.dice)), PICKS)


def ordered(ctx: MacroContext) -> World:
    """Round 1 ordered with `reveal_cases`' dice: every fighter played, its Speed published, the
    order stored on the Combat and shown by the initiatives, X-23's turn."""
    world = all_picked(ctx)
    fight = read_fight(world)
    speeds = published_speeds(fight, PICKS)
    dice = [{"d": d, "v": v} for d, v in reveal_cases(ctx)[0].dice]
    order = {"round": world.round, "speeds": speeds, "dice": dice, "waits": []}
    result = run_case("danger_room", "turn_order", world.config, order_input(fight, order), dice)
    acting = result["state"]["acting_order"]
    flags = {s.combatant: {**world.combatant_flags[s.combatant],
                           "speed": {"round": world.round, "speed": speed}}
             for s, (_, speed) in zip(world.seats, speeds, strict=True)}
    for seat in world.seats:
        world.fighters[seat.combatant] = {**world.fighters[seat.combatant], "played": True}
    initiative = {f: len(acting) - i for i, f in enumerate(acting)}
    return replace(world, combatant_flags=flags, initiative=initiative, turn=0,
                   combat_flags={"order": order})


def wait_cases(ctx: MacroContext) -> list[Case]:
    world = ordered(ctx)
    return [case(world, (), "x-23")]


def expect_wait(ctx: MacroContext, case: Case) -> Outcome:
    return wait(ordered(ctx), "x-23", Script([]))


def end_cases(ctx: MacroContext) -> list[Case]:
    """The ordered round ends with no condition running out; and with X-23 dizzy to the end of
    Turn 1 (DR-G17), which the card names as over."""
    return [end_case(world) for world in (ordered(ctx), dizzy_x23(ordered(ctx)))]


def end_case(world: World) -> Case:
    return case(world, faces_for(lambda s: end_turn(world, s, tracker(world), [])), None)


def dizzy_x23(world: World) -> World:
    """`world` with X-23 dizzy until the end of Turn 1."""
    seat = next(s for s in world.seats if s.fighter == "x-23")
    record = world.fighters[seat.combatant]
    held = sorted({**dict(record["conditions"]), "dizzy": 1}.items())  # stored as pairs
    world.fighters[seat.combatant] = {**record, "conditions": [list(p) for p in held]}
    return world


def tracker(world: World) -> list[str]:
    ranked = sorted(world.seats, key=lambda s: (-(world.initiative.get(s.fighter) or -10**9),
                                                s.combatant))
    return [s.fighter for s in ranked]


def expect_end(ctx: MacroContext, case: Case) -> Outcome:
    dizzy = dizzy_x23(ordered(ctx))
    world = dizzy if case.stage == before(dizzy) else ordered(ctx)
    return end_turn(world, Script(list(case.dice)), tracker(world), [])


def visibility_cases(ctx: MacroContext) -> list[Case]:
    world = world_for(ctx)
    return [case(world, (), None, (), ({"action": "ok", "fields": {"visibility": level}},))
            for level in ("dim", "clear")]


def expect_visibility(ctx: MacroContext, case: Case) -> Outcome:
    level = str(case.answers[0]["fields"]["visibility"])
    change = {f"flags.{MODULE}.fight.visibility": level}
    note = fill(ctx.module.lang["RULEPACK.DangerRoom.VisibilitySet"], level=level)
    return Outcome((), ((f"Combat.{COMBAT_ID}", json.dumps(change, sort_keys=True)),),
                   (("info", note),))


# ------------------------------------------------------------------ rolls and aftermath

SAVE = {"save": "Reflex", "against": 3, "unreactable": "no"}
CONTEST = {"challenger": "brawn", "defender": "agility"}


def save_cases(ctx: MacroContext) -> list[Case]:
    world = world_for(ctx)
    dice = faces_for(lambda s: cardless_save(world, "x-23", SAVE, s))
    return [case(world, dice, "x-23", (), ({"action": "ok", "fields": SAVE},))]


def expect_save(ctx: MacroContext, case: Case) -> Outcome:
    return cardless_save(world_for(ctx), "x-23", SAVE, Script(list(case.dice)))


def contest_cases(ctx: MacroContext) -> list[Case]:
    world = world_for(ctx)
    dice = faces_for(lambda s: contest(world, "x-23", "hand-operative", CONTEST, s))
    return [case(world, dice, "x-23", ("hand-operative",), ({"action": "ok", "fields": CONTEST},))]


def expect_contest(ctx: MacroContext, case: Case) -> Outcome:
    return contest(world_for(ctx), "x-23", "hand-operative", CONTEST, Script(list(case.dice)))


#: Health lost: 4 leaves X-23 (12) standing; 15 takes her past 0 and makes the zero-Health d20 roll.
BLOWS = (4, 15)


def blow_cases(ctx: MacroContext) -> list[Case]:
    world = world_for(ctx)
    found = []
    for lost in BLOWS:
        dice = faces_for(lambda s, lost=lost: take_blow(world, "x-23", lost, s))
        found.append(case(world, dice, "x-23", (), ({"action": "ok", "fields": {"lost": lost}},)))
    return found


def expect_blow(ctx: MacroContext, case: Case) -> Outcome:
    lost = int(case.answers[0]["fields"]["lost"])
    return take_blow(world_for(ctx), "x-23", lost, Script(list(case.dice)))


def fought(ctx: MacroContext) -> World:
    """After a fight: the Hand Operatives down, X-23 and Hellfire played, X-23 hurt."""
    world = world_for(ctx)
    fight = read_fight(world)
    for seat in world.seats:
        status = "down" if seat.actor == "hand-operative" else "fighting"
        health = {"x-23": 5}.get(seat.fighter, fight.fighter(seat.fighter)["health"])
        world.fighters[seat.combatant] = {**world.fighters[seat.combatant], "played": True,
                                          "status": status, "health": health}
    return world


def aftermath_cases(ctx: MacroContext) -> list[Case]:
    world = fought(ctx)
    return [case(world, (), None, (), ({"action": "ok", "fields": {"journal": "no"}},))]


def expect_aftermath(ctx: MacroContext, case: Case) -> Outcome:
    return aftermath(fought(ctx), Script(list(case.dice)))


KINDS: dict[str, MacroKind] = {
    "danger_room.playCard": MacroKind(play_cases, expect_play),
    "danger_room.pickCard": MacroKind(pick_cases, expect_pick),
    "danger_room.revealSpeeds": MacroKind(reveal_cases, expect_reveal),
    "danger_room.wait": MacroKind(wait_cases, expect_wait),
    "danger_room.endTurn": MacroKind(end_cases, expect_end),
    "danger_room.setVisibility": MacroKind(visibility_cases, expect_visibility),
    "danger_room.cardlessSave": MacroKind(save_cases, expect_save),
    "danger_room.contest": MacroKind(contest_cases, expect_contest),
    "danger_room.takeBlow": MacroKind(blow_cases, expect_blow),
    "danger_room.aftermath": MacroKind(aftermath_cases, expect_aftermath),
}


#: The macro whose card the screenshot test shows for this ruleset.
SHOWCASE = "Danger Room: Take a blow"
#: More cards worth a screenshot: (macro name, file name suffix): an area action's one card of
#: several targets, and a card played on one target (Amaranth: the target saves for half).
EXTRA_SHOTS = (("Danger Room: Scrap Storm", "area-card"), ("Danger Room: Amaranth", "play-card"))
