"""Editor support: `rulepack schemas` and `rulepack new`.

The exported schemas are checked by a second, independent tool, check-jsonschema (its own file
loading, `$ref` retrieval and ECMAScript regexes), on every shipped content file, each against
the schema the language-server mapping gives its folder.
"""

from __future__ import annotations

import fnmatch
import json
import shutil
from pathlib import Path

import pytest
from check_jsonschema.cli import main as check_jsonschema
from click.testing import CliRunner, Result

from compiler.cli import main
from compiler.editor import MAPPING_FILE, id_choices
from compiler.schemas import default_schemas

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"


def rulepack(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """The schemas exported for the shipped content: schema file -> the globs mapped to it
    (absolute paths: the mapping is relative to the working directory, the repository here)."""
    out = tmp_path_factory.mktemp("schemas")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(REPO)
        result = rulepack("schemas", "content", "--out", str(out))
        assert result.exit_code == 0, result.output
        mapping = json.loads((out / MAPPING_FILE).read_text(encoding="utf-8"))["yaml.schemas"]
    return {
        str((REPO / schema).resolve()): [str(REPO / glob) for glob in globs]
        for schema, globs in mapping.items()
    }


def test_every_schema_is_exported(exported: dict[str, list[str]]) -> None:
    schemas = default_schemas()
    out = Path(next(iter(exported))).parent
    while not (out / MAPPING_FILE).is_file():
        out = out.parent
    written = {p.relative_to(out).as_posix() for p in out.rglob("*.schema.json")}
    assert written == set(schemas.files)
    for name in written:
        assert json.loads((out / name).read_text())["$id"] == (out / name).resolve().as_uri()


def test_every_shipped_file_is_mapped_once(exported: dict[str, list[str]]) -> None:
    files = sorted(p for p in CONTENT.glob("*/**/*.yaml"))
    for path in files:
        schemas = [s for s, globs in exported.items()
                   if any(fnmatch.fnmatch(str(path), glob) for glob in globs)]
        assert len(schemas) == 1, (path, schemas)


def test_the_shipped_content_validates_under_check_jsonschema(
    exported: dict[str, list[str]]
) -> None:
    checked = 0
    for schema, globs in sorted(exported.items()):
        files = sorted({str(p) for glob in globs for p in Path("/").glob(glob.lstrip("/"))})
        if not files:
            continue
        result = CliRunner().invoke(check_jsonschema, ["--schemafile", schema, *files])
        assert result.exit_code == 0, (schema, result.output)
        checked += len(files)
    assert checked == len(list(CONTENT.glob("*/**/*.yaml")))


def test_check_jsonschema_refuses_what_rulepack_refuses(
    exported: dict[str, list[str]], tmp_path: Path
) -> None:
    """The exported schemas are not trivially true: a wrong field fails there too."""
    (schema,) = [s for s in exported if s.endswith("rulesets/danger_room/card.schema.json")]
    wrong = tmp_path / "wrong.yaml"
    card = sorted((CONTENT / "danger_room" / "cards").glob("*.yaml"))[0].read_text()
    wrong.write_text(card + "dmage: 3\n", encoding="utf-8")
    result = CliRunner().invoke(check_jsonschema, ["--schemafile", schema, str(wrong)])
    assert result.exit_code == 1
    assert rulepack("schemas", "--out", str(tmp_path / "nowhere"), str(tmp_path / "no")).exit_code


KINDS = sorted(
    (folder.parent.name, folder.name)
    for folder in CONTENT.glob("*/*") if folder.is_dir() and any(folder.glob("*.yaml"))
)


@pytest.mark.parametrize(("ruleset", "folder"), KINDS, ids=[f"{r}/{f}" for r, f in KINDS])
def test_new_writes_a_document_that_validates(ruleset: str, folder: str, tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / ruleset, content / ruleset)
    kind = default_schemas().kinds()[folder].kind
    fixed = id_choices(default_schemas(), ruleset, kind)
    taken = {path.stem for path in (content / ruleset / folder).glob("*.yaml")}
    unused = [key for key in fixed or ["brand-new"] if key not in taken]
    where = ["--ruleset", ruleset, "--content", str(content)]
    if not unused:  # a kind whose ids are a fixed list, every one of them written already
        refused = rulepack("new", kind, "brand-new", *where)
        assert refused.exit_code == 1 and f"a {kind}'s id is one of" in refused.output
        return
    result = rulepack("new", kind, unused[0], *where)
    assert result.exit_code == 0, result.output
    assert (content / ruleset / folder / f"{unused[0]}.yaml").is_file()
    check = rulepack("validate", str(content), "--out", str(tmp_path / "dist"))
    assert check.exit_code == 0, check.output


def test_new_refuses_an_existing_file_and_an_unknown_kind(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "danger_room", content / "danger_room")
    existing = sorted((content / "danger_room" / "cards").glob("*.yaml"))[0].stem
    taken = rulepack("new", "card", existing, "--ruleset", "danger_room", "--content", str(content))
    assert taken.exit_code == 1 and "already exists" in taken.output
    unknown = rulepack("new", "spell", "x", "--ruleset", "danger_room", "--content", str(content))
    assert unknown.exit_code == 1 and "has no kind 'spell'" in unknown.output
