"""Names in the order a Polish class expects (the class list, the teacher's lists, the names to
pick from): by the Polish alphabet, a ą b c ć d e ę f g h i j k l ł m n ń o ó p q r s ś t u v w
x y z ź ż, whatever the case; a letter with another accent (é, ü, č) sorts with its base letter,
after it when all else is equal. Written here once, for every list people read; no collation
library is needed (Babel, installed, has none)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["ALPHABET", "name_key", "sorted_names"]

ALPHABET = "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"
PLACE = {letter: place for place, letter in enumerate(ALPHABET)}
Unit = tuple[int, int]  # a character's class (space, digit, letter, other) and place in it
NameKey = tuple[tuple[Unit, ...], tuple[str, ...], tuple[bool, ...], str]


def name_key(name: str) -> NameKey:
    """The key to sort `name` by: its letters in the Polish alphabet, then other accents (none
    first), then case (lower first), then the name itself, so that two names sort the same only
    when they are the same name."""
    units: list[Unit] = []
    accents: list[str] = []
    capitals: list[bool] = []
    for character in unicodedata.normalize("NFC", name):
        low = character.lower()
        if low in PLACE:  # a letter of the Polish alphabet, ą and ł and ż included
            units.append(_unit(low))
            accents.append("")
            capitals.append(character != low)
            continue
        for part in unicodedata.normalize("NFD", low):
            if unicodedata.combining(part) and units:
                accents[-1] += part
            else:
                units.append(_unit(part))
                accents.append("")
                capitals.append(character != low)
    return tuple(units), tuple(accents), tuple(capitals), name


def sorted_names(names: Iterable[str]) -> list[str]:
    """The names in the order a Polish class expects."""
    return sorted(names, key=name_key)


def _unit(character: str) -> Unit:
    """Spaces and punctuation first, then digits, then the letters in the Polish alphabet's
    order, then every other character (another script) by its code point."""
    if character in PLACE:
        return 2, PLACE[character]
    if character.isdigit():
        return 1, ord(character)
    if not character.isalnum():
        return 0, ord(character)
    return 3, ord(character)
