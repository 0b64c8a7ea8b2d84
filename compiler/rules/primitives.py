"""The `primitives` ruleset: each P1-P14 primitive as a rule drawing its own dice (C1, C3).

Mirrored rule for rule, in the same order, in `module_template/scripts/rules/primitives.mjs`.
Rules call the primitives through the `dice` module so a test can patch one primitive.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import (
    SAFE_INT,
    SMALL_INT,
    expect_object,
    get_bool,
    get_choice,
    get_die,
    get_int,
    get_int_list,
    get_list,
    get_str,
)
from compiler.rules.queue import FATE, DiceQueue, Die

IN = "input"
CF = "config"
S = SMALL_INT

CONFIG: Mapping[str, Any] = {
    "fate_dice": 4,
    "hazard_count": 1,
    "mishap_on_face": 1,
    "hazard_counts_for_success": True,
}
"""Defaults a fixture's `config` may override: FW's 4dF and HZ-G03's Hazard Die."""

Result = tuple[list[Event], State]


def _roll(fields: Mapping[str, Any], queue: DiceQueue) -> tuple[Die, list[int]]:
    die = get_die(fields, "die", IN)
    count = get_int(fields, "count", IN, -S, S)
    return (die, queue.take_many(die, count))


def _value(kind: str, value: int) -> Result:
    return ([{"type": kind, "value": value}], {"value": value})


