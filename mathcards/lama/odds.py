"""Exact LAMA odds as `Fraction`s (issue 8 §2), never by sampling.

A dealt hand is a multiset of card kinds: with `n_k` cards of kind `k` in the deck, the hand
holding `h_k` of each comes in `∏ C(n_k, h_k)` of the `C(n, 6)` equally likely deals
(the multivariate hypergeometric distribution). Enumerating the few thousand multisets, each
with its multiplicity, gives every answer exactly. During play, the next card drawn is equally
likely to be any card the player has not seen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, prod

from mathcards.i18n import _, ngettext
from mathcards.lama.cards import (
    HAND_SIZE,
    Card,
    Deck,
    can_play,
    distinct_values,
    preset,
    score,
)
from mathcards.lama.view import LamaView

Kinds = tuple[tuple[Card, int], ...]  # cards by kind: ((Card.ONE, 2), (Card.LLAMA, 1), ...)
CACHED = 64  # deals and answers kept (each deal is a few thousand hands)


def kinds(cards: Counter[Card]) -> Kinds:
    """Cards counted by kind, in a fixed order (a cache key)."""
    return tuple(sorted((card, count) for card, count in cards.items() if count))


@lru_cache(maxsize=CACHED)
def deals(pool: Kinds, size: int = HAND_SIZE) -> tuple[tuple[tuple[Kinds, int], ...], int]:
    """Every hand of `size` cards from `pool`, by kind, with the number of deals giving it;
    and the number of all deals, C(n, size)."""
    cards = sum(count for _card, count in pool)
    total = comb(cards, size)
    if size < 0 or total == 0:
        raise ValueError(
            ngettext(
                "{size} card cannot be dealt from {cards}",
                "{size} cards cannot be dealt from {cards}",
                size,
            ).format(size=size, cards=cards)
        )
    return tuple(_hands(pool, size)), total


def _hands(pool: Kinds, size: int) -> Iterator[tuple[Kinds, int]]:
    """The hands of exactly `size` cards, kind by kind, with ∏ C(n_k, h_k)."""
    if size == 0:
        yield (), 1
        return
    if not pool:
        return
    (card, count), rest = pool[0], pool[1:]
    for held in range(min(count, size), -1, -1):
        for hand, ways in _hands(rest, size - held):
            yield ((card, held), *hand) if held else hand, comb(count, held) * ways


def _chance(pool: Kinds, size: int, holds: Callable[[Kinds], bool]) -> Fraction:
    """The chance a hand dealt from `pool` `holds` something."""
    hands, total = deals(pool, size)
    return Fraction(sum(ways for hand, ways in hands if holds(hand)), total)


def _pool(deck: Deck | str, less: Iterable[Card] = ()) -> Kinds:
    """The deck's cards less some, by kind."""
    return kinds(preset(deck).without(less))


def cards_of(hand: Kinds) -> list[Card]:
    """The cards of a hand counted by kind."""
    return [card for card, count in hand for _copy in range(count)]


# ---------------------------------------------------------------- a dealt hand


def is_run(hand: Iterable[Card]) -> bool:
    """Can every card be played one after another, each on the one before?"""
    return _is_run(kinds(Counter(_alike(card) for card in hand)))


@cache  # one per kind of card
def _alike(card: Card) -> Card:
    """The first kind that plays exactly like this one, on and under every card (a "+" card
    and its number, the mosquito and the llama): a run does not tell them apart."""
    return next(
        other
        for other in Card
        if all(can_play(other, x) == can_play(card, x) for x in Card)
        and all(can_play(x, other) == can_play(x, card) for x in Card)
    )


@lru_cache(maxsize=4096)
def _is_run(hand: Kinds) -> bool:
    """A depth-first search over the orders the cards can be played in."""
    cards = [card for card, _count in hand]
    State = tuple[int | None, tuple[int, ...]]  # the kind played last, the count left of each
    waiting: list[State] = [(None, tuple(count for _card, count in hand))]
    reached = set(waiting)
    while waiting:
        last, left = waiting.pop()
        if not any(left):
            return True
        for kind, count in enumerate(left):
            if count and (last is None or can_play(cards[kind], cards[last])):
                step = (kind, (*left[:kind], count - 1, *left[kind + 1 :]))
                if step not in reached:
                    reached.add(step)
                    waiting.append(step)
    return False


