"""The shipped fate_wounds content, converted by `fate_wounds/content`, gives the seed's numbers
through both engines: Tim the Enchanter's Fiery Explosion against Agent Smith's Cybernetic Punch,
+5 Legendary against +2 Great and a Light Wound; the human track; the ladders.

The Python adapter runs here; the JS adapter runs in Node on the same library and must produce
the same input (and the same errors). Each engine then runs the cases built from its own
adapter's output.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from rules_parity import JS_CORE, REPO_ROOT, NodeEngine, canonical, run_python

from compiler.model import Ruleset
from compiler.packing.common import plain
from compiler.pipeline import load_content
from compiler.rules.errors import RuleError
from compiler.rules.fate_wounds import content as adapter
from compiler.rules.registry import engines

RULESET = "fate_wounds"
CONFIG = engines()[RULESET].config
Library = dict[str, dict[str, dict[str, Any]]]
VALID_EXAMPLE = Path(__file__).with_name("examples") / "valid-all-kinds"

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
process.stdout.write(JSON.stringify({
  config: guarded(() => s.engineConfig(rules_config, library)),
  characters: each("fighter", d => s.character(d, library)),
  powers: each("power", d => s.power(d)),
  tracks: each("wound_track", d => s.woundTrack(d))
}));
"""


def _guarded(make: Any) -> Any:
    try:
        return make()
    except RuleError as error:
        return {"error": {"code": error.code, "message": error.message}}


def _each(library: Library, kind: str, make: Any) -> dict[str, Any]:
    return {d["id"]: _guarded(lambda d=d: make(d)) for d in adapter.documents(library, kind)}


def convert_python(library: Library, rules_config: Mapping[str, Any]) -> dict[str, Any]:
    """What NODE_CONVERT computes, with the Python adapter."""
    return {
        "config": _guarded(lambda: adapter.engine_config(rules_config, library)),
        "characters": _each(library, "fighter", lambda d: adapter.character(d, library)),
        "powers": _each(library, "power", adapter.power),
        "tracks": _each(library, "wound_track", adapter.wound_track),
    }


def convert_js(node: Path, library: Library, rules_config: Mapping[str, Any]) -> dict[str, Any]:
    script = JS_CORE / "fate_wounds" / "content.mjs"
    done = subprocess.run(
        [str(node), "--input-type=module", "-e", NODE_CONVERT, str(script)],
        input=json.dumps({"library": library, "rules_config": rules_config}),
        capture_output=True, text=True, check=False, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    converted: dict[str, Any] = json.loads(done.stdout)
    return converted


def _library(ruleset: Ruleset) -> Library:
    found: Library = {}
    for document in ruleset.documents:
        found.setdefault(document.kind, {})[document.key] = plain(document.data)
    return found


def _load(root: Path, folder: Path) -> Ruleset:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder / "xdg"))
        content = load_content(root, folder / "cache")
    return next(r for r in content.rulesets if r.engine == RULESET)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ruleset]:
    yield _load(REPO_ROOT / "content", tmp_path_factory.mktemp("shipped"))


@pytest.fixture(scope="module")
def library(shipped: Ruleset) -> Library:
    """The shipped documents as validated (defaults filled), `{kind: {id: document}}`."""
    return _library(shipped)


@pytest.fixture(scope="module")
def converted(library: Library, shipped: Ruleset, node_path: Path) -> dict[str, Any]:
    """Each engine's adapter output on the shipped library, checked equal."""
    python = convert_python(library, dict(shipped.rules_config))
    js = convert_js(node_path, library, dict(shipped.rules_config))
    assert canonical(js) == canonical(python)
    return {"python": python, "js": js}


def run_both(converted: Mapping[str, Any], js: NodeEngine, make: Any) -> list[dict[str, Any]]:
    """`make(adapter output)` run by the engine of the same language: [python, js]."""
    python = run_python(make(converted["python"]))
    other = js.run(make(converted["js"]))
    assert canonical(python) == canonical(other)
    return [python, other]


def case(rule: str, config: Mapping[str, Any], inp: Mapping[str, Any],
         dice: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": dict(config), "input": dict(inp),
            "dice": dice or []}


def fate(*faces: int) -> list[dict[str, Any]]:
    return [{"d": "F", "v": v} for v in faces]


# -- the adapter itself ---------------------------------------------------------------------------


def test_every_shipped_document_converts(converted: Mapping[str, Any]) -> None:
    python = converted["python"]
    failed = [key for kind in ("characters", "powers", "tracks")
              for key, value in python[kind].items() if "error" in value]
    assert failed == [] and "error" not in python["config"]
    assert sorted(python["characters"]) == ["agent-smith", "tim-the-enchanter"]
    assert python["characters"]["tim-the-enchanter"]["powers"] == [
        {"id": "fiery-explosion", "name": "Fiery Explosion", "rating": 0}]
    assert [p["rating"] for p in python["characters"]["agent-smith"]["powers"]] == [1, 0]


def test_the_shipped_track_and_ladders_are_the_defaults(converted: Mapping[str, Any]) -> None:
    """FW-R09, FW-G05, FW-G06, FW-G10: the content says what the defaults say."""
    python = converted["python"]
    assert python["tracks"]["human"] == CONFIG["wound_track"]
    assert python["config"]["result_ladder"] == CONFIG["result_ladder"]
    assert python["config"]["skill_ladder"] == CONFIG["skill_ladder"]


