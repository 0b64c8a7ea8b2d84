"""Print the exact-odds engine's times beside icepool and dyce, for every pool the shipped
content can produce (and the issue's anchor, 100 d10 with 1s cancelling).

    python -m benchmarks.odds            # 25 rounds
    python -m benchmarks.odds 60         # more rounds
    python -m benchmarks.odds 1 --skip-balance   # one round, no balance report (the test's)

Each pool is asked of four contestants in the same run, in turn, round after round (the order
rotates each round; each round visits every pool), and each time is the median of its rounds, in
microseconds; `x icepool` and `x dyce` are the medians of the rounds' ratios (a contestant's time
over compose's in the same round):

- `compose`: the engine's exact pool composition (`exact.pool_scores`, one Kronecker power), the
  distribution of the pool's score (successes, or successes less 1s; a Hazard Die joined to it);
- `icepool`, `dyce`: the same distribution of the same score in each library;
- `query`: the whole odds query through the ruleset's own rule (the pool composed, its branches'
  faces built, the rule run once per distinct pool outcome), every cache cleared first.

Targets (issue 16): for every pool, `compose` at or below dyce (x dyce >= 1) and at least 50x
faster than icepool (x icepool >= 50). `query` is what an odds query pays on top to take its
outcomes from the engine's rule.
Last, `rulepack balance` on the shipped content, whole process (target: under 10 s).
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import dyce
import icepool

from compiler.odds.content import OddsError, answer, library
from compiler.odds.registry import matchups_of
from compiler.pipeline import load_content
from compiler.rules import enumeration, exact
from compiler.rules.crytures import odds as cr_odds
from compiler.rules.danger_room import damage
from compiler.rules.danger_room import odds as dr_odds
from compiler.rules.danger_room.saves import save_pool_size
from compiler.rules.dice import pool_size
from compiler.rules.hazard_location import attack_odds, pools
from compiler.rules.hazard_location import odds as hz_odds

REPO = Path(__file__).resolve().parents[1]
ROUNDS = 25
BATCH_S = 0.002
Call = Callable[[], object]
FUMBLE = [(-1, 1), (0, 4), (1, 5)]


@dataclass(frozen=True)
class Pool:
    """One pool mechanic at one size, and how each contestant computes its distribution."""

    name: str
    size: int
    calls: dict[str, Call]


def _fold(items: Any, key: Callable[[Any], Any]) -> dict[Any, int]:
    found: dict[Any, int] = {}
    for outcome, count in items:
        found[key(outcome)] = found.get(key(outcome), 0) + count
    return found


def d10_pool(size: int, fumbling: bool) -> Pool:
    """DR-R04/R05: a d10 pool counting 6+, each 1 cancelling one when Fumbling."""
    params = {"fighter": "x", "count": size, "fumbling": fumbling, "boost": 0, "luck": 0}
    kernel = FUMBLE if fumbling else [(0, 5), (1, 5)]
    return Pool("d10 6+, 1s cancel" if fumbling else "d10 6+", size, {
        "compose": lambda: exact.pool_scores(size, kernel),
        "icepool": lambda: size @ icepool.Die(dict(kernel)),
        "dyce": lambda: dict((size @ dyce.H(dict(kernel))).items()),
        "query": lambda: dr_odds.pool_roll_odds(params, {}),
    })


def _joined(rest: Any) -> dict[tuple[int, bool], int]:
    """A Hazard Die (a 1 is a Mishap, 5+ a success) joined to the rest's successes."""
    found: dict[tuple[int, bool], int] = {}
    for total, ways in rest:
        for (success, mishap), weight in HAZARD_DIE:
            key = (total + success, mishap)
            found[key] = found.get(key, 0) + ways * weight
    return found


HAZARD_DIE = [((0, True), 1), ((0, False), 3), ((1, False), 2)]


def hazard_pool(size: int) -> Pool:
    """HZ-R02, HZ-G01, HZ-G03: a d6 Test counting 5+, its first die the Hazard Die (1: Mishap)."""
    first = icepool.Die({outcome: weight for outcome, weight in HAZARD_DIE})
    rest = [(0, 4), (1, 2)]
    return Pool("d6 5+, Hazard Die", size, {
        "compose": lambda: _joined(exact.pool_scores(size - 1, rest).items()),
        "icepool": lambda: icepool.map(lambda h, r: (h[0] + r, h[1]), first,
                                       (size - 1) @ icepool.Die(dict(rest))),
        "dyce": lambda: _joined((max(size - 1, 0) @ dyce.H(dict(rest))).items()),
        "query": lambda: hz_odds.hazard_test_odds({"base": size, "die_mods": []}, {}),
    })


