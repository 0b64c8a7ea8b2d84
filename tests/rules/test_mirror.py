"""The JS rules core mirrors the Python engine name for name, in the same order, item for item.

Python `snake_case` functions map to JS `camelCase` exports; each docstring and its JSDoc must
name the same catalogue items (P1-P14, C1-C6). Also: the JS core is dependency-free, passes
`node --check`, and neither engine uses the rounding that catalogue C2 forbids.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest
from rules_parity import JS_CORE, REPO_ROOT, NodeEngine

from compiler.rules.registry import RULESET_NAMES, RULESETS

PY_CORE = REPO_ROOT / "compiler" / "rules"
ITEM = re.compile(r"\b(P(?:1[0-4]|[1-9])|C[1-6])\b")
JSDOC_THEN_DEF = re.compile(
    r"/\*\*((?:(?!\*/).)*?)\*/\s*\n"
    r"(?:export (?:function|class) (\w+)|  (?!constructor)(\w+)\([^\n]*\) \{)",
    re.DOTALL,
)
#: danger_room part A's topic modules (its DR-Rxx/DR-Gxx tags are checked by its own tests)
DANGER_ROOM_A = ("common", "attributes", "hexes", "reach", "order", "movement", "senses")
DANGER_ROOM_A += ("landing", "weapons", "acts", "turn")
#: danger_room part B's topic modules (its DR-Rxx/DR-Gxx tags are checked by its own tests)
DANGER_ROOM_B = ("combatant", "rolls", "saves", "conditions", "health", "damage", "hits")
DANGER_ROOM_B += ("defences", "aftermath", "part_b")
#: hazard_location and its topic modules (its HZ-Rxx/HZ-Gxx tags are checked by its own tests)
HAZARD_LOCATION = ("", "_fields", "_config", "_content", "_arith", "_checks", "_armor", "_harm")
HAZARD_LOCATION += ("_stamina", "_turn", "_gear", "_measures", "_pools", "_attack")
#: crytures' topic modules (its CR-Rxx/CR-Gxx tags are checked by its own tests)
CRYTURES = ("common", "initiative", "geometry", "modifiers", "rolls", "strikes", "powers", "turn")
CRYTURES += ("checks", "montage", "reader")
#: (python module, JS module, whether each definition must name a catalogue item)
MIRRORED = [
    ("queue.py", "queue.mjs", True),
    ("dice.py", "dice.mjs", True),
    ("primitives.py", "primitives.mjs", True),
    ("inputs.py", "inputs.mjs", False),
    ("harness.py", "harness.mjs", False),
    ("errors.py", "errors.mjs", False),
    *((f"danger_room/{m}.py", f"danger_room/{m}.mjs", False) for m in DANGER_ROOM_A),
    *((f"danger_room/{m}.py", f"danger_room/{m}.mjs", False) for m in DANGER_ROOM_B),
    # shipped content -> rule input (its DR tags: tests/rules/test_danger_room_content.py)
    ("danger_room/content.py", "danger_room/content.mjs", False),
    *((f"hazard_location{m}.py", f"hazard_location{m}.mjs", False) for m in HAZARD_LOCATION),
    # shipped content -> rule input (its HZ tags: tests/rules/test_hazard_location_shipped.py)
    ("hazard_location_shipped.py", "hazard_location_shipped.mjs", False),
    *((f"crytures/{m}.py", f"crytures/{m}.mjs", False) for m in CRYTURES),
]


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def python_defs(path: Path) -> list[tuple[str, str]]:
    """Public top-level functions and classes, then each class's public methods: (name, doc)."""
    found: list[tuple[str, str]] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef | ast.ClassDef) or node.name.startswith("_"):
            continue
        if isinstance(node, ast.ClassDef) and node.bases and _is_named_tuple(node):
            continue  # a record type; JS describes it with a @typedef
        found.append((camel(node.name), ast.get_docstring(node) or ""))
        if isinstance(node, ast.ClassDef):
            found += [
                (camel(item.name), ast.get_docstring(item) or "")
                for item in node.body
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
            ]
    return found


def _is_named_tuple(node: ast.ClassDef) -> bool:
    return any(isinstance(base, ast.Name) and base.id == "NamedTuple" for base in node.bases)


