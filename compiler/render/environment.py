"""The one Jinja environment of the project.

- `StrictUndefined`: a missing variable fails the build instead of rendering "".
- Autoescape for HTML-like templates (`.html`, `.hbs`), chosen explicitly because
  `select_autoescape()` does not cover `.hbs`.
- `finalize` refuses any plain `str`: in JS and JSON templates every value must go through
  `|tojson`, in HTML through autoescape-produced `Markup` (`|e`). A raw author string can
  therefore never reach template output unescaped, whatever the template's extension.
- Author text is data only: templates come from `module_template/`, never from content.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from compiler import plugins

#: `select_autoescape()` alone misses `.hbs` and `.j2`-suffixed HTML; name them all.
HTML_EXTENSIONS = ("html", "htm", "hbs", "html.j2", "hbs.j2")
TEMPLATE_ROOT = Path(__file__).resolve().parents[2] / "module_template"


def _finalize(value: Any) -> Any:
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(value, Markup) or is_number:
        return value
    raise TypeError(
        f"template interpolated a raw {type(value).__name__} ({value!r:.40}); "
        "use |tojson in JS/JSON templates or |e in HTML templates"
    )


def _tojson(env_filter: Any) -> Any:
    """`tojson` that reports a missing value as such instead of "not JSON serializable"."""

    def tojson(eval_ctx: Any, value: Any, indent: int | None = None) -> Any:
        if isinstance(value, jinja2.Undefined):
            value._fail_with_undefined_error()
        return env_filter(eval_ctx, value, indent)

    return jinja2.pass_eval_context(tojson)


@cache
def environment(
    root: Path = TEMPLATE_ROOT, extra: tuple[Path, ...] = ()
) -> jinja2.Environment:
    """The shared environment over `root` and the `module_template` folders of plug-in roots
    beside the checkout (`compiler.plugins`); cached so templates compile once per process."""
    loaders = [jinja2.FileSystemLoader(str(folder)) for folder in (root, *extra)]
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(
            enabled_extensions=HTML_EXTENSIONS, default_for_string=False, default=False
        ),
        finalize=_finalize,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.filters["tojson"] = _tojson(env.filters["tojson"])
    env.filters["tojson_ordered"] = _tojson_ordered
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "allow_nan": False}
    return env


@jinja2.pass_eval_context
def _tojson_ordered(eval_ctx: Any, value: Any) -> Markup:
    """`tojson` keeping every object's key order, for data whose order means something (the
    order a shape's properties are checked in); as HTML-safe as `tojson`."""
    if isinstance(value, jinja2.Undefined):
        value._fail_with_undefined_error()
    return htmlsafe_json_dumps(value, sort_keys=False, allow_nan=False)


def render(template: str, **context: Any) -> str:
    extra = tuple(root / "module_template" for root in plugins.search_roots()[1:])
    return environment(TEMPLATE_ROOT, extra).get_template(template).render(**context)
