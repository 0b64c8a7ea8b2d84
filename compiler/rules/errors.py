"""Fixture and rule errors shared by every ruleset engine (mirrored in `errors.mjs`).

A `RuleError` carries a stable `code` that the Python and JS engines raise identically, so a
golden fixture can pin a failure and the parity tests can compare failures across languages.
"""

from __future__ import annotations

import re

from compiler.errors import RulepackError

RULE_NOT_IMPLEMENTED = "rule_not_implemented"
BAD_CONFIG = "bad_config"
BAD_INPUT = "bad_input"
BAD_FACE = "bad_face"
DIE_MISMATCH = "die_mismatch"
QUEUE_EXHAUSTED = "queue_exhausted"
FACES_LEFT_OVER = "faces_left_over"
TABLE_MISS = "table_miss"

ERROR_CODES: tuple[str, ...] = (
    RULE_NOT_IMPLEMENTED,
    BAD_CONFIG,
    BAD_INPUT,
    BAD_FACE,
    DIE_MISMATCH,
    QUEUE_EXHAUSTED,
    FACES_LEFT_OVER,
    TABLE_MISS,
)


#: The leading path of a message: what is wrong (`input.steps[2].kind`, `config.x`, `dice[3]`).
#: (Space and colon written out: `\\s` is not the same set in Python and JS.)
_PATH = re.compile(r"^(?:input|config|dice|rule)(?:[.\[][^ :]*)?(?=[ :]|$)")
#: Where an error without a path of its own points, by code.
_DEFAULT_PATH = {
    RULE_NOT_IMPLEMENTED: "rule", BAD_CONFIG: "config", BAD_INPUT: "input", BAD_FACE: "dice",
    DIE_MISMATCH: "dice", QUEUE_EXHAUSTED: "dice", FACES_LEFT_OVER: "dice", TABLE_MISS: "dice",
}


def code_path(code: str) -> str:
    """Where an error of `code` points when its message names no path."""
    return _DEFAULT_PATH.get(code, "input")


def error_path(code: str, message: str) -> str:
    """What an error points at: its message's leading path, else where its code points."""
    found = _PATH.match(message)
    return found.group(0) if found else code_path(code)


class RuleError(RulepackError):
    """A rule could not be evaluated: bad fixture data, a broken dice queue or a missing rule.

    Attributes:
        code: one of `ERROR_CODES`; stable across Python and JS.
        message: a human sentence; built only from ints and fixed words so both engines agree.
        path: what is wrong (`input.x[2].y`, `config.x`, `dice[3]`, `rule`), by default the
            message's leading path; a golden fixture pins it beside the code.
    """

    def __init__(
        self, code: str, message: str, die: int | str | None = None, path: str | None = None,
        count: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        #: For `queue_exhausted`: the die the rule asked for, so a caller that rolls dice on demand
        #: (the module's Foundry layer) knows what to roll next and run the rule again.
        self.die = die
        #: With `die`: how many faces of it the rule is taking at once (the rest of a pool, else
        #: 1), so that caller can roll the pool as one roll.
        self.count = count
        self.path = path if path is not None else error_path(code, message)
