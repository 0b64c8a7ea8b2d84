"""The shipped data-models.mjs and sheets.mjs, run in Node under recording Foundry stand-ins.

`models_probe.mjs` registers the built module's data models and reports the `foundry.data.fields`
class and options of every field; they are compared with the `DATA_SCHEMAS` description (itself
checked against the JSON Schemas in `test_data_models.py`). `conforms()` (the module's own
check for what v12 field classes cannot express) must accept every packed document and reject
values just outside what the description allows; the sheet rows must name every input
`system.<path>`.
"""

from __future__ import annotations

import copy
import json
import math
import re
from pathlib import Path
from typing import Any

import plyvel
from node_tools import NodeTools

PROBE = Path(__file__).resolve().parent / "models_probe.mjs"
DATA_SCHEMAS = re.compile(r"^export const DATA_SCHEMAS = Object\.freeze\((.*)\);$", re.M)
CLASSES = {"integer": "NumberField", "number": "NumberField", "boolean": "BooleanField",
           "array": "ArrayField", "object": "SchemaField", "map": "ObjectField",
           "union": "AnyField", "any": "AnyField"}


def _schemas(module: Path) -> dict[str, Any]:
    match = DATA_SCHEMAS.search((module / "scripts" / "config.mjs").read_text(encoding="utf-8"))
    assert match
    schemas: dict[str, Any] = json.loads(match[1])
    return schemas


def _docs(module: Path) -> list[dict[str, Any]]:
    docs = []
    for collection in ("items", "actors"):
        # One copy per target system; the first system's (the golden module's) is checked.
        [folder] = sorted((module / "packs").glob(f"{collection}-*"))[:1]
        db = plyvel.DB(str(folder), create_if_missing=False)
        try:
            docs += [json.loads(v) for k, v in db if k.startswith(f"!{collection}!".encode())]
        finally:
            db.close()
    prefix = f"{module.name}."
    return [{"subtype": d["type"].removeprefix(prefix), "system": d["system"]} for d in docs]


def probe(tools: NodeTools, module: Path, docs: list[dict[str, Any]]) -> dict[str, Any]:
    result = tools.call(PROBE, module, cwd=module, stdin=json.dumps({"docs": docs}))
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    return report


NO_BLANK = object()


def blank_of(spec: dict[str, Any]) -> Any:
    """`blankOf`: what a new document's required field without a default starts as, or
    NO_BLANK when no blank value is valid (then the field is null until filled in)."""
    kind = spec["type"]
    value: Any
    if kind in ("integer", "number"):
        value = spec["choices"][0] if "choices" in spec else min(
            max(0, spec.get("min", 0)), spec.get("max", math.inf))
        value = math.ceil(value) if kind == "integer" else value
    elif kind == "string":
        value = spec["choices"][0] if "choices" in spec else ""
        long_enough = spec.get("minLength", 0) <= len(value) <= spec.get("maxLength", math.inf)
        pattern = spec.get("pattern")
        if not long_enough or (pattern is not None and not re.search(pattern, value)):
            return NO_BLANK
    elif kind in ("array", "map", "boolean"):
        value = {"array": [], "map": {}, "boolean": False}[kind]
        if spec.get("minItems", 0) > 0:
            return NO_BLANK
    elif kind == "object":
        value = {}
        for name, field in spec.get("fields", {}).items():
            if field.get("required"):
                inner = field["initial"] if "initial" in field else blank_of(field)
                if inner is NO_BLANK:
                    return NO_BLANK
                value[name] = inner
    elif kind == "union":
        return blank_of({**spec["options"][0], "nullable": False})
    else:
        return None if spec["nullable"] else NO_BLANK
    return value


def common_options(spec: dict[str, Any]) -> dict[str, Any]:
    """`commonOptions`: required always; the default, else null when it may be absent, else a
    blank value (null, and nullable, when there is none)."""
    if "initial" in spec:
        return {"required": True, "nullable": spec["nullable"], "initial": spec["initial"]}
    if spec["nullable"] or not spec.get("required", True):
        return {"required": True, "nullable": True, "initial": None}
    blank = blank_of(spec)
    if blank is NO_BLANK:
        return {"required": True, "nullable": True, "initial": None}
    return {"required": True, "nullable": False, "initial": blank}


