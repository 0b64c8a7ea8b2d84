"""The attack's inputs and its dice pools (mirror: `pools.mjs`).

Every penalty is listed with its source, so the attack trace shows how the pool was reached.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event
from compiler.rules.hazard_location.arith import called_shot_penalty
from compiler.rules.hazard_location.armor import entry_of
from compiler.rules.hazard_location.config import complication
from compiler.rules.hazard_location.content import check_cover
from compiler.rules.hazard_location.fields import Rational, by_id, length_m, rational
from compiler.rules.hazard_location.harm import load_content, prepare
from compiler.rules.hazard_location.measures import range_event, table_for
from compiler.rules.shapes import fail

IN = "input"
Obj = dict[str, Any]


def prepare_attack(fields: Mapping[str, Any], config: Mapping[str, Any]) -> Obj:
    """HZ-R01, HZ-R07, HZ-R13, HZ-G13, HZ-G14: one attack's inputs, the weapon, the table and
    the called location found, whether the defender can react decided."""
    content = load_content(fields, config)
    attacker, attacker_total = prepare(fields["attacker"], f"{IN}.attacker", config, content)
    defender, defender_total = prepare(fields["defender"], f"{IN}.defender", config, content)
    weapon = _weapon(attacker, fields["weapon"], f"{IN}.weapon")
    mode = weapon["mode"]
    table, table_event = table_for(fields, config, defender["species"], content)
    called = fields["called_shot"]
    if called is not None:
        entry_of(table, called, f"{IN}.called_shot")
    return {
        "fields": fields, "content": content, "mode": mode, "weapon": weapon,
        "attacker": attacker, "attacker_total": attacker_total,
        "defender": defender, "defender_total": defender_total,
        "table": table, "table_event": table_event, "called": called,
        "distance": _distance(fields, mode, config),
        "cover": check_cover(fields["cover"], f"{IN}.cover"),
        "moved": (fields["attacker_moved"], fields["target_moved"]),
        "can_react": fields.get("defender_can_react", config["defender_can_react"][mode]),
        "complications": fields["complications"],
        "die_mods": fields["die_mods"],
    }


def _weapon(character: Mapping[str, Any], ident: str, where: str) -> Obj:
    weapon = by_id(character["weapons"], ident)
    if weapon is None:
        raise fail(where, f"{where} is not one of the character's weapons")
    return dict(weapon)


def _distance(fields: Mapping[str, Any], mode: str, config: Mapping[str, Any]) -> Rational | None:
    if fields["distance"] is None:
        if mode == "ranged":
            raise fail(IN, f"{IN}.distance is required for a ranged attack")
        return None
    return length_m(fields["distance"], config["metres_per_hex"])


def range_check(attack: Mapping[str, Any]) -> tuple[Event, int | None]:
    """HZ-R10, HZ-G31: the ranged attack's band penalty, or `out_of_range` (no dice drawn)."""
    weapon = attack["weapon"]
    optimal, maximum = rational(weapon["optimal_range_m"]), rational(weapon["max_range_m"])
    return range_event(attack["distance"], optimal, maximum)


def attack_modifiers(attack: Mapping[str, Any], range_dice: int,
                     config: Mapping[str, Any]) -> list[Obj]:
    """HZ-R06, HZ-R09, HZ-R12, HZ-R19, HZ-G12-G14: every die modifier of the attack pool."""
    mods: list[Obj] = []
    ranged = attack["mode"] == "ranged"
    if ranged:
        mods.append({"source": "range", "dice": -range_dice})
    if attack["moved"][0]:
        mods.append({"source": "attacker_moved", "dice": -1})
    if attack["moved"][1]:
        mods.append({"source": "target_moved", "dice": -1})
    if attack["called"] is not None:
        percent = entry_of(attack["table"], attack["called"], f"{IN}.called_shot")["percent"]
        mods.append({"source": "called_shot", "dice": -called_shot_penalty(percent)})
    cover = attack["cover"]
    applies = attack["fields"].get("partial_cover_applies", config["partial_cover_applies"])
    if ranged and cover is not None and cover["kind"] == "partial" and applies:
        mods.append({"source": "partial_cover", "dice": -1})
    mods += _complications(attack, "attack", config)
    return mods + [{"source": "modifier", "dice": d} for d in attack["die_mods"]]


