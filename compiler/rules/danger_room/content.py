"""Shipped content → the engine's inputs, one pure function per kind (mirror: `content.mjs`).

The danger_room content schemas (`compiler/schemas/rulesets/danger_room/`) keep the engine's own
field names, so most of this is copying. What it does besides:

- a card's `keywords` are the engine's card `tags`; an Active Defence document becomes a card of
  kind `active_defence`; a condition a card inflicts without a duration takes the condition's
  `default_duration_turns` (DR-G17);
- a fighter's Generation, phenotype and Sensorial Class are looked up in the ruleset's tables;
- the `sizes` and `visibility_levels` tables replace those config keys (DR-G23, DR-G32).

Inputs are a document's data with its `id` (as validated, defaults filled, or as Foundry stores
it, where a field left out is null), and `data`, the ruleset's tables as the module's
`RULES_DATA` holds them: `{kind: {id: document}}`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.danger_room.health import vitals
from compiler.rules.errors import BAD_INPUT, RuleError

Data = Mapping[str, Mapping[str, Mapping[str, Any]]]
"""The ruleset's data kinds by kind, then id (the module's `RULES_DATA`)."""

REACH_KEYS: tuple[str, ...] = ("shape", "size", "origin", "range", "include_self")
DEFENCE_KEYS: tuple[str, ...] = ("emergency", "uses_per_fight", "targets", "effect", "amount")


def _entry(data: Data, kind: str, ident: str, where: str) -> Mapping[str, Any]:
    table = data.get(kind) or {}
    if ident not in table:
        raise RuleError(BAD_INPUT, f"{where} names no {kind} of the ruleset's data")
    return table[ident]


def rules_config(config: Mapping[str, Any], data: Data) -> dict[str, Any]:
    """DR-G23, DR-G32: `config` with `sizes` and `visibility_levels` from the ruleset's tables.

    A ruleset without a sizes/ (or visibility_levels/) table keeps the config's own.
    """
    updated = dict(config)
    sizes = data.get("size") or {}
    if sizes:
        updated["sizes"] = {
            ident: {"hit_die": sizes[ident]["hit_die"], "bulk": sizes[ident]["bulk"]}
            for ident in sorted(sizes)
        }
    levels = data.get("visibility_level") or {}
    if levels:
        updated["visibility_levels"] = {ident: levels[ident]["penalty"] for ident in sorted(levels)}
    return updated


def fighter_ref(fighter: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R01, DR-R02: a fighter as the cardless rules take it: `{id, attributes}`."""
    return {"id": fighter["id"], "attributes": dict(fighter["attributes"])}


def fighter_sheet(fighter: Mapping[str, Any], data: Data) -> dict[str, Any]:
    """DR-R21, DR-R22, DR-G32: the `sheet` of the `fighter_vitals` rule.

    A player character brings its Generation multiplier (null: the config default) and its
    phenotype's hit die; an enemy its threat tier. Everyone brings a size, for its Bulk.
    """
    physiology = fighter["physiology"]
    pc = fighter["role"] == "pc"
    generation = fighter.get("generation") if pc else None
    multiplier = None
    if generation is not None:
        multiplier = _entry(data, "generation", generation, "fighter.generation")["multiplier"]
    hit_die = None
    if pc:
        where = "fighter.physiology.phenotype"
        hit_die = _entry(data, "phenotype", physiology["phenotype"], where)["hit_die"]
    return {
        "kind": fighter["role"],
        "attributes": dict(fighter["attributes"]),
        "generation": multiplier,
        "phenotype_hit_die": hit_die,
        "threat_tier": None if pc else fighter["threat_tier"],
        "size": physiology["size"],
        "soak": fighter.get("soak"),
        "toughness": fighter.get("toughness"),
        "shield_points": fighter.get("shield_points"),
        "stamina_max": fighter.get("stamina_max"),
    }


def sensorial_class(
    ident: str | None, data: Data, config: Mapping[str, Any]
) -> dict[str, Any] | None:
    """DR-R12, DR-G24, DR-G25: `{id, acuity, <second rating>}` from the table; null: the default."""
    if ident is None:
        return None
    entry = _entry(data, "sensorial_class", ident, "fighter.physiology.sensorial_class")
    second = config["sensorial"]["second_rating_name"]
    return {"id": ident, "acuity": entry["acuity"], second: entry["reaction"]}


def _xp(fighter: Mapping[str, Any], data: Data) -> int | None:
    """DR-G38: an enemy's own XP, else its tier's default_xp; null leaves it to the engine."""
    if fighter["role"] == "pc":
        return None
    own: int | None = fighter.get("xp")
    if own is not None:
        return own
    tier = (data.get("threat_tier") or {}).get(fighter["threat_tier"]) or {}
    default: int | None = tier.get("default_xp")
    return default


