"""The dice's generating functions beside the chart of *Which targets are easy?*: the two
polynomials, their product expanded by sympy, and the coefficient of x^t for the most likely
total."""

from __future__ import annotations

from html import escape

from mathcards.i18n import _
from mathcards.mam.cards import Level
from mathcards.mam.generating import expanded, product, ways


def _math(expr: object) -> str:
    from sympy.printing.mathml import mathml

    shown = mathml(expr, printer="presentation", order="lex")
    return (
        f'<span aria-hidden="true"><math>{shown}</math></span>'
        f'<span class="mc-said">{escape(plain(expr))}</span>'
    )


def plain(expr: object) -> str:
    """A polynomial as text: ``2·x^28 + 2``."""
    return str(expr).replace("**", "^").replace("*", "·")


def render_generating(level: Level) -> str:
    """The derivation for the level's dice, in two lines and a sentence."""
    counts = ways(level)
    total, count = max(counts.items(), key=lambda item: (item[1], -item[0]))
    said = _(
        "The coefficient of x^{total} counts the pairs of faces that roll {total}: {count} of "
        "the {faces}, so {total} comes up {count} time(s) in {faces}, as the chart shows. "
        "The coefficients add up to {faces}."
    ).format(total=total, count=count, faces=sum(counts.values()))
    return (
        '<div class="mc-generating" style="overflow-x: auto">'
        f"<p>{_math(product(level))}</p>"
        f"<p>= {_math(expanded(level))}</p>"
        f"<p>{escape(said)}</p></div>"
    )