def count_at_least(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P1, C3: roll `count` dice; successes are faces with face + roll_mod ≥ min_face."""
    fields = expect_object(inp, IN, ("die", "count", "min_face", "roll_mod"))
    min_face = get_int(fields, "min_face", IN, -S, S)
    roll_mod = get_int(fields, "roll_mod", IN, -S, S)
    die, faces = _roll(fields, queue)
    successes = dice.count_at_least(faces, min_face, roll_mod)
    return (
        [{"type": "pool", "die": die, "faces": faces, "successes": successes}],
        {"successes": successes},
    )


def cancel_ones(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P2: a success pool (face ≥ min_face) whose natural 1s cancel successes (DR Fumbling)."""
    fields = expect_object(inp, IN, ("die", "count", "min_face"))
    min_face = get_int(fields, "min_face", IN, -S, S)
    die, faces = _roll(fields, queue)
    successes = dice.count_at_least(faces, min_face)
    net, botch = dice.cancel_ones(faces, successes)
    ones = dice.count_natural(faces, 1)
    events: list[Event] = [
        {"type": "pool", "die": die, "faces": faces, "successes": successes},
        {"type": "cancel_ones", "ones": ones, "net": net, "botch": botch},
    ]
    return (events, {"successes": net, "botch": botch})


def sum_faces(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P3: roll `count` dice and sum them."""
    fields = expect_object(inp, IN, ("die", "count"))
    die, faces = _roll(fields, queue)
    total = dice.sum_faces(faces)
    return ([{"type": "pool", "die": die, "faces": faces, "total": total}], {"total": total})


def fate(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P4: roll `config.fate_dice` dF, then add `modifier`."""
    fields = expect_object(inp, IN, ("modifier",))
    modifier = get_int(fields, "modifier", IN, -S, S)
    faces = queue.take_many(FATE, get_int(config, "fate_dice", CF, 0, 100))
    rolled = dice.fate(faces)
    events: list[Event] = [
        {"type": "pool", "die": FATE, "faces": faces, "total": rolled},
        {"type": "fate", "dice": rolled, "modifier": modifier, "total": rolled + modifier},
    ]
    return (events, {"total": rolled + modifier})


def keep_lowest_set(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P5: roll `sets` sets of `config.fate_dice` dF, set after set, and keep the lowest sum."""
    fields = expect_object(inp, IN, ("sets",))
    count = get_int(fields, "sets", IN, 1, 100)
    per_set = get_int(config, "fate_dice", CF, 0, 100)
    sets = [queue.take_many(FATE, per_set) for _ in range(count)]
    kept, total = dice.keep_lowest_set(sets)
    events: list[Event] = [
        {"type": "pool", "die": FATE, "faces": faces, "total": dice.fate(faces)} for faces in sets
    ]
    events.append({"type": "keep_lowest_set", "kept": kept, "total": total})
    return (events, {"kept": kept, "total": total})


def keep_lowest(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P5: roll `count` dice and keep the `keep` lowest (e.g. the lowest 4 of 5dF)."""
    fields = expect_object(inp, IN, ("die", "count", "keep"))
    keep = get_int(fields, "keep", IN, 0, S)
    die, faces = _roll(fields, queue)
    kept = dice.keep_lowest(faces, keep)
    total = dice.sum_faces(kept)
    events: list[Event] = [
        {"type": "pool", "die": die, "faces": faces},
        {"type": "keep_lowest", "kept": kept, "total": total},
    ]
    return (events, {"total": total})


def _table_ranges(fields: Mapping[str, Any]) -> tuple[list[list[int]], list[str]]:
    ranges: list[list[int]] = []
    keys: list[str] = []
    for index, item in enumerate(get_list(fields, "table", IN)):
        where = f"{IN}.table[{index}]"
        entry = expect_object(item, where, ("lo", "hi", "key"))
        lo = get_int(entry, "lo", where, -S, S)
        ranges.append([lo, get_int(entry, "hi", where, lo, S)])
        keys.append(get_str(entry, "key", where))
    return (ranges, keys)


def table_lookup(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P6: roll one `die` and find the table entry whose inclusive [lo, hi] holds the face."""
    fields = expect_object(inp, IN, ("die", "table"))
    die = get_die(fields, "die", IN)
    ranges, keys = _table_ranges(fields)
    face = queue.take(die)
    index = dice.table_lookup(ranges, face)
    event: Event = {"type": "table", "die": die, "face": face, "index": index, "key": keys[index]}
    return ([event], {"index": index, "key": keys[index]})


def d20_vs(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P7: roll one `die`; pass when face + Σ mods ≥ tn (or > tn when `meet` is false)."""
    fields = expect_object(inp, IN, ("die", "mods", "tn", "meet"))
    die = get_die(fields, "die", IN)
    mods = get_int_list(fields, "mods", IN, -S, S)
    tn = get_int(fields, "tn", IN, -S, S)
    meet = get_bool(fields, "meet", IN)
    face = queue.take(die)
    passed = dice.d20_vs(face, mods, tn, meet)
    total = face + dice.sum_faces(mods)
    event: Event = {
        "type": "check",
        "die": die,
        "face": face,
        "total": total,
        "tn": tn,
        "passed": passed,
    }
    return ([event], {"passed": passed, "total": total})


def count_natural(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P8: roll `count` dice and count the faces showing exactly `natural` (CR crits)."""
    fields = expect_object(inp, IN, ("die", "count", "natural"))
    natural = get_int(fields, "natural", IN, -S, S)
    die, faces = _roll(fields, queue)
    naturals = dice.count_natural(faces, natural)
    return (
        [{"type": "pool", "die": die, "faces": faces, "naturals": naturals}],
        {"naturals": naturals},
    )


def hazard(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P9, C3: a success pool whose first `config.hazard_count` dice are Hazard Dice."""
    fields = expect_object(inp, IN, ("die", "count", "min_face", "roll_mod"))
    min_face = get_int(fields, "min_face", IN, -S, S)
    roll_mod = get_int(fields, "roll_mod", IN, -S, S)
    count = get_int(config, "hazard_count", CF, 0, 100)
    mishap_on = get_int(config, "mishap_on_face", CF, -S, S)
    counted = get_bool(config, "hazard_counts_for_success", CF)
    die, faces = _roll(fields, queue)
    scored = faces if counted else faces[count:]
    successes = dice.count_at_least(scored, min_face, roll_mod)
    events: list[Event] = [{"type": "pool", "die": die, "faces": faces, "successes": successes}]
    mishap = dice.hazard(faces, count, mishap_on)
    if mishap:
        events.append({"type": "mishap", "faces": faces[:count]})
    return (events, {"successes": successes, "mishap": mishap})


def _group(fields: Mapping[str, Any]) -> list[str]:
    group = get_list(fields, "group", IN)
    for index, member in enumerate(group):
        if not isinstance(member, str) or not member or member in group[:index]:
            raise RuleError(BAD_INPUT, f"{IN}.group[{index}] must be a new non-empty string")
    return group


def roll_off(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P10: order `group` by repeated roll-offs of `die`, tied sub-groups rolling again."""
    fields = expect_object(inp, IN, ("die", "group"))
    die = get_die(fields, "die", IN)
    order, rounds = dice.roll_off(_group(fields), die, queue)
    events: list[Event] = [
        {
            "type": "roll_off",
            "round": r.number,
            "group": list(r.group),
            "die": die,
            "faces": list(r.faces),
        }
        for r in rounds
    ]
    events.append({"type": "order", "order": order})
    return (events, {"order": order})


def pool_size(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P11: max(floor, base + Σ die_mods); takes no dice."""
    fields = expect_object(inp, IN, ("base", "die_mods", "floor"))
    base = get_int(fields, "base", IN, -S, S)
    mods = get_int_list(fields, "die_mods", IN, -S, S)
    size = dice.pool_size(base, mods, get_int(fields, "floor", IN, -S, S))
    return ([{"type": "pool_size", "size": size}], {"size": size})


def opposed(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P12: compare a and d; `tie` names the side that wins a tie."""
    fields = expect_object(inp, IN, ("a", "d", "tie"))
    a = get_int(fields, "a", IN, -S, S)
    d = get_int(fields, "d", IN, -S, S)
    winner = dice.opposed(a, d, get_choice(fields, "tie", IN, dice.TIE_POLICIES))
    event: Event = {
        "type": "opposed",
        "a": a,
        "d": d,
        "margin": dice.margin(a, d),
        "tied": a == d,
        "winner": winner,
    }
    return ([event], {"winner": winner})


def margin(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P13: the signed margin a - d."""
    fields = expect_object(inp, IN, ("a", "d"))
    return _value(
        "margin", dice.margin(get_int(fields, "a", IN, -S, S), get_int(fields, "d", IN, -S, S))
    )


def margin_of_success(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P13: HZ Margin of Success under `mode` (`standard` or `unified`)."""
    fields = expect_object(inp, IN, ("a", "d", "contested", "mode"))
    a = get_int(fields, "a", IN, -S, S)
    d = get_int(fields, "d", IN, -S, S)
    contested = get_bool(fields, "contested", IN)
    mode = get_choice(fields, "mode", IN, dice.MOS_MODES)
    return _value("margin_of_success", dice.margin_of_success(a, d, contested, mode))


def halve(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P13: floor(value / 2)."""
    fields = expect_object(inp, IN, ("value",))
    return _value("halve", dice.halve(get_int(fields, "value", IN, -S, S)))


def _operands(inp: object, keys: Sequence[str]) -> list[int]:
    fields = expect_object(inp, IN, keys)
    return [get_int(fields, key, IN, -SAFE_INT, SAFE_INT) for key in keys]


def floor_div(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: floor(a / b) toward -inf, for any safe integers."""
    a, b = _operands(inp, ("a", "b"))
    return _value("floor_div", dice.floor_div(a, b))


def ceil_div(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: ceil(a / b), for any safe integers."""
    a, b = _operands(inp, ("a", "b"))
    return _value("ceil_div", dice.ceil_div(a, b))


def ceil_sqrt(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: the smallest k with k * k ≥ p."""
    (p,) = _operands(inp, ("p",))
    return _value("ceil_sqrt", dice.ceil_sqrt(p))


def compare_fractions(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: the sign of a_num/a_den - b_num/b_den, exactly."""
    a_num, a_den, b_num, b_den = _operands(inp, ("a_num", "a_den", "b_num", "b_den"))
    return _value("compare_fractions", dice.compare_fractions(a_num, a_den, b_num, b_den))


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        count_at_least,
        cancel_ones,
        sum_faces,
        fate,
        keep_lowest_set,
        keep_lowest,
        table_lookup,
        d20_vs,
        count_natural,
        hazard,
        roll_off,
        pool_size,
        opposed,
        margin,
        margin_of_success,
        halve,
        floor_div,
        ceil_div,
        ceil_sqrt,
        compare_fractions,
    )
}
