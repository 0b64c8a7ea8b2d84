"""The shipped hazard_location content, converted by `hazard_location_shipped`, gives the seed's
numbers through both engines: the Human table's called-shot penalties, the Weapon Range
Reference, the padded coat under the cuirass, the Blast Severity table.

The Python adapter runs here; the JS adapter runs in Node on the same library and must produce
the same input (and the same errors). Each engine then runs the cases built from its own
adapter's output.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from rules_parity import JS_CORE, REPO_ROOT, NodeEngine, canonical, run_python
from test_mirror import js_defs, python_defs

from compiler.model import Ruleset
from compiler.packing.common import plain
from compiler.pipeline import load_content
from compiler.rules.errors import RuleError
from compiler.rules.hazard_location import shipped as shipped
from compiler.rules.registry import engines

CONTENT = REPO_ROOT / "content"
CONFIG = engines()["hazard_location"].config
RULESET = "hazard_location"
TAG = re.compile(r"HZ-[REG][0-9]{2}")
Library = dict[str, dict[str, dict[str, Any]]]

#: Runs the JS adapter on {library, rules_config} from stdin; prints what `convert` returns.
NODE_CONVERT = """
import { pathToFileURL } from "node:url";
const s = await import(pathToFileURL(process.argv[1]).href);
let text = "";
for await (const chunk of process.stdin) text += chunk;
const { library, rules_config } = JSON.parse(text);
const guarded = (f) => { try { return f(); } catch (e) {
  if (e?.code) return { error: { code: e.code, message: e.message } }; throw e; } };
const each = (kind, f) => Object.fromEntries(
  s.documents(library, kind).map(d => [d.id, guarded(() => f(d))]));
const ranges = s.valueOr(library, "weapon_range", {});
process.stdout.write(JSON.stringify({
  content: guarded(() => s.engineContent(library)),
  config: guarded(() => s.engineConfig(rules_config, library)),
  characters: each("fighter", d => s.libraryCharacter(d, library)),
  weapons: each("weapon", d => s.weapon(d, ranges)),
  armor: each("armor", d => s.armorPiece(d)),
  explosives: each("explosive", d => s.explosive(d)),
  covers: each("cover", d => s.cover(d))
}));
"""

#: The seed's called-shot penalties for humans (HZ-R20), by location id of the human table.
HUMAN_PENALTIES = {
    "torso": 1, "pelvis": 1, "left-leg": 1, "right-leg": 1,
    "head": 2, "left-arm": 2, "right-arm": 2,
    "neck": 3, "left-foot": 3, "right-foot": 3, "left-hand": 3, "right-hand": 3,
}
#: The Weapon Range Reference (HZ-R11) and the penalty at Maximum Range (HZ-E04).
REFERENCE_RANGES = {
    "handguns": (20, 400, 19),
    "civilian-repeating-rifles": (70, 700, 9),
    "black-powder-military-rifles": (140, 1500, 10),
    "smokeless-powder-military-rifles": (320, 3500, 10),
    "specialized-long-range-rifles": (230, 2500, 10),
    "rapid-fire-machine-guns": (640, 3500, 5),
    "field-artillery": (1100, 6500, 5),
}


def _guarded(make: Any) -> Any:
    try:
        return make()
    except RuleError as error:
        return {"error": {"code": error.code, "message": error.message}}


def _each(library: Library, kind: str, make: Any) -> dict[str, Any]:
    return {d["id"]: _guarded(lambda d=d: make(d)) for d in shipped.documents(library, kind)}


def convert_python(library: Library, rules_config: Mapping[str, Any]) -> dict[str, Any]:
    """What NODE_CONVERT computes, with the Python adapter."""
    ranges = shipped.value_or(library, "weapon_range", {})
    return {
        "content": _guarded(lambda: shipped.engine_content(library)),
        "config": _guarded(lambda: shipped.engine_config(rules_config, library)),
        "characters": _each(library, "fighter", lambda d: shipped.library_character(d, library)),
        "weapons": _each(library, "weapon", lambda d: shipped.weapon(d, ranges)),
        "armor": _each(library, "armor", shipped.armor_piece),
        "explosives": _each(library, "explosive", shipped.explosive),
        "covers": _each(library, "cover", shipped.cover),
    }


def convert_js(node: Path, library: Library, rules_config: Mapping[str, Any]) -> dict[str, Any]:
    script = JS_CORE / "hazard_location" / "shipped.mjs"
    done = subprocess.run(
        [str(node), "--input-type=module", "-e", NODE_CONVERT, str(script)],
        input=json.dumps({"library": library, "rules_config": rules_config}),
        capture_output=True, text=True, check=False, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    converted: dict[str, Any] = json.loads(done.stdout)
    return converted


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ruleset]:
    folder = tmp_path_factory.mktemp("shipped")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder / "xdg"))
        content = load_content(CONTENT, folder / "cache")
    yield next(r for r in content.rulesets if r.engine == RULESET)


@pytest.fixture(scope="module")
def library(ruleset: Ruleset) -> Library:
    """The shipped documents as validated (defaults filled), `{kind: {id: document}}`."""
    found: Library = {}
    for document in ruleset.documents:
        found.setdefault(document.kind, {})[document.key] = plain(document.data)
    return found


@pytest.fixture(scope="module")
def converted(library: Library, ruleset: Ruleset, node_path: Path) -> dict[str, dict[str, Any]]:
    """Each engine's adapter output on the shipped library, checked equal."""
    python = convert_python(library, dict(ruleset.rules_config))
    js = convert_js(node_path, library, dict(ruleset.rules_config))
    assert canonical(js) == canonical(python)
    return {"python": python, "js": js}


