"""Exact distributions of a rule's outcome by enumerating its dice (mirror: `enumeration.mjs`).

The rule itself runs, unchanged, once per distinct way its dice can fall: a `ReplayQueue` hands
it faces from a script of choices, and every choice it has not made yet is opened as a branch.
So the distribution comes from the very functions the golden fixtures test.

Two lumpings keep the tree small, both checked against the brute force (every face its own
branch) by the property tests:

- faces a rule cannot tell apart form one class (a d10 counting 6+ with Fumbling has three:
  the 1, the 2-5 and the 6-10), shown to the rule as one representative face;
- a pool (`take_many`) is exchangeable after its first `prefix` dice (a Hazard Die stays in its
  place): it branches once per multiset of classes (`counts`), or once per sum of the classes'
  scores when the rule depends on that sum alone (`score`), with the exact number of face
  sequences behind each branch (`exact.pool_counts`, `exact.pool_scores`).

A rule whose pools are rolled by different fighters (an attack's damage pool, then the target's
save) may give each pool, in the order the rule draws them (its canonical dice order), classes
and a mode of its own: the lumping's `schedule`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.exact import Dist, from_leaves, pool_counts, pool_scores
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue, Die, die_label, face_range, is_die
from compiler.rules.shapes import canonical_json

POOL_MODES: tuple[str, ...] = ("faces", "counts", "score")
TOO_MANY = "too_many_outcomes"
#: A query whose dice tree has more leaves than this is refused (Monte Carlo is the tool then).
LEAF_LIMIT = 200_000
#: A run drawing more dice than this never ends (P10 roll-offs repeat ties without bound).
DRAW_LIMIT = 10_000


class FaceClass(NamedTuple):
    """Faces a rule cannot tell apart: the face shown, how many faces it stands for, its score."""

    face: int
    weight: int
    score: int


PoolPlan = tuple[tuple[FaceClass, ...], str]
"""One pool's own classes and mode."""


class Lumping(NamedTuple):
    """How dice branch: classes per die label, a pool's positional prefix, the pool mode, and
    the classes and mode of the n-th pool drawn (null: the defaults)."""

    classes: tuple[tuple[str, tuple[FaceClass, ...]], ...]
    prefix: int
    pools: str
    schedule: tuple[PoolPlan | None, ...] = ()


def lumping(classes: Mapping[str, Sequence[FaceClass]], prefix: int = 0,
            pools: str = "counts",
            schedule: Sequence[tuple[Sequence[FaceClass], str] | None] = ()) -> Lumping:
    """C1: a lumping from die label (`d10`, `dF`) -> classes; other dice keep every face.

    `schedule[n]` gives the n-th pool (`take_many` past its prefix, counted from 0 in the order
    the rule draws them) its own classes and mode.
    """
    modes = [pools] + [plan[1] for plan in schedule if plan is not None]
    if any(mode not in POOL_MODES for mode in modes):
        raise RuleError(BAD_INPUT, f"pools must be one of {', '.join(POOL_MODES)}")
    plans = tuple(None if plan is None else (tuple(plan[0]), plan[1]) for plan in schedule)
    return Lumping(tuple((label, tuple(found)) for label, found in classes.items()), prefix, pools,
                   plans)


BRUTE_FORCE = lumping({}, 0, "faces")
"""Every face of every die its own branch: the enumeration the lumpings are checked against."""


def partition(die: Die, starts: Sequence[int], scores: Sequence[int]) -> list[FaceClass]:
    """C1: classes of `die` starting at each face of `starts` (ascending, the first its lowest
    face), each running to the next start; class i scores `scores[i]` and shows its first face."""
    lo, hi = face_range(die)
    if not starts or starts[0] != lo or len(scores) != len(starts):
        raise RuleError(BAD_INPUT, "a partition starts at the die's lowest face, one score each")
    ends = [*starts[1:], hi + 1]
    if any(end <= start for start, end in zip(starts, ends, strict=True)) or ends[-1] != hi + 1:
        raise RuleError(BAD_INPUT, "a partition's starts must rise within the die's faces")
    return [FaceClass(start, end - start, score)
            for start, end, score in zip(starts, ends, scores, strict=True)]


def _sides(die: Die) -> int:
    lo, hi = face_range(die)
    return hi - lo + 1


def classes_of(lumped: Lumping, die: Die) -> tuple[FaceClass, ...]:
    """C1: the classes of `die`; a die the lumping does not name keeps each face (score = face)."""
    label = die_label(die)
    for name, found in lumped.classes:
        if name == label:
            return found
    lo, hi = face_range(die)
    return tuple(FaceClass(face, 1, face) for face in range(lo, hi + 1))


