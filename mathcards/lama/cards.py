"""LAMA's cards, its four decks and how a hand scores (docs/rules.md#lama-decks,
docs/rules.md#chips-scoring).

A card is a `Card`: the numbers 1–6, the "+" cards 1+–6+ (LAMA PARTy), the llama, the mosquito
(the Polish "Lato z komarami" edition) and the pink llama. Typed, a card is a token: `1`–`6`,
`1+`–`6+`, `L` (the deck's llama, which is the mosquito in `lato-z-komarami`) and `P`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from mathcards.chips import LLAMA, penalty
from mathcards.i18n import N_, _, ngettext

HAND_SIZE = 6
MOSQUITO_POINTS = 10
PINK_LLAMA_POINTS = 20


class Card(IntEnum):
    """One kind of LAMA card; cards of one kind are interchangeable."""

    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    LLAMA = LLAMA
    MOSQUITO = 8
    PINK_LLAMA = 9
    ONE_PLUS = 11
    TWO_PLUS = 12
    THREE_PLUS = 13
    FOUR_PLUS = 14
    FIVE_PLUS = 15
    SIX_PLUS = 16

    @property
    def rank(self) -> int:
        """Its place in the climb 1, 2, … 6, llama (7); a "+" card is its number, the mosquito
        a llama; the pink llama has no place (0): it goes on anything."""
        if self is Card.PINK_LLAMA:
            return 0
        if self is Card.MOSQUITO:
            return LLAMA
        return self % 10

    @property
    def plus(self) -> bool:
        """A "+" card: after playing it you take another turn at once."""
        return self > 10

    @property
    def token(self) -> str:
        """How the card is typed: 1–6, 1+–6+, L (llama or mosquito), P (pink llama)."""
        if self.rank == LLAMA:
            return "L"
        if self is Card.PINK_LLAMA:
            return "P"
        return f"{self.rank}+" if self.plus else str(self.rank)

    @property
    def word(self) -> str:
        """The card's name on its own: 3, 3+, llama, mosquito, pink llama (Polish: lama)."""
        return _(WORDS[self]) if self in WORDS else self.token

    @property
    def a(self) -> str:
        """The card a sentence plays or lays on: a 3, a llama, the pink llama (Polish: lamę)."""
        return _(WITH_A[self]) if self in WITH_A else _("a {card}").format(card=self.token)

    @property
    def the(self) -> str:
        """The card a sentence points at: the 3, the llama (Polish: lamę)."""
        return _(WITH_THE[self]) if self in WITH_THE else _("the {card}").format(card=self.token)

    @property
    def order(self) -> tuple[int, int]:
        """Where the card goes in a sorted hand: by rank, a "+" after its number, pink last."""
        return (self.rank or LLAMA + 1, self.plus)


# The animals' names: on their own, with "a" and with "the" (Polish says the last two in the
# accusative, the case of a card played or laid on: "Ala zagrywa lamę", "na lamę").
WORDS = {Card.LLAMA: N_("llama"), Card.MOSQUITO: N_("mosquito"), Card.PINK_LLAMA: N_("pink llama")}
WITH_A = {
    Card.LLAMA: N_("a llama"),
    Card.MOSQUITO: N_("a mosquito"),
    Card.PINK_LLAMA: N_("the pink llama"),
}
WITH_THE = {
    Card.LLAMA: N_("the llama"),
    Card.MOSQUITO: N_("the mosquito"),
    Card.PINK_LLAMA: N_("the pink llama"),
}
NUMBERS = tuple(Card(value) for value in range(1, 7))
PLUS_CARDS = tuple(Card(value + 10) for value in range(1, 7))


@cache  # 15 × 15 pairs of kinds at most
def can_play(card: Card, top: Card) -> bool:
    """Same value as the top card or one higher; the llama sits above 6 and below 1.

    The pink llama goes on anything, and only a 1 or a llama (normal or pink) goes on it.
    """
    if card is Card.PINK_LLAMA:
        return True
    if top is Card.PINK_LLAMA:
        return card.rank in (1, LLAMA)
    return card.rank in (top.rank, top.rank % LLAMA + 1)


def follow(top: Card, llama: Card = Card.LLAMA) -> str:
    """What may go on this top card, in words (`llama`: the deck's llama or mosquito)."""
    if top is Card.PINK_LLAMA:
        return _("only a 1 or a llama may go on the pink llama")
    same = llama if top.rank == LLAMA else Card(top.rank)
    higher = {6: llama, LLAMA: Card.ONE}.get(top.rank, Card(top.rank % LLAMA + 1))
    return _("on {top} play {same} or {higher}").format(top=top.a, same=same.a, higher=higher.a)


