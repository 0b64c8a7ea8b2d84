"""The `primitives` ruleset: each P1-P14 primitive as a rule drawing its own dice (C1, C3).

Mirrored rule for rule, in the same order, in `module_template/scripts/rules/primitives.mjs`.
Rules call the primitives through the `dice` module so a test can patch one primitive. Each
rule's input arrives checked against its shape in `compiler/schemas/primitives/inputs.schema.json`;
the config arrives read through `compiler/schemas/primitives/rules_config.schema.json`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import SMALL_INT
from compiler.rules.queue import FATE, DiceQueue, Die
from compiler.rules.shapes import fail

IN = "input"
S = SMALL_INT

Result = tuple[list[Event], State]
Input = Mapping[str, Any]


def _roll(fields: Input, queue: DiceQueue) -> tuple[Die, list[int]]:
    die: Die = fields["die"]
    return (die, queue.take_many(die, fields["count"]))


def _value(kind: str, value: int) -> Result:
    return ([{"type": kind, "value": value}], {"value": value})


def count_at_least(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P1, C3: roll `count` dice; successes are faces with face + roll_mod ≥ min_face."""
    min_face = fields["min_face"]
    roll_mod = fields["roll_mod"]
    die, faces = _roll(fields, queue)
    successes = dice.count_at_least(faces, min_face, roll_mod)
    return (
        [{"type": "pool", "die": die, "faces": faces, "successes": successes}],
        {"successes": successes},
    )


