"""Shipped content -> sdm_pool rule input (mirror: `content.mjs`).

The content kinds (`compiler/schemas/rulesets/sdm_pool/`) write each fact once: a character or
armour piece without current HP is unhurt, `incapacitated` and Broken follow HP, a weapon without
fixed damage deals its dice only. These pure functions turn validated documents (schema defaults
filled: what `rulepack validate` checks, what `config.mjs` `RULES_DATA` holds, or an Item as
`{id, name, ...system}`) into the shapes the rules take (tests/golden/sdm_pool/README.md),
without the presentation fields (description, img, tags). A library is `{kind: {id: document}}`.
Content that does not fit (a reference the library lacks) is `bad_input` naming the document.
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
CHARACTER_FIELDS = ("id", "name", "pc", "traits", "skills", "max_hp", "stabilized", "dead")
OVERRIDES = ("actions", "minor_actions", "movement")
#: The turn state a sheet keeps once the Combat tracker runs (SDM-R05, SDM-R06, SDM-G21); absent
#: or null, the engine's default (none).
TURN_FIELDS = (
    "actions_left", "minor_actions_left", "owed_actions", "owed_minor_actions", "unapplied_damage",
)
TABLES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("action_allotment", "actions_by_int", "intelligence", ("actions", "minor_actions")),
    ("movement_rate", "movement_by_dex", "dexterity", ("movement",)),
)
LEVELS: tuple[tuple[str, str, str], ...] = (
    ("sdm_tier", "sdm", "successes"),
    ("cover_level", "cover_mod", "modifier"),
    ("concealment_level", "concealment_mod", "modifier"),
)


def pick(doc: Doc, fields: Sequence[str]) -> Obj:
    """The `fields` that `doc` has, in `fields` order."""
    return {key: doc[key] for key in fields if key in doc}


def value_or(doc: Doc, key: str, fallback: Any) -> Any:
    """`doc[key]` when `doc` has the key and it is not null, else `fallback` (Foundry stores an
    omitted field as null)."""
    return doc[key] if key in doc and doc[key] is not None else fallback


def key_of(slug: str) -> str:
    """SDM-G02, SDM-G03: a table row's id as the engine's key (`very-hard` is `very_hard`)."""
    return slug.replace("-", "_")


def armor_piece(doc: Doc) -> Obj:
    """SDM-R13, SDM-G17, SDM-G23: an armour piece; without current HP it is undamaged."""
    return {**pick(doc, ("id", "name", "dr", "hp_max")), "hp": value_or(doc, "hp", doc["hp_max"])}


def weapon(doc: Doc) -> Obj:
    """SDM-R09, SDM-G07, SDM-G18, SDM-G23: a weapon: kind, fixed damage (0 without one), dice,
    overrides; its tier as the engine's key."""
    rolled = value_or(doc, "damage_dice", None)
    tier = value_or(doc, "sdm_tier", None)
    return {
        **pick(doc, ("id", "name", "attack_kind")),
        "damage": value_or(doc, "damage", 0),
        "damage_dice": None if rolled is None else {"count": rolled["count"],
                                                    "die": value_or(rolled, "die", 6)},
        "trait": value_or(doc, "trait", None),
        "skill": value_or(doc, "skill", None),
        "sdm_tier": None if tier is None else key_of(tier),
    }


def character(doc: Doc, armor: Sequence[Doc], weapons: Sequence[Doc]) -> Obj:
    """SDM-G19, SDM-R14, SDM-G04, SDM-G05: a character wearing the `armor` pieces (outermost first)
    and carrying the `weapons` given; HP omitted is Maximum HP, and it is incapacitated at 0. The
    turn state it records (SDM-R05, SDM-R06, SDM-G21) is kept when present."""
    hp = value_or(doc, "hp", doc["max_hp"])
    found = {**pick(doc, CHARACTER_FIELDS), "hp": hp, "incapacitated": hp <= 0,
             "armor": [armor_piece(p) for p in armor], "weapons": [weapon(w) for w in weapons]}
    for key in OVERRIDES:
        found[key] = value_or(doc, key, None)
    for key in TURN_FIELDS:
        if value_or(doc, key, None) is not None:
            found[key] = doc[key]
    return found


def library_character(doc: Doc, library: Library) -> Obj:
    """SDM-G19: a character with the armour and weapons its `items` name in `library`."""
    items = value_or(doc, "items", {})
    where = f"{WHERE}.fighter.{doc['id']}.items"
    armor = [lookup(library, "armor", key, f"{where}.armor")
             for key in value_or(items, "armor", [])]
    weapons = [lookup(library, "weapon", key, f"{where}.weapons")
               for key in value_or(items, "weapons", [])]
    return character(doc, armor, weapons)


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


def by_level(rows: Sequence[Doc], level: str) -> list[Doc]:
    """Table rows by their level, ascending (rows of one level keep their id order)."""
    return sorted(rows, key=lambda row: int(row[level]))


def engine_config(rules_config: Mapping[str, Any], library: Library) -> Obj:
    """SDM-G02-G05: `rules_config` with each table the content ships in place of its config key
    (tiers, cover and concealment levels, the Intelligence and Dexterity tables, rows by level).
    Whether a table covers `level_range`, or names `none`, is the engine's check (`bad_config`)."""
    found: Obj = dict(rules_config)
    for kind, key, value in LEVELS:
        rows = documents(library, kind)
        if rows:
            found[key] = {key_of(row["id"]): row[value] for row in rows}
    for kind, key, level, values in TABLES:
        rows = by_level(documents(library, kind), level)
        if rows:
            found[key] = [{level: row[level], **{v: row[v] for v in values}} for row in rows]
    return found
