"""The Hazard Dice chat card as the module words it, from a rules result: the summary lines
(`foundry/hazard/summary.mjs`), the document changes the new state implies
(`foundry/hazard/changes.mjs`), the trace's catalogue ids (`rules/hazard_location_trace.mjs`)
and the builder's parts (`foundry/chat-card.mjs`: one 1dN roll per face, Undo for a GM when
something changed)."""

from __future__ import annotations

import json
from typing import Any

from card_text import change_text
from macro_kinds import Message, foundry_format
from pools import Roll

Doc = dict[str, Any]
#: (uuid, name, path, before, after) of one change.
Change = tuple[str, str, str, Any, Any, tuple[Any, Any]]
"""A predicted change: uuid, name, path, stored before and after, the (before, after) shown."""
TRACE_IDS = {
    "step": "HZ-R01", "range": "HZ-R10", "out_of_range": "HZ-G31", "attack_pool": "HZ-R09",
    "defence_pool": "HZ-R13", "test": "HZ-R02", "mishap": "HZ-G03", "no_defence": "HZ-G14",
    "blocked_by_cover": "HZ-G18", "hit": "HZ-R08", "miss": "HZ-R08", "riposte": "HZ-R14",
    "called_shot_window": "HZ-R16", "called_shot_penalty": "HZ-R19", "coverage_check": "HZ-G20",
    "armor_roll": "HZ-R28", "ablation": "HZ-R29", "unarmored": "HZ-R28", "stamina": "HZ-R21",
    "massive_damage": "HZ-R22", "injury": "HZ-R31", "injury_roll": "HZ-G11",
    "blast_damage": "HZ-R26", "weapon_damage": "HZ-R30",
}
SUMMARY = "RULEPACK.Hazard.Summary."


def trace_id(event: Doc) -> str | None:
    if event["type"] == "table":
        return "HZ-G30" if event["fallback"] else "HZ-R15"
    if event["type"] == "hit_location":
        return "HZ-R19" if event["called"] else "HZ-R15"
    return TRACE_IDS.get(event["type"])


def labels(content: Doc) -> dict[str, str]:
    """Each location's label, the first table naming it winning (`locationLabels`)."""
    found: dict[str, str] = {}
    for table in content["hit_location_tables"]:
        for entry in table["entries"]:
            found.setdefault(entry["location"], entry["label"])
    return found


def _line(lang: dict[str, str], e: Doc, who: str, names: dict[str, str],
          places: dict[str, str]) -> str | None:
    """One event's summary line, or None for an event the summary leaves to the trace."""
    kind = e["type"]
    if kind in ("hit", "miss") and e["d"] is None:
        kind += "_uncontested"
    if kind == "hit_location" and "injury" in e:
        return None
    lines: dict[str, Any] = {
        "out_of_range": lambda: ("OutOfRange", {}),
        "blocked_by_cover": lambda: ("Blocked", {}),
        "miss": lambda: ("Miss", {"a": e["a"], "d": e["d"]}),
        "miss_uncontested": lambda: ("MissUncontested", {"a": e["a"]}),
        "hit": lambda: ("Hit", {"a": e["a"], "d": e["d"], "damage": e["damage"]}),
        "hit_uncontested": lambda: ("HitUncontested", {"a": e["a"], "damage": e["damage"]}),
        "riposte": lambda: ("Riposte", {"damage": e["damage"]}),
        "hit_location": lambda: ("Location", {"name": who, "location": places[e["location"]]}),
        "ablation": lambda: ("Ablation", {"piece": names.get(e["piece"], e["piece"]),
                                          "from": e["from"], "to": e["to"]}),
        "stamina": lambda: ("Stamina", {"name": names[e["character"]], "before": e["before"],
                                        "after": e["after"], "total": e["total"]}),
        "injury": lambda: ("Injury", {"name": who, "location": places[e["location"]]}),
    }
    if kind not in lines:
        return None
    key, data = lines[kind]()
    return foundry_format(lang[SUMMARY + key], **data)


def outcome_lines(lang: dict[str, str], events: list[Doc], names: dict[str, str],
                  places: dict[str, str], target: str) -> list[str]:
    """As `outcomeLines`: a step's events are about the step's target."""
    lines, about = [], target
    for e in events:
        about = e["target"] if e["type"] == "step" else about
        text = _line(lang, e, names.get(about, about), names, places)
        if text is not None:
            lines.append(text)
    return lines


