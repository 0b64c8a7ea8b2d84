"""Odds queries: the exact distribution of a roll, by name (mirror: `odds.mjs`).

A ruleset's odds adapter is a module `odds` beside its engine (`compiler/rules/<name>/odds.py`,
`module_template/scripts/rules/<name>/odds.mjs`) exporting `QUERIES`: query name -> a function
`(params, config) -> Dist`, `config` being overrides of the ruleset's rules_config as a fixture
gives them. Each query enumerates the ruleset's own rule functions (`enumeration`), lumped as
it declares and checked against the brute force by the property tests. This module holds the
helpers every adapter uses, and the shared primitives' own adapter: one query per P1-P9 rule
that takes dice, each the rule's final state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.rules.enumeration import (
    FaceClass,
    Lumping,
    enumerate_calls,
    lumping,
    resolved,
    rule_call,
    state_of,
)
from compiler.rules.errors import RULE_NOT_IMPLEMENTED, RuleError
from compiler.rules.exact import Dist
from compiler.rules.harness import read_input
from compiler.rules.queue import FATE, Die, die_label, face_range

Query = Callable[[Any, Mapping[str, Any]], Dist]
PRIMITIVES = "primitives"


def face_runs(die: Die, keys: Sequence[Any], scores: Sequence[int]) -> list[FaceClass]:
    """C1: classes of `die` from each face's key and score (face order): neighbouring faces with
    the same key and score are one class, shown as its lowest face."""
    lo, _ = face_range(die)
    found: list[FaceClass] = []
    previous: tuple[Any, int] | None = None
    for index, (key, score) in enumerate(zip(keys, scores, strict=True)):
        if previous == (key, score):
            last = found[-1]
            found[-1] = FaceClass(last.face, last.weight + 1, last.score)
        else:
            found.append(FaceClass(lo + index, 1, score))
        previous = (key, score)
    return found


def faces_of(die: Die) -> list[int]:
    """C1: every face of `die`, lowest first."""
    lo, hi = face_range(die)
    return list(range(lo, hi + 1))


def success_classes(die: Die, min_face: int, roll_mod: int) -> list[FaceClass]:
    """P1: the faces that reach `min_face` once `roll_mod` is added (score 1) and the rest."""
    hits = [int(face + roll_mod >= min_face) for face in faces_of(die)]
    return face_runs(die, hits, hits)


def fumble_classes(die: Die, min_face: int) -> list[FaceClass]:
    """P1, P2: the natural 1s, the blanks and the successes; a die scores success - one."""
    keys = [(face == 1, face >= min_face) for face in faces_of(die)]
    return face_runs(die, keys, [int(hit) - int(one) for one, hit in keys])


def primitive_lumping(rule: str, fields: Mapping[str, Any], config: Mapping[str, Any]) -> Lumping:
    """P1-P9: how the dice of a primitives rule branch, from its read input and merged config.

    Counting rules branch on the number of successes (score pools), sums on the sum, the lowest
    kept on the multiset, a table on the faces that give another row; a check (P7) keeps every
    face, its total being part of its state.
    """
    die: Die = fields.get("die", FATE)
    label = die_label(die)
    if rule == "count_at_least":
        return lumping({label: success_classes(die, fields["min_face"], fields["roll_mod"])},
                       0, "score")
    if rule == "cancel_ones":
        return lumping({label: fumble_classes(die, fields["min_face"])}, 0, "score")
    if rule == "count_natural":
        naturals = [int(face == fields["natural"]) for face in faces_of(die)]
        return lumping({label: face_runs(die, naturals, naturals)}, 0, "score")
    if rule == "hazard":
        marks = [(face == config["mishap_on_face"], face + fields["roll_mod"] >= fields["min_face"])
                 for face in faces_of(die)]
        classes = face_runs(die, marks, [int(hit) for _, hit in marks])
        return lumping({label: classes}, config["hazard_count"], "score")
    if rule == "table_lookup":
        rows = [[e["lo"], e["hi"]] for e in fields["table"]]
        found = [next((i for i, (lo, hi) in enumerate(rows) if lo <= f <= hi), -1)
                 for f in faces_of(die)]
        return lumping({label: face_runs(die, found, [0] * len(found))})
    mode = "counts" if rule == "keep_lowest" else "score"
    return lumping({}, 0, mode)


DICE_RULES: tuple[str, ...] = (
    "count_at_least", "cancel_ones", "sum_faces", "fate", "keep_lowest_set", "keep_lowest",
    "table_lookup", "d20_vs", "count_natural", "hazard",
)
"""P1-P9: the primitives rules that take dice; P10's roll-off repeats ties without bound, so its
outcomes cannot be listed (its enumeration stops with `too_many_outcomes`)."""


def case_of(ruleset: str, rule: str, config: Mapping[str, Any], params: Any) -> dict[str, Any]:
    """C1: the case (a fixture without its dice) running `rule` of `ruleset` on `params`."""
    return {"ruleset": ruleset, "rule": rule, "config": dict(config), "input": params}


def primitive_odds(rule: str, params: Any, config: Mapping[str, Any]) -> Dist:
    """P1-P9: the exact distribution of a primitives rule's final state for input `params`."""
    engine, _, merged = resolved(PRIMITIVES, rule, config)
    fields = read_input(engine, rule, params)
    call = rule_call(case_of(PRIMITIVES, rule, config, params), state_of)
    return enumerate_calls(call, primitive_lumping(rule, fields, merged))


def _query(rule: str) -> Query:
    def query(params: Any, config: Mapping[str, Any]) -> Dist:
        return primitive_odds(rule, params, config)

    return query


QUERIES: Mapping[str, Query] = {rule: _query(rule) for rule in DICE_RULES}


def run_query(queries: Mapping[str, Query], name: str, params: Any,
              config: Mapping[str, Any]) -> Dist:
    """C5: the query `name` of an adapter's `queries`; a missing one is `rule_not_implemented`."""
    query = queries.get(name)
    if query is None:
        raise RuleError(RULE_NOT_IMPLEMENTED, f"odds query {name} is not implemented")
    return query(params, config)
