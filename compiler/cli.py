"""The `rulepack` command: maps options to dataclasses and calls one stage entry point each."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from compiler import __version__
from compiler.diagnostics import REPORTER_BY_NAME
from compiler.options import BalanceOptions, BuildOptions, OddsOptions, ValidateOptions

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


def _setting(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> object:
    pairs = []
    for value in values:
        key, sep, rest = value.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{value!r} is not KEY=VALUE", ctx, param)
        pairs.append((key, rest))
    return tuple(pairs)


@main.command()
@click.argument("item")
@click.option("--target", required=True, help="The fighter the ITEM is used against.")
@click.option("--attacker", default=None, help="Who uses ITEM (default: the fighter carrying it).")
@click.option("--set", "settings", multiple=True, callback=_setting, metavar="KEY=VALUE",
              help="A matchup option (distance, called_shot, boost, ...); repeatable.")
@click.option("--content", type=click.Path(file_okay=False, path_type=Path),
              default=Path("content"), show_default=True, help="The content folder.")
@click.option("--format", "output_format", type=click.Choice(["json", "text"]), default="text",
              show_default=True, help="A bar chart, or the exact distribution as JSON.")
def odds(item: str, **given: Any) -> None:
    """The exact odds of ITEM (a card, weapon or power) against --target."""
    from compiler.commands import run_odds

    run_odds(OddsOptions(item=item, **given))


@main.command()
@click.option("--content", type=click.Path(file_okay=False, path_type=Path),
              default=Path("content"), show_default=True, help="The content folder.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("balance.html"), show_default=True, help="Where the report goes.")
@click.option("--baseline", default=None, metavar="REF",
              help="A git revision of the content to compare with (its changes highlighted).")
def balance(content: Path, out: Path, baseline: str | None) -> None:
    """Write the balance report (one HTML file); fail if a content threshold is broken."""
    from compiler.commands import run_balance

    run_balance(BalanceOptions(content=content, out=out, baseline=baseline))


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