def armor_pool(size: int) -> Pool:
    """HZ-R28: an Armor Roll of Effective AV d6, each 6 stopping 1 damage."""
    piece = {"id": "plate", "max_av": size, "current_av": size, "layer": 1,
             "coverage": [{"location": "torso", "percent": 100}]}
    params = {"armor": [piece], "cover": None, "location": "torso", "pen": 0, "damage": size}
    sixes = [(0, 5), (1, 1)]
    return Pool("d6 Armor Roll, 6s", size, {
        "compose": lambda: exact.pool_scores(size, sixes),
        "icepool": lambda: size @ icepool.Die(dict(sixes)),
        "dyce": lambda: dict((size @ dyce.H(dict(sixes))).items()),
        "query": lambda: hz_odds.armor_roll_odds(params, {}),
    })


def crytures_kernel(needed: int, extra: int) -> list[tuple[int, int]]:
    """CR-R07, CR-R08, CR-G01, CR-G02 (defaults): a d10's total hits: a hit when the face plus
    the roll modifier meets the difficulty (the face is at least `needed`), a natural 10 that
    hits adds `extra` hits."""
    found: dict[int, int] = {}
    for face in range(1, 11):
        hit = face >= needed
        score = int(hit) + (extra if hit and face == 10 else 0)
        found[score] = found.get(score, 0) + 1
    return sorted(found.items())


def crytures_pool(size: int, needed: int, extra: int) -> Pool:
    """CR-R07, CR-R08: a d10 attack pool's total hits, each face of `needed` or more a hit."""
    kernel = crytures_kernel(needed, extra)
    params = {"pool": size, "die_mods": [], "roll_mod": 0, "difficulty": needed,
              "crit_extra_hits": extra}
    name = f"d10 {needed}+, 10s +{extra}"
    return Pool(name, size, {
        "compose": lambda: exact.pool_scores(size, kernel),
        "icepool": lambda: size @ icepool.Die(dict(kernel)),
        "dyce": lambda: dict((size @ dyce.H(dict(kernel))).items()),
        "query": lambda: cr_odds.attack_roll_odds(params, {}),
    })


Sizes = dict[str, set[Any]]


@cache
def shipped_sizes() -> Sizes:
    """The pools the shipped content produces, by mechanic: every card, weapon or power against
    every fighter (damage pools, save pools, Tests, Armor Rolls, attack pools). Read once."""
    sizes: Sizes = {"d10": set(), "test": set(), "armor": set(), "crytures": set()}
    for ruleset in load_content(REPO / "content").rulesets:
        module = matchups_of(ruleset.engine)
        if module is None:
            continue
        lib = library(ruleset)
        fighters = sorted(d.key for d in ruleset.of_kind("fighter"))
        for kind in module.ATTACKS:
            for item in sorted(d.key for d in ruleset.of_kind(kind)):
                for target in fighters:
                    _sizes(ruleset, lib, {"item": item, "target": target}, sizes)
    return sizes


def _sizes(ruleset: Any, lib: Any, choice: dict[str, Any], sizes: Sizes) -> None:
    try:
        asked = answer(ruleset, choice, lib)
    except OddsError:  # an item nobody carries, one that deals no damage, its own target
        return
    if asked.query not in SIZERS:
        raise SystemExit(f"{ruleset.engine}: the benchmark does not know the pools of the "
                         f"{asked.query!r} query; add them to SIZERS")
    merged = enumeration.resolved(ruleset.engine, asked.query, asked.config)[2]
    SIZERS[asked.query](asked, merged, sizes)


def _danger_room_sizes(asked: Any, merged: Any, sizes: Sizes) -> None:
    """DR-R04, DR-R19: the damage pool of a card on its target, and its save pool."""
    request = asked.params["request"]
    fighters = asked.params["state"]["fighters"]
    attacker, target = fighters[request["attacker"]], fighters[request["target"]]
    parts = damage.pool_parts(attacker, target, request["card"], request, merged)
    sizes["d10"].add(parts["size"])
    if request["card"]["save"] is not None:
        sizes["d10"].add(save_pool_size(target, "agility", False, merged))


