"""Auto-discovered examples: drop a file in `tests/examples/` and it is tested.

* `<kind>/valid/*.yaml` must load and validate against the common schema of `<kind>`.
* `<kind>/invalid/*.yaml` must fail with exactly the lines of the sibling `*.expected.txt`
  (paths shown relative to `tests/examples/`), so the wording of errors is pinned too.
* `content/<case>/content/` (and a ruleset's own `tests/rulesets/<name>/examples/<case>/content/`)
  is a content root: with a `content/<case>/expected.txt` it must fail
  with exactly those lines (paths relative to the case folder), without one it must load. The
  test ruleset `common_only` (tests/plugins/) is there for cases about the shared kinds alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import plugins
from compiler.errors import ContentError
from compiler.loading import load_source
from compiler.model import KIND_BY_FOLDER
from compiler.pipeline import load_content
from compiler.schemas import MANIFEST, default_schemas
from compiler.validation import Checked, Checker

EXAMPLES = Path(__file__).parent / "examples"
KINDS = sorted({MANIFEST, *KIND_BY_FOLDER.values()})
VALID = sorted(EXAMPLES.glob("*/valid/*.yaml"))
INVALID = sorted(EXAMPLES.glob("*/invalid/*.yaml"))
#: Content cases: the shared ones, and each ruleset's own in `tests/rulesets/<name>/examples/`.
RULESET_EXAMPLES = Path(__file__).parent / "rulesets"
CASES = sorted(
    [p for p in (EXAMPLES / "content").iterdir() if p.is_dir()]
    + [p for p in RULESET_EXAMPLES.glob("*/examples/*") if p.is_dir()]
)
PURE = Checker(default_schemas(), accelerate=False)
DEFAULT = Checker(default_schemas())


def _name(path: Path) -> str:
    return path.relative_to(EXAMPLES).as_posix()


def _diagnose(path: Path, checker: Checker) -> list[str]:
    kind = path.parent.parent.name
    source = load_source(path, _name(path), kind)
    if isinstance(source, list):
        return [d.format() for d in sorted(source)]
    result = checker.check(source, None)
    return [] if isinstance(result, Checked) else [d.format() for d in sorted(result)]


def _expected(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture(autouse=True)
def _private_cache_key(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))


def test_discovery_finds_every_folder() -> None:
    """A folder of examples that went missing fails here, not silently."""
    assert len(VALID) >= len(KINDS) and len(INVALID) >= 2 * len(KINDS)
    assert len([c for c in CASES if c.parent.name == "content"]) >= 5
    for name in plugins.names():
        own = [c for c in CASES if c.parent.name == "examples" and c.parents[1].name == name]
        assert own, f"ruleset {name} has no content examples in tests/rulesets/{name}/examples/"


def test_every_kind_has_valid_and_invalid_examples() -> None:
    assert sorted({p.parent.parent.name for p in VALID}) == KINDS
    assert sorted({p.parent.parent.name for p in INVALID}) == KINDS
    folders = {p.name for p in EXAMPLES.iterdir() if p.is_dir()}
    assert folders == {*KINDS, "content"}


def test_every_expectation_has_its_example() -> None:
    for expected in EXAMPLES.glob("*/invalid/*.expected.txt"):
        assert expected.with_name(expected.name.replace(".expected.txt", ".yaml")).exists()


@pytest.mark.parametrize("path", VALID, ids=_name)
def test_valid_example(path: Path) -> None:
    assert _diagnose(path, PURE) == []
    assert _diagnose(path, DEFAULT) == []


@pytest.mark.parametrize("path", INVALID, ids=_name)
def test_invalid_example(path: Path) -> None:
    expected = _expected(path.with_suffix(".expected.txt"))
    assert expected, "an invalid example must expect at least one error"
    assert _diagnose(path, PURE) == expected
    # With jsonschema_rs installed the pre-check must reject it too, and wording is unchanged.
    assert _diagnose(path, DEFAULT) == expected


def _case_id(case: Path) -> str:
    return f"{case.parents[1].name}/{case.name}" if case.parent.name == "examples" else case.name


@pytest.mark.parametrize("case", CASES, ids=_case_id)
@pytest.mark.usefixtures("common_only")
def test_content_case(case: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(case)
    expected_file = case / "expected.txt"
    if not expected_file.exists():
        content = load_content(Path("content"), tmp_path / "cache")
        assert content.rulesets
        return
    with pytest.raises(ContentError) as raised:
        load_content(Path("content"), tmp_path / "cache")
    assert [d.format() for d in raised.value.diagnostics] == _expected(expected_file)