def _complications(attack: Mapping[str, Any], roll: str, config: Mapping[str, Any]) -> list[Obj]:
    found: list[Obj] = []
    for index, ident in enumerate(attack["complications"]):
        row = complication(config, ident, f"{IN}.complications[{index}]")
        if row["applies_to"] not in (roll, "both"):
            continue
        if row["ranged_only"] and attack["mode"] != "ranged":
            continue
        found.append({"source": ident, "dice": -row["dice_penalty"]})
    return found


def attack_pool(attack: Mapping[str, Any], range_dice: int,
                config: Mapping[str, Any]) -> tuple[Event, int]:
    """HZ-R07, HZ-R09, HZ-R13, HZ-G08, P11: Attribute + Skill with every modifier, at least 0."""
    where = f"{IN}.pool"
    pool = attack["fields"]["pool"]
    weapon = attack["weapon"]
    attribute = pool.get("attribute") or weapon.get("attribute")
    skill = pool.get("skill") or weapon.get("skill")
    if attribute is None or skill is None:
        raise fail(where, f"{where} needs an attribute and a skill (or the weapon's)")
    base = _rating(attack["attacker"], attribute, skill, f"{IN}.attacker")
    mods = attack_modifiers(attack, range_dice, config)
    size = dice.pool_size(base, [m["dice"] for m in mods], 0)
    return ({"type": "attack_pool", "attribute": attribute, "skill": skill, "base": base,
             "modifiers": mods, "size": size}, size)


def _rating(character: Mapping[str, Any], attribute: str, skill: str, where: str) -> int:
    if attribute not in character["attributes"]:
        raise fail(where, f"{where}.attributes.{attribute} is required")
    # An untrained Skill is rated 0, so a character may still roll the bare Attribute.
    rating: int = character["attributes"][attribute] + character["skills"].get(skill, 0)
    return rating


def defence_of(attack: Mapping[str, Any]) -> Obj | None:
    """HZ-R13, HZ-G15: the defence, required when the defender can react, with its weapon."""
    fields = attack["fields"]
    if not attack["can_react"]:
        return None
    where = f"{IN}.defence"
    if "defence" not in fields:
        raise fail(IN, f"{where} is required when the defender can react")
    defence = dict(fields["defence"])
    if "weapon" in defence:
        defence["weapon_item"] = _weapon(attack["defender"], defence["weapon"], f"{where}.weapon")
    return defence


def defence_pool_event(attack: Mapping[str, Any], defence: Mapping[str, Any],
                       config: Mapping[str, Any]) -> tuple[Event, int]:
    """HZ-R13, HZ-G04, HZ-G12, HZ-G15: parry AGI + Melee, evade AGI + Maneuver, or as given."""
    where = f"{IN}.defence"
    kind = defence["kind"]
    pool = {} if kind == "other" else config["defence_pools"][kind]
    attribute = defence.get("attribute") or pool.get("attribute")
    skill = defence.get("skill") or pool.get("skill")
    if attribute is None or skill is None:
        raise fail(where, f"{where} needs an attribute and a skill for kind other")
    base = _rating(attack["defender"], attribute, skill, f"{IN}.defender")
    mods = _complications(attack, "defence", config)
    if defence["aegis"]:
        mods.append({"source": "aegis", "dice": config["aegis_dice"]})
    mods += [{"source": "modifier", "dice": d} for d in defence["die_mods"]]
    size = dice.pool_size(base, [m["dice"] for m in mods], 0)
    return ({"type": "defence_pool", "kind": kind, "attribute": attribute, "skill": skill,
             "base": base, "modifiers": mods, "size": size}, size)
