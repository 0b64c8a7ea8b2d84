"""The nine-step Battle Montage (CR-R13, CR-G23-G32; mirror: montage.mjs).

Dice are taken per party member in rank order, front to back (catalogue §5.4). Everything a
member spends is checked against what it has before any die is rolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.crytures.checks import check_montage
from compiler.rules.crytures.modifiers import type_relation_of
from compiler.rules.crytures.rolls import DIE, damage_target, evaluate
from compiler.rules.queue import DiceQueue

HEALTH_PER_TASK = 5
"""CR-R13 step 4: "The Complexity of the check equals the enemy's Health divided by 5"."""

MEMBER_KEYS = ("id", "health", "stamina", "mana", "consumables", "binding_crystals", "defeated")
Result = tuple[list[Event], State]


def complexity_of(health: int, config: Mapping[str, Any]) -> int:
    """CR-G23, P14: Health / 5 rounded up (`ceil`) or down, at least `montage_complexity_min`."""
    divide = dice.ceil_div if config["montage_complexity_rounding"] == "ceil" else dice.floor_div
    least: int = config["montage_complexity_min"]
    return max(least, divide(health, HEALTH_PER_TASK))


def montage_complexity(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-G23, CR-E10: an enemy's Complexity from its Health."""
    complexity = complexity_of(inp["health"], config)
    event = {"type": "complexity", "enemy": None, "health": inp["health"],
             "complexity": complexity}
    return ([event], {"complexity": complexity})


def summons(party: Sequence[dict[str, Any]], config: Mapping[str, Any]) -> list[Event]:
    """CR-R13 step 1, CR-G30: each character's first cryture is free, each more costs
    `montage_extra_summon_cost` Mana (taken from its Mana before anything else)."""
    events: list[Event] = []
    for member in (m for m in party if m["kind"] == "character"):
        crytures = [m["id"] for m in party if m["kind"] == "cryture"
                    and m["summoner"] == member["id"]]
        if not crytures:
            continue
        extra = len(crytures) - 1
        cost = extra * config["montage_extra_summon_cost"]
        member["mana"] -= cost
        events.append({"type": "summons", "summoner": member["id"], "crytures": crytures,
                       "extra": extra, "mana_spent": cost})
    return events


def spend(member: dict[str, Any]) -> tuple[int, Event | None]:
    """CR-R13 step 5, CR-G30: +3 dice per Stamina or Mana point and each consumable's
    `montage_dice`; the dice and the `spend` event (None when nothing is spent)."""
    plan = member["spend"]
    points = plan["stamina"] + plan["mana"]
    kinds = {c["id"]: c for c in member["consumables"]}
    bonus = 3 * points + sum(kinds[i]["montage_dice"] * n for i, n in plan["consumables"].items())
    member["stamina"] -= plan["stamina"]
    member["mana"] -= plan["mana"]
    member["consumables"] = [{**c, "count": c["count"] - plan["consumables"].get(c["id"], 0)}
                             for c in member["consumables"]]
    if not points and not plan["consumables"]:
        return (bonus, None)
    return (bonus, {"type": "spend", "member": member["id"], "stamina": plan["stamina"],
                    "mana": plan["mana"], "consumables": dict(plan["consumables"]),
                    "dice": bonus})


