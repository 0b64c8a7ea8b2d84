"""Golden-fixture discovery and the Python/JS comparison shared by the rules tests.

The JS side runs in one long-lived Node process (`tests/js/engine_server.mjs`) that answers
newline-delimited JSON, so a whole session costs one Node start-up, not one per case. A batch is
sent before the Python engine runs the same cases, so Node works on its half meanwhile; results are
compared as data (`same`), and printed only to show a difference. Each fixture file is parsed and
checked once per session, however many tests discover it (`load_fixture` keeps it by content).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import marshal
import queue
import subprocess
import tempfile
import threading
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator

from compiler import plugins
from compiler.rules.harness import run_case
from compiler.rules.registry import loaded

REPO_ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = REPO_ROOT / "tests" / "golden"
JS_CORE = REPO_ROOT / "module_template" / "scripts" / "rules"
ENGINE_SERVER = REPO_ROOT / "tests" / "js" / "engine_server.mjs"
REPLY_TIMEOUT_S = 60

Result = dict[str, Any]


# --------------------------------------------------------------------------- fixtures


@dataclass
class Fixture:
    """One golden file; `problems` lists why it is unusable (then the other fields may be empty)."""

    path: Path
    data: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    #: `encoded` bytes of results found to be `same` as `expected`: a result with the same
    #: bytes is the same JSON, so it meets `expected` without another walk (a fixture's
    #: `expected` never changes once loaded; the engine's key order may differ from it).
    expected_codes: set[bytes] = field(default_factory=set)

    @property
    def ident(self) -> str:
        return f"{self.path.parent.name}/{self.path.stem}"

    @property
    def ruleset(self) -> str:
        return self.path.parent.name

    def case(self) -> dict[str, Any]:
        """The request both engines run: the ruleset is the fixture's folder name."""
        keys = ("rule", "config", "input", "dice")
        return {"ruleset": self.ruleset, **{key: self.data[key] for key in keys}}

    @functools.cached_property
    def case_text(self) -> str:
        """`case()` as JSON text, made once (a fixture is never changed once loaded): what
        `NodeEngine.send_fixtures` sends, however many checks of a session send it."""
        return json.dumps(self.case(), separators=(",", ":"))


def json_problems(value: object, path: str = "$") -> list[str]:
    """Values that cannot cross the Python/JS boundary exactly: floats and non-string keys."""
    if isinstance(value, float):
        return [f"{path}: {value!r} is a float; use integers (catalogue C2)"]
    if isinstance(value, Mapping):
        found = [f"{path}: key {k!r} is not a string" for k in value if not isinstance(k, str)]
        for key, item in value.items():
            found += json_problems(item, f"{path}.{key}")
        return found
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in json_problems(item, f"{path}[{i}]")]
    if value is None or isinstance(value, bool | int | str):
        return []
    return [f"{path}: {type(value).__name__} is not JSON"]


class FixtureValidator:
    """The fixture schema: jsonschema-rs says whether a fixture is valid (fast, full 2020-12), and
    jsonschema words every error of one that is not."""

    def __init__(self, schema: dict[str, Any]) -> None:
        Draft202012Validator.check_schema(schema)
        self.schema_text = json.dumps(schema, sort_keys=True)
        self.fast = jsonschema_rs.validator_for(schema)
        self.full = Draft202012Validator(schema)

    def problems(self, data: object) -> list[str]:
        """Every schema error of `data`, as jsonschema words them (it has the last word)."""
        try:
            if self.fast.is_valid(data):
                return []
        except (ValueError, TypeError, OverflowError):
            pass  # not JSON (`json_problems` says why): jsonschema alone judges it
        errors = sorted(self.full.iter_errors(data), key=lambda e: e.json_path)
        return [f"{error.json_path}: {error.message}" for error in errors]


def fixture_validator() -> FixtureValidator:
    schema = json.loads((GOLDEN_DIR / "fixture.schema.json").read_text(encoding="utf-8"))
    return FixtureValidator(schema)