def run_both(
    converted: Mapping[str, Mapping[str, Any]], js_engine: NodeEngine, make_case: Any
) -> list[dict[str, Any]]:
    """`make_case(adapter output)` run by the engine of the same language: [python, js]."""
    python = run_python(make_case(converted["python"]))
    js = js_engine.run(make_case(converted["js"]))
    assert canonical(python) == canonical(js)
    return [python, js]


def case(rule: str, config: Mapping[str, Any], inp: Mapping[str, Any],
         dice: list[dict[str, int]] | None = None) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": dict(config), "input": dict(inp),
            "dice": dice or []}


# -- the adapter itself ---------------------------------------------------------------------------


def test_every_shipped_document_converts(converted: Mapping[str, Any]) -> None:
    python = converted["python"]
    failed = [kind for kind, out in python.items() if "error" in out]
    failed += [f"{kind}/{key}" for kind, out in python.items() if kind not in ("content", "config")
               for key, value in out.items() if "error" in value]
    assert failed == []
    assert sorted(python["characters"]) == ["sample-soldier", "thug"]
    weapons = converted["python"]["weapons"]
    assert weapons["service-handgun"] == {
        "id": "service-handgun", "name": "Service Handgun", "mode": "ranged", "dv_max": 6,
        "pen": 4, "category": "handguns", "skill": "marksmanship", "attribute": "agi",
        "additional_injuries_rolled": False, "dv_current": 6,
        "optimal_range_m": 20, "max_range_m": 400,
    }


def test_the_human_table_derives_percent_from_its_ranges(converted: Mapping[str, Any]) -> None:
    [table] = converted["python"]["content"]["hit_location_tables"]
    assert (table["id"], table["species"], table["die"]) == ("human", "human", 100)
    assert [e["range"][0] for e in table["entries"]] == sorted(e["range"][0]
                                                                for e in table["entries"])
    assert sum(e["percent"] for e in table["entries"]) == 100
    assert {e["location"]: e["percent"] for e in table["entries"]}["torso"] == 30


def test_js_and_python_adapters_fail_alike(library: Library, node_path: Path) -> None:
    """A table share that is not a whole percent, a weapon system or an armour piece the library
    lacks, a gap in the Blast Severities: the same bad_input from both adapters."""
    broken = json.loads(json.dumps(library))
    broken["hit_locations"]["human"]["die"] = 30
    del broken["weapon_range"]["handguns"]
    del broken["armor"]["cuirass"]
    del broken["blast_severity"]["severity-2"]
    python = convert_python(broken, CONFIG)
    assert canonical(convert_js(node_path, broken, CONFIG)) == canonical(python)
    assert python["content"]["error"]["message"] == (
        "content.hit_locations.human: location head has 7 of 30 rolls, not a whole percent")
    assert python["weapons"]["service-handgun"]["error"]["message"] == (
        "content.weapon.service-handgun.category names no weapon range of the content")
    assert python["characters"]["sample-soldier"]["error"]["message"] == (
        "content.fighter.sample-soldier.items.armor names armor cuirass, which the content lacks")
    assert python["config"]["error"] == {"code": "bad_input", "message": (
        "content.blast_severity.severity-3.severity must be 2: the Severities run 1, 2, ...")}


