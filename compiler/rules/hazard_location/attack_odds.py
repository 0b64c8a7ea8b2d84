"""The odds of hazard_location's five-step attack, composed (mirror: `attack_odds.mjs`).

The attack's Tests, location, armour and damage are independent draws, so its exact odds are
composed stage by stage from the engine's own steps (`roll_test`, `decide_hit`,
`riposte_margin`, `strike`): the attacker's and the defender's Tests are enumerated, and each
pair of results leads to the strike it causes, enumerated once per distinct blow. The property
tests check the result against enumerating the `attack` rule itself. The lumpings here serve
the rule queries of `odds.py` too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from compiler.rules.enumeration import (
    FaceClass,
    Lumping,
    enumerate_calls,
    lumping,
    partition,
    resolved,
)
from compiler.rules.exact import Dist, bind, map_outcomes, point
from compiler.rules.harness import read_input
from compiler.rules.hazard_location.armor import ARMOR_DIE, ARMOR_SUCCESS_FACE, COVERAGE_DIE
from compiler.rules.hazard_location.attack import strike, weapon_source
from compiler.rules.hazard_location.checks import decide_hit, riposte_margin, roll_test
from compiler.rules.hazard_location.measures import blocks, table_for
from compiler.rules.hazard_location.pools import (
    attack_pool,
    defence_of,
    defence_pool_event,
    prepare_attack,
    range_check,
)
from compiler.rules.odds import face_runs, faces_of
from compiler.rules.queue import DiceQueue, die_label
from compiler.rules.shapes import fail

RULESET = "hazard_location"
Obj = dict[str, Any]


def test_classes(config: Mapping[str, Any]) -> list[FaceClass]:
    """HZ-G01-G03, P9: a Test die's Mishap face, its other failures and its successes."""
    mishap_face = config["hazard"]["mishap_on_face"]
    die, least = config["test_die"], config["test_success_min_face"]
    marks = [(face == mishap_face, face >= least) for face in faces_of(die)]
    return face_runs(die, marks, [int(hit) for _, hit in marks])


def test_lumping(config: Mapping[str, Any]) -> Lumping:
    """HZ-R02, HZ-G03, P9: a Test pool: its Hazard Dice one by one, then its successes."""
    die = config["test_die"]
    return lumping({die_label(die): test_classes(config)}, config["hazard"]["count"], "score")


def cut_classes(die: int, starts: Iterable[int]) -> list[FaceClass]:
    """HZ-G10, HZ-G20, P6: the faces of `die` between neighbouring `starts` (each row's first
    face, each coverage share's first miss), one class each."""
    inside = sorted({start for start in starts if 1 < start <= die})
    return partition(die, [1, *inside], [0] * (len(inside) + 1))


def table_starts(tables: Sequence[Mapping[str, Any]]) -> dict[int, set[int]]:
    """HZ-G10, HZ-G11: by die size, the first face of every row of `tables`."""
    found: dict[int, set[int]] = {}
    for table in tables:
        found.setdefault(table["die"], set()).update(e["range"][0] for e in table["entries"])
    return found


def coverage_starts(pieces: Sequence[Any]) -> set[int]:
    """HZ-G20: the first d100 face each partially covering share misses on (a share given as a
    bare location covers all of it; a malformed piece is left to the rule to refuse)."""
    shares = [c for p in pieces if isinstance(p, Mapping) and isinstance(p.get("coverage"), list)
              for c in p["coverage"] if isinstance(c, Mapping)]
    return {c["percent"] + 1 for c in shares
            if type(c.get("percent")) is int and c["percent"] < COVERAGE_DIE}


def strike_lumping(tables: Sequence[Mapping[str, Any]], pieces: Sequence[Any]) -> Lumping:
    """HZ-R15, HZ-R18, HZ-R28, HZ-G11, HZ-G20: the dice of steps 3-5: every d100 (location,
    coverage, Injury location) cut at every row and share, any Injury-table die at its rows,
    and the Armor Roll's d6 pool on its 6s (cut at the rows too if an Injury table is a d6)."""
    starts = table_starts(tables)
    starts.setdefault(COVERAGE_DIE, set()).update(coverage_starts(pieces))
    starts.setdefault(ARMOR_DIE, set()).add(ARMOR_SUCCESS_FACE)
    classes = {}
    for die, cuts in starts.items():
        found = cut_classes(die, cuts)
        if die == ARMOR_DIE:
            found = [c._replace(score=int(c.face >= ARMOR_SUCCESS_FACE)) for c in found]
        classes[die_label(die)] = found
    return lumping(classes, 0, "score")