def combatant(
    fighter: Mapping[str, Any],
    weapons: Mapping[str, Mapping[str, Any]],
    data: Data,
    config: Mapping[str, Any],
    seat: Mapping[str, Any],
) -> dict[str, Any]:
    """DR-R01, DR-R21, DR-R22, DR-R24, DR-G36: a fighter at the start of a fight, as `turn` has it.

    `weapons` holds the carried weapons by id; `config` is the fight's config with the tables in
    (`rules_config`), from which the engine's own `vitals` work out Health, Bulk and Stamina;
    `seat` says where the fighter starts: `{side, hex}`.
    """
    numbers = vitals(fighter_sheet(fighter, data), config)
    physiology = fighter["physiology"]
    pc = fighter["role"] == "pc"
    carried = fighter["items"].get("weapons") or []
    for index, ident in enumerate(carried):
        if ident not in weapons:
            raise RuleError(BAD_INPUT, f"fighter.items.weapons[{index}] is not in weapons")
    return {
        "id": fighter["id"],
        "side": seat["side"],
        "attributes": dict(fighter["attributes"]),
        "health": numbers["health"],
        "max_health": numbers["max_health"],
        "status": "fighting",
        "threat_tier": None if pc else fighter["threat_tier"],
        **{key: numbers[key] for key in ("bulk", "soak", "toughness", "shield_points")},
        **{key: list(physiology[key]) for key in ("vulnerable", "resist", "immune")},
        "stamina": numbers["stamina"],
        "stamina_max": numbers["stamina_max"],
        "conditions": {},
        "acted": False,
        "defence_uses": {},
        "xp": _xp(fighter, data),
        "played": False,
        "hex": [seat["hex"][0], seat["hex"][1]],
        "airborne": fighter["airborne"],
        "sensorial_class": sensorial_class(physiology.get("sensorial_class"), data, config),
        "traits": [{"id": t["id"], "tags": list(t["tags"])} for t in physiology["traits"]],
        "weapons": [weapon_input(weapons[ident]) for ident in carried],
        "wielded": list(fighter["wielded"]),
    }


def _reach(reach: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """DR-G22: the keys the card gives, in the engine's order (Foundry's nulls left out)."""
    if reach is None:
        return None
    return {key: reach[key] for key in REACH_KEYS if reach.get(key) is not None}


def _inflicts(card: Mapping[str, Any], data: Data) -> list[dict[str, Any]]:
    """DR-G17: each rider's Turns, else its condition's default (null: config's)."""
    riders = []
    for index, rider in enumerate(card["inflicts"]):
        turns = rider.get("duration_turns")
        if turns is None:
            where = f"card.inflicts[{index}].condition"
            condition = _entry(data, "condition", rider["condition"], where)
            turns = condition.get("default_duration_turns")
        riders.append({"condition": rider["condition"], "duration_turns": turns})
    return riders


def card_input(card: Mapping[str, Any], data: Data) -> dict[str, Any]:
    """DR-R07, DR-R09, DR-R11, DR-R18, DR-R20, DR-G35: a card as a Turn choice carries it."""
    save = card.get("save")
    return {
        "id": card["id"],
        "kind": card["kind"],
        "speed": card["speed"],
        "focus": card["focus"],
        "movement": card["movement"],
        "reach": _reach(card.get("reach")),
        "tags": list(card["keywords"]),
        "weapon": card.get("weapon"),
        "damage": card.get("damage"),
        "base_attribute": card.get("base_attribute"),
        "damage_type": card.get("damage_type"),
        "hits": card["hits"],
        "save": None if save is None else {key: save[key] for key in ("attribute", "on_save")},
        "inflicts": _inflicts(card, data),
        "active_defence": None,
    }


def _stops(defence: Mapping[str, Any]) -> list[str]:
    kinds: Sequence[str] = defence["stops"]
    types: Sequence[str] = defence["stops_damage_types"]
    return [*kinds, *types]


def active_defence_card(defence: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R15, DR-R16, DR-G11, DR-G26: an Active Defence as the card that arms it."""
    on_block = defence["on_block"]
    return {
        "id": defence["id"],
        "kind": "active_defence",
        "speed": defence["speed"],
        "focus": defence["focus"],
        "movement": defence["movement"],
        "reach": None,
        "tags": list(defence["keywords"]),
        "weapon": None,
        "damage": None,
        "base_attribute": None,
        "damage_type": None,
        "hits": 1,
        "save": None,
        "inflicts": [],
        "active_defence": {
            "stops": _stops(defence),
            **{key: defence[key] for key in DEFENCE_KEYS},
            "on_block": {"heal": on_block["heal"], "empower": on_block["empower"]},
        },
    }


def weapon_input(weapon: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R23, DR-G35: a weapon as a fighter carries it; a firearm starts loaded."""
    capacity = weapon.get("capacity")
    return {
        "id": weapon["id"],
        "hands": weapon["hands"],
        "damage": weapon["damage"],
        "base_attribute": weapon["base_attribute"],
        "techniques": list(weapon["techniques"]),
        "capacity": capacity,
        "loaded": capacity,
        "thrown": weapon["thrown"],
    }
