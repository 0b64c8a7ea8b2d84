"""`common_only`: a test ruleset of the shared content kinds, with no rules of its own."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.rules.base import Rule

RULES: Mapping[str, Rule] = {}
