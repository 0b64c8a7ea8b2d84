"""Synthetic, schema-valid content: N documents in one ruleset folder.

The documents are small and varied (weapons, armour, cards, powers) like real content, of the
shared kinds alone: the ruleset is `common_only`, the test plug-in of `tests/plugins/` (put that
folder on `RULEPACK_PLUGIN_PATH`), so no ruleset's extensions are measured. The same documents are
also written as foundryvtt-cli YAML pack sources, so the official `compilePack` packs exactly what
rulepack packs.
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from compiler.packing import foundry_documents
from compiler.pipeline import load_content

#: The plug-in root that holds `common_only`.
PLUGINS = Path(__file__).resolve().parents[1] / "tests" / "plugins"
MANIFEST = """\
id: rulepack-bench
title: Benchmark
version: "1.0.0"
ruleset: common_only
authors: [{name: Bench}]
foundry_system: worldbuilding
damage_types: [{id: slashing, name: Slashing}, {id: piercing, name: Piercing}]
"""
KINDS = ("weapons", "armor", "cards", "powers")


def _document(kind: str, number: int, rng: random.Random) -> str:
    lines = [f"id: {kind[:-1] if kind != 'armor' else 'armor'}-{number}",
             f"name: {kind.title()} number {number}",
             f"description: <p>Synthetic document {number}, roll {rng.randint(1, 100)}.</p>",
             f"tags: [t{rng.randint(1, 9)}, bench]"]
    if kind == "weapons":
        lines += [f"damage: {rng.randint(1, 12)}", "damage_type: slashing", "hands: 1"]
    elif kind == "armor":
        lines += [f"av: {rng.randint(0, 10)}", f"layer: {rng.randint(1, 3)}"]
    elif kind == "cards":
        lines += [f"speed: {rng.randint(1, 9)}", f"damage: {rng.randint(0, 8)}",
                  "base_attribute: brawn", "damage_type: piercing"]
    else:
        lines += ["damage_type: piercing"]
    return "\n".join(lines) + "\n"


def generate_content(root: Path, count: int, seed: int = 42) -> Path:
    """Write `count` documents under `root/bench/`; return the content root."""
    rng = random.Random(seed)
    folder = root / "bench"
    folder.mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(MANIFEST, encoding="utf-8")
    for kind in KINDS:
        (folder / kind).mkdir()
    for number in range(count):
        kind = KINDS[number % len(KINDS)]
        text = _document(kind, number, rng)
        identifier = text.split("\n", 1)[0].removeprefix("id: ")
        (folder / kind / f"{identifier}.yaml").write_text(text, encoding="utf-8")
    return root


def write_cli_sources(content: Path, destination: Path) -> int:
    """The same documents as foundryvtt-cli YAML sources (`_key` on each); returns how many."""
    ruleset = load_content(content).rulesets[0]
    # the Item pack of the first target system (rulepack writes one per system, the same documents)
    items = next(p for p in foundry_documents(ruleset, (), ()) if p.document_type == "Item")
    destination.mkdir(parents=True)
    for entry in items.entries:
        path = destination / f"{entry['_id']}.yml"
        path.write_text(yaml.safe_dump(dict(entry), sort_keys=False), encoding="utf-8")
    return len(items.entries)
