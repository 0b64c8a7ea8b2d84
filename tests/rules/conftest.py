"""Session fixtures for the rules tests: one Node process serves every JS call."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rules_parity import NodeEngine


@pytest.fixture(scope="session")
def js_engine(node_path: Path, js_core: Path) -> Iterator[NodeEngine]:
    """The JS rules core of every engine (`js_core`), served by one long-lived Node."""
    engine = NodeEngine(node_path, js_core)
    yield engine
    engine.close()
