"""The power macros' kinds (`api.crytures.usePower()`, the chooser, and
`api.crytures.usePower("<key>")`, one per shipped power): the cases each runs and the card and
document updates the Python engine predicts for each.

The chooser's cases answer the window's power; a power's own macro is answered without it, so
the power used is the one its window opened with (`ctx.args`). Every shipped power has a case
of its own macro, its user seated where the power reaches someone (`POWER_SEATS`: Rillet joins
the fight and Sparkit stands next to the Pebblet), its dice a pattern over exactly the faces the
engine takes.
"""

from __future__ import annotations

from typing import Any

from macro_kinds import Case, MacroContext, Outcome, foundry_format

from compiler.rules.crytures.common import distance, steps
from crytures.cards import (
    action_changes,
    actions_of,
    card,
    fight_changes,
    power_lines,
    rolls_of,
    updates,
)
from crytures.world import (
    ACTIVE,
    COMBAT_ID,
    MODULE,
    PLAYER,
    SEATS,
    Dice,
    Seat,
    config_data,
    faces_for,
    predicted,
    row_of,
    rows_of,
    scene,
    staged,
    ten,
)

Doc = dict[str, Any]
SITUATIONS = ("cover", "obscured", "cant_see")
TURN = "1.0"  # `turnKey` of the staged Combat: round 1, turn 0
#: The fight of the powers' own macros: SEATS with Sparkit moved next to the Pebblet and the
#: Binder, and a wild Rillet two spaces from the Binder.
POWER_SEATS = (
    *(s for s in SEATS if s.key != "sparkit"),
    Seat("sparkit", "crySparkit000001", (1, 1), -1, 10),
    Seat("rillet", "cryRillet0000001", (0, 2), -1, 5),
)
#: Each shipped power's user and target (None: no target) in POWER_SEATS.
POWER_USERS = {
    "arc-bolt": ("sparkit", "pebblet"), "crystal-shard": ("sample-binder", "voltflare"),
    "ember-bite": ("emberling", "pebblet"), "flame-burst": ("emberling", None),
    "flare-claw": ("voltflare", "pebblet"), "rock-slam": ("pebblet", "voltflare"),
    "splash-tail": ("rillet", "sample-binder"), "staff-strike": ("sample-binder", "sparkit"),
    "static-nip": ("sparkit", "sample-binder"), "stone-skin": ("pebblet", None),
    "thunder-flare": ("voltflare", "sample-binder"), "tremor": ("pebblet", "voltflare"),
}
#: The faces of the powers' own cases, repeated over as many d10s as each takes.
POWER_FACES = (10, 7, 3, 8, 1, 6, 10, 2, 9, 4, 5)


def power_answer(power: str, die_mods: str = "", *situations: str) -> Doc:
    return {"action": "ok", "fields": {"power": power, "die_mods": die_mods,
                                       **{s: True for s in situations}}}


#: CR-E03 at the table: Pebblet's Rock Slam on the Fire/Lightning Voltflare, +2 and not +4. The
#: middle case, so the screenshot shows it (screenshot.py).
EARTH_ON_VOLTFLARE = ("pebblet", "voltflare", ten(10, 2, 5, 1, 8), power_answer("rock-slam"),
                      ACTIVE, False)


def power_cases(ctx: MacroContext) -> list[Case]:
    """An extended Ranged power through cover with two crits, a player's power on an NPC (applied
    by the GM's client), an out-of-range refusal, an Earth attack on the Fire/Lightning
    Voltflare (+2, not +4: CR-E03 at the table), a Melee Blast on two enemies, and a Minor power
    paid with the Major (CR-G18)."""
    m = ctx.module
    cases: list[tuple[str, str | None, Dice, Doc, Doc, bool]] = [
        ("sparkit", "sample-binder", ten(10, 10, 4), power_answer("arc-bolt", "", "cover"),
         {}, False),
        ("sample-binder", "voltflare", ten(9, 3, 10), power_answer("crystal-shard"), {}, True),
        ("pebblet", "sparkit", (), power_answer("rock-slam"), ACTIVE, False),
        EARTH_ON_VOLTFLARE,
        ("pebblet", "voltflare", ten(10, 6, 2, 7, 3, 1, 9), power_answer("tremor", "+1, -1"),
         ACTIVE, False),
        ("pebblet", None, (), power_answer("stone-skin"),
         {"pebblet": {"active": True, "minor": False, "actions_round": 1}}, False),
        ("voltflare", "pebblet", ten(10, 4, 6, 2), power_answer("flare-claw", "", "opportunity"),
         ACTIVE, False),
    ]
    found = []
    for user, target, dice, answer, flags, player in cases:
        owner = str(PLAYER["_id"]) if player else None
        found.append(Case(dice, None, scene=scene(m, [user], [target] if target else [], owner),
                          answers=(answer,), stage=staged(m, player=player, flags=flags)))
    # Voltflare's second opportunity attack this turn is refused (CR-G10).
    again = staged(m, flags=ACTIVE)
    again["fight"]["flags"] = {MODULE: {"oa_spent": ["voltflare"], "oa_turn": "1.0"}}
    return [*found, Case((), None, scene=scene(m, ["voltflare"], ["pebblet"]),
                         answers=(power_answer("flare-claw", "", "opportunity"),), stage=again)]


