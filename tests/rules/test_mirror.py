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
from js_syntax import Checked, check_syntax
from rules_parity import JS_CORE, REPO_ROOT, NodeEngine

from compiler.rules.registry import engine_names, engines

PY_CORE = REPO_ROOT / "compiler" / "rules"
ITEM = re.compile(r"\b(P(?:1[0-4]|[1-9])|C[1-6])\b")
JSDOC_THEN_DEF = re.compile(
    r"/\*\*((?:(?!\*/).)*?)\*/\s*\n"
    r"(?:export (?:function|class) (\w+)|  (?!constructor)(\w+)\([^\n]*\) \{)",
    re.DOTALL,
)
#: Python modules with no JS twin: the package marker, the engine registry (the JS one is
#: generated), the rule type and the dialect check (build and tests only).
PYTHON_ONLY = frozenset({"__init__.py", "base.py", "registry.py", "dialect.py"})
#: Shared modules whose every definition must name a catalogue item (P1-P14, C1-C6); a ruleset's
#: own items are checked by its tests.
TAGGED = frozenset({"queue.py", "dice.py", "primitives.py"})


def _twin(path: Path) -> str:
    """The JS twin of a Python engine file, relative to the JS core: `x.py` is `x.mjs`, a ruleset
    package's `__init__.py` is its `index.mjs`."""
    relative = path.relative_to(PY_CORE)
    name = "index.mjs" if relative.name == "__init__.py" else relative.with_suffix(".mjs").name
    return (relative.parent / name).as_posix()


def _mirrored() -> list[tuple[str, str, bool]]:
    """(python file, JS file, tagged) of every Python engine file, found by walking the tree."""
    found = []
    for path in sorted(PY_CORE.rglob("*.py")):
        relative = path.relative_to(PY_CORE)
        if relative.parent == Path(".") and relative.name in PYTHON_ONLY:
            continue
        found.append((relative.as_posix(), _twin(path), relative.as_posix() in TAGGED))
    return found


MIRRORED = _mirrored()


def test_every_engine_file_has_its_twin_and_back() -> None:
    """Walking both trees pairs every file: no Python module without its JS mirror or back."""
    assert [js for _, js, _ in MIRRORED if not (JS_CORE / js).is_file()] == []
    paired = {js for _, js, _ in MIRRORED}
    js_files = {p.relative_to(JS_CORE).as_posix() for p in JS_CORE.rglob("*.mjs")}
    assert sorted(js_files - paired) == []
    assert {ruleset for ruleset in engine_names()[1:]} <= {js.split("/")[0] for js in paired}


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
    # A class the module does not export is private, its methods too (Python's `_Reader`).
    text = re.sub(r"^class \w+.*?^\}$", "", text, flags=re.DOTALL | re.MULTILINE)
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


#: A ruleset's catalogue items (`DR-R19`, `HZ-G10`; HZ's ranges `HZ-R04-R06` count as one).
RULESET_ITEM = re.compile(r"\b[A-Z]{2,3}-[REG]\d{2}(?:-[REG]\d{2})?\b")
MAX_LINES = 400


@pytest.mark.parametrize(("py_file", "js_file", "tagged"), MIRRORED, ids=[m[0] for m in MIRRORED])
def test_docs_name_the_same_ruleset_items(py_file: str, js_file: str, tagged: bool) -> None:
    js_docs = dict(js_defs(JS_CORE / js_file))
    for name, doc in python_defs(PY_CORE / py_file):
        found = sorted(set(RULESET_ITEM.findall(doc)))
        assert found == sorted(set(RULESET_ITEM.findall(js_docs[name]))), f"{js_file}: {name}"


@pytest.mark.parametrize("ruleset", engine_names())
def test_every_rule_names_its_items(ruleset: str) -> None:
    """Each rule function's docstring names the catalogue items it implements."""
    pattern = ITEM if ruleset == "primitives" else RULESET_ITEM
    for name, rule in engines()[ruleset].rules.items():
        assert pattern.search(rule.__doc__ or ""), f"{ruleset}.{name} names no catalogue item"


@pytest.mark.parametrize(("py_file", "js_file", "tagged"), MIRRORED, ids=[m[0] for m in MIRRORED])
def test_engine_modules_stay_small(py_file: str, js_file: str, tagged: bool) -> None:
    """House rule: modules under ~400 lines, in both languages."""
    for path in (PY_CORE / py_file, JS_CORE / js_file):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES, path


def test_js_exports_document_their_returns() -> None:
    for path in sorted(JS_CORE.rglob("*.mjs")):
        for name, doc in js_defs(path):
            if name[0].islower():
                # A rule's signature lives once, in the `Rule` @callback it is typed with.
                assert "@returns" in doc or "@type {Rule}" in doc, f"{path.name}: {name}"


def test_the_generated_registry_lists_every_engine(js_core: Path) -> None:
    text = (js_core / "rulesets.mjs").read_text(encoding="utf-8")
    registered = re.findall(r'^import \{ RULES as (\w+) \} from "\./([\w/.]+)";$', text, re.M)
    assert [name for name, _ in registered] == list(engine_names())
    assert all(path in ("primitives.mjs", f"{name}/index.mjs") for name, path in registered)


@pytest.mark.parametrize("ruleset", engine_names())
def test_rules_and_config_match(ruleset: str, js_engine: NodeEngine) -> None:
    rules = list(engines()[ruleset].rules)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*", name) for name in rules)
    assert js_engine.rules(ruleset) == rules
    assert js_engine.config(ruleset) == dict(engines()[ruleset].config)


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


CHECKED_JS = sorted([*JS_CORE.rglob("*.mjs"), *(REPO_ROOT / "tests" / "js").glob("*.mjs")])


@pytest.fixture(scope="module")
def syntax(node_path: Path) -> dict[Path, Checked]:
    """`node --check` of every file below, all in one Node."""
    return check_syntax(node_path, CHECKED_JS)


@pytest.mark.parametrize("path", CHECKED_JS, ids=lambda p: p.name)
def test_node_check(path: Path, syntax: dict[Path, Checked]) -> None:
    assert syntax[path].error is None, syntax[path].error


def test_the_syntax_check_finds_what_node_check_finds(tmp_path: Path, node_path: Path) -> None:
    """The one-process check refuses what `node --check` refuses, and accepts what it accepts."""
    sources = {
        "fine.mjs": "export const a = 1;\n",
        "broken.mjs": "export const a = ;\n",
        "twice.mjs": "let a;\nlet a;\n",
        "unbound.mjs": "export { missing };\n",
    }
    for name, text in sources.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = check_syntax(node_path, sorted(tmp_path.iterdir()))
    for path, checked in found.items():
        one = subprocess.run([str(node_path), "--check", str(path)], capture_output=True)
        assert (checked.error is None) == (one.returncode == 0), (path.name, checked.error)
    assert [p.name for p, c in found.items() if c.error is None] == ["fine.mjs"]