def test_docs_name_the_same_hz_items() -> None:
    js_docs = dict(js_defs(JS_CORE / "hazard_location" / "shipped.mjs"))
    python = REPO_ROOT / "compiler" / "rules" / "hazard_location" / "shipped.py"
    for name, doc in python_defs(python):
        assert sorted(TAG.findall(doc)) == sorted(TAG.findall(js_docs[name])), name


# -- the seed's numbers through the engines -------------------------------------------------------


def test_human_called_shot_penalties(converted: Mapping[str, Any], js_engine: NodeEngine) -> None:
    """HZ-R20: Torso, Pelvis and Legs -1; Head and Arms -2; Neck, Feet and Hands -3."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"target_species": "human", "chosen_species": None, "content": out["content"]}
        return case("called_shot_options", out["config"], inp)

    for result in run_both(converted, js_engine, make):
        state = result["state"]
        assert state["table"] == "human"
        assert {o["location"]: o["penalty"] for o in state["locations"]} == HUMAN_PENALTIES
        assert [o["label"] for o in state["locations"]][:3] == ["Head", "Neck", "Torso"]


@pytest.mark.parametrize(("face", "location"), [
    (7, "head"), (8, "neck"), (10, "neck"), (11, "torso"), (50, "pelvis"), (51, "left-leg"),
    (100, "right-hand"),
])
def test_human_hit_location_rolls(
    face: int, location: str, converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """HZ-E06: d100 lookups on the shipped Human table, through the species."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"species": "human", "called_shot": None, "content": out["content"]}
        return case("hit_location", out["config"], inp, [{"d": 100, "v": face}])

    for result in run_both(converted, js_engine, make):
        assert result["state"] == {"location": location}


def test_the_seven_reference_weapon_systems(library: Library) -> None:
    """HZ-R11, as stated (Specialized Long-Range Rifles keep their shorter Optimal Range)."""
    found = {key: (d["optimal_range_m"], d["max_range_m"])
             for key, d in library["weapon_range"].items()}
    assert found == {key: value[:2] for key, value in REFERENCE_RANGES.items()}


@pytest.mark.parametrize("system", sorted(REFERENCE_RANGES))
def test_reference_ranges_give_the_seed_penalties(
    system: str, library: Library, js_engine: NodeEngine, converted: Mapping[str, Any]
) -> None:
    """HZ-E04: the penalty at Maximum Range; none at Optimal; out of range one metre beyond."""
    optimal, maximum, at_maximum = REFERENCE_RANGES[system]
    reference = library["weapon_range"][system]
    expected = [(optimal, 0), (optimal + 1, 1), (maximum, at_maximum), (maximum + 1, None)]
    for metres, penalty in expected:
        def make(out: Mapping[str, Any], metres: int = metres) -> dict[str, Any]:
            inp = {"optimal_range_m": reference["optimal_range_m"],
                   "max_range_m": reference["max_range_m"],
                   "distance": {"value": metres, "unit": "m"}}
            return case("range_penalty", out["config"], inp)

        for result in run_both(converted, js_engine, make):
            assert result["state"]["penalty"] == penalty, (system, metres)


