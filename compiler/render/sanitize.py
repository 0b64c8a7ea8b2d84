"""The build is the sanitiser of record for author HTML.

Compendium packs written at build time never pass through Foundry's server-side sanitising, so
every rich-text field is cleaned here with an allow-list (nh3, the ammonia bindings). Enricher
syntax (`@UUID[…]{…}`, `[[/r 1d20]]`) is plain text to the sanitiser and survives; scripts,
event handlers, iframes, SVG, inline styles and non-http(s) links do not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import nh3

from compiler.model import Document, Ruleset
from compiler.validation import html_fields

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


def _clean_path(data: Mapping[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    copy = dict(data)
    head, rest = path[0], path[1:]
    value = copy.get(head)
    if rest and isinstance(value, Mapping):
        copy[head] = _clean_path(value, rest)
    elif not rest and isinstance(value, str):
        copy[head] = clean_html(value)
    return copy


def _clean_document(engine: str, document: Document) -> Document:
    data: Mapping[str, Any] = document.data
    for field in html_fields(engine, document.kind):
        data = _clean_path(data, tuple(field.split(".")))
    return replace(document, data=data)


def sanitize_ruleset(ruleset: Ruleset) -> Ruleset:
    """The same ruleset with every HTML field of every document (and the description) cleaned."""
    documents = tuple(_clean_document(ruleset.engine, d) for d in ruleset.documents)
    return replace(ruleset, documents=documents, description=clean_html(ruleset.description))
