"""The chance a draw fits as a ratio of binomial coefficients (mathcards.lama.derivation),
typeset by sympy as MathML with the plain text beside it."""

from __future__ import annotations

from html import escape

from mathcards.i18n import _
from mathcards.lama.derivation import draw_counts, fits, value
from mathcards.lama.view import LamaView
from widgets.derivations import math


def render_draw(view: LamaView) -> str:
    """P(fits) = C(f, 1)/C(u, 1) = f/u for the moment shown; nothing when no card may be drawn."""
    ratio = fits(view)
    if ratio is None:
        return ""
    fit, out_of = draw_counts(view)
    words = _(
        "You have not seen {unseen} cards, and the next card is any of them, each as likely: "
        "C({unseen}, 1) ways to draw one. {fit} of them fit, C({fit}, 1) ways. So:"
    ).format(unseen=out_of, fit=fit)
    return (
        f'<div class="mc-draw-derivation"><p>{escape(words)}</p>'
        f'<p class="mc-formula">P = {math(ratio)} = <b>{value(ratio)}</b></p></div>'
    )