def armor_state(pieces: Sequence[Mapping[str, Any]]) -> list[list[Any]]:
    """HZ-R29: each armour piece's id and Current AV (what ablation changes)."""
    return [[p["id"], p["current_av"]] for p in pieces]



def injuries_of(events: Sequence[Mapping[str, Any]]) -> list[Any]:
    """HZ-R22, HZ-R31, HZ-G11: each Injury's location, and its Injury-table result if rolled."""
    found: list[Any] = []
    for event in events:
        if event["type"] == "injury":
            found.append({"location": event["location"]})
        elif event["type"] == "injury_roll":
            found[-1] = {**found[-1], "result": event["result"]}
    return found



def test_odds(side: str, size: int, config: Mapping[str, Any]) -> Dist:
    """HZ-R02, HZ-G03, HZ-G08: one side's Test of `size` dice: (successes, Mishap)."""
    def call(queue: DiceQueue) -> Any:
        _, successes, mishap = roll_test(side, size, [], config, queue)
        return [successes, mishap]

    return enumerate_calls(call, test_lumping(config))


def strike_odds(target: Obj, total: int, blow: Obj, config: Mapping[str, Any],
                tables: Sequence[Mapping[str, Any]]) -> Dist:
    """HZ-R01 steps 3-5: where the blow lands, and the target, cover and Injuries after it."""
    def call(queue: DiceQueue) -> Any:
        events, after, cover, location = strike(target, total, blow, config, queue)
        return {"location": location, "stamina": after["stamina_current"],
                "armor": armor_state(after["armor"]),
                "cover": None if cover is None else cover.get("av"),
                "injuries": injuries_of(events)}

    return enumerate_calls(call, strike_lumping(tables, target["armor"]))


def attack_outcome(atk: Mapping[str, Any], tests: Sequence[Any], struck: Any,
                   riposte: Any) -> Obj:
    """HZ-R01, HZ-R14: one way the attack ends, the same whether composed or enumerated whole.

    `tests` holds each side's [successes, Mishap] (the defender's null without a defence),
    `struck` the defender's strike (null on a miss) and `riposte` the attacker's (or null).
    """
    defender, attacker = atk["defender"], atk["attacker"]
    cover = atk["cover"]
    base: Obj = {"location": None, "stamina": defender["stamina_current"],
                 "armor": armor_state(defender["armor"]),
                 "cover": None if cover is None else cover.get("av"), "injuries": []}
    hit = struck if struck is not None else base
    back = riposte if riposte is not None else {
        "stamina": attacker["stamina_current"], "armor": armor_state(attacker["armor"]),
        "injuries": []}
    defence = tests[1]
    return {
        "hit": struck is not None, "location": hit["location"],
        "damage": defender["stamina_current"] - hit["stamina"], "stamina": hit["stamina"],
        "armor": hit["armor"], "cover": hit["cover"],
        "injuries": hit["injuries"] if struck is not None else back["injuries"],
        "mishap": tests[0][1], "defender_mishap": False if defence is None else defence[1],
        "riposte": riposte is not None,
        "riposte_damage": attacker["stamina_current"] - back["stamina"],
        "attacker_stamina": back["stamina"], "attacker_armor": back["armor"],
    }


def attack_projection(atk: Mapping[str, Any]) -> Callable[[list[Any], Mapping[str, Any]], Obj]:
    """HZ-R01, HZ-R14: the `attack` rule's (events, state) as `attack_outcome` (for checking the
    composed odds against the rule enumerated whole)."""
    def project(events: list[Any], state: Mapping[str, Any]) -> Obj:
        tests: list[Any] = [None, None]
        for event in events:
            if event["type"] == "test":
                tests[0 if event["side"] == "attacker" else 1] = [event["successes"], False]
            elif event["type"] == "mishap":
                tests[0 if event["side"] == "attacker" else 1][1] = True
        struck = riposte = None
        if state["hit"]:
            cover = state["cover"]
            struck = {"location": state["location"],
                      "stamina": state["defender"]["stamina_current"],
                      "armor": armor_state(state["defender"]["armor"]),
                      "cover": None if cover is None else cover.get("av"),
                      "injuries": injuries_of(events)}
        elif any(event["type"] == "riposte" for event in events):
            riposte = {"stamina": state["attacker"]["stamina_current"],
                       "armor": armor_state(state["attacker"]["armor"]),
                       "injuries": injuries_of(events)}
        return attack_outcome(atk, [tests[0] or [0, False], tests[1]], struck, riposte)

    return project


