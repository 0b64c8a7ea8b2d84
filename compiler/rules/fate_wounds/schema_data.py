"""The two declared sources of the engine (mirror: `schema_data.mjs`, generated from them).

`compiler/schemas/rules_config/fate_wounds.schema.json` holds every FW-G key with its default,
and `compiler/schemas/rulesets/fate_wounds/inputs.schema.json` every rule's input shape. The
Python engine reads the files; the JS core gets a generated copy
(`python tests/rules/fate_wounds_schema_data.py --write`), which a test keeps equal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SCHEMAS = Path(__file__).resolve().parents[2].joinpath("schemas")
INPUTS: Mapping[str, Any] = json.loads(
    SCHEMAS.joinpath("rulesets", "fate_wounds", "inputs.schema.json").read_text(encoding="utf-8")
)
"""The rule-input shapes: `INPUTS["properties"][rule]` is the shape of that rule's input."""

RULES_CONFIG: Mapping[str, Any] = json.loads(
    SCHEMAS.joinpath("rules_config", "fate_wounds.schema.json").read_text(encoding="utf-8")
)
"""The rules_config schema, in the same dialect: the shape of the whole merged config."""

CONFIG: Mapping[str, Any] = {
    key: field["default"] for key, field in RULES_CONFIG["properties"].items()
}
"""Every FW-G key with its default, in schema order (catalogue C5)."""
