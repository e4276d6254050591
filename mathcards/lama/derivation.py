"""The chance a LAMA draw fits, as a ratio of binomial coefficients: the next card is one of
the u cards the player has not seen, each as likely, f of which fit, so it fits with chance
C(f, 1)/C(u, 1) = f/u (one card chosen from the f that fit, out of one from all u). The
expression is unevaluated, to be shown."""

from __future__ import annotations

import sympy

from mathcards.derivation import binomial_ratio, value
from mathcards.lama.cards import can_play
from mathcards.lama.odds import unseen
from mathcards.lama.view import LamaView


def draw_counts(view: LamaView) -> tuple[int, int]:
    """(f, u): the unseen cards that fit on the top card, and all the unseen cards."""
    pool = unseen(view.deck, view.hand, view.top, view.discard_pile[:-1])
    fit = sum(count for card, count in pool if can_play(card, view.top))
    return fit, sum(count for _card, count in pool)


def fits(view: LamaView) -> sympy.Expr | None:
    """The chance the next card drawn fits, C(f, 1)/C(u, 1); None when no card may be drawn."""
    if not view.may_draw:
        return None
    fit, unseen_cards = draw_counts(view)
    return binomial_ratio(fit, unseen_cards, 1)


__all__ = ["draw_counts", "fits", "value"]
