"""Print the exact-odds engine's times beside icepool and dyce, for every pool the shipped
content can produce (and the issue's anchor, 100 d10 with 1s cancelling).

    python -m benchmarks.odds            # 25 rounds
    python -m benchmarks.odds 60         # more rounds

Each pool is asked of four contestants in the same run, in turn, round after round (the order
rotates each round), and each figure is the median of its rounds, in microseconds:

- `compose`: the engine's exact pool composition (`exact.pool_scores`, one Kronecker power), the
  distribution of the pool's score (successes, or successes less 1s; a Hazard Die joined to it);
- `icepool`, `dyce`: the same distribution of the same score in each library;
- `query`: the whole odds query through the ruleset's own rule (the pool composed, its branches'
  faces built, the rule run once per distinct pool outcome), every cache cleared first.

Targets (issue 16): for every pool, `compose` at or below dyce and at least 50x faster than
icepool. `query` is what an odds query pays on top to take its outcomes from the engine's rule.
Last, `rulepack balance` on the shipped content, whole process (target: under 10 s).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dyce
import icepool

from compiler.odds.content import answer, library
from compiler.odds.registry import matchups_of
from compiler.pipeline import load_content
from compiler.rules import enumeration, exact
from compiler.rules.danger_room import damage
from compiler.rules.danger_room import odds as dr_odds
from compiler.rules.danger_room.saves import save_pool_size
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


def shipped_sizes() -> dict[str, set[int]]:
    """The pool sizes the shipped content produces, by mechanic: every card or weapon against
    every fighter (damage pools, save pools), every Test and Armor Roll of every matchup."""
    sizes: dict[str, set[int]] = {"d10": set(), "test": set(), "armor": set()}
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


def _sizes(ruleset: Any, lib: Any, choice: dict[str, Any], sizes: dict[str, set[int]]) -> None:
    try:
        asked = answer(ruleset, choice, lib)
    except Exception:  # an item nobody carries, or one that deals no damage
        return
    params, config = asked.params, asked.config
    merged = enumeration.resolved(ruleset.engine, asked.query, config)[2]
    if asked.query == "resolve_hit":
        request = params["request"]
        fighters = params["state"]["fighters"]
        attacker, target = fighters[request["attacker"]], fighters[request["target"]]
        parts = damage.pool_parts(attacker, target, request["card"], request, merged)
        sizes["d10"].add(parts["size"])
        save = request["card"]["save"]
        if save is not None:
            sizes["d10"].add(save_pool_size(target, "agility", False, merged))
    else:
        atk = attack_odds.read_attack_input(params, merged)
        _, size = pools.attack_pool(atk, 0, merged)
        sizes["test"].add(size)
        for piece_av in (sum(p["current_av"] for p in atk["defender"]["armor"]),):
            sizes["armor"].add(max(0, piece_av - atk["weapon"]["pen"]))


def clear_caches() -> None:
    """Nothing an earlier call computed is reused (the pool branches' cache, resolved configs)."""
    enumeration.forget()


def batch(call: Call) -> int:
    """How many calls make one timed batch of about BATCH_S (a fast call is timed in bulk, so
    the clock's own cost does not count)."""
    clear_caches()
    start = time.perf_counter()
    call()
    once = max(time.perf_counter() - start, 1e-7)
    return max(1, min(1000, int(BATCH_S / once)))


def timed(call: Call, reps: int) -> float:
    """Seconds per call over one batch of `reps` calls, every cache cleared before each."""
    total = 0.0
    for _ in range(reps):
        clear_caches()
        start = time.perf_counter()
        call()
        total += time.perf_counter() - start
    return total / reps


def race(pool: Pool, rounds: int) -> dict[str, float]:
    """Median microseconds per contestant, the contestants taking turns each round."""
    names = list(pool.calls)
    reps = {name: batch(pool.calls[name]) for name in names}
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_number in range(rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(timed(pool.calls[name], reps[name]))
    return {name: statistics.median(values) * 1e6 for name, values in times.items()}


def pools_to_race() -> list[Pool]:
    sizes = shipped_sizes()
    found = [p for n in sorted(sizes["d10"]) for p in (d10_pool(n, False), d10_pool(n, True))]
    found += [hazard_pool(n) for n in sorted(sizes["test"]) if n > 0]
    found += [armor_pool(n) for n in sorted(sizes["armor"]) if n > 0]
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
    rounds = int(argv[0]) if argv else ROUNDS
    print(f"exact odds, median of {rounds} alternating rounds, microseconds per distribution")
    print(f"{'pool':<22}{'n':>4}{'compose':>10}{'query':>10}{'icepool':>10}{'dyce':>10}"
          f"{'x icepool':>11}  target")
    missed = 0
    for pool in pools_to_race():
        figures = race(pool, rounds)
        speedup = figures["icepool"] / figures["compose"]
        met = figures["compose"] <= figures["dyce"] and speedup >= 50
        missed += not met
        print(f"{pool.name:<22}{pool.size:>4}{figures['compose']:>10.1f}{figures['query']:>10.0f}"
              f"{figures['icepool']:>10.0f}{figures['dyce']:>10.0f}{speedup:>10.0f}x  "
              f"{'met' if met else 'MISSED'}")
    print(f"targets (compose <= dyce and >= 50x faster than icepool): "
          f"{'all met' if not missed else f'{missed} missed'}")
    seconds = balance_seconds()
    print(f"rulepack balance on the shipped content: {seconds:.1f} s (median of 3; target < 10 s:"
          f" {'met' if seconds < 10 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
