"""The allow-list sanitiser reaches every HTML field, nested ones included."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.sanitize import _clean_path, clean_html

SCRIPT = '<p>ok<script>alert(1)</script><img src=x onerror="alert(2)"></p>'


@pytest.mark.parametrize(("value", "path", "expected"), [
    ({"description": SCRIPT}, ("description",), {"description": "<p>ok</p>"}),
    ({"effects": [{"text": SCRIPT}, {"text": "<b>b</b>"}]}, ("effects", "*", "text"),
     {"effects": [{"text": "<p>ok</p>"}, {"text": "<b>b</b>"}]}),
    ({"notes": {"a": SCRIPT, "b": 3}}, ("notes", "*"), {"notes": {"a": "<p>ok</p>", "b": 3}}),
    ({"other": SCRIPT}, ("description",), {"other": SCRIPT}),
])
def test_html_fields_are_cleaned_wherever_they_are(
    value: dict[str, Any], path: tuple[str, ...], expected: dict[str, Any]
) -> None:
    assert _clean_path(value, path) == expected


def test_enrichers_and_secrets_survive() -> None:
    html = '<section class="secret">GM</section>'
    html += '<p>@UUID[Compendium.a.b.Item.x]{X} [[/r 1d20]]</p>'
    assert clean_html(html) == html


@pytest.mark.parametrize("attack", [
    '<a href="javascript:alert(1)">x</a>', '<iframe srcdoc="<script>x</script>"></iframe>',
    '<svg><script>alert(1)</script></svg>', '<p style="background:url(javascript:x)">x</p>',
    '<p onclick="x()">x</p>',
])
def test_attacks_lose_their_teeth(attack: str) -> None:
    cleaned = clean_html(attack)
    teeth = ("javascript:", "<script", "<iframe", "onclick", "style=")
    assert not any(bad in cleaned for bad in teeth)
