"""The Danger Room macros' flows as the Python engine predicts them (`danger_room_play` steps).

One function per API method of `foundry/danger-room/api.mjs`: from a staged `World`, the scripted
dice and the dialog answers, the chat cards posted, the document updates recorded (in order) and
the notifications shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from compiler.rules.danger_room.hexes import in_cone
from danger_room.play import (
    Attack,
    Script,
    Step,
    ask,
    attack_action,
    card_of,
    fight_step,
    lang,
    mark,
    post,
    roll_rule,
    turn_speed,
)
from danger_room.world import (
    COMBAT_ID,
    MODULE,
    Fight,
    World,
    apply_state,
    read_fight,
    update,
    word,
)

if TYPE_CHECKING:
    from macro_kinds import Outcome

ATTACKS = ("strike", "power", "grab")
DEFENDS = ("block", "active_defence")
OUT = ("down", "obliterated")
SINGLE_TARGET = ("adjacent", "hexes")


def outcome(fight: Fight, script: Script, notes: tuple[tuple[str, str], ...] = ()) -> Outcome:
    from macro_kinds import Outcome  # late: macro_kinds registers the kinds built on this module

    return Outcome(tuple(script.messages), tuple(fight.updates), notes)


def own_turn(fight: Fight, script: Script, fighter: str) -> None:
    """`beginTurn`: the began flag, then `expire_defences` at `own_turn` (a card if it says so)."""
    mark(fight, fighter, began={"round": fight.world.round})
    inp = {"state": fight.state, "moment": "own_turn", "fighter": fighter}
    fight_step(fight, script, "expire_defences", inp, speaker=fight.world.name(fighter),
               title=lang(fight, "Title.OwnTurn", name=fight.world.name(fighter)),
               only_if_events=True)


def aim_of(fight: Fight, fighter: str, card: dict[str, Any], targets: list[str]) -> dict[str, Any]:
    """`aimOf`: the aim the targets give the card's Reach."""
    reach = card["reach"]
    if reach["shape"] in SINGLE_TARGET:
        return {"target": targets[0]}
    if reach["shape"] == "burst":
        origin = reach.get("origin") or fight.world.config["reach_geometry"]["burst_origin_default"]
        return {} if origin == "self" else {"hex": fight.fighter(targets[0])["hex"]}
    start, end = fight.fighter(fighter)["hex"], fight.fighter(targets[0])["hex"]
    dq, dr = end[0] - start[0], end[1] - start[1]
    far = max(abs(dq), abs(dr), abs(dq + dr))
    direction = next(d for d in range(6)
                     if in_cone((start[0], start[1]), (end[0], end[1]), d, max(1, far), True))
    return {"direction": direction}


def idle_reason(fight: Fight, fighter: str, card: dict[str, Any], name: str) -> str | None:
    """`idleReason`: a dampened gift or Focus card, or a Dizzy that takes this Turn's action."""
    me, world = fight.fighter(fighter), fight.world
    dampener = world.config["dampener"]
    gift = (dampener["disables_focus"] and card["focus"]) or any(
        t in dampener["disables_tags"] for t in card["tags"])
    if "dampened" in me["conditions"] and gift:
        return lang(fight, "Disabled", name=world.name(fighter), card=name)
    dizzy = me["conditions"].get("dizzy")
    if dizzy is not None and dizzy >= fight.state["turn"]:
        return lang(fight, "ActionLost", name=world.name(fighter))
    return None


def play_card(world: World, fighter: str, key: str, targets: list[str], boost: list[int],
              script: Script, nonce: str, wield: list[str] | None = None) -> Outcome:
    """`playCard`: reveal, prepare, begin the turn, act by kind, mark the fighter as acted
    (`wield`: the weapons a `change_weapons` card's form answers)."""
    fight = read_fight(world)
    mark(fight, fighter, reveal={"round": world.round, "card": key, "nonce": nonce})
    card, name, speaker = card_of(fight, key), str(world.items[key]["name"]), world.name(fighter)
    idle = idle_reason(fight, fighter, card, name)
    attack = None
    if idle is None and card["kind"] in ATTACKS:
        attack = Attack(fighter, card, name, turn_speed(fight, fighter, card),
                        aim_of(fight, fighter, card, targets), boost)
    own_turn(fight, script, fighter)
    title = lang(fight, "Title.Play", name=speaker, card=name)
    own = {"state": fight.state, "moment": "own_turn", "fighter": fighter}
    if idle is not None:
        fight_step(fight, script, "expire_defences", own, speaker=speaker, title=title,
                   lines=(idle,))
    elif attack is not None:
        attack_action(fight, script, attack, speaker)
    elif card["kind"] == "change_weapons":
        assert wield is not None, "a weapon change asks which weapons to wield"
        me = fight.fighter(fighter)
        inp = {"fighter": fighter, "weapons": me["weapons"], "wielded": wield}
        fight_step(fight, script, "change_weapons", inp, speaker=speaker, title=title,
                   state_of=lambda s: {"fighters": {fighter: {**me, "wielded": s["wielded"]}}})
    elif card["kind"] in DEFENDS:
        protects = targets[0] if len(targets) == 1 else fighter
        inp = {"state": fight.state, "owner": fighter, "card": card, "protects": protects}
        fight_step(fight, script, "arm_defence", inp, speaker=speaker, title=title)
    else:
        line = lang(fight, "Utility", name=speaker, card=name)
        fight_step(fight, script, "expire_defences", own, speaker=speaker, title=title,
                   lines=(line,))
    apply_state(fight, {"fighters": {fighter: {**fight.fighter(fighter), "acted": True}}})
    return outcome(fight, script)


