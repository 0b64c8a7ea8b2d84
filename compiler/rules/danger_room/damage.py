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
from compiler.rules.danger_room.attributes import ATTRIBUTES
from compiler.rules.danger_room.combatant import (
    attribute_bonus,
    check_fighter,
    check_names,
    require_keys,
)
from compiler.rules.danger_room.conditions import TIMED, check_dizzy
from compiler.rules.danger_room.saves import DEFENSE_MODELS
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import (
    SMALL_INT,
    expect_object,
    get_bool,
    get_choice,
    get_int,
    get_list,
    get_str,
)
from compiler.rules.queue import DiceQueue

IN = "input"
CF = "config"
S = SMALL_INT
CARD_KEYS: tuple[str, ...] = (
    "id",
    "kind",
    "damage",
    "base_attribute",
    "damage_type",
    "hits",
    "tags",
    "save",
    "inflicts",
)
ON_SAVE: tuple[str, ...] = ("half", "negate")
RELATION_DICE = 2
"""DR-R19 step 1: Vulnerable adds 2 dice, Resist takes 2 away."""

MAX_HITS = 100
Result = tuple[list[Event], State]


class Hit(NamedTuple):
    """One rolled hit on its way through steps 3-6."""

    number: int
    rolled: int
    saved: bool
    negated: bool


def _check_save(card: Mapping[str, Any], where: str) -> None:
    if card["save"] is None:
        return
    save = expect_object(card["save"], f"{where}.save", ("attribute", "on_save"))
    get_str(save, "attribute", f"{where}.save")
    get_choice(save, "on_save", f"{where}.save", ON_SAVE)


def _check_inflicts(card: Mapping[str, Any], where: str) -> None:
    for index, item in enumerate(get_list(card, "inflicts", where)):
        at = f"{where}.inflicts[{index}]"
        rider = expect_object(item, at, ("condition", "duration_turns"))
        get_choice(rider, "condition", at, TIMED)
        if rider["duration_turns"] is not None:
            get_int(rider, "duration_turns", at, 1, S)


def check_card(value: object, where: str) -> Mapping[str, Any]:
    """DR-R18, DR-R19, DR-R20: the card fields the damage steps read (others are kept)."""
    card = require_keys(value, where, CARD_KEYS)
    get_str(card, "id", where)
    get_str(card, "kind", where)
    if card["damage"] is not None:
        get_int(card, "damage", where, 0, S)
        if card["base_attribute"] is None:
            # DR-R18: "Nothing is assumed from the kind of card."
            raise RuleError(BAD_INPUT, f"{where}.base_attribute is required when damage is set")
    if card["base_attribute"] is not None:
        get_choice(card, "base_attribute", where, ATTRIBUTES)
    if card["damage_type"] is not None:
        get_str(card, "damage_type", where)
    get_int(card, "hits", where, 1, MAX_HITS)
    check_names(card, "tags", where)
    _check_save(card, where)
    _check_inflicts(card, where)
    return card


def negates_on_save(card: Mapping[str, Any]) -> bool:
    """DR-R11: a save stops a hinder-only power outright, as it does a `negate` save."""
    save = card["save"]
    return save is not None and (save["on_save"] == "negate" or "hinder_only" in card["tags"])


def relation(target: Mapping[str, Any], damage_type: str | None, config: Mapping[str, Any]) -> str:
    """DR-R19 step 1, DR-G13: immune, vulnerable, resist or neutral (`net`: V and R cancel)."""
    get_choice(config, "type_relation_combine", CF, ("net",))
    if damage_type is None:
        return "neutral"
    if damage_type in target["immune"]:
        return "immune"
    net = int(damage_type in target["vulnerable"]) - int(damage_type in target["resist"])
    return "vulnerable" if net > 0 else "resist" if net < 0 else "neutral"


def defense_soak(target: Mapping[str, Any], unreactable: bool, config: Mapping[str, Any]) -> int:
    """DR-G06: under `soak_bonus`, a reactable attack meets max(0, Agility bonus) more Soak."""
    model = get_choice(config, "defense_model", CF, DEFENSE_MODELS)
    if model != "soak_bonus" or unreactable:
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
    floor = get_int(config, "damage_pool_min", CF, 0, 100)
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


def _aim(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "unreactable": get_bool(fields, "unreactable", IN),
        "penalty_dice": get_int(fields, "penalty_dice", IN, 0, S),
    }


def damage_pool(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R18, DR-R19 step 1, DR-G06, DR-G12, DR-G13, DR-E05, DR-E07: a pool's size; no dice."""
    keys = ("attacker", "target", "card", "unreactable", "penalty_dice")
    fields = expect_object(inp, IN, keys)
    attacker = check_fighter(fields["attacker"], f"{IN}.attacker")
    target = check_fighter(fields["target"], f"{IN}.target")
    card = check_card(fields["card"], f"{IN}.card")
    if card["damage"] is None:
        raise RuleError(BAD_INPUT, f"{IN}.card.damage must be set for a damage pool")
    parts = pool_parts(attacker, target, card, _aim(fields), config)
    if parts["relation"] == "immune":
        event: Event = {
            "type": "immune",
            "fighter": target["id"],
            "damage_type": card["damage_type"],
        }
        return ([event], {"immune": True, "pool": 0})
    event = {"type": "damage_pool", "attacker": attacker["id"], "target": target["id"], **parts}
    return ([event], {"immune": False, "pool": parts["size"]})


def hit_steps(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R19 steps 3-6, DR-G10, DR-G11, DR-E06: `rolled` successes of one hit on `target`."""
    keys = ("target", "card", "hit", "rolled", "saved", "turn")
    fields = expect_object(inp, IN, keys)
    target = check_fighter(fields["target"], f"{IN}.target")
    card = check_card(fields["card"], f"{IN}.card")
    number = get_int(fields, "hit", IN, 1, MAX_HITS)
    rolled = get_int(fields, "rolled", IN, 0, S)
    saved = get_bool(fields, "saved", IN)
    turn = get_int(fields, "turn", IN, 1, S)
    negated = saved and negates_on_save(card)
    events, updated = settle_hit(target, Hit(number, rolled, saved, negated), card, turn, config)
    return (events, {"target": updated})


RULES: Mapping[str, Rule] = {rule.__name__: rule for rule in (damage_pool, hit_steps)}
