"""The SDM chat card as the module words it, from a rules result: the summary lines
(`foundry/sdm_pool/summary.mjs`), the document changes the new state implies
(`foundry/sdm_pool/changes.mjs`), the trace's catalogue ids (`foundry/sdm_pool/trace.mjs`) and
the builder's parts (`foundry/chat-card.mjs`: each Foundry roll with its faces, Undo for a GM when
something changed)."""

from __future__ import annotations

import json
from typing import Any

from card_text import change_text
from macro_kinds import Message, foundry_format

from sdm_pool.world import actor_uuid

Doc = dict[str, Any]
#: (uuid, name, path, before, after) of one change.
Change = tuple[str, str, str, Any, Any]
#: (formula, faces) of one Foundry roll.
Roll = tuple[str, tuple[int, ...]]
TRACE_IDS = {
    "initiative": "SDM-R02", "order": "SDM-R02", "opening": "SDM-R04", "joined": "SDM-G16",
    "allotment": "SDM-G04", "movement": "SDM-G05", "turn_start": "SDM-R06",
    "no_turn": "SDM-G21", "recovery": "SDM-G20", "recovered": "SDM-G20", "spend": "SDM-R05",
    "reaction": "SDM-R06", "refused": "SDM-G11", "attack_pool": "SDM-R09",
    "difficulty": "SDM-G02", "attack_roll": "SDM-G01", "salvation": "SDM-G08",
    "opportunity": "SDM-R12", "dodge": "SDM-R12", "damage": "SDM-G18", "armor": "SDM-G17",
    "armor_breaks": "SDM-R13", "hp": "SDM-R14", "incapacitated": "SDM-R15",
    "disengage": "SDM-G12", "counter_pending": "SDM-G13", "stabilize": "SDM-G20",
    "stabilized": "SDM-G20", "heal": "SDM-R16", "death": "SDM-R15",
}
OUTCOMES = {"hit": "SDM-R10", "shortfall": "SDM-R11", "salvation": "SDM-G08"}
#: A character's fields the rules change, with what an absent one means (`ACTOR_FIELDS`).
ACTOR_FIELDS: dict[str, Any] = {
    "hp": None, "actions_left": 0, "minor_actions_left": 0, "owed_actions": 0,
    "owed_minor_actions": 0, "unapplied_damage": 0, "stabilized": False, "dead": False,
}


def trace_id(event: Doc) -> str | None:
    if event["type"] == "tie":
        return "SDM-R03" if event["decided_by"] == "dexterity" else "SDM-G15"
    if event["type"] == "outcome":
        return OUTCOMES.get(event["result"], "SDM-R10")
    return TRACE_IDS.get(event["type"])


def word(lang: dict[str, str], group: str, key: str) -> str:
    """A rules' word as a card names it (`foundry/sdm_pool/words.mjs`): "Stabilise" for the act
    `stabilize`, the key itself when it has none (an author's act, such as "draw a knife")."""
    pascal = "".join(part.capitalize() for part in key.split("_"))
    return lang.get(f"RULEPACK.Sdm.Word.{group}.{pascal}", key)