def read_attack_input(params: Any, config: Mapping[str, Any]) -> Obj:
    """HZ-R01, HZ-R13, HZ-G14: the attack's checked inputs and defence, as the rule reads them."""
    engine, _, merged = resolved(RULESET, "attack", config)
    atk = prepare_attack(read_input(engine, "attack", params), merged)
    atk["defence"] = defence_of(atk)
    return atk


def _tables(atk: Mapping[str, Any], config: Mapping[str, Any]) -> list[Obj]:
    tables: list[Obj] = atk["content"]["hit_location_tables"]
    if config["injury_table"] is None:
        return tables
    return tables + list(atk["content"]["injury_tables"])


def _blow(aim: Mapping[str, Any], weapon: Mapping[str, Any], damage: int) -> Obj:
    """`strike`'s blow: `aim` is `{table, table_event, called, cover, content}`."""
    return {"table": aim["table"], "table_event": aim["table_event"], "called": aim["called"],
            "pen": weapon["pen"], "damage": damage, "cover": aim["cover"],
            "source": weapon_source(weapon, aim["table"], aim["content"])}


def _struck(atk: Obj, tests: Any, config: Mapping[str, Any], strikes: dict[Any, Dist]) -> Dist:
    """One pair of Test results: the hit and its strike, a riposte, or nothing."""
    a = tests[0][0]
    d = None if tests[1] is None else tests[1][0]
    hit, mos = decide_hit(a, d, config)
    tables = _tables(atk, config)
    if hit:
        weapon = atk["weapon"]
        damage = weapon["dv_current"] + mos
        if ("hit", damage) not in strikes:
            blow = _blow(atk, weapon, damage)
            strikes["hit", damage] = strike_odds(atk["defender"], atk["defender_total"], blow,
                                                 config, tables)
        return map_outcomes(strikes["hit", damage], lambda s: attack_outcome(atk, tests, s, None))
    defence = atk["defence"]
    margin = None if d is None or defence is None else riposte_margin(a, d, defence["kind"],
                                                                     config)
    if margin is None:
        return point(attack_outcome(atk, tests, None, None))
    weapon = defence.get("weapon_item")
    if weapon is None:
        raise fail("input", "input.defence.weapon is required for a riposte")
    damage = weapon["dv_current"] + margin
    if ("riposte", damage) not in strikes:
        table, table_event = table_for(atk["fields"], config, atk["attacker"]["species"],
                                       atk["content"])
        aim = {"table": table, "table_event": table_event, "called": None, "cover": None,
               "content": atk["content"]}
        blow = _blow(aim, weapon, damage)
        strikes["riposte", damage] = strike_odds(atk["attacker"], atk["attacker_total"], blow,
                                                 config, tables)
    return map_outcomes(strikes["riposte", damage], lambda s: attack_outcome(atk, tests, None, s))


def _merged(config: Mapping[str, Any]) -> Mapping[str, Any]:
    return resolved(RULESET, "attack", config)[2]


def attack_odds(params: Any, config: Mapping[str, Any]) -> Dist:
    """HZ-R01-R02, HZ-R06-R10, HZ-R12-R15, HZ-R19, HZ-R21, HZ-G03-G08, HZ-G13-G15, HZ-G18, HZ-G31.

    The whole attack: blocked by cover or out of range (no dice), else the attacker's Test and
    the defender's, then for each pair of results the hit's strike (location, armour, Stamina,
    Injuries) or the parry's riposte.
    """
    merged = _merged(config)
    atk = read_attack_input(params, merged)
    nothing = [[0, False], None]
    if blocks(atk["cover"]):
        return point(attack_outcome(atk, nothing, None, None))
    range_dice = 0
    if atk["mode"] == "ranged":
        _, penalty = range_check(atk)
        if penalty is None:
            return point(attack_outcome(atk, nothing, None, None))
        range_dice = penalty
    _, size = attack_pool(atk, range_dice, merged)
    attacks = test_odds("attacker", size, merged)
    defences = point(None)
    if atk["defence"] is not None:
        _, defence_size = defence_pool_event(atk, atk["defence"], merged)
        defences = test_odds("defender", defence_size, merged)
    pairs = bind(attacks, lambda a: map_outcomes(defences, lambda d: [a, d]))
    strikes: dict[Any, Dist] = {}
    return bind(pairs, lambda tests: _struck(atk, tests, merged, strikes))
