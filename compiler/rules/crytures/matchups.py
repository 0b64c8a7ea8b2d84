"""crytures content as odds queries: a power of one fighter against another (mirror:
`matchups.mjs`).

A matchup is what `rulepack odds` and the balance report ask: `{item, attacker, target,
options}`, ids of the content's documents. It becomes the `use_power` query on a grid of two
(the fighters as `content.combatant` seats them, the user on [0, 0], the target `distance`
spaces along the first axis, each on its own side), and each outcome is summed up in the words
every ruleset's report uses: hit, damage, down, location.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.crytures.content import combatant, fighter_powers, rules_config
from compiler.rules.crytures.odds import RULESET
from compiler.rules.crytures.rolls import DIE, damage_target
from compiler.rules.enumeration import resolved
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.exact import pool_scores
from compiler.rules.inputs import sorted_keys, with_options

Library = Mapping[str, Mapping[str, Mapping[str, Any]]]
ATTACKS: tuple[str, ...] = ("power",)
"""The content kinds a matchup's item may be (a weapon's powers are powers)."""
OPTIONS: Mapping[str, Any] = {
    "distance": 1, "elevation": 0, "health": None, "die_mod": 0,
    "cover": False, "obscured": False, "cant_see": False,
}
"""CR-R06, CR-R11, CR-G05, CR-G22: a matchup's options and their defaults: the spaces between
the user and the target (1: adjacent), the user's elevation above the target, the target's
Health (null: full), a die modifier, and the target's situation (cover, obscured, can't see)."""
SIDES = ("party", "wild")
"""The sides the user and the target stand on (any two different sides: CR-R04)."""
BLAST_AIMS = ("melee_blast", "ranged_blast")


def _doc(library: Library, kind: str, ident: str, what: str) -> Mapping[str, Any]:
    found = (library.get(kind) or {}).get(ident)
    if found is None:
        raise RuleError(BAD_INPUT, f"the content has no {what} {ident}")
    return found


def powers_of(library: Library, ident: str) -> list[dict[str, Any]]:
    """CR-R05: a fighter's powers as the rules take them (its own, then its weapons')."""
    fighter = _doc(library, "fighter", ident, "fighter")
    return fighter_powers(fighter, library)


def attack_power(library: Library, ident: str, item: str) -> dict[str, Any]:
    """CR-R05, CR-R07: the power `item` of fighter `ident`, refused unless it attacks (rolls a
    pool and deals damage per hit) and can be aimed at one other fighter."""
    _doc(library, "power", item, "card, weapon or power")
    found = [p for p in powers_of(library, ident) if p["id"] == item]
    if not found:
        raise RuleError(BAD_INPUT, f"fighter {ident} has no power {item}")
    power = found[0]
    if power["attack"] is None or "damage_per_hit" not in (power.get("hit") or {}):
        raise RuleError(BAD_INPUT, f"{item} deals no damage, so it has no odds to show")
    if power["includes_user"] or power["range"]["kind"] == "personal":
        raise RuleError(BAD_INPUT, f"{item} reaches its user, so it has no odds against one "
                                   f"target")
    return power


def holder(library: Library, item: str) -> str:
    """The first fighter (by id) whose powers (its own or its weapons') include `item`."""
    fighters = library.get("fighter") or {}
    for ident in sorted_keys(fighters):
        if any(p["id"] == item for p in powers_of(library, ident)):
            return ident
    raise RuleError(BAD_INPUT, f"no fighter carries {item}: name the attacker")


def _options(given: Mapping[str, Any]) -> dict[str, Any]:
    found = with_options(given, OPTIONS, "a crytures matchup")
    if found["distance"] < 1:
        raise RuleError(BAD_INPUT, "distance must be at least 1 (the target's own space)")
    return found


def seat(library: Library, ident: str, side: str, position: list[int],
         elevation: int) -> dict[str, Any]:
    """CR-R04, CR-G09: a content fighter on the grid at the start of a fight."""
    fighter = _doc(library, "fighter", ident, "fighter")
    return combatant(fighter, powers_of(library, ident),
                     {"side": side, "position": position, "elevation": elevation})


def matchup(library: Library, config: Mapping[str, Any], choice: Mapping[str, Any]) -> Any:
    """CR-R04-R12: `{item, attacker?, target, options?}` as the `use_power` odds query:
    `{query, params, config}`. Without an attacker, the fighter carrying the power uses it."""
    merged = rules_config(config, library)
    options = _options(choice.get("options") or {})
    user_id = choice.get("attacker") or holder(library, choice["item"])
    power = attack_power(library, user_id, choice["item"])
    if choice["target"] == user_id:
        raise RuleError(BAD_INPUT, f"{user_id} cannot use {choice['item']} on itself")
    user = seat(library, user_id, SIDES[0], [0, 0], options["elevation"])
    target = seat(library, choice["target"], SIDES[1], [options["distance"], 0], 0)
    if options["health"] is not None:
        target["health"] = options["health"]
    situation = {key: options[key] for key in ("cover", "obscured", "cant_see")}
    params = {"user": user["id"], "power": power, "combatants": [user, target],
              "target": target["id"], "situations": {target["id"]: situation},
              "die_mods": [options["die_mod"]] if options["die_mod"] else []}
    kind = power["range"]["kind"]
    if kind in BLAST_AIMS:
        params.update({"aim": target["position"]} if kind == "ranged_blast"
                      else {"direction": [1, 0]})
    return {"query": "use_power", "params": params, "config": merged}


def summary(query: str, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """CR-R07, CR-R08, CR-G14: an outcome in the report's words: a hit is one total hit or more,
    the damage is what the target took, down is defeated; a refused use (out of range, no
    Stamina left) hits nothing, its reason kept (`refused`); the ruleset has no hit locations.
    In a matchup the power reaches its target alone (`attack_power` refuses a power that
    reaches its user)."""
    reads = outcome["reads"][:1]
    if not reads:
        return {"hit": False, "damage": 0, "down": False, "location": None,
                "refused": outcome["refused"]}
    read = reads[0]
    return {"hit": read["total_hits"] >= 1, "damage": read["damage"],
            "down": read["defeated"], "location": None, "refused": None}


# --------------------------------------------------------------------------- fights

ORDER_PER = "fight"
"""CR-R01: initiative is rolled once, when combat starts: the acting order holds all fight."""


def sides(asked: Mapping[str, Any]) -> list[Any]:
    """The [user, target] combatants of a matchup's query."""
    params = asked["params"]
    table = {c["id"]: c for c in params["combatants"]}
    return [table[params["user"]], table[params["target"]]]


def restate(asked: Mapping[str, Any], attacker: Any, target: Any) -> dict[str, Any]:
    """CR-R05, CR-G14, CR-G20: the matchup's query with the user's Stamina and Mana as the fight
    has left them, and the two fighters as the fight has them (`fight`, beside the query). No
    rule of a use reads the Health of a fighter still in the fight (the damage is the total
    hits times the damage per hit), so the query keeps both as seated and `after` takes the
    damage off the fight's own record: a fight asks one query per resource level, not one per
    Health."""
    user, aimed = sides(asked)
    spent = {**user, "stamina": attacker["stamina"], "mana": attacker["mana"]}
    return {**asked, "params": {**asked["params"], "combatants": [spent, aimed]},
            "fight": [attacker, target]}


def after(asked: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Any]:
    """CR-R05, CR-R07, CR-G14, CR-G20: [user, target] after one outcome of the query (the
    fighters as the fight has them, else as seated): the cost paid if the power was used
    (never below 0), the damage the target read taken off its Health by the engine's own rule
    (`damage_target`: the floor, defeat). Status effects are counted, and no rule reads them
    (CR-G20), so a fight does not follow them."""
    attacker, target = asked.get("fight") or sides(asked)
    cost = asked["params"]["power"]["cost"]
    user = dict(attacker)
    if outcome["used"] and cost is not None:
        user[cost["resource"]] = max(0, user[cost["resource"]] - cost["amount"])
    merged = resolved(RULESET, asked["query"], asked["config"])[2]
    struck = dict(target)
    for read in outcome["reads"]:
        if read["target"] == struck["id"]:
            damage_target(struck, read["damage"], merged)
    return [user, struck]


def down(fighter: Mapping[str, Any]) -> bool:
    """CR-R08, CR-G14: defeated: out of the fight."""
    return bool(fighter["defeated"])


def acts(fighter: Mapping[str, Any]) -> bool:
    """CR-R04: a fighter still in the fight uses its power on its turn."""
    return not down(fighter)


def new_round(fighter: Mapping[str, Any]) -> dict[str, Any]:
    """CR-R04: the next round: every combatant has its Major and Minor Action again (a query
    starts with both), and nothing else changes."""
    return dict(fighter)


def initiative_weights(first: Mapping[str, Any], second: Mapping[str, Any]) -> list[int]:
    """CR-R01, CR-R02, CR-G17: how many of the (d10 sequences of both pools) put each first:
    a higher Speed + Reflexes d10 total first; a tie is rolled off, which each of two wins
    half the time under either `initiative_ties` (it is symmetric and ends with probability
    1), so a tie counts once for each, every other sequence twice for its winner."""
    mine, theirs = (pool_scores(f["stats"]["speed"] + f["stats"]["reflexes"],
                                [(face, 1) for face in range(1, DIE + 1)])
                    for f in (first, second))
    ahead = behind = tied = 0
    for a, ways in mine.items():
        for b, others in theirs.items():
            count = ways * others
            if a > b:
                ahead += count
            elif a < b:
                behind += count
            else:
                tied += count
    return [2 * ahead + tied, 2 * behind + tied]


def order(first: Mapping[str, Any], second: Mapping[str, Any]) -> list[Any]:
    """CR-R01, CR-R02: the acting order of two matchups' users, as [phases, weight] pairs."""
    a, b = sides(first)[0], sides(second)[0]
    ahead, behind = initiative_weights(a, b)
    return [[[[a["id"]], [b["id"]]], ahead], [[[b["id"]], [a["id"]]], behind]]


# --------------------------------------------------------------------------- balance


def reference_targets(library: Library) -> list[str]:
    """CR-R05, CR-G05: the balance matrix's reference target first, then the fighter a power of
    the reference itself goes against: the fighters by id, those without types first (their
    Guard and Will alone are their armour, no type chart multiplies the damage)."""
    fighters = library.get("fighter") or {}
    names = sorted_keys(fighters)
    return sorted(names, key=lambda ident: bool(fighters[ident].get("types")))[:2]


def damaging_powers(library: Library, ident: str) -> list[str]:
    """CR-R05, CR-R07: the ids of fighter `ident`'s powers that deal damage to one target."""
    found = []
    for power in powers_of(library, ident):
        try:
            attack_power(library, ident, power["id"])
        except RuleError:
            continue
        found.append(power["id"])
    return found


def balance_grid(library: Library) -> list[dict[str, Any]]:
    """CR-R05, CR-R07: the balance matrix's rows: every fighter's powers that deal damage to one
    target, each once, against the one reference target (`reference_targets`), so the rows
    compare the powers themselves; the reference's own powers go against the next fighter."""
    rows = []
    references = reference_targets(library)
    for attacker in sorted_keys(library.get("fighter") or {}):
        target = next((t for t in references if t != attacker), None)
        for item in damaging_powers(library, attacker) if target else []:
            labels = {"item": item, "attacker": attacker, "target": target,
                      "armour": target, "pool": None}
            rows.append({"item": item, "attacker": attacker, "target": target,
                         "options": {}, "labels": labels})
    return rows


def duel(library: Library, config: Mapping[str, Any]) -> list[Any]:
    """CR-R01, CR-R04: the report's one-against-one fight: the first two fighters (by id) with
    a power that deals damage, each using its first such power on the other; none if there
    are not two."""
    firsts: dict[str, str] = {}
    for row in balance_grid(library):
        firsts.setdefault(row["attacker"], row["item"])
    names = sorted_keys(firsts)[:2]
    if len(names) < 2:
        return []
    return [matchup(library, config, {"item": firsts[a], "attacker": a, "target": b})
            for a, b in (names, names[::-1])]
