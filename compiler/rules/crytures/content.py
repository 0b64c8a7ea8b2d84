"""Shipped content → the crytures rules' inputs, one pure function per kind (mirror: content.mjs).

The content schemas (`compiler/schemas/rulesets/crytures/`) keep the engine's field names, so most
of this is copying. What it adds: the type charts joined into `rules_config.type_chart` (CR-G04),
a fighter's powers from its own list and its weapons', its melee reach, its carried consumables
and binding crystals counted, and the checks the schemas cannot make (a cryture has a basic Melee
power, a bound fighter is a cryture, a cost is in Stamina or Mana).

Documents come as validated (defaults filled) or as Foundry stores them, where a field left out
is null: null and absent are read alike. `data` is the ruleset's data kinds by kind, then id (the
module's `RULES_DATA`); `docs` maps a kind to its documents by id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.crytures.common import bad

Doc = Mapping[str, Any]
Docs = Mapping[str, Mapping[str, Doc]]
RESOURCES = ("stamina", "mana")
POWER_LINES = ("hit", "crit", "effect")
POWER_FLAGS = ("concentration", "basic", "includes_user")


def present(value: Mapping[str, Any] | None) -> dict[str, Any]:
    """A document's fields without the null ones (Foundry's way of leaving a field out)."""
    return {k: v for k, v in (value or {}).items() if v is not None}


def rules_config(config: Mapping[str, Any], data: Docs) -> dict[str, Any]:
    """CR-G04: `config` with `type_chart` replaced by every type chart's relations joined (a
    ruleset without type_charts/ keeps the config's own)."""
    charts = data.get("type_chart") or {}
    if not charts:
        return dict(config)
    joined: dict[str, dict[str, list[str]]] = {"weak_to": {}, "resists": {}}
    for ident in sorted(charts):
        for relation in charts[ident]["relations"]:
            for key in ("weak_to", "resists"):
                known = joined[key].setdefault(relation["defender"], [])
                known += [t for t in relation.get(key) or [] if t not in known]
    for key in ("weak_to", "resists"):
        joined[key] = {t: types for t, types in joined[key].items() if types}
    return {**config, "type_chart": joined}


def power_input(power: Doc) -> dict[str, Any]:
    """CR-R05, CR-G20: a power document as the rules take it; a cost in anything but Stamina
    or Mana is refused."""
    cost = power.get("cost")
    if cost is not None and cost["resource"] not in RESOURCES:
        raise bad(f"power {power['id']}: cost.resource must be stamina or mana")
    found: dict[str, Any] = {
        "id": power["id"], "name": power.get("name") or power["id"], "type": power.get("type"),
        "action": power["action"], "cost": None if cost is None else dict(cost),
        "range": present(power["range"]), "attack": power.get("attack"),
    }
    found.update({line: present(power[line]) for line in POWER_LINES
                  if power.get(line) is not None})
    found.update({flag: bool(power.get(flag)) for flag in POWER_FLAGS})
    return found


def fighter_powers(fighter: Doc, docs: Docs) -> list[dict[str, Any]]:
    """CR-R05: a fighter's powers: its own, then those its weapons enable, each once."""
    items = fighter.get("items") or {}
    idents = list(items.get("powers") or [])
    for weapon in items.get("weapons") or []:
        idents += [p for p in (docs["weapon"][weapon].get("powers") or []) if p not in idents]
    return [power_input(docs["power"][ident]) for ident in idents]


