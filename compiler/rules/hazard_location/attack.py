"""The five-step attack and the blast (mirror: `attack.mjs`).

Canonical dice order (catalogue §4.4): attacker pool (first die the Hazard Die), defender pool,
hit-location d100 unless a Called Shot, partial-coverage d100s outer to inner, Effective AV d6,
then per Injury its location d100 (if it rolls one) and its Injury-table die (if configured).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.hazard_location.armor import entry_of, resolve_armor, roll_location
from compiler.rules.hazard_location.checks import decide_hit, riposte_margin, roll_test
from compiler.rules.hazard_location.fields import length_m
from compiler.rules.hazard_location.harm import load_content, prepare, take_damage
from compiler.rules.hazard_location.measures import blast_event, blocks, explosive_of, table_for
from compiler.rules.hazard_location.pools import (
    attack_pool,
    defence_of,
    defence_pool_event,
    prepare_attack,
    range_check,
)
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

IN = "input"
Result = tuple[list[Event], State]
Input = Mapping[str, Any]
Obj = dict[str, Any]


def step(number: int, name: str, target: str) -> Event:
    """HZ-R01: the marker opening one step of the attack order in the trace."""
    return {"type": "step", "step": number, "name": name, "target": target}


def strike(
    target: Mapping[str, Any], total: int, blow: Mapping[str, Any], config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], Obj, Obj | None, str]:
    """HZ-R01 steps 3-5: locate the hit, resolve armour, apply the rest to Stamina.

    `blow` is `{table, table_event, called, pen, damage, cover, source}`; returns
    (events, target after, cover after, struck location).
    """
    events: list[Event] = [step(3, "hit_location", target["id"]), blow["table_event"]]
    if blow["called"] is not None:
        location = blow["called"]
        events.append({"type": "hit_location", "table": blow["table"]["id"],
                       "location": location, "called": True})
    else:
        rolled, location = roll_location(blow["table"], queue)
        events.append(rolled)
    events.append(step(4, "armor", target["id"]))
    armor_events, through, worn, cover = resolve_armor(
        target["armor"], blow["cover"], (location, blow["pen"], blow["damage"]), config, queue)
    events += armor_events
    events.append(step(5, "damage", target["id"]))
    harm, after = take_damage({**target, "armor": worn}, total, (through, location, blow["source"]),
                              config, queue)
    return (events + harm, after, cover, location)


def weapon_source(weapon: Mapping[str, Any], table: Mapping[str, Any],
                  content: Mapping[str, Any]) -> Obj:
    """HZ-R22, HZ-G26: a weapon as a localised source; further Injuries roll only if it says so."""
    rolled_from = 2 if weapon["additional_injuries_rolled"] else 0
    return {"id": weapon["id"], "traumatic": weapon["traumatic"], "triggers_injury": False,
            "rolled_from": rolled_from, "table": table, "content": content}


def attack(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R01-R02, HZ-R06-R10, HZ-R12-R15, HZ-R19, HZ-R21, HZ-G03-G08, HZ-G13-G15, HZ-G18, HZ-G31.

    One attack through the five steps; a parried attack may instead give a riposte (HZ-R14).
    """
    atk = prepare_attack(fields, config)
    defence = defence_of(atk)
    atk["defence"] = defence
    state: Obj = {"hit": False, "location": None, "attacker": atk["attacker"],
                  "defender": atk["defender"], "cover": atk["cover"]}
    events: list[Event] = [step(1, "attack", atk["defender"]["id"])]
    if blocks(atk["cover"]):
        return ([*events, {"type": "blocked_by_cover"}], state)
    range_dice = 0
    if atk["mode"] == "ranged":
        checked, penalty = range_check(atk)
        events.append(checked)
        if penalty is None:
            return (events, state)
        range_dice = penalty
    pool, size = attack_pool(atk, range_dice, config)
    rolled, a, _ = roll_test("attacker", size, [], config, queue)
    events += [pool, *rolled, step(2, "defence", atk["defender"]["id"])]
    d = None
    if defence is None:
        events.append({"type": "no_defence"})
    else:
        pool, size = defence_pool_event(atk, defence, config)
        rolled, d, _ = roll_test("defender", size, [], config, queue)
        events += [pool, *rolled]
    return _outcome(atk, (a, d), events, config, queue)


