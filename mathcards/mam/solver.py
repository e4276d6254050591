"""The target game's solver: every distinct way to make the target from the face-up cards.

A hand is a sorted tuple of card values, so equal cards are interchangeable. The solver works
in two passes on plain ints and tuples (never sympy objects):

1. `values(hand)`: every value any calculation over exactly these cards makes, by combining
   the value sets of the two halves of every split (memoised on the hand);
2. `forms(hand, target)`: the canonical forms reaching the target, top-down; each split is
   tried only for the partner values that the other half can really make.

`is_solvable` and `best` on six to eight cards never build the large value sets: they search
towards the target from the small halves of each split (`Search.find`).

Every call is bounded. Listing every solution is exact up to `LISTED` cards (7, or 6 with the
exponent variant: a second or two); `find_solutions` lists the best ones of any table and says
how many there are, or "more than" when counting them all would take minutes. `reachable` and
`solve`, which are exact, refuse larger tables with a ValueError.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from mathcards.i18n import N_, _, number
from mathcards.mam import expression
from mathcards.mam.expression import Form
from mathcards.mam.inputs import Hand, checked_max_power, checked_target, hand_of
from mathcards.mam.steps import MAX_POWER, Partners, combine_values, partners

MAX_CARDS = 8
LISTED = {False: 7, True: 6}  # the most cards whose every solution is listed in a second or two
WORK = 20_000  # forms `find_solutions` builds on a larger table before it lists one a selection
SMALL_HAND = 5  # up to this many cards, building every value is faster than searching
Half = tuple[Hand, int]  # a part of the hand and the value made from it

if TYPE_CHECKING:
    import sympy

OPERATOR_COST = {"+": 1, "-": 2, "*": 3, "/": 4, "^": 5}
HARD_OPERATORS = frozenset("*/^")  # a times table, a division, a power: each harder than + and −


@dataclass(frozen=True)
class Solution:
    """One solution: a canonical form, with everything needed to show it."""

    form: Form

    @cached_property
    def text(self) -> str:
        """ASCII, readable left to right: ``7*6+2-12``."""
        return expression.text(self.form)

    @property
    def pretty(self) -> str:
        """As a child writes it: ``7 × 6 + 2 − 12`` (division in the language in use)."""
        return expression.pretty(self.form)

    @property
    def latex(self) -> str:
        r"""LaTeX with ``\times`` and ``\div``."""
        return expression.latex(self.form)

    @cached_property
    def cards(self) -> tuple[int, ...]:
        """The cards used, in reading order."""
        return expression.cards(self.form)

    @cached_property
    def value(self) -> int:
        return expression.value(self.form)

    @cached_property
    def operators(self) -> list[str]:
        return expression.operators(self.form)

    def to_sympy(self) -> sympy.Expr:
        """An unevaluated sympy expression (``sympy.sstr(e, order="none")`` keeps the order)."""
        from mathcards.mam import typeset  # sympy, only here

        return typeset.to_sympy(self.form)

    @property
    def mathml(self) -> str:
        """Typeset from its sympy expression: ``<math>…<mo>×</mo>…</math>``."""
        from mathcards.mam import typeset  # sympy, once typeset

        return typeset.mathml(self.form)

    def confirmed(self, target: int | None = None) -> Solution:
        """This solution, once sympy has worked its expression out exactly to `target` (its own
        value if none is given); else `typeset.Unconfirmed`. Cheap: for the few a page shows."""
        from mathcards.mam import typeset  # sympy, once confirmed

        typeset.confirm(self.form, self.value if target is None else target)
        return self

    @cached_property
    def difficulty(self) -> tuple[int, int, int, str]:
        """How hard it is to find, for equal card counts: more ×, ÷ and ^, then costlier
        operators, then more brackets."""
        hard = sum(op in HARD_OPERATORS for op in self.operators)
        cost = sum(OPERATOR_COST[op] for op in self.operators)
        return hard, cost, self.text.count("("), self.text

    @cached_property
    def plainness(self) -> tuple[int, int, tuple[int, int, int, str]]:
        """How plain it reads: fewest operations, then fewest brackets, then cheapest."""
        return len(self.operators), self.text.count("("), self.difficulty

    def __str__(self) -> str:
        return self.pretty


class Reach(NamedTuple):
    """The fewest and the most cards that make a target."""

    fewest: int
    most: int


# ---------------------------------------------------------------- pass 1: values


@lru_cache(maxsize=4096)
def splits(hand: Hand) -> tuple[tuple[Hand, Hand], ...]:
    """Every way to cut a hand into two non-empty parts, each unordered pair once."""
    found: dict[tuple[Hand, Hand], None] = {}
    for mask in range(1, 1 << (len(hand) - 1)):
        left = tuple(card for i, card in enumerate(hand) if mask >> i & 1)
        right = tuple(card for i, card in enumerate(hand) if not mask >> i & 1)
        found[min(left, right), max(left, right)] = None
    return tuple(found)


def values(
    hand: Hand,
    powers: bool = False,
    max_power: int = MAX_POWER,
    memo: dict[Hand, frozenset[int]] | None = None,
) -> frozenset[int]:
    """Every value a calculation using exactly the cards of `hand` can make. `memo` keeps the
    value sets of the parts for one question only, so a long-lived kernel does not grow."""
    memo = {} if memo is None else memo
    if hand not in memo:
        if len(hand) == 1:
            memo[hand] = frozenset(hand)
        else:
            made: set[int] = set()
            for left, right in splits(hand):
                made |= combine_values(
                    values(left, powers, max_power, memo),
                    values(right, powers, max_power, memo),
                    powers=powers,
                    max_power=max_power,
                )
            memo[hand] = frozenset(made)
    return memo[hand]


def sub_hands(hand: Hand) -> list[Hand]:
    """Every distinct non-empty selection of cards from the hand, fewest cards first."""
    found = {
        tuple(card for i, card in enumerate(hand) if mask >> i & 1)
        for mask in range(1, 1 << len(hand))
    }
    return sorted(found, key=lambda part: (len(part), part))


# ---------------------------------------------------------------- pass 2: forms


class _OverBudget(Exception):
    """Listing the forms of one selection would build more forms than the call may."""


class Search:
    """The forms that reach values from parts of one hand, under one set of rules
    (memoised for the life of one question). `budget` caps the forms `forms` may build."""

    def __init__(self, powers: bool, max_power: int, budget: int | None = None) -> None:
        self.powers, self.max_power, self.budget = powers, max_power, budget
        self.memo: dict[tuple[Hand, int], frozenset[Form]] = {}
        self.found: dict[tuple[Hand, int], Form | None] = {}
        self.made: dict[Hand, frozenset[int]] = {}

    def values(self, hand: Hand) -> frozenset[int]:
        return values(hand, self.powers, self.max_power, self.made)

    def steps(self, hand: Hand, target: int) -> Iterator[tuple[str, Half, Half]]:
        """Every last step ``left op right == target`` over a split of the hand."""
        for left, right in splits(hand):
            known, other = left, right
            if len(self.values(left)) > len(self.values(right)):
                known, other = right, left
            other_values = self.values(other)
            for a in self.values(known):
                for op, a_is_left, candidates in partners(
                    a, target, powers=self.powers, max_power=self.max_power
                ):
                    for b in _matching(candidates, other_values):
                        if a_is_left:
                            yield op, (known, a), (other, b)
                        else:
                            yield op, (other, b), (known, a)

    def forms(self, hand: Hand, target: int) -> frozenset[Form]:
        """Every canonical form over exactly the cards of `hand` that makes `target`."""
        key = (hand, target)
        if key not in self.memo:
            if len(hand) == 1:
                found = {expression.leaf(target)} if hand[0] == target else set()
            else:
                found = {
                    expression.combine(op, left_form, right_form)
                    for op, left, right in self.steps(hand, target)
                    for left_form in self.forms(*left)
                    for right_form in self.forms(*right)
                }
            if self.budget is not None:
                self.budget -= len(found)
                if self.budget < 0:
                    raise _OverBudget
            self.memo[key] = frozenset(found)
        return self.memo[key]

    def witness(self, hand: Hand, target: int) -> Form:
        """One form over exactly `hand` making `target`, which `values` says exists."""
        if len(hand) == 1:
            return expression.leaf(target)
        op, left, right = next(self.steps(hand, target))
        return expression.combine(op, self.witness(*left), self.witness(*right))

    def find(self, hand: Hand, target: int) -> Form | None:
        """One form over exactly `hand` making `target`, or None if there is none.

        Small hands look the target up in their value set; larger ones search towards it,
        so the value set of a large hand (seconds for 8 cards with powers) is never built.
        """
        if len(hand) <= SMALL_HAND:
            return self.witness(hand, target) if target in self.values(hand) else None
        key = (hand, target)
        if key not in self.found:
            self.found[key] = self._search(hand, target)
        return self.found[key]

    def _search(self, hand: Hand, target: int) -> Form | None:
        halves = sorted((sorted(pair, key=len) for pair in splits(hand)), key=lambda p: len(p[0]))
        for small, large in halves:
            for a in self.values(small):
                for op, a_is_left, candidates in partners(
                    a, target, powers=self.powers, max_power=self.max_power
                ):
                    for b in _some(candidates, large):
                        found = self.find(large, b)
                        if found is not None:
                            known = self.witness(small, a)
                            pair = (known, found) if a_is_left else (found, known)
                            return expression.combine(op, *pair)
        return None


def _some(candidates: Partners, hand: Hand) -> tuple[int, ...]:
    """The partner values to try; a test (any, or positive) is met by the sum of the hand."""
    return (sum(hand),) if callable(candidates) else candidates


def _matching(candidates: Partners, made: frozenset[int]) -> Iterable[int]:
    if callable(candidates):
        return [b for b in made if candidates(b)]
    return [b for b in candidates if b in made]


# ---------------------------------------------------------------- the public faces


def solve(
    cards: Iterable[int], target: int, *, power: bool = False, max_power: int = MAX_POWER
) -> list[Solution]:
    """Every distinct solution (docs/rules.md#mam-same-answer), most cards first, then simplest,
    for up to `LISTED` cards; a larger table is a ValueError (use `find_solutions`)."""
    hand, search = _prepare(cards, target, power, max_power)
    _check_listed(hand, power, "list")
    found = {
        form
        for part in sub_hands(hand)
        if target in search.values(part)
        for form in search.forms(part, target)
    }
    return _in_order(found)


@dataclass(frozen=True)
class Found:
    """The best solutions of a table and how many there are in all (`complete`), or at least
    (`complete` is False: counting them all would take minutes)."""

    solutions: list[Solution]
    total: int
    complete: bool

    @property
    def count(self) -> str:
        """How many solutions, in words: "23", or "more than 4,000" ("ponad 4 000")."""
        total = number(self.total, 0)
        return total if self.complete else _("more than {count}").format(count=total)


def find_solutions(
    cards: Iterable[int],
    target: int,
    *,
    power: bool = False,
    max_power: int = MAX_POWER,
    limit: int = 100,
) -> Found:
    """The `limit` best solutions of any table (most cards first, then simplest), in a few
    seconds at most. Up to `LISTED` cards every solution is counted; on a larger table the
    largest selections, and those past a work budget, give one solution each, and the total is
    then a lower bound."""
    hand, search = _prepare(cards, target, power, max_power)
    if not isinstance(limit, int) or limit < 1:
        message = _("limit must be a whole number, 1 or more, not {limit}")
        raise ValueError(message.format(limit=repr(limit)))
    listed = LISTED[search.powers]
    if len(hand) > listed:
        search.budget, listed = WORK, listed - 1
    found: set[Form] = set()
    complete = True
    for part in reversed(sub_hands(hand)):
        if len(part) <= listed and (search.budget is None or search.budget > 0):
            try:
                if target in search.values(part):
                    found |= search.forms(part, target)
                continue
            except _OverBudget:
                search.budget = 0
        witness = search.find(part, target)
        if witness is not None:
            found.add(witness)
            complete = False
    return Found(_in_order(found)[:limit], len(found), complete)


def plainest_then_fullest(solutions: Iterable[Solution], shown: int) -> list[Solution]:
    """`shown` solutions to reveal to a class: the plainest first (fewest operations, no
    brackets it can do without), then those that use the most cards (docs/rules.md#mam-round)."""
    every = list(solutions)
    plain = sorted(every, key=lambda s: s.plainness)[: max(1, shown - shown // 2)]
    fullest = sorted(every, key=lambda s: (-len(s.cards), s.difficulty))
    return plain + [s for s in fullest if s not in plain][: shown - len(plain)]


def _in_order(forms: Iterable[Form]) -> list[Solution]:
    """Most cards first, then simplest."""
    return sorted(map(Solution, forms), key=lambda s: (-len(s.cards), s.difficulty))


TOO_MANY = {
    ("list", False): N_(
        "to list every solution give at most {most} cards, not {count}: "
        "there can be hundreds of thousands"
    ),
    ("list", True): N_(
        "to list every solution with the exponent variant give at most {most} cards, "
        "not {count}: there can be hundreds of thousands"
    ),
    ("values", False): N_(
        "to find every value give at most {most} cards, not {count}: "
        "there can be hundreds of thousands"
    ),
    ("values", True): N_(
        "to find every value with the exponent variant give at most {most} cards, "
        "not {count}: there can be hundreds of thousands"
    ),
}


def _check_listed(hand: Hand, power: bool, what: str) -> None:
    """A ValueError when a table is too big to `what` ("list" or "values") every answer of."""
    most = LISTED[bool(power)]
    if len(hand) > most:
        message = _(TOO_MANY[what, bool(power)])
        raise ValueError(message.format(most=most, count=len(hand)))


def is_solvable(
    cards: Iterable[int], target: int, *, power: bool = False, max_power: int = MAX_POWER
) -> bool:
    """Can some selection of the cards make the target?"""
    hand, search = _prepare(cards, target, power, max_power)
    return any(search.find(part, target) is not None for part in sub_hands(hand))


def best(
    cards: Iterable[int], target: int, *, power: bool = False, max_power: int = MAX_POWER
) -> Solution | None:
    """A solution that uses the most cards, or None when there is none."""
    hand, search = _prepare(cards, target, power, max_power)
    for part in reversed(sub_hands(hand)):
        form = search.find(part, target)
        if form is not None:
            return Solution(form)
    return None


def simplest(
    cards: Iterable[int], target: int, *, power: bool = False, max_power: int = MAX_POWER
) -> Solution | None:
    """The simplest of the solutions with the fewest cards, or None when there is none."""
    hand, search = _prepare(cards, target, power, max_power)
    for size in range(1, len(hand) + 1):
        parts = [part for part in sub_hands(hand) if len(part) == size]
        if size > LISTED[bool(power)]:  # too many to compare: the first one found
            forms = [form for part in parts if (form := search.find(part, target)) is not None]
        else:
            forms = [
                form
                for part in parts
                if target in search.values(part)
                for form in search.forms(part, target)
            ]
        if forms:
            return min(map(Solution, forms), key=lambda s: s.difficulty)
    return None


def reachable(
    cards: Iterable[int], *, power: bool = False, max_power: int = MAX_POWER
) -> dict[int, Reach]:
    """Every target the cards can make, with the fewest and the most cards that make it (for
    up to `LISTED` cards; a larger table is a ValueError)."""
    hand = hand_of(cards, limit=MAX_CARDS)
    _check_listed(hand, power, "values")
    max_power = checked_max_power(max_power)
    reach: dict[int, Reach] = {}
    made: dict[Hand, frozenset[int]] = {}
    for part in sub_hands(hand):
        size = len(part)
        for target in values(part, power, max_power, made):
            fewest = reach[target].fewest if target in reach else size
            reach[target] = Reach(fewest, size)
    return dict(sorted(reach.items()))


def _prepare(cards: Iterable[int], target: int, power: bool, max_power: int) -> tuple[Hand, Search]:
    hand = hand_of(cards, limit=MAX_CARDS)
    checked_target(target)
    return hand, Search(bool(power), checked_max_power(max_power))


__all__: list[str] = [
    "MAX_CARDS",
    "Found",
    "Reach",
    "Solution",
    "best",
    "find_solutions",
    "is_solvable",
    "reachable",
    "simplest",
    "solve",
    "values",
]
