"""Attack pools, hits, natural-10 crits and damage (CR-R07, CR-R08, CR-R10, CR-G01-G03, CR-G14).

Mirror: `rolls.mjs`. A roll modifier is added to each die, a die modifier adds or removes dice
(CR-R10); a die hits when it meets the target's difficulty stat (CR-G01) and a natural 10 is a
crit whose Crit line adds to the hits, once per 10 (CR-R08, CR-G02).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue

DIE = 10
CRIT_FACE = 10
Result = tuple[list[Event], State]


def pool_event(
    base: int, die_mods: Sequence[int], config: Mapping[str, Any]
) -> tuple[int, Event]:
    """CR-R10, CR-G03, P11: the pool size after die modifiers (none below `pool_floor`)."""
    size = dice.pool_size(base, die_mods, config["pool_floor"])
    return (size, {"type": "attack_pool", "base": base, "die_mods": list(die_mods),
                   "size": size})


def is_hit(result: int, difficulty: int, config: Mapping[str, Any]) -> bool:
    """CR-G01: a hit meets the difficulty (`modified_face_gte_difficulty`) or exceeds it."""
    if config["hit_test"] == "modified_face_gt_difficulty":
        return result > difficulty
    return result >= difficulty


def is_crit(face: int, result: int, hit: bool, config: Mapping[str, Any]) -> bool:
    """CR-R08, CR-G02: a natural 10 (`modified_10`: a result of 10 or more), hit or not unless
    `crit_requires_hit`."""
    crit = result >= CRIT_FACE if config["crit_on"] == "modified_10" else face == CRIT_FACE
    return crit and (hit or not config["crit_requires_hit"])


def evaluate(
    faces: Sequence[int], roll_mod: int, difficulty: int, extra_hits: int,
    config: Mapping[str, Any],
) -> dict[str, Any]:
    """CR-R07, CR-R08, CR-R10, P1, P8: each die's result, the hits, crits and total hits."""
    results = [face + roll_mod for face in faces]
    hit = [is_hit(result, difficulty, config) for result in results]
    crits = sum(1 for f, r, h in zip(faces, results, hit, strict=True) if is_crit(f, r, h, config))
    hits = sum(1 for h in hit if h)
    return {"difficulty": difficulty, "roll_mod": roll_mod, "results": results, "hits": hits,
            "crits": crits, "extra_hits": crits * extra_hits,
            "total_hits": hits + crits * extra_hits}


def hits_event(target: str | None, found: Mapping[str, Any]) -> Event:
    """CR-R07: the `hits` event of one target's reading of the faces."""
    return {"type": "hits", "target": target, **found}


def attack_roll(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R07, CR-R08, CR-R10, CR-G01, CR-G02, CR-G03, CR-E01, CR-E02, CR-E09: one pool
    rolled against a difficulty with a roll modifier and a Crit line's extra hits."""
    size, pool = pool_event(inp["pool"], inp["die_mods"], config)
    faces = queue.take_many(DIE, size)
    found = evaluate(faces, inp["roll_mod"], inp["difficulty"], inp["crit_extra_hits"], config)
    events = [pool, {"type": "roll", "faces": faces}, hits_event(None, found)]
    state = {"size": pool["size"], "faces": faces, "results": found["results"],
             "hits": found["hits"], "crits": found["crits"], "total_hits": found["total_hits"]}
    return (events, state)


def damage_target(
    target: dict[str, Any], damage: int, config: Mapping[str, Any]
) -> list[Event]:
    """CR-G14: take `damage` off Health (never below `health_floor`); at or below
    `defeated_at_health` a combatant is defeated. Updates `target` in place."""
    health = max(config["health_floor"], target["health"] - damage)
    target["health"] = health
    events: list[Event] = [{"type": "damage", "target": target["id"], "damage": damage,
                            "health": health}]
    if not target["defeated"] and health <= config["defeated_at_health"]:
        target["defeated"] = True
        events.append({"type": "defeated", "combatant": target["id"]})
    return events


def apply_damage(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-G14: damage on one combatant: Health floored, defeat at 0."""
    target = dict(inp["target"])
    events = damage_target(target, inp["damage"], config)
    return (events, {"target": target})


RULES = {"attack_roll": attack_roll, "apply_damage": apply_damage}
