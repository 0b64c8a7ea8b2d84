"""The checks sdm_pool makes on its input beyond the shapes (mirror: `fields.mjs`).

The harness reads every input through its shape (`compiler/schemas/rulesets/sdm_pool/
inputs.schema.json`) before the rule runs, so a rule receives a checked copy with its defaults
filled in; what remains are the checks a shape cannot make: ids that must be distinct or name
something in the fight. A value under `config` fails with `bad_config`, any other with
`bad_input`; messages name paths and ints only, never the values a fixture supplied.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from compiler.rules.shapes import fail

IN = "input"


def unique_ids(items: Sequence[Mapping[str, Any]], where: str) -> None:
    """Fail on the first item whose `id` repeats an earlier one's."""
    for index, item in enumerate(items):
        if any(other["id"] == item["id"] for other in items[:index]):
            raise fail(where, f"{where}[{index}].id repeats an earlier id")


def names_known(ids: Sequence[str], known: Collection[str], where: str, what: str) -> None:
    """Fail on the first id that names no `what` of `known`."""
    for index, ident in enumerate(ids):
        if ident not in known:
            raise fail(where, f"{where}[{index}] names no {what}")
