"""Session fixtures for the sdm_pool tests: the shared rules helpers and one Node process.

`tests/rules/` holds the parity helpers every ruleset's tests use (`rules_parity`, `test_mirror`);
it is put on the import path here, as pytest does for the tests that live in it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "rules"))

from rules_parity import NodeEngine


@pytest.fixture(scope="session")
def js_engine(node_path: Path) -> Iterator[NodeEngine]:
    """The JS rules core of `module_template/scripts/rules`, served by one long-lived Node."""
    engine = NodeEngine(node_path)
    yield engine
    engine.close()
