"""`@js_batched` property tests still fail on a JS difference, and still report it shrunk."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, batched, js_batched
from rules_parity import NodeEngine, Result

FEW = settings(max_examples=60, database=None, derandomize=True, deadline=None)


def halve(value: int) -> dict[str, Any]:
    return {"ruleset": "primitives", "rule": "halve", "config": {}, "input": {"value": value},
            "dice": []}


class Skewed:
    """The session's JS engine, except that `halve` of a value above 5 comes back one more: in
    every answer, or (`batch_only`) only in batches."""

    def __init__(self, js: NodeEngine, *, batch_only: bool = False) -> None:
        self.js, self.batch_only = js, batch_only

    @staticmethod
    def _skew(case: Mapping[str, Any], result: Result) -> Result:
        if case["input"]["value"] > 5:
            result["state"]["value"] += 1
        return result

    def run(self, case: Mapping[str, Any]) -> Result:
        result = self.js.run(case)
        return result if self.batch_only else self._skew(case, result)

    def run_batch(self, cases: Sequence[Mapping[str, Any]]) -> list[Result]:
        return [self._skew(c, r) for c, r in zip(cases, self.js.run_batch(cases), strict=True)]


@js_batched
@FEW
@given(value=st.integers(0, 40))
def halving(value: int, js_engine: Engine) -> None:
    assert agree(js_engine, halve(value))["state"]["value"] == value // 2


def test_a_batched_property_passes_when_the_engines_agree(js_engine: NodeEngine) -> None:
    halving(js_engine=js_engine)


def test_a_js_difference_fails_and_is_shrunk_to_the_first_differing_case(
    js_engine: NodeEngine,
) -> None:
    skewed: Any = Skewed(js_engine)
    with pytest.raises(AssertionError) as failed:
        halving(js_engine=skewed)
    # The replay ran against the engine one example at a time: hypothesis shrank to value 6.
    assert '"value":6' in str(failed.value)


def test_a_difference_only_in_batches_fails_too(js_engine: NodeEngine) -> None:
    skewed: Any = Skewed(js_engine, batch_only=True)
    with pytest.raises(AssertionError, match="differ between the engines in a batch"):
        halving(js_engine=skewed)


def test_a_batched_test_that_sends_nothing_fails(js_engine: NodeEngine) -> None:
    with pytest.raises(AssertionError, match="sent no case"):
        batched(lambda engine: None, js_engine)
