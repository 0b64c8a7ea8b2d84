"""What each CLI verb does: run the stages, report diagnostics once, choose nothing else."""

from __future__ import annotations

import click

from compiler.diagnostics import REPORTER_BY_NAME, Diagnostics
from compiler.errors import ContentError, RulepackError
from compiler.model import ContentSet
from compiler.options import BalanceOptions, BuildOptions, OddsOptions, ValidateOptions


def _load(content: object, output_format: str) -> ContentSet:
    from pathlib import Path

    from compiler.pipeline import load_content

    try:
        return load_content(Path(str(content)))
    except ContentError as error:
        _report(error.diagnostics, output_format)
        raise


def _report(diagnostics: Diagnostics, output_format: str) -> None:
    click.echo(REPORTER_BY_NAME[output_format](diagnostics))


def run_validate(options: ValidateOptions) -> None:
    """Load, validate and link everything; print every error; write nothing."""
    content = _load(options.content, options.output_format)
    if options.output_format == "json":
        _report(Diagnostics(), "json")
    else:
        documents = sum(len(r.documents) for r in content.rulesets)
        click.echo(f"{len(content.rulesets)} rulesets, {documents} documents: no errors.")


def run_build(options: BuildOptions) -> None:
    """Validate, then build every ruleset into `options.out` atomically."""
    from compiler.build import build_all

    content = _load(options.content, options.output_format)
    for line in build_all(content, options):
        click.echo(line)


def run_odds(options: OddsOptions) -> None:
    """The exact distribution of one matchup, as a bar chart or JSON."""
    import json

    from compiler.odds.charts import render
    from compiler.odds.content import answer, find_item, options_of
    from compiler.odds.report import summarize, summary_json

    content = _load(options.content, "text")
    ruleset = find_item(content, options.item)
    choice = {"item": options.item, "target": options.target, "attacker": options.attacker,
              "options": options_of(ruleset, options.settings)}
    matchup = answer(ruleset, choice)
    summary = summarize(matchup)
    if options.output_format == "json":
        click.echo(json.dumps(summary_json(matchup, summary), indent=2, ensure_ascii=False))
    else:
        click.echo(render(matchup, summary))


def run_balance(options: BalanceOptions) -> None:
    """The balance report of the content (and its baseline), then the thresholds' verdict."""
    from compiler.odds.balance import baseline_content, report
    from compiler.odds.html import render_report, write_report

    _needs_matplotlib()
    content = _load(options.content, "text")
    baselines = None
    if options.baseline is not None:  # a bad revision is refused before any work
        before, scratch = baseline_content(options.content, options.baseline)
        with scratch:
            baselines = {r.ruleset.engine: list(r.rows) for r in report(before)}
    reports = report(content)
    write_report(options.out, render_report(reports, baselines, options.baseline))
    failures = [failure for r in reports for failure in r.failures]
    rows = sum(len(r.rows) for r in reports)
    click.echo(f"{options.out}: {len(reports)} rulesets, {rows} matrix rows, "
               f"{len(failures)} threshold failures.")
    if failures:
        click.echo("\n".join(failures), err=True)
        raise RulepackError(f"{len(failures)} balance thresholds are broken.")


def _needs_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        raise RulepackError("rulepack balance draws its plots with matplotlib: "
                            "pip install 'rulepack[report]'") from None
