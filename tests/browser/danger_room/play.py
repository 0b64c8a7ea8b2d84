"""What the Python engine predicts a Danger Room macro shows and changes, step by step.

Each step is one rule run with the dice the module rolls on demand (`foundry/dice.mjs`: run the
rule, roll the die a `queue_exhausted` names, run it again), applied to the fight
(`danger_room_world.apply_state`) and posted as one chat card. The steps and their inputs are
those of `foundry/danger-room/{steps,attack,play}.mjs`, rebuilt here from the staged world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from compiler.rules import run_case
from danger_room.world import MODULE, Fight, apply_state, engine_card, fill, update, word

if TYPE_CHECKING:
    from macro_kinds import Message

Faces = list[tuple[int, int]]
ROLL_ITEMS = {"damage": "DR-R17", "save": "DR-R11", "opposing": "DR-G07", "contest": "DR-G42",
              "cardless": "DR-R06", "pool": "DR-R04", "perception": "DR-R13",
              "investigation": "DR-R13"}
#: The catalogue id TRACE gives each event type (`roll` goes by its kind).
TRACE_IDS = {
    "turn_start": "DR-R08", "speed": "DR-R07", "speeds": "DR-R07", "roll_off": "DR-G19",
    "order": "DR-R07", "wait": "DR-G20", "acting_order": "DR-G20", "reveal": "DR-R07",
    "move": "DR-R07", "reach": "DR-R09", "area": "DR-G22", "confused": "DR-G05",
    "dazzled": "DR-G04", "miss": "DR-G03", "landed": "DR-R09", "immune": "DR-R19",
    "damage_pool": "DR-R19", "botch": "DR-R05", "save": "DR-R11", "damage": "DR-R19",
    "dizzy": "DR-G18", "zero_health": "DR-R25", "status": "DR-R25", "condition": "DR-R29",
    "condition_ended": "DR-G17", "defence_armed": "DR-R16", "defence_caught": "DR-G26",
    "defence_expired": "DR-G26", "shield": "DR-G11", "heal": "DR-R16", "empower": "DR-R16",
    "contest": "DR-G42", "save_pool": "DR-R11", "shot": "DR-R23", "thrown": "DR-R23",
    "reload": "DR-R23", "weapon_change": "DR-G36", "take_off": "DR-R24", "land": "DR-R24",
    "senses": "DR-R12",
    "visibility": "DR-R13", "unreactable": "DR-R15", "skipped": "DR-G34",
    "card_disabled": "DR-G41", "action_lost": "DR-G18", "utility": "DR-R07",
    "turn_end": "DR-R07", "aftermath": "DR-R26", "recovered": "DR-R27", "vitals": "DR-R21",
    "profile": "DR-R03",
}
OUT = ("down", "obliterated")


def trace_id(event: dict[str, Any]) -> str | None:
    if event["type"] == "roll":
        return ROLL_ITEMS.get(event["kind"], "DR-R04")
    return TRACE_IDS.get(event["type"])


@dataclass
class Step:
    """One rule run: its input, the faces it took, its events and state."""

    rule: str
    input: dict[str, Any]
    faces: Faces
    events: list[dict[str, Any]]
    state: dict[str, Any]
    #: The Foundry rolls behind `faces`: one per pool the rule took at once (`rollRule`'s pools).
    pools: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass
class Script:
    """The scripted dice still to roll, and the messages the run posts so far. With a `pattern`
    and no faces left, the next face of any die cycles through it (to find a case's dice)."""

    faces: Faces
    pattern: tuple[int, ...] = ()
    messages: list[Message] = field(default_factory=list)
    used: Faces = field(default_factory=list)

    def take(self, die: int) -> tuple[int, int]:
        if not self.faces and self.pattern:
            self.faces.append((die, min(die, self.pattern[len(self.used) % len(self.pattern)])))
        assert self.faces, f"the rule asks for a d{die} the case does not script"
        face = self.faces.pop(0)
        assert face[0] == die, (face, die)
        self.used.append(face)
        return face


def roll_rule(fight: Fight, script: Script, rule: str, inp: dict[str, Any]) -> Step:
    """`rollRule` with pools: run with the faces so far; each `queue_exhausted` rolls the die it
    names, as many at once as its `count` (the rest of a pool), in one roll."""
    taken: Faces = []
    pools: list[tuple[int, tuple[int, ...]]] = []
    while True:
        result = run_case("danger_room", rule, fight.world.config, inp,
                          [{"d": d, "v": v} for d, v in taken])
        error = result.get("error")
        if error is None:
            return Step(rule, inp, taken, result["events"], result["state"], tuple(pools))
        assert error["code"] == "queue_exhausted", f"{rule} refused: {error}"
        faces = [script.take(error["die"]) for _ in range(error["count"])]
        taken += faces
        pools.append((error["die"], tuple(v for _, v in faces)))


def ask(fight: Fight, rule: str, inp: dict[str, Any]) -> dict[str, Any]:
    """A rule that rolls nothing and changes nothing: its state."""
    result = run_case("danger_room", rule, fight.world.config, inp, [])
    assert "error" not in result, result
    state: dict[str, Any] = result["state"]
    return state


def post(script: Script, step: Step, speaker: str, title: str, lines: list[str],
         changes: list[str] | None = None) -> None:
    """The card `postStep` posts: the dice, the lines, the changes it made (the GM's client
    makes them all, so Undo shows with them), the trace ids, Copy as fixture."""
    from macro_kinds import Message  # late: macro_kinds registers the kinds built on this module

    script.messages.append(Message(
        alias=speaker, flavor_text=title, content_text="\n".join(lines),
        rolls=tuple((f"{len(faces)}d{d}", faces) for d, faces in step.pools),
        dice_shown=tuple((f"{len(faces)}d{d}", str(sum(faces))) for d, faces in step.pools),
        changes=tuple(changes or ()), trace_ids=tuple(trace_id(e) for e in step.events),
        actions=("undo", "fixture") if changes else ("fixture",),
    ))


def fight_step(fight: Fight, script: Script, rule: str, inp: dict[str, Any], *, speaker: str,
               title: str, lines: tuple[str, ...] = (),
               state_of: Callable[[dict[str, Any]], dict[str, Any]] = lambda s: s,
               lines_of: Callable[[dict[str, Any], list[dict[str, Any]]], list[str]] | None = None,
               only_if_events: bool = False) -> Step:
    """`fightStep`: run, apply the new fight state, post the card (maybe only if it said so)."""
    step = roll_rule(fight, script, rule, inp)
    shown = [*lines, *(lines_of(step.state, step.events) if lines_of else [])]
    changes = apply_state(fight, state_of(step.state))
    if not only_if_events or step.events or changes:
        post(script, step, speaker, title, shown, changes)
    return step


def lang(fight: Fight, key: str, **data: object) -> str:
    return fill(fight.world.module.lang[f"RULEPACK.DangerRoom.{key}"], **data)


# ------------------------------------------------------------------ attack.mjs


def senses_input(record: dict[str, Any]) -> dict[str, Any]:
    return {"id": record["id"], "sensorial_class": record["sensorial_class"],
            "traits": record["traits"], "conditions": sorted(record["conditions"])}


def penalties(fight: Fight) -> dict[str, int]:
    return {f["id"]: ask(fight, "sight", {"fighter": senses_input(f),
                                          "visibility": fight.visibility})["penalty"]
            for f in fight.state["fighters"].values()}


@dataclass
class Attack:
    """One attack: attacker id, engine card, printed name, Turn Speed, aim, BOOSTs per hit."""

    attacker: str
    card: dict[str, Any]
    name: str
    speed: int
    aim: dict[str, Any]
    boost: list[int]


def unreactable(fight: Fight, attack: Attack, target: str) -> bool:
    inp = {"speed": attack.speed, "card_speed": attack.card["speed"], "tags": attack.card["tags"],
           "target": senses_input(fight.fighter(target))}
    return bool(ask(fight, "unreactable", inp)["unreactable"])


def catch_input(fight: Fight, attack: Attack, target: str, sight: dict[str, int]) -> dict[str, Any]:
    request = {"target": target, "card": attack.card,
               "unreactable": unreactable(fight, attack, target), "sight_penalties": sight}
    return {"state": fight.state, "request": request}


def weapon_card(fight: Fight, script: Script, attack: Attack, speaker: str) -> dict[str, Any]:
    card, me = attack.card, fight.fighter(attack.attacker)
    if card["weapon"] is None:
        return card
    index = [w["id"] for w in me["weapons"]].index(card["weapon"])
    inp = {"fighter": me["id"], "weapon": me["weapons"][index], "action": "attack",
           "on_ground": fight.state["on_ground"]}
    step = roll_rule(fight, script, "weapon_use", inp)
    weapon, in_hand = step.state["weapon"], step.state["in_hand"]
    weapons = [weapon if i == index else w for i, w in enumerate(me["weapons"])]
    wielded = me["wielded"] if in_hand else [w for w in me["wielded"] if w != weapon["id"]]
    after = {"fighters": {me["id"]: {**me, "weapons": weapons, "wielded": wielded}},
             "on_ground": step.state["on_ground"]}
    changes = apply_state(fight, after)
    if step.events:
        title = lang(fight, "Title.Weapon", name=fight.world.name(me["id"]), card=attack.name)
        post(script, step, speaker, title, [], changes)
    return {**card, "damage": weapon["damage"], "base_attribute": weapon["base_attribute"]}


def landing_input(fight: Fight, attack: Attack, sight: dict[str, int]) -> dict[str, Any]:
    inside = [f for f in fight.state["fighters"].values() if f["status"] not in OUT]
    me = fight.fighter(attack.attacker)
    caught = [f["id"] for f in inside if f["id"] != me["id"] and ask(
        fight, "defence_check", catch_input(fight, attack, f["id"], sight))["negated"]]
    return {"attacker": me["id"], "confused": "confused" in me["conditions"],
            "dazzled": "dazzled" in me["conditions"],
            "card": {"reach": attack.card["reach"], "tags": attack.card["tags"]},
            "aim": attack.aim, "caught_by": caught,
            "fighters": [{"id": f["id"], "side": f["side"], "hex": f["hex"],
                          "airborne": f["airborne"]} for f in inside]}


def reached_catch(fight: Fight, events: list[dict[str, Any]], aim: dict[str, Any]) -> list[str]:
    area = next((e for e in events if e["type"] == "area"), None)
    confused = next((e for e in events if e["type"] == "confused"), None)
    redirected = confused["redirected_to"] if confused else None
    declared = area["targets"] if area else [redirected or aim["target"]]
    checks = fight.world.config["miss_checks"]
    before = checks[:checks.index("active_defence_caught")]
    missed = [e["target"] for e in events if e["type"] == "miss" and e["reason"] in before]
    return [t for t in declared if t not in missed]


def landing_lines(fight: Fight, landing: Step) -> list[str]:
    """`landingLines`: whom the attack lands on, each target it misses and why, or no one."""
    targets = landing.state["targets"]
    lines = [lang(fight, "LandsOn", targets=", ".join(fight.world.name(t) for t in targets))
             ] if targets else []
    lines += [lang(fight, "MissesTarget", target=fight.world.name(e["target"]),
                   reason=word(fight.world, "Miss", e["reason"]))
              for e in landing.events if e["type"] == "miss"]
    return lines or [lang(fight, "LandsOnNoOne")]


def hit_lines(fight: Fight, target: str, events: list[dict[str, Any]]) -> list[str]:
    """`hitLines`: the target immune, or the Health it loses, then each fall to a status."""
    name = fight.world.name(target)
    if any(e["type"] == "immune" for e in events):
        return [lang(fight, "HitImmune", target=name)]
    damage = [e for e in events if e["type"] == "damage"]
    lost = sum(e["health_lost"] for e in damage)
    lines = [lang(fight, "HitLoses", target=name, lost=lost)] if damage else []
    return lines + [lang(fight, "HitStatus", name=fight.world.name(e["fighter"]),
                         status=word(fight.world, "Status", e["to"]))
                    for e in events if e["type"] == "status"]


def attack_action(fight: Fight, script: Script, attack: Attack, speaker: str) -> None:
    """`attackAction`: the weapon, the landing, each catch, each target the attack lands on; a
    card per step, or one card of several for an attack over an area (`areaAction`)."""
    played = Attack(**{**attack.__dict__, "card": weapon_card(fight, script, attack, speaker)})
    sight = penalties(fight)
    who = {"name": fight.world.name(attack.attacker), "card": attack.name}
    landing = roll_rule(fight, script, "attack_landing", landing_input(fight, played, sight))
    landed = apply_state(fight, {"fighters": {}})
    area = next((e for e in landing.events if e["type"] == "area"), None)
    if area is not None:
        area_action(fight, script, played, (landing, landed, area, sight), speaker)
        return
    post(script, landing, speaker, lang(fight, "Title.Landing", **who),
         landing_lines(fight, landing), landed)
    for target in reached_catch(fight, landing.events, attack.aim):
        step = roll_rule(fight, script, "defence_check", catch_input(fight, played, target, sight))
        changes = apply_state(fight, step.state["state"])
        if step.events:
            title = lang(fight, "Title.Catch", **who, target=fight.world.name(target))
            post(script, step, speaker, title, [], changes)
    for target in landing.state["targets"]:
        fight_step(fight, script, "resolve_hit",
                   {"state": fight.state, "request": hit_request(fight, played, target, sight)},
                   speaker=speaker,
                   title=lang(fight, "Title.Hit", **who, target=fight.world.name(target)),
                   lines_of=lambda _state, events, t=target: hit_lines(fight, t, events))


def hit_request(fight: Fight, attack: Attack, target: str, sight: dict[str, int]) -> dict[str, Any]:
    """`hitRequest`: the `resolve_hit` request on one target (`attack` holding the card as it
    hits)."""
    card = attack.card
    return {"attacker": attack.attacker, "target": target, "card": card,
            "boost": [] if card["damage"] is None else attack.boost, "save_boost": 0,
            "unreactable": unreactable(fight, attack, target),
            "penalty_dice": sight[attack.attacker]}


#: A step of a card of several: the line naming it, the step and the change lines it made.
Part = tuple[str, Step, list[str]]


def area_action(fight: Fight, script: Script, played: Attack,
                landed: tuple[Step, list[str], dict[str, Any], dict[str, int]],
                speaker: str) -> None:
    """`areaAction` (DR-G22): the catches and the hits on one card, the landing first
    (`landed`: the landing, its change lines, its area event, the sight penalties)."""
    landing, changes, area, sight = landed
    parts: list[Part] = [(lang(fight, "Part.Landing"), landing, changes)]
    for target in reached_catch(fight, landing.events, played.aim):
        step = roll_rule(fight, script, "defence_check", catch_input(fight, played, target, sight))
        caught = apply_state(fight, step.state["state"])
        if step.events:
            parts.append((lang(fight, "Part.Catch", target=fight.world.name(target)), step, caught))
    for target in landing.state["targets"]:
        inp = {"state": fight.state, "request": hit_request(fight, played, target, sight)}
        step = roll_rule(fight, script, "resolve_hit", inp)
        parts.append((lang(fight, "Part.Hit", target=fight.world.name(target)), step,
                      apply_state(fight, step.state)))
    count, hit = len(area["targets"]), len(landing.state["targets"])
    outcome = lang(fight, "AreaOutcomeOne" if count == 1 else "AreaOutcome",
                   card=played.name, count=count, hit=hit)
    title = lang(fight, "Title.Area", name=fight.world.name(played.attacker), card=played.name)
    post_parts(script, speaker, (title, outcome), parts)


def post_parts(script: Script, speaker: str, shown: tuple[str, str], parts: list[Part]) -> None:
    """The card `postSteps` posts: the outcome, each step's line and changes (with its Undo:
    the GM's client makes them all), every step's dice and trace, Undo all, Copy as fixture."""
    from macro_kinds import Message  # late: macro_kinds registers the kinds built on this module

    title, outcome = shown
    pools = [(d, faces) for _, step, _ in parts for d, faces in step.pools]
    undo = tuple("undo-target" for _, _, changes in parts if changes)
    script.messages.append(Message(
        alias=speaker, flavor_text=title,
        content_text="\n".join([outcome, *(line for line, _, _ in parts)]),
        rolls=tuple((f"{len(faces)}d{d}", faces) for d, faces in pools),
        dice_shown=tuple((f"{len(faces)}d{d}", str(sum(faces))) for d, faces in pools),
        changes=tuple(c for _, _, changes in parts for c in changes),
        trace_ids=tuple(trace_id(e) for _, step, _ in parts for e in step.events),
        actions=(*undo, *(("undo",) if undo else ()), "fixture"),
    ))


def turn_speed(fight: Fight, fighter: str, card: dict[str, Any]) -> int:
    record = fight.fighter(fighter)
    inp = {"fighter": {"id": fighter, "attributes": record["attributes"]},
           "card": {"speed": card["speed"], "focus": card["focus"]}}
    return int(ask(fight, "turn_speed", inp)["speed"])


def card_of(fight: Fight, key: str) -> dict[str, Any]:
    return engine_card(fight.world, key)


def mark(fight: Fight, fighter: str, **fields: object) -> None:
    """A recorded `setFlag` on the fighter's Combatant."""
    for key, value in fields.items():
        update(fight, fight.world.combatant_uuid(fighter), {f"flags.{MODULE}.{key}": value})
