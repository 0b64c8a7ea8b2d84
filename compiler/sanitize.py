"""The compiler is the sanitiser of record for author HTML.

Compendium packs written at build time never pass through Foundry's server-side sanitising, so
every rich-text field is cleaned here with an allow-list (nh3, the ammonia bindings). Enricher
syntax (`@UUID[…]{…}`, `[[/r 1d20]]`) is plain text to the sanitiser and survives; scripts,
event handlers, iframes, SVG, inline styles and non-http(s) links do not. It runs on each
document right after validation, so the cached per-file results already hold clean HTML and no
later stage ever sees author HTML that was not cleaned.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import nh3

from compiler.validation import Checked, html_fields

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


def clean_html(html: str) -> str:
    """Allow-list sanitise one author HTML fragment."""
    return str(nh3.clean(
        html, tags=set(ALLOWED_TAGS), attributes={k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(URL_SCHEMES), link_rel="noopener noreferrer",
    ))


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


def sanitize_checked(checked: Checked, engine: str | None) -> Checked:
    """The checked document with every rich-text field cleaned (its kind's HTML fields)."""
    data: Mapping[str, Any] = checked.data
    for field in html_fields(engine, checked.source.kind):
        data = _clean_path(data, tuple(field.split(".")))
    return replace(checked, data=data)
