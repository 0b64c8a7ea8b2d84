"""Whole fights: how many rounds until someone is down, exactly where the state space allows.

A fight is two matchups (each side's item against the other) or one (a target that never
strikes back: "rounds to down"). Each round the ruleset's `matchups.order` gives the acting
phases (drawn each round, or once per fight: its `ORDER_PER`); in a phase everyone able to act
(`acts`, judged at the phase's start, so a tie group all acts, HZ-G16) attacks in turn, each
attack being the ruleset's own odds query on the fighters as the fight has left them
(`restate`, `after`); then `new_round` carries the records on.

`exact`: dynamic programming over the fighters' states, every probability an exact fraction,
up to `rounds` (what is still undecided then is reported, exactly). When more distinct states
turn up than `states` allows, the same fight is played `samples` times by a seeded Monte Carlo
whose every attack runs the ruleset's rule with random faces (`outcome_call`); its figures come
with a 95% interval (Wilson for a probability, the normal one for the mean).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any

from compiler.odds.registry import adapter, matchups_of, queries_of
from compiler.rules.exact import Dist, outcome_list
from compiler.rules.odds import run_query
from compiler.rules.queue import DiceQueue, Die, face_range
from compiler.rules.shapes import canonical_json

ROUNDS = 30
STATES = 80
SAMPLES = 400
SEED = 16
Z95 = 1.96
State = dict[str, Any]


_ORDERS: dict[int, tuple[Any, list[tuple[list[list[str]], Fraction]]]] = {}


class TooManyStates(Exception):
    """The exact fight would visit more distinct states than allowed."""


@dataclass(frozen=True)
class Fight:
    """A fight's figures. `ends[r]` is P(the fight ends in round r + 1) and `downs[name]`
    P(that fighter is down when it ends); exact fractions by dynamic programming, estimates
    (with `error`, the 95% half-width) by Monte Carlo."""

    method: str  # "exact" or "monte_carlo"
    names: tuple[str, ...]
    ends: tuple[Fraction, ...]
    downs: Mapping[str, Fraction]
    undecided: Fraction
    mean_rounds: Fraction | None  # given that it ended within the rounds
    error: Mapping[str, float]
    samples: int
    seed: int | None


class RandomQueue(DiceQueue):
    """C1: a dice queue drawing each face at random from a seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__([])
        self.rng = rng

    def take(self, die: Die) -> int:
        lo, hi = face_range(die)
        return self.rng.randint(lo, hi)

    def remaining(self) -> int:
        return 0

    def finish(self) -> None:
        """Nothing is ever left over."""


@dataclass(frozen=True)
class Setup:
    """What a fight needs: the ruleset's matchups module and each attacker's query."""

    module: ModuleType
    engine: str
    sides: Mapping[str, Mapping[str, Any]]  # attacker id -> its matchup query
    start: State

    @staticmethod
    def of(engine: str, asked: Sequence[Mapping[str, Any]]) -> Setup:
        module = matchups_of(engine)
        if module is None:
            raise ValueError(f"ruleset {engine} has no matchups")
        pairs = [module.sides(a) for a in asked]
        start = {f["id"]: f for pair in pairs for f in reversed(pair)}
        return Setup(module, engine, {pair[0]["id"]: a for pair, a in zip(pairs, asked,
                                                                          strict=True)}, start)

    def orders(self) -> list[tuple[list[list[str]], Fraction]]:
        """The acting orders and their probabilities (the same every round: worked out once)."""
        key = id(self)
        if key not in _ORDERS or _ORDERS[key][0] is not self:
            _ORDERS.clear()
            _ORDERS[key] = (self, self._orders())
        return _ORDERS[key][1]

    def _orders(self) -> list[tuple[list[list[str]], Fraction]]:
        found = list(self.sides.values())
        if len(found) == 1:
            return [([[self.module.sides(found[0])[0]["id"]]], Fraction(1))]
        pairs = self.module.order(found[0], found[1])
        total = sum(weight for _, weight in pairs)
        return [(phases, Fraction(weight, total)) for phases, weight in pairs]

    def ended(self, state: State) -> bool:
        return any(self.module.down(fighter) for fighter in state.values())

    def apply(self, state: State, asked: Mapping[str, Any], outcome: Any) -> State:
        attacker, target = self.module.after(asked, outcome)
        return {**state, attacker["id"]: attacker, target["id"]: target}

    def fresh(self, state: State, actor: str) -> Mapping[str, Any]:
        other = next(name for name in state if name != actor)
        fresh: Mapping[str, Any] = self.module.restate(self.sides[actor], state[actor],
                                                       state[other])
        return fresh