def js_defs(path: Path) -> list[tuple[str, str]]:
    """Exported functions and classes and their methods, each with its JSDoc: (name, doc)."""
    text = path.read_text(encoding="utf-8")
    defs = [(m.group(2) or m.group(3), m.group(1)) for m in JSDOC_THEN_DEF.finditer(text)]
    exported = re.findall(r"^export (?:function|class) (\w+)", text, re.MULTILINE)
    documented = {name for name, _ in defs}
    assert [name for name in exported if name not in documented] == [], "exports without JSDoc"
    private = set(re.findall(r"^function (\w+)", text, re.MULTILINE))
    return [(name, doc) for name, doc in defs if name not in private]


@pytest.mark.parametrize(("py_file", "js_file", "tagged"), MIRRORED, ids=[m[0] for m in MIRRORED])
def test_same_names_in_same_order(py_file: str, js_file: str, tagged: bool) -> None:
    python = [name for name, _ in python_defs(PY_CORE / py_file)]
    js = [name for name, _ in js_defs(JS_CORE / js_file)]
    assert python == js


@pytest.mark.parametrize(("py_file", "js_file", "tagged"), MIRRORED, ids=[m[0] for m in MIRRORED])
def test_docs_name_the_same_items(py_file: str, js_file: str, tagged: bool) -> None:
    js_docs = dict(js_defs(JS_CORE / js_file))
    for name, doc in python_defs(PY_CORE / py_file):
        items = sorted(set(ITEM.findall(doc)))
        if tagged and name[0].islower():
            assert items, f"{py_file}: {name} names no catalogue item"
        assert items == sorted(set(ITEM.findall(js_docs.get(name, "")))), f"{js_file}: {name}"


def test_js_exports_document_their_returns() -> None:
    for path in sorted(JS_CORE.glob("*.mjs")):
        for name, doc in js_defs(path):
            if name[0].islower():
                # A rule's signature lives once, in the `Rule` @callback it is typed with.
                assert "@returns" in doc or "@type {Rule}" in doc, f"{path.name}: {name}"


def test_rulesets_register_the_same_names() -> None:
    text = (JS_CORE / "rulesets.mjs").read_text(encoding="utf-8")
    registered = re.findall(r'^export \* as (\w+) from "\./(\w+)\.mjs";$', text, re.MULTILINE)
    assert all(name == module for name, module in registered)
    assert [name for name, _ in registered] == list(RULESET_NAMES)


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_rules_and_config_match(ruleset: str, js_engine: NodeEngine) -> None:
    rules = list(RULESETS[ruleset].rules)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*", name) for name in rules)
    assert js_engine.rules(ruleset) == rules
    assert js_engine.config(ruleset) == dict(RULESETS[ruleset].config)


def test_js_core_is_plain_and_dependency_free() -> None:
    for path in sorted(JS_CORE.rglob("*.mjs")):
        text = path.read_text(encoding="utf-8")
        imports = re.findall(r'^(?:import|export)[^;]*? from "([^"]+)";', text, re.MULTILINE)
        # A ruleset package's folder sits one level down: `./pkg/x.mjs` in, `../x.mjs` out.
        assert all(re.fullmatch(r"\.\.?/(\w+/)?\w+\.mjs", spec) for spec in imports), path.name
        assert not re.search(r"\b(game|ui|canvas|Hooks|foundry|CONFIG\.Dice)\.", text), path.name


def strip_js_comments(text: str) -> str:
    """JS source without its comments (the core has no `//` or `/*` inside strings)."""
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL))


def test_no_forbidden_rounding() -> None:
    """C2: no language rounding, truncation or float parsing anywhere in either engine."""
    for path in sorted(JS_CORE.rglob("*.mjs")):
        code = strip_js_comments(path.read_text(encoding="utf-8"))
        assert not re.search(r"Math\.(round|trunc)|parseInt|parseFloat|toFixed|\|\s*0\b", code)
    for path in sorted(PY_CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), path
            assert not isinstance(node, ast.Div), f"{path.name}:{getattr(node, 'lineno', '?')}"
            called = (
                node.func.id
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                else ""
            )
            assert called not in {"round", "float"}, f"{path.name}: {called}()"


@pytest.mark.parametrize(
    "path",
    sorted([*JS_CORE.rglob("*.mjs"), *(REPO_ROOT / "tests" / "js").glob("*.mjs")]),
    ids=lambda p: p.name,
)
def test_node_check(path: Path, node_path: Path) -> None:
    result = subprocess.run(
        [str(node_path), "--check", str(path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
