"""The danger_room odds adapter: exact distributions of its rolls (mirror: `odds.mjs`).

Each query enumerates one of the ruleset's own rules through the harness (`enumeration`), its
d10s lumped as the rule can tell them apart: 6+ or not, and the natural 1 apart when a Fumbling
fighter rolls. A pool branches on its net successes (a score pool) when the rule depends on
that alone (DR-G14's `dice_then_flat`, or no Jinxed Fumbling roller under `flat_then_dice`),
else on the multiset. The d20 of crossing 0 branches on the runs of faces that pass or fail
alike against every target number the hit can give it (`crossing_classes`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.danger_room.attributes import DIE, SUCCESS_MIN_FACE
from compiler.rules.danger_room.combatant import attribute_bonus, has
from compiler.rules.danger_room.health import TN_STEP, ZERO_TN
from compiler.rules.danger_room.rolls import luck
from compiler.rules.enumeration import (
    FaceClass,
    Lumping,
    PoolPlan,
    enumerate_calls,
    lumping,
    partition,
    resolved,
    rule_call,
)
from compiler.rules.exact import Dist
from compiler.rules.odds import Query, case_of
from compiler.rules.queue import die_label, face_range

RULESET = "danger_room"
DOWN: tuple[str, ...] = ("down", "obliterated")
"""DR-R25, DR-G34: the statuses a fighter is out of the fight in."""


def roller(fighter: Any, boost: Any, kind: str, config: Mapping[str, Any]) -> tuple[bool, int]:
    """DR-R05, DR-G14, DR-G16: (Fumbling, the flat successes) of `fighter` on a `kind` roll.

    A malformed fighter counts as neither: the rule itself then refuses the input.
    """
    if not isinstance(fighter, Mapping) or not isinstance(fighter.get("conditions"), Mapping):
        return (False, 0)
    extra = boost if type(boost) is int else 0
    return (has(fighter, "fumbling"), extra + luck(fighter, kind, config))


def d10_plan(fumbling: bool, flat: int, config: Mapping[str, Any]) -> PoolPlan:
    """DR-R04, DR-R05, DR-G14: how one fighter's d10 pool may branch.

    Without Fumbling a d10 is a success (6+) or not; with it the 1 counts apart, and the pool's
    net successes decide it unless negative flat successes come first (`flat_then_dice`), when
    the multiset does.
    """
    if not fumbling:
        return (tuple(partition(DIE, [1, SUCCESS_MIN_FACE], [0, 1])), "score")
    counted = config["fumble_order"] == "flat_then_dice" and flat < 0
    return (tuple(partition(DIE, [1, 2, SUCCESS_MIN_FACE], [-1, 0, 1])),
            "counts" if counted else "score")


def d10_lumping(rollers: Sequence[tuple[bool, int]], config: Mapping[str, Any],
                singles: Mapping[str, Sequence[FaceClass]] | None = None) -> Lumping:
    """DR-R04, DR-R05, DR-G14: a rule's d10 pools, each planned for its roller, in the order
    the rule draws them (catalogue §1.4); a pool past the list keeps every face, and so does
    a single die `singles` does not class."""
    plans = [d10_plan(f, flat, config) for f, flat in rollers]
    return lumping(singles or {}, 0, "counts", plans)


def _merged(rule: str, config: Mapping[str, Any]) -> Mapping[str, Any]:
    return resolved(RULESET, rule, config)[2]


def _odds(rule: str, params: Any, config: Mapping[str, Any], project: Any,
          lumped: Lumping) -> Dist:
    return enumerate_calls(rule_call(case_of(RULESET, rule, config, params), project), lumped)


def _field(params: Any, key: str) -> Any:
    """`params[key]`, or None when `params` lacks it (the rule refuses such input itself)."""
    return params.get(key) if isinstance(params, Mapping) else None


def _flat(params: Any) -> tuple[bool, int]:
    values = [_field(params, key) for key in ("boost", "luck")]
    return (_field(params, "fumbling") is True,
            sum(v for v in values if type(v) is int))


def _pool_state(events: list[Any], state: Mapping[str, Any]) -> Any:
    return {"successes": state["successes"], "botch": state["botch"]}


def pool_roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """DR-R04, DR-R05, DR-G14, C3: the successes and botch of the `pool_roll` rule's pool."""
    return _odds("pool_roll", params, config, _pool_state,
                 d10_lumping([_flat(params)], _merged("pool_roll", config)))


def cardless_roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """DR-R06, DR-R04, DR-R05: the successes and botch of a `cardless_roll`."""
    return _odds("cardless_roll", params, config, _pool_state,
                 d10_lumping([_flat(params)], _merged("cardless_roll", config)))


def save_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """DR-R11, DR-G14, DR-G15, DR-G16, P12: whether the `save` rule's target saves."""
    merged = _merged("save", config)
    rollers = [roller(_field(params, "target"), _field(params, "boost"), "save", merged)]
    return _odds("save", params, config, lambda events, state: {"saved": state["saved"]},
                 d10_lumping(rollers, merged))


def contest_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """DR-R06, DR-G42, P12: who wins the `contest` rule's cardless contest."""
    merged = _merged("contest", config)
    rollers = [roller(_field(params, side), _field(params, f"{side}_boost"), "contest", merged)
               for side in ("challenger", "defender")]
    return _odds("contest", params, config, lambda events, state: {"winner": state["winner"]},
                 d10_lumping(rollers, merged))


