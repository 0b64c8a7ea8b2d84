"""Health: Generation and threat-tier maximums, and what crossing 0 does (`health.mjs`).

`settle_blow` runs once per card on each target, after every hit of it (DR-G33 h), and is the
only place a fighter's `status` changes during a fight.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.combatant import THREAT_TIERS, attribute_bonus, overflow
from compiler.rules.danger_room.common import IN, Input
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

ZERO_TN = 10
"""DR-R25: the crossing-0 roll is "against 10" ..."""

TN_STEP = 5
"""DR-R25: ... "plus 1 for every 5 damage past 0"."""

Result = tuple[list[Event], State]


def size_entry(size: str, config: Mapping[str, Any]) -> tuple[int, int]:
    """DR-G32: (hit die, Bulk) of a size from `config.sizes`."""
    table = config["sizes"]
    if size not in table:
        raise fail(IN, "the size is not in config.sizes")
    return (table[size]["hit_die"], table[size]["bulk"])


def max_health(multiplier: int, hit_die: int, end_bonus: int, config: Mapping[str, Any]) -> int:
    """DR-R21, DR-R22, DR-G32, DR-E09: multiplier * (hit die at max + End bonus), floored."""
    floor: int = config["min_health"]
    return max(floor, multiplier * (hit_die + end_bonus))


def is_out(fighter: Mapping[str, Any]) -> bool:
    """DR-G34: down or obliterated: out of the fight until it ends, no in-fight revival."""
    return fighter["status"] in ("down", "obliterated")


def tier_multiplier(tier: str) -> int:
    """DR-R22: Introduced 2, Established 4, Invasive 7, Dominant 12, Transformative 25."""
    return THREAT_TIERS[tier]


def _multiplier(sheet: Input, config: Mapping[str, Any]) -> tuple[int, int]:
    """(Health multiplier, hit die) of a PC (Generation, phenotype) or an enemy (tier, size)."""
    if sheet["kind"] == "pc":
        generation = sheet["generation"]
        multiplier = config["generation_default_multiplier"] if generation is None else generation
        return (multiplier, sheet["phenotype_hit_die"])
    die, _ = size_entry(sheet["size"], config)
    return (tier_multiplier(sheet["threat_tier"]), die)


def _or_default(sheet: Input, key: str, default: int) -> int:
    value: int | None = sheet[key]
    return default if value is None else value


def stamina_default(fighter: Mapping[str, Any], config: Mapping[str, Any]) -> int:
    """DR-G15: Stamina when the sheet omits it: max(min, base + bonus(attribute))."""
    rule = config["stamina_default"]
    gain = attribute_bonus(fighter, rule["attribute"], config)
    return dice.pool_size(rule["base"], [gain], rule["min"])


def vitals(sheet: Input, config: Mapping[str, Any]) -> dict[str, int]:
    """DR-R21, DR-R22, DR-G09-G11, DR-G15, DR-G32: a fighter's numbers at the start of a fight.

    The sheet arrives checked: read through `#/$defs/sheet` by the `fighter_vitals` rule, or
    built from validated content by `content.fighter_sheet`; its size must be in `config.sizes`.
    """
    multiplier, die = _multiplier(sheet, config)
    end_bonus = attribute_bonus(sheet, "endurance", config)
    top = max_health(multiplier, die, end_bonus, config)
    stamina = _or_default(sheet, "stamina_max", stamina_default(sheet, config))
    _, bulk = size_entry(sheet["size"], config)
    return {
        "max_health": top,
        "health": top,
        "bulk": bulk,
        "soak": _or_default(sheet, "soak", config["soak_default"]),
        "toughness": _or_default(sheet, "toughness", config["toughness_default"]),
        "shield_points": _or_default(sheet, "shield_points", config["shield_points_default"]),
        "stamina_max": stamina,
        "stamina": stamina,
    }


# --------------------------------------------------------------------------- crossing 0


def _status(fighter: Mapping[str, Any], to: str) -> tuple[Event, dict[str, Any]]:
    event: Event = {"type": "status", "fighter": fighter["id"], "from": fighter["status"], "to": to}
    return (event, {**fighter, "status": to})


def zero_health_roll(
    fighter: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], dict[str, Any]]:
    """DR-R25, DR-G33 a b j, P7: d20 + End bonus + Bulk against 10 + 1 per 5 past 0.

    Fumbling, Lucky and Jinxed do not touch this roll.
    """
    die: int = config["zero_health_die"]
    meet = config["zero_health_pass"] == "meet"
    past = overflow(fighter["health"])
    tn = ZERO_TN + dice.floor_div(past, TN_STEP)
    mods = [attribute_bonus(fighter, "endurance", config), fighter["bulk"]]
    face = queue.take(die)
    passed = dice.d20_vs(face, mods, tn, meet)
    event: Event = {
        "type": "zero_health",
        "fighter": fighter["id"],
        "overflow": past,
        "tn": tn,
        "die": die,
        "face": face,
        "total": face + dice.sum_faces(mods),
        "passed": passed,
    }
    status_event, updated = _status(fighter, "on_fumes" if passed else "down")
    return ([event, status_event], updated)


def _crossed(
    fighter: Mapping[str, Any], training: bool, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], dict[str, Any]]:
    if training or fighter["threat_tier"] == "introduced":
        event, updated = _status(fighter, "down")
        return ([event], updated)
    return zero_health_roll(fighter, config, queue)


def settle_blow(
    fighter: Mapping[str, Any], before: int, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], dict[str, Any]]:
    """DR-R25, DR-G21, DR-G33, DR-G34: the status a landed card leaves its target in.

    `before` is the target's Health before the card. Obliteration (damage past 0 ≥ max Health,
    never in training) is checked first and needs no roll; a fighter on fumes goes down when
    a blow lands (`fumes_end_on`); crossing from > 0 to ≤ 0 makes the one zero-Health roll,
    except in training and for Introduced enemies, who simply drop.
    """
    mode, fumes_end = config["mode"], config["fumes_end_on"]
    status, health = fighter["status"], fighter["health"]
    if status == "obliterated":
        return ([], dict(fighter))
    if mode == "live" and health <= 0 and overflow(health) >= fighter["max_health"]:
        event, updated = _status(fighter, "obliterated")
        return ([event], updated)
    if status == "on_fumes" and (fumes_end == "landed" or health < before):
        event, updated = _status(fighter, "down")
        return ([event], updated)
    if status == "fighting" and before > 0 and health <= 0:
        return _crossed(fighter, mode == "training", config, queue)
    return ([], dict(fighter))


# --------------------------------------------------------------------------- rules


def fighter_vitals(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R21, DR-R22, DR-G09-G11, DR-G15, DR-G32, DR-E09: a sheet's fight-start numbers."""
    numbers = vitals(inp["sheet"], config)
    return ([{"type": "vitals", **numbers}], numbers)


def take_blow(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R25, DR-G33, DR-E10: `fighter` loses `health_lost` to one landed card, then settles."""
    fighter = inp["fighter"]
    before = fighter["health"]
    hit: dict[str, Any] = {**fighter, "health": before - inp["health_lost"]}
    events, updated = settle_blow(hit, before, config, queue)
    return (events, {"fighter": updated})


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (fighter_vitals, take_blow)}