#: (path, sha256 of the file, the schema) -> the fixture made from them; nobody changes a Fixture.
_LOADED: dict[tuple[Path, str, str], Fixture] = {}


def load_fixture(path: Path, validator: FixtureValidator) -> Fixture:
    """Parse and check one fixture file; problems are collected, never raised."""
    raw = path.read_bytes()
    key = (path, hashlib.sha256(raw).hexdigest(), validator.schema_text)
    if key not in _LOADED:
        _LOADED[key] = _parse_fixture(path, raw, validator)
    return _LOADED[key]


def _parse_fixture(path: Path, raw: bytes, validator: FixtureValidator) -> Fixture:
    try:
        data = yaml.load(raw.decode("utf-8"), Loader=yaml.CSafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError) as error:
        return Fixture(path, problems=[f"not valid YAML: {error}"])
    problems = json_problems(data) + validator.problems(data)
    return Fixture(path, data if isinstance(data, dict) else {}, problems)


def discover(golden_dir: Path = GOLDEN_DIR) -> list[Fixture]:
    """Every `<ruleset>/<name>.yaml` under the golden folder, sorted by path, then those of each
    ruleset kept beside the checkout (its plug-in root's `tests/golden/<ruleset>/`)."""
    validator = fixture_validator()
    paths = sorted(golden_dir.glob("*/*.yaml"))
    for plugin in plugins.plugins().values():
        folder = plugin.layer("golden")
        if golden_dir == GOLDEN_DIR and not folder.is_relative_to(GOLDEN_DIR):
            paths += sorted(folder.glob("*.yaml"))
    return [load_fixture(path, validator) for path in paths]


# --------------------------------------------------------------------------- engines


def run_python(case: Mapping[str, Any]) -> Result:
    return run_case(case["ruleset"], case["rule"], case["config"], case["input"], case["dice"])


def run_python_batch(cases: Sequence[Mapping[str, Any]]) -> list[Result]:
    """Each case's Python result, the engines looked up once for all of them; a case whose
    engine crashed comes back as `{"crash": traceback}` (as from `NodeEngine.run_batch`), so
    one engine bug cannot hide the others."""
    found = loaded()
    results = []
    for case in cases:
        try:
            results.append(run_case(case["ruleset"], case["rule"], case["config"], case["input"],
                                    case["dice"], found))
        except Exception:
            results.append({"crash": traceback.format_exc()})
    return results


