"""Landing and misses: Confused redirection, then the ordered miss checks (mirror: landing.mjs).

DR-R09, DR-R10, DR-G03, DR-G04, DR-G05. Dice in canonical order: the Confused d10 (target
choice), then the Dazzled d10; no die is drawn once a check has ended the attack. Whether an
armed Active Defence catches a target is the damage part's call (`Caught`); this module only
runs it at its place in `miss_checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room import hexes
from compiler.rules.danger_room.common import IN, Input
from compiler.rules.danger_room.reach import (
    SINGLE_TARGET,
    Attack,
    Body,
    area_event,
    area_targets,
    bodies_of,
    check_aim,
    find,
    reach_event,
    reach_of,
    single_in_reach,
)
from compiler.rules.queue import DiceQueue

MISS_CHECKS: tuple[str, ...] = ("target_out_of_reach", "dazzled", "active_defence_caught")
Caught = Callable[[Body], tuple[bool, list[Event]]]
"""Asks the damage part whether `target`'s armed Active Defence catches this attack."""

Result = tuple[list[Event], State]


class Afflictions(NamedTuple):
    """DR-R10: the attacker's conditions that can spoil an attack."""

    confused: bool
    dazzled: bool


class Attempt(NamedTuple):
    """DR-R09: one card use: the attack, the attacker's afflictions, the defence check."""

    attack: Attack
    afflictions: Afflictions
    caught: Caught


Context = tuple[Mapping[str, Any], DiceQueue]
"""The merged config and the dice queue, passed together."""


def miss_checks(config: Mapping[str, Any]) -> list[str]:
    """DR-G03: the configured order of the three miss checks (each named exactly once)."""
    checks: list[str] = config["miss_checks"]
    return checks


def confusion(
    attack: Attack,
    target: Body,
    others: Sequence[Body],
    config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[Body, Event]:
    """DR-G05: roll the Confused d10; on a low face the nearest ally in Reach takes the attack.

    Allies are the attacker's side other than the attacker; ties on distance go to the lowest id.
    """
    fields = config["confused_check"]
    face = queue.take(fields["die"])
    me = attack.attacker
    allies = [b for b in others if b.side == me.side and not single_in_reach(attack, b, config)]
    allies.sort(key=lambda b: (hexes.distance(me.hex, b.hex), b.id))
    redirect = face <= fields["redirect_on_max"] and bool(allies)
    chosen = allies[0] if redirect else target
    event: Event = {
        "type": "confused",
        "attacker": me.id,
        "face": face,
        "redirected_to": chosen.id if redirect else None,
    }
    return (chosen, event)


def dazzle(attacker: Body, config: Mapping[str, Any], queue: DiceQueue) -> tuple[bool, Event]:
    """DR-G04: a Dazzled attacker's d10: a face below `hit_on_min` misses (half the time)."""
    fields = config["dazzled_check"]
    face = queue.take(fields["die"])
    hits: bool = face >= fields["hit_on_min"]
    return (hits, {"type": "dazzled", "attacker": attacker.id, "face": face, "hit": hits})


def miss_event(attacker: Body, target: Body, reason: str) -> Event:
    """DR-R10, DR-G03: an attack that does nothing to `target`, and why."""
    return {"type": "miss", "attacker": attacker.id, "target": target.id, "reason": reason}


Step = tuple[list[Body], list[Event]]
"""The targets a miss check lets through, and its events."""


def _out_of_reach(attack: Attack, targets: list[Body], config: Mapping[str, Any]) -> Step:
    if attack.reach.shape not in SINGLE_TARGET:
        return (targets, [])  # an area holds only fighters in Reach by construction
    target = targets[0]
    why = single_in_reach(attack, target, config)
    events = [reach_event(attack, target, why)]
    if not why:
        return (targets, events)
    return ([], [*events, miss_event(attack.attacker, target, "target_out_of_reach")])


def _dazzled(attack: Attack, targets: list[Body], ctx: Context) -> Step:
    hits, event = dazzle(attack.attacker, *ctx)
    if hits:
        return (targets, [event])
    return ([], [event, *(miss_event(attack.attacker, t, "dazzled") for t in targets)])


def _caught(attack: Attack, targets: list[Body], caught: Caught) -> Step:
    kept: list[Body] = []
    events: list[Event] = []
    for target in targets:
        stopped, said = caught(target)
        events += said
        if stopped:
            events.append(miss_event(attack.attacker, target, "active_defence_caught"))
        else:
            kept.append(target)
    return (kept, events)


def declare(
    attempt: Attempt, aim: Input, others: Sequence[Body], ctx: Context
) -> tuple[list[Body], list[Event]]:
    """DR-R09, DR-G05, DR-G22: the declared targets: the aimed fighter (after any Confused
    redirection) or everyone in the aimed area, in area order.

    Confusion redirects only an attack aimed at one fighter; an area already hits allies.
    """
    config, queue = ctx
    attack = attempt.attack
    if attack.reach.shape in SINGLE_TARGET:
        target = find(others, aim["target"], f"{IN}.aim.target")
        if not attempt.afflictions.confused:
            return ([target], [])
        chosen, event = confusion(attack, target, others, config, queue)
        return ([chosen], [event])
    origin, hit = area_targets(attack, aim, others, config)
    return (hit, [area_event(attack, origin, [b.id for b in hit])])


def land(attempt: Attempt, targets: list[Body], ctx: Context) -> Step:
    """DR-R09, DR-R10, DR-G03, DR-G04: run the miss checks in order on the declared targets.

    Dazzled is one roll per card use, drawn only while some target is still being attacked.
    Returns the targets the attack lands on and the checks' events.
    """
    attack = attempt.attack
    events: list[Event] = []
    for check in miss_checks(ctx[0]):
        if not targets:
            break
        said: list[Event] = []
        if check == "target_out_of_reach":
            targets, said = _out_of_reach(attack, targets, ctx[0])
        elif check == "dazzled" and attempt.afflictions.dazzled:
            targets, said = _dazzled(attack, targets, ctx)
        elif check == "active_defence_caught":
            targets, said = _caught(attack, targets, attempt.caught)
        events += said
    return (targets, events)


def _listed_catches(ids: Sequence[str]) -> Caught:
    def caught(target: Body) -> tuple[bool, list[Event]]:
        return (target.id in ids, [])

    return caught


def attack_landing(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R09, DR-R10, DR-G03, DR-G04, DR-G05: which declared targets an attack lands on.

    `caught_by` names the targets whose armed Active Defence the damage part says catches
    this attack; the rule shows where that check sits among the others.
    """
    bodies = bodies_of(inp, "fighters")
    attacker = find(bodies, inp["attacker"], f"{IN}.attacker")
    card, aim = inp["card"], inp["aim"]
    reach = reach_of(card["reach"], f"{IN}.card.reach", config)
    attack = Attack(attacker, reach, tuple(card["tags"]))
    afflictions = Afflictions(inp["confused"], inp["dazzled"])
    check_aim(aim, reach, f"{IN}.aim")
    attempt = Attempt(attack, afflictions, _listed_catches(inp["caught_by"]))
    others = [b for b in bodies if b is not attacker]
    targets, events = declare(attempt, aim, others, (config, queue))
    hit, checked = land(attempt, targets, (config, queue))
    landed = [b.id for b in hit]
    events += [*checked, {"type": "landed", "attacker": attacker.id, "targets": landed}]
    return (events, {"targets": landed})


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (attack_landing,)}
