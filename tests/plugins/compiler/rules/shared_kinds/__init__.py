"""`shared_kinds`: a second test ruleset of the shared content kinds alone (to switch engines)."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.rules.base import Rule

RULES: Mapping[str, Rule] = {}
