"""The fate_wounds chat card as the module words it, from a rules result: the summary lines
(`foundry/fate_wounds/summary.mjs`), the document changes the new state implies
(`foundry/fate_wounds/changes.mjs`, `economy.mjs`), the updates they make (the default stored
first where nothing was, then the change), the trace's catalogue ids
(`foundry/fate_wounds/trace.mjs`) and the builder's parts (`foundry/chat-card.mjs`: one 4dF
roll per set, Undo for a GM when something changed)."""

from __future__ import annotations

import json
from typing import Any

from card_text import change_text
from macro_kinds import Message, foundry_format

from fate_wounds.world import MODULE_ID

Doc = dict[str, Any]
#: (uuid, name, path, before, after) of one change; before is what the card records (the
#: default stored first when nothing was), `stored` says whether that default was written.
Change = tuple[str, str, str, Any, Any, bool]
TRACE_IDS = {
    "label": "FW-G05", "fate_dice": "P4", "disadvantage": "FW-G01", "power_bonuses": "FW-R06",
    "power_bonuses_refreshed": "FW-G07", "no_defence": "FW-G08", "compare": "FW-R04",
    "wound_column": "FW-R10", "overflow": "FW-R11", "overflow_lost": "FW-G11",
    "overflow_after_out": "FW-G11", "box_checked": "FW-R10", "condition": "FW-R13",
    "wounds_cleared": "FW-G12", "turn_order": "FW-G03", "turn": "FW-R01",
    "turn_skipped": "FW-R13", "action": "FW-R01",
}
FW = "RULEPACK.FateWounds."
ECONOMY = f"flags.{MODULE_ID}.fw."
ACTIONS, ATTACKS = 2, 1


def trace_id(event: Doc) -> str | None:
    if event["type"] == "roll":
        return "FW-R02" if event["side"] == "attack" else "FW-R03"
    return TRACE_IDS.get(event["type"])


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def disadvantage_text(lang: dict[str, str], level: int) -> str:
    return lang[f"{FW}Disadvantage.{min(level, 3)}"]


def _term(lang: dict[str, str], term: Doc, name: str) -> str:
    return foundry_format(lang[f"{FW}Rated"], name=name, value=signed(term["value"]),
                          label=term["label"])


def _roll_line(lang: dict[str, str], e: Doc, names: Doc, powers: dict[str, str]) -> str:
    terms = [_term(lang, e["approach"], lang[f"{FW}Approach.{e['approach']['id']}"])]
    if e["skill"]:
        terms.append(_term(lang, e["skill"], e["skill"]["id"]))
    if e["power"]:
        terms.append(_term(lang, e["power"], powers.get(e["power"]["id"], e["power"]["id"])))
    if e["power_bonuses"]:
        terms.append(foundry_format(lang[f"{FW}Summary.Bonuses"], count=e["power_bonuses"]))
    return foundry_format(lang[f"{FW}Summary.Roll"], name=names["characters"][e["character"]],
                          dice=signed(e["dice"]), terms=" + ".join(terms),
                          total=signed(e["total"]), label=e["label"])


def _line(lang: dict[str, str], e: Doc, names: Doc, powers: dict[str, str]) -> str | None:
    def f(key: str, **data: Any) -> str:
        return foundry_format(lang[f"{FW}Summary.{key}"], **data)

    who = names["characters"].get(e.get("character"), e.get("character"))
    col = names["columns"]
    kind = e["type"]
    if kind == "roll":
        return _roll_line(lang, e, names, powers)
    if kind == "no_defence":
        return f("NoDefence", name=who)
    if kind == "compare":
        if e["winner"] == "attacker":
            return f("Hit", attack=signed(e["attack"]), defence=signed(e["defence"]),
                     damage=e["damage"])
        return f("Defended", attack=signed(e["attack"]), defence=signed(e["defence"]))
    lines: dict[str, Any] = {
        "overflow": lambda: f("Overflow", **{"from": col[e["from"]], "to": col[e["to"]]}),
        "overflow_lost": lambda: f("Lost", name=who, column=col[e["column"]]),
        "overflow_after_out": lambda: f("AfterOut", name=who),
        "box_checked": lambda: f("Box", name=who, column=col[e["column"]], checked=e["checked"],
                                 boxes=e["boxes"]),
        "condition": lambda: (f("Out", name=who) if e["incapacitated"] else
                              f("Condition", name=who,
                                disadvantage=disadvantage_text(lang, e["disadvantage"]))),
        "power_bonuses": lambda: f("BonusesLeft", name=who, spent=e["spent"],
                                   left=e["remaining"]),
        "power_bonuses_refreshed": lambda: f("Refreshed", name=who, left=e["remaining"]),
        "wounds_cleared": lambda: f("Cleared", name=who, column=col[e["column"]],
                                    boxes=e["boxes"]),
    }
    return lines[kind]() if kind in lines else None