class NodeEngine:
    """A Node child running `engine_server.mjs` on one JS rules core directory."""

    def __init__(self, node: Path, core_dir: Path) -> None:
        self._stderr: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")
        self._proc = subprocess.Popen(
            [str(node), str(ENGINE_SERVER), str(core_dir)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self._lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next_id = 0

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            self._lines.put(line)
        self._lines.put("")  # end of stream: Node exited

    def _request(self, message: dict[str, Any]) -> dict[str, Any]:
        self._send(message)
        return self._receive()

    def _send(self, message: dict[str, Any]) -> None:
        problems = json_problems(message)
        if problems:
            raise ValueError("request cannot cross to JS exactly: " + "; ".join(problems))
        self._write(json.dumps({"id": self._next_id + 1, **message}))

    def _write(self, line: str) -> None:
        """Send one request line (whose id is the next one)."""
        self._next_id += 1
        assert self._proc.stdin is not None
        self._proc.stdin.write(line + "\n")
        self._proc.stdin.flush()

    def _receive(self) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=REPLY_TIMEOUT_S)
        except queue.Empty:
            raise RuntimeError(f"Node gave no answer in {REPLY_TIMEOUT_S} s") from None
        if not line:
            self._stderr.seek(0)
            raise RuntimeError(f"Node exited: {self._stderr.read()}")
        reply: dict[str, Any] = json.loads(line)
        if "crash" in reply:
            raise RuntimeError(f"JS engine crashed: {reply['crash']}")
        if reply.get("id") != self._next_id:
            raise RuntimeError(f"Node answered request {reply.get('id')}, not {self._next_id}")
        return reply

    def run(self, case: Mapping[str, Any]) -> Result:
        result: Result = self._request({"op": "run", "case": dict(case)})["result"]
        return result

    def run_batch(self, cases: Sequence[Mapping[str, Any]]) -> list[Result]:
        """All cases in one request; a case whose engine crashed comes back as `{"crash": ...}`."""
        return self.send_batch(cases)()

    def send_batch(self, cases: Sequence[Mapping[str, Any]]) -> Callable[[], list[Result]]:
        """Send `cases` as one request and return at once; calling what it returns waits for
        the results (`run_batch`), so the caller can work while Node does. No other request may
        be made before that call."""
        self._send({"op": "batch", "cases": list(cases)})
        return self._results

    def send_fixtures(self, fixtures: Sequence[Fixture]) -> Callable[[], list[Result]]:
        """`send_batch` of the fixtures' cases, each sent as the JSON text made of it once
        (`Fixture.case_text`; `json_problems` found none in it when it was loaded)."""
        texts = ",".join(fixture.case_text for fixture in fixtures)
        self._write(f'{{"id":{self._next_id + 1},"op":"batch","cases":[{texts}]}}')
        return self._results

    def _results(self) -> list[Result]:
        found: list[Result] = self._receive()["results"]
        return found

    def rules(self, ruleset: str) -> list[str]:
        names: list[str] = self._request({"op": "rules", "ruleset": ruleset})["rules"]
        return names

    def config(self, ruleset: str) -> dict[str, Any] | None:
        config: dict[str, Any] | None = self._request({"op": "config", "ruleset": ruleset})[
            "config"
        ]
        return config

    def odds(self, ruleset: str, query: str, params: object, config: Mapping[str, Any]) -> Result:
        """The JS odds adapter's exact distribution (`exact.distJson`) or `{"error": ...}`."""
        message = {"op": "odds", "ruleset": ruleset, "query": query, "params": params,
                   "config": dict(config)}
        result: Result = self._request(message)["result"]
        return result

    def matchup(self, ruleset: str, library: object, config: Mapping[str, Any],
                choice: Mapping[str, Any]) -> Result:
        """The JS ruleset's content matchup (`matchups.mjs`) or `{"error": ...}`."""
        message = {"op": "matchup", "ruleset": ruleset, "library": library,
                   "config": dict(config), "choice": dict(choice)}
        result: Result = self._request(message)["result"]
        return result

    def call(self, module: str, name: str, *args: object) -> Any:
        """An exported function of a JS core module (`danger_room/matchups.mjs`) on JSON
        arguments; BigInts come back as decimal strings."""
        return self._request({"op": "call", "module": module, "name": name,
                              "args": list(args)})["result"]

    def cpu(self) -> float:
        """Seconds of CPU the Node process has used so far (`process.cpuUsage`)."""
        used: float = self._request({"op": "cpu"})["cpu"]
        return used

    def close(self) -> None:
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._reader.join(timeout=10)
        if self._proc.stdout is not None:
            self._proc.stdout.close()
        self._stderr.close()


# --------------------------------------------------------------------------- comparison


def same(a: object, b: object) -> bool:
    """JSON equality of two results as data: `==` (C speed, key order does not count), then the
    kinds of every pair of values it matched, since `==` takes `True` for `1`, `False` for `0`
    and `1.0` for `1`, which JSON tells apart. Results are plain JSON: a tuple is not a list."""
    return a == b and _same_kinds(a, b)


def encoded(value: Any) -> bytes | None:
    """`value` as `marshal` bytes, version 2 (no back-references, so they depend on the value
    alone, `True`, `1` and `1.0` each its own): equal bytes are the same JSON (`same`), with keys
    in the same order too. None for a value marshal cannot write (then `same` judges it)."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return None


def _same_kinds(a: Any, b: Any) -> bool:
    """Whether `a` and `b`, equal by `==`, hold values of the same type everywhere."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        pairs: Any = ((value, b[key]) for key, value in a.items())
    elif isinstance(a, list):
        pairs = zip(a, b, strict=True)  # equal lists: as long as each other
    else:
        return True
    for x, y in pairs:
        kind = type(x)
        if kind is not type(y) or ((kind is dict or kind is list) and not _same_kinds(x, y)):
            return False
    return True


def canonical(value: object) -> str:
    """Stable JSON text for comparison: sorted keys, and `true` never equals `1` (compact, so
    that json's C encoder writes it; `pretty` is the same text laid out for reading)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pretty(value: object) -> str:
    """`canonical` indented, one value a line: what a difference is shown in."""
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False)


def _diff(label_a: str, a: object, label_b: str, b: object) -> str:
    lines = difflib.unified_diff(
        pretty(a).splitlines(), pretty(b).splitlines(), label_a, label_b, lineterm=""
    )
    return "\n".join("      " + line for line in lines)


def _against_expected(engine: str, fixture: Fixture, got: Result, code: bytes | None) -> list[str]:
    """How `got` (`encoded` as `code`) misses the fixture's `expected`."""
    if "crash" in got:
        return [f"  {engine} crashed:\n{got['crash']}"]
    expected = fixture.data["expected"]
    if "error" in expected:
        want = (expected["error"]["code"], expected["error"]["path"])
        error = got.get("error", {})
        if (error.get("code"), error.get("path")) == want:
            return []
        wanted = f"expected error {want[0]} at {want[1]}"
        return [f"  {engine}: {wanted}, got:\n" + _indent(pretty(got))]
    if code is not None and code in fixture.expected_codes:
        return []
    if same(got, expected):
        if code is not None:
            fixture.expected_codes.add(code)
        return []
    return [f"  {engine} differs from expected:\n" + _diff("expected", expected, engine, got)]


def _indent(text: str) -> str:
    return "\n".join("      " + line for line in text.splitlines())


def compare(fixture: Fixture, python: Result, js: Result) -> list[str]:
    """Every way the two engines miss `expected` or disagree with each other (empty: pass);
    results are compared as data: by their `encoded` bytes, else by `same`, and printed only to
    show a difference."""
    if fixture.problems:
        return [f"  fixture: {problem}" for problem in fixture.problems]
    python_code, js_code = encoded(python), encoded(js)
    agree = (python_code is not None and python_code == js_code) or same(python, js)
    problems = _against_expected("python", fixture, python, python_code)
    if problems or not agree:  # else JS's result is Python's: it meets `expected` too
        problems += _against_expected("js", fixture, js, js_code)
    if not agree:
        problems.append("  python and js disagree:\n" + _diff("python", python, "js", js))
    return problems


def report(fixture: Fixture, problems: Sequence[str]) -> str:
    name = fixture.data.get("name", "?")
    path = fixture.path
    shown = path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path
    return f"{shown} ({name}):\n" + "\n".join(problems)


def check_all(
    fixtures: Sequence[Fixture],
    python: Callable[[Sequence[Mapping[str, Any]]], list[Result]],
    js: NodeEngine,
) -> dict[str, list[str]]:
    """Run every usable fixture through both engines (`python`: `run_python_batch`); fixture
    ident -> problems (failures only)."""
    usable = [f for f in fixtures if not f.problems]
    js_results = js.send_fixtures(usable)  # Node runs them while Python does
    python_results = python([f.case() for f in usable])
    failures: dict[str, list[str]] = {}
    for fixture, py_result, js_result in zip(usable, python_results, js_results(), strict=True):
        problems = compare(fixture, py_result, js_result)
        if problems:
            failures[fixture.ident] = problems
    return failures
