"""Validate loaded documents against the JSON Schemas; every error becomes a located Diagnostic.

The validator is Draft 2020-12 with three deliberate changes, each so that Python agrees with the
JavaScript that reads the same data in the module (and a fourth, so that a forbidden key is named):

* `integer` means a Python `int` (not `bool`, not `1.0`): `1e3` loads as 1000.0 and must fail;
* `pattern` follows ECMA-262: `$` matches only at the very end (Python's `$` also matches before a
  final newline, so `^[a-z]+$` would accept `"sword\\n"`), and `\\d`/`\\w` are ASCII;
* `format` is asserted (by default it only annotates);
* a key whose schema is `false` is reported on its own line, by name (see `_properties`).

Pure-Python jsonschema checks about 1,500 of our documents a second, too slow for a 10,000-file
build. When `jsonschema_rs` is installed it answers "valid?" first (over 300,000 a second), and
jsonschema, the authority whose wording the tests pin, only explains the documents it rejects.
jsonschema is imported on first use: with its format extras the import alone takes over a second
(rfc3987-syntax builds a parser), longer than checking 10,000 documents with jsonschema_rs.
Valid data gets its schema `default`s filled in (a copy; the SourceDoc stays as loaded).
"""

from __future__ import annotations

import copy
import difflib
import functools
import importlib
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from compiler.diagnostics import MAX_PER_FILE, Diagnostic, cap_per_file
from compiler.loading.paths import JsonPath, json_path
from compiler.model import SourceDoc
from compiler.schemas import (
    BASE_URI,
    ENUM_HINT,
    MANIFEST,
    NO_DEFAULT,
    RULES_CONFIG,
    DefaultPlan,
    SchemaSet,
    default_schemas,
    html_fields,
)

if TYPE_CHECKING:
    from jsonschema import ValidationError
    from jsonschema.protocols import Validator

__all__ = ["Checked", "Checker", "check", "default_checker", "fill_defaults", "html_fields"]

#: Messages quote the offending value; a longer quote than this is cut.
MAX_QUOTE = 60
#: Validation errors examined in one file before its checking stops: jsonschema spends tens of
#: microseconds on each, and a 1 MiB file can hold half a million (a list of 0s where names
#: belong). The file's summary line then counts "at least" what was found.
MAX_EXAMINED = 1000
_UNKNOWN_KEY_KEYWORDS = frozenset({"unevaluatedProperties", "additionalProperties"})
# An unescaped `$` outside a character class (the first two alternatives skip escapes and classes).
_DOLLAR = re.compile(r"\\.|\[(?:\\.|[^\]])*\]|\$")


