"""What the commands of `mathcards` share: the error for bad arguments (one line on stderr and
exit status 2), and whole numbers read strictly."""

from __future__ import annotations

import argparse

from mathcards.i18n import _


class UsageError(Exception):
    """Bad arguments: one line on stderr and exit status 2."""


def whole(text: str, smallest: int, refusal: str) -> int:
    """The whole number `text` spells, at least `smallest`; else `refusal` (marked with N_,
    naming the {text})."""
    plain = text.strip()
    number = int(plain) if plain.isascii() and plain.isdigit() and len(plain) < 20 else None
    if number is None or number < smallest:
        raise argparse.ArgumentTypeError(_(refusal).format(text=repr(text)))
    return number