@dataclass(frozen=True)
class Deck:
    """A named deck: how many cards of each kind it holds."""

    name: str
    counts: tuple[tuple[Card, int], ...]

    @property
    def label(self) -> str:
        """The deck's name as a page shows it: a preset's in the language in use."""
        return _(LABELS[self.name]) if self.name in LABELS else self.name

    @property
    def llama(self) -> Card:
        """The card the token `L` names: the llama, or the mosquito in its stead."""
        return Card.MOSQUITO if self.count(Card.MOSQUITO) else Card.LLAMA

    @property
    def pink_chips(self) -> bool:
        """LAMA PARTy always plays with the pink 20-point chips."""
        return self.count(Card.PINK_LLAMA) > 0

    @property
    def kinds(self) -> tuple[Card, ...]:
        """The kinds of card in this deck."""
        return tuple(card for card, _count in self.counts)

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(count for _card, count in self.counts)

    def count(self, card: Card) -> int:
        """How many cards of this kind the deck holds."""
        return dict(self.counts).get(card, 0)

    def cards(self) -> list[Card]:
        """Every card of the deck, in order of kind."""
        return [card for card, count in self.counts for _copy in range(count)]

    def token(self, text: str) -> Card:
        """The card a token names in this deck, or a ValueError saying why there is none."""
        card = parse_card(text, llama=self.llama)
        if not self.count(card):
            raise ValueError(
                _("the {deck} deck has no {card} card ({token!r})").format(
                    deck=self.label, card=card.word, token=text.strip()
                )
            )
        return card

    def hand(self, tokens: Iterable[str]) -> tuple[Card, ...]:
        """A hand typed as tokens; no more copies of a card than the deck holds."""
        return self.check(self.token(text) for text in tokens)

    def check(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """These cards, sorted; a ValueError if the deck does not hold them all."""
        held = Counter(cards)
        for card, count in held.items():
            if count > (have := self.count(card)):
                raise ValueError(
                    ngettext(
                        "the {deck} deck holds {have} {card} card, not {count}",
                        "the {deck} deck holds {have} {card} cards, not {count}",
                        have,
                    ).format(deck=self.label, have=have, card=card.word, count=count)
                )
        return sort_hand(held.elements())

    def without(self, cards: Iterable[Card]) -> Counter[Card]:
        """The deck's cards less these ones (which it must hold)."""
        left = Counter(dict(self.counts))
        left.subtract(Counter(self.check(cards)))
        return +left


def make_deck(name: str, counts: dict[Card, int]) -> Deck:
    """A deck from its counts (a preset, or a small deck for a lesson or a test)."""
    if any(count < 0 for count in counts.values()):
        raise ValueError(_("a deck cannot hold fewer than 0 cards of a kind"))
    return Deck(name, tuple(sorted((c, n) for c, n in counts.items() if n)))


def _numbers(each: int) -> dict[Card, int]:
    """`each` cards of every number 1–6."""
    return dict.fromkeys(NUMBERS, each)


LABELS = {  # each preset's name as a page shows it
    "classic": N_("classic"),
    "party-box": N_("party box"),
    "lato-z-komarami": N_("Lato z komarami"),
    "party": N_("party"),
}
PRESETS: dict[str, Deck] = {
    deck.name: deck
    for deck in (
        make_deck("classic", {**_numbers(8), Card.LLAMA: 8}),
        make_deck("party-box", {**_numbers(8), Card.LLAMA: 7}),
        make_deck("lato-z-komarami", {**_numbers(8), Card.MOSQUITO: 7}),
        make_deck(
            "party",
            {
                **_numbers(7),
                **dict.fromkeys(PLUS_CARDS, 1),
                Card.LLAMA: 7,
                Card.PINK_LLAMA: 1,
            },
        ),
    )
}


def preset(name: str | Deck) -> Deck:
    """The named deck (a `Deck` is passed through)."""
    if isinstance(name, Deck):
        return name
    if name not in PRESETS:
        raise ValueError(
            _("unknown preset {name!r}: choose one of {presets}").format(
                name=name, presets=", ".join(PRESETS)
            )
        )
    return PRESETS[name]


def parse_card(text: str, *, llama: Card = Card.LLAMA) -> Card:
    """A typed token: 1–6, 1+–6+, L (the `llama` card) or P (the pink llama)."""
    token = text.strip().upper()
    if token == "L":
        return llama
    if token == "P":
        return Card.PINK_LLAMA
    number, plus = token.removesuffix("+"), token.endswith("+")
    if number in {"1", "2", "3", "4", "5", "6"}:
        return Card(int(number) + 10 * plus)
    raise ValueError(_("{text!r} is not a LAMA card: type 1–6, 1+–6+, L or P").format(text=text))


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in order: 1, 1+, 2, … 6, llama, pink llama."""
    return tuple(sorted(cards, key=lambda card: card.order))


def score_parts(hand: Iterable[Card], *, llama_scoring: str = "once") -> list[int]:
    """The points a hand scores, part by part: each distinct number once ("+" cards as their
    number), llamas 10 in all (or 10 each, §5's `penalty`), each mosquito 10, the pink llama 20."""
    held = list(hand)
    llamas = penalty([LLAMA] * held.count(Card.LLAMA), llama_scoring=llama_scoring)
    return [
        *sorted({card.rank for card in held if 0 < card.rank < LLAMA}),
        *[10] * (llamas // 10),
        *[MOSQUITO_POINTS] * held.count(Card.MOSQUITO),
        *[PINK_LLAMA_POINTS] * (Card.PINK_LLAMA in held),
    ]


def score(hand: Iterable[Card], *, llama_scoring: str = "once") -> int:
    """The penalty points a hand scores at the end of a round."""
    return sum(score_parts(hand, llama_scoring=llama_scoring))


def score_in_words(hand: Iterable[Card], *, llama_scoring: str = "once") -> str:
    """How a hand scores, spelled out: ``3, 3, 5, llama → 3 + 5 + 10 = 18``."""
    cards = sort_hand(hand)
    parts = score_parts(cards, llama_scoring=llama_scoring)
    if not cards:
        return _("no cards → 0")
    shown = ", ".join(card.word for card in cards)
    return f"{shown} → {' + '.join(map(str, parts))} = {sum(parts)}"


def distinct_values(hand: Iterable[Card]) -> int:
    """How many different values a hand holds: each number ("+" as its number), the llama
    (or mosquito), and the pink llama as a value of its own."""
    return len({card.rank for card in hand})