# ------------------------------------------------------------------ the Turn


def order_input(fight: Fight, order: dict[str, Any]) -> dict[str, Any]:
    """`orderInput`: published Speeds as cards whose Speed gives them (Agility bonus added back)."""
    fighters = []
    for ident, speed in order["speeds"]:
        record = fight.fighter(ident)
        profile = ask(fight, "fighter_profile",
                      {"fighter": {"id": ident, "attributes": record["attributes"]}})
        card = {"speed": speed - profile["bonuses"]["agility"], "focus": False}
        fighters.append({"id": ident, "attributes": record["attributes"], "card": card,
                         "wait": ident in order["waits"]})
    return {"fighters": fighters}


def initiatives(fight: Fight, acting: list[str]) -> None:
    for seat in fight.world.seats:
        at = acting.index(seat.fighter) if seat.fighter in acting else -1
        value = None if at < 0 else len(acting) - at
        update(fight, fight.world.combatant_uuid(seat.fighter), {"initiative": value})


def order_card(fight: Fight, script: Script, step: Step, title: str, speaker: str) -> None:
    names = ", ".join(fight.world.name(i) for i in step.state["acting_order"])
    post(script, step, speaker, title, [lang(fight, "Order", order=names)])


def published_speeds(fight: Fight, cards: dict[str, str]) -> list[list[Any]]:
    """Each fighter still in the fight with the Turn Speed of its pick, in Combatant order."""
    return [[s.fighter, turn_speed(fight, s.fighter, card_of(fight, cards[s.fighter]))]
            for s in fight.world.seats if fight.fighter(s.fighter)["status"] not in OUT]


def reveal_speeds(world: World, script: Script, cards: dict[str, str]) -> Outcome:
    """`revealSpeeds` (GM): played, the phase with the sealed commitments, each kept pick's
    Speed, then the order."""
    fight = read_fight(world)
    inside = [s.fighter for s in world.seats if fight.fighter(s.fighter)["status"] not in OUT]
    apply_state(fight, {"fighters": {
        f: {**fight.fighter(f), "played": True, "acted": False} for f in inside}})
    seals = {s.combatant: world.combatant_flags[s.combatant]["commit"]["hash"]
             for s in world.seats if s.fighter in inside}
    update(fight, f"Combat.{COMBAT_ID}", {f"flags.{MODULE}.phase": {
        "round": world.round, "phase": "speeds", "commits": seals}})
    speeds = published_speeds(fight, cards)
    for ident, speed in speeds:
        mark(fight, ident, speed={"round": world.round, "speed": speed})
    order = {"round": world.round, "speeds": speeds, "dice": [], "waits": []}
    step = roll_rule(fight, script, "turn_order", order_input(fight, order))
    order["dice"] = [{"d": d, "v": v} for d, v in step.faces]
    update(fight, f"Combat.{COMBAT_ID}", {f"flags.{MODULE}.order": order})
    initiatives(fight, step.state["acting_order"])
    update(fight, f"Combat.{COMBAT_ID}", {"turn": 0})
    order_card(fight, script, step, lang(fight, "Title.Order"), "Gamemaster")
    return outcome(fight, script)


def wait(world: World, fighter: str, script: Script) -> Outcome:
    """`wait`: the turn begins, the Wait flag, `turn_order` again on the round's dice."""
    fight = read_fight(world)
    own_turn(fight, script, fighter)
    mark(fight, fighter, wait={"round": world.round})
    stored = world.combat_flags["order"]
    order = {**stored, "waits": [*stored["waits"], fighter]}
    step = roll_rule(fight, Script([(f["d"], f["v"]) for f in order["dice"]]), "turn_order",
                     order_input(fight, order))
    step.faces, step.pools = [], ()  # the card shows no dice: rolled when the round was ordered
    update(fight, f"Combat.{COMBAT_ID}", {f"flags.{MODULE}.order": order})
    initiatives(fight, step.state["acting_order"])
    update(fight, f"Combat.{COMBAT_ID}", {"turn": world.turn})
    order_card(fight, script, step, lang(fight, "Title.Wait", name=world.name(fighter)),
               world.name(fighter))
    return outcome(fight, script)


