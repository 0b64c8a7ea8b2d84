"""The damage pool and the per-hit steps 3-6 of DR-R19 (mirrored in `damage.mjs`).

Step 1 builds the pool (`pool_parts`), step 2 rolls it (`rolls.roll`), and `settle_hit` runs
steps 3-6 on one hit: save halving, Toughness (unless Lacerating), Shield, Dizzy.
`resolve_hit` in `hits.py` strings them together for one card on one target.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.combatant import attribute_bonus
from compiler.rules.danger_room.common import IN, Input
from compiler.rules.danger_room.conditions import check_dizzy
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

RELATION_DICE = 2
"""DR-R19 step 1: Vulnerable adds 2 dice, Resist takes 2 away."""

Result = tuple[list[Event], State]


class Hit(NamedTuple):
    """One rolled hit on its way through steps 3-6."""

    number: int
    rolled: int
    saved: bool
    negated: bool


def check_card(card: Input, where: str) -> None:
    """DR-R18: a card that deals Damage names its Base Attribute ("Nothing is assumed from the
    kind of card"); its other fields arrive checked by its shape."""
    if card["damage"] is not None and card["base_attribute"] is None:
        raise fail(where, f"{where}.base_attribute is required when damage is set")


def negates_on_save(card: Mapping[str, Any]) -> bool:
    """DR-R11: a save stops a hinder-only power outright, as it does a `negate` save."""
    save = card["save"]
    return save is not None and (save["on_save"] == "negate" or "hinder_only" in card["tags"])


def relation(target: Mapping[str, Any], damage_type: str | None, config: Mapping[str, Any]) -> str:
    """DR-R19 step 1, DR-G13: immune, vulnerable, resist or neutral (`net`: V and R cancel)."""
    if damage_type is None:
        return "neutral"
    if damage_type in target["immune"]:
        return "immune"
    net = int(damage_type in target["vulnerable"]) - int(damage_type in target["resist"])
    return "vulnerable" if net > 0 else "resist" if net < 0 else "neutral"


def defense_soak(target: Mapping[str, Any], unreactable: bool, config: Mapping[str, Any]) -> int:
    """DR-G06: under `soak_bonus`, a reactable attack meets max(0, Agility bonus) more Soak."""
    if config["defense_model"] != "soak_bonus" or unreactable:
        return 0
    return max(0, attribute_bonus(target, "agility", config))


def pool_parts(
    attacker: Mapping[str, Any],
    target: Mapping[str, Any],
    card: Mapping[str, Any],
    aim: Mapping[str, Any],
    config: Mapping[str, Any],
) -> dict[str, Any]:
    """DR-R18, DR-R19 step 1, DR-G09, DR-G12, DR-E05: the damage pool and its parts, P11.

    Damage + Base Attribute bonus - Soak ± 2 - Visibility penalty dice, clamped once at
    `damage_pool_min`. `aim` carries `unreactable` and `penalty_dice` (worked out by part A).
    """
    gain = attribute_bonus(attacker, card["base_attribute"], config)
    soak = target["soak"] + defense_soak(target, aim["unreactable"], config)
    kind = relation(target, card["damage_type"], config)
    shift = {"vulnerable": RELATION_DICE, "resist": -RELATION_DICE}.get(kind, 0)
    floor: int = config["damage_pool_min"]
    size = dice.pool_size(card["damage"], [gain, -soak, shift, -aim["penalty_dice"]], floor)
    return {
        "card_damage": card["damage"],
        "bonus": gain,
        "soak": soak,
        "relation": kind,
        "relation_dice": shift,
        "penalty_dice": aim["penalty_dice"],
        "size": size,
    }


def settle_hit(
    target: Mapping[str, Any],
    hit: Hit,
    card: Mapping[str, Any],
    turn: int,
    config: Mapping[str, Any],
) -> tuple[list[Event], dict[str, Any]]:
    """DR-R19 steps 3-6, DR-R20, DR-G11, DR-G18: one hit from its rolled successes to Health.

    A save halves (P13, rounding down) or negates; Toughness comes off every hit unless the
    card is Lacerating; Shield points absorb what is left; the Dizzy check runs per hit.
    """
    after_save = 0 if hit.negated else dice.halve(hit.rolled) if hit.saved else hit.rolled
    lacerating = "lacerating" in card["tags"]
    toughness = 0 if lacerating else target["toughness"]
    after_toughness = max(0, after_save - toughness)
    absorbed = min(target["shield_points"], after_toughness)
    lost = after_toughness - absorbed
    updated = {
        **target,
        "shield_points": target["shield_points"] - absorbed,
        "health": target["health"] - lost,
    }
    event: Event = {
        "type": "damage",
        "fighter": target["id"],
        "hit": hit.number,
        "rolled": hit.rolled,
        "saved": hit.saved,
        "after_save": after_save,
        "toughness": toughness,
        "lacerating": lacerating,
        "after_toughness": after_toughness,
        "shield_absorbed": absorbed,
        "health_lost": lost,
        "health": updated["health"],
    }
    dizzy_events, updated = check_dizzy(updated, lost, turn, config)
    return ([event, *dizzy_events], updated)


# --------------------------------------------------------------------------- rules


def damage_pool(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R18, DR-R19 step 1, DR-G06, DR-G12, DR-G13, DR-E05, DR-E07: a pool's size; no dice."""
    attacker, target, card = inp["attacker"], inp["target"], inp["card"]
    check_card(card, f"{IN}.card")
    if card["damage"] is None:
        raise fail(IN, f"{IN}.card.damage must be set for a damage pool")
    parts = pool_parts(attacker, target, card, inp, config)
    if parts["relation"] == "immune":
        event: Event = {
            "type": "immune",
            "fighter": target["id"],
            "damage_type": card["damage_type"],
        }
        return ([event], {"immune": True, "pool": 0})
    event = {"type": "damage_pool", "attacker": attacker["id"], "target": target["id"], **parts}
    return ([event], {"immune": False, "pool": parts["size"]})


def hit_steps(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R19 steps 3-6, DR-G10, DR-G11, DR-E06: `rolled` successes of one hit on `target`."""
    card, saved = inp["card"], inp["saved"]
    check_card(card, f"{IN}.card")
    hit = Hit(inp["hit"], inp["rolled"], saved, saved and negates_on_save(card))
    events, updated = settle_hit(inp["target"], hit, card, inp["turn"], config)
    return (events, {"target": updated})


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (damage_pool, hit_steps)}
