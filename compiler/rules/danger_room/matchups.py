"""danger_room content as odds queries: a card or weapon of one fighter against another
(mirror: `matchups.mjs`).

A matchup is what `rulepack odds` and the balance report ask: `{item, attacker, target,
options}`, ids of the content's documents. It becomes the `resolve_hit` query on a fight of two
(the fighters as `content.combatant` seats them, the card as `content.card_input` gives it, a
weapon's technique taking the weapon's Damage and Base Attribute, DR-G35), and each outcome is
summed up in the words every ruleset's report uses: hit, damage, down, location.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.danger_room.conditions import expire, loses_action
from compiler.rules.danger_room.content import card_input, combatant, rules_config
from compiler.rules.danger_room.odds import DOWN
from compiler.rules.danger_room.order import turn_speed_of
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import sorted_keys, with_options

Library = Mapping[str, Mapping[str, Mapping[str, Any]]]
ATTACKS: tuple[str, ...] = ("card", "weapon")
"""The content kinds a matchup's item may be (a power is a card of kind `power`)."""
OPTIONS: Mapping[str, Any] = {
    "boost": 0, "unreactable": False, "penalty_dice": 0, "health": None,
    "attacker_conditions": [], "target_conditions": [],
}
"""DR-R28, DR-G23, DR-G24: a matchup's options and their defaults: BOOSTs per hit, whether the
card is Unreactable, Visibility penalty dice, the target's Health (null: full) and conditions."""


def _doc(library: Library, kind: str, ident: str, what: str) -> Mapping[str, Any]:
    found = (library.get(kind) or {}).get(ident)
    if found is None:
        raise RuleError(BAD_INPUT, f"the content has no {what} {ident}")
    return found


def attack_card(library: Library, item: str) -> dict[str, Any]:
    """DR-R18, DR-R23, DR-G35: the card an item plays: a card (a technique taking its weapon's
    Damage and Base Attribute), or a weapon's first technique."""
    cards = library.get("card") or {}
    if item in cards:
        card = card_input(cards[item], library)
        weapon_id = card["weapon"]
    else:
        weapon = _doc(library, "weapon", item, "card, weapon or power")
        if not weapon["techniques"]:
            raise RuleError(BAD_INPUT, f"weapon {item} has no technique card")
        card = card_input(_doc(library, "card", weapon["techniques"][0], "card"), library)
        weapon_id = item
    if weapon_id is not None:
        weapon = _doc(library, "weapon", weapon_id, "weapon")
        card = {**card, "damage": weapon["damage"], "base_attribute": weapon["base_attribute"]}
    if card["damage"] is None:
        raise RuleError(BAD_INPUT, f"{item} deals no damage, so it has no odds to show")
    return card


def holder(library: Library, item: str) -> str:
    """The first fighter (by id) whose items hold `item` (as a card or a weapon)."""
    fighters = library.get("fighter") or {}
    for ident in sorted_keys(fighters):
        items = fighters[ident].get("items") or {}
        if item in (items.get("cards") or []) or item in (items.get("weapons") or []):
            return ident
    raise RuleError(BAD_INPUT, f"no fighter carries {item}: name the attacker")


def _options(given: Mapping[str, Any]) -> dict[str, Any]:
    return with_options(given, OPTIONS, "a danger_room matchup")


def seat(library: Library, ident: str, side: str, config: Mapping[str, Any],
         conditions: Sequence[str]) -> dict[str, Any]:
    """DR-R01, DR-R21, DR-R22: a content fighter at the start of a fight, on side `side`."""
    fighter = _doc(library, "fighter", ident, "fighter")
    place = {"side": side, "hex": [0, 0] if side == "attacker" else [1, 0]}
    seated = combatant(fighter, library.get("weapon") or {}, library, config, place)
    seated["conditions"] = {name: None for name in conditions}
    return seated


def matchup(library: Library, config: Mapping[str, Any], choice: Mapping[str, Any]) -> Any:
    """DR-R09, DR-R19: `{item, attacker?, target, options?}` as the `resolve_hit` odds query:
    `{query, params, config}`. Without an attacker, the fighter carrying the item attacks."""
    merged = rules_config(config, library)
    options = _options(choice.get("options") or {})
    card = attack_card(library, choice["item"])
    attacker_id = choice.get("attacker") or holder(library, choice["item"])
    attacker = seat(library, attacker_id, "attacker", merged, options["attacker_conditions"])
    target = seat(library, choice["target"], "target", merged, options["target_conditions"])
    if options["health"] is not None:
        target["health"] = options["health"]
    request = {"attacker": attacker["id"], "target": target["id"], "card": card,
               "boost": [options["boost"]] * card["hits"], "save_boost": 0,
               "unreactable": options["unreactable"], "penalty_dice": options["penalty_dice"]}
    state = {"turn": 1, "fighters": {attacker["id"]: attacker, target["id"]: target}}
    return {"query": "resolve_hit", "params": {"state": state, "request": request},
            "config": merged}


