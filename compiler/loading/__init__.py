"""Load content files: strict YAML in, plain data plus marks (or located diagnostics) out."""

from __future__ import annotations

from compiler.loading.composer import MAX_DEPTH, MAX_DIAGNOSTICS
from compiler.loading.paths import JsonPath, json_path
from compiler.loading.yaml_loader import (
    MAX_FILE_BYTES,
    load_bytes,
    load_source,
    load_text,
    read_source,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_DIAGNOSTICS",
    "MAX_FILE_BYTES",
    "JsonPath",
    "json_path",
    "load_bytes",
    "load_source",
    "load_text",
    "read_source",
]
