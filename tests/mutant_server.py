"""The process each mutant's pytest forks from (tests/test_mutants.py), run in the checkout copy.

A child `python -m pytest` per mutant started an interpreter and imported pytest, hypothesis,
jsonschema, jinja2 and the rest again: ~1.3 s of CPU before its first test. This process imports
those third-party libraries once and forks a child per request that runs `pytest.main` in the copy.
The project's own modules (compiler/, tests/) are never imported here: each child imports them
after the mutation was written, from the copy, as `python -m pytest` there would. Nothing here
opens LevelDB or starts a thread (a forked child would inherit them half-held), and no pytest
plug-in is imported (pytest marks those for assertion rewriting when it loads them).

Protocol, one JSON object per line: in `{"args": [...], "log": path}`, out `{"exit": int}`, the
child's exit code (negative: the signal that ended it); its stdout and stderr went to `log`.
"""

from __future__ import annotations

import json
import os
import sys

# As `python -m pytest` in the copy: the working directory first on the path, not this folder.
sys.path[0] = os.getcwd()

import click.testing  # noqa: E402,F401
import hypothesis.strategies  # noqa: E402,F401
import jinja2  # noqa: E402,F401
import jsonschema  # noqa: E402,F401
import pytest  # noqa: E402
import referencing  # noqa: E402,F401
import yaml  # noqa: E402,F401


def child(args: list[str], log: str) -> int:
    """Run pytest on `args` with every output into `log`; its exit code."""
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)  # the requests are the server's, not the child's
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    return int(pytest.main(args))


def serve() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            code = 4
            try:
                code = child(request["args"], request["log"])
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"exit": os.waitstatus_to_exitcode(status)}), flush=True)


if __name__ == "__main__":
    serve()
