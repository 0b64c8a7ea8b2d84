"""The compiler is the sanitiser of record for author HTML, and refuses invisible controls in text.

Compendium packs written at build time never pass through Foundry's server-side sanitising, so
every rich-text field is cleaned here with an allow-list (nh3, the ammonia bindings). Enricher
syntax (`@UUID[…]{…}`, `[[/r 1d20]]`) is plain text to the sanitiser and survives; scripts,
event handlers, iframes, SVG, inline styles and non-http(s) links do not. It runs on each
document right after validation, so the cached per-file results already hold clean HTML and no
later stage ever sees author HTML that was not cleaned.

Before that, every string and key of a valid document is checked for characters no author means
to ship (`text_problems`): C0 and C1 control characters (a tab and a line feed excepted; in HTML
also a carriage return), and in plain text also the bidi embeddings, overrides and isolates
(U+202A to U+202E, U+2066 to U+2069) that make a name display in an order other than its own
("Trojan Source"). Each is a located error, not a silent repair.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import nh3

from compiler.diagnostics import Diagnostic
from compiler.loading.paths import JsonPath, json_path
from compiler.validation import Checked

ALLOWED_TAGS = frozenset({
    "a", "p", "br", "hr", "strong", "em", "b", "i", "u", "s", "sub", "sup", "blockquote", "code",
    "pre", "span", "div", "section", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "dl", "dt", "dd",
})
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"}, "section": {"class"}, "span": {"class"}, "div": {"class"},
    "th": {"colspan", "rowspan"}, "td": {"colspan", "rowspan"},
}
URL_SCHEMES = frozenset({"https", "http"})
#: Refused in plain-text fields and in keys: controls but tab and line feed, and bidi controls.
PLAIN_TEXT_REFUSED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: Refused in HTML fields: controls but tab, line feed and carriage return.
HTML_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean_html(html: str) -> str:
    """Allow-list sanitise one author HTML fragment."""
    return str(_cleaner().clean(html))


@functools.cache
def _cleaner() -> nh3.Cleaner:
    # Built once: `nh3.clean` builds its allow-list again on every call, most of its cost.
    return nh3.Cleaner(
        tags=set(ALLOWED_TAGS), attributes={k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(URL_SCHEMES), link_rel="noopener noreferrer",
    )


def _clean_path(value: Any, path: tuple[str, ...]) -> Any:
    """`value` with the HTML at `path` cleaned; `*` is every array item or map value."""
    if not path:
        return clean_html(value) if isinstance(value, str) else value
    head, rest = path[0], path[1:]
    if head == "*" and isinstance(value, list | tuple):
        return [_clean_path(item, rest) for item in value]
    if isinstance(value, Mapping):
        copy = dict(value)
        keys = list(copy) if head == "*" else [head] if head in copy else []
        for key in keys:
            copy[key] = _clean_path(copy[key], rest)
        return copy
    return value


def sanitize_checked(checked: Checked, fields: Sequence[str]) -> Checked:
    """The checked document with every rich-text field (`fields`, dotted paths) cleaned."""
    data: Mapping[str, Any] = checked.data
    for field in fields:
        data = _clean_path(data, tuple(field.split(".")))
    return replace(checked, data=data)


def text_problems(checked: Checked, fields: Sequence[str]) -> list[Diagnostic]:
    """A located error for each string or key holding a character `PLAIN_TEXT_REFUSED` (in the
    rich-text `fields`, `HTML_REFUSED`) names."""
    if not PLAIN_TEXT_REFUSED.search("\n".join(_all_strings(checked.data))):
        return []  # the usual case: nothing either pattern refuses (HTML's is the narrower)
    html = [tuple(field.split(".")) for field in fields]
    source = checked.source
    found = []
    for path, text, is_key in _strings(checked.data, ()):
        refused = HTML_REFUSED if not is_key and _matches(path, html) else PLAIN_TEXT_REFUSED
        bad = refused.search(text)
        if bad is not None:
            mark = source.mark_of(path)
            found.append(Diagnostic(source.path, mark.line, mark.col, json_path(path),
                                    _refusal(bad.group(), is_key)))
    return found


def _refusal(char: str, is_key: bool) -> str:
    where = "a key" if is_key else "text"
    what = "bidirectional control" if char >= "\u2000" else "control character"
    why = " (it makes text show in a misleading order)" if char >= "\u2000" else ""
    return f"{what} U+{ord(char):04X} is not allowed in {where}{why}"


def _all_strings(value: Any, found: list[str] | None = None) -> list[str]:
    """Every string and key in `value`, in no particular order (`_strings` without paths)."""
    found = [] if found is None else found
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, Mapping):
        found.extend(value)
        for item in value.values():
            _all_strings(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _all_strings(item, found)
    return found


def _strings(value: Any, path: JsonPath) -> Iterator[tuple[JsonPath, str, bool]]:
    """(path, string, is a key) for every string and key in `value`."""
    if isinstance(value, str):
        yield path, value, False
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield (*path, key), key, True
            yield from _strings(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, index))


def _matches(path: JsonPath, patterns: Sequence[tuple[str, ...]]) -> bool:
    return any(
        len(pattern) == len(path)
        and all(p == "*" or p == str(part) for p, part in zip(pattern, path, strict=True))
        for pattern in patterns
    )
