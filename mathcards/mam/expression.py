"""Expressions in canonical form, shared by the solver and the answer checker.

A form is a plain tuple, cheap to build and hash (docs/rules.md#mam-same-answer):

- ``(LEAF, value)`` a card;
- ``(SUM, added, subtracted)`` a chain of ``+``/``-``: two sorted tuples of non-sum forms;
- ``(PRODUCT, factors, divisors)`` a chain of ``*``/``/``: two sorted tuples of non-product forms;
- ``(POWER, base, exponent)``.

Two expressions are the same solution exactly when their forms are equal.
"""

from __future__ import annotations

from collections.abc import Callable

from mathcards.i18n import N_, _, and_list
from mathcards.mam.steps import apply, symbol

LEAF, SUM, PRODUCT, POWER = range(4)
Form = tuple

CHAIN_OF = {"+": SUM, "-": SUM, "*": PRODUCT, "/": PRODUCT}


class Sentence(str):
    """A sentence for a child that writes out calculations (`calculations`, canonical forms), so
    that a page can typeset them where it shows the sentence (`typeset.sentence`)."""

    calculations: tuple[Form, ...]

    def __new__(cls, text: str, calculations: tuple[Form, ...] = ()) -> Sentence:
        said = super().__new__(cls, text)
        said.calculations = calculations
        return said


def step(a: int, op: str, b: int) -> Form:
    """One step ``a op b`` of two numbers, read as it is written."""
    return combine(op, leaf(a), leaf(b))


def leaf(card: int) -> Form:
    """A single card."""
    return (LEAF, card)


def _terms(form: Form, kind: int) -> tuple[tuple, tuple]:
    return (form[1], form[2]) if form[0] == kind else ((form,), ())


def combine(op: str, left: Form, right: Form) -> Form:
    """The canonical form of ``left op right``: chains of the same kind flatten."""
    if op == "^":
        return (POWER, left, right)
    kind = CHAIN_OF[op]
    plus, minus = _terms(left, kind)
    more, less = _terms(right, kind)
    if op in "-/":
        more, less = less, more
    return (kind, tuple(sorted(plus + more)), tuple(sorted(minus + less)))


def value(form: Form) -> int:
    """The value of a form; every step of a form from the solver or checker is whole."""
    kind = form[0]
    if kind == LEAF:
        return form[1]
    if kind == POWER:
        return value(form[1]) ** value(form[2])
    first, second = (tuple(map(value, terms)) for terms in form[1:])
    if kind == SUM:
        return sum(first) - sum(second)
    numerator, denominator = 1, 1
    for factor in first:
        numerator *= factor
    for divisor in second:
        denominator *= divisor
    return numerator // denominator


def _reading_order(terms: tuple) -> list[Form]:
    """Larger terms first: a child adds the big numbers, then the small ones."""
    return sorted(terms, key=lambda term: (-value(term), term))


def ordered_terms(form: Form) -> tuple[list[Form], list[Form]]:
    """A chain's (added, subtracted) or (factors, divisors), in the order they are printed."""
    return _reading_order(form[1]), _reading_order(form[2])


def cards(form: Form) -> tuple[int, ...]:
    """The cards a form uses, in the order they are read."""
    if form[0] == LEAF:
        return (form[1],)
    if form[0] == POWER:
        return cards(form[1]) + cards(form[2])
    first, second = ordered_terms(form)
    return tuple(card for term in first + second for card in cards(term))


def operators(form: Form) -> list[str]:
    """The operators a form uses, in reading order (``+ - * / ^``)."""
    if form[0] == LEAF:
        return []
    if form[0] == POWER:
        return [*operators(form[1]), "^", *operators(form[2])]
    first, second = ordered_terms(form)
    plus, minus = ("+", "-") if form[0] == SUM else ("*", "/")
    ops: list[str] = []
    for index, term in enumerate(first + second):
        if index:
            ops.append(plus if index < len(first) else minus)
        ops.extend(operators(term))
    return ops


# ---------------------------------------------------------------- printing

ASCII = {"+": "+", "-": "-", "*": "*", "/": "/", "^": "^"}
PRETTY = {"+": " + ", "-": " − ", "*": " × ", "/": " ÷ ", "^": "^"}
LATEX = {"+": " + ", "-": " - ", "*": " \\times ", "/": " \\div ", "^": "^"}


def _needs_brackets(term: Form, parent: int, side: int) -> bool:
    """Fewest brackets that keep the value under the usual precedence (``^`` to the right)."""
    if parent == PRODUCT:
        return term[0] == SUM
    if parent == POWER:
        return term[0] in (SUM, PRODUCT) or (side == 0 and term[0] == POWER)
    return False


