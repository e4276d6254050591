"""The 81 Unikat cards (RULES.md §4): four features, three values each, every card unique.

A card is written as four letters, one per feature in this order: shape `s` `c` `q` (star,
circle, square), background `w` `r` `n` (white, red, navy), colour `b` `g` `y` (blue, green,
yellow), size `1` `2` `3` (small, medium, large). `swb1` is a small blue star on white.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import NamedTuple


@dataclass(frozen=True)
class Feature:
    """One of the four features: its name, its three values, and their letters in a code."""

    name: str
    values: tuple[str, str, str]
    letters: str


FEATURES = (
    Feature("shape", ("star", "circle", "square"), "scq"),
    Feature("background", ("white", "red", "navy"), "wrn"),
    Feature("colour", ("blue", "green", "yellow"), "bgy"),
    Feature("size", ("small", "medium", "large"), "123"),
)
CARD_HELP = (
    "a card is four letters: shape s/c/q, background w/r/n, colour b/g/y, size 1/2/3, like swb1"
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
        """Its shape, background, colour and size in words."""
        shape, background, colour, size = (
            feature.values[value] for feature, value in zip(FEATURES, self, strict=True)
        )
        return shape, background, colour, size

    @property
    def name(self) -> str:
        """The card in words, e.g. "small blue star on white"."""
        shape, background, colour, size = self.words
        return f"{size} {colour} {shape} on {background}"

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
        raise ValueError(f"{code!r} is not a card: {CARD_HELP}")
    values = []
    for feature, letter in zip(FEATURES, letters, strict=True):
        if letter not in feature.letters:
            raise ValueError(
                f"{code!r} is not a card: its {feature.name} must be one of "
                f"{'/'.join(feature.letters)}, not {letter!r} ({CARD_HELP})"
            )
        values.append(feature.letters.index(letter))
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
