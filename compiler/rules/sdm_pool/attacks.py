"""Attack pools and attack rolls against the Standard Difficulty Model (mirror: `attacks.mjs`).

An attack rolls 2d6 plus one d6 per level of its kind's Trait and Core Skill (SDM-R08, SDM-R09)
and counts successes against its tier's number plus cover and concealment (SDM-G02, SDM-G03).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.queue import DiceQueue
from compiler.rules.sdm_pool.config import (
    ATTACK_KINDS,
    choice,
    cover_applies,
    default_tier,
    level_mod,
    pairing,
    salvation_trigger,
    tier_successes,
)
from compiler.rules.sdm_pool.fields import (
    IN,
    REQUIRED,
    optional_key,
    read_object,
    require_bool,
    require_choice,
    require_id,
    require_int,
    require_key,
    required,
)
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
    trait, skill = pairing(config, weapon["attack_kind"])
    trait = weapon["trait"] or trait
    skill = weapon["skill"] or skill
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
    if not cover_applies(config, kind):
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
    trigger = salvation_trigger(config)
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
    choice(config, "shortfall_reading")
    faces, successes, met = check_roll(pool, needed, config, queue)
    events: list[Event] = [{"type": "attack_roll", "pool": pool, "faces": faces,
                            "successes": successes, "needed": needed}]
    result = "hit" if met else "shortfall"
    if not met and is_salvation(faces, successes, claimed, config):
        events.append({"type": "salvation", "trigger": salvation_trigger(config)})
        result = "salvation"
    events.append({"type": "outcome", "result": result})
    return (events, result)


def attack_pool(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R08, SDM-R09, SDM-G07, SDM-E03: the attack pool of one of the attacker's weapons."""
    fields = read_object(inp, IN, required(("attacker", "weapon")))
    where = f"{IN}.attacker"
    attacker = read_character(fields["attacker"], where, config)
    weapon_id = require_id(fields["weapon"], f"{IN}.weapon")
    weapon = find_weapon(attacker, weapon_id, f"{IN}.weapon")
    pool = pool_of(attacker, weapon, where, config)
    return ([{"type": "attack_pool", "id": attacker["id"], **pool}], pool)


def attack_roll(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """SDM-R08, SDM-R10, SDM-R11, SDM-G01-G03, SDM-G08, SDM-G09, SDM-G22, SDM-E04: roll a pool
    against its tier plus cover and concealment."""
    spec = (("pool", REQUIRED), ("attack_kind", REQUIRED), ("tier", None), ("cover", "none"),
            ("concealment", "none"), ("salvation_claimed", False))
    fields = read_object(inp, IN, spec)
    pool = require_int(fields["pool"], f"{IN}.pool", 0, 1000)
    kind = require_choice(fields["attack_kind"], f"{IN}.attack_kind", ATTACK_KINDS)
    tier = optional_key(fields["tier"], f"{IN}.tier")
    require_key(fields["cover"], f"{IN}.cover")
    require_key(fields["concealment"], f"{IN}.concealment")
    claimed = require_bool(fields["salvation_claimed"], f"{IN}.salvation_claimed")
    plan = {**fields, "tier": resolve_tier(tier, None, IN, IN, config)}
    event, needed = difficulty(plan, kind, IN, config)
    events, result = roll_attack(pool, needed, claimed, config, queue)
    successes: int = events[0]["successes"]
    return ([event, *events], {"successes": successes, "needed": needed, "result": result})
