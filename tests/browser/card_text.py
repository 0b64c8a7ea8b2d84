"""How a chat card words a document change (`foundry/card-changes.mjs` `changeText`), for the
tests that predict cards: "name: label before → after", the label from lang, the values in words.

Written from the module's strings, not from the JS: a card whose wording drifts from this fails.
"""

from __future__ import annotations

import json
import re


def change_label(lang: dict[str, str], path: str, label: str | None = None) -> str:
    """The change's own label (a lang key), else the sheet's label of a `system.*` field, else
    the last path segment in words."""
    if label:
        return lang.get(label, label)
    if path.startswith("system."):
        key = f"RULEPACK.Field.{path.removeprefix('system.')}.Label"
        if key in lang:
            return lang[key]
    words = path.rsplit(".", 1)[-1].replace("_", " ")
    return words[:1].upper() + words[1:]


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, (str, bool, int, float))


def _js_string(value: object) -> str:
    """`String(value)` in JavaScript, for the scalars a change holds."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def _entry(entry: object) -> str | None:
    if isinstance(entry, list):
        return " ".join(_js_string(v) for v in entry) if all(map(_scalar, entry)) else None
    if isinstance(entry, dict):
        found = entry.get("name", entry.get("id"))
        return None if found is None or not _scalar(found) else _js_string(found)
    return _js_string(entry)


def shown_value(lang: dict[str, str], value: object) -> str:
    """A value in words: as is, yes or no, none, a list by its entries or by its length."""
    if value is None:
        return lang["RULEPACK.Card.NoValue"]
    if isinstance(value, bool):
        return lang["RULEPACK.Card.Yes" if value else "RULEPACK.Card.No"]
    if isinstance(value, dict):  # JSON.stringify, keys in their order
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if not isinstance(value, list):
        return _js_string(value)
    if not value:
        return lang["RULEPACK.Card.NoValue"]
    named = [_entry(v) for v in value]
    return ", ".join(n for n in named if n is not None) if None not in named else str(len(value))


def _format(template: str, **data: str) -> str:
    """`game.i18n.format` (`macro_kinds.foundry_format`, which this module may not import: the
    rulesets' kinds it loads import this one)."""
    return re.sub(r"{[^}]+}", lambda m: data[m.group()[1:-1]], template)


def change_text(lang: dict[str, str], name: str, path: str, before: object, after: object,
                label: str | None = None) -> str:
    """One change line; `before` and `after` are the values shown (effective where given)."""
    return _format(lang["RULEPACK.Card.ChangeLine"], name=name,
                   label=change_label(lang, path, label),
                   before=shown_value(lang, before), after=shown_value(lang, after))
