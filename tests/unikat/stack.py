"""A stacked bag for rule tests: the racks, start card, display and next draws a test names."""

from __future__ import annotations

import random
from typing import Any

from mathcards.unikat.cards import DECK, Card, card, differences, parse_cards
from mathcards.unikat.game import DISPLAY_SIZE, RACK_SIZE, UnikatGame

START_CARD = "swb1"  # a small blue star on white


def deal(
    racks: dict[str, str],
    *,
    display: str = "",
    then: str = "",
    start: str = START_CARD,
    **options: Any,
) -> UnikatGame:
    """A game whose racks hold the named cards, topped up with cards that fit nowhere near them.

    The top-up cards differ from the start card in 3 or 4 features and from every named card in
    at least 2, so they never fit next to a card a test lays.
    """
    named = [card(start), *parse_cards(display), *parse_cards(then)]
    named += [one for codes in racks.values() for one in parse_cards(codes)]
    spare = iter(
        one
        for one in DECK
        if differences(one, card(start)) >= 3 and all(differences(one, n) >= 2 for n in named)
    )
    bag: list[Card] = []
    for codes in racks.values():
        given = parse_cards(codes)
        bag += given + [next(spare) for _ in range(RACK_SIZE - len(given))]
    shown = parse_cards(display)
    bag += [card(start), *shown, *(next(spare) for _ in range(DISPLAY_SIZE - len(shown)))]
    bag += parse_cards(then)
    return UnikatGame(list(racks), seed=0, bag=bag, **options)


def scramble_hidden(game: Any, player: str, rng: random.Random) -> None:
    """Reshuffle the bag and swap cards between the other racks and the bag."""
    rng.shuffle(game.bag)
    for other in game.players:
        if other == player:
            continue
        rack = game.racks[other]
        for i in range(len(rack)):
            if game.bag and rng.random() < 0.6:
                j = rng.randrange(len(game.bag))
                rack[i], game.bag[j] = game.bag[j], rack[i]