Keyed = tuple[str, State]
KeyedSpread = list[tuple[str, State, Fraction]]


def keyed(state: State) -> Keyed:
    """A state with its canonical JSON (worked out once, when the state is made)."""
    return (canonical_json(state), state)


def _merge(items: KeyedSpread) -> KeyedSpread:
    found: dict[str, tuple[str, State, Fraction]] = {}
    for key, state, p in items:
        found[key] = (key, state, found[key][2] + p) if key in found else (key, state, p)
    return list(found.values())


def query_key(asked: Mapping[str, Any]) -> str:
    """A query's identity (its name, params and config, canonical JSON): a fight given a
    distribution under this key (`known`) does not compute it again."""
    return canonical_json([asked["query"], asked["params"], asked["config"]])


class _Exact:
    """One step of the dynamic programme: a state's distribution after a round."""

    def __init__(self, setup: Setup, known: Mapping[str, Dist] | None = None) -> None:
        self.setup = setup
        self.attacks: dict[tuple[str, str], KeyedSpread] = {}
        self.rounds: dict[tuple[str, str], KeyedSpread] = {}
        self.queries: dict[str, Dist] = dict(known or {})

    def query(self, asked: Mapping[str, Any]) -> Dist:
        """The query's distribution, once per distinct query (a ruleset's `restate` may give
        several states of a fight the same query, e.g. when it keeps a field such as Health out of
        the query)."""
        memo = query_key(asked)
        if memo not in self.queries:
            self.queries[memo] = run_query(queries_of(self.setup.engine), asked["query"],
                                           asked["params"], asked["config"])
        return self.queries[memo]

    def attack(self, key: str, state: State, actor: str) -> KeyedSpread:
        if (actor, key) not in self.attacks:
            asked = self.setup.fresh(state, actor)
            dist = self.query(asked)
            self.attacks[actor, key] = _merge([
                (*keyed(self.setup.apply(state, asked, o)), Fraction(w, dist.total))
                for o, w in outcome_list(dist)])
        return self.attacks[actor, key]

    def round(self, key: str, state: State, phases: Sequence[Sequence[str]]) -> KeyedSpread:
        memo = (canonical_json(phases), key)
        if memo in self.rounds:
            return self.rounds[memo]
        spread: KeyedSpread = [(key, state, Fraction(1))]
        for actors in phases:
            spread = _merge([item for k, s, p in spread for item in self.phase(k, s, p, actors)])
        carry = self.setup.module.new_round
        self.rounds[memo] = _merge([(*keyed({n: carry(f) for n, f in s.items()}), p)
                                    for _, s, p in spread])
        return self.rounds[memo]

    def phase(self, key: str, state: State, p: Fraction, actors: Sequence[str]) -> KeyedSpread:
        ready = [a for a in actors if self.setup.module.acts(state[a])]
        spread: KeyedSpread = [(key, state, p)]
        for actor in ready:
            spread = [(k2, t, q * r) for k, s, q in spread
                      for k2, t, r in self.attack(k, s, actor)]
        return spread


def _orders(setup: Setup, fixed: list[list[str]] | None) -> list[tuple[list[list[str]],
                                                                     Fraction]]:
    """This round's acting orders: the fight's own when drawn once per fight."""
    return setup.orders() if fixed is None else [(fixed, Fraction(1))]


