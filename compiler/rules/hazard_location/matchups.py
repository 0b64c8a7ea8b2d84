"""hazard_location content as odds queries: a weapon of one character against another
(mirror: `matchups.mjs`).

A matchup is what `rulepack odds` and the balance report ask: `{item, attacker, target,
options}`, ids of the content's documents. It becomes the `attack` query, the characters as
`shipped.library_character` equips them, and each outcome is summed up in the words every
ruleset's report uses: hit, damage, down, location.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.hazard_location import shipped
from compiler.rules.hazard_location.odds import initiative_odds
from compiler.rules.inputs import sorted_keys, with_options

Library = Mapping[str, Mapping[str, Mapping[str, Any]]]
ATTACKS: tuple[str, ...] = ("weapon",)
"""The content kinds a matchup's item may be."""
DEFENCES: tuple[str, ...] = ("auto", "none", "evade", "parry")
OPTIONS: Mapping[str, Any] = {
    "distance": None, "called_shot": None, "defence": "auto", "attacker_moved": False,
    "target_moved": False, "cover": None, "complications": [], "die_mods": [],
    "stamina": None, "target_armor": None,
}
"""HZ-R06, HZ-R09, HZ-R10, HZ-R12, HZ-R13, HZ-R19, HZ-G14: a matchup's options and defaults: the
distance in metres (null: point blank for melee, the Optimal Range for a ranged weapon), a Called
Shot's location, the defence (`auto`: the config says whether the target reacts, and it evades),
who moved, a cover id, complications, extra dice, the target's Current Stamina (null: full) and
the armour it wears (null: its own)."""


def _doc(library: Library, kind: str, ident: str, what: str) -> Mapping[str, Any]:
    found = (library.get(kind) or {}).get(ident)
    if found is None:
        raise RuleError(BAD_INPUT, f"the content has no {what} {ident}")
    return found


def holder(library: Library, item: str) -> str:
    """The first character (by id) whose items hold the weapon `item`."""
    fighters = library.get("fighter") or {}
    for ident in sorted_keys(fighters):
        if item in ((fighters[ident].get("items") or {}).get("weapons") or []):
            return ident
    raise RuleError(BAD_INPUT, f"no character carries {item}: name the attacker")


def _options(given: Mapping[str, Any]) -> dict[str, Any]:
    options = with_options(given, OPTIONS, "a hazard_location matchup")
    if options["defence"] not in DEFENCES:
        raise RuleError(BAD_INPUT, f"defence must be one of {', '.join(DEFENCES)}")
    return options


def equip(library: Library, ident: str, armor: Any) -> dict[str, Any]:
    """HZ-R31, HZ-G27: a content character with its items, or wearing the armour ids `armor`."""
    doc = _doc(library, "fighter", ident, "character")
    if armor is not None:
        items = {**(doc.get("items") or {}), "armor": list(armor)}
        doc = {**doc, "items": items}
    return shipped.library_character(doc, library)


def _defence(target: Mapping[str, Any], kind: str) -> dict[str, Any] | None:
    """HZ-R13, HZ-G15: the defence input for `kind` (a parry with the first melee weapon)."""
    if kind == "none":
        return None
    if kind != "parry":
        return {"kind": "evade"}
    blade = next((w for w in target["weapons"] if w["mode"] == "melee"), None)
    if blade is None:
        raise RuleError(BAD_INPUT, f"{target['id']} has no melee weapon to parry with")
    return {"kind": "parry", "weapon": blade["id"]}


def _distance(weapon: Mapping[str, Any], metres: Any) -> Any:
    if metres is None:
        return None if weapon["mode"] == "melee" else {
            "value": weapon["optimal_range_m"], "unit": "m"}
    return {"value": metres, "unit": "m"}


def matchup(library: Library, config: Mapping[str, Any], choice: Mapping[str, Any]) -> Any:
    """HZ-R01: `{item, attacker?, target, options?}` as the `attack` odds query:
    `{query, params, config}`. Without an attacker, the character carrying the weapon attacks."""
    options = _options(choice.get("options") or {})
    item = choice["item"]
    _doc(library, "weapon", item, "weapon")
    attacker = equip(library, choice.get("attacker") or holder(library, item), None)
    if all(w["id"] != item for w in attacker["weapons"]):
        raise RuleError(BAD_INPUT, f"{attacker['id']} does not carry {item}")
    target = equip(library, choice["target"], options["target_armor"])
    if target["id"] == attacker["id"]:  # a character against its own double
        target["id"] = f"{target['id']}-double"
    if options["stamina"] is not None:
        target["stamina_current"] = options["stamina"]
    weapon = next(w for w in attacker["weapons"] if w["id"] == item)
    cover = options["cover"]
    params: dict[str, Any] = {
        "attacker": attacker, "defender": target, "weapon": item,
        "distance": _distance(weapon, options["distance"]),
        "attacker_moved": options["attacker_moved"], "target_moved": options["target_moved"],
        "called_shot": options["called_shot"],
        "cover": None if cover is None else shipped.cover(_doc(library, "cover", cover, "cover")),
        "complications": list(options["complications"]), "die_mods": list(options["die_mods"]),
        "content": shipped.engine_content(library),
    }
    if options["defence"] != "auto":
        defence = _defence(target, options["defence"])
        params["defender_can_react"] = defence is not None
        if defence is not None:
            params["defence"] = defence
    elif weapon["mode"] == "melee":
        params["defence"] = {"kind": "evade"}
    return {"query": "attack", "params": params,
            "config": shipped.engine_config(config, library)}


