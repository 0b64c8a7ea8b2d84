"""The Crytures chat card as the module words it, from a rules result: the summary lines
(`foundry/crytures/summary.mjs`, `montage.mjs`), the Combatant flag changes the new state implies
(`foundry/crytures/changes.mjs`), the trace's catalogue ids (`foundry/crytures/trace.mjs`) and
the builder's parts (`foundry/chat-card.mjs`: the rolls, one per pool, Undo for a GM when
something changed)."""

from __future__ import annotations

import json
from typing import Any

from browser_page import BuiltModule
from card_text import change_label, change_text, shown_value
from macro_kinds import Message, foundry_format
from pools import Roll, pool_rolls

from crytures.world import ENGINE, MODULE, Dice, combatant_uuid, config_overrides

Doc = dict[str, Any]
#: (uuid, name, path, before, after) of one change.
Change = tuple[str, str, str, Any, Any]
S = "RULEPACK.Crytures.Summary."
REFUSALS = {
    "defeated": "CR-G14", "off_grid": "CR-G19", "not_basic": "CR-G13", "oa_spent": "CR-G10",
    "no_action": "CR-R04", "cannot_pay": "CR-G20", "out_of_range": "CR-R06", "too_far": "CR-R04",
    "occupied": "CR-R04", "not_adjacent": "CR-G19", "second_move": "CR-R04",
    "not_your_cryture": "CR-G19", "cryture_active": "CR-G19", "cryture_inactive": "CR-G19",
    "too_many_crytures": "CR-G19",
}
FIXED = {
    "initiative": "CR-R01", "inserted": "CR-R03", "area": "CR-G07", "type_relation": "CR-R12",
    "roll_modifier": "CR-R11", "roll": "CR-R07", "defeated": "CR-G14", "declare": "CR-R05",
    "cost": "CR-G20", "targets": "CR-G15", "provoked": "CR-R09", "status": "CR-R05",
    "turn_start": "CR-R04", "turn_end": "CR-R04", "step": "CR-R04", "move": "CR-G11",
    "shift": "CR-R09", "summon": "CR-G19", "recall": "CR-G19", "swap_weapons": "CR-R04",
    "complexity": "CR-G23", "summons": "CR-G30", "ranks": "CR-R13", "square_up": "CR-G25",
    "spend": "CR-G30", "montage_roll": "CR-G24", "montage_damage": "CR-G26", "binding": "CR-G29",
}


def trace_id(e: Doc, rule: str) -> str | None:
    """As the TRACE table's ids."""
    kind = e["type"]
    late = rule == "late_entrant"
    computed: dict[str, Any] = {
        "roll_off": lambda: "CR-G16" if late else ("CR-G17" if len(e["group"]) > 2 else "CR-R02"),
        "order": lambda: "CR-R03" if late else "CR-R01",
        "range": lambda: "CR-G08" if e["extension"] > 0 else "CR-R06",
        "attack_pool": lambda: "CR-G03" if e["size"] == 0 else "CR-R10",
        "hits": lambda: "CR-R08" if e["crits"] > 0 else "CR-R07",
        "damage": lambda: "CR-G26" if rule == "battle_montage" else "CR-R07",
        "refused": lambda: REFUSALS.get(e["reason"], "CR-R04"),
        "action": lambda: "CR-G18" if e["converted"] else "CR-R04",
        "tasks": lambda: "CR-G24" if e["attacked_by"] else "CR-G27",
        "outcome": lambda: "CR-G29" if e["outcome"] == "bound" else "CR-G28",
    }
    if kind in computed:
        return str(computed[kind]())
    return FIXED.get(kind)


