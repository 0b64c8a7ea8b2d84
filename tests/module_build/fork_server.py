"""A process that runs `rulepack` commands in forked children, each killed at a chosen call.

Forking skips the interpreter start and the imports, so a killed build costs about a build. It
must be a process of its own: LevelDB keeps a background thread and its locks once used, which a
forked child would inherit half-held (the test session itself has used LevelDB). This one only
imports; every child opens LevelDB afresh.

Protocol, one JSON object per line: in `{"args": [...], "kill_at": N | null, "no_exchange": bool}`,
out `{"killed": bool, "exit": int | null}`.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
# The checkout this file is in, not whichever one an editable install points at: the children's
# builds must ship the same files as the test session's own.
sys.path.insert(1, str(Path(__file__).resolve().parents[2]))

from click.testing import CliRunner
from faults import Recorder, die

from compiler import fsio
from compiler.cli import main
from compiler.validation import default_checker


def child(request: dict[str, Any]) -> int:
    if request.get("no_exchange"):
        real = fsio._renameat2

        def without_exchange(source: Path, target: Path, flags: int) -> bool:
            return False if flags == fsio.RENAME_EXCHANGE else real(source, target, flags)

        fsio._renameat2 = without_exchange  # type: ignore[assignment]
    kill_at = request.get("kill_at")
    Recorder(lambda call: die(call) if call.number == kill_at else None).install()
    result = CliRunner().invoke(main, request["args"])
    return 0 if result.exit_code == 0 and result.exception is None else 3


def serve() -> None:
    default_checker().schemas.kinds()  # warm what every child needs, without touching LevelDB
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            code = 4
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                code = child(request)
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        answer = {"killed": killed, "exit": None if killed else os.waitstatus_to_exitcode(status)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    serve()
