"""The shipped danger_room content through both engines, converted by `content.py`/`content.mjs`.

The tables hold the seed's numbers and the catalogue's defaults; every fighter, card, weapon and
Active Defence converts into input the engine accepts; the seed's own numbers come out (X-23's
Agility 20 gives an 8-die Reflex save, the Hand Operative's 10 gives 3, DR-E02); and the JS
adapters produce exactly what the Python ones do, which the JS engine then runs to the same result.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rules_parity import REPO_ROOT, NodeEngine, canonical, run_python

from compiler.pipeline import load_content
from compiler.render.scripts import rules_data
from compiler.rules.danger_room import content
from compiler.rules.danger_room.combatant import THREAT_TIERS
from compiler.rules.danger_room.content import Data
from compiler.rules.registry import engines

CONFIG = engines()["danger_room"].config

#: Where each shipped fighter stands: X-23 and Hellfire on one side, next to the Hand Operative.
SEATS: Mapping[str, dict[str, Any]] = {
    "x-23": {"side": "x-men", "hex": [0, 0]},
    "hellfire": {"side": "x-men", "hex": [-1, 0]},
    "hand-operative": {"side": "the-hand", "hex": [1, 0]},
}

#: The same conversions as `adapted` below, by the JS mirror; prints one JSON object.
JS_ADAPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const request = JSON.parse(readFileSync(0, "utf-8"));
const c = await import(pathToFileURL(request.core + "/danger_room/content.mjs").href);
const { RULESETS } = await import(pathToFileURL(request.core + "/rulesets.mjs").href);
const { CONFIG } = RULESETS.danger_room;
const { docs, data, seats } = request;
const config = c.rulesConfig(CONFIG, data);
const each = (kind, convert) => Object.fromEntries(Object.entries(docs[kind] ?? {}).map(
  ([key, doc]) => [key, convert(doc)]));
const out = {
  config,
  refs: each("fighter", (f) => c.fighterRef(f)),
  sheets: each("fighter", (f) => c.fighterSheet(f, data)),
  fighters: each("fighter", (f) => c.combatant(f, docs.weapon ?? {}, data, config, seats[f.id])),
  cards: each("card", (card) => c.cardInput(card, data)),
  defences: each("active_defence", (d) => c.activeDefenceCard(d)),
  weapons: each("weapon", (w) => c.weaponInput(w)),
};
process.stdout.write(JSON.stringify(out));
"""


@dataclass(frozen=True)
class Shipped:
    docs: dict[str, dict[str, Mapping[str, Any]]]  # kind -> id -> validated data
    data: Data  # RULES_DATA, as config.mjs ships it


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Shipped:
    loaded = load_content(REPO_ROOT / "content", tmp_path_factory.mktemp("cache"))
    ruleset = next(r for r in loaded.rulesets if r.engine == "danger_room")
    docs: dict[str, dict[str, Mapping[str, Any]]] = {}
    for document in ruleset.documents:
        docs.setdefault(document.kind, {})[document.key] = document.data
    return Shipped(docs, rules_data(ruleset))


def adapted(shipped: Shipped) -> dict[str, Any]:
    """Every shipped document converted by the Python adapters (keys as in `JS_ADAPT`)."""
    docs, data = shipped.docs, shipped.data
    config = content.rules_config(CONFIG, data)
    weapons = docs.get("weapon", {})
    fighters = docs["fighter"]
    return {
        "config": config,
        "refs": {k: content.fighter_ref(f) for k, f in fighters.items()},
        "sheets": {k: content.fighter_sheet(f, data) for k, f in fighters.items()},
        "fighters": {
            k: content.combatant(f, weapons, data, config, SEATS[k]) for k, f in fighters.items()
        },
        "cards": {k: content.card_input(c, data) for k, c in docs["card"].items()},
        "defences": {
            k: content.active_defence_card(d) for k, d in docs["active_defence"].items()
        },
        "weapons": {k: content.weapon_input(w) for k, w in weapons.items()},
    }


