"""Every i18n key a built module uses is defined in its lang/en.json, and every defined key is used.

Keys are recognised in these forms only (any other `"RULEPACK.…"` literal in the JS fails the test):

* `game.i18n.localize("K")` / `game.i18n.format("K", …)` in `.mjs` files and macro bodies;
* `{{localize "K"}}` in `.hbs` templates;
* `label: "K"`, `name: "K"` and `hint: "K"` in `.mjs`: a key handed to Foundry, which localizes
  it (`registerSheet` options, a setting's name, hint and choice labels);
* dynamic keys, each built by one template literal in `scripts/foundry/sheets.mjs`:
  `` `RULEPACK.Field.${path}.Label` `` asks for one key per field path of `DATA_SCHEMAS` (array
  items excepted) and `` `TYPES.${documentName}.${type}` `` for one key per module sub-type, the
  key Foundry itself reads to name a sub-type; `` `RULEPACK.Field.${path}.Choice.${choice}` ``
  asks for one key per text choice a sheet shows (a field's, or its list or map items', named
  by the field's path). The keys they can produce are computed here from
  the built `DATA_SCHEMAS`, independently of `compiler/render/lang.py`, which generates them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tsc_check import macro_bodies

LOCALIZE = re.compile(r"""\b(?:localize|format)\(\s*(["'])(?P<key>[^"'`]+)\1""")
HBS_LOCALIZE = re.compile(r"""\{\{\s*localize\s+(["'])(?P<key>[^"']+)\1""")
LABEL = re.compile(r"""\b(?:label|name|hint):\s*(["'])(?P<key>RULEPACK\.[^"'`]+)\1""")
FIELD_KEYS = "`RULEPACK.Field.${path}.Label`"
TYPE_KEYS = "`TYPES.${documentName}.${type}`"
CHOICE_KEYS = "`RULEPACK.Field.${path}.Choice.${choice}`"
ANY_KEY = re.compile(r"""(["'`])(?:RULEPACK|TYPES)\.[^"'`]*\1""")
DATA_SCHEMAS = re.compile(r"^export const DATA_SCHEMAS = Object\.freeze\((.*)\);$", re.M)
HBS_COMMENT = re.compile(r"\{\{!--.*?--\}\}|\{\{!.*?\}\}", re.S)
USER_FACING_ATTRS = re.compile(r"""\b(alt|title|placeholder|aria-label)=(["'])(?P<value>.*?)\2""")


def _field_paths(fields: dict[str, Any], prefix: str = "") -> list[str]:
    paths = []
    for name, spec in fields.items():
        paths.append(f"{prefix}{name}")
        if spec["type"] == "object":
            paths.extend(_field_paths(spec["fields"], f"{prefix}{name}."))
    return paths


def _choice_keys(fields: dict[str, Any], prefix: str = "") -> set[str]:
    """The label key of each text choice of a field, or of its list or map items when those are
    not objects (the fields inside such items are shown as text)."""
    keys = set()
    for name, spec in fields.items():
        path = f"{prefix}{name}"
        shown = spec["element"] if spec["type"] in ("array", "map") else spec
        keys |= {f"RULEPACK.Field.{path}.Choice.{choice}" for choice in shown.get("choices", ())
                 if isinstance(choice, str)}
        if spec["type"] == "object":
            keys |= _choice_keys(spec["fields"], f"{path}.")
    return keys


def _schemas(module: Path) -> dict[str, Any]:
    match = DATA_SCHEMAS.search((module / "scripts" / "config.mjs").read_text(encoding="utf-8"))
    assert match
    schemas: dict[str, Any] = json.loads(match[1])
    return schemas


def dynamic_keys(module: Path, scripts: str) -> set[str]:
    """The keys the two dynamic-key literals can ask for in this module."""
    keys = set()
    schemas = _schemas(module)
    if FIELD_KEYS in scripts:
        paths = {p for s in schemas.values() for p in _field_paths(s["fields"])}
        keys |= {f"RULEPACK.Field.{p}.Label" for p in paths}
    if CHOICE_KEYS in scripts:
        keys |= {k for s in schemas.values() for k in _choice_keys(s["fields"])}
    if TYPE_KEYS in scripts:
        keys |= {f"TYPES.{s['document']}.{module.name}.{sub}" for sub, s in schemas.items()}
    return keys


def used_keys(module: Path) -> tuple[set[str], list[str]]:
    """(keys the module's code and templates use, key literals in no recognised form)."""
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in sorted(module.rglob("*.mjs")))
    scripts += "\n" + "\n".join(macro_bodies(module).values())
    templates = "\n".join(p.read_text(encoding="utf-8") for p in sorted(module.rglob("*.hbs")))
    static = {m["key"] for m in LOCALIZE.finditer(scripts)}
    static |= {m["key"] for m in LABEL.finditer(scripts)}
    static |= {m["key"] for m in HBS_LOCALIZE.finditer(templates)}
    literals = [m[0] for m in ANY_KEY.finditer(scripts)]
    dynamic = (FIELD_KEYS, TYPE_KEYS, CHOICE_KEYS)
    stray = [lit for lit in literals if lit[1:-1] not in static and lit not in dynamic]
    return static | dynamic_keys(module, scripts), stray


def test_every_used_key_is_defined_and_every_defined_key_used(built_modules: list[Path]) -> None:
    for module in built_modules:
        defined = set(json.loads((module / "lang" / "en.json").read_text(encoding="utf-8")))
        used, stray = used_keys(module)
        assert not stray, f"{module.name}: keys used outside the documented forms: {stray}"
        assert not used - defined, f"{module.name}: used but missing: {sorted(used - defined)}"
        assert not defined - used, f"{module.name}: defined but unused: {sorted(defined - used)}"
        assert any(k.startswith("RULEPACK.Field.") for k in used)


def test_the_check_sees_a_missing_and_an_unused_key(
    built_modules: list[Path], tmp_path: Path
) -> None:
    module = tmp_path / built_modules[0].name
    for part in ("scripts", "templates", "lang"):
        (module / part).parent.mkdir(parents=True, exist_ok=True)
        _copy_tree(built_modules[0] / part, module / part)
    sheets = module / "scripts" / "foundry" / "sheets.mjs"
    sheets.write_text(sheets.read_text(encoding="utf-8").replace(
        '"RULEPACK.Sheet.Carried"', '"RULEPACK.Sheet.Carryed"'), encoding="utf-8")
    template = module / "templates" / "actor-sheet.hbs"
    template.write_text(template.read_text(encoding="utf-8").replace(
        '"RULEPACK.Sheet.Carried"', '"RULEPACK.Sheet.Carryed"'), encoding="utf-8")
    used, _stray = used_keys(module)
    defined = set(json.loads((module / "lang" / "en.json").read_text(encoding="utf-8")))
    assert "RULEPACK.Sheet.Carryed" in used - defined
    assert "RULEPACK.Sheet.Carried" in defined - used


def _copy_tree(source: Path, target: Path) -> None:
    for path in source.rglob("*"):
        if path.is_file():
            (target / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
            (target / path.relative_to(source)).write_bytes(path.read_bytes())


def test_templates_hold_no_untranslated_text(built_modules: list[Path]) -> None:
    for template in sorted((built_modules[0] / "templates").glob("*.hbs")):
        text = HBS_COMMENT.sub("", template.read_text(encoding="utf-8"))
        for match in USER_FACING_ATTRS.finditer(text):
            assert re.fullmatch(r"\{\{[^{}]+\}\}", match["value"]), (template.name, match[0])
        bare = re.sub(r"\{\{\{?[^{}]*\}?\}\}", "", re.sub(r"<[^>]*>", "", text))
        assert bare.strip() == "", (template.name, bare.strip()[:80])