def end_lines(fight: Fight, turn: int, events: list[dict[str, Any]]) -> list[str]:
    """`endLines`: the Turn that is over and what comes next, then each condition that ran out
    (or that none did)."""
    ended = [lang(fight, "ConditionEnded", name=fight.world.name(e["fighter"]),
                  condition=word(fight.world, "Condition", e["condition"]))
             for e in events if e["type"] == "condition_ended"]
    return [lang(fight, "EndTurnOutcome", round=turn, next=turn + 1),
            *(ended or [fight.world.module.lang["RULEPACK.DangerRoom.NoConditionEnded"]])]


def end_turn(world: World, script: Script, acting: list[str], began: list[str]) -> Outcome:
    """`endTurn` (GM): turns that never began begin, conditions run out, the next round."""
    fight = read_fight(world)
    for ident in acting:
        if ident not in began:
            own_turn(fight, script, ident)
    title = lang(fight, "Title.EndTurn", round=world.round)
    inp = {"fighters": dict(fight.state["fighters"]), "turn": fight.state["turn"]}
    fight_step(fight, script, "expire_conditions", inp, speaker="Gamemaster", title=title,
               lines_of=lambda _, events: end_lines(fight, world.round, events),
               state_of=lambda s: {"fighters": {
                   i: {**f, "acted": False} for i, f in s["fighters"].items()}})
    fight_step(fight, script, "expire_defences",
               {"state": fight.state, "moment": "end_of_turn", "fighter": None},
               speaker="Gamemaster", title=title, only_if_events=True)
    update(fight, f"Combat.{COMBAT_ID}", {"round": world.round + 1, "turn": 0})
    return outcome(fight, script)


# ------------------------------------------------------------------ rolls and aftermath


def cardless_save(world: World, fighter: str, answers: dict[str, Any], script: Script) -> Outcome:
    fight = read_fight(world)
    inp = {"target": fight.fighter(fighter), "save": answers["save"],
           "against": answers["against"], "unreactable": answers["unreactable"] == "yes",
           "boost": answers.get("boost", 0)}
    fight_step(fight, script, "save", inp, speaker=world.name(fighter),
               title=lang(fight, "SaveTitle", name=world.name(fighter)),
               state_of=lambda s: {"fighters": {s["target"]["id"]: s["target"]}})
    return outcome(fight, script)


def contest(world: World, fighter: str, defender: str, answers: dict[str, Any],
            script: Script) -> Outcome:
    fight = read_fight(world)
    inp = {"challenger": fight.fighter(fighter), "challenger_attribute": answers["challenger"],
           "challenger_boost": 0, "defender": fight.fighter(defender),
           "defender_attribute": answers["defender"], "defender_boost": 0}
    title = lang(fight, "ContestTitle", challenger=world.name(fighter),
                 defender=world.name(defender))
    fight_step(fight, script, "contest", inp, speaker=world.name(fighter), title=title,
               state_of=lambda s: {"fighters": {s["challenger"]["id"]: s["challenger"],
                                                s["defender"]["id"]: s["defender"]}})
    return outcome(fight, script)


def take_blow(world: World, fighter: str, lost: int, script: Script) -> Outcome:
    fight = read_fight(world)
    inp = {"fighter": fight.fighter(fighter), "health_lost": lost}
    fight_step(fight, script, "take_blow", inp, speaker=world.name(fighter),
               title=lang(fight, "BlowTitle", name=world.name(fighter)),
               state_of=lambda s: {"fighters": {s["fighter"]["id"]: s["fighter"]}})
    return outcome(fight, script)


def report_lines(fight: Fight, report: dict[str, Any]) -> list[str]:
    """`reportLines`: the aftermath report as plain-text lines."""
    world = fight.world
    none = world.module.lang["RULEPACK.DangerRoom.None"]

    def names(ids: list[str]) -> str:
        return ", ".join(world.name(i) for i in ids) if ids else none

    def things(items: list[dict[str, Any]]) -> str:
        return ", ".join(f"{world.items[i['item']]['name']} ({world.name(i['owner'])})"
                         for i in items) if items else none

    xp = report["xp"]
    return [
        *(lang(fight, "EndState", name=world.name(s["fighter"]), status=s["status"],
               health=s["health"]) for s in report["end_states"]),
        lang(fight, "OnGround", items=things(report["on_ground"])),
        lang(fight, "Returned", items=things(report["returned"])),
        lang(fight, "Resurrection", names=names(report["resurrection_queue"])),
        lang(fight, "Xp", total=xp["total"], defeated=names(xp["defeated"]), share=xp["share"],
             fighters=names(xp["fighters"]), remainder=xp["remainder"]),
    ]


def aftermath(world: World, script: Script) -> Outcome:
    fight = read_fight(world)
    inp = {"state": {"fighters": fight.state["fighters"], "on_ground": fight.state["on_ground"]}}
    fight_step(fight, script, "aftermath", inp, speaker="Gamemaster",
               title=lang(fight, "Title.Aftermath", round=world.round),
               state_of=lambda s: {"fighters": s["fighters"]},
               lines_of=lambda s, _: report_lines(fight, s["report"]))
    return outcome(fight, script)