def test_the_service_handgun_at_50_metres(
    converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """HZ-E13: a handgun at 50 m is -2 dice, its ranges coming from the Handguns system."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        gun = out["weapons"]["service-handgun"]
        inp = {"optimal_range_m": gun["optimal_range_m"], "max_range_m": gun["max_range_m"],
               "distance": {"value": 5, "unit": "hex"}}
        return case("range_penalty", out["config"], inp)

    for result in run_both(converted, js_engine, make):
        assert result["state"] == {"in_range": True, "penalty": 2}


def test_padded_coat_and_cuirass(converted: Mapping[str, Any], js_engine: NodeEngine) -> None:
    """HZ-E07: Combined AV 12 at the Torso, PEN 4 leaves Effective AV 8: 8d6, three 6s stop 3
    of 8 Damage and the cuirass, outermost, is ablated 8 -> 7. The sample soldier wears both."""
    faces = [6, 2, 6, 5, 1, 3, 6, 4]

    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        armor = out["characters"]["sample-soldier"]["armor"]
        assert armor == [out["armor"]["padded-coat"], out["armor"]["cuirass"]]
        inp = {"armor": armor, "cover": None, "location": "torso", "pen": 4, "damage": 8}
        return case("armor_roll", out["config"], inp, [{"d": 6, "v": v} for v in faces])

    for result in run_both(converted, js_engine, make):
        roll = next(e for e in result["events"] if e["type"] == "armor_roll")
        assert (roll["combined_av"], roll["effective_av"], roll["faces"]) == (12, 8, faces)
        assert result["state"]["through"] == 5
        assert [p["current_av"] for p in result["state"]["armor"]] == [4, 7]


def test_blast_severity_table(converted: Mapping[str, Any], js_engine: NodeEngine) -> None:
    """HZ-R25: the shipped rows are the engine's table; HZ-E10 with the demolition charge
    (Severity 3, 10 m): 16 within 10 m, 4 at 20 m, 1 at 30 m, nothing at 41 m."""
    config = converted["python"]["config"]
    assert config["blast_damage_by_severity"] == [4, 8, 16, 32, 64, 128]
    assert config["blast_damage_by_severity"] == CONFIG["blast_damage_by_severity"]
    for metres, damage in [(10, 16), (20, 4), (30, 1), (41, 0)]:
        def make(out: Mapping[str, Any], metres: int = metres) -> dict[str, Any]:
            inp = {"explosive": out["explosives"]["demolition-charge"],
                   "distance": {"value": metres, "unit": "m"}}
            return case("blast_damage", out["config"], inp)

        for result in run_both(converted, js_engine, make):
            assert result["state"] == {"damage": damage}, metres


def test_sample_soldier_is_a_valid_character(
    converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """HZ-R31: END 3 + WIL 3 = Total Stamina 6 (HZ-E11); the engine accepts the character."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"character": out["characters"]["sample-soldier"], "content": out["content"]}
        return case("derived_values", out["config"], inp)

    for result in run_both(converted, js_engine, make):
        assert "error" not in result, result
        assert result["events"] == [
            {"type": "derived", "stamina_total": 6, "movement": 4, "initiative": 7}]
        character = result["state"]["character"]
        assert (character["species"], character["stamina_current"]) == ("human", 6)
        assert [w["id"] for w in character["weapons"]] == ["service-handgun"]


# -- every kind, every optional field -------------------------------------------------------------

VALID_EXAMPLE = Path(__file__).resolve().parent / "examples" / "valid-all-kinds" / "content"


@pytest.fixture(scope="module")
def every_kind(tmp_path_factory: pytest.TempPathFactory, node_path: Path) -> dict[str, Any]:
    """The example with one valid document of every kind, converted by each adapter (equal)."""
    folder = tmp_path_factory.mktemp("every-kind")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder / "xdg"))
        [ruleset] = load_content(VALID_EXAMPLE, folder / "cache").rulesets
    found: Library = {}
    for document in ruleset.documents:
        found.setdefault(document.kind, {})[document.key] = plain(document.data)
    python = convert_python(found, dict(ruleset.rules_config))
    js = convert_js(node_path, found, dict(ruleset.rules_config))
    assert canonical(js) == canonical(python)
    return {"python": python, "js": js}


def test_every_kind_is_accepted_by_the_engine(
    every_kind: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """Rows out of order, caps by species, sex and phenotype, partial coverage, a fraction of a
    kilometre, a Severity 6 Damage: the converted documents are valid rule input."""
    def derived(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"character": out["characters"]["rex"], "content": out["content"]}
        return case("derived_values", out["config"], inp)

    def located(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"species": "hound", "called_shot": None, "content": out["content"]}
        return case("hit_location", out["config"], inp, [{"d": 100, "v": 5}])

    def covered(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"armor": out["characters"]["rex"]["armor"], "cover": None, "location": "legs",
               "pen": 0, "damage": 2}
        return case("armor_roll", out["config"], inp, [{"d": 100, "v": 41}])

    def blast(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"explosive": out["explosives"]["bomb"], "distance": {"value": 1, "unit": "km"}}
        return case("blast_damage", out["config"], inp)

    for result in run_both(every_kind, js_engine, derived):
        assert result["events"][0]["stamina_total"] == 6  # min(END 4 + WIL 2, 8, 7, 9)
    for result in run_both(every_kind, js_engine, located):
        assert result["state"] == {"location": "head"}
    for result in run_both(every_kind, js_engine, covered):  # 41 > 40%: the barding misses
        assert [e["type"] for e in result["events"]] == ["coverage_check", "unarmored"]
    for result in run_both(every_kind, js_engine, blast):
        assert result["state"] == {"damage": 50}  # floor(200 * 500^2 / 1000^2)
    out = every_kind["python"]
    bow = out["weapons"]["bow"]
    assert (bow["optimal_range_m"], bow["max_range_m"], bow["dv_current"]) == (30, 30, 3)
    assert [t["id"] for t in out["content"]["injury_tables"]] == ["general", "head"]
