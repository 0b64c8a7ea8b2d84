"""`split_map(work, items)`: `[work(x) for x in items]`, its first part done in a forked child.

A cold build of 10,000 files spends most of its time reading, parsing and validating each file,
work that depends on the file alone (`pipeline.process`). On a machine with a second core, a
child forked from this process does the first part of the items while this process does the
rest; the child sends its results back pickled through a pipe. Forking, not spawning: the child
starts with every module imported and the schemas compiled, and needs no arguments pickled.

The results are the same values in the same order as the serial loop's, so what a build writes
cannot depend on whether it forked (`tests/module_build/test_parallel.py`). Anything that goes
wrong in the child (an exception, a kill, a short read) costs only time: its part is then done
here, serially, and any exception it raises is raised here as the serial loop would raise it.

A child is forked only from a process with one thread (`/proc/self/task`): a thread holding a
lock as the process forks would leave it held for ever in the child (LevelDB keeps a thread once
a pack was written, so a watch's later rebuilds, which read few files, run serially).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: Fewer items than this are done serially: forking and pickling cost more than they save.
MIN_ITEMS = 400
#: The child's share. It also pickles its results and this process unpickles them, so it
#: gets a little less than half of the items.
CHILD_SHARE = 0.47
_OK, _FAILED = b"k", b"f"


class Stats:
    """How many children the split maps of this process forked, and how many came back
    (read by the tests and the benchmark, never by the build)."""

    forked = 0
    returned = 0


def cores() -> int:
    """The CPUs this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def can_fork() -> bool:
    """Whether forking a worker child is safe and useful here: Linux, two cores, one thread."""
    if not sys.platform.startswith("linux") or cores() < 2:
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


def split_map(work: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """`[work(item) for item in items]`, in order; the first part in a forked child when there
    are at least `MIN_ITEMS` items and `can_fork()`. `work`'s results must pickle."""
    if len(items) < MIN_ITEMS or not can_fork():
        return [work(item) for item in items]
    split = int(len(items) * CHILD_SHARE)
    head, tail = items[:split], items[split:]
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        _child(work, head, write_end)
    os.close(write_end)
    Stats.forked += 1
    try:
        mine = [work(item) for item in tail]
        theirs: list[R] | None = _collect(read_end)
    except BaseException:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.close(read_end)
        _reap(pid)
    if theirs is None:  # the child failed: its part is done here
        theirs = [work(item) for item in head]
    else:
        Stats.returned += 1
    return [*theirs, *mine]


def _child(work: Callable[[T], R], items: Sequence[T], fd: int) -> None:
    """Do `items`, write the pickled results (or a failure mark) to `fd`, and exit at once:
    no `atexit` handler, buffered output or `finally` of the parent's runs twice."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it; the parent says so
        payload = _OK + pickle.dumps([work(item) for item in items], pickle.HIGHEST_PROTOCOL)
        status = 0
    except BaseException:
        payload = _FAILED
    try:
        with open(fd, "wb", closefd=True) as stream:
            stream.write(payload)
    except BaseException:
        status = 1
    os._exit(status)


def _collect(fd: int) -> list[Any] | None:
    """The child's results, or None if it did not finish them."""
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    payload = b"".join(chunks)
    if payload[:1] != _OK:
        return None
    try:
        found = pickle.loads(payload[1:])  # our own child's bytes, from a pipe only it held
    except Exception:
        return None
    return found if isinstance(found, list) else None


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