@lru_cache(maxsize=CACHED)
def run_chance(deck: Deck | str, size: int = HAND_SIZE) -> Fraction:
    """The chance a dealt hand is a run: all of it can be played in one climb."""
    return _chance(_pool(deck), size, lambda hand: is_run(cards_of(hand)))


@lru_cache(maxsize=CACHED)
def expected_score(
    deck: Deck | str, llama_scoring: str = "once", size: int = HAND_SIZE
) -> Fraction:
    """The average penalty of a dealt hand if it is scored as dealt."""
    hands, total = deals(_pool(deck), size)
    points = sum(ways * score(cards_of(hand), llama_scoring=llama_scoring) for hand, ways in hands)
    return Fraction(points, total)


@lru_cache(maxsize=CACHED)
def can_play_chance(deck: Deck | str, top: Card, size: int = HAND_SIZE) -> Fraction:
    """The chance a hand dealt from the deck less the top card holds a card that fits on it."""
    return _chance(
        _pool(deck, [top]), size, lambda hand: any(can_play(card, top) for card, _n in hand)
    )


def distinct_values_chances(deck: Deck | str, size: int = HAND_SIZE) -> dict[int, Fraction]:
    """How many different values a dealt hand holds (a "+" card counts as its number, the
    pink llama as a value of its own), with the chance of each (a new dict each call; the
    deals it sums over are cached)."""
    hands, total = deals(_pool(deck), size)
    ways_of: Counter[int] = Counter()
    for hand, ways in hands:
        ways_of[distinct_values(card for card, _n in hand)] += ways
    return {values: Fraction(ways_of[values], total) for values in sorted(ways_of)}


@lru_cache(maxsize=CACHED)
def different_hands(deck: Deck | str, size: int = HAND_SIZE) -> int:
    """How many different hands can be dealt, equal cards being interchangeable."""
    return len(deals(_pool(deck), size)[0])


def deal_count(deck: Deck | str, size: int = HAND_SIZE) -> int:
    """How many deals of a hand there are, the cards told apart: C(n, 6)."""
    return deals(_pool(deck), size)[1]


def deals_of(hand: Iterable[Card], deck: Deck | str) -> int:
    """In how many of the C(n, 6) deals exactly this hand comes: ∏ C(n_k, h_k)."""
    held = Counter(preset(deck).check(hand))
    return prod(comb(preset(deck).count(card), count) for card, count in held.items())


# ---------------------------------------------------------------- during play


def unseen(deck: Deck | str, hand: Iterable[Card], top: Card, seen: Iterable[Card] = ()) -> Kinds:
    """The cards a player has not seen: the deck less the own hand, the top card and the rest
    of the discard pile."""
    return _pool(deck, [*hand, top, *seen])


def draw_playable(
    deck: Deck | str, hand: Iterable[Card], top: Card, seen: Iterable[Card] = ()
) -> Fraction:
    """The chance the next card drawn fits on the top card: any unseen card is as likely."""
    pool = unseen(deck, hand, top, seen)
    total = sum(count for _card, count in pool)
    if not total:
        raise ValueError(_("every card has been seen: there is nothing left to draw"))
    return Fraction(sum(count for card, count in pool if can_play(card, top)), total)


def draw_cost(
    deck: Deck | str,
    hand: Iterable[Card],
    top: Card,
    seen: Iterable[Card] = (),
    llama_scoring: str = "once",
) -> Fraction:
    """How many points the next card drawn adds to the hand's score, on average."""
    held = list(hand)
    pool = unseen(deck, held, top, seen)
    total = sum(count for _card, count in pool)
    if not total:
        raise ValueError(_("every card has been seen: there is nothing left to draw"))
    now = score(held, llama_scoring=llama_scoring)
    added = sum(
        count * (score([*held, card], llama_scoring=llama_scoring) - now) for card, count in pool
    )
    return Fraction(added, total)


@dataclass(frozen=True)
class DrawOdds:
    """What drawing now means: the chance the card fits on the top card, and the points it
    adds to the hand on average."""

    fits: Fraction
    cost: Fraction


def draw_odds(view: LamaView) -> DrawOdds | None:
    """The odds of a draw, from all the viewer has seen (their hand and the discard pile);
    None when they may not draw (the draw pile is empty, or everyone else has quit)."""
    if not view.may_draw:
        return None
    seen = view.discard_pile[:-1]
    return DrawOdds(
        draw_playable(view.deck, view.hand, view.top, seen),
        draw_cost(view.deck, view.hand, view.top, seen, view.llama_scoring),
    )
