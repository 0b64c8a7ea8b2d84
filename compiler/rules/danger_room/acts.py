"""What a fighter's card does when its turn comes in the full Turn (mirror: acts.mjs).

DR-R07 steps 3-4, DR-R09/R10/R15/R16/R23/R24. Part A works out the landing (Reach, Confused,
Dazzled), the Unreactable flag and the Visibility penalty, then hands each target to part B:
`defences.catch_attack` is the `active_defence_caught` miss check and `hits.resolve_hit` the
damage, both on the whole fight state, which every step here returns updated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.base import Event
from compiler.rules.danger_room import defences, hits
from compiler.rules.danger_room.common import IN, as_hex, hex_json
from compiler.rules.danger_room.landing import Afflictions, Attempt, declare, land
from compiler.rules.danger_room.movement import FLIGHT, altitude_event
from compiler.rules.danger_room.reach import Attack, Body, Reach, check_aim
from compiler.rules.danger_room.senses import (
    DAMPENED,
    Senses,
    attack_speed,
    effective_senses,
    is_unreactable,
    trait_works,
    traits_of,
    visibility_penalty,
)
from compiler.rules.danger_room.weapons import check_hands, use_weapon, weapon_json, weapon_of
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

ATTACKS: tuple[str, ...] = ("strike", "power", "grab")
DEFENDS: tuple[str, ...] = ("block", "active_defence")
ALTITUDE: tuple[str, ...] = ("take_off", "land")
CHANGE_WEAPONS = "change_weapons"
"""DR-G36: the card kind whose action is a weapon change."""


class Play(NamedTuple):
    """DR-R07 step 1: one fighter's secret choice, checked: the card and how it is played."""

    fighter: str
    card: dict[str, Any]
    reach: Reach | None
    speed: int
    aim: Mapping[str, Any]
    boost: list[int]
    save_boost: int
    protects: str | None
    wield: list[str] | None


class Scene(NamedTuple):
    """The fight as one fighter acts: state, config, queue, Visibility and every Speed."""

    state: dict[str, Any]
    config: Mapping[str, Any]
    queue: DiceQueue
    visibility: str
    saves: Mapping[str, int]


def adopt(scene: Scene, state: Mapping[str, Any]) -> None:
    """Make `state`, as part B returned it, the scene's fight state (the one dict, updated)."""
    fresh = dict(state)
    scene.state.clear()
    scene.state.update(fresh)


def senses_of(fighter: Mapping[str, Any], config: Mapping[str, Any]) -> Senses:
    """DR-R12, DR-R14, DR-G41: a fight-state fighter's effective senses."""
    view = {
        "id": fighter["id"],
        "sensorial_class": fighter["sensorial_class"],
        "traits": fighter["traits"],
        "conditions": sorted(fighter["conditions"]),
    }
    return effective_senses(view, f"{IN}.state.fighters[{fighter['id']}]", config)


def body_of(fighter: Mapping[str, Any]) -> Body:
    """DR-R24: where a fight-state fighter stands."""
    return Body(fighter["id"], fighter["side"], as_hex(fighter["hex"]), fighter["airborne"])


def _weapon_card(scene: Scene, play: Play) -> tuple[dict[str, Any], list[Event]]:
    """DR-R23, DR-G35: a technique takes the wielded weapon's Damage and Base Attribute."""
    card = play.card
    if card["weapon"] is None:
        return (card, [])
    fighter = scene.state["fighters"][play.fighter]
    if card["weapon"] not in fighter["wielded"]:
        raise fail(IN, f"{IN}.choices: {card['id']} needs a weapon the fighter wields")
    index = [w["id"] for w in fighter["weapons"]].index(card["weapon"])
    weapon = weapon_of(
        fighter["weapons"][index], f"{IN}.state.fighters[{play.fighter}].weapons[{index}]"
    )
    weapon, events, gone = use_weapon(
        weapon, play.fighter, "reload" if card["kind"] == "reload" else "attack"
    )
    weapons = [*fighter["weapons"]]
    weapons[index] = weapon_json(weapon)
    wielded = [w for w in fighter["wielded"] if not (gone and w == weapon.id)]
    scene.state["fighters"][play.fighter] = {**fighter, "weapons": weapons, "wielded": wielded}
    if gone:
        scene.state["on_ground"] = [
            *scene.state["on_ground"],
            {"item": weapon.id, "owner": play.fighter, "thrown": True},
        ]
    return ({**card, "damage": weapon.damage, "base_attribute": weapon.base_attribute}, events)


def _catcher(
    scene: Scene, card: Mapping[str, Any], speed: int, penalties: Mapping[str, int]
) -> Any:
    def caught(target: Body) -> tuple[bool, list[Event]]:
        fighter = scene.state["fighters"][target.id]
        attack = {
            "target": target.id,
            "card": card,
            "unreactable": is_unreactable(
                speed, card["tags"], senses_of(fighter, scene.config), scene.config
            ),
            "sight_penalties": penalties,
        }
        events, state, negated = defences.catch_attack(scene.state, attack, scene.config)
        adopt(scene, state)
        return (negated, events)

    return caught


def penalties_of(scene: Scene) -> dict[str, int]:
    """DR-R13, DR-G23: every fighter's Visibility penalty dice at this location."""
    return {
        ident: visibility_penalty(senses_of(f, scene.config), scene.visibility, scene.config)
        for ident, f in scene.state["fighters"].items()
    }


