"""The compiler's modules import each other without a circle (module-level imports).

A stage may use the stages before it, never the other way round; an import circle would make the
order modules load in matter, and usually means a stage reaches back into a later one.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "compiler"


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules `path` imports at module level (not inside functions)."""
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
            continue  # typing-only imports never run
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found |= {name for name in names if name in modules}
    return found


def graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    modules = set(paths)
    edges = {name: imports(path, modules) - {name} for name, path in paths.items()}
    # Importing `a.b` runs `a/__init__` first, but a package importing its own submodules is
    # not a circle with them: only count edges into a package's __init__ from outside it.
    return {
        name: {t for t in targets if not name.startswith(f"{t}.")}
        for name, targets in edges.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                found.append([*stack[stack.index(target):], target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


def test_the_graph_is_read() -> None:
    edges = graph()
    assert len(edges) > 50 and "compiler.rules.registry" in edges["compiler.rules.harness"]


def test_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
