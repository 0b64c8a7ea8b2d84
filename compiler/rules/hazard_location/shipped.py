"""Shipped content -> hazard_location rule input (mirror: `shipped.mjs`).

The content kinds (`compiler/schemas/rulesets/hazard_location/`) write each fact once: a
hit-location row has its range and no percent, a ranged weapon names its weapon system and not
its ranges, an armour piece or weapon without a current value is undamaged. These pure functions
turn validated documents (schema defaults filled: what `rulepack validate` checks, what
`config.mjs` `RULES_DATA` holds, or an Item as `{id, name, ...system}`) into the catalogue §4.5
shapes the rules take (tests/golden/README.md), without the presentation fields (description,
img, tags). A library is `{kind: {id: document}}`, the shape of `RULES_DATA`. Content that does
not fit (a reference to a document the library lacks) is `bad_input` naming the document.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.inputs import sorted_keys
from compiler.rules.shapes import fail

Doc = Mapping[str, Any]
Library = Mapping[str, Mapping[str, Doc]]
Obj = dict[str, Any]

WHERE = "content"
PIECE_FIELDS = ("id", "name", "max_av", "coverage", "layer", "mass_kg", "material")
WEAPON_FIELDS = (
    "id", "name", "mode", "dv_max", "pen", "category", "skill", "attribute", "traumatic",
    "additional_injuries_rolled", "mass_kg", "material",
)
CHARACTER_FIELDS = (
    "id", "name", "attributes", "attributes_undamaged", "skills", "species", "sex", "phenotype",
    "stamina_current", "advancements", "permanently_lost",
)
SPECIES_FIELDS = (
    "id", "name", "hit_location_table", "max_stamina", "sex_caps", "phenotypes",
    "movement_modifiers",
)
EXPLOSIVE_FIELDS = ("id", "name", "severity", "blast_radius", "damage", "pen", "traumatic")
COVER_FIELDS = ("id", "name", "kind", "av")
INJURY_TABLE_FIELDS = ("id", "name", "die", "location")
INJURY_ENTRY_FIELDS = ("range", "result", "effects")


def pick(doc: Doc, fields: Sequence[str]) -> Obj:
    """The `fields` that `doc` has, in `fields` order."""
    return {key: doc[key] for key in fields if key in doc}


def value_or(doc: Doc, key: str, fallback: Any) -> Any:
    """`doc[key]` when `doc` has the key, else `fallback`."""
    return doc[key] if key in doc else fallback


def hit_location_table(doc: Doc) -> Obj:
    """HZ-G09, HZ-G10: the table's rows by roll, each with percent = its range's share of the die.

    The table is for the species of its own id unless a species names it (HZ-R15).
    """
    where = f"{WHERE}.hit_locations.{doc['id']}"
    rows = sorted(doc["locations"], key=lambda row: row["range"][0])
    entries = [table_entry(row, doc["die"], where) for row in rows]
    return {**pick(doc, ("id", "name")), "species": doc["id"], "die": doc["die"],
            "entries": entries}


def table_entry(row: Doc, die: int, where: str) -> Obj:
    """HZ-G10: one row as `{location, label, percent, range}`; the share must be a whole percent."""
    low, high = row["range"]
    share = (high - low + 1) * 100
    if share % die != 0:
        raise fail(where, f"{where}: location {row['id']} has {high - low + 1} of {die} rolls, "
                          "not a whole percent")
    return {"location": row["id"], "label": value_or(row, "name", row["id"]),
            "percent": share // die, "range": [low, high]}


def armor_piece(doc: Doc) -> Obj:
    """HZ-R18, HZ-R28, HZ-R29: an armour piece; without a Current AV it is undamaged (= Max AV)."""
    return {**pick(doc, PIECE_FIELDS), "current_av": value_or(doc, "current_av", doc["max_av"])}


def weapon(doc: Doc, ranges: Mapping[str, Doc]) -> Obj:
    """HZ-R10, HZ-R11, HZ-R30: a weapon at Current DV (= Maximum DV unless damaged) and PEN;
    a ranged one takes Optimal and Maximum Range from its weapon system in `ranges`."""
    result = {**pick(doc, WEAPON_FIELDS), "dv_current": value_or(doc, "dv_current", doc["dv_max"]),
              "pen": value_or(doc, "pen", 0)}
    if doc["mode"] == "ranged":
        where = f"{WHERE}.weapon.{doc['id']}"
        category = value_or(doc, "category", "")
        system = ranges.get(category)
        if system is None:
            raise fail(where, f"{where}.category names no weapon range of the content")
        result["optimal_range_m"] = system["optimal_range_m"]
        result["max_range_m"] = system["max_range_m"]
    return result


def explosive(doc: Doc) -> Obj:
    """HZ-R25, HZ-R26, HZ-G24: an explosive, PEN 0 unless it has one."""
    return {**pick(doc, EXPLOSIVE_FIELDS), "pen": value_or(doc, "pen", 0)}


def cover(doc: Doc) -> Obj:
    """HZ-R12, HZ-G18: a kind of cover, with its AV if it has one."""
    return pick(doc, COVER_FIELDS)


def species(doc: Doc) -> Obj:
    """HZ-R15, HZ-G28: a species, its Hit Location table and its Maximum Stamina caps."""
    return pick(doc, SPECIES_FIELDS)


def injury_table(doc: Doc) -> Obj:
    """HZ-G11: an Injury table, general or for one location."""
    entries = [pick(entry, INJURY_ENTRY_FIELDS) for entry in doc["entries"]]
    return {**pick(doc, INJURY_TABLE_FIELDS), "entries": entries}


def character(
    doc: Doc, armor: Sequence[Doc], weapons: Sequence[Doc], ranges: Mapping[str, Doc]
) -> Obj:
    """HZ-R31, HZ-G27: a character wearing the `armor` pieces and carrying the `weapons` given
    (documents, in order: an actor's embedded Items, or what its `items` name)."""
    return {**pick(doc, CHARACTER_FIELDS), "armor": [armor_piece(p) for p in armor],
            "weapons": [weapon(w, ranges) for w in weapons]}


def library_character(doc: Doc, library: Library) -> Obj:
    """HZ-R31, HZ-G27: a character with the armour and weapons its `items` name in `library`."""
    items = value_or(doc, "items", {})
    where = f"{WHERE}.fighter.{doc['id']}.items"
    armor = [lookup(library, "armor", key, f"{where}.armor")
             for key in value_or(items, "armor", [])]
    weapons = [lookup(library, "weapon", key, f"{where}.weapons")
               for key in value_or(items, "weapons", [])]
    return character(doc, armor, weapons, value_or(library, "weapon_range", {}))


def lookup(library: Library, kind: str, key: str, where: str) -> Doc:
    """The `kind` document `key` of `library`; a missing one is `bad_input`."""
    found = value_or(library, kind, {}).get(key)
    if found is None:
        raise fail(where, f"{where} names {kind} {key}, which the content lacks")
    return found  # type: ignore[no-any-return]


def documents(library: Library, kind: str) -> list[Doc]:
    """The `kind` documents of `library`, by id in JS sort order (both engines agree)."""
    found = value_or(library, kind, {})
    return [found[key] for key in sorted_keys(found)]


def engine_content(library: Library) -> Obj:
    """HZ-G09, HZ-G11, HZ-G28: the `content` input of the rules that read one."""
    return {
        "hit_location_tables": [hit_location_table(d) for d in documents(library, "hit_locations")],
        "species": [species(d) for d in documents(library, "species")],
        "injury_tables": [injury_table(d) for d in documents(library, "injury_table")],
    }


def engine_config(rules_config: Mapping[str, Any], library: Library) -> Obj:
    """HZ-R25, HZ-G25: `rules_config` with the Damage of the Blast Severity rows, when there are
    any, as `blast_damage_by_severity`; the rows must be Severity 1, 2, ... with no gap."""
    rows = sorted(documents(library, "blast_severity"), key=lambda row: row["severity"])
    for index, row in enumerate(rows):
        if row["severity"] != index + 1:
            where = f"{WHERE}.blast_severity.{row['id']}"
            raise fail(where, f"{where}.severity must be {index + 1}: the Severities run 1, 2, ...")
    if not rows:
        return dict(rules_config)
    return {**rules_config, "blast_damage_by_severity": [row["damage"] for row in rows]}