def basic_melee(fighter: Doc, powers: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """CR-G13: the fighter's basic Melee powers; a cryture without one is refused."""
    found = [p for p in powers if p.get("basic") and p["range"]["kind"] == "melee"]
    if fighter["kind"] == "cryture" and not found:
        raise bad(f"fighter {fighter['id']}: a cryture needs a basic Melee power")
    return found


def combatant(fighter: Doc, powers: Sequence[Mapping[str, Any]], seat: Doc) -> dict[str, Any]:
    """CR-R04, CR-G09, CR-G19: a fighter on the grid; `seat` holds the fight's own fields
    (`side`; `position`, current `health`, `stamina`, `mana`, `elevation`, `summoner`,
    `statuses`, `defeated`, `wielded` where they differ from the sheet)."""
    stats = dict(fighter["stats"])
    reach = max([1, *(p["range"]["x"] for p in basic_melee(fighter, powers))])
    where = present(seat)
    return {
        "id": where.get("id", fighter["id"]), "side": where["side"],
        "health": where.get("health", stats["health"]), "kind": fighter["kind"],
        "types": list(fighter.get("types") or []), "stats": stats,
        "stamina": where.get("stamina", stats.get("stamina", 0)),
        "mana": where.get("mana", stats.get("mana", 0)),
        "position": where.get("position"), "elevation": where.get("elevation", 0),
        "summoner": where.get("summoner"), "statuses": dict(where.get("statuses", {})),
        "defeated": bool(where.get("defeated", False)), "reach": reach,
        "wielded": where.get("wielded"),
    }


def roller(fighter: Doc, ident: str | None = None) -> dict[str, Any]:
    """CR-R01: a fighter as initiative rolls it: Speed + Reflexes."""
    stats = fighter["stats"]
    return {"id": ident or fighter["id"], "speed": stats["speed"], "reflexes": stats["reflexes"]}


def carried(fighter: Doc, docs: Docs) -> tuple[list[dict[str, Any]], int]:
    """CR-R13 step 5: a fighter's consumables (`{id, count, montage_dice}`, first-listed order)
    and how many binding crystals it carries (one item listed per crystal)."""
    items = fighter.get("items") or {}
    counts: dict[str, int] = {}
    for ident in items.get("consumables") or []:
        counts[ident] = counts.get(ident, 0) + 1
    consumables = [{"id": ident, "count": n,
                    "montage_dice": docs["consumable"][ident].get("montage_dice", 3)}
                   for ident, n in counts.items()]
    return (consumables, len(items.get("binding_crystals") or []))


def bound_crytures(fighter: Doc, docs: Docs) -> list[str]:
    """CR-G19: the crytures a character has bound; a bound fighter that is no cryture is refused."""
    found = list(fighter.get("crytures_bound") or [])
    for ident in found:
        if docs["fighter"][ident]["kind"] != "cryture":
            raise bad(f"fighter {fighter['id']}: crytures_bound names {ident}, not a cryture")
    return found


def member(fighter: Doc, docs: Docs, seat: Doc) -> dict[str, Any]:
    """CR-R13, CR-G31: a fighter as a montage party member; `seat` holds the dialog's choices
    (`power` id, `target`, and optionally `id`, `health`, `summoner`, `spend`, `bind`)."""
    powers = {p["id"]: p for p in fighter_powers(fighter, docs)}
    consumables, crystals = carried(fighter, docs)
    where = present(seat)
    stats = dict(fighter["stats"])
    found = {
        "id": where.get("id", fighter["id"]), "health": where.get("health", stats["health"]),
        "power": powers[where["power"]], "target": where["target"], "kind": fighter["kind"],
        "types": list(fighter.get("types") or []), "stats": stats,
        "stamina": where.get("stamina", stats.get("stamina", 0)),
        "mana": where.get("mana", stats.get("mana", 0)), "summoner": where.get("summoner"),
        "consumables": consumables, "binding_crystals": crystals,
        "bind": bool(where.get("bind", False)),
    }
    if "spend" in where:
        found["spend"] = dict(where["spend"])
    return found


def enemy(fighter: Doc, docs: Docs, seat: Doc) -> dict[str, Any]:
    """CR-R13, CR-G29: a fighter as a montage enemy; `seat` names its basic attack `power` (and
    optionally its `id` and current `health`)."""
    powers = {p["id"]: p for p in fighter_powers(fighter, docs)}
    where = present(seat)
    stats = dict(fighter["stats"])
    return {
        "id": where.get("id", fighter["id"]), "health": where.get("health", stats["health"]),
        "power": powers[where["power"]], "kind": fighter["kind"],
        "types": list(fighter.get("types") or []), "stats": stats,
        "bindable": bool(fighter.get("bindable", False)),
    }