def _between(count: int, coefficient: int, low_side: int, high_side: int) -> tuple[int, int]:
    """The integers `here` in 0..count with low_side <= here * coefficient <= high_side."""
    if coefficient == 0:
        return (0, count) if low_side <= 0 <= high_side else (1, 0)
    if coefficient < 0:
        coefficient, low_side, high_side = -coefficient, -high_side, -low_side
    return (max(0, -(-low_side // coefficient)), min(count, high_side // coefficient))


def representative(classes: Sequence[FaceClass], count: int, target: int) -> list[int] | None:
    """C3: faces of `count` dice, class by class, whose scores add up to `target` (or None).

    Depth first, the earlier classes taking as many dice as they can, so both engines pick the
    same faces; each class tries only the counts that leave the rest within reach.
    """
    scores = [c.score for c in classes]
    lows = [min(scores[i + 1:], default=0) for i in range(len(scores))]
    highs = [max(scores[i + 1:], default=0) for i in range(len(scores))]
    return _place(classes, (lows, highs), 0, count, target)


def _place(classes: Sequence[FaceClass], reach: tuple[list[int], list[int]], index: int,
           count: int, target: int) -> list[int] | None:
    head = classes[index]
    if index == len(classes) - 1:
        return [head.face] * count if head.score * count == target else None
    low, high = reach[0][index], reach[1][index]
    # The rest must make up target - here * head: at most high, at least low, per die left.
    step_high, step_low = head.score - high, head.score - low
    least, most = _between(count, step_high, target - high * count, abs(step_high) * count)
    floor_lo, floor_hi = _between(count, step_low, -abs(step_low) * count, target - low * count)
    for here in range(min(most, floor_hi), max(least, floor_lo) - 1, -1):
        tail = _place(classes, reach, index + 1, count - here, target - here * head.score)
        if tail is not None:
            return [head.face] * here + tail
    return None


@functools.cache
def pool_branches(classes: tuple[FaceClass, ...], count: int,
                  mode: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """C3: the branches of an exchangeable pool of `count` dice: (faces shown, face sequences)."""
    if mode == "score":
        sums = pool_scores(count, [(c.score, c.weight) for c in classes])
        found = []
        for total in sorted(sums):
            faces = representative(classes, count, total)
            if faces is None:
                raise RuleError(BAD_INPUT, "no faces give a pool sum the kernel reaches")
            found.append((tuple(faces), sums[total]))
        return tuple(found)
    return tuple(
        (tuple(face for c, n in zip(classes, counts, strict=True) for face in [c.face] * n), ways)
        for counts, ways in pool_counts(count, [c.weight for c in classes])
    )


class ReplayQueue(DiceQueue):
    """C1: a dice queue that follows a script of branch choices and opens new ones as it goes.

    `choices` is the full script of the run, `opened` the number of branches of each point the
    run added past its script, and `num`/`den` the probability of the path taken.
    """

    def __init__(self, script: Sequence[int], lumped: Lumping) -> None:
        super().__init__([])
        self.lumped = lumped
        self.choices = list(script)
        self.at = 0
        self.opened: list[int] = []
        self.pool = 0
        self.num = 1
        self.den = 1

    def branch(self, options: Sequence[tuple[Sequence[int], int]], total: int) -> list[int]:
        """C1: take the scripted option (or the first, opening the point) of `options`."""
        if self.at >= DRAW_LIMIT:
            raise RuleError(TOO_MANY, "the rule keeps drawing dice: its outcomes have no end")
        if self.at >= len(self.choices):
            self.choices.append(0)
            self.opened.append(len(options))
        faces, weight = options[self.choices[self.at]]
        self.at += 1
        self.num *= weight
        self.den *= total
        return list(faces)

    def take(self, die: Die) -> int:
        """C1: one face of `die`, one branch per class."""
        if not is_die(die):
            raise RuleError(BAD_INPUT, 'a rule asked for a die that is not 2..1000 or "F"')
        classes = classes_of(self.lumped, die)
        total = sum(c.weight for c in classes)
        return self.branch([((c.face,), c.weight) for c in classes], total)[0]

    def take_many(self, die: Die, count: int) -> list[int]:
        """C1, C3: `count` faces of `die`; after the prefix, one branch per pool outcome."""
        if count <= 0:
            return []
        head = [self.take(die) for _ in range(min(self.lumped.prefix, count))]
        rest = count - len(head)
        if rest == 0 or self.lumped.pools == "faces":
            return head + [self.take(die) for _ in range(rest)]
        schedule = self.lumped.schedule
        plan = schedule[self.pool] if self.pool < len(schedule) else None
        self.pool += 1
        classes, mode = plan or (classes_of(self.lumped, die), self.lumped.pools)
        if sum(c.weight for c in classes) != _sides(die):
            raise RuleError(BAD_INPUT, f"a pool plan's classes do not cover the {die_label(die)}")
        total = sum(c.weight for c in classes) ** rest
        return head + self.branch(pool_branches(classes, rest, mode), total)

    def remaining(self) -> int:
        """C1: a replayed queue never holds faces the rule did not ask for."""
        return 0

    def finish(self) -> None:
        """C1: nothing is ever left over."""


def enumerate_calls(call: Callable[[DiceQueue], Any], lumped: Lumping,
                    limit: int = LEAF_LIMIT) -> Dist:
    """C1, C2: the exact distribution of `call(queue)` over every way its dice can fall.

    `call` runs once per leaf of the dice tree; a leaf's probability is the product of its
    branches' weights over the die sizes. More than `limit` leaves is `too_many_outcomes`.
    """
    pending: list[list[int]] = [[]]
    leaves: list[tuple[Any, int, int]] = []
    while pending:
        script = pending.pop()
        queue = ReplayQueue(script, lumped)
        outcome = call(queue)
        leaves.append((outcome, queue.num, queue.den))
        if len(leaves) > limit:
            raise RuleError(TOO_MANY, f"more than {limit} ways for the dice to fall")
        base = len(script)
        for offset, options in enumerate(queue.opened):
            point = base + offset
            for choice in range(options - 1, 0, -1):
                pending.append([*queue.choices[:point], choice])
    return from_leaves(leaves)


Projection = Callable[[list[Any], Mapping[str, Any]], Any]
_RESOLVED: dict[str, tuple[Any, Any, dict[str, Any]]] = {}
#: The same config object asked again (an odds query's every stage) skips its canonical JSON;
#: the object itself is kept, so its id cannot be reused while the entry stands.
_BY_OBJECT: dict[tuple[str, str, int], tuple[Mapping[str, Any], Any]] = {}
RESOLVED_KEPT = 256


def resolved(ruleset: str, rule: str, config: Mapping[str, Any]) -> tuple[Any, Any, dict[str, Any]]:
    """C5: the harness's `resolve` (engine, rule, merged config read through its schema), kept
    per distinct config: an odds query runs a rule many times, and rules never change their
    config, so the merged config is shared rather than copied for each run."""
    same = _BY_OBJECT.get((ruleset, rule, id(config)))
    if same is not None and same[0] is config:
        kept: tuple[Any, Any, dict[str, Any]] = same[1]
        return kept
    key = canonical_json([ruleset, rule, config])
    if key not in _RESOLVED:
        if len(_RESOLVED) >= RESOLVED_KEPT:
            _RESOLVED.clear()
        _RESOLVED[key] = resolve(ruleset, rule, config)
        _BY_OBJECT.clear()
    _BY_OBJECT[ruleset, rule, id(config)] = (config, _RESOLVED[key])
    return _RESOLVED[key]


def forget() -> None:
    """C5: drop every kept result (resolved configs, pool branches): nothing is reused after."""
    _RESOLVED.clear()
    _BY_OBJECT.clear()
    pool_branches.cache_clear()


def rule_call(case: Mapping[str, Any], project: Projection,
              fresh: bool = False) -> Callable[[DiceQueue], Any]:
    """C1, C5: a case's rule as the harness runs it (config merged and read, input read through
    its shape), its (events, state) projected to the outcome `project` keeps.

    `case` is a fixture's case without dice: `{ruleset, rule, config, input}`. Rules are pure, so
    every run reads the same input; `fresh` gives each run its own copy, as each fixture run has
    (the property tests compare the two, which would catch a rule that changes its input).
    """
    rule = case["rule"]
    engine, function, merged = resolved(case["ruleset"], rule, case["config"])
    fields = read_input(engine, rule, case["input"])

    def call(queue: DiceQueue) -> Any:
        events, state = function(_tree_copy(fields) if fresh else fields, merged, queue)
        return project(events, state)

    return call


def _tree_copy(value: Any) -> Any:
    """A copy of an input as it was read (dicts and lists of plain values) for one run: each
    dict and list new, a shared one copied as often as it appears (no rule compares inputs by
    identity). Several times faster than `copy.deepcopy`, which most of a query's time went to."""
    if isinstance(value, dict):
        return {key: _tree_copy(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_tree_copy(item) for item in value)
    return value


def enumerate_rule(case: Mapping[str, Any], project: Projection,
                   lumped: Lumping = BRUTE_FORCE, fresh: bool = True) -> Dist:
    """C1, C2: the exact distribution of one case's projected outcome (`rule_call`)."""
    return enumerate_calls(rule_call(case, project, fresh), lumped)


def state_of(events: list[Any], state: Mapping[str, Any]) -> Any:
    """C1: the projection keeping a rule's final state."""
    return dict(state)