def expected_field(spec: dict[str, Any]) -> dict[str, Any]:
    """The field class and options data-models.mjs must build for one description."""
    options: dict[str, Any] = common_options(spec)
    kind = spec["type"]
    record: dict[str, Any] = {"class": CLASSES.get(kind, "StringField"), "options": options}
    if kind in ("integer", "number"):
        options["integer"] = kind == "integer"
        options.update({k: spec[k] for k in ("min", "max", "choices") if k in spec})
    elif kind == "string":
        record["class"] = "HTMLField" if spec["html"] else "StringField"
        options.update(blank=not spec.get("minLength"), trim=False, validate=True)
        options.update({"choices": spec["choices"]} if "choices" in spec else {})
    elif kind == "array":
        options["validate"] = True
        record["element"] = expected_field(spec["element"])
    elif kind == "object":
        record["fields"] = {k: expected_field(v) for k, v in spec["fields"].items()}
    elif kind != "boolean":
        options["validate"] = True
    return record


def test_models_are_built_from_the_description(node_tools: NodeTools,
                                               built_modules: list[Path]) -> None:
    for module in built_modules:
        schemas = _schemas(module)
        report = probe(node_tools, module, [])
        assert sorted(report["registered"]) == sorted(f"{module.name}.{s}" for s in schemas)
        for subtype, schema in schemas.items():
            expected = {k: expected_field(v) for k, v in schema["fields"].items()}
            assert report["models"][subtype] == expected, f"{module.name} {subtype}"


def test_every_packed_document_conforms(node_tools: NodeTools, built_modules: list[Path]) -> None:
    total = 0
    for module in built_modules:
        docs = _docs(module)
        report = probe(node_tools, module, docs)
        failing = [d["system"] for d, ok in zip(docs, report["conforms"], strict=True) if not ok]
        assert not failing, f"{module.name}: {failing[:2]}"
        total += len(docs)
    assert total > 0


def _mutations(fields: dict[str, Any], system: dict[str, Any]) -> list[dict[str, Any]]:
    """Copies of `system` each with one value just outside what the description allows."""
    broken = [{**system, "not_a_field": 1}]
    for name, spec in fields.items():
        bad: list[Any] = []
        if spec["type"] == "integer":
            bad = [1.5, "3"] + ([spec["min"] - 1] if "min" in spec else [])
        elif spec["type"] == "string":
            bad = [7] + (["Not A Slug!"] if "pattern" in spec else [])
        elif spec["type"] == "array":
            bad = ["x", [None]] if not spec["element"]["nullable"] else ["x"]
        elif spec["type"] in ("map", "object"):
            bad = [[1]]
        for value in bad:
            broken.append({**copy.deepcopy(system), name: value})
    return broken


def test_values_outside_the_description_do_not_conform(node_tools: NodeTools,
                                                       built_modules: list[Path]) -> None:
    total = 0
    for module in built_modules:
        schemas = _schemas(module)
        cases = [{"subtype": d["subtype"], "system": m} for d in _docs(module)[:4]
                 for m in _mutations(schemas[d["subtype"]]["fields"], d["system"])]
        report = probe(node_tools, module, cases)
        accepted = [c["system"] for c, ok in zip(cases, report["conforms"], strict=True) if ok]
        assert not accepted, f"{module.name}: accepted {accepted[:2]}"
        total += len(cases)
    assert total > 20


def test_sheet_rows_name_every_input_under_system(node_tools: NodeTools,
                                                  built_modules: list[Path]) -> None:
    for module in built_modules:
        schemas = _schemas(module)
        docs = _docs(module)
        report = probe(node_tools, module, docs)
        for doc, rows in zip(docs, report["rows"], strict=True):
            fields = schemas[doc["subtype"]]["fields"]
            names = {r["name"] for r in rows}
            assert {f"system.{name}" for name in fields} <= names
            assert all(n.startswith("system.") for n in names)
            html = {r["name"] for r in rows if r["isHtml"]}
            assert html == {f"system.{n}" for n, s in fields.items() if s.get("html")}
            for r in rows:
                assert sum(r[f] for f in r if f.startswith("is")) == 1, r
                path = r["name"].removeprefix("system.")
                # An absent object field is its heading (depth 0) and an unlabelled "none" row.
                if path in fields and r["depth"] == 0:
                    assert r["label"] == f"L(RULEPACK.Field.{path}.Label)"
