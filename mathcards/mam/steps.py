"""One step of a calculation: the only place the arithmetic rules live
(docs/rules.md#mam-arithmetic).

Every intermediate value is a whole number, never below zero: ``a - b`` needs ``a >= b``,
``a / b`` needs ``b > 0`` dividing ``a``; ``a ^ b`` (exponent variant only) is allowed when
not ``0 ^ 0`` and at most ``max_power``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mathcards.i18n import N_, _, divided_by, number

MAX_POWER = 10**6
OPERATORS = "+-*/^"
SYMBOL = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^"}

Partners = tuple[int, ...] | Callable[[int], bool]


STEP_REASONS = {  # the rules a step may break, by key (`StepError.reason`)
    "below-zero": N_("{step} goes below zero"),
    "divide-by-zero": N_("{step}: you can't divide by zero"),
    "not-whole": N_("{step} is not a whole number"),
    "no-powers": N_("powers (^) are only allowed in the exponent variant"),
    "zero-power": N_("0^0 has no value: it is not allowed"),
    "power-too-big": N_("{step} is bigger than {largest}, the largest power allowed"),
    "not-operator": N_("{operator} is not an operator"),
}


def step_words(reason: str, step: tuple[int, str, int] | None = None, **values: int | str) -> str:
    """The rule a step broke, as a sentence in the language in use."""
    shown: dict[str, object] = dict(values)
    if step is not None:
        shown["step"] = written(*step)
    if "largest" in values:
        shown["largest"] = number(int(values["largest"]), 0)
    if "operator" in values:
        shown["operator"] = repr(shown["operator"])
    return _(STEP_REASONS[reason]).format(**shown)


class StepError(ValueError):
    """A step that breaks a rule: which (`reason`, a key of `STEP_REASONS`, with its `values`),
    and `step` the step ``(a, op, b)`` it writes out (if it writes one); its message is the
    sentence for a child."""

    def __init__(
        self, reason: str, step: tuple[int, str, int] | None = None, **values: int | str
    ) -> None:
        super().__init__(step_words(reason, step, **values))
        self.reason, self.step, self.values = reason, step, values


def symbol(op: str) -> str:
    """An operator as a child writes it: ×, −, and ÷ (or the language's own sign, ":" in
    Polish schools)."""
    if op == "/" and divided_by() != "/":
        return divided_by()
    return SYMBOL.get(op, op)


def written(a: int, op: str, b: int) -> str:
    """One step as a child writes it: ``12 ÷ 6`` (``12 : 6`` in Polish), ``2^5``."""
    return f"{a}^{b}" if op == "^" else f"{a} {symbol(op)} {b}"


def power(base: int, exponent: int, max_power: int = MAX_POWER) -> int | None:
    """``base ^ exponent``, or None when the rules forbid it (0^0, or above `max_power`)."""
    if base == 0 == exponent:
        return None
    if base <= 1:
        return base if exponent else 1
    if exponent > max_power.bit_length():  # then base^exponent >= 2^exponent > max_power
        return None
    result = base**exponent
    return result if result <= max_power else None


def apply(op: str, a: int, b: int, *, powers: bool = False, max_power: int = MAX_POWER) -> int:
    """The value of ``a op b``, or a StepError that says which rule the step breaks."""
    if op == "+":
        return a + b
    if op == "*":
        return a * b
    if op == "-":
        if a < b:
            raise StepError("below-zero", (a, op, b))
        return a - b
    if op == "/":
        if b == 0:
            raise StepError("divide-by-zero", (a, op, b))
        if a % b:
            raise StepError("not-whole", (a, op, b))
        return a // b
    if op == "^":
        if not powers:
            raise StepError("no-powers")
        result = power(a, b, max_power)
        if result is None:
            if a == 0 == b:
                raise StepError("zero-power")
            raise StepError("power-too-big", (a, op, b), largest=max_power)
        return result
    raise StepError("not-operator", operator=op)


def combine_values(
    left: frozenset[int], right: frozenset[int], *, powers: bool, max_power: int
) -> set[int]:
    """Every value one allowed step makes from a value of `left` and one of `right`."""
    made: set[int] = set()
    add = made.add
    for a in left:
        for b in right:
            add(a + b)
            add(a * b)
            add(a - b if a >= b else b - a)
            if b and not a % b:
                add(a // b)
            if a and not b % a:
                add(b // a)
            if powers:
                for base, exponent in ((a, b), (b, a)):
                    result = power(base, exponent, max_power)
                    if result is not None:
                        add(result)
    return made


def partners(
    a: int, result: int, *, powers: bool, max_power: int
) -> Iterator[tuple[str, bool, Partners]]:
    """The steps that turn `a` into `result`: ``(op, a_is_left, partner values or a test)``.

    The inverse of `apply`: ``apply(op, a, b) == result`` (or ``apply(op, b, a)`` when
    `a_is_left` is false) exactly for the partners ``b``.
    """
    if result >= a:
        yield "+", True, (result - a,)
    if a:
        if not result % a:
            yield "*", True, (result // a,)
        yield "/", False, (result * a,)
    elif result == 0:
        yield "*", True, _any
    if a >= result:
        yield "-", True, (a - result,)
    yield "-", False, (result + a,)
    if result:
        if a and not a % result:
            yield "/", True, (a // result,)
    elif a == 0:
        yield "/", True, _positive
    if powers and result <= max_power:
        yield "^", True, _exponents(a, result)
        yield "^", False, _bases(a, result)


def _any(_: int) -> bool:
    return True


def _positive(b: int) -> bool:
    return b > 0


def _exponents(base: int, result: int) -> Partners:
    """Every exponent ``e`` with ``base ^ e == result`` (not 0^0)."""
    if base == 0:
        return _positive if result == 0 else ()
    if base == 1:
        return _any if result == 1 else ()
    exponent, value = 0, 1
    while value < result:
        exponent, value = exponent + 1, value * base
    return (exponent,) if value == result else ()


def _bases(exponent: int, result: int) -> Partners:
    """Every base ``b`` with ``b ^ exponent == result`` (not 0^0)."""
    if exponent == 0:
        return _positive if result == 1 else ()
    guess = round(result ** (1 / exponent))
    return tuple(b for b in (guess - 1, guess, guess + 1) if b >= 0 and b**exponent == result)
