"""Fixture and rule errors shared by every ruleset engine (mirrored in `errors.mjs`).

A `RuleError` carries a stable `code` that the Python and JS engines raise identically, so a
golden fixture can pin a failure and the parity tests can compare failures across languages.
"""

from __future__ import annotations

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


class RuleError(RulepackError):
    """A rule could not be evaluated: bad fixture data, a broken dice queue or a missing rule.

    Attributes:
        code: one of `ERROR_CODES`; stable across Python and JS.
        message: a human sentence; built only from ints and fixed words so both engines agree.
    """

    def __init__(self, code: str, message: str, die: int | str | None = None) -> None:
        super().__init__(message)
        self.code = code
        #: For `queue_exhausted`: the die the rule asked for, so a caller that rolls dice on demand
        #: (the module's Foundry layer) knows what to roll next and run the rule again.
        self.die = die
