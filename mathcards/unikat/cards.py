"""The 81 Unikat cards (docs/rules.md#unikat-cards): four features, three values each, every
card unique.

A card is written as four letters, one per feature in this order: shape `s` `c` `q` (star,
circle, square), background `w` `r` `n` (white, red, navy), colour `b` `g` `y` (blue, green,
yellow), size `1` `2` `3` (small, medium, large). `swb1` is a small blue star on white.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from typing import NamedTuple

from mathcards.i18n import N_, _


@dataclass(frozen=True)
class Feature:
    """One of the four features: its name, its three values, and their letters in a code (the
    name and the values are English words, marked for translating where they are shown)."""

    name: str
    values: tuple[str, str, str]
    letters: str


FEATURES = (
    Feature(N_("shape"), (N_("star"), N_("circle"), N_("square")), "scq"),
    Feature(N_("background"), (N_("white"), N_("red"), N_("navy")), "wrn"),
    Feature(N_("colour"), (N_("blue"), N_("green"), N_("yellow")), "bgy"),
    Feature(N_("size"), (N_("small"), N_("medium"), N_("large")), "123"),
)
# A card's figure, by shape, colour and size: one phrase each, so that a language can make its
# words agree with the shape (Polish: mała niebieska gwiazdka, małe niebieskie koło).
FIGURES = (
    (
        (N_("small blue star"), N_("medium blue star"), N_("large blue star")),
        (N_("small green star"), N_("medium green star"), N_("large green star")),
        (N_("small yellow star"), N_("medium yellow star"), N_("large yellow star")),
    ),
    (
        (N_("small blue circle"), N_("medium blue circle"), N_("large blue circle")),
        (N_("small green circle"), N_("medium green circle"), N_("large green circle")),
        (N_("small yellow circle"), N_("medium yellow circle"), N_("large yellow circle")),
    ),
    (
        (N_("small blue square"), N_("medium blue square"), N_("large blue square")),
        (N_("small green square"), N_("medium green square"), N_("large green square")),
        (N_("small yellow square"), N_("medium yellow square"), N_("large yellow square")),
    ),
)
ON_BACKGROUND = (N_("{figure} on white"), N_("{figure} on red"), N_("{figure} on navy"))
CARD_HELP = N_(
    "A card is four letters: shape s/c/q (star, circle, square), background w/r/n (white, red, "
    "navy), colour b/g/y (blue, green, yellow), size 1/2/3 (small, medium, large), like swb1."
)


class Card(NamedTuple):
    """A card as the index (0, 1 or 2) of its value in each feature."""

    shape: int
    background: int
    colour: int
    size: int

    @property
    def code(self) -> str:
        """The four letters, e.g. `swb1`."""
        return "".join(
            feature.letters[value] for feature, value in zip(FEATURES, self, strict=True)
        )

    @property
    def words(self) -> tuple[str, str, str, str]:
        """Its shape, background, colour and size as English words (keys, not for reading)."""
        shape, background, colour, size = (
            feature.values[value] for feature, value in zip(FEATURES, self, strict=True)
        )
        return shape, background, colour, size

    @property
    def name(self) -> str:
        """The card in words in the language in use, e.g. "small blue star on white"."""
        figure = _(FIGURES[self.shape][self.colour][self.size])
        return _(ON_BACKGROUND[self.background]).format(figure=figure)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"card({self.code!r})" if self in NEIGHBOURS else f"Card{tuple(self)}"


DECK: tuple[Card, ...] = tuple(Card(*values) for values in product(range(3), repeat=4))


def card(code: str | Card) -> Card:
    """The card with this code (case and spaces do not matter), or a ValueError saying why not."""
    if isinstance(code, Card):
        return code
    letters = str(code).strip().lower()
    if len(letters) != len(FEATURES):
        problem = _("{code} is not a card.").format(code=repr(code))
        raise ValueError(f"{problem} {_(CARD_HELP)}")
    values = []
    for feature, letter in zip(FEATURES, letters, strict=True):
        if letter not in feature.letters:
            problem = _(
                "{code} is not a card: its {feature} must be one of {letters}, not {letter}."
            )
            raise ValueError(
                problem.format(
                    code=repr(code),
                    feature=_(feature.name),
                    letters="/".join(feature.letters),
                    letter=repr(letter),
                )
                + f" {_(CARD_HELP)}"
            )
        values.append(feature.letters.index(letter))
    return Card(*values)


def card_with(words: Iterable[str]) -> Card:
    """The card with these values of its four features, as English words (see `Card.words`):
    ``card_with(("star", "white", "blue", "small"))`` is swb1."""
    values = []
    for feature, word in zip(FEATURES, words, strict=True):
        if word not in feature.values:
            raise ValueError(
                _("a {feature} is {values}, not {word}").format(
                    feature=_(feature.name),
                    values="/".join(_(value) for value in feature.values),
                    word=repr(word),
                )
            )
        values.append(feature.values.index(word))
    return Card(*values)


def parse_cards(codes: str) -> list[Card]:
    """Cards written one after another, separated by spaces or commas: ``swb1 cwb1``."""
    return [card(code) for code in codes.replace(",", " ").split()]


def differences(a: Card, b: Card) -> int:
    """In how many features two cards differ."""
    return sum(x != y for x, y in zip(a, b, strict=True))


def touches(a: Card, b: Card) -> bool:
    """The laying rule for two cards side by side: they differ in exactly one feature."""
    return b in NEIGHBOURS[a]


def neighbours(of: Card) -> list[Card]:
    """The 8 cards that may touch a card: one feature changed to one of its two other values."""
    return [
        Card(*(*of[:feature], value, *of[feature + 1 :]))
        for feature in range(len(FEATURES))
        for value in range(3)
        if value != of[feature]
    ]


NEIGHBOURS: dict[Card, frozenset[Card]] = {one: frozenset(neighbours(one)) for one in DECK}