def outcome_lines(lang: dict[str, str], events: list[Doc], names: Doc,
                  powers: dict[str, str]) -> list[str]:
    """As `outcomeLines`."""
    return [line for e in events if (line := _line(lang, e, names, powers)) is not None]


def action_line(lang: dict[str, str], name: str, spent: Doc, attack: bool) -> str:
    """As `actionLine`, for the action now taken on top of `spent`."""
    attacks = spent["attacks"] + (1 if attack else 0)
    taken = lang[f"{FW}AttackTaken" if attacks >= ATTACKS else f"{FW}AttackLeft"]
    return foundry_format(lang[f"{FW}Summary.Actions"], name=name,
                          left=ACTIONS - spent["actions"] - 1, actions=ACTIONS, attack=taken)


def fighter_changes(uuid: str, actor: Doc, before: Doc, after: Doc, pool: int) -> list[Change]:
    """As `documentChanges` for one fighter: each changed column, then the bonuses left."""
    found: list[Change] = []
    stored = actor["system"].get("wounds", {})
    for column in after["wound_track"]["columns"]:
        cid = column["id"]
        if before["wounds"].get(cid, 0) != after["wounds"][cid]:
            found.append((uuid, actor["name"], f"system.wounds.{cid}", stored.get(cid, 0),
                          after["wounds"][cid], cid not in stored))
    left = before.get("power_bonus_remaining", before.get("power_bonus_pool", pool))
    if left != after["power_bonus_remaining"]:
        held = actor["system"].get("power_bonus_remaining")
        default = actor["system"].get("power_bonus_pool", pool)
        found.append((uuid, actor["name"], "system.power_bonus_remaining",
                      default if held is None else held, after["power_bonus_remaining"],
                      held is None))
    return found


def economy_changes(uuid: str, name: str, stored: Doc | None, spent: Doc, round_: int,
                    attack: bool) -> list[Change]:
    """As `actionChanges`: the round, actions and attacks after one more action, each that
    differs from its stored value (0 when none is stored)."""
    after = {"round": round_, "actions": spent["actions"] + 1,
             "attacks": spent["attacks"] + (1 if attack else 0)}
    held = stored or {}
    return [(uuid, name, f"{ECONOMY}{key}", held.get(key, 0), value, key not in held)
            for key, value in after.items() if held.get(key, 0) != value]



def card(lang: dict[str, str], shown: tuple[str, str, list[str]],
         sets: list[tuple[int, ...]], result: Doc, changes: list[Change]) -> Message:
    """The card `postCard` shows; `shown` is (speaker alias, title, summary lines), `sets` the
    faces of each 4dF roll in order."""
    alias, title, summary = shown
    lines = tuple(change_text(lang, name, path, before, after)
                  for _, name, path, before, after, _ in changes)
    return Message(
        alias=alias, flavor_text=title, content_text="\n".join(summary),
        rolls=tuple(("4dF", faces) for faces in sets),
        dice_shown=tuple(("4dF", str(sum(faces))) for faces in sets), changes=lines,
        trace_ids=tuple(trace_id(e) for e in result["events"]),
        actions=("undo", "fixture") if changes else ("fixture",),
    )


def updates(changes: list[Change]) -> tuple[tuple[str, str], ...]:
    """The document updates `changes` make: every default stored first, then each change."""
    defaults = [(uuid, json.dumps({path: before}, sort_keys=True))
                for uuid, _, path, before, _, stored in changes if stored]
    applied = [(uuid, json.dumps({path: after}, sort_keys=True))
               for uuid, _, path, _, after, _ in changes]
    return tuple(defaults + applied)
