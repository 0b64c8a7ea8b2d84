"""After the fight: the report, XP, the Resurrection queue and recovery (`aftermath.mjs`).

The aftermath reads the final fight state: `fighters` (id -> fighter, each with `xp`, an int or
null for "its tier's default", and `played`, whether it played a card in at least one Turn) and
`on_ground` (`{item, owner, thrown}` entries).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.attributes import bonus
from compiler.rules.danger_room.combatant import THREAT_TIERS
from compiler.rules.danger_room.common import Input
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue

QUEUE_STATES: tuple[str, ...] = ("obliterated", "down")
Result = tuple[list[Event], State]


def _roster(state: Input) -> list[dict[str, Any]]:
    """The fighters of the final state in id order."""
    fighters: Mapping[str, dict[str, Any]] = state["fighters"]
    return [fighters[key] for key in sorted_keys(fighters)]


def enemy_xp(fighter: Mapping[str, Any], config: Mapping[str, Any]) -> int:
    """DR-G38: an enemy's XP, or its tier multiplier (2, 4, 7, 12, 25) when it gives none."""
    if fighter["xp"] is not None:
        value: int = fighter["xp"]
        return value
    return THREAT_TIERS[fighter["threat_tier"]]


def xp_split(fighters: list[dict[str, Any]], config: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R26, DR-G38, DR-E12: defeated enemies' XP, floor-shared by every PC who fought."""
    defeated = [f for f in fighters if f["threat_tier"] is not None and f["status"] in QUEUE_STATES]
    total = sum(enemy_xp(f, config) for f in defeated)
    fought = [f["id"] for f in fighters if f["threat_tier"] is None and f["played"]]
    share = dice.floor_div(total, len(fought)) if fought else 0
    return {
        "defeated": [f["id"] for f in defeated],
        "total": total,
        "fighters": fought,
        "share": share,
        "remainder": total - share * len(fought),
    }


def is_citizen(fighter: Mapping[str, Any], config: Mapping[str, Any]) -> bool:
    """DR-G39: a Krakoan citizen: a player character (no threat tier) or a fighter on one of
    the `citizen_sides`."""
    return fighter["threat_tier"] is None or fighter["side"] in config["citizen_sides"]


def resurrection_queue(fighters: list[dict[str, Any]], config: Mapping[str, Any]) -> list[str]:
    """DR-R26, DR-G21, DR-G39: who is bound for the Resurrection queue (none in training): by
    default Krakoa's citizens only (`resurrection_queue_for`), in the end states it names."""
    if config["mode"] == "training":
        return []
    includes = config["resurrection_queue_includes"]
    everyone = config["resurrection_queue_for"] == "everyone"
    return [
        f["id"]
        for f in fighters
        if f["status"] in includes and (everyone or is_citizen(f, config))
    ]


def _recover(
    fighters: list[dict[str, Any]], config: Mapping[str, Any]
) -> tuple[list[Event], dict[str, Any]]:
    """DR-R27, DR-G21: after a Training bout every fighter gets all Health back at once."""
    training = config["mode"] == "training"
    events: list[Event] = []
    after: dict[str, Any] = {}
    for fighter in fighters:
        if training:
            top = fighter["max_health"]
            fighter = {**fighter, "health": top, "status": "fighting"}
            event: Event = {"type": "recovered", "fighter": fighter["id"], "health": top}
            events.append(event)
        after[fighter["id"]] = fighter
    return (events, after)


def aftermath(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R26, DR-R27, DR-G21, DR-G35, DR-G38, DR-G39, DR-E12: the Storyteller's report.

    Everyone's end state, what is left on the ground (thrown weapons go back to their owners),
    the Resurrection queue and the XP split; a Training bout then restores all Health.
    """
    fighters = _roster(inp["state"])
    items = inp["state"]["on_ground"]
    report: dict[str, Any] = {
        "end_states": [
            {"fighter": f["id"], "status": f["status"], "health": f["health"]} for f in fighters
        ],
        "on_ground": [{"item": i["item"], "owner": i["owner"]} for i in items if not i["thrown"]],
        "returned": [{"item": i["item"], "owner": i["owner"]} for i in items if i["thrown"]],
        "resurrection_queue": resurrection_queue(fighters, config),
        "xp": xp_split(fighters, config),
    }
    events, after = _recover(fighters, config)
    return ([{"type": "aftermath", **report}, *events], {"report": report, "fighters": after})


def night_block(hit_die: int, endurance: int, config: Mapping[str, Any]) -> int:
    """DR-G40: one Generation block, hit die at max + Endurance bonus, at least `min_health`."""
    floor: int = config["min_health"]
    return max(floor, hit_die + bonus(endurance, config))


def overnight_recovery(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R27, DR-G40: Health back after `nights` nights: one Generation block a night, or all."""
    health, top, nights = inp["health"], inp["max_health"], inp["nights"]
    block = night_block(inp["phenotype_hit_die"], inp["endurance"], config)
    if config["overnight_recovery"] == "full":
        after = max(health, top) if nights else health
    else:
        after = max(health, min(top, health + nights * block))
    event: Event = {"type": "recovery", "nights": nights, "per_night": block, "health": after}
    return ([event], {"health": after})


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (aftermath, overnight_recovery)}
