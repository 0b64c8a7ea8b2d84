"""Every user-caused error is a `click.ClickException`: a message, exit code 1, no traceback."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from compiler.display import safe_text

if TYPE_CHECKING:
    from compiler.diagnostics import Diagnostics


class RulepackError(click.ClickException):
    """Root of the project's user-facing errors: one line, shown escaped (`display.safe_text`)."""

    def format_message(self) -> str:
        return safe_text(self.message)


class ContentError(RulepackError):
    """Content failed to load, validate or link; carries every diagnostic found in the run."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        self.diagnostics = diagnostics
        count = diagnostics.total
        least = "at least " if diagnostics.incomplete else ""
        plural = "s" if count != 1 else ""
        super().__init__(f"{least}{count} error{plural} found; nothing was written.")


class BuildError(RulepackError):
    """The content was valid but the module could not be produced."""
