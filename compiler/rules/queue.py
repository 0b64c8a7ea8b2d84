"""C1 dice queue: fixtures supply every face in advance; rules take them in canonical order.

Mirrored function for function in `module_template/scripts/rules/queue.mjs`.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.rules.errors import (
    BAD_FACE,
    BAD_INPUT,
    DIE_MISMATCH,
    FACES_LEFT_OVER,
    QUEUE_EXHAUSTED,
    RuleError,
)

Die = int | str
"""A die size: an int number of sides, or `"F"` for a Fate die (faces -1, 0, +1)."""

FATE = "F"
MIN_SIDES = 2
MAX_SIDES = 1000


def is_die(value: object) -> bool:
    """C1: whether `value` names a die: an int 2..1000 (never a bool) or `"F"`."""
    if isinstance(value, str):
        return value == FATE
    return type(value) is int and MIN_SIDES <= value <= MAX_SIDES


def face_range(die: Die) -> tuple[int, int]:
    """C1: the inclusive face range of `die`; a d100 shows 1..100, "00" being 100."""
    if isinstance(die, int):
        return (1, die)
    return (-1, 1)


def die_label(die: Die) -> str:
    """C1: the die's name in messages, e.g. `d10` or `dF`."""
    return f"d{die}"


def _check_face(index: int, entry: object) -> tuple[Die, int]:
    if not isinstance(entry, Mapping) or set(entry) != {"d", "v"}:
        raise RuleError(BAD_FACE, f"dice[{index}] must be an object with exactly the keys d and v")
    die = entry["d"]
    if not is_die(die):
        raise RuleError(BAD_FACE, f'dice[{index}].d must be an integer die size 2..1000 or "F"')
    lo, hi = face_range(die)
    value = entry["v"]
    if type(value) is not int or not lo <= value <= hi:
        raise RuleError(
            BAD_FACE, f"dice[{index}].v must be an integer in {lo}..{hi} for a {die_label(die)}"
        )
    return (die, value)


class DiceQueue:
    """C1: an ordered list of tagged faces, validated whole when built (`bad_face`)."""

    def __init__(self, faces: object) -> None:
        if not isinstance(faces, list | tuple):
            raise RuleError(BAD_FACE, "dice must be a list of faces")
        self._faces = [_check_face(i, entry) for i, entry in enumerate(faces)]
        self._next = 0

    def take(self, die: Die) -> int:
        """C1: the next face, which must come from `die` (`die_mismatch`, `queue_exhausted`)."""
        if not is_die(die):
            raise RuleError(BAD_INPUT, 'a rule asked for a die that is not 2..1000 or "F"')
        if self._next >= len(self._faces):
            raise RuleError(
                QUEUE_EXHAUSTED,
                f"the rule asked for a {die_label(die)} but the queue ran out "
                f"after {len(self._faces)} faces",
                die=die,
                path=f"dice[{len(self._faces)}]",
                count=1,
            )
        have, value = self._faces[self._next]
        if have != die:
            raise RuleError(
                DIE_MISMATCH,
                f"dice[{self._next}] is a {die_label(have)} "
                f"but the rule asked for a {die_label(die)}",
            )
        self._next += 1
        return value

    def take_many(self, die: Die, count: int) -> list[int]:
        """C1, C3: `count` faces of `die` in order; a pool of `count` ≤ 0 takes nothing. Run out
        part-way, the error's `count` is how many faces of the pool are still wanted."""
        faces = []
        for taken in range(count):
            try:
                faces.append(self.take(die))
            except RuleError as error:
                if error.code == QUEUE_EXHAUSTED and error.die == die:
                    error.count = count - taken
                raise
        return faces

    def remaining(self) -> int:
        """C1: how many faces have not been taken yet."""
        return len(self._faces) - self._next

    def finish(self) -> None:
        """C1: the harness's end-of-case check; leftover faces are a fixture error."""
        left = self.remaining()
        if left:
            have, _ = self._faces[self._next]
            raise RuleError(
                FACES_LEFT_OVER,
                f"{left} faces left over after the rule finished "
                f"(next: dice[{self._next}], a {die_label(have)})",
                path=f"dice[{self._next}]",
            )