def type_situations(
    power: Mapping[str, Any], defender_types: Sequence[str], config: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """CR-R13 step 6, CR-G32: the weakness and resistance roll modifiers, the only ones."""
    if config["montage_roll_modifiers"] == "none":
        return []
    names = type_relation_of(power["type"], defender_types, config)["names"]
    return [{"situation": n, "modifier": 2 if n == "weak" else -2} for n in names]


def talent_check(
    member: dict[str, Any], enemy: Mapping[str, Any], config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[int, list[Event]]:
    """CR-R13 steps 4-6, CR-G24: the member's basic power as a Talent check against the enemy's
    difficulty stat; its successes (hits, and crit extra hits unless `hits_only`)."""
    power = member["power"]
    bonus, spent = spend(member)
    base = sum(member["stats"][name] for name in power["attack"]["pool_stats"])
    size = dice.pool_size(base, [bonus], config["pool_floor"])
    faces = queue.take_many(DIE, size)
    situations = type_situations(power, enemy["types"], config)
    roll_mod = sum(s["modifier"] for s in situations)
    difficulty = enemy["stats"][power["attack"]["difficulty_stat"]]
    found = evaluate(faces, roll_mod, difficulty, power["crit"]["extra_hits"], config)
    counted = config["montage_successes"] == "hits_and_crit_extra_hits"
    successes = found["total_hits"] if counted else found["hits"]
    event = {"type": "montage_roll", "member": member["id"], "enemy": enemy["id"], "base": base,
             "bonus_dice": bonus, "size": size, "faces": faces, "situations": situations,
             "roll_mod": roll_mod, "difficulty": difficulty, "results": found["results"],
             "hits": found["hits"], "crits": found["crits"], "successes": successes}
    return (successes, [e for e in (spent, event) if e is not None])


def per_failure(
    enemy: Mapping[str, Any], receiver: Mapping[str, Any], config: Mapping[str, Any]
) -> int:
    """CR-R13 step 7, CR-G26: the dice of the enemy's basic power, +2 if the receiver is weak to
    its type, -2 if it resists, at least `montage_damage_per_failure_min`."""
    power = enemy["power"]
    pool: int = sum(enemy["stats"][name] for name in power["attack"]["pool_stats"])
    modifier: int = type_relation_of(power["type"], receiver["types"], config)["modifier"]
    least: int = config["montage_damage_per_failure_min"]
    return max(least, pool + modifier)


def absorb(
    members: Sequence[dict[str, Any]], start: int, damage: int, config: Mapping[str, Any]
) -> list[Event]:
    """CR-G27 (`front_absorbs`): the front living member takes what it can before it is
    defeated, the excess goes to the next, and the last one takes the rest."""
    living = [m for m in members[start:] if not m["defeated"]]
    events: list[Event] = []
    left = damage
    for index, member in enumerate(living):
        last = index == len(living) - 1
        room = max(0, member["health"] - config["defeated_at_health"])
        taken = left if last else min(left, room)
        events += damage_target(member, taken, config)
        left -= taken
        if not left:
            break
    return events


def receivers(
    attackers: Sequence[int], unattacked_rank: int, members: Sequence[dict[str, Any]],
    config: Mapping[str, Any],
) -> list[int]:
    """CR-G25, CR-G27: the ranks an enemy's damage goes to: its frontmost attacker (or each),
    or, unattacked, rank k for the k-th unattacked enemy (`round_robin`) or the front living
    member (`front_absorbs`)."""
    if attackers:
        each = config["montage_shared_damage"] == "each_attacker"
        return list(attackers) if each else [attackers[0]]
    if config["montage_unattacked_assignment"] == "round_robin":
        return [unattacked_rank % len(members)]
    return [i for i, m in enumerate(members) if not m["defeated"]][:1]


def deal_damage(
    enemy: Mapping[str, Any], blow: tuple[int, Sequence[int], bool],
    members: list[dict[str, Any]], config: Mapping[str, Any],
) -> list[Event]:
    """CR-R13 steps 7-8, CR-G26: the enemy's failure damage on each receiving member. `blow`:
    the failures, the receiving ranks, and whether the front absorbs it (CR-G27)."""
    failures, ranks, absorbing = blow
    events: list[Event] = []
    for rank in ranks:
        each = per_failure(enemy, members[rank], config)
        damage = failures * each
        events.append({"type": "montage_damage", "enemy": enemy["id"],
                       "member": members[rank]["id"], "failures": failures,
                       "per_failure": each, "damage": damage})
        if absorbing:
            events += absorb(members, rank, damage, config)
        else:
            events += damage_target(members[rank], damage, config)
    return events


def outcome_of(remaining: int, complexity: int, bound: bool, config: Mapping[str, Any]) -> str:
    """CR-R13 step 9, CR-G28, CR-G29: bound, or routed with more than half the Complexity left,
    killed with less, `montage_half` at exactly half."""
    if bound:
        return "bound"
    if 2 * remaining > complexity:
        return "routed"
    if 2 * remaining < complexity:
        return "killed"
    return str(config["montage_half"])


def battle_montage(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R13, CR-G23, CR-G24, CR-G25, CR-G26, CR-G27, CR-G28, CR-G29, CR-G30, CR-G31,
    CR-G32, CR-E10: the party in ranks against the enemies, steps 1 to 9."""
    # Each member's own dict: the steps set its fields, never change a value in place.
    party: list[dict[str, Any]] = [dict(m) for m in inp["party"]]
    enemies: list[Mapping[str, Any]] = inp["enemies"]
    check_montage(party, enemies, config)
    events = summons(party, config)
    events.append({"type": "ranks", "ranks": [m["id"] for m in party]})
    complexity = {e["id"]: complexity_of(e["health"], config) for e in enemies}
    events += [{"type": "complexity", "enemy": e["id"], "health": e["health"],
                "complexity": complexity[e["id"]]} for e in enemies]
    events += [{"type": "square_up", "member": m["id"], "enemy": m["target"]} for m in party]
    by_enemy = {e["id"]: e for e in enemies}
    successes = {e["id"]: 0 for e in enemies}
    for member in party:
        got, rolled = talent_check(member, by_enemy[member["target"]], config, queue)
        successes[member["target"]] += got
        events += rolled
    failures = {e["id"]: max(0, complexity[e["id"]] - successes[e["id"]]) for e in enemies}
    events += [{"type": "tasks", "enemy": e["id"], "complexity": complexity[e["id"]],
                "successes": successes[e["id"]], "failures": failures[e["id"]],
                "attacked_by": [m["id"] for m in party if m["target"] == e["id"]]}
               for e in enemies]
    members = [{**m, "defeated": False} for m in party]
    events += damage_phase(enemies, failures, members, config)
    outcomes, closing = bindings_and_outcomes(enemies, (complexity, failures), members, config)
    state = {"party": [{k: m[k] for k in MEMBER_KEYS} for m in members],
             "enemies": [{"id": e["id"], "complexity": complexity[e["id"]],
                          "successes": successes[e["id"]], "failures": failures[e["id"]],
                          "outcome": outcomes[e["id"]]} for e in enemies]}
    return ([*events, *closing], state)


def damage_phase(
    enemies: Sequence[Mapping[str, Any]], failures: Mapping[str, int],
    members: list[dict[str, Any]], config: Mapping[str, Any],
) -> list[Event]:
    """CR-R13 steps 7-8, CR-G25, CR-G27: every enemy with failed tasks deals its damage, in
    input order; an unattacked one fails all its tasks."""
    events: list[Event] = []
    unattacked = 0
    absorbing = config["montage_unattacked_assignment"] == "front_absorbs"
    for enemy in enemies:
        attackers = [i for i, m in enumerate(members) if m["target"] == enemy["id"]]
        rank = unattacked
        if not attackers:
            unattacked += 1
        if failures[enemy["id"]]:
            ranks = receivers(attackers, rank, members, config)
            blow = (failures[enemy["id"]], ranks, absorbing and not attackers)
            events += deal_damage(enemy, blow, members, config)
    return events


def bindings_and_outcomes(
    enemies: Sequence[Mapping[str, Any]], tallies: tuple[Mapping[str, int], Mapping[str, int]],
    members: list[dict[str, Any]], config: Mapping[str, Any],
) -> tuple[dict[str, str], list[Event]]:
    """CR-R13 step 9, CR-G29: each binding (one crystal, consumed per
    `binding_crystal_consumed`) succeeds iff all of the cryture's tasks were successful; then
    each enemy is bound, routed or killed."""
    complexity, failures = tallies
    outcomes: dict[str, str] = {}
    events: list[Event] = []
    for enemy in enemies:
        ident = enemy["id"]
        binders = [m for m in members if m["target"] == ident and m["bind"]]
        bound = bool(binders) and failures[ident] == 0
        for member in binders:
            events.append({"type": "binding", "member": member["id"], "enemy": ident,
                           "bound": bound})
            if bound or config["binding_crystal_consumed"] == "always":
                member["binding_crystals"] -= 1
        outcomes[ident] = outcome_of(failures[ident], complexity[ident], bound, config)
        events.append({"type": "outcome", "enemy": ident, "remaining": failures[ident],
                       "complexity": complexity[ident], "outcome": outcomes[ident]})
    return (outcomes, events)


RULES = {"montage_complexity": montage_complexity, "battle_montage": battle_montage}