def blow_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """DR-R25, DR-G33, DR-E10: the Health and status `take_blow` leaves (the d20 of crossing 0)."""
    def project(events: list[Any], state: Mapping[str, Any]) -> Any:
        return {key: state["fighter"][key] for key in ("health", "status")}

    lumped = lumping(crossing_classes(_field(params, "fighter"), _merged("take_blow", config)),
                     0, "score")
    return _odds("take_blow", params, config, project, lumped)


def hit_outcome(target: Any, attacker: Any) -> Any:
    """DR-R11, DR-R19, DR-R25: the projection of a `resolve_hit` kept by the odds of a hit.

    The target's Health lost, Health, status, Shield points and conditions after the card,
    whether a Dizzy came of it, whether the save succeeded (null: no save), and the attacker's
    Stamina after its BOOSTs.
    """
    def project(events: list[Any], state: Mapping[str, Any]) -> Any:
        before = target["health"]
        after = state["fighters"][target["id"]]
        saves = [e["saved"] for e in events if e["type"] == "save"]
        return {
            "lost": before - after["health"], "health": after["health"],
            "status": after["status"], "shield_points": after["shield_points"],
            "conditions": dict(after["conditions"]),
            "dizzy": any(e["type"] == "dizzy" for e in events),
            "saved": saves[0] if saves else None,
            "stamina": state["fighters"][attacker]["stamina"],
        }

    return project


def hit_rollers(attacker: Any, target: Any, request: Any,
                config: Mapping[str, Any]) -> list[tuple[bool, int]]:
    """DR-G07, catalogue §1.4: who rolls each pool of a `resolve_hit`, in its dice order: every
    hit's damage pool, the attacker's opposing pool (a save under `separate_roll`, or a card
    without Damage), then the target's save."""
    card = _field(request, "card")
    boosts = _field(request, "boost")
    rollers = [roller(attacker, boost, "damage", config)
               for boost in (boosts if isinstance(boosts, list) else [])]
    if _field(card, "save") is None:
        return rollers
    if config["save_opposed_by"] == "separate_roll" or _field(card, "damage") is None:
        rollers.append(roller(attacker, 0, "opposing", config))
    return [*rollers, roller(target, _field(request, "save_boost"), "save", config)]


def crossing_classes(target: Any, config: Mapping[str, Any]) -> dict[str, list[FaceClass]]:
    """DR-R25, DR-G33: the crossing-0 die's classes: faces that pass or fail alike against
    every target number the roll can have (10 + 1 per 5 past 0, with the target's End bonus and
    Bulk). In a live fight the roll is made only while the damage past 0 is below max Health
    (obliteration is checked first), so those numbers are few. Every face is kept where they
    cannot be read (a malformed target: the rule refuses it), in training (no roll), and when
    the die is the pools' d10."""
    die = config["zero_health_die"]
    readable = isinstance(target, Mapping) and isinstance(target.get("attributes"), Mapping) \
        and all(type(v) is int for v in (target.get("bulk"), target.get("max_health"),
                                         target["attributes"].get("endurance")))
    if die == DIE or config["mode"] != "live" or not readable:
        return {}
    mods = attribute_bonus(target, "endurance", config) + target["bulk"]
    lift = 0 if config["zero_health_pass"] == "meet" else 1
    lo, hi = face_range(die)
    cuts = {ZERO_TN + past // TN_STEP - mods + lift for past in range(target["max_health"])}
    starts = [lo, *sorted(c for c in cuts if lo < c <= hi)]
    return {die_label(die): partition(die, starts, starts)}


def hit_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """DR-R11, DR-R17, DR-R19, DR-R20, DR-R25, DR-G07, DR-G33: a card landing on a target.

    The whole `resolve_hit`: every hit's damage pool (Soak, Vulnerable/Resist, Immune, the
    floor), BOOST and luck, the save for half, Toughness, Shield, Dizzy and crossing 0.
    """
    merged = _merged("resolve_hit", config)
    request = _field(params, "request")
    fighters = _field(_field(params, "state"), "fighters")
    fighters = fighters if isinstance(fighters, Mapping) else {}
    attacker = fighters.get(_field(request, "attacker"))
    target = fighters.get(_field(request, "target"))
    lumped = d10_lumping(hit_rollers(attacker, target, request, merged), merged,
                         crossing_classes(target, merged))
    return _odds("resolve_hit", params, config, hit_outcome(target, _field(request, "attacker")),
                 lumped)


def outcome_call(query: str, params: Any, config: Mapping[str, Any]) -> Any:
    """DR-R19: the rule the `resolve_hit` query enumerates, projected as its outcomes: one run
    draws one way the dice fall (a fight's Monte Carlo runs it with random faces)."""
    target = _field(params, "state")["fighters"][params["request"]["target"]]
    project = hit_outcome(target, params["request"]["attacker"])
    return rule_call(case_of(RULESET, query, config, params), project)


QUERIES: Mapping[str, Query] = {
    "pool_roll": pool_roll_odds,
    "cardless_roll": cardless_roll_odds,
    "save": save_odds,
    "contest": contest_odds,
    "take_blow": blow_odds,
    "resolve_hit": hit_odds,
}
"""The rolls of the ruleset with exact odds, by the rule they enumerate."""
