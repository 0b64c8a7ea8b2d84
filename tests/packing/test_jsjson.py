"""jsjson.stringify must be JSON.stringify: checked on known cases and against Node itself."""

from __future__ import annotations

import json
import random
import struct
from pathlib import Path

import pytest
from node_tools import NodeTools

from compiler.errors import BuildError
from compiler.packing.jsjson import MAX_SAFE_INTEGER, js_key_order, js_number, stringify

STRINGIFY_EACH = (
    "const values = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));"
    "console.log(JSON.stringify(values.map((v) => JSON.stringify(v))));"
)


@pytest.mark.parametrize(
    ("number", "text"),
    [(2.0, "2"), (-0.0, "0"), (0.5, "0.5"), (1e-05, "0.00001"), (1e-06, "0.000001"),
     (1e-07, "1e-7"), (1.5e-07, "1.5e-7"), (1e16, "10000000000000000"),
     (1e20, "100000000000000000000"), (1e21, "1e+21"), (1.2345e22, "1.2345e+22"),
     (float(2**60), "1152921504606847000"), (5e-324, "5e-324"),
     (1.7976931348623157e308, "1.7976931348623157e+308"), (-2.5e-3, "-0.0025")],
)
def test_numbers_follow_ecmascript_number_to_string(number: float, text: str) -> None:
    assert js_number(number) == text


def test_integer_like_keys_come_first_in_numeric_order() -> None:
    keys = ["b", "10", "2", "01", "-1", "4294967295", "4294967294", "0", "a"]
    assert js_key_order(keys) == ["0", "2", "10", "4294967294", "b", "01", "-1", "4294967295", "a"]


def test_stringify_is_compact_and_escapes_like_javascript() -> None:
    value = {"s": 'a"b\\c\n\x1f\u2028é', "l": [None, True, False, 3], "o": {}}
    assert stringify(value) == '{"s":"a\\"b\\\\c\\n\\u001f\u2028é","l":[null,true,false,3],"o":{}}'


def test_unsafe_integers_are_refused() -> None:
    assert stringify(MAX_SAFE_INTEGER) == "9007199254740991"
    with pytest.raises(BuildError, match=r"\$\.a\[1\]: integer"):
        stringify({"a": [0, MAX_SAFE_INTEGER + 1]})


def _random_double(rng: random.Random) -> float:
    while True:
        value = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
        if value == value and abs(value) != float("inf"):
            return value if rng.random() < 0.5 else 10 ** rng.uniform(-12, 25)


def _random_text(rng: random.Random) -> str:
    # Controls, quotes, backslash, Latin-1, U+2028 and an astral character; no surrogates.
    alphabet = "ab09\"\\\n\t\x00\x1f\x7fé\u2028\u20ac\U0001f5e1"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(6)))


def _random_key(rng: random.Random) -> str:
    return rng.choice([str(rng.randrange(2**33)), "0" + str(rng.randrange(9)), _random_text(rng)])


def _random_value(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(8 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.randint(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)
    if kind in (2, 3):
        return _random_double(rng)
    if kind in (4, 5):
        return _random_text(rng)
    if kind == 6:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_random_key(rng): _random_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def test_same_text_as_node(foundry_cli: NodeTools, tmp_path: Path) -> None:
    rng = random.Random(20240601)
    values = [_random_value(rng) for _ in range(3000)]
    (tmp_path / "values.json").write_text(json.dumps(values), "utf-8")
    result = foundry_cli.run("-e", STRINGIFY_EACH, tmp_path / "values.json")
    expected = json.loads(result.stdout)
    assert len(expected) == len(values)
    for value, text in zip(values, expected, strict=True):
        assert stringify(value) == text, value
