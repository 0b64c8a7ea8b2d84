"""A power's Attack, Hit, Crit and Effect lines on its targets (CR-R05, CR-R07, CR-R08, CR-G15).

Mirror: `strikes.mjs`. One pool is rolled for the whole power (`blast_roll: shared_faces`) and each
target reads the same faces against its own difficulty stat and its own roll modifiers; with
`per_target` each target rolls a pool of its own, in target order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event
from compiler.rules.crytures.common import IN, Combatant, stat
from compiler.rules.crytures.modifiers import situations_of
from compiler.rules.crytures.rolls import DIE, damage_target, evaluate, hits_event, pool_event
from compiler.rules.queue import DiceQueue

NO_SITUATION: Mapping[str, bool] = {"cover": False, "obscured": False, "cant_see": False}


def add_status(combatant: Combatant, status: str, count: int, line: str) -> Event:
    """CR-R05, CR-R08: `count` more applications of `status` on `combatant`."""
    statuses = dict(combatant["statuses"])
    statuses[status] = statuses.get(status, 0) + count
    combatant["statuses"] = statuses
    return {"type": "status", "combatant": combatant["id"], "status": status, "count": count,
            "line": line}


def line_effects(
    target: Combatant, power: Mapping[str, Any], found: Mapping[str, Any] | None
) -> list[Event]:
    """CR-R05, CR-R08: the Hit line's effects on a hit (once, or once per hit with
    `per_hit_effects`), the Crit line's once per crit, and the Effect line's always."""
    events: list[Event] = []
    if found is not None and found["total_hits"] >= 1:
        hit = power["hit"]
        count = found["total_hits"] if hit["per_hit_effects"] else 1
        events += [add_status(target, s, count, "hit") for s in hit["effects"]]
    if found is not None and found["crits"] >= 1:
        events += [add_status(target, s, found["crits"], "crit") for s in power["crit"]["effects"]]
    events += [add_status(target, s, 1, "effect") for s in power["effect"]["effects"]]
    return events


def check_stats(
    user: Combatant, targets: Sequence[Combatant], power: Mapping[str, Any]
) -> None:
    """CR-R07, CR-G01: the user has every pool stat and each target the difficulty stat."""
    attack = power["attack"]
    if attack is None:
        return
    for name in attack["pool_stats"]:
        stat(user, name, f"{IN}.user")
    for target in targets:
        stat(target, attack["difficulty_stat"], f"{IN}.target")


def strike_target(
    user: Combatant, target: Combatant, faces: Sequence[int], context: Mapping[str, Any],
) -> list[Event]:
    """CR-R07, CR-R11, CR-R12, CR-G14: one target reads the faces: its roll modifier, hits,
    damage and the lines' effects."""
    power, config = context["power"], context["config"]
    situation = context["situations"].get(target["id"], NO_SITUATION)
    attack = {"type": power["type"], "situation": situation}
    modifier = situations_of(user, target, context["combatants"], attack, config)
    difficulty = stat(target, power["attack"]["difficulty_stat"], f"{IN}.target")
    found = evaluate(faces, modifier["total"], difficulty, power["crit"]["extra_hits"], config)
    damage = found["total_hits"] * power["hit"]["damage_per_hit"]
    return [modifier, hits_event(target["id"], found), *damage_target(target, damage, config),
            *line_effects(target, power, found)]


def roll_pool(
    base: int, die_mods: Sequence[int], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[int], list[Event]]:
    """CR-R10, CR-G03: roll one attack pool; its faces and its two events."""
    size, pool = pool_event(base, die_mods, config)
    faces = queue.take_many(DIE, size)
    return (faces, [pool, {"type": "roll", "faces": faces}])


def strike(
    user: Combatant, targets: Sequence[Combatant], die_mods: Sequence[int],
    context: Mapping[str, Any], queue: DiceQueue,
) -> list[Event]:
    """CR-R07, CR-G15: the Attack line on every target (one pool, or one per target), or only
    the Effect line when the power has no Attack line; a Blast that catches nobody rolls nothing."""
    power, config = context["power"], context["config"]
    if power["attack"] is None:
        return [e for target in targets for e in line_effects(target, power, None)]
    if not targets:
        return []
    base = sum(user["stats"][name] for name in power["attack"]["pool_stats"])
    events: list[Event] = []
    if config["blast_roll"] == "per_target":
        for target in targets:
            faces, rolled = roll_pool(base, die_mods, config, queue)
            events += rolled + strike_target(user, target, faces, context)
        return events
    faces, events = roll_pool(base, die_mods, config, queue)
    for target in targets:
        events += strike_target(user, target, faces, context)
    return events


def self_effects(user: Combatant, power: Mapping[str, Any]) -> list[Event]:
    """CR-R05: the Effect line's effects on the user."""
    return [add_status(user, s, 1, "self") for s in power["effect"]["self_effects"]]
