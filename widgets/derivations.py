"""A derivation's sympy expression on a page: sympy's presentation MathML (products with ×,
binomials as (n k)), the plain text beside it for a screen reader and for copying."""

from __future__ import annotations

from html import escape
from typing import Any

from sympy.printing.mathml import mathml


def math(expr: Any) -> str:
    """A sympy expression drawn as MathML, its plain text (C(n, k) for a binomial) beside it."""
    shown = mathml(expr, printer="presentation", order="none", mul_symbol="times")
    said = str(expr).replace("binomial(", "C(").replace("**", "^").replace("*", " × ")
    return (
        f'<span aria-hidden="true"><math>{shown}</math></span>'
        f'<span class="mc-said">{escape(said.replace("-", "−"))}</span>'
    )
