"""The balance report's independent pieces, run in worker processes where the machine has cores.

A piece is a pure function of content already loaded (one ruleset's matrix, its duel, the
baseline's matrix, one plot). The results come back in the order asked, each exactly what this
process would compute (a fight's Monte Carlo has its own seed, a plot is drawn the same
anywhere), so the report is byte-identical whatever the number of workers
(`tests/odds/test_balance_jobs.py`). Workers are forked: they start with the content loaded and
the engines and matplotlib imported, and nothing but the results crosses back. Where fork is
not offered (Windows) the pieces run here, one after another, as with `jobs=1`.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from compiler.parallel import cores

_PIECES: list[Callable[[], Any]] = []
"""The pieces of the run under way, read by the forked workers by index (a closure does not
pickle; the fork hands the workers this list as it stands)."""


def run_all(pieces: Sequence[Callable[[], Any]], jobs: int | None = None) -> list[Any]:
    """Every piece's result, in order: in `jobs` worker processes (None: one per CPU), never
    more than there are pieces; with one, or without fork, in this process."""
    count = min(len(pieces), cores() if jobs is None else jobs)
    if count <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [piece() for piece in pieces]
    _PIECES[:] = pieces
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(count, mp_context=context) as pool:
            return list(pool.map(_run, range(len(pieces))))
    finally:
        _PIECES.clear()


def _run(index: int) -> Any:
    return _PIECES[index]()