def new_injuries(events: list[Doc]) -> dict[str, list[Doc]]:
    """As `newInjuries`: an `injury` belongs to the character of the `stamina` event before it,
    and the `injury_roll` right after it gives its result."""
    found: dict[str, list[Doc]] = {}
    who = None
    for e in events:
        if e["type"] == "stamina":
            who = e["character"]
        elif e["type"] == "injury" and who is not None:
            found.setdefault(who, []).append(
                {"location": e["location"], "source": e["source_id"], "result": None})
        elif e["type"] == "injury_roll" and who in found:
            found[who][-1]["result"] = e["result"]
    return found


def changes_of(sides: list[tuple[Doc, Doc, dict[str, Doc]]], after: list[Doc],
               events: list[Doc]) -> list[Change]:
    """As `documentChanges`: `sides` are (actor document, engine character, items by id)."""
    found: list[Change] = []
    injuries = new_injuries(events)
    for (actor, character, items), now in zip(sides, after, strict=True):
        uuid = f"Actor.{actor['_id']}"
        stamina = [e for e in events
                   if e["type"] == "stamina" and e["character"] == character["id"]]
        if any(e["before"] != e["after"] for e in stamina):
            # Shown from the first damage's Stamina: a fresh character stores none (its Total).
            found.append((uuid, actor["name"], "system.stamina_current",
                          actor["system"].get("stamina_current"), now["stamina_current"],
                          (stamina[0]["before"], now["stamina_current"])))
        taken = injuries.get(character["id"], [])
        if taken:
            recorded = actor["system"].get("injuries", [])
            found.append((uuid, actor["name"], "system.injuries", recorded, [*recorded, *taken],
                          (len(recorded), len(recorded) + len(taken))))
        for field, key in (("armor", "current_av"), ("weapons", "dv_current")):
            for piece in now[field]:
                was = next(p for p in character[field] if p["id"] == piece["id"])
                if was[key] != piece[key]:
                    item = items[piece["id"]]
                    found.append((f"{uuid}.Item.{item['_id']}", item["name"], f"system.{key}",
                                  item["system"].get(key), piece[key], (was[key], piece[key])))
    return found


def card(lang: dict[str, str], shown: tuple[str, str, list[str]],
         rolls: tuple[Roll, ...], result: Doc, changes: list[Change]) -> Message:
    """The card `postCard` shows; `shown` is (speaker alias, title, summary lines), `rolls` the
    rolls behind its dice (`pools.pool_rolls`: one per pool)."""
    alias, title, summary = shown
    lines = tuple(change_text(lang, name, path, *seen) for _, name, path, _, _, seen in changes)
    return Message(
        alias=alias, flavor_text=title, content_text="\n".join(summary), rolls=rolls,
        dice_shown=tuple((formula, str(sum(faces))) for formula, faces in rolls), changes=lines,
        trace_ids=tuple(trace_id(e) for e in result["events"]),
        actions=("undo", "fixture") if changes else ("fixture",),
    )


#: One target of a card of several: its lines, rolls, rules result and changes.
Part = tuple[list[str], tuple[Roll, ...], Doc, list[Change]]


def parts_card(lang: dict[str, str], shown: tuple[str, str, list[str]],
               parts: list[Part]) -> Message:
    """The card `postPartsCard` shows a GM (`card-parts.mjs`): the outcome lines, then each
    target's lines and change lines, with its Undo when it changed something; every target's
    rolls in the details and its trace; Undo all and Copy as fixture."""
    alias, title, outcome = shown
    lines = [*outcome, *(line for summary, _, _, _ in parts for line in summary)]
    rolls = tuple(roll for _, part_rolls, _, _ in parts for roll in part_rolls)
    changes = tuple(change_text(lang, name, path, *seen)
                    for *_, part_changes in parts for _, name, path, _, _, seen in part_changes)
    undo = tuple("undo-target" for *_, part_changes in parts if part_changes)
    return Message(
        alias=alias, flavor_text=title, content_text="\n".join(lines), rolls=rolls,
        dice_shown=tuple((formula, str(sum(faces))) for formula, faces in rolls), changes=changes,
        trace_ids=tuple(trace_id(e) for _, _, result, _ in parts for e in result["events"]),
        actions=(*undo, *(("undo",) if undo else ()), "fixture"),
    )


def updates(changes: list[Change]) -> tuple[tuple[str, str], ...]:
    """The document updates recorded for `changes`, one per change."""
    return tuple((uuid, json.dumps({path: after}, sort_keys=True))
                 for uuid, _, path, _, after, _ in changes)