def exact_fight(setup: Setup, rounds: int = ROUNDS, states: int = STATES,
                known: Mapping[str, Dist] | None = None) -> Fight:
    """The fight by dynamic programming over the fighters' states (exact fractions); `known`:
    distributions already computed, by `query_key`."""
    machine = _Exact(setup, known)
    per_fight = setup.module.ORDER_PER == "fight"
    names = tuple(sorted(setup.start))
    ends = [Fraction(0)] * rounds
    downs = dict.fromkeys(names, Fraction(0))
    seen: set[str] = set()
    drawn: list[tuple[list[list[str]] | None, Fraction]] = (
        list(setup.orders()) if per_fight else [(None, Fraction(1))])
    for phases, chance in drawn:
        live: KeyedSpread = [(*keyed(setup.start), chance)]
        for number in range(rounds):
            step: KeyedSpread = []
            for key, state, p in live:
                for order, q in _orders(setup, phases):
                    step += [(k, s, p * q * r) for k, s, r in machine.round(key, state, order)]
            live = []
            for key, state, p in _merge(step):
                seen.add(key)
                if setup.ended(state):
                    ends[number] += p
                    for name in names:
                        downs[name] += p if setup.module.down(state[name]) else 0
                else:
                    live.append((key, state, p))
            if len(seen) > states:
                raise TooManyStates()
    done = sum(ends, Fraction(0))
    mean = sum((Fraction(i + 1) * p for i, p in enumerate(ends)), Fraction(0)) / done \
        if done else None
    return Fight("exact", names, tuple(ends), downs, 1 - done, mean, {}, 0, None)


def monte_carlo(setup: Setup, rounds: int = ROUNDS, samples: int = SAMPLES,
                seed: int = SEED) -> Fight:
    """The fight played `samples` times, every attack the ruleset's rule on random faces."""
    rng = random.Random(seed)
    module = adapter(setup.engine)
    assert module is not None
    names = tuple(sorted(setup.start))
    counts = [0] * rounds
    downs = dict.fromkeys(names, 0)
    per_fight = setup.module.ORDER_PER == "fight"
    for _ in range(samples):
        state = dict(setup.start)
        phases = _pick(rng, setup.orders())
        for number in range(rounds):
            state = _sample_round(setup, module, rng, state,
                                  phases if per_fight else _pick(rng, setup.orders()))
            if setup.ended(state):
                counts[number] += 1
                for name in names:
                    downs[name] += int(setup.module.down(state[name]))
                break
    done = sum(counts)
    mean = Fraction(sum((i + 1) * c for i, c in enumerate(counts)), done) if done else None
    spread = [((i + 1) - float(mean)) ** 2 * c for i, c in enumerate(counts)] if mean else []
    sd = math.sqrt(sum(spread) / max(done - 1, 1)) if mean else 0.0
    error = {"mean_rounds": Z95 * sd / math.sqrt(max(done, 1))}
    error |= {name: wilson(downs[name], samples) for name in names}
    return Fight("monte_carlo", names, tuple(Fraction(c, samples) for c in counts),
                 {name: Fraction(downs[name], samples) for name in names},
                 Fraction(samples - done, samples), mean, error, samples, seed)


def wilson(hits: int, n: int) -> float:
    """The half-width of the 95% Wilson interval of a proportion hits / n."""
    if n == 0:
        return 1.0
    p = hits / n
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    return spread / (1 + Z95 * Z95 / n)


def _pick(rng: random.Random, orders: Sequence[tuple[Any, Fraction]]) -> Any:
    roll = Fraction(rng.randrange(10**9), 10**9)
    for phases, chance in orders:
        if roll < chance:
            return phases
        roll -= chance
    return orders[-1][0]


def _sample_round(setup: Setup, module: ModuleType, rng: random.Random, state: State,
                  phases: Sequence[Sequence[str]]) -> State:
    for actors in phases:
        ready = [a for a in actors if setup.module.acts(state[a])]
        for actor in ready:
            asked = setup.fresh(state, actor)
            call = module.outcome_call(asked["query"], asked["params"], asked["config"])
            state = setup.apply(state, asked, call(RandomQueue(rng)))
    return {k: setup.module.new_round(v) for k, v in state.items()}


@dataclass(frozen=True)
class Budget:
    """How far a fight is followed: rounds, distinct states for the exact programme, and the
    Monte Carlo's samples and seed."""

    rounds: int = ROUNDS
    states: int = STATES
    samples: int = SAMPLES
    seed: int = SEED


def fight(engine: str, asked: Sequence[Mapping[str, Any]], budget: Budget = Budget(),
          known: Mapping[str, Dist] | None = None) -> Fight:
    """Exact where at most `budget.states` distinct states arise, else a seeded Monte Carlo;
    `known`: distributions already computed, by `query_key` (a matrix row's own attack)."""
    setup = Setup.of(engine, asked)
    try:
        return exact_fight(setup, budget.rounds, budget.states, known)
    except TooManyStates:
        return monte_carlo(setup, budget.rounds, budget.samples, budget.seed)
