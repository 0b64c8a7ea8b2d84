"""Fixtures for the pack tests: the official foundryvtt-cli and a ruleset reaching every pack."""

from __future__ import annotations

from pathlib import Path

import pytest
from node_tools import NodeTools, install_foundry_cli
from pack_samples import make_ruleset, sample_documents

from compiler.model import Ruleset


@pytest.fixture(scope="session")
def foundry_cli(tmp_path_factory: pytest.TempPathFactory, node_path: Path) -> NodeTools:
    """node with `@foundryvtt/foundryvtt-cli` importable (`npm ci` first when missing or stale)."""
    return install_foundry_cli(tmp_path_factory.mktemp("node"), node_path)


@pytest.fixture
def ruleset() -> Ruleset:
    return make_ruleset(sample_documents())
