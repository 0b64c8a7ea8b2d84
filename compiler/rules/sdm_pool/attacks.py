"""Attack pools and attack rolls against the Standard Difficulty Model (mirror: `attacks.mjs`).

An attack rolls 2d6 plus one d6 per level of its kind's Trait and Core Skill (SDM-R08, SDM-R09)
and counts successes against its tier's number plus cover and concealment (SDM-G02, SDM-G03).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.config import default_tier, level_mod, tier_successes
from compiler.rules.sdm_pool.fields import IN
from compiler.rules.sdm_pool.harm import check_roll
from compiler.rules.sdm_pool.sheet import (
    Character,
    find_weapon,
    read_character,
    skill_level,
    trait_level,
)

BASE_DICE = 2
Result = tuple[list[Event], State]


def pool_of(
    attacker: Character, weapon: Mapping[str, Any], where: str, config: Mapping[str, Any]
) -> dict[str, Any]:
    """SDM-R08, SDM-R09, SDM-G07: 2 + Trait + Core Skill, the weapon's own pairing first."""
    pair = config["attack_kinds"][weapon["attack_kind"]]
    trait = weapon["trait"] or pair["trait"]
    skill = weapon["skill"] or pair["skill"]
    trait_value = trait_level(attacker, trait, where)
    skill_value = skill_level(attacker, skill)
    return {"weapon": weapon["id"], "attack_kind": weapon["attack_kind"], "trait": trait,
            "trait_level": trait_value, "skill": skill, "skill_level": skill_value,
            "pool": BASE_DICE + trait_value + skill_value}


def resolve_tier(
    tier: str | None, weapon_tier: str | None, where: str, weapon_where: str,
    config: Mapping[str, Any],
) -> str:
    """SDM-G02: the GM's tier for this attack, else the weapon's, else the config's default."""
    if tier is not None:
        tier_successes(config, tier, f"{where}.tier")
        return tier
    if weapon_tier is not None:
        tier_successes(config, weapon_tier, f"{weapon_where}.sdm_tier")
        return weapon_tier
    return default_tier(config)


def difficulty(
    plan: Mapping[str, Any], kind: str, where: str, config: Mapping[str, Any]
) -> tuple[Event, int]:
    """SDM-G02, SDM-G03, SDM-G22: the successes needed: the tier's plus cover and concealment
    (which add nothing to a kind outside cover_applies_to)."""
    tier = plan["tier"]
    base = tier_successes(config, tier, f"{where}.tier")
    cover = level_mod(config, "cover_mod", plan["cover"], f"{where}.cover")
    hidden = level_mod(config, "concealment_mod", plan["concealment"], f"{where}.concealment")
    if kind not in config["cover_applies_to"]:
        cover, hidden = 0, 0
    needed = base + cover + hidden
    event = {"type": "difficulty", "tier": tier, "tier_successes": base, "cover": plan["cover"],
             "cover_mod": cover, "concealment": plan["concealment"], "concealment_mod": hidden,
             "needed": needed}
    return (event, needed)


def is_salvation(
    faces: Sequence[int], successes: int, claimed: bool, config: Mapping[str, Any]
) -> bool:
    """SDM-G08: whether a shortfall is a Salvation under the config's trigger."""
    trigger = config["salvation"]["trigger"]
    if trigger == "zero_successes":
        return successes == 0
    if trigger == "all_ones":
        return bool(faces) and all(face == 1 for face in faces)
    return claimed


def roll_attack(
    pool: int, needed: int, claimed: bool, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], str]:
    """SDM-R08, SDM-R10, SDM-R11, SDM-G01, SDM-G08, SDM-G09, P1: roll the pool; at least
    `needed` successes hit, fewer fall short (still a hit, with an Opportunity) unless it is a
    Salvation. Returns (events, `hit` / `shortfall` / `salvation`)."""
    faces, successes, met = check_roll(pool, needed, config, queue)
    events: list[Event] = [{"type": "attack_roll", "pool": pool, "faces": faces,
                            "successes": successes, "needed": needed}]
    result = "hit" if met else "shortfall"
    if not met and is_salvation(faces, successes, claimed, config):
        events.append({"type": "salvation", "trigger": config["salvation"]["trigger"]})
        result = "salvation"
    events.append({"type": "outcome", "result": result})
    return (events, result)


def attack_pool(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R08, SDM-R09, SDM-G07, SDM-E03: the attack pool of one of the attacker's weapons."""
    where = f"{IN}.attacker"
    attacker = read_character(inp["attacker"], where, config)
    weapon = find_weapon(attacker, inp["weapon"], f"{IN}.weapon")
    pool = pool_of(attacker, weapon, where, config)
    return ([{"type": "attack_pool", "id": attacker["id"], **pool}], pool)


def attack_roll(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R08, SDM-R10, SDM-R11, SDM-G01-G03, SDM-G08, SDM-G09, SDM-G22, SDM-E04: roll a pool
    against its tier plus cover and concealment."""
    plan = {**inp, "tier": resolve_tier(inp["tier"], None, IN, IN, config)}
    kind: str = inp["attack_kind"]
    event, needed = difficulty(plan, kind, IN, config)
    events, result = roll_attack(inp["pool"], needed, inp["salvation_claimed"], config, queue)
    successes: int = events[0]["successes"]
    return ([event, *events], {"successes": successes, "needed": needed, "result": result})
