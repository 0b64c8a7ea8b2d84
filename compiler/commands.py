"""What each CLI verb does: run the stages, report diagnostics once, choose nothing else.

Every command first finishes or rolls back a publish an interrupted build left in the output
folder (`publish.recover`). An environment fault that no stage turned into a located error (a
vanished working directory, an unreadable output folder) ends as one `Error:` line, exit 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import click

from compiler.diagnostics import REPORTER_BY_NAME, Diagnostics
from compiler.errors import ContentError, RulepackError
from compiler.model import ContentSet
from compiler.options import BalanceOptions, BuildOptions, OddsOptions, ValidateOptions

if TYPE_CHECKING:  # imported when a command runs, to keep `rulepack --help` fast
    from compiler.buildcaches import WatchCaches
    from compiler.pipeline import LoadCaches


def _load(
    content: Path, output_format: str, *, save_cache: bool, kept: LoadCaches | None = None
) -> ContentSet:
    from compiler.pipeline import load_content

    try:
        return load_content(content, save_cache=save_cache, kept=kept)
    except ContentError as error:
        _report(error.diagnostics, output_format)
        raise


def _report(diagnostics: Diagnostics, output_format: str) -> None:
    click.echo(REPORTER_BY_NAME[output_format](diagnostics))


@contextmanager
def _faults_as_errors() -> Iterator[None]:
    from compiler.publish import describe_os_error

    try:
        yield
    except OSError as exc:
        raise RulepackError(describe_os_error(exc)) from exc


def _finish_interrupted(out: Path, *, required: bool) -> None:
    """Finish a publish an interrupted build left in `out`; notes go to stderr.

    Unless `required` (a build, which must write there anyway), failing to is only a note.
    """
    from compiler.loading.discovery import display_path
    from compiler.publish import describe_os_error, recover, stale_staging, try_lock

    if not stale_staging(out):
        return
    try:
        with try_lock(out) as held:
            if held:  # otherwise the command writing there now will do it
                for note in recover(out):
                    click.echo(f"note: {note}", err=True)
    except (OSError, RulepackError) as exc:
        if required:
            raise
        reason = describe_os_error(exc) if isinstance(exc, OSError) else exc.format_message()
        where = display_path(out)
        click.echo(f"note: an interrupted build in {where} could not be finished: {reason}",
                   err=True)


def run_validate(options: ValidateOptions) -> None:
    """Load, validate and link everything; print every error; write nothing of its own."""
    with _faults_as_errors():
        _finish_interrupted(options.out, required=False)
        content = _load(options.content, options.output_format, save_cache=False)
    if options.output_format == "json":
        _report(Diagnostics(), "json")
    else:
        documents = sum(len(r.documents) for r in content.rulesets)
        click.echo(f"{len(content.rulesets)} rulesets, {documents} documents: no errors.")


def run_build(options: BuildOptions, kept: WatchCaches | None = None) -> None:
    """Validate, then build every ruleset into `options.out` atomically (with the caches a
    watch `kept` from its last rebuild, if any)."""
    from compiler.build import build_all, check_out_folder
    from compiler.writing import source_date_epoch

    with _faults_as_errors():
        check_out_folder(options.out, options.content)
        source_date_epoch(options.source_date_epoch)  # refused before any work
        _finish_interrupted(options.out, required=True)
        loading, caches = kept.for_run(options.content) if kept is not None else (None, None)
        content = _load(options.content, options.output_format, save_cache=True, kept=loading)
        try:
            for line in build_all(content, options, caches):
                click.echo(line, err=line.startswith("note: "))
        except ContentError as error:  # a module that would replace what no build wrote
            _report(error.diagnostics, options.output_format)
            raise


def run_watch(options: BuildOptions) -> None:
    """Build, then rebuild on every change of the content, until Ctrl-C."""
    from functools import partial

    from compiler.buildcaches import WatchCaches
    from compiler.watch import watch

    watch(options, partial(run_build, kept=WatchCaches()))


def run_rulesets() -> None:
    """Print every ruleset the compiler finds (its checkout's and the plug-in path's)."""
    from compiler import plugins

    with _faults_as_errors():
        for name in plugins.names():
            click.echo(name)


def run_odds(options: OddsOptions) -> None:
    """The exact distribution of one matchup, as a bar chart or JSON."""
    import json

    from compiler.odds.charts import render
    from compiler.odds.content import answer, find_item, options_of
    from compiler.odds.report import summarize, summary_json

    with _faults_as_errors():
        content = _load(options.content, "text", save_cache=False)
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
    from compiler.odds.balance import baseline_content
    from compiler.odds.html import build_page, write_report

    _needs_matplotlib()
    content = _load(options.content, "text", save_cache=False)
    before: ContentSet | None = None
    scratch: AbstractContextManager[object] = nullcontext()
    if options.baseline is not None:  # a bad revision is refused before any work
        before, scratch = baseline_content(options.content, options.baseline)
    with scratch:
        page = build_page(content, before, options.baseline)
    write_report(options.out, page.html)
    click.echo(f"{options.out}: {page.rulesets} rulesets, {page.rows} matrix rows, "
               f"{len(page.failures)} threshold failures.")
    if page.failures:
        click.echo("\n".join(page.failures), err=True)
        raise RulepackError(f"{len(page.failures)} balance thresholds are broken.")


def _needs_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        raise RulepackError("rulepack balance draws its plots with matplotlib: "
                            "pip install 'rulepack[report]'") from None


def run_schemas(content: Path, out: Path) -> None:
    """Write every content schema and the editor mapping of `content`'s ruleset folders."""
    from compiler.editor import export_schemas

    with _faults_as_errors():
        if not content.is_dir():
            raise RulepackError(f"no content folder at {content}")
        for line in export_schemas(out, content):
            click.echo(line)


def run_new(content: Path, folder: str, kind: str, key: str) -> None:
    """Write one new document that validates; print where."""
    from compiler.editor import new_document
    from compiler.loading.discovery import display_path

    with _faults_as_errors():
        click.echo(f"wrote {display_path(new_document(content, folder, kind, key))}")
