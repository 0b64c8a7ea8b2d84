"""A ruleset is a plug-in: a throwaway one, laid out one folder per layer in a temporary plug-in
root, is discovered, validated and built; its fixture passes in both engines; and its macro runs
in the browser harness. Nothing of the project is edited: every file below is written into the
temporary root, found through `RULEPACK_PLUGIN_PATH` (docs/architecture.md, "Adding a ruleset").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, HarnessPage, build_modules
from macro_kinds import context_for
from playwright.sync_api import BrowserContext
from rules_parity import NodeEngine, check_all, discover, run_python_batch

from compiler import plugins
from compiler.render.scripts import engine_tree
from compiler.rules.registry import engine_names

NAME = "toy"
MODULE_ID = "rulepack-toy"
#: The throwaway ruleset, by path under its plug-in root: one file or folder per layer.
LAYERS: dict[str, str] = {
    # Python engine: one rule.
    f"compiler/rules/{NAME}/__init__.py": '''"""`toy`: a throwaway ruleset, one rule (TOY-R01)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.queue import DiceQueue


def count_hits(
    fields: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], State]:
    """TOY-R01: roll `count` d6; each face at least `config.success_on` is a hit."""
    faces = queue.take_many(6, fields["count"])
    hits = dice.count_at_least(faces, config["success_on"])
    return ([{"type": "hits", "faces": faces, "hits": hits}], {"hits": hits})


RULES: Mapping[str, Rule] = {"count_hits": count_hits}
''',
    # Schemas: its config (with the default), its rule's input shape, one content kind.
    f"compiler/schemas/rulesets/{NAME}/rules_config.schema.json": json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://rulepack.invalid/schemas/rulesets/{NAME}/rules_config.schema.json",
        "title": "toy rules_config", "type": "object",
        "properties": {"success_on": {"description": "TOY-G01: the lowest face that hits.",
                                      "type": "integer", "minimum": 1, "maximum": 6,
                                      "default": 5}},
        "additionalProperties": False,
    }),
    f"compiler/schemas/rulesets/{NAME}/inputs.schema.json": json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://rulepack.invalid/schemas/rulesets/{NAME}/inputs.schema.json",
        "properties": {"count_hits": {
            "type": "object", "required": ["count"], "additionalProperties": False,
            "properties": {"count": {"type": "integer", "minimum": 0, "maximum": 20}}}},
        "additionalProperties": False,
    }),
    f"compiler/schemas/rulesets/{NAME}/events.schema.json": json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://rulepack.invalid/schemas/rulesets/{NAME}/events.schema.json",
        "type": "object", "required": ["type"], "properties": {"type": {"enum": ["hits"]}},
        "$defs": {"hits": {
            "type": "object", "required": ["type", "faces", "hits"], "additionalProperties": False,
            "properties": {"type": {"const": "hits"}, "faces": {"type": "array",
                           "items": {"type": "integer"}}, "hits": {"type": "integer"}}}},
    }),
    f"compiler/schemas/rulesets/{NAME}/charm.schema.json": json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://rulepack.invalid/schemas/rulesets/{NAME}/charm.schema.json",
        "title": "Charm", "x-rulepack-folder": "charms", "x-rulepack-ships-as": "Item",
        "$ref": "../../common.schema.json#/$defs/document",
        "properties": {"luck": {"$ref": "../../common.schema.json#/$defs/int",
                                "minimum": 0, "maximum": 6}},
        "required": ["luck"], "unevaluatedProperties": False,
    }),
    # JS rules core: the mirror.
    f"module_template/scripts/rules/{NAME}/index.mjs": '''/** `toy`: its Python package's mirror. */
import * as dice from "../dice.mjs";

/**
 * TOY-R01: roll `count` d6; each face at least `config.success_on` is a hit.
 * @param {Record<string, any>} fields
 * @param {Record<string, any>} config
 * @param {import("../queue.mjs").DiceQueue} queue
 * @returns {[object[], object]}
 */
export function countHits(fields, config, queue) {
  const faces = queue.takeMany(6, fields.count);
  const hits = dice.countAtLeast(faces, config.success_on);
  return [[{ type: "hits", faces, hits }], { hits }];
}

export const RULES = Object.freeze({ countHits });
''',
    # Foundry adapter: its part of the API, rolling with Foundry's dice and posting a card.
    f"module_template/scripts/foundry/{NAME}/register.mjs": '''/** The toy ruleset in Foundry. */
import { postCard } from "../chat-card.mjs";
import { rollRule } from "../dice.mjs";

/**
 * Roll `count` toy dice and post the hits.
 * @param {number} count
 * @returns {Promise<ChatMessage|undefined>}
 */
async function roll(count) {
  const input = { count };
  const { result, dice, rolls } = await rollRule("toy", "count_hits", {}, input);
  const call = { ruleset: "toy", rule: "count_hits", config: {}, input, dice };
  const hits = /** @type {any} */ (result).state.hits;
  const summary = [game.i18n.format("TOY.Hits", { hits })];
  return postCard({ title: game.i18n.localize("TOY.Title"), rolls, call, result, summary });
}

