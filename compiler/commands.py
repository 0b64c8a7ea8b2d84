"""What each CLI verb does: run the stages, report diagnostics once, choose nothing else."""

from __future__ import annotations

import click

from compiler.diagnostics import REPORTER_BY_NAME, Diagnostics
from compiler.errors import ContentError
from compiler.model import ContentSet
from compiler.options import BuildOptions, ValidateOptions


def _load(content: object, output_format: str, *, save_cache: bool) -> ContentSet:
    from pathlib import Path

    from compiler.pipeline import load_content

    try:
        return load_content(Path(str(content)), save_cache=save_cache)
    except ContentError as error:
        _report(error.diagnostics, output_format)
        raise


def _report(diagnostics: Diagnostics, output_format: str) -> None:
    click.echo(REPORTER_BY_NAME[output_format](diagnostics))


def run_validate(options: ValidateOptions) -> None:
    """Load, validate and link everything; print every error; write nothing."""
    content = _load(options.content, options.output_format, save_cache=False)
    if options.output_format == "json":
        _report(Diagnostics(), "json")
    else:
        documents = sum(len(r.documents) for r in content.rulesets)
        click.echo(f"{len(content.rulesets)} rulesets, {documents} documents: no errors.")


def run_build(options: BuildOptions) -> None:
    """Validate, then build every ruleset into `options.out` atomically."""
    from compiler.build import build_all

    content = _load(options.content, options.output_format, save_cache=True)
    for line in build_all(content, options):
        click.echo(line)
