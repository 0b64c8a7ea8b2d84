"""Where the tests' own plug-in root is: `tests/plugins/` (see its README)."""

from __future__ import annotations

from pathlib import Path

#: A plug-in root holding `common_only` and `shared_kinds`, rulesets of the shared kinds alone.
TEST_PLUGINS = Path(__file__).resolve().parent / "plugins"
