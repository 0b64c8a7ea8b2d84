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


def _checked(text: str) -> Any:
    from compiler.loading import load_text
    from compiler.validation import Checked

    source = load_text(text, "f.yaml", "weapon")
    assert not isinstance(source, list)
    return Checked(source, source.data)


def test_controls_are_refused_in_text_keys_and_html_alike_and_bidi_in_plain_text_only() -> None:
    from compiler.sanitize import text_problems

    checked = _checked(
        'name: "A\\eB"\n'
        'effects:\n  - {text: "<p>a\\r\\nb \\u202e</p>", label: "\\u202eX"}\n'
        '  - {text: "<p>\\0</p>"}\n'
        'notes: {"k\\ae": plain}\n'
        "tags: [\"ok\\tfine\", \"line\\nbreak\"]\n"
    )
    found = [d.format() for d in text_problems(checked, ["effects.*.text", "description"])]
    assert found == [
        "f.yaml:1:7: $.name: control character U+001B is not allowed in text",
        "f.yaml:3:43: $.effects[0].label: bidirectional control U+202E is not allowed in text"
        " (it makes text show in a misleading order)",
        "f.yaml:4:12: $.effects[1].text: control character U+0000 is not allowed in text",
        "f.yaml:5:17: $.notes['k\\u0007e']: control character U+0007 is not allowed in a key",
    ]
