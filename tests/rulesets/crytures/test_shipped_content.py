"""The shipped crytures content through both engines, converted by `content.py`/`content.mjs`.

Every shipped fighter, power, weapon, consumable and binding crystal converts into input the
engine accepts; the seed's numbers come out (Pebblet's Health 23 is Complexity 5, an Earth attack
on the Fire/Lightning Voltflare gets +2, not +4); the adapters refuse what the schemas cannot; and
the JS adapters produce exactly what the Python ones do, which the JS engine runs to the same
result.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rules_parity import JS_CORE, REPO_ROOT, NodeEngine, canonical, run_python

from compiler.pipeline import load_content
from compiler.render.scripts import rules_data
from compiler.rules.crytures import content
from compiler.rules.errors import RuleError
from compiler.rules.registry import engines

CONFIG = engines()["crytures"].config

#: The fight the shipped fighters stand in: the Sample Binder's side against wild crytures.
SEATS: Mapping[str, dict[str, Any]] = {
    "sample-binder": {"side": "party", "position": [0, 0]},
    "pebblet": {"side": "party", "position": [1, 0], "summoner": "sample-binder"},
    "emberling": {"side": "party", "summoner": "sample-binder"},  # recalled: off the grid
    "voltflare": {"side": "wild", "position": [2, 0]},
    "sparkit": {"side": "wild", "position": [6, 0]},
    "rillet": {"side": "wild", "position": [2, 2]},
}

#: The same conversions as `adapted` below, by the JS mirror; prints one JSON object.
JS_ADAPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const request = JSON.parse(readFileSync(0, "utf-8"));
const c = await import(pathToFileURL(request.core + "/crytures/content.mjs").href);
const { docs, data, seats, config: CONFIG } = request;
const each = (kind, convert) => Object.fromEntries(Object.entries(docs[kind] ?? {}).map(
  ([key, doc]) => [key, convert(doc)]));
const out = {
  config: c.rulesConfig(CONFIG, data),
  powers: each("power", p => c.powerInput(p)),
  fighters: each("fighter", f => c.combatant(f, c.fighterPowers(f, docs), seats[f.id])),
  rollers: each("fighter", f => c.roller(f)),
  carried: each("fighter", f => c.carried(f, docs)),
  bound: each("fighter", f => c.boundCrytures(f, docs)),
  party: [
    c.member(docs.fighter["sample-binder"], docs,
      {power: "staff-strike", target: "voltflare", bind: true, spend: {mana: 1}}),
    c.member(docs.fighter.pebblet, docs,
      {power: "rock-slam", target: "voltflare", summoner: "sample-binder"})
  ],
  enemies: [c.enemy(docs.fighter.voltflare, docs, {power: "flare-claw"}),
            c.enemy(docs.fighter.sparkit, docs, {power: "static-nip"})]
};
process.stdout.write(JSON.stringify(out));
"""


@dataclass(frozen=True)
class Shipped:
    docs: dict[str, dict[str, Mapping[str, Any]]]  # kind -> id -> validated data
    data: dict[str, dict[str, Any]]  # RULES_DATA, as config.mjs ships it


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Shipped:
    loaded = load_content(REPO_ROOT / "content", tmp_path_factory.mktemp("cache"))
    ruleset = next(r for r in loaded.rulesets if r.engine == "crytures")
    docs: dict[str, dict[str, Mapping[str, Any]]] = {}
    for document in ruleset.documents:
        docs.setdefault(document.kind, {})[document.key] = document.data
    return Shipped(docs, rules_data(ruleset))


