"""A card, weapon or power of the content against a target, as an odds query.

The content is loaded, validated and linked as for a build; each ruleset's documents become its
library (`{kind: {id: data}}`, the shape `RULES_DATA` has in a module), and the ruleset's own
`matchups` module turns `{item, attacker, target, options}` into the query it answers.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Any

from compiler.errors import RulepackError
from compiler.model import ContentSet, Ruleset
from compiler.odds.registry import matchups_of, queries_of
from compiler.packing.common import plain
from compiler.rules.errors import RuleError
from compiler.rules.exact import Dist
from compiler.rules.odds import run_query

Library = dict[str, dict[str, dict[str, Any]]]


class OddsError(RulepackError):
    """An odds request the content cannot answer (unknown item, bad option, a rule's refusal)."""


@dataclass(frozen=True)
class Matchup:
    """One answered matchup: where it came from, the query it became and its distribution."""

    ruleset: Ruleset
    choice: Mapping[str, Any]
    query: str
    params: Any
    config: Mapping[str, Any]
    dist: Dist

    @cached_property
    def matchups(self) -> ModuleType:
        """The ruleset's matchups module, looked up once (a summary is asked per outcome)."""
        module = matchups_of(self.ruleset.engine)
        assert module is not None
        return module

    def summary(self, outcome: Any) -> dict[str, Any]:
        """The outcome in the report's words (`hit`, `damage`, `down`, `location`)."""
        found: dict[str, Any] = self.matchups.summary(self.query, outcome)
        return found


def library(ruleset: Ruleset) -> Library:
    """Every document of `ruleset` by kind, then id (validated data, defaults filled)."""
    found: Library = {}
    for document in ruleset.documents:
        found.setdefault(document.kind, {})[document.key] = plain(document.data)
    return found


def find_item(content: ContentSet, item: str) -> Ruleset:
    """The ruleset whose content has `item` among the kinds its matchups attack with."""
    known: list[str] = []
    for ruleset in content.rulesets:
        module = matchups_of(ruleset.engine)
        if module is None:
            continue
        for kind in module.ATTACKS:
            keys = [d.key for d in ruleset.of_kind(kind)]
            if item in keys:
                return ruleset
            known += keys
    close = difflib.get_close_matches(item, known, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise OddsError(f"no card, weapon or power {item} in the content{hint}")


def coerce(value: str, default: Any) -> Any:
    """A `--set` value as the option's default is typed: a list splits on commas, a boolean is
    true/false, an integer or a null-default option reads a number or `null`."""
    if isinstance(default, list):
        return [part for part in value.split(",") if part]
    if isinstance(default, bool):
        if value not in ("true", "false"):
            raise OddsError(f"expected true or false, not {value!r}")
        return value == "true"
    if value == "null":
        return None
    if isinstance(default, int) or default is None:
        try:
            return int(value)
        except ValueError:
            if isinstance(default, int):
                raise OddsError(f"expected an integer, not {value!r}") from None
    return value


def options_of(ruleset: Ruleset, settings: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """`--set key=value` pairs typed by the ruleset's matchup options."""
    module = matchups_of(ruleset.engine)
    assert module is not None
    defaults: Mapping[str, Any] = module.OPTIONS
    found: dict[str, Any] = {}
    for key, value in settings:
        if key not in defaults:
            close = difflib.get_close_matches(key, list(defaults), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise OddsError(f"{key} is not an option of a {ruleset.engine} matchup{hint}; "
                            f"options: {', '.join(defaults)}")
        try:
            found[key] = coerce(value, defaults[key])
        except OddsError as error:
            raise OddsError(f"--set {key}: {error.message}") from None
    return found


def answer(ruleset: Ruleset, choice: Mapping[str, Any], lib: Library | None = None) -> Matchup:
    """The exact distribution of `choice` (`{item, attacker?, target, options?}`) in `ruleset`."""
    module = matchups_of(ruleset.engine)
    if module is None:
        raise OddsError(f"ruleset {ruleset.engine} has no odds matchups")
    found = library(ruleset) if lib is None else lib
    try:
        attacker = choice.get("attacker") or module.holder(found, choice["item"])
        choice = {**choice, "attacker": attacker}
        asked = module.matchup(found, ruleset.rules_config, choice)
        dist = run_query(queries_of(ruleset.engine), asked["query"], asked["params"],
                         asked["config"])
    except RuleError as error:
        raise OddsError(f"{ruleset.folder}: {error.message}") from None
    return Matchup(ruleset, choice, asked["query"], asked["params"], asked["config"], dist)
