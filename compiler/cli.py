"""The `rulepack` command: maps options to dataclasses and calls one stage entry point each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from compiler import __version__
from compiler.diagnostics import REPORTER_BY_NAME
from compiler.options import BuildOptions, ValidateOptions

F = TypeVar("F", bound=Callable[..., Any])

# CONTENT and OUT are folders, but a file given for one is refused by the stages (one `Error:`
# line, exit 1) rather than by click (a usage error, exit 2).
_CONTENT = click.argument(
    "content", type=click.Path(path_type=Path), default=Path("content")
)
_FORMAT = click.option(
    "--format", "output_format", type=click.Choice(sorted(REPORTER_BY_NAME)), default="text",
    show_default=True, help="How to print errors.",
)


@click.group()
@click.version_option(__version__, prog_name="rulepack")
def main() -> None:
    """Turn YAML rules content into Foundry VTT modules."""


def _out(help_text: str) -> Callable[[F], F]:
    return click.option(
        "--out", type=click.Path(path_type=Path), default=Path("dist"),
        show_default=True, help=help_text,
    )


@main.command()
@_CONTENT
@_FORMAT
@_out("The build output folder: a publish an interrupted build left there is finished first.")
def validate(content: Path, output_format: str, out: Path) -> None:
    """Check every file under CONTENT; print every error; write nothing.

    (Nothing but finishing what an interrupted `rulepack build` left in OUT.)
    """
    from compiler.commands import run_validate

    run_validate(ValidateOptions(content=content, output_format=output_format, out=out))


@main.command()
@_CONTENT
@_out("Where the modules and zips go (outside CONTENT).")
@_FORMAT
@click.option("--watch", is_flag=True,
              help="Rebuild whenever a file under CONTENT changes (Ctrl-C stops).")
def build(content: Path, out: Path, output_format: str, watch: bool) -> None:
    """Validate CONTENT and build one Foundry module (folder and zip) per ruleset into OUT."""
    from compiler.commands import run_build, run_watch

    options = BuildOptions(content=content, out=out, output_format=output_format,
                           source_date_epoch=None)
    (run_watch if watch else run_build)(options)


@main.command()
def rulesets() -> None:
    """List the rulesets (engines) a ruleset.yaml may name, one per line."""
    from compiler.commands import run_rulesets

    run_rulesets()


@main.command()
@_CONTENT
@click.option("--out", type=click.Path(path_type=Path), default=Path("schemas"), show_default=True,
              help="Where the schemas and the editor mapping go.")
def schemas(content: Path, out: Path) -> None:
    """Export every content schema, and map CONTENT's folders to them for editors."""
    from compiler.commands import run_schemas

    run_schemas(content, out)


@main.command()
@click.argument("kind")
@click.argument("key", metavar="ID")
@click.option("--ruleset", "folder", required=True, help="The ruleset folder under CONTENT.")
@click.option("--content", type=click.Path(path_type=Path), default=Path("content"),
              show_default=True, help="The content folder.")
def new(kind: str, key: str, folder: str, content: Path) -> None:
    """Write a new KIND document ID (a weapon, a card, ...) that validates."""
    from compiler.commands import run_new

    run_new(content, folder, kind, key)
