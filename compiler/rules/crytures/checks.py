"""What the Battle Montage checks before any die is rolled (CR-R13, CR-G13, CR-G24, CR-G29-G31).

Mirror: `checks.mjs`. A montage dialog offers only what these allow, so anything else is bad input:
unknown opponents, powers that may not make the check, spending more than a member has, and
bindings the seed does not allow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.crytures.common import IN, bad, stat

PARTY = f"{IN}.party"


def check_ids(party: Sequence[Mapping[str, Any]], enemies: Sequence[Mapping[str, Any]]) -> None:
    """CR-R13: every party member and enemy has an id of its own."""
    seen: set[str] = set()
    for where, group in ((PARTY, party), (f"{IN}.enemies", enemies)):
        for index, entry in enumerate(group):
            if entry["id"] in seen:
                raise bad(f"{where}[{index}].id repeats an earlier id")
            seen.add(entry["id"])


def check_power(power: Mapping[str, Any], where: str, config: Mapping[str, Any]) -> None:
    """CR-G13, CR-G24: a Montage power has an Attack line and is basic (`montage_power`)."""
    if power["attack"] is None:
        raise bad(f"{where}.power has no Attack line to roll")
    if config["montage_power"] == "basic" and not power["basic"]:
        raise bad(f"{where}.power is not a basic power")


def check_member(
    index: int, member: Mapping[str, Any], enemies: Mapping[str, Mapping[str, Any]],
    config: Mapping[str, Any],
) -> None:
    """CR-R13 steps 3-5, CR-G31: the member may take a rank, squares up against an enemy, and
    has the stats its power rolls."""
    where = f"{PARTY}[{index}]"
    if config["montage_party"] == "crytures_only" and member["kind"] != "cryture":
        raise bad(f"{where} is a character, and only crytures take ranks (montage_party)")
    if member["target"] not in enemies:
        raise bad(f"{where}.target names no enemy")
    check_power(member["power"], where, config)
    for name in member["power"]["attack"]["pool_stats"]:
        stat(member, name, where)
    stat(enemies[member["target"]], member["power"]["attack"]["difficulty_stat"],
         f"{IN}.enemies[{list(enemies).index(member['target'])}]")


def check_spending(
    index: int, member: Mapping[str, Any], mana: int, config: Mapping[str, Any]
) -> None:
    """CR-R13 step 5, CR-G30: a member spends no more Stamina, Mana (after its summons) or
    consumables than it has, within `montage_spend_cap`."""
    where = f"{PARTY}[{index}].spend"
    plan = member["spend"]
    if plan["stamina"] > member["stamina"]:
        raise bad(f"{where}.stamina is more than the member has")
    if plan["mana"] > mana:
        raise bad(f"{where}.mana is more than the member has after its summons")
    cap = config["montage_spend_cap"]
    if cap is not None and plan["stamina"] + plan["mana"] > cap:
        raise bad(f"{where} spends more points than montage_spend_cap allows")
    carried = {c["id"]: c["count"] for c in member["consumables"]}
    for ident, count in sorted(plan["consumables"].items()):
        if count > carried.get(ident, 0):
            raise bad(f"{where}.consumables.{ident} is more than the member carries")


def check_binding(
    index: int, member: Mapping[str, Any], enemies: Mapping[str, Mapping[str, Any]]
) -> None:
    """CR-R13 step 5, CR-G29: "A Player may also consume a binding crystal and attempt to bind
    a cryture they're squared up against": a character, with a crystal, on a bindable cryture."""
    if not member["bind"]:
        return
    where = f"{PARTY}[{index}]"
    if member["kind"] != "character":
        raise bad(f"{where}.bind: only a character binds crytures")
    if member["binding_crystals"] < 1:
        raise bad(f"{where}.bind: the member has no binding crystal")
    enemy = enemies[member["target"]]
    if enemy["kind"] != "cryture" or not enemy["bindable"]:
        raise bad(f"{where}.bind: its enemy is not a bindable cryture")


def summon_costs(
    party: Sequence[Mapping[str, Any]], config: Mapping[str, Any]
) -> dict[str, int]:
    """CR-R13 step 1, CR-G30, CR-G31: each cryture's summoner is a party character; the Mana each
    character pays for its crytures beyond the first."""
    characters = {m["id"] for m in party if m["kind"] == "character"}
    count: dict[str, int] = {}
    for index, member in enumerate(party):
        if member["kind"] != "cryture":
            continue
        if member["summoner"] not in characters:
            raise bad(f"{PARTY}[{index}].summoner names no character of the party")
        count[member["summoner"]] = count.get(member["summoner"], 0) + 1
    return {who: (n - 1) * config["montage_extra_summon_cost"] for who, n in count.items()}


def check_montage(
    party: Sequence[Mapping[str, Any]], enemies: Sequence[Mapping[str, Any]],
    config: Mapping[str, Any],
) -> None:
    """CR-R13, CR-G13, CR-G24, CR-G29, CR-G30, CR-G31: the whole montage is possible as given."""
    check_ids(party, enemies)
    table = {e["id"]: e for e in enemies}
    for index, enemy in enumerate(enemies):
        where = f"{IN}.enemies[{index}]"
        check_power(enemy["power"], where, config)
        for name in enemy["power"]["attack"]["pool_stats"]:
            stat(enemy, name, where)
    costs = summon_costs(party, config)
    for index, member in enumerate(party):
        check_member(index, member, table, config)
        cost = costs.get(member["id"], 0)
        if cost > member["mana"]:
            raise bad(f"{PARTY}[{index}].mana does not pay for its extra crytures")
        check_spending(index, member, member["mana"] - cost, config)
        check_binding(index, member, table)