def case(rule: str, config: Mapping[str, Any], inp: object, dice: list[int]) -> dict[str, Any]:
    return {
        "ruleset": "danger_room", "rule": rule, "config": dict(config), "input": inp,
        "dice": [{"d": 10, "v": face} for face in dice],
    }


def choice(fighter: str, card: Mapping[str, Any], aim: Mapping[str, Any]) -> dict[str, Any]:
    hits = [0] * card["hits"] if card["damage"] is not None or card["weapon"] else []
    return {
        "fighter": fighter, "card": card, "wait": False, "path": [], "aim": aim,
        "boost": hits, "save_boost": 0, "protects": None,
    }


def scenario(a: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The rule cases the shipped content makes, from one engine's adapted documents `a`."""
    config, fighters, cards = a["config"], a["fighters"], a["cards"]
    x23, hellfire, hand = fighters["x-23"], fighters["hellfire"], fighters["hand-operative"]
    cases = {
        f"profile {k}": case("fighter_profile", config, {"fighter": ref}, [])
        for k, ref in a["refs"].items()
    }
    cases |= {
        f"reflex {k}": case("save_pool", config, {
            "attributes": ref["attributes"], "save": "Reflex", "unreactable": False}, [])
        for k, ref in a["refs"].items()
    }
    cases |= {f"vitals {k}": case("fighter_vitals", config, {"sheet": s}, [])
              for k, s in a["sheets"].items()}
    attackers = {"claw-strike": x23, "amaranth": hellfire, "scrap-storm": x23,
                 "metal-pinions": x23}
    cases |= {
        f"pool {k}": case("damage_pool", config, {
            "attacker": attacker, "target": hand, "card": cards[k],
            "unreactable": False, "penalty_dice": 0}, [])
        for k, attacker in attackers.items()
    }
    state = {"turn": 1, "fighters": fighters, "defences": [], "on_ground": []}
    for key, (owner, protects) in {"phasing": ("x-23", "x-23"),
                                   "barrier": ("hellfire", "x-23")}.items():
        cases[f"arm {key}"] = case("arm_defence", config, {
            "state": state, "owner": owner, "card": a["defences"][key], "protects": protects}, [])
    # DR-E06 with the shipped cards: X-23's claws (7 dice on Soak 0) take 4 Health, Lacerating,
    # so the Hand Operative is Dizzied before his Speed-5 cut comes; Hellfire arms Block.
    cases["turn"] = case("turn", config, {"state": state, "visibility": "clear", "choices": [
        choice("x-23", cards["claw-strike"], {"target": "hand-operative"}),
        choice("hellfire", cards["block"], {}),
        choice("hand-operative", cards["katana-cut"], {"target": "x-23"}),
    ]}, [6, 1, 9, 3, 10, 5, 7])
    return cases


@pytest.fixture(scope="module")
def py_results(shipped: Shipped) -> dict[str, dict[str, Any]]:
    return {name: run_python(c) for name, c in scenario(adapted(shipped)).items()}


def test_the_threat_tiers_are_the_seeds(shipped: Shipped) -> None:
    tiers = shipped.data["threat_tier"]
    multipliers = sorted((t["multiplier"], k) for k, t in tiers.items())
    assert [m for m, _ in multipliers] == [2, 4, 7, 12, 25]
    assert {k: t["multiplier"] for k, t in tiers.items()} == dict(THREAT_TIERS)
    assert [k for k, t in tiers.items() if t["drops_at_zero"]] == ["introduced"]


def test_the_other_tables_hold_the_catalogue_defaults(shipped: Shipped) -> None:
    data = shipped.data
    assert content.rules_config(CONFIG, data) == dict(CONFIG)  # sizes and Visibility as DR-G23/32
    terrestrial = content.sensorial_class("terrestrial", data, CONFIG)
    assert terrestrial == CONFIG["default_sensorial_class"]
    assert sorted(data["fight_mode"]) == ["live", "training"]
    assert set(data["condition"]) >= {"fumbling", "dazzled", "confused", "lucky", "jinxed",
                                      "dizzy", "dampened"}


@pytest.mark.parametrize(("fighter", "dice"), [("x-23", 8), ("hand-operative", 3),
                                               ("hellfire", 5)])
def test_the_seeds_reflex_saves(
    py_results: dict[str, dict[str, Any]], fighter: str, dice: int
) -> None:
    assert py_results[f"profile {fighter}"]["state"]["cardless_pools"]["agility"] == dice
    assert py_results[f"reflex {fighter}"]["state"] == {"pool": dice}


def test_health_by_generation_and_threat_tier(py_results: dict[str, dict[str, Any]]) -> None:
    # DR-E09 with the shipped Generation x2 (DR-G32, issue 17): a d10 phenotype with Endurance
    # 15 or 14 gives 2 x 12 = 24, so X-23 and Hellfire outlast the Introduced x d8 henchman (16).
    health = {k: py_results[f"vitals {k}"]["state"]["max_health"] for k in SEATS}
    assert health == {"x-23": 24, "hellfire": 24, "hand-operative": 16}


def test_each_card_adds_its_own_base_attribute(py_results: dict[str, dict[str, Any]]) -> None:
    # DR-E05: Brawn +3 for X-23's claws, Intellect +4 for Amaranth (DR-E07's 9 dice); Scrap
    # Storm (Endurance) and Metal Pinions (Agility) in X-23's hands add her +2 and +5.
    pools = {k: py_results[f"pool {k}"]["state"]["pool"]
             for k in ("claw-strike", "amaranth", "scrap-storm", "metal-pinions")}
    assert pools == {"claw-strike": 7, "amaranth": 9, "scrap-storm": 5, "metal-pinions": 8}


def test_the_active_defences_arm(py_results: dict[str, dict[str, Any]]) -> None:
    armed = {k: py_results[f"arm {k}"]["state"]["defences"][-1] for k in ("phasing", "barrier")}
    assert (armed["phasing"]["emergency"], armed["phasing"]["protects"]) == (True, "x-23")
    assert armed["barrier"]["protects"] == "x-23" and armed["barrier"]["owner"] == "hellfire"
    assert (armed["barrier"]["effect"], armed["barrier"]["amount"]) == ("shield_points", 3)


def test_a_turn_of_shipped_cards(py_results: dict[str, dict[str, Any]]) -> None:
    result = py_results["turn"]
    assert "error" not in result, result
    events = result["events"]
    damage = next(e for e in events if e["type"] == "damage")
    assert (damage["fighter"], damage["lacerating"], damage["health_lost"]) == (
        "hand-operative", True, 4)
    assert any(e["type"] == "dizzy" and e["fighter"] == "hand-operative" for e in events)
    assert {"type": "action_lost", "fighter": "hand-operative", "loses": "move_and_act"} in events
    assert any(e["type"] == "defence_armed" and e["owner"] == "hellfire" for e in events)
    assert result["state"]["fighters"]["hand-operative"]["health"] == 12


def test_js_adapters_and_engine_agree(
    shipped: Shipped, node_path: Path, js_engine: NodeEngine, js_core: Path,
    py_results: dict[str, dict[str, Any]],
) -> None:
    request = {"core": str(js_core), "docs": shipped.docs, "data": shipped.data, "seats": SEATS}
    run = subprocess.run(
        [str(node_path), "--input-type=module", "-e", JS_ADAPT],
        input=json.dumps(request), capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stderr
    js_adapted = json.loads(run.stdout)
    assert canonical(js_adapted) == canonical(adapted(shipped))
    cases = scenario(js_adapted)
    js_results = dict(zip(cases, js_engine.run_batch(list(cases.values())), strict=True))
    assert canonical(js_results) == canonical(py_results)
