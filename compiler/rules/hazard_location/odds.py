"""The hazard_location odds adapter: exact distributions of its rolls (mirror: `odds.mjs`).

The Test, hit-location, Armor Roll and damage queries each enumerate the ruleset's own rule.
A d6 Test pool branches on its successes after its Hazard Dice (which keep their place); an
Armor Roll on its 6s; a d100 on the faces that fall in another table row or coverage share.
`attack` is the whole five-step attack, composed from the engine's steps (`attack_odds`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from compiler.rules.enumeration import Lumping, enumerate_calls, lumping, resolved, rule_call
from compiler.rules.exact import Dist
from compiler.rules.harness import read_input
from compiler.rules.hazard_location.attack_odds import (
    armor_state,
    attack_odds,
    attack_projection,
    injuries_of,
    read_attack_input,
    strike_lumping,
    test_lumping,
)
from compiler.rules.hazard_location.harm import load_content
from compiler.rules.odds import Query, case_of, face_runs, faces_of
from compiler.rules.queue import die_label

RULESET = "hazard_location"
Obj = dict[str, Any]


def _merged(rule: str, config: Mapping[str, Any]) -> Mapping[str, Any]:
    return resolved(RULESET, rule, config)[2]


def _odds(rule: str, params: Any, config: Mapping[str, Any],
          project: Callable[[list[Any], Mapping[str, Any]], Any], lumped: Lumping) -> Dist:
    return enumerate_calls(rule_call(case_of(RULESET, rule, config, params), project), lumped)


def _content_tables(rule: str, params: Any, config: Mapping[str, Any]) -> list[Obj]:
    """The tables the rule may roll on: its input's content as the rule reads it."""
    engine, _, merged = resolved(RULESET, rule, config)
    content = load_content(read_input(engine, rule, params), merged)
    tables: list[Obj] = content["hit_location_tables"]
    wanted = merged["injury_table"]
    injuries: list[Obj] = content["injury_tables"] if wanted is not None else []
    return tables + injuries


def hazard_test_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """HZ-R02, HZ-G01-G03, HZ-G08: the successes and Mishap of one Test pool."""
    return _odds("hazard_test", params, config, lambda events, state: dict(state),
                 test_lumping(_merged("hazard_test", config)))


def hit_location_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """HZ-R15, HZ-R19, HZ-G10, HZ-G30: the location struck (the table's d100 or a Called Shot)."""
    return _odds("hit_location", params, config,
                 lambda events, state: {"location": state["location"]},
                 strike_lumping(_content_tables("hit_location", params, config), []))


def armor_roll_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """HZ-R12, HZ-R18, HZ-R28, HZ-R29, HZ-G18-G22: damage through, and the armour after."""
    pieces = params.get("armor") if isinstance(params, Mapping) else None

    def project(events: list[Any], state: Mapping[str, Any]) -> Any:
        cover = state["cover"]
        return {"through": state["through"], "armor": armor_state(state["armor"]),
                "cover": None if cover is None else cover.get("av")}

    return _odds("armor_roll", params, config, project,
                 strike_lumping([], pieces if isinstance(pieces, list) else []))


def apply_damage_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """HZ-R21, HZ-R22, HZ-R27, HZ-R31, HZ-G11: Stamina after, and each Injury."""
    def project(events: list[Any], state: Mapping[str, Any]) -> Any:
        return {"stamina": state["character"]["stamina_current"], "injuries": injuries_of(events)}

    return _odds("apply_damage", params, config, project,
                 strike_lumping(_content_tables("apply_damage", params, config), []))


def initiative_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """HZ-R03, HZ-G16: the Initiative groups (successes high to low, ties together)."""
    merged = _merged("initiative", config)
    die, least = merged["test_die"], merged["test_success_min_face"]
    hits = [int(face >= least) for face in faces_of(die)]
    return _odds("initiative", params, config, lambda events, state: state["groups"],
                 lumping({die_label(die): face_runs(die, hits, hits)}, 0, "score"))


def outcome_call(query: str, params: Any, config: Mapping[str, Any]) -> Any:
    """HZ-R01: the rule the `attack` query stands for, projected as its outcomes: one run draws
    one way the dice fall (a fight's Monte Carlo runs it with random faces)."""
    atk = read_attack_input(params, _merged(query, config))
    return rule_call(case_of(RULESET, query, config, params), attack_projection(atk))


QUERIES: Mapping[str, Query] = {
    "hazard_test": hazard_test_odds,
    "hit_location": hit_location_odds,
    "armor_roll": armor_roll_odds,
    "apply_damage": apply_damage_odds,
    "attack": attack_odds,
    "initiative": initiative_odds,
}
"""The rolls of the ruleset with exact odds, by the rule they stand for."""