def adapted(shipped: Shipped) -> dict[str, Any]:
    """Every shipped document converted by the Python adapters (keys as in `JS_ADAPT`)."""
    docs, fighters = shipped.docs, shipped.docs["fighter"]
    binder, pebblet = fighters["sample-binder"], fighters["pebblet"]
    return {
        "config": content.rules_config(CONFIG, shipped.data),
        "powers": {k: content.power_input(p) for k, p in docs["power"].items()},
        "fighters": {k: content.combatant(f, content.fighter_powers(f, docs), SEATS[k])
                     for k, f in fighters.items()},
        "rollers": {k: content.roller(f) for k, f in fighters.items()},
        "carried": {k: list(content.carried(f, docs)) for k, f in fighters.items()},
        "bound": {k: content.bound_crytures(f, docs) for k, f in fighters.items()},
        "party": [
            content.member(binder, docs, {"power": "staff-strike", "target": "voltflare",
                                          "bind": True, "spend": {"mana": 1}}),
            content.member(pebblet, docs, {"power": "rock-slam", "target": "voltflare",
                                           "summoner": "sample-binder"}),
        ],
        "enemies": [content.enemy(fighters["voltflare"], docs, {"power": "flare-claw"}),
                    content.enemy(fighters["sparkit"], docs, {"power": "static-nip"})],
    }


def case(rule: str, config: Mapping[str, Any], inp: object, dice: list[int]) -> dict[str, Any]:
    return {"ruleset": "crytures", "rule": rule, "config": dict(config), "input": inp,
            "dice": [{"d": 10, "v": face} for face in dice]}


#: Who uses each shipped power in the scenario, and on whom (Melee and Ranged powers).
OWNERS: Mapping[str, tuple[str, str | None]] = {
    "ember-bite": ("emberling", "voltflare"), "flame-burst": ("emberling", None),
    "static-nip": ("sparkit", "pebblet"), "arc-bolt": ("sparkit", "pebblet"),
    "rock-slam": ("pebblet", "voltflare"), "tremor": ("pebblet", None),
    "stone-skin": ("pebblet", None), "flare-claw": ("voltflare", "pebblet"),
    "thunder-flare": ("voltflare", None), "splash-tail": ("rillet", "pebblet"),
    "staff-strike": ("sample-binder", "pebblet"), "crystal-shard": ("sample-binder", "voltflare"),
}
#: Faces enough for any case; each case keeps the prefix its rule takes (`trimmed`).
FACES = [(7 * i) % 10 + 1 for i in range(80)]