def test_js_and_python_adapters_fail_alike(library: Library, node_path: Path) -> None:
    """A power or a track the library lacks, two ladders of one scale: the same bad_input."""
    broken = json.loads(json.dumps(library))
    del broken["power"]["cybernetic-punch"]
    broken["fighter"]["tim-the-enchanter"]["wound_track"] = "troll"
    broken["ladder"]["more"] = {**broken["ladder"]["results"], "id": "more"}
    python = convert_python(broken, {})
    assert canonical(convert_js(node_path, broken, {})) == canonical(python)
    assert python["characters"]["agent-smith"]["error"]["message"] == (
        "content.fighter.agent-smith.items.powers names power cybernetic-punch, which the "
        "content lacks")
    assert python["characters"]["tim-the-enchanter"]["error"]["message"] == (
        "content.fighter.tim-the-enchanter.wound_track names wound track troll, which the "
        "content lacks")
    assert python["config"]["error"] == {"code": "bad_input", "message": (
        "content.ladder.results is a second result ladder: more is one already")}


# -- the seed's numbers through the engines -------------------------------------------------------


def test_tim_the_enchanter_against_agent_smith(
    converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """FW-E01-E03 with the shipped characters: [+, -, -, blank] + 6 = +5 Legendary against
    [-, -, blank, blank] + 4 = +2 Great; 3 damage checks a Light Wound box."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {
            "attacker": out["characters"]["tim-the-enchanter"],
            "defender": out["characters"]["agent-smith"],
            "attack": {"approach": "forceful", "power": "fiery-explosion", "power_bonuses": 4},
            "defence": {"approach": "quick", "power": "cybernetic-punch", "power_bonuses": 2},
        }
        return case("attack", out["config"], inp, fate(1, -1, -1, 0, -1, -1, 0, 0))

    for result in run_both(converted, js_engine, make):
        rolls = [e for e in result["events"] if e["type"] == "roll"]
        assert [(r["total"], r["label"]) for r in rolls] == [(5, "Legendary"), (2, "Great")]
        assert [(r["approach"]["label"], r["power"]["label"]) for r in rolls] == [
            ("Great", "Skilled"), ("Good", "Very Skilled")]
        state = result["state"]
        assert (state["hit"], state["damage"]) == (True, 3)
        assert state["defender"]["wounds"] == {
            "scratch": 0, "light": 1, "heavy": 0, "extreme": 0, "incapacitated": 0}
        assert state["attacker"]["power_bonus_remaining"] == 0
        assert state["defender"]["power_bonus_remaining"] == 2


def test_john_smith_defends_with_water_control(
    converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """FW-E04: Water Control (rated 0, the seed gives none) on a Quick defence: +1 Good."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        inp = {"character": out["characters"]["agent-smith"], "side": "defence",
               "declaration": {"approach": "quick", "power": "water-control"}}
        return case("roll", out["config"], inp, fate(0, 0, 0, 0))

    for result in run_both(converted, js_engine, make):
        assert (result["state"]["total"], result["events"][-1]["label"]) == (1, "Good")


def test_the_seed_pair_starts_a_conflict(
    converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """FW-G03: in a physical conflict Smith's Quick +1 goes before Tim's unrated Quick."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        characters = [out["characters"]["tim-the-enchanter"], out["characters"]["agent-smith"]]
        return case("start_conflict", out["config"], {"conflict": "physical",
                                                      "characters": characters})

    for result in run_both(converted, js_engine, make):
        assert result["state"]["order"] == ["agent-smith", "tim-the-enchanter"]


# -- every kind, every optional field -------------------------------------------------------------


@pytest.fixture(scope="module")
def every_kind(tmp_path_factory: pytest.TempPathFactory, node_path: Path) -> dict[str, Any]:
    """The example with one valid document of every kind, converted by each adapter (equal)."""
    ruleset = _load(VALID_EXAMPLE / "content", tmp_path_factory.mktemp("every-kind"))
    found = _library(ruleset)
    python = convert_python(found, dict(ruleset.rules_config))
    js = convert_js(node_path, found, dict(ruleset.rules_config))
    assert canonical(js) == canonical(python)
    return {"python": python, "js": js}


@pytest.mark.parametrize("who", ["goblin", "hero", "troll"])
def test_every_kind_is_accepted_by_the_engine(
    who: str, every_kind: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """Tracks of their own, a character's own pool, a configured default track and a
    one-rung-short ladder: the converted documents are valid rule input."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        return case("conditions", out["config"], {"character": out["characters"][who]})

    expected = {"goblin": (0, False), "hero": (0, False), "troll": (2, False)}
    for result in run_both(every_kind, js_engine, make):
        assert "error" not in result, result
        state = result["state"]
        assert (state["disadvantage"], state["incapacitated"]) == expected[who]


def test_the_configured_track_and_ladder_apply(
    every_kind: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """FW-G05, FW-G10: the hero names no track, so the manifest's `sturdy` one is marked; the
    two-rung ladder labels +4 as Good+3."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        return case("mark_wound", out["config"], {"character": out["characters"]["hero"],
                                                  "damage": 4})

    for result in run_both(every_kind, js_engine, make):
        assert result["state"]["column"] == "down"
        assert result["state"]["character"]["wound_track"]["id"] == "sturdy"

    def label(out: Mapping[str, Any]) -> dict[str, Any]:
        return case("label", out["config"], {"scale": "result", "value": 4})

    for result in run_both(every_kind, js_engine, label):
        assert result["state"] == {"label": "Good+3"}
