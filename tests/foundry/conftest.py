"""Fixtures for the Foundry-layer tests: the shipped content built once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from node_tools import REPO

from compiler.cli import main

CONTENT = REPO / "content"


@pytest.fixture(scope="session")
def built_modules(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every module built from the shipped `content/` (copies: reading a LevelDB rewrites it)."""
    out = tmp_path_factory.mktemp("dist")
    result = CliRunner().invoke(main, ["build", str(CONTENT), "--out", str(out)])
    assert result.exit_code == 0, result.output
    copies = tmp_path_factory.mktemp("modules")
    modules = []
    for module in sorted(p for p in out.iterdir() if p.is_dir()):
        shutil.copytree(module, copies / module.name)
        modules.append(copies / module.name)
    assert len(modules) == len([p for p in CONTENT.iterdir() if (p / "ruleset.yaml").is_file()])
    return modules
