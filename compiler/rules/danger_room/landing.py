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
from compiler.rules.danger_room.common import CF, IN, config_object, read_id, read_str_list
from compiler.rules.danger_room.reach import (
    SINGLE_TARGET,
    Attack,
    Body,
    aim_keys,
    area_event,
    area_targets,
    find,
    reach_event,
    read_bodies,
    read_reach,
    single_in_reach,
)
from compiler.rules.errors import BAD_CONFIG, RuleError
from compiler.rules.inputs import expect_object, get_bool, get_choice, get_int, get_list
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
    checks = get_list(config, "miss_checks", CF)
    if sorted(c for c in checks if isinstance(c, str)) != sorted(MISS_CHECKS) or len(checks) != 3:
        raise RuleError(BAD_CONFIG, f"{CF}.miss_checks must order {', '.join(MISS_CHECKS)}")
    return checks


def _die(config: Mapping[str, Any], key: str, keys: Sequence[str]) -> Mapping[str, Any]:
    fields = config_object(config, key, keys)
    get_int(fields, "die", f"{CF}.{key}", 2, 1000)
    return fields


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
    where = f"{CF}.confused_check"
    fields = _die(config, "confused_check", ("die", "redirect_on_max", "ally_pick"))
    get_choice(fields, "ally_pick", where, ("nearest",))
    face = queue.take(fields["die"])
    me = attack.attacker
    allies = [b for b in others if b.side == me.side and not single_in_reach(attack, b, config)]
    allies.sort(key=lambda b: (hexes.distance(me.hex, b.hex), b.id))
    redirect = face <= get_int(fields, "redirect_on_max", where, 0, 1000) and bool(allies)
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
    fields = _die(config, "dazzled_check", ("die", "hit_on_min"))
    face = queue.take(fields["die"])
    hits = face >= get_int(fields, "hit_on_min", f"{CF}.dazzled_check", 1, 1000)
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
    attempt: Attempt, aim: Mapping[str, Any], others: Sequence[Body], ctx: Context
) -> tuple[list[Body], list[Event]]:
    """DR-R09, DR-G05, DR-G22: the declared targets: the aimed fighter (after any Confused
    redirection) or everyone in the aimed area, in area order.

    Confusion redirects only an attack aimed at one fighter; an area already hits allies.
    """
    config, queue = ctx
    attack = attempt.attack
    if attack.reach.shape in SINGLE_TARGET:
        target = find(others, read_id(aim, "target", f"{IN}.aim"), f"{IN}.aim.target")
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


def attack_landing(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R09, DR-R10, DR-G03, DR-G04, DR-G05: which declared targets an attack lands on.

    `caught_by` names the targets whose armed Active Defence the damage part says catches
    this attack; the rule shows where that check sits among the others.
    """
    keys = ("attacker", "confused", "dazzled", "card", "aim", "fighters", "caught_by")
    fields = expect_object(inp, IN, keys)
    bodies = read_bodies(fields, "fighters")
    attacker = find(bodies, read_id(fields, "attacker", IN), f"{IN}.attacker")
    card = expect_object(fields["card"], f"{IN}.card", ("reach", "tags"))
    reach = read_reach(card["reach"], f"{IN}.card.reach", config)
    attack = Attack(attacker, reach, tuple(read_str_list(card, "tags", f"{IN}.card")))
    afflictions = Afflictions(get_bool(fields, "confused", IN), get_bool(fields, "dazzled", IN))
    aim = expect_object(fields["aim"], f"{IN}.aim", aim_keys(reach))
    attempt = Attempt(attack, afflictions, _listed_catches(read_str_list(fields, "caught_by", IN)))
    others = [b for b in bodies if b is not attacker]
    targets, events = declare(attempt, aim, others, (config, queue))
    hit, checked = land(attempt, targets, (config, queue))
    landed = [b.id for b in hit]
    events += [*checked, {"type": "landed", "attacker": attacker.id, "targets": landed}]
    return (events, {"targets": landed})


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (attack_landing,)}
