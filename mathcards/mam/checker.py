"""Reading and checking what a child types, with a sentence for every mistake.

`parse` turns text such as ``7×6−12+2`` or ``7^(12:6) - 15 - 2`` into a tree of `Number` and
`Operation` nodes (`tree`: usual precedence, ``^`` to the right); `check` tests the tree against
the cards on the table and the target, step by step, with the rules of `steps.apply`; `preview`
reads what is typed so far, for the answer box.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any

from mathcards.mam import expression
from mathcards.mam.expression import Form
from mathcards.mam.inputs import checked_max_power, checked_target, hand_of
from mathcards.mam.reasons import Reason, frozen, word
from mathcards.mam.steps import MAX_POWER, StepError, apply
from mathcards.mam.tree import BINDING, Node, Number, Operation, numbers, tree_latex, tree_text

MAX_LENGTH = 200

# What a child may type for each operator; everything maps to ASCII.
SPELLINGS = {
    "+": "+",
    "-": "-",
    "−": "-",
    "–": "-",
    "—": "-",
    "*": "*",
    "×": "*",
    "x": "*",
    "X": "*",
    "·": "*",
    "⋅": "*",
    "∙": "*",
    "/": "/",
    "÷": "/",
    ":": "/",
    "^": "^",
}
BRACKETS = {"(": "(", "[": "(", "{": "(", ")": ")", "]": ")", "}": ")"}
CLOSES = {"(": ")", "[": "]", "{": "}"}
MAX_CLAIMED_DIGITS = 12  # after "=": no total of the game comes near a dozen digits


class AnswerSyntaxError(ValueError):
    """Text that cannot be read as a calculation: why (`reason`, a key of
    `reasons.SYNTAX_REASONS`), and `position` where reading stopped."""

    def __init__(self, position: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.reason, self.position = Reason.of(key, **params), position

    def __str__(self) -> str:
        return word(self.reason)


class VerdictKind(Enum):
    """What a checked answer turned out to be."""

    CORRECT = "correct"
    EMPTY = "empty"  # nothing typed
    SYNTAX = "syntax"  # text that cannot be read as a calculation
    NOT_ON_TABLE = "not-on-table"  # a number that is not a face-up card
    USED_TOO_OFTEN = "used-too-often"  # a card used more often than it lies there
    STEP = "step"  # a step the rules forbid (a fraction, below zero, a power too big)
    TOTAL = "total"  # a good calculation of the wrong number

    @property
    def readable(self) -> bool:
        """Could the text be read as a calculation at all?"""
        return self not in (VerdictKind.EMPTY, VerdictKind.SYNTAX)


@dataclass(frozen=True)
class Verdict:
    """The answer to "is this right?": `correct`, and why (`reason`: a key and its parameters,
    said in the language in use by `message`)."""

    correct: bool
    reason: Reason
    kind: VerdictKind
    value: int | None = None
    cards: tuple[int, ...] = ()
    position: int | None = None
    form: Form | None = None

    def __bool__(self) -> bool:
        return self.correct

    @property
    def message(self) -> str:
        """Why, in a sentence in the language in use."""
        return word(self.reason)

    def json(self) -> dict[str, Any]:
        """The verdict as the class service sends it and the class book keeps it (made once:
        a live round's views send it again at every change; not to be changed)."""
        return self.kept

    @cached_property
    def kept(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            **self.reason.json(),
            "value": self.value,
            "cards": list(self.cards),
            "position": self.position,
        }

    @classmethod
    def from_json(cls, kept: dict[str, Any]) -> Verdict:
        """A verdict the service sent or the book kept (a ValueError if it is none)."""
        kind, reason = VerdictKind(kept["kind"]), Reason.from_json(kept)
        value = kept.get("value")
        form = reason.values.get("calculation")
        cards = tuple(int(card) for card in kept.get("cards") or ())
        position = kept.get("position")
        return cls(
            kind is VerdictKind.CORRECT,
            reason,
            kind,
            None if value is None else int(value),
            cards,
            None if position is None else int(position),
            None if form is None else frozen(form),
        )

    @property
    def calculations(self) -> tuple[Form, ...]:
        """The calculations the message writes out, for a page to typeset."""
        return getattr(self.message, "calculations", ())

    def confirmed(self) -> Verdict:
        """This verdict, once sympy has worked a right answer out exactly to its value (else
        `typeset.Unconfirmed`)."""
        if self.correct and self.form is not None and self.value is not None:
            from mathcards.mam import typeset  # sympy, once shown

            typeset.confirm(self.form, self.value)
        return self


# ---------------------------------------------------------------- reading


def tokens(answer: str) -> list[tuple[str, int]]:
    """The answer as (token, position) pairs: numbers, ASCII operators, brackets."""
    found: list[tuple[str, int]] = []
    i = 0
    while i < len(answer):
        char = answer[i]
        if char.isspace():
            i += 1
        elif char in "0123456789":
            start = i
            while i < len(answer) and answer[i] in "0123456789":
                i += 1
            found.append((answer[start:i], start))
        elif answer.startswith("**", i):
            found.append(("^", i))
            i += 2
        elif char in SPELLINGS or char in BRACKETS:
            found.append((SPELLINGS.get(char) or BRACKETS[char], i))
            i += 1
        else:
            raise AnswerSyntaxError(i, "unreadable", char=char)
    return found


class _Reader:
    """A recursive-descent reader: sum of products of powers of numbers or brackets."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.tokens = tokens(answer)
        self.at = 0

    def peek(self) -> tuple[str, int]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("", len(self.answer))

    def read(self) -> Node:
        if not self.tokens:
            raise AnswerSyntaxError(0, "nothing-typed")
        tree = self.expression(1)
        token, position = self.peek()
        if token == ")":
            raise AnswerSyntaxError(position, "unopened")
        if token:
            raise AnswerSyntaxError(position, "no-operator", token=token)
        return tree

    def expression(self, binding: int) -> Node:
        """Operators binding at least this tightly; ``^`` groups to the right."""
        left = self.operand()
        while (op := self.peek()[0]) in BINDING and BINDING[op] >= binding:
            position = self.peek()[1]
            self.at += 1
            right = self.expression(BINDING[op] + (op != "^"))
            left = Operation(op, left, right, position)
        return left

    def operand(self) -> Node:
        token, position = self.peek()
        self.at += 1
        if token.isdigit():
            return Number(int(token), position)
        if token == "(":
            if self.peek()[0] == ")":
                raise AnswerSyntaxError(position, "empty-brackets")
            inner = self.expression(1)
            closing, end = self.peek()
            opened = self.answer[position]
            if closing != ")":
                raise AnswerSyntaxError(position, "unclosed", bracket=opened)
            if self.answer[end] != CLOSES[opened]:
                wrong, right = self.answer[end], CLOSES[opened]
                raise AnswerSyntaxError(
                    end, "wrong-close", bracket=opened, wrong=wrong, right=right
                )
            self.at += 1
            return inner
        if not token:
            raise AnswerSyntaxError(position, "missing-after", operator=self.tokens[-1][0])
        if self.at == 1 and token == "-":
            raise AnswerSyntaxError(0, "starts-minus")
        if token == ")":
            raise AnswerSyntaxError(position, "missing-before-close")
        raise AnswerSyntaxError(position, "missing-before", operator=token)


def parse(answer: str) -> Node:
    """The calculation in `answer` as a tree, or an AnswerSyntaxError saying where it breaks."""
    if len(answer) > MAX_LENGTH:
        raise AnswerSyntaxError(0, "too-long", most=MAX_LENGTH)
    return _Reader(answer).read()


def evaluate(tree: Node, *, power: bool = False, max_power: int = MAX_POWER) -> tuple[int, Form]:
    """The value and canonical form of a tree, or the StepError of its first broken step."""
    if isinstance(tree, Number):
        return tree.value, expression.leaf(tree.value)
    a, left = evaluate(tree.left, power=power, max_power=max_power)
    b, right = evaluate(tree.right, power=power, max_power=max_power)
    result = apply(tree.op, a, b, powers=power, max_power=max_power)
    return result, expression.combine(tree.op, left, right)


# ---------------------------------------------------------------- checking


def check(
    answer: str,
    cards: Iterable[int],
    target: int,
    *,
    power: bool = False,
    max_power: int = MAX_POWER,
) -> Verdict:
    """Is `answer` a correct calculation of `target` from `cards`? Never raises on any text.

    A final ``= N`` is allowed; N must be what the calculation makes.
    """
    table = Counter(hand_of(cards, limit=None))
    checked_target(target)
    checked_max_power(max_power)
    answer = str(answer)
    calculation, equals, claimed = answer.partition("=")
    try:
        tree = parse(calculation)
        said = claimed.strip()
        if equals and not (said.isascii() and said.isdigit()):
            raise AnswerSyntaxError(len(answer), "after-equals")
        if len(said) > MAX_CLAIMED_DIGITS:
            raise AnswerSyntaxError(len(answer), "equals-too-long")
    except AnswerSyntaxError as problem:
        kind = VerdictKind.SYNTAX if answer.strip() else VerdictKind.EMPTY
        return Verdict(False, problem.reason, kind, position=problem.position)
    used = numbers(tree)
    cards_used = tuple(number.value for number in used)
    wrong_card = _card_problem(used, table)
    if wrong_card:
        kind, reason, position = wrong_card
        return Verdict(False, reason, kind, cards=cards_used, position=position)
    try:
        value, form = evaluate(tree, power=power, max_power=max_power)
    except StepError as problem:
        broken = Reason.of(problem.reason, **problem.values, **_step_of(problem))
        return Verdict(False, broken, VerdictKind.STEP, cards=cards_used)
    for wanted in ([int(claimed)] if equals else []) + [target]:
        if value != wanted:
            total = Reason.of("total", value=value, wanted=wanted)
            return Verdict(False, total, VerdictKind.TOTAL, value, cards_used, form=form)
    right = Reason.of("correct", calculation=form, target=target, n=len(used))
    return Verdict(True, right, VerdictKind.CORRECT, value, cards_used, form=form)


def _step_of(problem: StepError) -> dict[str, tuple[int, str, int]]:
    return {"step": problem.step} if problem.step else {}


def _card_problem(
    used: list[Number], table: Counter[int]
) -> tuple[VerdictKind, Reason, int] | None:
    """The first number not on the table, or used more often than it lies there."""
    counts = Counter(number.value for number in used)
    seen: Counter[int] = Counter()
    for number in used:
        value, lying = number.value, table[number.value]
        seen[value] += 1
        if not lying:
            missing = Reason.of("not-on-table", card=value)
            return VerdictKind.NOT_ON_TABLE, missing, number.position
        if seen[value] > lying:
            twice = Reason.of("used-too-often", card=value, used=counts[value], lying=lying)
            return VerdictKind.USED_TOO_OFTEN, twice, number.position
    return None


# ---------------------------------------------------------------- the live preview


@dataclass(frozen=True)
class Preview:
    """What the answer box shows while a child types: the calculation and its value so far."""

    latex: str = ""
    value: int | None = None
    complete: bool = True
    problem: str = ""
    tree: Node | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The calculation read so far, in plain text (for a screen reader): ``7 × 6 − 12``."""
        return tree_text(self.tree) if self.tree is not None else ""

    @property
    def mathml(self) -> str:
        """The calculation read so far, typeset from its sympy expression (`typeset`)."""
        from mathcards.mam import typeset  # sympy, once typed

        return typeset.mathml(self.tree) if self.tree is not None else ""


def preview(answer: str, *, power: bool = False, max_power: int = MAX_POWER) -> Preview:
    """The typed calculation as LaTeX with its value; an unfinished one is read up to where
    it stops (trailing operators dropped, open brackets closed)."""
    text = str(answer).partition("=")[0]
    if not text.strip():
        return Preview()
    complete = True
    try:
        tree: Node | None = parse(text)
    except AnswerSyntaxError as problem:
        tree, complete = _finished_part(text), False
        if tree is None:
            return Preview(problem=str(problem), complete=False)
    assert tree is not None
    latex = tree_latex(tree)
    try:
        value, _ = evaluate(tree, power=power, max_power=max_power)
    except StepError as problem:
        return Preview(latex, None, complete, str(problem), tree)
    return Preview(latex, value, complete, tree=tree)


def _finished_part(text: str) -> Node | None:
    """The calculation typed so far: drop trailing operators, close open brackets."""
    trimmed = text.rstrip()
    while trimmed and (trimmed[-1] in SPELLINGS or trimmed[-1] in "([{" or trimmed[-1].isspace()):
        trimmed = trimmed[:-1]
    still_open: list[str] = []
    for char in trimmed:
        if char in CLOSES:
            still_open.append(CLOSES[char])
        elif char in BRACKETS and still_open:
            still_open.pop()
    try:
        return parse(trimmed + "".join(reversed(still_open))) if trimmed else None
    except AnswerSyntaxError:
        return None