def summary(query: str, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """HZ-R08, HZ-R15, HZ-R21, HZ-R31: an outcome in the report's words: the hit, the Stamina
    it takes, down (the seed defines no Down: the report counts Current Stamina 0) and where it
    struck."""
    return {"hit": outcome["hit"], "damage": outcome["damage"], "down": outcome["stamina"] == 0,
            "location": outcome["location"]}


# --------------------------------------------------------------------------- fights

ORDER_PER = "fight"
"""HZ-R03: "Keep this Initiative order for the encounter": it is drawn once per fight."""


def sides(asked: Mapping[str, Any]) -> list[Any]:
    """The [attacker, defender] characters of a matchup's query."""
    return [asked["params"]["attacker"], asked["params"]["defender"]]


def restate(asked: Mapping[str, Any], attacker: Any, target: Any) -> dict[str, Any]:
    """The matchup's query with the attacker and defender as the fight has left them."""
    return {**asked, "params": {**asked["params"], "attacker": attacker, "defender": target}}


def _worn(character: Mapping[str, Any], armor: Any) -> dict[str, Any]:
    current = dict((ident, av) for ident, av in armor)
    pieces = [{**p, "current_av": current.get(p["id"], p["current_av"])}
              for p in character["armor"]]
    return {**character, "armor": pieces}


def after(asked: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Any]:
    """HZ-R14, HZ-R29, HZ-R31: [attacker, defender] after one outcome: Stamina, and armour
    ablated (a riposte strikes the attacker)."""
    attacker, target = sides(asked)
    return [{**_worn(attacker, outcome["attacker_armor"]),
             "stamina_current": outcome["attacker_stamina"]},
            {**_worn(target, outcome["armor"]), "stamina_current": outcome["stamina"]}]


def down(fighter: Mapping[str, Any]) -> bool:
    """HZ-R31: the report's Down (the seed defines none): Current Stamina 0."""
    return fighter.get("stamina_current") == 0


def acts(fighter: Mapping[str, Any]) -> bool:
    """HZ-R04: a character still standing takes its turn."""
    return not down(fighter)


def new_round(fighter: Mapping[str, Any]) -> dict[str, Any]:
    """HZ-R04: nothing of a character changes between rounds."""
    return dict(fighter)


def order(first: Mapping[str, Any], second: Mapping[str, Any]) -> list[Any]:
    """HZ-R03, HZ-G16: the Initiative of the two attackers, as [phases, weight] pairs: each
    group of equal successes acts together (the `initiative` rule, enumerated)."""
    people = [{"id": c["id"], "attributes": c["attributes"]} for c in (sides(first)[0],
                                                                       sides(second)[0])]
    dist = initiative_odds({"participants": people}, first["config"])
    return [[dist.outcomes[key], dist.weights[key]] for key in sorted_keys(dist.outcomes)]


# --------------------------------------------------------------------------- balance

POOL_STEPS: tuple[int, ...] = (-2, 0, 2)
"""The balance matrix's pools: each weapon's own pool, and two dice fewer and more."""


def _pool(library: Library, attacker: str, item: str) -> int:
    weapon = _doc(library, "weapon", item, "weapon")
    doc = _doc(library, "fighter", attacker, "character")
    rating: int = doc["attributes"].get(weapon.get("attribute") or "", 0)
    skill: int = (doc.get("skills") or {}).get(weapon.get("skill") or "", 0)
    return rating + skill


def balance_grid(library: Library) -> list[dict[str, Any]]:
    """HZ-R07, HZ-R28: the balance matrix's rows: every carried weapon against every character,
    bare, in each of its own armour pieces and in all of them, with the weapon's pool and two
    dice fewer and more (at the weapon's Optimal Range, so no range penalty)."""
    rows = []
    fighters = sorted_keys(library.get("fighter") or {})
    for item in sorted_keys(library.get("weapon") or {}):
        try:
            attacker = holder(library, item)
        except RuleError:
            continue
        base = _pool(library, attacker, item)
        for target in fighters:
            own = list((library["fighter"][target].get("items") or {}).get("armor") or [])
            sets = [[], *([piece] for piece in own), *([own] if len(own) > 1 else [])]
            for armour in sets:
                for step in POOL_STEPS:
                    labels = {"item": item, "attacker": attacker, "target": target,
                              "armour": "+".join(armour) or "none", "pool": max(0, base + step)}
                    options = {"target_armor": armour, "die_mods": [step] if step else []}
                    rows.append({"item": item, "attacker": attacker, "target": target,
                                 "options": options, "labels": labels})
    return rows


def duel(library: Library, config: Mapping[str, Any]) -> list[Any]:
    """HZ-R01, HZ-R03: the report's one-against-one fight: the first armed character against
    its own double, each with the first weapon it carries; none if nobody carries one."""
    rows = [row for row in balance_grid(library) if row["target"] == row["attacker"]]
    if not rows:
        return []
    first = matchup(library, config, {key: rows[0][key] for key in ("item", "attacker",
                                                                     "target")})
    attacker, target = sides(first)
    return [first, restate(first, target, attacker)]