def direction_to(start: list[int], to: list[int], config: Doc) -> list[int]:
    best = min(steps(config), key=lambda s: distance([start[0] + s[0], start[1] + s[1]], to,
                                                      config))
    return list(best)


def power_input(ctx: MacroContext, case: Case, rows: list[Doc]) -> tuple[Doc, Doc, Doc]:
    """(input, user row, power) as `powerInput` builds them."""
    assert case.scene is not None
    user = row_of(rows, case.scene["controlled"][0])
    target = row_of(rows, case.scene["targets"][0]) if case.scene["targets"] else None
    fields = case.answers[0]["fields"]
    chosen = fields["power"] if "power" in fields else ctx.args[0]
    power = next(p for p in user["powers"] if p["id"] == chosen)
    checked = [s for s in SITUATIONS if fields.get(s)]
    situations = ({r["id"]: dict.fromkeys(checked, True) for r in rows if r is not user}
                  if checked else {})
    mods = [int(p) for p in fields["die_mods"].split(",") if p.strip()]
    inp: Doc = {"user": user["id"], "power": power, "combatants": [r["state"] for r in rows],
                "situations": situations, "die_mods": mods, "actions": actions_of(user, 1),
                "opportunity": bool(fields.get("opportunity")), "oa_spent": oa_spent_of(case)}
    kind = power["range"]["kind"]
    if kind in ("melee", "ranged"):
        assert target is not None
        inp["target"] = target["id"]
    config = {**config_data(ctx.module)["RULES_CONFIG"]}
    if kind == "ranged_blast":
        assert target is not None
        inp["aim"] = target["state"]["position"]
    if kind == "melee_blast":
        assert target is not None
        inp["direction"] = direction_to(user["state"]["position"], target["state"]["position"],
                                        config)
    return inp, user, power


def combat_flags(case: Case) -> Doc:
    assert case.stage is not None
    flags: Doc = case.stage["fight"]["flags"].get(MODULE, {})
    return flags


def oa_spent_of(case: Case) -> list[str]:
    """As `oaSpentOf`: the Combat's list when kept this turn."""
    flags = combat_flags(case)
    return list(flags["oa_spent"]) if flags.get("oa_turn") == TURN else []


def oa_changes(ctx: MacroContext, case: Case, before: list[str], after: list[str]) -> list[Any]:
    """As `oaChanges`."""
    if before == after:
        return []
    name = ctx.module.lang["RULEPACK.Card.CombatName"]
    uuid = f"Combat.{COMBAT_ID}"
    flags = combat_flags(case)
    found: list[Any] = [(uuid, name, f"flags.{MODULE}.oa_spent", flags.get("oa_spent"), after)]
    if flags.get("oa_turn") != TURN:
        found.append((uuid, name, f"flags.{MODULE}.oa_turn", flags.get("oa_turn"), TURN))
    return found


def expect_power(ctx: MacroContext, case: Case) -> Outcome:
    lang = ctx.module.lang
    rows = rows_of(ctx, case)
    inp, user, power = power_input(ctx, case, rows)
    result = predicted(ctx, "use_power", inp, case.dice)
    state = result["state"]
    changes = [*fight_changes(rows, state["combatants"]),
               *action_changes(user, inp["actions"], state["actions"], 1),
               *oa_changes(ctx, case, inp["oa_spent"], state["oa_spent"])]
    names = {r["id"]: r["name"] for r in rows}
    title = foundry_format(lang["RULEPACK.Crytures.PowerCard"], user=user["name"],
                           power=power["name"])
    player = case.stage is not None and case.stage["user"] is PLAYER
    relayed = player and any(not r["actor"].get("ownership", {}).get(PLAYER["_id"])
                             for r in rows if any(c[0].endswith(r["combatant"]["id"])
                                                  for c in changes))
    rolls = rolls_of(ctx.module, "use_power", inp, case.dice)
    message = card(lang, (user["actor"]["name"], title, power_lines(lang, result["events"], names)),
                   rolls, result, "use_power", changes, gm=not player, relayed=relayed)
    return Outcome(messages=(message,), updates=() if relayed else updates(changes))



def power_macro_cases(ctx: MacroContext) -> list[Case]:
    """The case of one power's own macro: its user in POWER_SEATS (the Pebblet summoned) uses
    it at its target; the window is answered without a power."""
    (key,) = ctx.args
    assert key in POWER_USERS, f"no seat uses the shipped power {key!r}: add it to POWER_USERS"
    user, target = POWER_USERS[key]
    m = ctx.module
    case = Case((), None, scene=scene(m, [user], [target] if target else [], seats=POWER_SEATS),
                answers=({"action": "ok", "fields": {"die_mods": ""}},),
                stage=staged(m, flags=ACTIVE, seats=POWER_SEATS))
    inp, _, _ = power_input(ctx, case, rows_of(ctx, case))
    return [Case(faces_for(m, "use_power", inp, POWER_FACES), None, scene=case.scene,
                 answers=case.answers, stage=case.stage)]


def use_power_cases(ctx: MacroContext) -> list[Case]:
    """A power's own macro, or the chooser."""
    return power_macro_cases(ctx) if ctx.args else power_cases(ctx)
