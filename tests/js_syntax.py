"""`node --check` for many files in one Node process (`tests/js/check_syntax.mjs`).

Starting Node once per file cost the suite hundreds of processes; the checker compiles every file
as an ES module the way `--check` does and returns, per file, its syntax error or its imports.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

CHECKER = Path(__file__).resolve().parent / "js" / "check_syntax.mjs"


@dataclass(frozen=True)
class Checked:
    """One file: the error `node --check` reports (None if it parses), and its static imports."""

    error: str | None
    imports: tuple[str, ...]


def check_syntax(node: Path, paths: Iterable[Path]) -> dict[Path, Checked]:
    """Every file of `paths` compiled as an ES module by one Node, never run."""
    files = [str(path) for path in paths]
    result = subprocess.run(
        [str(node), "--experimental-vm-modules", "--disable-warning=ExperimentalWarning",
         str(CHECKER)],
        input=json.dumps(files), capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    return {Path(f): Checked(found[f]["error"], tuple(found[f]["imports"])) for f in files}
