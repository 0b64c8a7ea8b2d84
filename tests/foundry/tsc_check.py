"""Type-check a built module with TypeScript against `module_template/types/`.

Three programs per module, each asserting on its own files:

* the Foundry layer (`scripts/main.mjs`, `scripts/config.mjs`, `scripts/foundry/**`), strict, with
  `foundry.d.ts` and `module-api.d.ts` (`tsconfig.modules.json`);
* the macro bodies of the built macro pack, each an async function body (`tsconfig.macros.json`,
  plus `macro-globals.d.ts`);
* the rules core (`scripts/rules/**`) without any Foundry declaration: it must reference no
  undeclared name, i.e. never reach for a Foundry global. Its JSDoc is deliberately loose
  (`object` inputs checked at run time against the golden fixtures), so other findings there are
  out of this check's scope.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import plyvel
from node_tools import REPO, NodeTools

TYPES = REPO / "module_template" / "types"
TSC = REPO / "node_modules" / "typescript" / "bin" / "tsc"
MODULE_TYPES = ("foundry.d.ts", "module-api.d.ts")
MACRO_TYPES = (*MODULE_TYPES, "macro-globals.d.ts")
KNOWN = Path(__file__).resolve().parent / "tsc_known.json"
_LINE = re.compile(
    r"^(?P<file>.+?)\((?P<line>\d+),(?P<col>\d+)\): error (?P<code>TS\d+): (?P<msg>.*)$"
)
_GLOBAL = re.compile(r"^error (?P<code>TS\d+): (?P<msg>.*)$")


@dataclass(frozen=True)
class Finding:
    """One tsc error; `file` is relative to the checked module's folder ("" for config errors)."""

    file: str
    line: int
    code: str
    message: str

    def key(self) -> tuple[str, str, str]:
        """What the known-findings file pins: no line numbers, so edits elsewhere keep it valid."""
        return self.file, self.code, self.message


def stage(module: Path, scratch: Path) -> Path:
    """A copy of `module`'s scripts with the declarations beside them (`types/` → `../scripts`)."""
    tree = scratch / module.name
    shutil.copytree(module / "scripts", tree / "scripts")
    shutil.copytree(TYPES, tree / "types")
    return tree


def foundry_layer(tree: Path) -> list[str]:
    """The shipped scripts the strict program asserts on (everything outside the rules core)."""
    scripts = sorted(p.relative_to(tree).as_posix() for p in (tree / "scripts").rglob("*.mjs"))
    return [s for s in scripts if not s.startswith("scripts/rules/")]


def macro_bodies(module: Path) -> dict[str, str]:
    """`{_id: command}` of every script macro in the module's macro pack (none without one)."""
    folder = module / "packs" / "macros"
    if not folder.is_dir():
        return {}
    db = plyvel.DB(str(folder), create_if_missing=False)
    try:
        docs = [json.loads(value) for key, value in db if key.startswith(b"!macros!")]
    finally:
        db.close()
    return {doc["_id"]: doc["command"] for doc in docs if doc["type"] == "script"}


def write_macros(tree: Path, bodies: dict[str, str]) -> list[str]:
    (tree / "macros").mkdir()
    for macro_id, command in bodies.items():
        (tree / "macros" / f"{macro_id}.js").write_text(command, encoding="utf-8")
    return sorted(f"macros/{macro_id}.js" for macro_id in bodies)


def run_tsc(tools: NodeTools, tree: Path, name: str, config: dict[str, object]) -> list[Finding]:
    """Write `tsconfig.<name>.json` into `tree`, run tsc on it and parse every error."""
    path = tree / f"tsconfig.{name}.json"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    # One thread: the same findings (compared) for ~20% less CPU; the suite's workers already
    # keep every core busy, so tsc's own checker threads only added work.
    result = tools.call(TSC, "-p", path.name, "--pretty", "false", "--singleThreaded", cwd=tree)
    findings = parse(result.stdout + result.stderr)
    assert findings or result.returncode == 0, result.stdout + result.stderr
    return findings


def parse(output: str) -> list[Finding]:
    findings = []
    for line in output.splitlines():
        if match := _LINE.match(line):
            file = Path(match["file"]).as_posix()
            findings.append(Finding(file, int(match["line"]), match["code"], match["msg"]))
        elif match := _GLOBAL.match(line):
            findings.append(Finding("", 0, match["code"], match["msg"]))
    return findings


def modules_config(files: list[str]) -> dict[str, object]:
    return {
        "extends": str(REPO / "tsconfig.modules.json"),
        "files": [f"types/{name}" for name in MODULE_TYPES] + files,
    }


def macros_config(files: list[str]) -> dict[str, object]:
    return {
        "extends": str(REPO / "tsconfig.macros.json"),
        "files": [f"types/{name}" for name in MACRO_TYPES] + files,
    }


def rules_config(tree: Path) -> dict[str, object]:
    core = (tree / "scripts" / "rules").rglob("*.mjs")
    rules = sorted(p.relative_to(tree).as_posix() for p in core)
    return {
        "extends": str(REPO / "tsconfig.modules.json"),
        "compilerOptions": {"strict": False, "noImplicitAny": False},
        "files": rules,
    }


def known_findings() -> Counter[tuple[str, str, str]]:
    """Findings in files this check does not own, pinned until their owners fix them."""
    data = json.loads(KNOWN.read_text(encoding="utf-8"))
    return Counter({(e["file"], e["code"], e["message"]): e["count"] for e in data["findings"]})


def unexplained(findings: list[Finding], files: list[str]) -> tuple[list[str], list[str]]:
    """(findings in `files` that are not known, known findings that no longer occur)."""
    actual = Counter(f.key() for f in findings if f.file in files or f.file == "")
    known = known_findings()
    new = [f"{f.file}:{f.line} {f.code} {f.message}" for f in findings
           if (f.file in files or f.file == "") and actual[f.key()] > known[f.key()]]
    stale = [f"{k[0]} {k[1]} {k[2]} (x{n - actual[k]})" for k, n in known.items() if actual[k] < n]
    return new, stale
