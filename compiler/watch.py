"""`rulepack build --watch`: build, then rebuild whenever a content file changes.

Changes are collected by watchfiles (inotify and its kin) and a rebuild starts once the folder
has been quiet for `DEBOUNCE_MS`, so an editor's save-as-rename or a `git checkout` of many files
is one rebuild. Each rebuild is an ordinary `build` with every cache kept in memory from the last
one (`buildcaches.WatchCaches`: only the changed files are read, planned, encoded, packed and
deflated again), so while the content has errors they are printed, located, and the last good
module stays in the output folder as it was; the next good save publishes (and a world whose
`liveReload` setting is on reloads itself: `scripts/foundry/live-reload.mjs`). A running
Foundry that holds a module's packs open (LevelDB's lock on `packs/<name>/LOCK`) is named: the
new module folder is swapped in beside the open files, never written into them, and Foundry
reads its packs when the world is launched again.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import click

from compiler.options import BuildOptions

#: How long the content folder must be quiet before a rebuild starts.
DEBOUNCE_MS = 60
#: How often watchfiles looks for the quiet period to end.
STEP_MS = 20
#: How long watchfiles waits before it hands back "no change": the first build waits for that
#: first answer, so that the watcher is already recording when it starts (a save made during
#: the first build, or just after its "watching" line, is never missed).
IDLE_MS = 200


def watch(
    options: BuildOptions, build: Callable[[BuildOptions], None],
    stop: threading.Event | None = None,
) -> None:
    """Build, then rebuild on every change under `options.content` until `stop` is set (or
    Ctrl-C). `build` is one whole build that prints its own diagnostics and raises on errors."""
    import watchfiles

    root = options.content.resolve()
    if not root.is_dir():
        build(options)  # refuses the missing content folder with its usual error
        return
    first = True
    try:
        for changes in watchfiles.watch(
            root, debounce=DEBOUNCE_MS, step=STEP_MS, stop_event=stop, rust_timeout=IDLE_MS,
            raise_interrupt=True, yield_on_timeout=True,
        ):
            if changes:
                changed = sorted({Path(path) for _, path in changes})
                click.echo(f"{_now()} changed: {_names(changed, root)}", err=True)
            if changes or first:
                first = False
                _once(options, build)
    except KeyboardInterrupt:  # Ctrl-C: a build it stopped left the output as it was
        click.echo(f"{_now()} stopped watching", err=True)


def _once(options: BuildOptions, build: Callable[[BuildOptions], None]) -> None:
    held = held_packs(options.out)
    started = time.perf_counter()
    try:
        build(options)
    except click.ClickException as error:
        error.show()
        click.echo(f"{_now()} errors: the last good build stays in place; watching", err=True)
        return
    took = time.perf_counter() - started
    click.echo(f"{_now()} built in {took:.2f} s; watching {options.content}", err=True)
    for module in held:
        click.echo(
            f"note: a running Foundry holds the packs of {module}: its world reads the new ones "
            "when it is reloaded (the old files stay readable until then)", err=True,
        )


def held_packs(out: Path) -> list[str]:
    """The module folders in `out` whose packs another process (a Foundry server) has open."""
    found = []
    for lock in sorted(out.glob("*/packs/*/LOCK")) if out.is_dir() else ():
        if _locked(lock):
            module = lock.parents[2].name
            if module not in found:
                found.append(module)
    return found


def _locked(lock: Path) -> bool:
    """Whether another process holds LevelDB's lock (an fcntl lock on the whole file)."""
    try:
        descriptor = os.open(lock, os.O_RDWR | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    else:
        fcntl.lockf(descriptor, fcntl.LOCK_UN)
        return False
    finally:
        os.close(descriptor)


def _names(paths: Iterable[Path], root: Path) -> str:
    shown = [p.relative_to(root).as_posix() if p.is_relative_to(root) else str(p) for p in paths]
    return ", ".join(shown[:5]) + (f" and {len(shown) - 5} more" if len(shown) > 5 else "")


def _now() -> str:
    return time.strftime("%H:%M:%S")