/** @typedef {{roll: typeof roll}} RulesetApi */

/**
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  return Object.freeze({ roll });
}
''',
    f"module_template/scripts/foundry/{NAME}/trace.mjs": '''/** The toy ruleset's rules trace. */
export const TRACE = Object.freeze({
  hits: { id: "TOY-R01", label: (/** @type {any} */ e) => `${e.hits} hits` }
});
''',
    # Macros and strings.
    f"module_template/macros/{NAME}/macros.json": json.dumps({"macros": [
        {"key": "toy-roll", "name": "Toy: Roll", "template": "roll.js.j2",
         "img": "icons/svg/dice-target.svg"}]}),
    f"module_template/macros/{NAME}/roll.js.j2": '''// Roll three toy dice.
const api = game.modules.get({{ module_id|tojson }})?.api;
if (!api?.toy) throw new Error("enable the toy module");
await api.toy.roll(3);
''',
    f"module_template/lang/{NAME}/en.json": json.dumps(
        {"TOY.Title": "Toy roll", "TOY.Hits": "Hits: {hits}"}),
    # Golden fixture.
    f"tests/golden/{NAME}/three-dice.yaml": '''name: "TOY-R01: three d6, hits on 5+"
covers: [TOY-R01, TOY-G01]
rule: count_hits
config: {}
input: {count: 3}
dice: [{d: 6, v: 5}, {d: 6, v: 2}, {d: 6, v: 6}]
expected:
  events:
    - {type: hits, faces: [5, 2, 6], hits: 2}
  state: {hits: 2}
''',
    # Content: the module, with one document of its own kind.
    f"content/{NAME}/ruleset.yaml": f'''id: {MODULE_ID}
title: Toy
version: "0.0.1"
ruleset: {NAME}
authors: [{{name: Ada}}]
''',
    f"content/{NAME}/charms/lucky.yaml": "id: lucky\nname: Lucky charm\nluck: 2\n",
}
FACES = [{"d": 6, "v": 5}, {"d": 6, "v": 2}, {"d": 6, "v": 6}]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The throwaway plug-in root, on the plug-in path for this module's tests."""
    folder = tmp_path_factory.mktemp("plugin-root")
    for name, text in LAYERS.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(plugins.PATH_VARIABLE, str(folder))
        yield folder


@pytest.fixture(scope="module")
def built(root: Path, tmp_path_factory: pytest.TempPathFactory) -> BuiltModule:
    [module] = build_modules(root / "content", tmp_path_factory.mktemp("toy-build"))
    return module


def test_it_is_discovered_with_every_layer(root: Path) -> None:
    found = plugins.plugins()[NAME]
    assert found.root == root
    assert all(found.has(layer) for layer in plugins.LAYERS)
    assert NAME in engine_names()


def test_it_builds_a_module_with_its_own_engine_only(built: BuiltModule) -> None:
    files = {p.relative_to(built.path).as_posix() for p in built.path.rglob("*") if p.is_file()}
    assert {f"scripts/rules/{NAME}/index.mjs", f"scripts/foundry/{NAME}/register.mjs"} <= files
    others = [name for name in plugins.names() if name != NAME]
    assert [f for f in files if any(f"/{other}/" in f for other in others)] == []
    charm = [d for _, d in built.documents("Item") if d["name"] == "Lucky charm"]
    assert [c["type"] for c in charm] == [f"{MODULE_ID}.charm"]
    assert built.lang["TOY.Hits"] == "Hits: {hits}"


def test_its_fixture_passes_in_both_engines(root: Path, node_path: Path, tmp_path: Path) -> None:
    fixtures = [f for f in discover() if f.ruleset == NAME]
    assert [f.path.name for f in fixtures] == ["three-dice.yaml"]
    for name, data in engine_tree(engine_names()).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    engine = NodeEngine(node_path, tmp_path / "scripts" / "rules")
    try:
        assert check_all(fixtures, run_python_batch, engine) == {}
    finally:
        engine.close()


def test_its_macro_runs_in_the_browser_harness(
    built: BuiltModule, browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    [(pack, macro)] = built.documents("Macro")[-1:]
    ctx = context_for(built, pack, macro)
    assert (ctx.method, ctx.args) == (f"{NAME}.roll", (3,))
    page = HarnessPage.open(browser_context, harness_server, built)
    try:
        run = page.run_macro(pack, macro["_id"], FACES, None)
    finally:
        page.page.close()
    assert run["error"] is None and run["problems"] == [] and run["diceLeft"] == []
    [message] = run["messages"]
    card = message["shown"]["card"]
    assert card["summary"] == ["Hits: 2"]
    assert [t["id"] for t in card["trace"]] == ["TOY-R01"]
