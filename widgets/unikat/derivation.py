"""Unikat's counts and rack odds (mathcards.unikat.derivation), typeset by sympy as MathML
with the plain text beside it."""

from __future__ import annotations

from html import escape

from mathcards.i18n import _
from mathcards.unikat.derivation import can_lay_first, card_count, pair_count, value
from widgets.derivations import math


def render_counts() -> str:
    """3⁴ = 81 cards; 81 × 8 / 2 = 324 pairs that may touch."""
    cards = _("Cards: four features, three values each:")
    pairs = _("Pairs that may touch: 8 neighbours a card, each pair counted from both cards:")
    return (
        f'<div class="mc-unikat-derivation"><p>{escape(cards)} {math(card_count())} = '
        f"<b>{value(card_count())}</b></p>"
        f"<p>{escape(pairs)} {math(pair_count())} = <b>{value(pair_count())}</b></p></div>"
    )


def render_rack(rack_size: int) -> str:
    """1 − C(72, N)/C(80, N) for the rack size chosen, worked out."""
    chance = can_lay_first(rack_size)
    exact = value(chance)
    return f'<p class="mc-formula mc-rack-derivation">P = {math(chance)} = <b>{exact}</b></p>'
