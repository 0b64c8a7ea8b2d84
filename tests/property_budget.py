"""Property tests that throw generated cases away count them, and fail above a stated share.

A property test whose strategy mostly produces cases the rule refuses would pass while checking
almost nothing. A test that may discard a case says so with `discard()` (and `keep()` when the
case reached its asserts); `@discard_budget(share)` fails the test when more than `share` of its
cases were discarded. `tests/test_test_machinery.py` shows a test that discards most fails.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Tally:
    """How many generated cases one run of a property test kept and discarded."""

    kept: int = 0
    discarded: int = 0

    def check(self, name: str, share: Fraction) -> None:
        total = self.kept + self.discarded
        assert total, f"{name}: no case was counted (call keep() or discard() in the test)"
        assert Fraction(self.discarded, total) <= share, (
            f"{name}: {self.discarded} of {total} generated cases were discarded, more than "
            f"the {share} the test allows: its strategy must build more usable cases"
        )


_CURRENT: ContextVar[Tally | None] = ContextVar("property_budget", default=None)


def _tally() -> Tally:
    tally = _CURRENT.get()
    assert tally is not None, "keep()/discard() outside a @discard_budget test"
    return tally


def keep() -> None:
    """This case reached the test's asserts."""
    _tally().kept += 1


def discard() -> None:
    """This case is thrown away (the caller returns without asserting anything more)."""
    _tally().discarded += 1


def discard_budget(share: Fraction) -> Callable[[F], F]:
    """Fail the (hypothesis) test when more than `share` of its generated cases are discarded."""

    def decorate(test: F) -> F:
        @functools.wraps(test)
        def run(*args: Any, **kwargs: Any) -> Any:
            tally = Tally()
            token = _CURRENT.set(tally)
            try:
                result = test(*args, **kwargs)
            finally:
                _CURRENT.reset(token)
            tally.check(test.__name__, share)
            return result

        return run  # type: ignore[return-value]

    return decorate
