"""The one Jinja environment is strict: missing values fail, raw strings are refused."""

from __future__ import annotations

import jinja2
import pytest

from compiler.render.environment import environment

CANARY = '"><img src=x onerror=alert(1)></script>{{7*7}}'


def test_missing_variable_fails() -> None:
    with pytest.raises(jinja2.UndefinedError):
        environment().from_string("{{ weapon.damage|tojson }}").render(weapon={})


def test_raw_string_is_refused_everywhere() -> None:
    with pytest.raises(TypeError, match="use \\|tojson"):
        environment().from_string("const x = {{ name }};").render(name="x")


def test_tojson_neutralises_script_endings() -> None:
    out = environment().from_string("const x = {{ name|tojson }};").render(name=CANARY)
    assert "</script>" not in out and "<img" not in out


@pytest.mark.parametrize("name", ["card.hbs", "card.html", "page.html.j2", "card.hbs.j2"])
def test_html_templates_autoescape(name: str) -> None:
    env = environment().overlay(loader=jinja2.DictLoader({name: "<p>{{ text|e }}</p>"}))
    out = env.get_template(name).render(text=CANARY)
    assert "<img" not in out and "&lt;img" in out
    assert env.autoescape(name) if callable(env.autoescape) else env.autoescape


def test_js_templates_do_not_autoescape() -> None:
    env = environment()
    assert callable(env.autoescape) and not env.autoescape("scripts/config.mjs.j2")