def pretty_symbols() -> dict[str, str]:
    """The operators as a child writes them, with the division sign of the language in use."""
    return {**PRETTY, "/": f" {symbol('/')} "}


def latex_symbols() -> dict[str, str]:
    r"""LaTeX operators: ``\div``, or the language's own division sign (``12 : 6``)."""
    division = symbol("/")
    return {**LATEX, "/": LATEX["/"] if division == "÷" else rf" \mathbin{{{division}}} "}


def _render(
    form: Form, symbols: dict[str, str], bracket: Callable[[str], str], *, latex: bool = False
) -> str:
    if form[0] == LEAF:
        return str(form[1])

    def part(term: Form, side: int) -> str:
        text = _render(term, symbols, bracket, latex=latex)
        return bracket(text) if _needs_brackets(term, form[0], side) else text

    if form[0] == POWER:
        base, exponent = part(form[1], 0), part(form[2], 1)
        if latex:
            return f"{base}^{{{_render(form[2], symbols, bracket, latex=True)}}}"
        return f"{base}{symbols['^']}{exponent}"
    first, second = ordered_terms(form)
    plus, minus = ("+", "-") if form[0] == SUM else ("*", "/")
    pieces = [part(first[0], 0)]
    pieces += [symbols[plus] + part(term, 0) for term in first[1:]]
    pieces += [symbols[minus] + part(term, 0) for term in second]
    return "".join(pieces)


def text(form: Form) -> str:
    """ASCII text a program can read back: ``7*6+2-12``."""
    return _render(form, ASCII, lambda inner: f"({inner})")


def pretty(form: Form) -> str:
    """Text as a child writes it: ``7 × 6 + 2 − 12``, ``12 ÷ 6`` (``12 : 6`` in Polish)."""
    return _render(form, pretty_symbols(), lambda inner: f"({inner})")


def latex(form: Form) -> str:
    r"""LaTeX with ``\times`` and ``\div`` (``:`` in Polish): ``7 \times 6 + 2 - 12``."""
    return _render(form, latex_symbols(), lambda inner: f"\\left({inner}\\right)", latex=True)


# What a chain does, in words: (kind, several terms first, something taken away or divided by)
DESCRIPTIONS = {
    (SUM, True, False): N_("add {first}"),
    (SUM, True, True): N_("add {first}, take away {second}"),
    (SUM, False, True): N_("start from {first}, take away {second}"),
    (PRODUCT, True, False): N_("multiply {first}"),
    (PRODUCT, True, True): N_("multiply {first}, divide by {second}"),
    (PRODUCT, False, True): N_("start from {first}, divide by {second}"),
}


def describe(form: Form) -> str:
    """A canonical form in words, the way a child would check two answers are one:
    ``add 15, 12 and 7, take away 2``. Parts that are calculations stay calculations."""
    if form[0] == LEAF:
        return _("just the card {card}").format(card=form[1])
    if form[0] == POWER:
        words = _("{base} to the power {exponent}").format(
            base=_part(form[1]), exponent=_part(form[2])
        )
        return Sentence(words, _calculations([form[1], form[2]]))
    first, second = ordered_terms(form)
    words = DESCRIPTIONS[form[0], len(first) > 1, bool(second)]
    said = _(words).format(first=_listed(first), second=_listed(second))
    return Sentence(said, _calculations(first + second))


def _calculations(parts: list[Form]) -> tuple[Form, ...]:
    """The parts of a description that are calculations, not single cards."""
    return tuple(part for part in parts if part[0] != LEAF)


def _part(form: Form) -> str:
    return pretty(form) if form[0] == LEAF else f"({pretty(form)})"


def _listed(terms: list[Form]) -> str:
    return and_list([_part(term) for term in terms])


def first_step(form: Form) -> tuple[int, str, int, int] | None:
    """The first step a child would work out: ``(a, op, b, result)``; None for a lone card.

    Inside a chain, a bracket or a higher-precedence term is worked out before its neighbours.
    """
    if form[0] == LEAF:
        return None
    if form[0] == POWER:
        base, exponent = form[1], form[2]
        inner = first_step(base) or first_step(exponent)
        return inner or (value(base), "^", value(exponent), value(form))
    first, second = ordered_terms(form)
    terms = first + second
    inner = first_step(terms[0]) or first_step(terms[1])
    if inner:
        return inner
    a, b = value(terms[0]), value(terms[1])
    plus, minus = ("+", "-") if form[0] == SUM else ("*", "/")
    op = plus if len(first) > 1 else minus
    return a, op, b, apply(op, a, b)
