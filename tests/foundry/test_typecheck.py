"""The module's Foundry-facing JavaScript type-checks against the project's own declarations.

`module_template/types/foundry.d.ts` declares exactly the Foundry API the module calls (each entry
citing its public API page); TypeScript (`npm ci`'d from the lock file) checks the built modules
of `content/` against it. See `tsc_check.py` for the three programs and what each asserts.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from node_tools import NodeTools
from tsc_check import (
    MACRO_TYPES,
    TYPES,
    Finding,
    foundry_layer,
    macro_bodies,
    macros_config,
    modules_config,
    rules_config,
    run_tsc,
    stage,
    unexplained,
    write_macros,
)

from compiler import plugins
from compiler.render.scripts import static_files

pytestmark = pytest.mark.slow  # TypeScript over every built module
ROLL = re.compile(r"^(?P<indent>\s*)const (?P<name>\w+) = await new Roll\(.*;$", re.M)


@pytest.fixture(scope="module")
def staged(built_modules: list[Path], tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    scratch = tmp_path_factory.mktemp("tsc")
    return [stage(module, scratch) for module in built_modules]


def _layer_findings(tools: NodeTools, tree: Path) -> tuple[list[str], list[Finding]]:
    files = foundry_layer(tree)
    return files, run_tsc(tools, tree, "modules", modules_config(files))


def test_foundry_layer_typechecks(node_tools: NodeTools, staged: list[Path]) -> None:
    for tree in staged:
        files, findings = _layer_findings(node_tools, tree)
        assert "scripts/main.mjs" in files and "scripts/config.mjs" in files
        new, stale = unexplained(findings, files)
        assert not new, f"{tree.name}: tsc errors\n" + "\n".join(new)
        assert not stale, f"{tree.name}: fixed, remove from tsc_known.json\n" + "\n".join(stale)


def test_macro_bodies_typecheck(node_tools: NodeTools, built_modules: list[Path],
                                staged: list[Path]) -> None:
    checked = 0
    for module, tree in zip(built_modules, staged, strict=True):
        macros = write_macros(tree, macro_bodies(module))
        if not macros:
            continue
        findings = run_tsc(node_tools, tree, "macros", macros_config(macros))
        errors = [f for f in findings if f.file in macros or f.file == ""]
        assert not errors, f"{tree.name}: " + "\n".join(map(str, errors))
        checked += len(macros)
    assert checked > 0, "no built module has a script macro to check"


def test_macro_with_a_misspelt_api_call_fails(node_tools: NodeTools, built_modules: list[Path],
                                               tmp_path: Path) -> None:
    def hit_location(body: str) -> bool:
        return "api.rollHitLocation(" in body

    module = next(m for m in built_modules if any(map(hit_location, macro_bodies(m).values())))
    tree = stage(module, tmp_path)
    body = next(b for b in macro_bodies(module).values() if hit_location(b))
    macros = write_macros(tree, {"broken": body.replace("rollHitLocation(", "rollHitLocaton(")})
    findings = run_tsc(node_tools, tree, "macros", macros_config(macros))
    assert [f.code for f in findings if f.file == macros[0]] == ["TS2551"]
    assert "rollHitLocaton" in next(f.message for f in findings if f.file == macros[0])


def test_rules_core_reaches_for_no_global(node_tools: NodeTools, staged: list[Path]) -> None:
    # The rules core is the same static files in every module: one check covers them all.
    tree = staged[0]
    findings = run_tsc(node_tools, tree, "rules", rules_config(tree))
    missing = ("Cannot find name", "Cannot find namespace")
    undeclared = [f for f in findings if f.message.startswith(missing)]
    assert not undeclared, "\n".join(map(str, undeclared))
    assert not [f for f in findings if f.file == ""], findings


def test_declarations_are_self_consistent(node_tools: NodeTools, staged: list[Path]) -> None:
    tree = staged[0]
    config = macros_config([])
    # Our .d.ts files are checked, TypeScript's own lib files are not: a clash between the two is
    # reported in our file either way (TS2451, TS2717, TS2300), and their lib-side twins are not
    # ours to assert on; checking all of lib.dom.d.ts cost ~0.9 s of CPU.
    config["compilerOptions"] = {"skipLibCheck": False, "skipDefaultLibCheck": True}
    findings = run_tsc(node_tools, tree, "types", config)
    ours = [f for f in findings if f.file.startswith("types/") or f.file == ""]
    assert not ours, "\n".join(map(str, ours))
    assert sorted(p.name for p in TYPES.iterdir()) == sorted(MACRO_TYPES)


def _inject_after_roll(adapter: Path, member: str) -> None:
    text = adapter.read_text(encoding="utf-8")
    match = ROLL.search(text)
    assert match, f"{adapter}: no `const x = await new Roll(...)` to add a call after"
    speaker = "{ speaker: ChatMessage.getSpeaker() }"
    call = f"\n{match['indent']}await {match['name']}.{member}({speaker});"
    adapter.write_text(text[:match.end()] + call + text[match.end():], encoding="utf-8")


@pytest.mark.parametrize("member", ["toMesage", "toMessage"])
def test_misspelt_roll_member_fails_and_the_correct_one_passes(
    node_tools: NodeTools, built_modules: list[Path], tmp_path: Path, member: str
) -> None:
    tree = stage(built_modules[0], tmp_path)
    adapters = [p for p in sorted((tree / "scripts" / "foundry").glob("*.mjs"))
                if ROLL.search(p.read_text(encoding="utf-8"))]
    assert adapters, "no adapter rolls dice"
    _inject_after_roll(adapters[0], member)
    files, findings = _layer_findings(node_tools, tree)
    new, _stale = unexplained(findings, files)
    if member == "toMessage":
        assert new == []
    else:
        assert len(new) == 1 and "TS2551" in new[0] and "'toMesage'" in new[0], new
        assert new[0].startswith(adapters[0].relative_to(tree).as_posix()), new


def test_declarations_are_not_shipped(built_modules: list[Path]) -> None:
    shipped = [name for engine in plugins.names() for name, _ in static_files(engine)]
    assert not [name for name in shipped if name.startswith("types/") or name.endswith(".d.ts")]
    for module in built_modules:
        assert not (module / "types").exists()
        assert not list(module.rglob("*.d.ts"))
        assert not list(module.rglob("tsconfig*.json"))


def test_every_shipped_script_is_in_a_checked_program(staged: list[Path]) -> None:
    for tree in staged:
        scripts = {p.relative_to(tree).as_posix() for p in (tree / "scripts").rglob("*.mjs")}
        rules = {s for s in scripts if s.startswith("scripts/rules/")}
        assert scripts == set(foundry_layer(tree)) | rules
        assert {"scripts/foundry/data-models.mjs", "scripts/foundry/sheets.mjs"} <= scripts
    shutil.rmtree(staged[0] / "macros", ignore_errors=True)
