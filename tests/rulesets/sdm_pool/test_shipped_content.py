"""The shipped sdm_pool content, converted by `sdm_pool/content`, gives the seed's and the
catalogue's numbers through both engines: the shipped tables are the catalogue's defaults, the
cast's pools are SDM-E03's, the padded jacket breaks as in SDM-E05.

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
from compiler.rules.registry import engines
from compiler.rules.sdm_pool import content as shipped

RULESET = "sdm_pool"
CONFIG = engines()[RULESET].config
Library = dict[str, dict[str, dict[str, Any]]]
TABLE_KEYS = ("sdm", "cover_mod", "concealment_mod", "actions_by_int", "movement_by_dex")

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
  characters: each("fighter", d => s.libraryCharacter(d, library)),
  weapons: each("weapon", d => s.weapon(d)),
  armor: each("armor", d => s.armorPiece(d))
}));
"""


def _guarded(make: Any) -> Any:
    try:
        return make()
    except RuleError as error:
        return {"error": {"code": error.code, "message": error.message}}


def _each(library: Library, kind: str, make: Any) -> dict[str, Any]:
    return {d["id"]: _guarded(lambda d=d: make(d)) for d in shipped.documents(library, kind)}


def convert_python(library: Library, rules_config: Mapping[str, Any]) -> dict[str, Any]:
    """What NODE_CONVERT computes, with the Python adapter."""
    return {
        "config": _guarded(lambda: shipped.engine_config(rules_config, library)),
        "characters": _each(library, "fighter", lambda d: shipped.library_character(d, library)),
        "weapons": _each(library, "weapon", shipped.weapon),
        "armor": _each(library, "armor", shipped.armor_piece),
    }


def convert_js(node: Path, library: Library, rules_config: Mapping[str, Any]) -> dict[str, Any]:
    script = JS_CORE / "sdm_pool" / "content.mjs"
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
        content = load_content(REPO_ROOT / "content", folder / "cache")
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
) -> dict[str, Any]:
    """`make_case(adapter output)` run by the engine of the same language; the Python result."""
    python = run_python(make_case(converted["python"]))
    js = js_engine.run(make_case(converted["js"]))
    assert canonical(python) == canonical(js)
    return python


def case(rule: str, out: Mapping[str, Any], inp: Mapping[str, Any],
         dice: list[int] | None = None) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": out["config"], "input": dict(inp),
            "dice": [{"d": 6, "v": v} for v in dice or []]}


def test_every_shipped_document_converts(converted: Mapping[str, Any]) -> None:
    python = converted["python"]
    assert "error" not in python["config"]
    failed = [f"{kind}/{key}" for kind, out in python.items() if kind != "config"
              for key, value in out.items() if "error" in value]
    assert failed == []
    assert sorted(python["characters"]) == ["ana-reyes", "bram-holt", "grex"]
    assert sorted(python["armor"]) == ["padded-jacket", "riot-armour"]
    kinds = sorted(w["attack_kind"] for w in python["weapons"].values())
    assert kinds == sorted(["melee", "vectored", "firearm", "bow", "unarmed", "magic"])
    assert python["weapons"]["arcane-bolt"] == {
        "id": "arcane-bolt", "name": "Arcane Bolt", "attack_kind": "magic", "damage": 2,
        "damage_dice": {"count": 1, "die": 6}, "trait": None, "skill": None, "sdm_tier": None,
    }


def test_the_shipped_tables_are_the_catalogue_defaults(converted: Mapping[str, Any]) -> None:
    """SDM-G02-G05: the tables the ruleset ships replace the config keys with the same values."""
    config = converted["python"]["config"]
    assert {key: config[key] for key in TABLE_KEYS} == {key: CONFIG[key] for key in TABLE_KEYS}


def test_tables_replace_the_config(library: Library, node_path: Path) -> None:
    """A ruleset's own rows win over rules_config: tier keys from ids, rows sorted by level."""
    changed = json.loads(json.dumps(library))
    changed["sdm_tier"] = {"very-hard": {"id": "very-hard", "name": "V", "successes": 9}}
    rows = changed["movement_rate"]
    rows["dexterity-0"]["movement"], rows["dexterity-5"]["movement"] = 3, 12
    python = convert_python(changed, {"sdm": {"standard": 2}})
    assert canonical(convert_js(node_path, changed, {"sdm": {"standard": 2}})) == canonical(python)
    assert python["config"]["sdm"] == {"very_hard": 9}
    moves = [row["movement"] for row in python["config"]["movement_by_dex"]]
    assert moves == [3, 5, 6, 7, 8, 12]


def test_js_and_python_adapters_fail_alike(library: Library, node_path: Path) -> None:
    broken = json.loads(json.dumps(library))
    del broken["armor"]["padded-jacket"]
    del broken["weapon"]["revolver"]
    python = convert_python(broken, {})
    assert canonical(convert_js(node_path, broken, {})) == canonical(python)
    assert python["characters"]["ana-reyes"]["error"]["message"] == (
        "content.fighter.ana-reyes.items.armor names armor padded-jacket, which the content lacks")
    assert python["characters"]["grex"]["error"]["code"] == "bad_input"


