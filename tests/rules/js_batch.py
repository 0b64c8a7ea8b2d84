"""Property tests of both engines with the JS half of every example sent to Node in one batch.

A property test that asks the JS core about each example as hypothesis draws it pays a Node
round trip per example (two processes woken in turn; on a loaded machine most of the test's
time). `@js_batched` runs the hypothesis test first with `BatchedJs` in place of the engine: its
`run` answers with the Python engine's result at once and keeps the case with that result's
`canonical` text. The kept cases then go to Node in one request, and each JS result must have the
very same text. So every assert the test made on a result was made on JSON identical to what JS
returns for that case, and a JS difference still fails the test. When one differs, the test is
run again against the real engine, example by example, so hypothesis finds the failing example,
shrinks it and reports it as before (the examples are derandomized: the same ones come again).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules_parity import NodeEngine, Result, canonical, run_python

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class BatchedJs:
    """Stands in for the `NodeEngine` during the first run of a property test (`run` only)."""

    cases: list[dict[str, Any]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    def run(self, case: Mapping[str, Any]) -> Result:
        """The Python engine's result for `case`; JS is asked for the same case in `differing`."""
        result = run_python(case)
        # Kept as JSON text and read back: the test may change its dicts after this call.
        self.cases.append(json.loads(json.dumps(dict(case))))
        self.texts.append(canonical(result))
        return result

    def differing(self, js: NodeEngine) -> list[str]:
        """The kept cases whose JS result is not the JSON the Python engine returned."""
        found = js.run_batch(self.cases) if self.cases else []
        return [
            canonical(case)
            for case, text, result in zip(self.cases, self.texts, found, strict=True)
            if canonical(result) != text
        ]


#: What a `@js_batched` test's `js_engine` is: the stand-in first, the real engine on a replay.
Engine = NodeEngine | BatchedJs


def agree(js: Engine, case: Mapping[str, Any]) -> Result:
    """The Python result, after checking that the JS core returns the very same JSON (at once
    against a `NodeEngine`, or in the batch after the test against a `BatchedJs`)."""
    if isinstance(js, BatchedJs):
        return js.run(case)
    python, javascript = run_python(case), js.run(case)
    assert canonical(python) == canonical(javascript), canonical(case)
    return python


def batched(test: Callable[[Any], None], js: NodeEngine) -> None:
    """Run `test(engine)` (a hypothesis test) against a `BatchedJs`, check the batch against
    `js`, and on any difference run `test(js)` so hypothesis shrinks and reports it."""
    stand_in = BatchedJs()
    test(stand_in)
    differing = stand_in.differing(js)
    assert stand_in.cases, "the property test sent no case to the JS engine"
    if differing:
        test(js)
        raise AssertionError(
            f"{len(differing)} case(s) differ between the engines in a batch but not one at a "
            f"time (state kept between requests?); the first: {differing[0]}"
        )


def js_batched(test: F) -> F:
    """Decorate a hypothesis test that takes the `js_engine` fixture: see the module docstring."""

    @functools.wraps(test)
    def run(*args: Any, js_engine: NodeEngine, **kwargs: Any) -> None:
        batched(lambda engine: test(*args, js_engine=engine, **kwargs), js_engine)

    return run  # type: ignore[return-value]