def cancel_ones(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P2: a success pool (face ≥ min_face) whose natural 1s cancel successes (DR Fumbling)."""
    min_face = fields["min_face"]
    die, faces = _roll(fields, queue)
    successes = dice.count_at_least(faces, min_face)
    net, botch = dice.cancel_ones(faces, successes)
    ones = dice.count_natural(faces, 1)
    events: list[Event] = [
        {"type": "pool", "die": die, "faces": faces, "successes": successes},
        {"type": "cancel_ones", "ones": ones, "net": net, "botch": botch},
    ]
    return (events, {"successes": net, "botch": botch})


def sum_faces(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P3: roll `count` dice and sum them."""
    die, faces = _roll(fields, queue)
    total = dice.sum_faces(faces)
    return ([{"type": "pool", "die": die, "faces": faces, "total": total}], {"total": total})


def fate(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P4: roll `config.fate_dice` dF, then add `modifier`."""
    modifier = fields["modifier"]
    faces = queue.take_many(FATE, config["fate_dice"])
    rolled = dice.fate(faces)
    events: list[Event] = [
        {"type": "pool", "die": FATE, "faces": faces, "total": rolled},
        {"type": "fate", "dice": rolled, "modifier": modifier, "total": rolled + modifier},
    ]
    return (events, {"total": rolled + modifier})


def keep_lowest_set(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P5: roll `sets` sets of `config.fate_dice` dF, set after set, and keep the lowest sum."""
    count = fields["sets"]
    per_set = config["fate_dice"]
    sets = [queue.take_many(FATE, per_set) for _ in range(count)]
    kept, total = dice.keep_lowest_set(sets)
    events: list[Event] = [
        {"type": "pool", "die": FATE, "faces": faces, "total": dice.fate(faces)} for faces in sets
    ]
    events.append({"type": "keep_lowest_set", "kept": kept, "total": total})
    return (events, {"kept": kept, "total": total})


def keep_lowest(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P5: roll `count` dice and keep the `keep` lowest (e.g. the lowest 4 of 5dF)."""
    keep = fields["keep"]
    die, faces = _roll(fields, queue)
    kept = dice.keep_lowest(faces, keep)
    total = dice.sum_faces(kept)
    events: list[Event] = [
        {"type": "pool", "die": die, "faces": faces},
        {"type": "keep_lowest", "kept": kept, "total": total},
    ]
    return (events, {"total": total})


def _table_ranges(fields: Input) -> tuple[list[list[int]], list[str]]:
    """The rows' [lo, hi] ranges and keys; a row's hi may not be below its lo."""
    for index, entry in enumerate(fields["table"]):
        if entry["hi"] < entry["lo"]:
            where = f"{IN}.table[{index}].hi"
            raise RuleError(BAD_INPUT, f"{where} must be an integer in {entry['lo']}..{S}")
    return ([[e["lo"], e["hi"]] for e in fields["table"]], [e["key"] for e in fields["table"]])


def table_lookup(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P6: roll one `die` and find the table entry whose inclusive [lo, hi] holds the face."""
    die = fields["die"]
    ranges, keys = _table_ranges(fields)
    face = queue.take(die)
    index = dice.table_lookup(ranges, face)
    event: Event = {"type": "table", "die": die, "face": face, "index": index, "key": keys[index]}
    return ([event], {"index": index, "key": keys[index]})


def d20_vs(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P7: roll one `die`; pass when face + Σ mods ≥ tn (or > tn when `meet` is false)."""
    die = fields["die"]
    mods = fields["mods"]
    tn = fields["tn"]
    meet = fields["meet"]
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


def count_natural(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P8: roll `count` dice and count the faces showing exactly `natural` (CR crits)."""
    natural = fields["natural"]
    die, faces = _roll(fields, queue)
    naturals = dice.count_natural(faces, natural)
    return (
        [{"type": "pool", "die": die, "faces": faces, "naturals": naturals}],
        {"naturals": naturals},
    )


def hazard(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P9, C3: a success pool whose first `config.hazard_count` dice are Hazard Dice."""
    min_face = fields["min_face"]
    roll_mod = fields["roll_mod"]
    count = config["hazard_count"]
    mishap_on = config["mishap_on_face"]
    counted = config["hazard_counts_for_success"]
    die, faces = _roll(fields, queue)
    scored = faces if counted else faces[count:]
    successes = dice.count_at_least(scored, min_face, roll_mod)
    events: list[Event] = [{"type": "pool", "die": die, "faces": faces, "successes": successes}]
    mishap = dice.hazard(faces, count, mishap_on)
    if mishap:
        events.append({"type": "mishap", "faces": faces[:count]})
    return (events, {"successes": successes, "mishap": mishap})


def roll_off(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P10: order `group` by repeated roll-offs of `die`, tied sub-groups rolling again."""
    die = fields["die"]
    order, rounds = dice.roll_off(fields["group"], die, queue)
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


def pool_size(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P11: max(floor, base + Σ die_mods); takes no dice."""
    base = fields["base"]
    mods = fields["die_mods"]
    size = dice.pool_size(base, mods, fields["floor"])
    return ([{"type": "pool_size", "size": size}], {"size": size})


def opposed(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P12: compare a and d; `tie` names the side that wins a tie."""
    a = fields["a"]
    d = fields["d"]
    winner = dice.opposed(a, d, fields["tie"])
    event: Event = {
        "type": "opposed",
        "a": a,
        "d": d,
        "margin": dice.margin(a, d),
        "tied": a == d,
        "winner": winner,
    }
    return ([event], {"winner": winner})


def margin(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P13: the signed margin a - d."""
    return _value(
        "margin", dice.margin(fields["a"], fields["d"])
    )


def margin_of_success(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P13: HZ Margin of Success under `mode` (`standard` or `unified`)."""
    a = fields["a"]
    d = fields["d"]
    contested = fields["contested"]
    mode = fields["mode"]
    return _value("margin_of_success", dice.margin_of_success(a, d, contested, mode))


def halve(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P13: floor(value / 2)."""
    return _value("halve", dice.halve(fields["value"]))


def _operands(inp: Input, keys: Sequence[str], nonzero: Sequence[str] = ()) -> list[int]:
    """The integer operands `keys`; a divisor among `nonzero` may not be 0."""
    for key in nonzero:
        if inp[key] == 0:
            raise fail(f"{IN}.{key}", f"{IN}.{key} must not be 0")
    return [inp[key] for key in keys]


def floor_div(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: floor(a / b) toward -inf, for any safe integers."""
    a, b = _operands(fields, ("a", "b"), nonzero=("b",))
    return _value("floor_div", dice.floor_div(a, b))


def ceil_div(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: ceil(a / b), for any safe integers."""
    a, b = _operands(fields, ("a", "b"), nonzero=("b",))
    return _value("ceil_div", dice.ceil_div(a, b))


def ceil_sqrt(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: the smallest k with k * k ≥ p."""
    (p,) = _operands(fields, ("p",))
    return _value("ceil_sqrt", dice.ceil_sqrt(p))


def compare_fractions(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """P14: the sign of a_num/a_den - b_num/b_den, exactly."""
    keys = ("a_num", "a_den", "b_num", "b_den")
    a_num, a_den, b_num, b_den = _operands(fields, keys, nonzero=("a_den", "b_den"))
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
