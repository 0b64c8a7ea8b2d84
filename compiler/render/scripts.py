"""The module's JavaScript: static ES modules copied verbatim, plus one generated data module."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from compiler.model import Ruleset
from compiler.packing import Pack, data_kinds
from compiler.packing.common import plain
from compiler.render.data_models import data_schemas
from compiler.render.environment import TEMPLATE_ROOT, render

SCRIPTS = TEMPLATE_ROOT / "scripts"
#: Hand-written files shipped as they are (the rules core, the Foundry adapters, templates).
STATIC_FOLDERS = ("scripts", "templates")


@cache
def static_files() -> tuple[tuple[str, bytes], ...]:
    """Every non-template file of `module_template/{scripts,templates}`, by module-relative path."""
    files = []
    for folder in STATIC_FOLDERS:
        for path in sorted((TEMPLATE_ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix != ".j2":
                files.append((path.relative_to(TEMPLATE_ROOT).as_posix(), path.read_bytes()))
    return tuple(files)


def rules_data(ruleset: Ruleset) -> dict[str, dict[str, object]]:
    """The documents of the engine's own data kinds: `{kind: {id: data}}`."""
    return {
        kind: {d.key: plain(d.data) for d in sorted(ruleset.of_kind(kind), key=lambda d: d.key)}
        for kind in data_kinds(ruleset.engine)
    }


def script_files(ruleset: Ruleset, packs: Sequence[Pack]) -> dict[str, bytes]:
    """All JS and template files of the module, generated ones included."""
    files = dict(static_files())
    config = render(
        "scripts/config.mjs.j2",
        module_id=ruleset.module_id,
        engine=ruleset.engine,
        rules_config=dict(ruleset.rules_config),
        packs={pack.document_type: pack.name for pack in packs},
        data_schemas=data_schemas(ruleset.engine),
        rules_data=rules_data(ruleset),
    )
    files["scripts/config.mjs"] = config.encode()
    return files
