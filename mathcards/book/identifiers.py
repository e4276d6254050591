"""The characters a name may hold: those Unicode Technical Standard #39 ("Unicode Security
Mechanisms") marks Allowed in identifiers: the letters, marks and digits of the scripts in
everyday use, and ' - . : _ ·; never a symbol, an emoji, a control, a filler or a historic
script. Read from Unicode's table (shipped with mathcards as `allowed.txt`, written by
scripts/identifier_table.py; nothing is fetched), once, into sorted ranges."""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from functools import cache
from pathlib import Path

from mathcards.book.lookalike import invisible
from mathcards.i18n import _

TABLE = Path(__file__).with_name("allowed.txt")


@cache
def ranges() -> tuple[list[int], list[int]]:
    """The Allowed ranges' first and last code points, in order (read once: 1 ms)."""
    firsts, lasts = [], []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            first, last = line.split("..")
            firsts.append(int(first, 16))
            lasts.append(int(last, 16))
    return firsts, lasts


def allowed(character: str) -> bool:
    """Does UTS #39 allow `character` (one code point) in an identifier?"""
    firsts, lasts = ranges()
    code = ord(character)
    at = bisect_right(firsts, code) - 1
    return at >= 0 and code <= lasts[at]


def unseen(character: str) -> bool:
    """Is `character` one a page cannot show by itself: drawn as nothing, a control, a space?"""
    return invisible(character) or unicodedata.category(character)[0] in "CZ"


def refused(character: str) -> str:
    """The sentence that says a name cannot hold `character`, with its code point (a mark
    shown on a dotted circle, an invisible one by its code point only)."""
    code = f"U+{ord(character):04X}"
    if unseen(character):
        return _("A name cannot hold an invisible character ({code}).").format(code=code)
    if unicodedata.category(character).startswith("M"):
        character = "\u25cc" + character
    return _("A name cannot hold “{character}” ({code}).").format(character=character, code=code)
