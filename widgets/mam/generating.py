"""The dice's generating functions beside the chart of *Which targets are easy?*: the two
polynomials, their product expanded by sympy, and the coefficient of x^t for the most likely
total."""

from __future__ import annotations

from html import escape

import sympy
from sympy.printing.mathml import mathml

from mathcards.i18n import _
from mathcards.mam.cards import Level
from mathcards.mam.generating import expanded, product, ways


def _pieces(pieces: list[object], joined: str, whole: object) -> str:
    """A long formula piece by piece, each its own `<math>`, so that the line wraps on any
    screen; the whole in plain text beside it."""
    shown = joined.join(f"<math>{mathml(piece, printer='presentation')}</math>" for piece in pieces)
    said = escape(plain(whole))
    return f'<span aria-hidden="true">{shown}</span><span class="mc-said">{said}</span>'


def _terms(expr: object) -> str:
    """A polynomial term by term, the highest power first."""
    terms = sympy.Add.make_args(expr)
    return _pieces(sorted(terms, key=lambda term: -sympy.degree(term)), " + ", expr)


def _factors(expr: object) -> str:
    """A product factor by factor, each in brackets."""
    return "(" + _pieces(list(sympy.Mul.make_args(expr)), ")·(", expr) + ")"


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
        '<div class="mc-generating">'
        f"<p>{_factors(product(level))}</p>"
        f"<p>= {_terms(expanded(level))}</p>"
        f"<p>{escape(said)}</p></div>"
    )