def _line(lang: dict[str, str], e: Doc, names: dict[str, str], roll: Doc | None) -> str | None:
    def name(key: str = "id") -> str:
        return names.get(str(e[key]), str(e[key]))

    kind = e["type"]
    if kind == "outcome":
        key = {"hit": "Hit", "shortfall": "Shortfall", "salvation": "Salvation"}.get(e["result"])
        if not key or roll is None:
            return None
        return foundry_format(lang[f"RULEPACK.Sdm.Summary.{key}"], successes=roll["successes"],
                              needed=roll["needed"])
    lines: dict[str, Any] = {
        "refused": lambda: ("Refused", {"name": name(), "what": word(lang, "Act", e["what"]),
                                        "reason": word(lang, "Reason", e["reason"])}),
        "opportunity": lambda: ("Opportunity", {"name": name(),
                                                "choice": word(lang, "Choice", e["choice"])}),
        "dodge": lambda: ("Dodge", {"name": name()}),
        "damage": lambda: ("Damage", {"dealt": e["dealt"]}),
        "armor": lambda: ("Armor", {"piece": name("piece"), "absorbed": e["absorbed"],
                                    "before": e["hp_before"], "after": e["hp_after"]}),
        "armor_breaks": lambda: ("Breaks", {"piece": name("piece")}),
        "hp": lambda: ("Hp", {"name": name(), "before": e["before"], "after": e["after"]}),
        "incapacitated": lambda: ("Incapacitated", {"name": name()}),
        "disengage": lambda: ("Disengage", {"name": name(), "distance": e["distance"],
                                            "unit": e["unit"]}),
        "counter_pending": lambda: ("CounterPending", {"name": name("by"),
                                                       "against": name("against")}),
        "stabilize": lambda: ("StabilizeSucceeded" if e["success"] else "StabilizeFailed",
                              {"successes": e["successes"], "needed": e["needed"]}),
        "recovered": lambda: ("Recovered", {"name": name(), "hp": e["hp"]}),
        "heal": lambda: ("Heal", {"name": name(), "before": e["before"], "after": e["after"]}),
        "death": lambda: ("Dead" if e["dead"] else "Alive", {"name": name()}),
        "turn_start": lambda: ("Turn", {"name": name(), "actions": e["actions"],
                                        "minor_actions": e["minor_actions"]}),
        "no_turn": lambda: ("NoTurn", {"name": name(),
                                       "reason": word(lang, "Reason", e["reason"])}),
    }
    if kind not in lines:
        return None
    key, data = lines[kind]()
    return foundry_format(lang[f"RULEPACK.Sdm.Summary.{key}"], **data)


def outcome_lines(lang: dict[str, str], events: list[Doc], names: dict[str, str]) -> list[str]:
    """As `outcomeLines`."""
    found, roll = [], None
    for e in events:
        if e["type"] == "attack_roll":
            roll = e
        text = _line(lang, e, names, roll)
        if text is not None:
            found.append(text)
    return found


def changes_of(sides: list[tuple[Doc, Doc, dict[str, Doc]]], after: list[Doc]) -> list[Change]:
    """As `documentChanges`: `sides` are (actor document, engine character, items by id); each
    before is the value the rules read (an absent HP is the maximum), as the card shows it."""
    found: list[Change] = []
    for (actor, character, items), now in zip(sides, after, strict=True):
        uuid = actor_uuid(actor)
        for key, absent in ACTOR_FIELDS.items():
            was = character.get(key, character["max_hp"] if key == "hp" else absent)
            if key in now and now[key] != was:
                found.append((uuid, actor["name"], f"system.{key}", was, now[key]))
        for piece in now.get("armor", []):
            old = next((p for p in character["armor"] if p["id"] == piece["id"]), None)
            item = items.get(piece["id"])
            if old and item and old["hp"] != piece["hp"]:
                found.append((f"{uuid}.Item.{item['_id']}", item["name"], "system.hp",
                              old["hp"], piece["hp"]))
    return found



def card(lang: dict[str, str], shown: tuple[str, str, list[str]], rolls: list[Roll],
         result: Doc, changes: list[Change], *, undo: bool = True) -> Message:
    """The card `postCard` shows; `shown` is (speaker alias, title, summary lines)."""
    alias, title, summary = shown
    lines = tuple(change_text(lang, name, path, before, after)
                  for _, name, path, before, after in changes)
    return Message(
        alias=alias, flavor_text=title, content_text="\n".join(summary),
        rolls=tuple(rolls), dice_shown=tuple((f, str(sum(v))) for f, v in rolls),
        changes=lines, trace_ids=tuple(trace_id(e) for e in result["events"]),
        actions=("undo", "fixture") if changes and undo else ("fixture",),
    )


def updates(changes: list[Change]) -> tuple[tuple[str, str], ...]:
    """The document updates recorded for `changes`, one per change."""
    return tuple((uuid, json.dumps({path: after}, sort_keys=True))
                 for uuid, _, path, _, after in changes)
