"""The event-stream composer behind `yaml_loader`: libyaml events → data, marks, diagnostics.

Built straight from `CParser` events rather than PyYAML's composer and constructor so that each
hazard is caught where it appears, with its mark, before anything is expanded or walked.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml._yaml import CParser
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from compiler.diagnostics import Diagnostic
from compiler.loading.breaks import hide_non_breaks, restoring, yaml_directive
from compiler.loading.paths import JsonPath, json_path, line_col
from compiler.loading.scalars import (
    COLLECTION_TAGS,
    MAP_TAG,
    NON_SPECIFIC_TAG,
    SCALAR_TAGS,
    SEQ_TAG,
    TYPED_FIRST,
    ScalarError,
    disallowed_tag,
    resolve_plain,
    resolve_tagged,
    show_tag,
    show_value,
)

#: Deepest nesting of mappings and sequences accepted; the document's top level is level 1.
MAX_DEPTH = 64
#: After this many problems in one file, stop reading it: the rest is usually fallout.
MAX_DIAGNOSTICS = 20

_LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"
_LIBYAML_INCOMPATIBLE = "found incompatible YAML document"  # a %YAML directive of 2.0 or 1.3


class _Stop(Exception):
    """Reading the file cannot usefully go on; the reason is already a diagnostic."""


class _Placeholder:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: A mapping frame waiting for its next key.
_NO_KEY: Any = _Placeholder("<no key>")
#: A key that was refused: the value that follows is read but not kept.
_BAD_KEY: Any = _Placeholder("<bad key>")
#: A scalar that could not be typed (already reported).
_INVALID: Any = _Placeholder("<invalid>")


class _Frame:
    """An open mapping or sequence; `path` is None inside a discarded subtree."""

    __slots__ = ("container", "is_map", "key", "key_path", "path")

    def __init__(self, container: dict[str, Any] | list[Any], path: JsonPath | None) -> None:
        self.container = container
        self.is_map = type(container) is dict
        self.path = path
        self.key: Any = _NO_KEY  # in a mapping: the key whose value comes next
        self.key_path: JsonPath = ()  # path of that key's value


class Composer:
    """Builds data and marks from libyaml events, collecting diagnostics as it goes.

    `marks` holds 1-based `(line, col)` pairs; `MarkTable` turns them into `Mark`s on demand,
    because building a frozen dataclass per value would be a fifth of the loading time.
    """

    def __init__(self, display: str) -> None:
        self.display = display
        self.diagnostics: list[Diagnostic] = []
        self.marks: dict[JsonPath, tuple[int, int]] = {}
        self.key_lines: dict[JsonPath, int] = {}
        self.stack: list[_Frame] = []
        self.top: _Frame | None = None
        self.root: Any = None
        self.documents = 0
        self.empty = False
        self.text = ""

    def run(self, text: str) -> None:
        text, restore = hide_non_breaks(text)  # YAML 1.2 line breaks for libyaml (breaks.py)
        self.text = text
        get_event = CParser(text).get_event
        try:
            self._consume(restoring(get_event, restore) if restore else get_event)
        except _Stop:
            pass
        except yaml.MarkedYAMLError as exc:
            self._syntax_error(exc)
        except yaml.reader.ReaderError as exc:
            line, col = line_col(text.encode("utf-8"), exc.position)
            message = f"{exc.reason} (#x{exc.character:02X})"
            self._add(line, col, self._where(), message)
        except yaml.YAMLError as exc:
            self._add(1, 1, self._where(), f"invalid YAML: {exc}")
        if (self.empty or not self.documents) and not self.diagnostics:
            self._add(1, 1, (), "the file is empty")

    def _consume(self, get_event: Any) -> None:
        scalar = self._plain_scalar
        while True:
            event = get_event()
            cls = type(event)
            if cls is ScalarEvent:
                scalar(event)
            elif cls is MappingStartEvent:
                self._start(event, True)
            elif cls is SequenceStartEvent:
                self._start(event, False)
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                stack = self.stack
                stack.pop()
                self.top = stack[-1] if stack else None
            elif cls is AliasEvent:
                self._alias(event)
            elif cls is DocumentStartEvent:
                self._document(event)
            elif cls is StreamEndEvent:
                return
            # StreamStartEvent and DocumentEndEvent carry nothing to check.

    def _plain_scalar(self, event: Any) -> None:
        """The common case, inlined for speed: an untagged, valid scalar in a kept collection.

        Anything unusual (a tag, an anchor, a bad or duplicate key, a value that cannot be
        typed, the document root) goes to `_scalar`, which handles and reports every case.
        """
        frame = self.top
        if frame is None or frame.path is None or event.anchor is not None or event.tag:
            return self._scalar(event)
        value = event.value
        if value[:1] in TYPED_FIRST and event.implicit[0]:
            try:
                value = resolve_plain(value)
            except ScalarError:
                return self._scalar(event)
        mark = event.start_mark
        if not frame.is_map:
            container: Any = frame.container
            self.marks[(*frame.path, len(container))] = (mark.line + 1, mark.column + 1)
            container.append(value)
        elif frame.key is _NO_KEY:
            if type(value) is not str or value in frame.container:
                return self._scalar(event)
            frame.key = value
            frame.key_path = path = (*frame.path, value)
            self.key_lines[path] = mark.line + 1
        elif frame.key is _BAD_KEY:
            frame.key = _NO_KEY
        else:
            frame.container[frame.key] = value
            self.marks[frame.key_path] = (mark.line + 1, mark.column + 1)
            frame.key = _NO_KEY
        return None

    def _scalar(self, event: Any) -> None:
        if event.anchor is not None:
            self._anchor(event)
        tag = event.tag
        try:
            if tag is None:
                value = resolve_plain(event.value) if event.implicit[0] else event.value
            else:
                value = resolve_tagged(event.value, tag)
        except ScalarError as exc:
            self._error(event, self._where(), str(exc))
            value = _INVALID
        frame = self.top
        if frame is None and value is None and event.value == "" and event.implicit[0]:
            self.empty = True  # a document with nothing in it, such as a lone `---`
        if frame is not None and frame.is_map and frame.key is _NO_KEY:
            self._key(frame, value, event)
        else:
            self._place(None if value is _INVALID else value, event)

    def _start(self, event: Any, is_map: bool) -> None:
        if event.anchor is not None:
            self._anchor(event)
        tag = event.tag
        if tag is not None and tag != NON_SPECIFIC_TAG and tag != (MAP_TAG if is_map else SEQ_TAG):
            if tag in COLLECTION_TAGS or tag in SCALAR_TAGS:
                message = f"tag {show_tag(tag)} cannot be used on a {_collection(is_map)}"
            else:
                message = disallowed_tag(tag)
            self._error(event, self._where(), message)
        if len(self.stack) >= MAX_DEPTH:
            self._error(event, self._where(), f"nesting deeper than {MAX_DEPTH} levels")
            raise _Stop
        container: dict[str, Any] | list[Any] = {} if is_map else []
        frame = self.top
        if frame is not None and frame.is_map and frame.key is _NO_KEY:
            message = f"mapping keys must be strings, not a {_collection(is_map)}"
            self._error(event, frame.path or (), message)
            frame.key = _BAD_KEY
            path = None
        else:
            path = self._place(container, event)
        self.top = _Frame(container, path)
        self.stack.append(self.top)

    def _document(self, event: Any) -> None:
        self.documents += 1
        if self.documents > 1:
            self._error(event, (), "a file holds one document, but a second one starts here")
            raise _Stop
        if event.version is not None and tuple(event.version) != (1, 2):
            self._directive()

    def _directive(self) -> None:
        """Refuse a `%YAML` directive other than 1.2, at the directive."""
        found = yaml_directive(self.text)
        version, line, col = found if found else ("?", 1, 1)
        message = (
            f"%YAML {version} is not supported: content is read as YAML 1.2; "
            "remove the directive or write %YAML 1.2"
        )
        self._add(line, col, (), message)

    def _place(self, value: Any, event: Any) -> JsonPath | None:
        """Attach a new value to the open collection; return its path (None if discarded)."""
        frame = self.top
        path: JsonPath | None
        if frame is None:
            self.root = value
            path = ()
        elif not frame.is_map:
            container: Any = frame.container
            path = None if frame.path is None else (*frame.path, len(container))
            container.append(value)
        else:
            key = frame.key
            frame.key = _NO_KEY
            if key is _BAD_KEY or frame.path is None:
                return None
            frame.container[key] = value
            path = frame.key_path
        if path is not None:
            mark = event.start_mark
            self.marks[path] = (mark.line + 1, mark.column + 1)
        return path

    def _key(self, frame: _Frame, key: Any, event: Any) -> None:
        if key is _INVALID:
            frame.key = _BAD_KEY
        elif type(key) is not str:
            frame.key = _BAD_KEY
            self._error(event, frame.path or (), _non_string_key(event.value, key))
        elif frame.path is None:
            frame.key = key
        elif key in frame.container:
            frame.key = _BAD_KEY
            path = (*frame.path, key)
            message = (
                f"duplicate key {show_value(key)} (first defined at line {self.key_lines[path]})"
            )
            self._error(event, path, message)
        else:
            frame.key = key
            frame.key_path = path = (*frame.path, key)
            self.key_lines[path] = event.start_mark.line + 1

    def _alias(self, event: Any) -> None:
        message = f"aliases are not allowed (*{event.anchor}); write the value out in full"
        self._error(event, self._where(), message)
        frame = self.top
        if frame is not None and frame.is_map and frame.key is _NO_KEY:
            frame.key = _BAD_KEY
        else:
            self._place(None, event)

    def _anchor(self, event: Any) -> None:
        message = f"anchors are not allowed (&{event.anchor}); write the value out in full"
        self._error(event, self._where(), message)

    def _where(self) -> JsonPath:
        """The path the next value would get: where a problem found now is reported."""
        for depth, frame in enumerate(reversed(self.stack)):
            if frame.path is None:
                continue
            if depth:
                return frame.path
            if not frame.is_map:
                return (*frame.path, len(frame.container))
            return frame.key_path if type(frame.key) is str else frame.path
        return ()

    def _syntax_error(self, exc: yaml.MarkedYAMLError) -> None:
        mark = exc.problem_mark or exc.context_mark
        message = exc.problem or exc.context or "invalid YAML"
        if message == _LIBYAML_INCOMPATIBLE:
            return self._directive()
        if message == _LIBYAML_TOO_DEEP:
            # libyaml's own cap (1,000 levels) can fire first when its scanner looks ahead on a
            # long line of `[`; report it like ours so authors see one rule.
            message = f"nesting deeper than {MAX_DEPTH} levels"
        elif exc.problem and exc.context:
            started = (
                f" that starts at line {exc.context_mark.line + 1}" if exc.context_mark else ""
            )
            message += f" ({exc.context}{started})"
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        self._add(line, col, self._where(), message)

    def _error(self, event: Any, path: JsonPath, message: str) -> None:
        mark = event.start_mark
        self._add(mark.line + 1, mark.column + 1, path, message)
        if len(self.diagnostics) >= MAX_DIAGNOSTICS:
            message = f"stopped reading this file after {MAX_DIAGNOSTICS} errors"
            line, col = mark.line + 1, mark.column + 1
            self.diagnostics.append(Diagnostic(self.display, line, col, json_path(path), message,
                                               more=True))
            raise _Stop

    def _add(self, line: int, col: int, path: JsonPath, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.display, line, col, json_path(path), message))


def _collection(is_map: bool) -> str:
    return "mapping" if is_map else "sequence"


def _non_string_key(text: str, key: Any) -> str:
    if key is None and text == "":
        return "mapping key is empty (null), not a string"
    kind = {type(None): "null", bool: "a boolean", int: "an integer", float: "a number"}[type(key)]
    return f"mapping key {text} is {kind}, not a string (quote it to use it as text)"