def summary(query: str, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """DR-R09, DR-R17, DR-R25: an outcome in the report's words. There is no roll to hit: a card
    that reaches its target lands (an Immune target takes nothing); damage is the Health lost;
    down is Down or obliterated; the ruleset has no hit locations."""
    return {"hit": True, "damage": outcome["lost"], "down": outcome["status"] in DOWN,
            "location": None}


def speed(params: Mapping[str, Any], config: Mapping[str, Any]) -> int:
    """DR-R07, DR-G43: the attacker's Speed for the Turn with the matchup's card."""
    request = params["request"]
    attacker = params["state"]["fighters"][request["attacker"]]
    card = request["card"]
    return turn_speed_of(attacker["attributes"], card["speed"], card["focus"], config)


# --------------------------------------------------------------------------- fights

ORDER_PER = "round"
"""DR-R07: Speeds are revealed every Turn, so the acting order is drawn each round."""


def sides(asked: Mapping[str, Any]) -> list[Any]:
    """The [attacker, target] records of a matchup's query."""
    request = asked["params"]["request"]
    fighters = asked["params"]["state"]["fighters"]
    return [fighters[request["attacker"]], fighters[request["target"]]]


def restate(asked: Mapping[str, Any], attacker: Any, target: Any) -> dict[str, Any]:
    """The matchup's query with the attacker and target as the fight has left them (Turn 1:
    a fight's records count Turns from the current one)."""
    params = asked["params"]
    state = {**params["state"], "fighters": {attacker["id"]: attacker, target["id"]: target}}
    return {**asked, "params": {**params, "state": state}}


def after(asked: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Any]:
    """DR-R19, DR-R25, DR-R28: [attacker, target] after one outcome of the query; the attacker
    has acted this Turn (a Dizzy it takes now costs it the next Turn's action)."""
    attacker, target = sides(asked)
    keys = ("health", "status", "shield_points", "conditions")
    return [{**attacker, "stamina": outcome["stamina"], "acted": True},
            {**target, **{key: outcome[key] for key in keys}}]


def down(fighter: Mapping[str, Any]) -> bool:
    """DR-R25, DR-G34: Down or obliterated: out of the fight."""
    return fighter["status"] in DOWN


def acts(fighter: Mapping[str, Any]) -> bool:
    """DR-R19 step 6, DR-G18: whether the fighter's card does something this Turn."""
    return not down(fighter) and not loses_action(fighter, 1)


def new_round(fighter: Mapping[str, Any]) -> dict[str, Any]:
    """DR-G17, DR-G18: the next Turn, counted again as Turn 1: conditions that ended drop,
    the others come one Turn nearer, and nobody has acted yet."""
    _, kept = expire(fighter, 1)
    held = {name: None if last is None else last - 1 for name, last in kept["conditions"].items()}
    return {**kept, "conditions": held, "acted": False}


def order(first: Mapping[str, Any], second: Mapping[str, Any]) -> list[Any]:
    """DR-R07, DR-G19: the acting order of two matchups' attackers, as [phases, weight] pairs:
    the faster first; a tie is a d10 roll-off, which each wins half the time (it is symmetric
    and ends with probability 1)."""
    fast = speed(first["params"], first["config"])
    slow = speed(second["params"], second["config"])
    a, b = sides(first)[0]["id"], sides(second)[0]["id"]
    if fast == slow:
        return [[[[a], [b]], 1], [[[b], [a]], 1]]
    return [[[[a], [b]] if fast > slow else [[b], [a]], 1]]


# --------------------------------------------------------------------------- balance


def balance_grid(library: Library) -> list[dict[str, Any]]:
    """DR-R18, DR-R19: the balance matrix's rows: every damaging card or weapon a fighter
    carries, against every other fighter (whose Soak, Toughness and Shield are its armour)."""
    rows = []
    fighters = sorted_keys(library.get("fighter") or {})
    for kind in ATTACKS:
        for item in sorted_keys(library.get(kind) or {}):
            try:
                attack_card(library, item)
                attacker = holder(library, item)
            except RuleError:
                continue
            for target in (t for t in fighters if t != attacker):
                labels = {"item": item, "attacker": attacker, "target": target,
                          "armour": target, "pool": None}
                rows.append({"item": item, "attacker": attacker, "target": target,
                             "options": {}, "labels": labels})
    return rows


def duel(library: Library, config: Mapping[str, Any]) -> list[Any]:
    """DR-R07: the report's one-against-one fight: the first two fighters (by id) that carry a
    damaging item, each with its first, against the other; none if there are not two."""
    firsts: dict[str, str] = {}
    for row in balance_grid(library):
        firsts.setdefault(row["attacker"], row["item"])
    names = sorted_keys(firsts)[:2]
    if len(names) < 2:
        return []
    return [matchup(library, config, {"item": firsts[a], "attacker": a, "target": b})
            for a, b in (names, names[::-1])]
