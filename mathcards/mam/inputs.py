"""What a user gives the solver and the checker, checked before it is used: the cards (a list of
numbers, or text typed on a page), the target and `max_power`. Each refusal is a ValueError
whose sentence says what is wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from mathcards.i18n import _, ngettext, number
from mathcards.mam.cards import DECK, times

MAX_POWER_LIMIT = 10**12
Hand = tuple[int, ...]


def hand_of(cards: Iterable[int], *, limit: int | None) -> Hand:
    """The cards as a sorted hand (at most `limit` of them, if given), or a ValueError naming
    what is wrong with them."""
    if isinstance(cards, str | bytes):
        raise ValueError(_("cards must be a list of whole numbers, not text"))
    hand = tuple(cards)
    if not hand:
        raise ValueError(_("there are no cards: give at least one card"))
    if limit is not None and len(hand) > limit:
        message = _("{count} cards is too many: the solver takes at most {most}")
        raise ValueError(message.format(count=len(hand), most=limit))
    for card in hand:
        if not is_whole(card) or card < 1:
            message = _("a card must be a positive whole number, not {card}")
            raise ValueError(message.format(card=repr(card)))
    return tuple(sorted(hand))


def checked_target(target: int) -> int:
    """The target, or a ValueError when it is not a whole number, 0 or more."""
    if not is_whole(target) or target < 0:
        message = _("the target must be a whole number, 0 or more, not {target}")
        raise ValueError(message.format(target=repr(target)))
    return target


def checked_max_power(max_power: int) -> int:
    """`max_power`, or a ValueError when it is out of range."""
    if not is_whole(max_power) or not 1 <= max_power <= MAX_POWER_LIMIT:
        message = _("max_power must be a whole number from 1 to {most}, not {max_power}")
        raise ValueError(message.format(most=number(MAX_POWER_LIMIT, 0), max_power=repr(max_power)))
    return max_power


def is_whole(value: object) -> bool:
    """An int, and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_cards(text: str, *, most: int = 8) -> list[int]:
    """Cards typed as numbers (``7 6 12 2 15``, spaces or commas): 1 to `most` cards of the deck,
    each no more often than the deck holds it."""
    words = str(text).replace(",", " ").split()
    if not words:
        raise ValueError(_("type the cards, e.g. 7 6 12 2 15"))
    if len(words) > most:
        message = ngettext(
            "at most {most} card here, not {count}", "at most {most} cards here, not {count}", most
        )
        raise ValueError(message.format(most=most, count=len(words)))
    cards = []
    for word in words:
        if not (word.isascii() and word.isdigit()) or int(word) not in DECK:
            message = _("“{word}” is not a card: the cards are 1 to {highest}")
            raise ValueError(message.format(word=word[:12], highest=max(DECK)))
        cards.append(int(word))
    for card, count in Counter(cards).items():
        held = DECK.count(card)
        if count > held:
            message = (
                _("{card} is in the deck only once, not {count}")
                if held == 1
                else _("{card} is in the deck only {held}, not {count}")
            )
            raise ValueError(message.format(card=card, held=times(held), count=times(count)))
    return cards