def test_the_turn_state_a_sheet_keeps_reaches_both_engines(
    library: Library, node_path: Path,
) -> None:
    """SDM-R05, SDM-R06, SDM-G21: what the Combat tracker wrote on a sheet (Actions left,
    borrowed from the next turn, damage past the floor) is the engine's; null, as a Foundry data
    model stores a field never written, is absent."""
    sheet = json.loads(json.dumps(library))
    ana = sheet["fighter"]["ana-reyes"]
    ana.update(actions_left=1, minor_actions_left=2, owed_actions=1, owed_minor_actions=None,
               unapplied_damage=0)
    python = convert_python(sheet, {})
    assert canonical(convert_js(node_path, sheet, {})) == canonical(python)
    character = python["characters"]["ana-reyes"]
    assert {k: character.get(k) for k in ("actions_left", "minor_actions_left", "owed_actions",
                                          "unapplied_damage")} == {
        "actions_left": 1, "minor_actions_left": 2, "owed_actions": 1, "unapplied_damage": 0}
    assert "owed_minor_actions" not in character
    assert "actions_left" not in python["characters"]["grex"]


@pytest.mark.parametrize(("who", "weapon", "pool"), [
    ("ana-reyes", "longsword", 5), ("bram-holt", "arcane-bolt", 7), ("grex", "revolver", 2),
    ("bram-holt", "chain-whip", 6), ("ana-reyes", "fists", 5), ("grex", "short-bow", 2),
])
def test_the_casts_attack_pools(
    who: str, weapon: str, pool: int, converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """SDM-E03 (Strength 2 + Melee 1: 5d6; Presence 3 + Magic 2: 7d6; Dexterity 0 + Firearms 0:
    2d6) and SDM-R09's other pairings, on the shipped characters and weapons."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        return case("attack_pool", out, {"attacker": out["characters"][who], "weapon": weapon})

    assert run_both(converted, js_engine, make)["state"]["pool"] == pool


def test_the_padded_jacket_breaks_as_in_the_example(
    converted: Mapping[str, Any], js_engine: NodeEngine
) -> None:
    """SDM-E05 on Ana's shipped padded jacket (DR 2, HP 3): 6 damage three times."""
    taken = []
    ana: Any = None
    for _ in range(3):
        def make(out: Mapping[str, Any], before: Any = ana) -> dict[str, Any]:
            return case("apply_damage", out,
                        {"character": before or out["characters"]["ana-reyes"], "damage": 6})

        ana = run_both(converted, js_engine, make)["state"]["character"]
        taken.append((ana["armor"][0]["hp"], ana["armor"][0]["broken"], ana["hp"]))
    assert taken == [(1, False, 8), (0, True, 3), (0, True, 0)]
    assert ana["incapacitated"] and not ana["dead"]


def test_the_cast_plays_a_round(converted: Mapping[str, Any], js_engine: NodeEngine) -> None:
    """SDM-R01, SDM-R12: the shipped cast in a round: Ana's shortfall on Grex, who Counters
    with his revolver after her turn; Bram's Arcane Bolt hits him."""
    def make(out: Mapping[str, Any]) -> dict[str, Any]:
        cast = out["characters"]
        counter = {"choice": "counter", "counter": {"weapon": "revolver"}}
        turns = {"ana-reyes": [{"kind": "attack", "target": "grex", "weapon": "longsword",
                                "opportunity": counter}],
                 "bram-holt": [{"kind": "attack", "target": "grex", "weapon": "arcane-bolt"}]}
        inp = {"combatants": [cast["ana-reyes"], cast["grex"], cast["bram-holt"]],
               "order": ["ana-reyes", "grex", "bram-holt"], "turns": turns}
        # Ana's 5d6 (1 success); the Counter's 2d6 after her turn (2: a hit); Bram's 7d6, his d6.
        return case("round", out, inp, [6, 2, 3, 1, 4, 5, 5, 6, 5, 1, 2, 3, 4, 3, 3])

    result = run_both(converted, js_engine, make)
    kinds = [e["type"] for e in result["events"]]
    assert kinds.count("counter") == 1 and kinds.count("turn_end") == 3
    grex = next(c for c in result["state"]["combatants"] if c["id"] == "grex")
    ana = next(c for c in result["state"]["combatants"] if c["id"] == "ana-reyes")
    # Longsword 6 (riot armour takes 3), Arcane Bolt 2 + 3 (riot armour takes 3): 14 - 3 - 2.
    assert (grex["hp"], grex["armor"][0]["hp"]) == (9, 2)
    # The revolver's 5: the jacket takes 2, Ana 3.
    assert (ana["hp"], ana["armor"][0]["hp"]) == (9, 1)