def _line(lang: dict[str, str], e: Doc, names: dict[str, str]) -> str | None:
    """One event's summary line (`line` in summary.mjs), or None."""
    def name(ident: str) -> str:
        return names.get(ident, ident)

    def word(key: str) -> str:
        return lang[key]
    signed = f"+{e['roll_mod']}" if e.get("roll_mod", 0) > 0 else str(e.get("roll_mod"))
    lines: dict[str, Any] = {
        "refused": lambda: ("Refused", {"reason": word(f"RULEPACK.Crytures.Reason.{e['reason']}")}),
        "action": lambda: ("ActionConverted" if e["converted"] else "Action",
                           {"slot": word(f"RULEPACK.Crytures.Slot.{e['slot']}")}),
        "cost": lambda: ("Cost", {"resource": word(f"RULEPACK.Crytures.Resource.{e['resource']}"),
                                  "before": e["before"], "after": e["after"]}),
        "provoked": lambda: ("Provoked", {"by": ", ".join(name(i) for i in e["by"])}),
        "hits": lambda: ("Hits", {"target": name(e["target"]), "hits": e["total_hits"],
                                  "crits": e["crits"], "difficulty": e["difficulty"],
                                  "mod": signed}),
        "damage": lambda: ("Damage", {"target": name(e["target"]), "damage": e["damage"],
                                      "health": e["health"]}),
        "defeated": lambda: ("Defeated", {"name": name(e["combatant"])}),
        "status": lambda: ("Status", {"name": name(e["combatant"]), "status": e["status"],
                                      "count": e["count"]}),
        "summon": lambda: ("Summon", {"summoner": name(e["summoner"]),
                                      "cryture": name(e["cryture"])}),
        "recall": lambda: ("Recall", {"summoner": name(e["summoner"]),
                                      "cryture": name(e["cryture"])}),
    }
    if e["type"] not in lines:
        return None
    key, data = lines[e["type"]]()
    return foundry_format(lang[S + key], **data)


def power_lines(lang: dict[str, str], events: list[Doc], names: dict[str, str]) -> list[str]:
    """As `powerLines`."""
    return [line for e in events if (line := _line(lang, e, names)) is not None]


def status_list(statuses: dict[str, int]) -> list[Doc]:
    return [{"status": s, "count": statuses[s]} for s in sorted(statuses)]


def change(row: Doc, key: str, value: Any) -> Change:
    before = row["flags"].get(key)
    return (combatant_uuid(row), row["name"], f"flags.{MODULE}.{key}", before, value)


def fight_changes(rows: list[Doc], after: list[Doc]) -> list[Change]:
    """As `fightChanges`."""
    found = []
    for row in rows:
        now = next((c for c in after if c["id"] == row["id"]), None)
        if now is None:
            continue
        was = row["state"]
        found += [change(row, k, now[k]) for k in ("health", "stamina", "mana", "defeated")
                  if was[k] != now[k]]
        if status_list(was["statuses"]) != status_list(now["statuses"]):
            found.append(change(row, "statuses", status_list(now["statuses"])))
    return found


def actions_of(row: Doc, round_: int) -> dict[str, bool]:
    flags = row["flags"]
    if flags.get("actions_round") != round_:
        return {"major": True, "minor": True}
    return {"major": flags.get("major") is not False, "minor": flags.get("minor") is not False}


def action_changes(row: Doc, before: Doc, after: Doc, round_: int) -> list[Change]:
    """As `actionChanges`."""
    flags = row["flags"]
    found = [change(row, s, after[s]) for s in ("major", "minor")
             if before[s] != after[s] or flags.get(s) != after[s]]
    if found and flags.get("actions_round") != round_:
        found.append(change(row, "actions_round", round_))
    return found


def rolls_of(module: BuiltModule, rule: str, inp: Doc, dice: Dice) -> list[Roll]:
    """The Foundry rolls behind `dice`: one per pool the rule takes at once (`runRolled`, which
    is `rollRule` with `pools`), so an attack pool is one `4d10` and a roll-off one roll of the
    tied group's dice."""
    queue = [{"d": d, "v": v} for d, v in dice]
    return list(pool_rolls(ENGINE, rule, config_overrides(module), inp, queue))


def card(lang: dict[str, str], shown: tuple[str, str, list[str]], rolls: list[Any],
         result: Doc, rule: str, changes: list[Change], *, gm: bool = True,
         relayed: bool = False) -> Message:
    """The card `postCard` shows; `shown` is (speaker alias, title, summary lines). A relayed
    card lists its changes as pending summary lines and applies none."""
    alias, title, summary = shown
    lines = tuple(change_text(lang, name, path, before, after)
                  for _, name, path, before, after in changes)
    if relayed:
        summary = [*summary, *(foundry_format(lang["RULEPACK.Gm.Pending"], name=name,
                                              label=change_label(lang, path),
                                              after=shown_value(lang, after))
                               for _, name, path, _, after in changes)]
        lines = ()
    return Message(
        alias=alias, flavor_text=title, content_text="\n".join(summary),
        rolls=tuple(rolls), dice_shown=tuple((f, str(sum(v))) for f, v in rolls),
        changes=lines, trace_ids=tuple(trace_id(e, rule) for e in result["events"]),
        actions=("undo", "fixture") if lines and gm else ("fixture",),
    )


def updates(changes: list[Change]) -> tuple[tuple[str, str], ...]:
    return tuple((uuid, json.dumps({path: after}, sort_keys=True))
                 for uuid, _, path, _, after in changes)
