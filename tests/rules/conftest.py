"""Session fixtures for the rules tests: one Node process serves every JS call."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rules_parity import NodeEngine


@pytest.fixture(scope="session")
def js_engine(node_path: Path) -> Iterator[NodeEngine]:
    """The JS rules core of `module_template/scripts/rules`, served by one long-lived Node."""
    engine = NodeEngine(node_path)
    yield engine
    engine.close()