def _hazard_sizes(asked: Any, merged: Any, sizes: Sizes) -> None:
    """HZ-R02, HZ-R13, HZ-R28: the attacker's Test (range dice included), the defender's, and
    the Armor Roll at each location of the defender (and of the attacker, for a riposte)."""
    atk = attack_odds.read_attack_input(asked.params, merged)
    range_dice = 0
    if atk["mode"] == "ranged":
        range_dice = pools.range_check(atk)[1] or 0
    sizes["test"].add(pools.attack_pool(atk, range_dice, merged)[1])
    if atk["defence"] is not None:
        sizes["test"].add(pools.defence_pool_event(atk, atk["defence"], merged)[1])
        riposte = atk["defence"].get("weapon_item")
        if riposte is not None:
            sizes["armor"] |= armour_sizes(atk["attacker"]["armor"], riposte["pen"])
    sizes["armor"] |= armour_sizes(atk["defender"]["armor"], atk["weapon"]["pen"])


def armour_sizes(pieces: Any, pen: int) -> set[int]:
    """HZ-R18, HZ-R28: every Effective AV an Armor Roll can have at any location: the pieces
    over it (each partial piece covering it or not) less PEN, at least 0."""
    found: set[int] = set()
    locations = {c["location"] for piece in pieces for c in piece["coverage"]}
    for location in locations:
        totals = {0}
        for piece in pieces:
            share = next((c["percent"] for c in piece["coverage"]
                          if c["location"] == location), 0)
            if share:
                covered = {t + piece["current_av"] for t in totals}
                totals = covered if share >= 100 else totals | covered
        found |= {max(0, total - pen) for total in totals}
    return found


def _crytures_sizes(asked: Any, merged: Any, sizes: Sizes) -> None:
    """CR-R07, CR-R10: the power's attack pool as each target reads it (difficulty, roll
    modifier), the readings the rule's own `hits` events name."""
    params = asked.params
    user = next(c for c in params["combatants"] if c["id"] == params["user"])
    power = params["power"]
    base = sum(user["stats"][name] for name in power["attack"]["pool_stats"])
    size = pool_size(base, params["die_mods"], merged["pool_floor"])
    for outcome in asked.dist.outcomes.values():
        for read in outcome["reads"]:
            needed = read["difficulty"] - read["roll_mod"]  # a face at least this hits
            sizes["crytures"].add((size, needed, power["crit"]["extra_hits"]))


SIZERS: dict[str, Callable[[Any, Any, Sizes], None]] = {
    "resolve_hit": _danger_room_sizes,
    "attack": _hazard_sizes,
    "use_power": _crytures_sizes,
}
"""Each ruleset's matchup query, by name, and how to read the pools it rolls."""


def as_fractions(result: Any) -> dict[Any, Fraction]:
    """A contestant's distribution (outcome -> weight, or an icepool Die) as probabilities."""
    pairs = list(result.items())
    total = sum(weight for _, weight in pairs)
    return {outcome: Fraction(weight, total) for outcome, weight in pairs if weight}


def agree(pool: Pool) -> None:
    """The three compositions give the same distribution (else the race compares nothing)."""
    found = {name: as_fractions(pool.calls[name]()) for name in ("compose", "icepool", "dyce")}
    if not found["compose"] == found["icepool"] == found["dyce"]:
        raise SystemExit(f"{pool.name}, {pool.size} dice: the contestants disagree: {found}")


def clear_caches() -> None:
    """Nothing an earlier call computed is reused (the pool branches' cache, resolved configs)."""
    enumeration.forget()


def batch(call: Call) -> int:
    """How many calls make one timed batch of about BATCH_S (a fast call is timed in bulk, so
    the clock's own cost does not count), calibrated on warm calls: a single cold call gave the
    3-die pools 76-call batches in which the warm-up after the other contestants weighed 5.4 us
    per call against 2.4 us for the same call under timeit in the same process."""
    warm = []
    for _ in range(5):
        clear_caches()
        start = time.perf_counter()
        call()
        warm.append(time.perf_counter() - start)
    once = max(statistics.median(warm), 1e-7)
    return max(1, min(2000, int(BATCH_S / once)))