def attack(scene: Scene, play: Play) -> list[Event]:
    """DR-R09, DR-R10, DR-R15, DR-G03, DR-G30: land the card, then resolve each target in order."""
    assert play.reach is not None  # read_play requires a reach for every attacking kind
    card, events = _weapon_card(scene, play)
    fighters = scene.state["fighters"]
    me = fighters[play.fighter]
    aim = play.aim
    check_aim(aim, play.reach, f"{IN}.choices[{play.fighter}].aim")
    bodies = [body_of(f) for f in fighters.values() if f["status"] not in ("down", "obliterated")]
    attacker = next(b for b in bodies if b.id == play.fighter)
    strike = Attack(attacker, play.reach, tuple(card["tags"]))
    penalties = penalties_of(scene)
    afflictions = Afflictions("confused" in me["conditions"], "dazzled" in me["conditions"])
    speed = attack_speed(play.speed, card["speed"], scene.config)
    attempt = Attempt(strike, afflictions, _catcher(scene, card, speed, penalties))
    ctx = (scene.config, scene.queue)
    targets, declared = declare(attempt, aim, [b for b in bodies if b is not attacker], ctx)
    hit, checked = land(attempt, targets, ctx)
    events += [
        *declared,
        *checked,
        {"type": "landed", "attacker": play.fighter, "targets": [b.id for b in hit]},
    ]
    for target in hit:
        events += _resolve(scene, play, card, target.id, penalties[play.fighter])
    return events


def _resolve(
    scene: Scene, play: Play, card: Mapping[str, Any], target: str, penalty: int
) -> list[Event]:
    fighter = scene.state["fighters"][target]
    request = {
        "attacker": play.fighter,
        "target": target,
        "card": card,
        "boost": play.boost if card["damage"] is not None else [],
        "save_boost": scene.saves[target] if card["save"] is not None else 0,
        "unreactable": is_unreactable(
            attack_speed(play.speed, card["speed"], scene.config),
            card["tags"],
            senses_of(fighter, scene.config),
            scene.config,
        ),
        "penalty_dice": penalty,
    }
    events, state = hits.resolve_hit(
        {"state": scene.state, "request": request}, scene.config, scene.queue
    )
    adopt(scene, state)
    return events


def defend(scene: Scene, play: Play) -> list[Event]:
    """DR-R16, DR-G26, DR-G27: spend the turn arming an Active Defence (Block's built-in one)."""
    protects = play.fighter if play.protects is None else play.protects
    inp = {"state": scene.state, "owner": play.fighter, "card": play.card, "protects": protects}
    events, state = defences.arm_defence(inp, scene.config, scene.queue)
    adopt(scene, state)
    return events


def altitude(scene: Scene, play: Play) -> list[Event]:
    """DR-R24, DR-G31: taking off or landing is the fighter's whole action for the Turn."""
    fighter = scene.state["fighters"][play.fighter]
    can_fly = trait_works(
        FLIGHT, traits_of(fighter), DAMPENED in fighter["conditions"], scene.config
    )
    event, airborne = altitude_event(play.fighter, fighter["airborne"], can_fly, play.card["kind"])
    scene.state["fighters"][play.fighter] = {**fighter, "airborne": airborne}
    return [event]


def rewield(scene: Scene, fighter: str, wield: Sequence[str], costs_turn: bool) -> list[Event]:
    """DR-R23, DR-G36: the fighter wields `wield` from now on: weapons it carries, two hands at
    most, none it threw this fight (a thrown weapon lies on the ground until the fight ends)."""
    record = scene.state["fighters"][fighter]
    where = f"{IN}.choices[{fighter}].wield"
    thrown = {g["item"] for g in scene.state["on_ground"] if g["owner"] == fighter and g["thrown"]}
    if any(ident in thrown for ident in wield):
        raise fail(where, f"{where} names a weapon thrown this fight")
    carried = [weapon_of(item, f"{where}[{i}]") for i, item in enumerate(record["weapons"])]
    held = [w.id for w in check_hands(carried, wield)]
    scene.state["fighters"][fighter] = {**record, "wielded": held}
    event: Event = {"type": "weapon_change", "fighter": fighter, "wielded": held,
                    "costs_turn": costs_turn}
    return [event]


def act(scene: Scene, play: Play) -> list[Event]:
    """DR-R07 step 3, DR-G36: the card's action by kind: attack, arm a defence, reload, take off,
    land, change weapons."""
    kind = play.card["kind"]
    if kind in ATTACKS:
        return attack(scene, play)
    if kind in DEFENDS:
        return defend(scene, play)
    if kind in ALTITUDE:
        return altitude(scene, play)
    if kind == "reload":
        return _weapon_card(scene, play)[1]
    if kind == CHANGE_WEAPONS:
        return rewield(scene, play.fighter, play.wield or [], True)
    return [{"type": "utility", "fighter": play.fighter, "card": play.card["id"]}]


def occupied(state: Mapping[str, Any], mover: str) -> list[tuple[int, int]]:
    """DR-R07 step 4: the hexes other fighters stand on."""
    return [as_hex(f["hex"]) for ident, f in state["fighters"].items() if ident != mover]


def moved_to(state: dict[str, Any], fighter: str, end: Sequence[int]) -> None:
    """DR-R07 step 4: record the fighter's new hex."""
    state["fighters"][fighter] = {**state["fighters"][fighter], "hex": hex_json((end[0], end[1]))}
