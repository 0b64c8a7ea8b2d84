"""Every dialog the modules open carries its name (`dialog_names.py`): each `DialogV2` call of
the module template gives `classes`, each name is written once, under its ruleset's prefix in
its ruleset's folder, and each built module ships exactly the shared core's dialogs and its
ruleset's, the set the screenshot test shoots (test_screenshot.py)."""

from __future__ import annotations

from pathlib import Path

from browser_page import BuiltModule
from dialog_names import LITERAL, PREFIX, TEMPLATE, dialog_names, names_in, untagged_calls

from compiler import plugins


def literals(path: Path) -> list[str]:
    return LITERAL.findall(path.read_text(encoding="utf-8"))


def test_every_dialog_call_gives_the_window_its_name() -> None:
    assert untagged_calls(TEMPLATE) == []


def test_the_check_finds_a_dialog_without_a_name(tmp_path: Path) -> None:
    (tmp_path / "a.mjs").write_text(
        'await foundry.applications.api.DialogV2.wait({ classes: ["rulepack-dialog-x-a"] });\n'
        "await foundry.applications.api.DialogV2.prompt({\n  window: { title: f(g()) }\n});\n",
        encoding="utf-8")
    assert untagged_calls(tmp_path) == ["a.mjs:2"]


def test_each_name_is_written_once_under_its_rulesets_prefix() -> None:
    rulesets = set(plugins.names())
    written = [(path, name) for path in sorted(TEMPLATE.rglob("*.mjs")) for name in literals(path)]
    names = [name for _, name in written]
    assert len(names) == len(set(names)) and len(names) > len(rulesets), names
    for path, name in written:
        folder = path.relative_to(TEMPLATE).parts[0]
        if folder in rulesets:
            assert name.startswith(f"{PREFIX}{folder}-"), (path, name)
        else:
            assert not any(name.startswith(f"{PREFIX}{r}-") for r in rulesets), (path, name)


def test_each_module_ships_the_shared_dialogs_and_its_rulesets(
    shipped_modules: list[BuiltModule],
) -> None:
    shared = [name for path in TEMPLATE.glob("*.mjs") for name in literals(path)]
    assert shared
    for module in shipped_modules:
        own = names_in(TEMPLATE / module.ruleset)
        assert own and dialog_names(module) == sorted([*shared, *own]), module.id
