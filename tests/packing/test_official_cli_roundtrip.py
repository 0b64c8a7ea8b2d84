"""Our packs are real: the official foundryvtt-cli 3.0.3 reads back exactly what we meant to
write, and packs the same sources into exactly the keys and values our writer produced."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import plyvel
import pytest
from node_tools import NodeTools
from pack_samples import SAMPLE_MACROS, SAMPLE_PAGES

from compiler.model import Ruleset
from compiler.packing import Pack, foundry_documents, write_pack
from compiler.packing.model import COLLECTION_BY_TYPE, EMBEDDED

RUNNER = Path(__file__).with_name("official_cli.mjs")


def _records(pack_dir: Path) -> list[tuple[bytes, bytes]]:
    db = plyvel.DB(str(pack_dir), create_if_missing=False)
    try:
        return list(db.iterator())
    finally:
        db.close()


def _as_js(text: str) -> Any:
    # Every JS number is a double; parse ours and theirs the same way before comparing.
    return json.loads(text, parse_int=float)


def _extracted(out_dir: Path) -> dict[str, Any]:
    docs = [_as_js(path.read_text(encoding="utf-8")) for path in out_dir.iterdir()]
    return {doc["_key"]: doc for doc in docs}


def _intended(pack: Pack) -> dict[str, Any]:
    # compilePack stores `[]` for every embedded collection it knows and the doc lacks; for
    # journals that includes the v13 `categories`, for scenes the v14 `levels`, which v12 drops.
    known = EMBEDDED[COLLECTION_BY_TYPE[pack.document_type]]
    return {entry["_key"]: {**{name: [] for name in known}, **_as_js(json.dumps(entry))}
            for entry in pack.entries}


def _write_sources(pack: Pack, folder: Path) -> None:
    folder.mkdir(parents=True)
    for index, entry in enumerate(pack.entries):
        # compilePack reads files in name order; keep it equal to our batch order.
        (folder / f"{index:04d}_{entry['_id']}.json").write_text(json.dumps(entry), "utf-8")


@pytest.fixture
def packs(ruleset: Ruleset) -> tuple[Pack, ...]:
    packs = foundry_documents(ruleset, SAMPLE_MACROS, SAMPLE_PAGES)
    assert [p.name for p in packs] == [
        "items-worldbuilding", "actors-worldbuilding", "tables", "macros", "journal"]
    return packs


def test_official_cli_reads_and_writes_our_format(
    foundry_cli: NodeTools, packs: tuple[Pack, ...], tmp_path: Path
) -> None:
    jobs: list[Mapping[str, str]] = []
    ours: dict[str, list[tuple[bytes, bytes]]] = {}
    for pack in packs:
        write_pack(pack, tmp_path / "ours" / pack.name)
        ours[pack.name] = _records(tmp_path / "ours" / pack.name)
        _write_sources(pack, tmp_path / "src" / pack.name)
        jobs.append({"op": "extract", "src": str(tmp_path / "ours" / pack.name),
                     "dest": str(tmp_path / "extracted" / pack.name)})
        jobs.append({"op": "compile", "src": str(tmp_path / "src" / pack.name),
                     "dest": str(tmp_path / "official" / pack.name)})
    (tmp_path / "jobs.json").write_text(json.dumps(jobs), "utf-8")
    foundry_cli.run(RUNNER, tmp_path / "jobs.json")

    for pack in packs:
        extracted = _extracted(tmp_path / "extracted" / pack.name)
        intended = _intended(pack)
        assert sorted(extracted) == sorted(intended)
        for key, doc in intended.items():
            assert extracted[key] == doc, key
        official = _records(tmp_path / "official" / pack.name)
        assert [k for k, _ in official] == [k for k, _ in ours[pack.name]]
        for (key, value), (_, our_value) in zip(official, ours[pack.name], strict=True):
            assert value == our_value, key


def test_embedded_documents_are_stored_under_their_own_keys(packs: tuple[Pack, ...]) -> None:
    from compiler.packing.writer import pack_records

    by_name = {p.name: p for p in packs}
    actor = by_name["actors-worldbuilding"].entries[1]  # wolverine sorts after jubilee
    keys = [k.decode() for k, _ in pack_records(by_name["actors-worldbuilding"])]
    item_keys = [k for k in keys if k.startswith(f"!actors.items!{actor['_id']}.")]
    assert len(item_keys) == len(actor["items"]) == 6
    stored = dict(pack_records(by_name["actors-worldbuilding"]))[f"!actors!{actor['_id']}".encode()]
    assert json.loads(stored)["items"] == [item["_id"] for item in actor["items"]]


def test_shipped_modules_round_trip_through_the_official_cli(
    foundry_cli: NodeTools, tmp_path: Path
) -> None:
    """What `rulepack build` ships for every content ruleset: each built pack, read back by the
    official extractPack, equals document by document what the build planned to write."""
    from compiler.build import plan_module
    from compiler.pipeline import load_content

    content = load_content(Path(__file__).resolve().parents[2] / "content")
    jobs, planned = [], {}
    for ruleset in content.rulesets:
        plan = plan_module(ruleset)
        assert plan.packs, ruleset.module_id
        for pack in plan.packs:
            name = f"{ruleset.module_id}/{pack.name}"
            write_pack(pack, tmp_path / "built" / name)
            planned[name] = pack
            jobs.append({"op": "extract", "src": str(tmp_path / "built" / name),
                         "dest": str(tmp_path / "extracted" / name)})
            if pack.document_type == "Scene":
                # Scenes (with embedded tokens) the sample ruleset has none of: packed by the
                # official compilePack from the same sources, byte for byte as ours.
                _write_sources(pack, tmp_path / "src" / name)
                jobs.append({"op": "compile", "src": str(tmp_path / "src" / name),
                             "dest": str(tmp_path / "official" / name)})
    (tmp_path / "jobs.json").write_text(json.dumps(jobs), "utf-8")
    foundry_cli.run(RUNNER, tmp_path / "jobs.json")
    for name, pack in planned.items():
        assert _extracted(tmp_path / "extracted" / name) == _intended(pack), name
        if pack.document_type == "Scene":
            official = _records(tmp_path / "official" / name)
            ours = _records(tmp_path / "built" / name)
            assert [k for k, _ in official] == [k for k, _ in ours], name
            assert any(k.startswith(b"!scenes.tokens!") for k, _ in ours), name
            for (key, value), (_, our_value) in zip(official, ours, strict=True):
                assert value == our_value, key
    kinds = {p.document_type for p in planned.values()}
    assert kinds == {"Item", "Actor", "RollTable", "Macro", "JournalEntry", "Scene"}