def scenario(a: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The rule cases the shipped content makes, from one engine's adapted documents `a`."""
    config, fighters = a["config"], a["fighters"]
    rollers = list(a["rollers"].values())
    cases = {"initiative": case("initiative", config, {"combatants": rollers}, FACES)}
    for ident, power in a["powers"].items():
        owner, target = OWNERS[ident]
        placed = [dict(f, position=[1, 1]) if f["id"] == owner and f["position"] is None else f
                  for f in fighters.values()]
        inp: dict[str, Any] = {"user": owner, "power": power, "combatants": placed,
                               "target": target, "aim": None, "direction": None}
        if power["range"]["kind"] == "ranged_blast":
            inp["aim"] = [1, 0]
        if power["range"]["kind"] == "melee_blast":
            inp["direction"] = [1, 0]
        cases[f"use {ident}"] = case("use_power", config, inp, FACES)
    montage = {"party": a["party"], "enemies": a["enemies"]}
    cases["montage"] = case("battle_montage", config, montage, FACES)
    return cases


def trimmed(cases: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each case's dice cut to what its rule takes (the queue must end empty, C1)."""
    found = {}
    for name, c in cases.items():
        for count in range(len(c["dice"]) + 1):
            attempt = {**c, "dice": c["dice"][:count]}
            if "error" not in run_python(attempt):
                found[name] = attempt
                break
        else:
            found[name] = c
    return found


@pytest.fixture(scope="module")
def cases(shipped: Shipped) -> dict[str, dict[str, Any]]:
    return trimmed(scenario(adapted(shipped)))


def test_every_shipped_case_runs(cases: dict[str, dict[str, Any]]) -> None:
    failed = {n: run_python(c)["error"] for n, c in cases.items() if "error" in run_python(c)}
    assert failed == {}
    assert len([n for n in cases if n.startswith("use ")]) == 12


def test_the_seeds_numbers(shipped: Shipped, cases: dict[str, dict[str, Any]]) -> None:
    config = content.rules_config(CONFIG, shipped.data)
    assert config["type_chart"] == {"weak_to": {"fire": ["earth"], "lightning": ["earth"]},
                                    "resists": {}}
    assert config["type_chart"] == CONFIG["type_chart"]  # CR-G04: the chart is the default's
    montage = run_python(cases["montage"])
    complexity = {e["enemy"]: e["complexity"] for e in montage["events"]
                  if e["type"] == "complexity"}
    assert complexity == {"voltflare": 4, "sparkit": 3}
    slam = run_python(cases["use rock-slam"])["events"]
    mod = next(e for e in slam if e["type"] == "roll_modifier")
    assert mod["situations"] == [{"situation": "weak", "modifier": 2}]  # CR-E03: not +4
    docs = shipped.docs
    pebblet = content.enemy(docs["fighter"]["pebblet"], docs, {"power": "rock-slam"})
    assert pebblet["health"] == 23  # CR-E10's Health 23: Complexity 5


def test_carried_items_are_counted(shipped: Shipped) -> None:
    binder = shipped.docs["fighter"]["sample-binder"]
    consumables, crystals = content.carried(binder, shipped.docs)
    assert (consumables, crystals) == ([{"id": "focus-tonic", "count": 2, "montage_dice": 3}], 3)
    assert content.bound_crytures(binder, shipped.docs) == ["emberling", "pebblet"]
    powers = [p["id"] for p in content.fighter_powers(binder, shipped.docs)]
    assert powers == ["crystal-shard", "staff-strike"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"cost": {"amount": 1, "resource": "health"}}, "cost.resource must be stamina or mana"),
    ],
)
def test_the_adapter_refuses_what_schemas_cannot(
    shipped: Shipped, change: dict[str, Any], words: str
) -> None:
    power = {**shipped.docs["power"]["arc-bolt"], **change}
    with pytest.raises(RuleError, match=words):
        content.power_input(power)
    cryture = {**shipped.docs["fighter"]["rillet"], "items": {"powers": []}}
    with pytest.raises(RuleError, match="needs a basic Melee power"):
        content.combatant(cryture, [], {"side": "wild"})
    binder = {**shipped.docs["fighter"]["sample-binder"], "crytures_bound": ["sample-binder"]}
    with pytest.raises(RuleError, match="not a cryture"):
        content.bound_crytures(binder, shipped.docs)


def test_foundry_nulls_read_as_absent(shipped: Shipped) -> None:
    """In Foundry a field left out is stored as null: the adapters read it as absent."""
    power = shipped.docs["power"]["stone-skin"]
    stored = {**power, "cost": None, "attack": None, "hit": None, "crit": None, "type": None,
              "concentration": None}
    assert content.power_input(stored) == {**content.power_input(power), "type": None}
    seat = {"side": "party", "position": None, "health": None, "statuses": None}
    pebblet = shipped.docs["fighter"]["pebblet"]
    powers = content.fighter_powers(pebblet, shipped.docs)
    assert content.combatant(pebblet, powers, seat) == content.combatant(
        pebblet, powers, {"side": "party"})


def test_js_adapters_and_engine_agree(
    shipped: Shipped, node_path: Path, js_engine: NodeEngine, cases: dict[str, dict[str, Any]],
) -> None:
    request = {"core": str(JS_CORE), "docs": shipped.docs, "data": shipped.data, "seats": SEATS,
               "config": dict(CONFIG)}
    run = subprocess.run(
        [str(node_path), "--input-type=module", "-e", JS_ADAPT],
        input=json.dumps(request), capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stderr
    js_adapted = json.loads(run.stdout)
    assert canonical(js_adapted) == canonical(adapted(shipped))
    py_results = {name: run_python(c) for name, c in cases.items()}
    js_results = dict(zip(cases, js_engine.run_batch(list(cases.values())), strict=True))
    assert canonical(js_results) == canonical(py_results)