def _is_integer(_checker: object, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@functools.cache
def _ecma_regex(pattern: str) -> re.Pattern[str]:
    python = _DOLLAR.sub(lambda m: r"\Z" if m.group() == "$" else m.group(), pattern)
    return re.compile(python, re.ASCII)


def _pattern(
    validator: Validator, pattern: str, instance: Any, _schema: object
) -> Iterator[ValidationError]:
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(str(instance)):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _properties(
    validator: Any, properties: Mapping[str, Any], instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    """Draft 2020-12 `properties`, except that a key whose schema is `false` is named.

    A schema forbids a key with `"key": false` (in one branch of an `if`, say); jsonschema reports
    that as "False schema does not allow <value>" at the enclosing object, so the author would see
    neither the key nor its line. The schema object's `description`, if any, says why.
    """
    from jsonschema import ValidationError

    if not validator.is_type(instance, "object"):
        return
    why = schema.get("description")
    for name, subschema in properties.items():
        if name not in instance:
            continue
        if subschema is False:
            message = "not allowed here" + (f" ({why})" if why else "")
            yield ValidationError(message, path=(name,), schema_path=(name,))
        else:
            yield from validator.descend(instance[name], subschema, path=name, schema_path=name)


def _unevaluated_properties(
    validator: Any, unevaluated: Any, instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    """Draft 2020-12 `unevaluatedProperties`, with jsonschema's message, faster when `false`.

    jsonschema descends into the `false` schema once per unexpected key, building an error each
    time only to count it: 100,000 unknown keys cost a second. Every key fails `false`, so the
    unexpected keys are simply those not evaluated.
    """
    from jsonschema import ValidationError, _keywords, _utils

    if unevaluated is not False:
        stock: Any = _keywords.unevaluatedProperties  # the stubs type it as returning None
        yield from stock(validator, unevaluated, instance, schema)
        return
    if not validator.is_type(instance, "object"):
        return
    evaluated = set(_utils.find_evaluated_property_keys_by_schema(validator, instance, schema))
    extras = sorted((key for key in instance if key not in evaluated), key=str)
    if extras:
        message = "Unevaluated properties are not allowed (%s %s unexpected)"
        yield ValidationError(message % _utils.extras_msg(extras))


@functools.cache
def content_validator() -> Any:
    """Draft 2020-12 with our `integer` and `pattern` (a `jsonschema.protocols.Validator` class)."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        validators={
            "pattern": _pattern, "properties": _properties,
            "unevaluatedProperties": _unevaluated_properties,
        },
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )


def _accelerator() -> Any:
    """The `jsonschema_rs` module, or None when it is not installed."""
    try:
        return importlib.import_module("jsonschema_rs")
    except ImportError:
        return None


def _refuse(uri: str) -> Any:
    raise ValueError(f"schemas are never fetched: {uri}")


def _has_integral_float(value: Any) -> bool:
    """True if a float such as 1000.0 is anywhere in `value`.

    JSON Schema counts 1000.0 as an integer and jsonschema_rs follows it; we do not (see above),
    so such a document always gets the full check.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, float) and item.is_integer():
            return True
    return False


@dataclass(frozen=True, slots=True)
class Checked:
    """A document that passed validation: the source as loaded and its data with defaults."""

    source: SourceDoc
    data: Mapping[str, Any]
    #: Whether the checks of it alone (`checks.own_problems`) ran with its file's processing,
    #: under its folder's engine, and their problems are that file's diagnostics (linking then
    #: runs only the checks that span files).
    own_checked: bool = False


class Checker:
    """Validates SourceDocs against one SchemaSet; validators are built once per (engine, kind)."""

    def __init__(self, schemas: SchemaSet, *, accelerate: bool = True) -> None:
        self.schemas = schemas
        self._validators: dict[tuple[str | None, str], Validator] = {}
        self._fast: dict[tuple[str | None, str], Any] = {}
        rs = _accelerator() if accelerate else None
        self._rs = rs
        if rs is not None:
            resources = [(BASE_URI + n, s) for n, s in schemas.files.items()]
            self._rs_registry = rs.Registry(resources, retriever=_refuse)

    @property
    def accelerated(self) -> bool:
        return self._rs is not None

    def validator(self, engine: str | None, kind: str) -> Validator:
        """The jsonschema validator (the authority) for documents of `kind` under `engine`."""
        key = (engine, kind)
        if key not in self._validators:
            cls = content_validator()
            self._validators[key] = cls(
                {"$ref": self.schemas.uri(engine, kind)}, registry=self.schemas.registry,
                format_checker=cls.FORMAT_CHECKER,
            )
        return self._validators[key]

    def _fast_valid(self, engine: str | None, kind: str, instance: Any) -> bool:
        if self._rs is None or _has_integral_float(instance):
            return False
        key = (engine, kind)
        if key not in self._fast:
            self._fast[key] = self._rs.Draft202012Validator(
                {"$ref": self.schemas.uri(engine, kind)}, registry=self._rs_registry,
                validate_formats=True, ignore_unknown_formats=False, retriever=_refuse,
            )
        try:
            return bool(self._fast[key].is_valid(instance))
        except (ValueError, TypeError, OverflowError):
            return False  # data it cannot convert (a lone surrogate, say): let jsonschema judge

    def check(self, source: SourceDoc, engine: str | None) -> Checked | list[Diagnostic]:
        """Validate one document.

        `engine` is the ruleset's engine, `UNKNOWN_ENGINE` if its manifest does not name one, or
        None for the common schemas alone (see `SchemaSet.uri`). A manifest brings its own.
        """
        if source.kind == MANIFEST:
            return self._check_manifest(source)
        found = self._errors(source, engine, source.kind, ())
        if found:
            return found
        plan = self.schemas.default_plan(engine, source.kind)
        return Checked(source, fill_defaults(source.data, plan))

    def _check_manifest(self, source: SourceDoc) -> Checked | list[Diagnostic]:
        found = self._errors(source, None, MANIFEST, ())
        data = source.data
        engine = data.get("ruleset") if isinstance(data, dict) else None
        config = data.get(RULES_CONFIG) if isinstance(data, dict) else None
        if engine in self.schemas.engines() and isinstance(config, dict):
            found += self._errors(source, engine, RULES_CONFIG, (RULES_CONFIG,))
        if found:
            return found
        filled = dict(fill_defaults(data, self.schemas.default_plan(None, MANIFEST)))
        config_plan = self.schemas.default_plan(engine, RULES_CONFIG)
        filled[RULES_CONFIG] = fill_defaults(filled[RULES_CONFIG], config_plan)
        return Checked(source, filled)

    def _errors(
        self, source: SourceDoc, engine: str | None, kind: str, prefix: JsonPath
    ) -> list[Diagnostic]:
        instance = source.data
        for part in prefix:
            instance = instance[part]
        if self._fast_valid(engine, kind, instance):
            return []
        found: list[Diagnostic] = []
        errors = self.validator(engine, kind).iter_errors(instance)
        for number, error in enumerate(errors):
            if number == MAX_EXAMINED:
                return cap_per_file(found, stopped=True)
            for reason in _explain(error):
                found.extend(self._located(source, engine, kind, prefix, reason))
        # A nested object closed at the root is also checked by its open definition, so the
        # same error can come twice.
        return cap_per_file(found)

    def _located(
        self, source: SourceDoc, engine: str | None, kind: str, prefix: JsonPath,
        error: ValidationError,
    ) -> Iterator[Diagnostic]:
        inner = tuple(error.absolute_path)
        path = (*prefix, *inner)
        if error.validator in _UNKNOWN_KEY_KEYWORDS and error.validator_value is False:
            allowed = self.schemas.child_names(engine, kind, inner)
            instance: Mapping[str, Any] = error.instance  # type: ignore[assignment]
            unknown = [key for key in instance if key not in allowed]
            if unknown:
                yield from _unknown_keys(source, path, unknown, allowed)
                return
            # Every unexpected key is declared in some branch that did not apply: jsonschema's
            # own message is the honest one then.
        mark = source.mark_of(path)
        yield Diagnostic(source.path, mark.line, mark.col, json_path(path), _short_message(error))


def _explain(error: ValidationError) -> list[ValidationError]:
    """The errors to show for `error`: itself, or for anyOf/oneOf the branch that was meant.

    `best_match` picks the deepest most relevant sub-error. When it cannot decide (it returns the
    anyOf itself), the branches whose type fits the value are the candidates: if exactly one
    does, its errors are what the author needs to read.
    """
    from jsonschema.exceptions import best_match

    if error.validator not in ("anyOf", "oneOf") or not error.context:
        return [error]
    best = best_match([error])
    if best is not None and best is not error:
        return _explain(best)
    branches: dict[Any, list[ValidationError]] = defaultdict(list)
    for sub in error.context:
        branches[sub.relative_schema_path[0]].append(sub)
    fitting = [
        subs for subs in branches.values()
        if not any(sub.validator == "type" and not sub.relative_path for sub in subs)
    ]
    if len(fitting) == 1:
        return [reason for sub in fitting[0] for reason in _explain(sub)]
    types = [_wanted_type(subs) for subs in branches.values()]
    if not fitting and all(types):
        error.message = f"{_quote(error.instance)} is not of type {' or '.join(types)}"
    return [error]


def _wanted_type(errors: list[ValidationError]) -> str:
    for error in errors:
        if error.validator == "type" and not error.relative_path:
            return repr(error.validator_value)
    return ""


def _unknown_keys(
    source: SourceDoc, path: JsonPath, unknown: list[str], allowed: list[str]
) -> Iterator[Diagnostic]:
    """One diagnostic per unknown key: on the key's own line, naming it and the likely meant one.

    Only the first keys by position that a file can show are written out (`MAX_PER_FILE`, see
    `diagnostics.cap_per_file`); the rest are one summary standing for them, located at the first
    of them, so that 100,000 unknown keys cost neither 100,000 did-you-mean searches nor lines.
    """
    placed = []
    for key in unknown:
        mark = source.mark_of((*path, key))
        placed.append((mark.line, mark.col, key))
    placed.sort()
    where = json_path(path)
    for line, col, key in placed[: MAX_PER_FILE + 1]:
        message = f"unknown key {_quote(key)}"
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        if close:
            message += f"; did you mean {close[0]!r}?"
        yield Diagnostic(source.path, line, col, where, message)
    rest = placed[MAX_PER_FILE + 1 :]
    if rest:
        line, col, _ = rest[0]
        message = f"{len(rest)} more unknown keys in this object are not shown"
        yield Diagnostic(source.path, line, col, where, message, len(rest))


def _quote(value: object) -> str:
    text = repr(value)
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 1] + "…"


def _short_message(error: ValidationError) -> str:
    """jsonschema's message with a long quoted instance (a whole mapping, say) cut short; a text
    that is close to one of an enum's texts names that one instead of the whole list."""
    if error.validator == "enum" and isinstance(error.instance, str):
        allowed: list[Any] = list(error.validator_value)  # type: ignore[arg-type]
        options = [value for value in allowed if isinstance(value, str)]
        close = difflib.get_close_matches(error.instance, options, n=1, cutoff=0.75)
        if close:
            return f"{_quote(error.instance)} is not an allowed value; did you mean {close[0]!r}?"
    hint = error.schema.get(ENUM_HINT) if isinstance(error.schema, Mapping) else None
    if error.validator == "enum" and isinstance(hint, str):
        return f"{_quote(error.instance)} is not {hint}"
    full = repr(error.instance)
    if len(full) > MAX_QUOTE and error.message.startswith(full):
        return _quote(error.instance) + error.message[len(full) :]
    return error.message


def fill_defaults(value: Any, plan: DefaultPlan) -> Any:
    """`value` with every missing field that has a default filled in (new containers on the way)."""
    if not plan:
        return value
    if isinstance(value, list):
        entry = plan.get("*")
        return value if entry is None else [fill_defaults(item, entry[1]) for item in value]
    if not isinstance(value, dict):
        return value
    result = dict(value)
    for name, (default, sub) in plan.items():
        if name == "*":
            for key, item in value.items():
                result[key] = fill_defaults(item, sub)
        elif name in value:
            result[name] = fill_defaults(value[name], sub)
        elif default is not NO_DEFAULT:
            result[name] = fill_defaults(copy.deepcopy(default), sub)
    return result


def default_checker() -> Checker:
    """The checker for the shipped schemas (and the plug-ins'), built once per schema set."""
    return _checker(default_schemas())


@functools.cache
def _checker(schemas: SchemaSet) -> Checker:
    return Checker(schemas)


def check(source: SourceDoc, engine: str | None) -> Checked | list[Diagnostic]:
    """Validate `source` against the shipped schemas; see `Checker.check`."""
    return default_checker().check(source, engine)
