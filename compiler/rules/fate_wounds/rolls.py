"""One side's roll and the exact odds of rolls (FW-R02, FW-R03, FW-R06, FW-G01; `rolls.mjs`).

A roll is 4dF + Approach + at most `config.skill_terms_per_roll` skill-like terms (a skill, or
a power's rating) + the power bonuses spent, each +1, declared before the dice. Disadvantage
(FW-G01) adds dice by `config.disadvantage_mode`; the faces come from the queue in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import factorial, gcd
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.fate_wounds.characters import Character, condition, fill_character
from compiler.rules.fate_wounds.ladder import scale_label
from compiler.rules.queue import FATE, DiceQueue
from compiler.rules.shapes import fail

FATE_DICE = 4
FACES = (-1, 0, 1)
SET_COUNTS: Mapping[int, int] = {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
"""FW-E09: how many of the 81 ways four Fate dice fall give each total."""

Result = tuple[list[Event], State]


class Declared(NamedTuple):
    """A roll as declared: its side, the declaration, and the input paths of the character
    and of the declaration (for messages)."""

    side: str
    declaration: Mapping[str, Any]
    who_at: str
    at: str


def distribution(level: int, mode: str) -> dict[int, int]:
    """FW-G01, FW-E09: how many ways one roll's dice give each result, at Disadvantage `level`.

    `reroll_keep_lowest`: the lowest of level + 1 sets, N(min >= x) = N(set >= x)^(level + 1);
    `extra_df_drop_highest`: the lowest four of 4 + level dF, by the counts of minus, blank and
    plus faces; `flat`: 4dF shifted down by level. Exact integers, no enumeration of sets.
    """
    if level == 0 or mode == "flat":
        return {total - level: count for total, count in SET_COUNTS.items()}
    if mode == "reroll_keep_lowest":
        at_least = {x: sum(c for t, c in SET_COUNTS.items() if t >= x) for x in range(-4, 6)}
        return {x: at_least[x] ** (level + 1) - at_least[x + 1] ** (level + 1)
                for x in range(-4, 5)}
    return _lowest_four(FATE_DICE + level)


def _lowest_four(n: int) -> dict[int, int]:
    counts = {total: 0 for total in range(-4, 5)}
    for minus in range(n + 1):
        for plus in range(n - minus + 1):
            blank = n - minus - plus
            ways = factorial(n) // (factorial(minus) * factorial(blank) * factorial(plus))
            low = min(minus, FATE_DICE)
            kept_plus = FATE_DICE - low - min(blank, FATE_DICE - low)
            counts[kept_plus - low] += ways
    return counts


def dice_distribution(
    inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue
) -> Result:
    """FW-E09, FW-G01: the exact distribution of one roll's dice and its mean, as a fraction."""
    counts = distribution(inp["disadvantage"], config["disadvantage_mode"])
    outcomes = sum(counts.values())
    total = sum(value * count for value, count in counts.items())
    common = gcd(total, outcomes)
    rows = [{"total": t, "count": c} for t, c in sorted(counts.items()) if c]
    mean = {"num": total // common, "den": outcomes // common}
    return ([], {"outcomes": outcomes, "counts": rows, "mean": mean})


def odds(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-E09, FW-R04, P12: exact counts of an attack beating, tying and losing to a defence
    with these modifiers and Disadvantage levels; a tie is the defender's."""
    mode = config["disadvantage_mode"]
    attack = distribution(inp["attack_disadvantage"], mode)
    defence = distribution(inp["defence_disadvantage"], mode)
    shift = inp["attack_modifier"] - inp["defence_modifier"]
    wins = ties = 0
    for a, ways_a in attack.items():
        for d, ways_d in defence.items():
            if a + shift == d:
                ties += ways_a * ways_d
            elif dice.opposed(a + shift, d, "defender") == "attacker":
                wins += ways_a * ways_d
    outcomes = sum(attack.values()) * sum(defence.values())
    state = {"outcomes": outcomes, "attacker_wins": wins, "ties": ties,
             "defender_wins": outcomes - wins - ties}
    return ([], state)


def roll_dice(who: str, level: int, mode: str, queue: DiceQueue) -> tuple[list[Event], int]:
    """FW-R02, FW-G01, P4, P5: 4dF and the Disadvantage dice of `level`; (events, dice result)."""
    if level == 0:
        faces = queue.take_many(FATE, FATE_DICE)
        return ([_faces(who, faces)], dice.fate(faces))
    base = {"type": "disadvantage", "character": who, "level": level, "mode": mode}
    if mode == "reroll_keep_lowest":
        sets = [queue.take_many(FATE, FATE_DICE) for _ in range(level + 1)]
        kept, result = dice.keep_lowest_set(sets)
        events = [_faces(who, faces) for faces in sets]
        return ([*events, {**base, "kept_set": kept, "dice": result}], result)
    if mode == "extra_df_drop_highest":
        faces = queue.take_many(FATE, FATE_DICE + level)
        lowest = dice.keep_lowest(faces, FATE_DICE)
        result = dice.fate(lowest)
        return ([_faces(who, faces), {**base, "kept_faces": lowest, "dice": result}], result)
    faces = queue.take_many(FATE, FATE_DICE)
    result = dice.fate(faces) - level
    return ([_faces(who, faces), {**base, "penalty": level, "dice": result}], result)


def _faces(who: str, faces: list[int]) -> Event:
    return {"type": "fate_dice", "character": who, "faces": faces, "total": dice.fate(faces)}


def applied_level(character: Character, side: str, config: Mapping[str, Any]) -> int:
    """FW-G02: the character's Disadvantage level if `config.disadvantage_scope` covers `side`."""
    scope = config["disadvantage_scope"]
    if scope != "all_rolls" and scope != f"{side}_rolls":
        return 0
    return condition(character, config).disadvantage


def roll_side(
    character: Character, declared: Declared, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], int, Character]:
    """FW-R02, FW-R03, FW-R06, FW-R13, FW-G07, FW-G09: one side's roll; (events, total,
    character with its bonuses spent). An Incapacitated character cannot attack."""
    who, side, declaration = character["id"], declared.side, declared.declaration
    if side == "attack" and condition(character, config).incapacitated:
        raise fail(declared.who_at, f"{declared.who_at} is out (FW-R13): an Incapacitated "
                                    "character cannot attack")
    terms = _terms(character, declaration, declared.at, config)
    spent = _spend(character, declaration, declared.at, config)
    events: list[Event] = []
    if spent:
        remaining = character["power_bonus_remaining"] - spent
        character = {**character, "power_bonus_remaining": remaining}
        events.append({"type": "power_bonuses", "character": who, "spent": spent,
                       "remaining": remaining})
    level = applied_level(character, side, config)
    dice_events, result = roll_dice(who, level, config["disadvantage_mode"], queue)
    modifier = sum(term["value"] for term in terms.values() if term is not None) + spent
    total = result + modifier
    events += dice_events
    events.append({
        "type": "roll", "character": who, "side": side, "dice": result, **terms,
        "power_bonuses": spent, "modifier": modifier, "total": total,
        "label": scale_label(config, "result", total),
    })
    return (events, total, character)


def _terms(
    character: Character, declaration: Mapping[str, Any], where: str, config: Mapping[str, Any]
) -> dict[str, Any]:
    """FW-R08, FW-G04, FW-G09: the approach and the skill-like terms, each labelled."""
    approach, skill, power = declaration["approach"], declaration["skill"], declaration["power"]
    if approach not in config["approaches"]:
        raise fail(where, f"{where}.approach must be one of {', '.join(config['approaches'])}")
    most = config["skill_terms_per_roll"]
    if (skill is not None) + (power is not None) > most:
        raise fail(where, f"{where} names a skill and a power, but a roll takes at most {most} "
                          "skill-like term (FW-G09)")
    rating = character["approaches"].get(approach, 0)
    terms: dict[str, Any] = {"approach": _term(approach, rating, "result", config),
                             "skill": None, "power": None}
    if skill is not None:
        if skill not in character["skills"]:
            raise fail(where, f"{where}.skill names a skill {character['id']} does not have")
        terms["skill"] = _term(skill, character["skills"][skill], "skill", config)
    if power is not None:
        found = [p for p in character["powers"] if p["id"] == power]
        if not found:
            raise fail(where, f"{where}.power names a power {character['id']} does not have")
        terms["power"] = _term(power, found[0]["rating"], "skill", config)
    return terms


def _term(ident: str, value: int, scale: str, config: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": ident, "value": value, "label": scale_label(config, scale, value)}


def _spend(
    character: Character, declaration: Mapping[str, Any], where: str, config: Mapping[str, Any]
) -> int:
    """FW-R06, FW-G07: the bonuses spent: at most those left, and only with a power if so set."""
    spent: int = declaration["power_bonuses"]
    left = character["power_bonus_remaining"]
    if spent > left:
        raise fail(where, f"{where}.power_bonuses is {spent} but {character['id']} has {left} "
                          "left (FW-R06)")
    if spent and declaration["power"] is None and config["power_bonus_requires_power"]:
        raise fail(where, f"{where}.power_bonuses needs a Supernatural Power on the roll (FW-G07)")
    return spent


def roll(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-R02, FW-R03, FW-R06, FW-R07, FW-R08, FW-G01, FW-G02, FW-G07, FW-G09: one side's roll."""
    character = fill_character(inp["character"], "input.character", config)
    declared = Declared(inp["side"], inp["declaration"], "input.character", "input.declaration")
    events, total, character = roll_side(character, declared, config, queue)
    return (events, {"total": total, "character": character})