def timed(call: Call, reps: int) -> float:
    """Seconds per call over one batch of `reps` calls, every cache cleared before each, with
    the garbage collector off during the batch (as `timeit` does): the same allocations every
    round made a collection land in the same contestant's call each round. One untimed call
    first, for every contestant alike, so the batch does not start cold from its neighbour."""
    clear_caches()
    call()
    total = 0.0
    gc.collect()
    gc.disable()
    try:
        for _ in range(reps):
            clear_caches()
            start = time.perf_counter()
            call()
            total += time.perf_counter() - start
    finally:
        gc.enable()
    return total / reps


@dataclass(frozen=True)
class Figures:
    """One pool's race: median microseconds per contestant, and the medians of the per-round
    ratios (icepool's time over compose's, dyce's over compose's: each round's contestants ran
    side by side, so a burst of load on the shared machine weighs on both)."""

    times: dict[str, float]
    x_icepool: float
    x_dyce: float

    @property
    def met(self) -> bool:
        """Issue 16's targets: at or below dyce, and at least 50 times faster than icepool."""
        return self.x_dyce >= 1 and self.x_icepool >= 50


def race(pools: list[Pool], rounds: int) -> list[Figures]:
    """Every pool's figures. Each round visits every pool in turn (a burst of load is spread
    over the pools, not spent on one), its contestants taking turns (the order rotates)."""
    reps = [{name: batch(call) for name, call in pool.calls.items()} for pool in pools]
    times: list[dict[str, list[float]]] = [{name: [] for name in pool.calls} for pool in pools]
    for round_number in range(rounds):
        for pool, rep, found in zip(pools, reps, times, strict=True):
            names = list(pool.calls)
            shift = round_number % len(names)
            for name in names[shift:] + names[:shift]:
                found[name].append(timed(pool.calls[name], rep[name]))
    return [Figures({name: statistics.median(v) * 1e6 for name, v in found.items()},
                    _ratio(found["icepool"], found["compose"]),
                    _ratio(found["dyce"], found["compose"])) for found in times]


def _ratio(slow: list[float], fast: list[float]) -> float:
    return statistics.median(a / b for a, b in zip(slow, fast, strict=True))


def pools_to_race() -> list[Pool]:
    sizes = shipped_sizes()
    found = [p for n in sorted(sizes["d10"]) for p in (d10_pool(n, False), d10_pool(n, True))]
    found += [hazard_pool(n) for n in sorted(sizes["test"]) if n > 0]
    found += [armor_pool(n) for n in sorted(sizes["armor"]) if n > 0]
    found += [crytures_pool(*key) for key in sorted(sizes["crytures"]) if key[0] > 0]
    return [*found, d10_pool(100, True)]


def balance_seconds(runs: int = 3) -> float:
    """Median wall seconds of `rulepack balance` on the shipped content, a process per run."""
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "compiler", "balance", "--content",
                            str(REPO / "content"), "--out", f"{scratch}/balance.html"],
                           check=True, cwd=REPO, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    numbers = [arg for arg in argv if arg != "--skip-balance"]
    rounds = int(numbers[0]) if numbers else ROUNDS
    print(f"exact odds, median of {rounds} alternating rounds, microseconds per distribution;")
    print("x icepool, x dyce: the median of the rounds' ratios (their time over compose's)")
    print(f"{'pool':<22}{'n':>4}{'compose':>10}{'query':>10}{'icepool':>10}{'dyce':>10}"
          f"{'x icepool':>11}{'x dyce':>8}  target")
    pools = pools_to_race()
    for pool in pools:
        agree(pool)
    found = race(pools, rounds)
    for pool, figures in zip(pools, found, strict=True):
        t = figures.times
        print(f"{pool.name:<22}{pool.size:>4}{t['compose']:>10.1f}{t['query']:>10.0f}"
              f"{t['icepool']:>10.0f}{t['dyce']:>10.0f}{figures.x_icepool:>10.0f}x"
              f"{figures.x_dyce:>7.1f}x  {'met' if figures.met else 'MISSED'}")
    missed = sum(not figures.met for figures in found)
    print(f"targets (compose <= dyce and >= 50x faster than icepool): "
          f"{'all met' if not missed else f'{missed} missed'}")
    if "--skip-balance" not in argv:
        seconds = balance_seconds()
        print(f"rulepack balance on the shipped content: {seconds:.1f} s (median of 3; target "
              f"< 10 s: {'met' if seconds < 10 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
