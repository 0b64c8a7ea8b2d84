"""The crytures odds adapter: exact distributions of its attack rolls (mirror: `odds.mjs`).

Each query enumerates one of the ruleset's own rules through the harness (`enumeration`). A d10
of an attack pool matters to the rule only through what each reading of it makes of it: a hit
or not, a crit or not, against one target's difficulty with that target's roll modifier
(CR-R07, CR-R08, CR-G01, CR-G02). So a pool branches on the multiset of the classes those
readings tell apart. The readings are the rule's own: its `hits` events name the difficulty and
roll modifier each target read the faces with. They are found by enumerating, starting from
none (the whole d10 one class), and enumerating again with the classes of every reading met
until no leaf meets a new one. The readings can change with the dice: a Blast that defeats the
user's ally takes that ally's flanking off the next target (CR-R11, CR-G14), and the fixpoint
follows that too. The outcome keeps each reading, so its distribution is the rule's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.crytures.rolls import DIE, is_crit, is_hit
from compiler.rules.enumeration import (
    TOO_MANY,
    FaceClass,
    Lumping,
    Projection,
    enumerate_calls,
    lumping,
    resolved,
    rule_call,
)
from compiler.rules.errors import RuleError
from compiler.rules.exact import Dist
from compiler.rules.odds import Query, case_of, face_runs, faces_of

RULESET = "crytures"
Obj = dict[str, Any]
Reading = tuple[int, int]
"""A target's difficulty and the roll modifier it reads a pool's faces with."""
#: Enumerations a query may take before its readings settle (each adds a reading; a target's
#: roll modifier, a sum of eight +2/-2 situations, takes at most nine values).
ROUNDS = 16


def reading_classes(readings: Sequence[Reading], config: Mapping[str, Any]) -> list[FaceClass]:
    """CR-R07, CR-R08, CR-G01, CR-G02: the d10's classes: faces every reading (difficulty, roll
    modifier) makes the same hit and the same crit of; no readings, one class."""
    keys = []
    for face in faces_of(DIE):
        key = []
        for difficulty, roll_mod in sorted(readings):
            hit = is_hit(face + roll_mod, difficulty, config)
            key.append((hit, is_crit(face, face + roll_mod, hit, config)))
        keys.append(key)
    return face_runs(DIE, keys, [0] * len(keys))


def pool_lumping(readings: Sequence[set[Reading]], shared: bool,
                 config: Mapping[str, Any]) -> Lumping:
    """CR-R07, CR-G15: the pools' classes: one pool every reading reads (`shared_faces`), or
    the n-th pool read by the n-th reading alone (`per_target`); a pool no reading met yet is
    one class."""
    coarse = reading_classes([], config)
    if shared:
        met = sorted({r for found in readings for r in found})
        return lumping({"d10": coarse}, 0, "counts", [(reading_classes(met, config), "counts")])
    plans = [(reading_classes(sorted(found), config), "counts") for found in readings]
    return lumping({"d10": coarse}, 0, "counts", plans)


def hits_of(events: list[Any]) -> list[Obj]:
    """CR-R07, CR-R08: each `hits` event as the odds keep it, in the order the rule read them."""
    keys = ("target", "difficulty", "roll_mod", "hits", "crits", "total_hits")
    return [{key: e[key] for key in keys} for e in events if e["type"] == "hits"]


def roll_outcome(events: list[Any], state: Mapping[str, Any]) -> Obj:
    """CR-R07, CR-R08, CR-R10: an `attack_roll` as its pool's size and reading."""
    return {"size": state["size"], "reads": hits_of(events)}


def use_outcome(events: list[Any], state: Mapping[str, Any]) -> Obj:
    """CR-R04-R08, CR-G14, CR-G20: a `use_power` as the odds show it: used or refused (why),
    and each target's reading of the faces with the damage it took, its Health after and
    whether it is defeated after."""
    refused = [e["reason"] for e in events if e["type"] == "refused"]
    after = {c["id"]: c for c in state["combatants"]}
    damage = {e["target"]: e["damage"] for e in events if e["type"] == "damage"}
    reads = [{**read, "damage": damage[read["target"]],
              "health": after[read["target"]]["health"],
              "defeated": after[read["target"]]["defeated"]} for read in hits_of(events)]
    return {"used": state["used"], "refused": (refused or [None])[0], "reads": reads}


def readings_met(dist: Dist) -> list[set[Reading]]:
    """The readings each leaf of `dist` met, by the order the rule read them in."""
    found: list[set[Reading]] = []
    for outcome in dist.outcomes.values():
        for index, read in enumerate(outcome["reads"]):
            if index == len(found):
                found.append(set())
            found[index].add((read["difficulty"], read["roll_mod"]))
    return found


def settled(rule: str, params: Any, config: Mapping[str, Any], project: Projection) -> Dist:
    """C1, C3: `rule` enumerated with its pools lumped by the readings it meets, again until no
    leaf meets a reading the classes were not made from."""
    merged = resolved(RULESET, rule, config)[2]
    # An `attack_roll` rolls one pool, read once: either lumping is the same for it.
    shared = merged["blast_roll"] == "shared_faces"
    # The rules move and damage the combatants they read (their own copy of the input), so
    # each run of the enumeration gets a fresh copy.
    call = rule_call(case_of(RULESET, rule, config, params), project, fresh=True)
    readings: list[set[Reading]] = []
    for _ in range(ROUNDS):
        dist = enumerate_calls(call, pool_lumping(readings, shared, merged))
        met = readings_met(dist)
        if all(index < len(readings) and found <= readings[index]
               for index, found in enumerate(met)):
            return dist
        readings = [(readings[i] if i < len(readings) else set()) | found
                    for i, found in enumerate(met)]
    raise RuleError(TOO_MANY, f"the readings of a pool did not settle in {ROUNDS} rounds")


def attack_roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """CR-R07, CR-R08, CR-R10, CR-G01, CR-G02, CR-G03: one pool's hits, crits and total hits
    against a difficulty with a roll modifier."""
    return settled("attack_roll", params, config, roll_outcome)


def use_power_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """CR-R04-R12, CR-G01-G03, CR-G05, CR-G14, CR-G15, CR-G20, CR-G21, CR-G22: one power used
    whole: each target's hits, crits, damage (total hits times the damage per hit, the type
    relation and the situations in its roll modifier), Health after and defeat."""
    return settled("use_power", params, config, use_outcome)


def summary(outcome: Mapping[str, Any], target: str | None = None) -> Obj:
    """A use in the odds panel's words, for `target` (null: the first target read): a hit is
    one total hit or more, the damage is what it took, down is defeated."""
    reads = [r for r in outcome["reads"] if target is None or r["target"] == target][:1]
    if not reads:
        return {"hit": False, "damage": 0, "down": False, "location": None}
    read = reads[0]
    return {"hit": read["total_hits"] >= 1, "damage": read["damage"], "down": read["defeated"],
            "location": None}


def outcome_call(query: str, params: Any, config: Mapping[str, Any]) -> Any:
    """CR-R04-R12: the rule a query enumerates, projected as its outcomes: one run draws one
    way the dice fall (a fight's Monte Carlo runs it with random faces)."""
    project = {"attack_roll": roll_outcome, "use_power": use_outcome}[query]
    return rule_call(case_of(RULESET, query, config, params), project, fresh=True)


QUERIES: Mapping[str, Query] = {
    "attack_roll": attack_roll_odds,
    "use_power": use_power_odds,
}
"""The rolls of the ruleset with exact odds, by the rule they enumerate."""
