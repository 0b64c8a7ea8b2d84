"""Work done in a forked child while this process does other work, on a second core.

`split_map(work, items)` is `[work(x) for x in items]` with its first part done in a child: a
cold build of 10,000 files spends most of its time reading, parsing and validating each file,
work that depends on the file alone (`pipeline.process`). `Forked(work)` runs one `work()` in a
child (a module's world-documents JSON while this process encodes its pack records: `build.py`).
The child sends its value back pickled through a pipe. Forking, not spawning: the child starts
with every module imported and the schemas compiled, and needs no arguments pickled.

The values are the same as the serial code's, in the same order, so what a build writes cannot
depend on whether it forked (`tests/module_build/test_parallel.py`). Anything that goes wrong in
the child (an exception, a kill, a short read) costs only time: the work is then done here,
serially, and any exception it raises is raised here as the serial code would raise it.

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
from typing import Any, Generic, TypeVar

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


class Forked(Generic[R]):
    """`work()` started in a forked child when `worth` it and `can_fork()`; `result()` is its
    value, from the child, or made here if no child ran it or the child failed."""

    def __init__(self, work: Callable[[], R], *, worth: bool = True) -> None:
        self.work = work
        self.pid: int | None = None
        self.fd = -1
        if worth and can_fork():
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: never returns
                os.close(read_end)
                _child(work, write_end)
            os.close(write_end)
            self.pid, self.fd = pid, read_end
            Stats.forked += 1

    def result(self) -> R:
        if self.pid is None:
            return self.work()
        try:
            found = _collect(self.fd)
        finally:
            self.close()
        if found is None:
            return self.work()
        Stats.returned += 1
        return found[0]  # type: ignore[no-any-return]

    def close(self) -> None:
        """End the child (if it still runs) and reap it; `result()` then makes the value here."""
        if self.pid is None:
            return
        pid, self.pid = self.pid, None
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
        os.close(self.fd)
        _reap(pid)


def split_map(work: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """`[work(item) for item in items]`, in order; the first part in a forked child when there
    are at least `MIN_ITEMS` items and `can_fork()`. `work`'s results must pickle."""
    split = int(len(items) * CHILD_SHARE)
    head, tail = items[:split], items[split:]
    child = Forked(lambda: [work(item) for item in head], worth=len(items) >= MIN_ITEMS)
    if child.pid is None:
        return [work(item) for item in items]
    try:
        mine = [work(item) for item in tail]
    except BaseException:
        child.close()
        raise
    return [*child.result(), *mine]


def _child(work: Callable[[], R], fd: int) -> None:
    """Do `work`, write its pickled value (or a failure mark) to `fd`, and exit at once:
    no `atexit` handler, buffered output or `finally` of the parent's runs twice."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it; the parent says so
        payload = _OK + pickle.dumps((work(),), pickle.HIGHEST_PROTOCOL)
        status = 0
    except BaseException:
        payload = _FAILED
    try:
        with open(fd, "wb", closefd=True) as stream:
            stream.write(payload)
    except BaseException:
        status = 1
    os._exit(status)


def _collect(fd: int) -> tuple[Any] | None:
    """The child's value (in a 1-tuple), or None if it did not finish it. Unpickled as it is
    read, so the pickled bytes are never all in memory beside the value."""
    with open(fd, "rb", closefd=False) as stream:
        if stream.read(1) != _OK:
            return None
        try:
            found = pickle.load(stream)  # our own child's bytes, from a pipe only it held
        except Exception:
            return None
    return found if isinstance(found, tuple) and len(found) == 1 else None


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