def _outcome(atk: Obj, successes: tuple[int, int | None], events: list[Event],
             config: Mapping[str, Any], queue: DiceQueue) -> Result:
    a, d = successes
    hit, mos = decide_hit(a, d, config)
    state: Obj = {"hit": hit, "location": None, "attacker": atk["attacker"],
                  "defender": atk["defender"], "cover": atk["cover"]}
    if not hit:
        events.append({"type": "miss", "a": a, "d": d})
        return _riposte(atk, successes, events, config, queue)
    weapon = atk["weapon"]
    damage = weapon["dv_current"] + mos
    events.append({"type": "hit", "a": a, "d": d, "mos": mos, "dv": weapon["dv_current"],
                   "damage": damage})
    blow = {"table": atk["table"], "table_event": atk["table_event"], "called": atk["called"],
            "pen": weapon["pen"], "damage": damage, "cover": atk["cover"],
            "source": weapon_source(weapon, atk["table"], atk["content"])}
    more, defender, cover, location = strike(atk["defender"], atk["defender_total"], blow,
                                             config, queue)
    state.update(defender=defender, cover=cover, location=location)
    return (events + more, state)


def _riposte(atk: Obj, successes: tuple[int, int | None], events: list[Event],
             config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R14, HZ-G07: a parry whose MoS meets the attacker's successes strikes back."""
    a, d = successes
    defence = atk["defence"]
    state: Obj = {"hit": False, "location": None, "attacker": atk["attacker"],
                  "defender": atk["defender"], "cover": atk["cover"]}
    margin = None if d is None or defence is None else riposte_margin(a, d, defence["kind"],
                                                                     config)
    if margin is None:
        return (events, state)
    weapon = defence.get("weapon_item")
    if weapon is None:
        raise fail(IN, f"{IN}.defence.weapon is required for a riposte")
    damage = weapon["dv_current"] + margin
    events.append({"type": "riposte", "margin": margin, "dv": weapon["dv_current"],
                   "damage": damage})
    table, table_event = table_for(atk["fields"], config, atk["attacker"]["species"],
                                   atk["content"])
    blow = {"table": table, "table_event": table_event, "called": None, "pen": weapon["pen"],
            "damage": damage, "cover": None,
            "source": weapon_source(weapon, table, atk["content"])}
    more, attacker, _, _ = strike(atk["attacker"], atk["attacker_total"], blow, config, queue)
    state["attacker"] = attacker
    return (events + more, state)


def blast_location(table: Mapping[str, Any], config: Mapping[str, Any],
                   queue: DiceQueue) -> tuple[list[Event], str]:
    """HZ-G24: the location whose armour makes a blast's Armor Roll, and its events.

    `blast_armor_location` names it, or `rolled` rolls it on the target's table; a table lacking
    the named one takes `blast_armor_fallback`: a rolled location, the largest (the first on a
    tie), or `refuse` (bad_config).
    """
    named = config["blast_armor_location"]
    entries = table["entries"]
    if named != "rolled" and any(e["location"] == named for e in entries):
        return ([], named)
    fallback = "rolled" if named == "rolled" else config["blast_armor_fallback"]
    if fallback == "refuse":
        entry_of(table, named, "config.blast_armor_location")
    if fallback == "largest":
        top = max(entries, key=lambda e: e["percent"])
        return ([], top["location"])
    rolled, location = roll_location(table, queue)
    return ([rolled], location)


def blast(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R25-R27, HZ-G23-G26: a blast's Damage at distance, one Armor Roll, then each Injury.

    Every Injury rolls its own location, the Massive Damage ones included.
    """
    content = load_content(fields, config)
    target, total = prepare(fields["target"], f"{IN}.target", config, content)
    explosive = explosive_of(fields, config)
    distance = length_m(fields["distance"], config["metres_per_hex"])
    damage_event = blast_event(explosive, distance, config)
    damage = damage_event["damage"]
    if damage == 0:
        return ([damage_event], {"target": target})
    table, table_event = table_for(fields, config, target["species"], content)
    located, location = blast_location(table, config, queue)
    events: list[Event] = [damage_event, table_event, *located]
    armor_events, through, worn, _ = resolve_armor(target["armor"], None,
                                                   (location, explosive["pen"], damage),
                                                   config, queue)
    source = {"id": explosive["id"], "traumatic": explosive["traumatic"],
              "triggers_injury": False, "rolled_from": 1, "table": table, "content": content}
    harm, after = take_damage({**target, "armor": worn}, total, (through, None, source), config,
                              queue)
    return (events + armor_events + harm, {"target": after})
