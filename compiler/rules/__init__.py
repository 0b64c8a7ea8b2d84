"""The Python reference rules engine; `module_template/scripts/rules/` is its JS mirror.

Entry points: `run_case` (one golden case -> JSON result) and `engines()` (the registry).
"""

from __future__ import annotations

from compiler.rules.errors import ERROR_CODES, RuleError
from compiler.rules.harness import list_rules, run_case
from compiler.rules.registry import engines

__all__ = ["ERROR_CODES", "RuleError", "engines", "list_rules", "run_case"]
