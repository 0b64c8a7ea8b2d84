"""Readers of the JSON an sdm_pool rule receives (mirror: `fields.mjs`).

Each reader checks one value in the order and with the wording of the rule input shapes
(`compiler/schemas/rulesets/sdm_pool/defs/inputs.schema.json`): an object's first missing field
in declaration order, then its first unknown field in sorted order, then each field in
declaration order. A value under `config` fails with `bad_config`, any other with `bad_input`.
Messages name paths and ints only, never the values a fixture supplied.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeGuard

from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.inputs import sorted_keys

IN = "input"
REQUIRED: Any = object()
"""A field with no default: it must be present."""
OPTIONAL: Any = object()
"""A field with no default that may be absent (and stays absent)."""
KEY_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,63}")
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
KEY_EXPECTED = "a key of 1-64 lower-case letters, digits and _"
ID_EXPECTED = "an id of 1-64 letters, digits, _ and -"

Spec = Sequence[tuple[str, Any]]


def is_object(value: object) -> TypeGuard[Mapping[str, Any]]:
    """Whether `value` is a JSON object (not null, not a list)."""
    return isinstance(value, Mapping)


def fail(where: str, message: str) -> RuleError:
    """The error for a bad value under `where`: `bad_config` under `config`, else `bad_input`."""
    return RuleError(BAD_CONFIG if where.startswith("config") else BAD_INPUT, message)


def required(keys: Iterable[str]) -> tuple[tuple[str, Any], ...]:
    """A spec of fields that are all required."""
    return tuple((key, REQUIRED) for key in keys)


def read_object(value: object, where: str, spec: Spec) -> dict[str, Any]:
    """The object at `where` with exactly the fields of `spec`, its defaults filled in a copy.

    `spec` pairs each field with its default, `REQUIRED` or `OPTIONAL`; a default list or object
    is copied, never shared.
    """
    if not is_object(value):
        raise fail(where, f"{where} must be an object")
    for key, default in spec:
        if default is REQUIRED and key not in value:
            raise fail(where, f"{where}.{key} is required")
    keys = [key for key, _ in spec]
    unknown = sorted_keys(key for key in value if key not in keys)
    if unknown:
        raise fail(where, f"{where}.{unknown[0]} is not a known field")
    found: dict[str, Any] = {}
    for key, default in spec:
        if key in value:
            found[key] = value[key]
        elif default is not OPTIONAL:
            found[key] = _fresh(default)
    return found


def _fresh(default: Any) -> Any:
    if isinstance(default, list):
        return [_fresh(item) for item in default]
    if isinstance(default, Mapping):
        return {key: _fresh(item) for key, item in default.items()}
    return default


def require_int(value: object, where: str, lo: int, hi: int) -> int:
    """`value` as an integer in `lo..hi` (a boolean is not one)."""
    if type(value) is not int or not lo <= value <= hi:
        raise fail(where, f"{where} must be an integer in {lo}..{hi}")
    return value


def optional_int(value: object, where: str, lo: int, hi: int) -> int | None:
    """`value` as null or an integer in `lo..hi`."""
    if value is None:
        return None
    if type(value) is not int or not lo <= value <= hi:
        raise fail(where, f"{where} must be null or an integer in {lo}..{hi}")
    return value


def require_bool(value: object, where: str) -> bool:
    """`value` as true or false."""
    if not isinstance(value, bool):
        raise fail(where, f"{where} must be true or false")
    return value


def require_choice(value: object, where: str, choices: Sequence[str]) -> str:
    """`value` as one of the strings `choices`."""
    if not isinstance(value, str) or value not in choices:
        raise fail(where, f"{where} must be one of {', '.join(choices)}")
    return value


def require_text(value: object, where: str) -> str:
    """`value` as a non-empty string."""
    if not isinstance(value, str) or not value:
        raise fail(where, f"{where} must be a non-empty string")
    return value


def require_key(value: object, where: str, pattern: re.Pattern[str] = KEY_PATTERN) -> str:
    """`value` as a lower-case key (a trait, a skill, a tier, a level)."""
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise fail(where, f"{where} must be {KEY_EXPECTED}")
    return value


def optional_key(value: object, where: str) -> str | None:
    """`value` as null or a lower-case key."""
    if value is None:
        return None
    if not isinstance(value, str) or not KEY_PATTERN.fullmatch(value):
        raise fail(where, f"{where} must be null or {KEY_EXPECTED}")
    return value


def require_id(value: object, where: str) -> str:
    """`value` as a character, weapon or piece id."""
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise fail(where, f"{where} must be {ID_EXPECTED}")
    return value


def require_list(value: object, where: str, limit: int) -> list[Any]:
    """`value` as a list of at most `limit` items."""
    if not isinstance(value, list) or len(value) > limit:
        raise fail(where, f"{where} must be a list of at most {limit} items")
    return value


def require_map(value: object, where: str, limit: int) -> Mapping[str, Any]:
    """`value` as an object used as a map, of at most `limit` entries (checked in sorted order)."""
    if not isinstance(value, Mapping) or len(value) > limit:
        raise fail(where, f"{where} must be an object of at most {limit} entries")
    return {key: value[key] for key in sorted_keys(value)}


def id_list(value: object, where: str, limit: int) -> list[str]:
    """`value` as a list of distinct ids."""
    items = require_list(value, where, limit)
    for index, item in enumerate(items):
        require_id(item, f"{where}[{index}]")
        if item in items[:index]:
            raise fail(where, f"{where}[{index}] repeats an earlier id")
    return list(items)


def unique_ids(items: Sequence[Mapping[str, Any]], where: str) -> None:
    """Fail on the first item whose `id` repeats an earlier one's."""
    for index, item in enumerate(items):
        if any(other["id"] == item["id"] for other in items[:index]):
            raise fail(where, f"{where}[{index}].id repeats an earlier id")
