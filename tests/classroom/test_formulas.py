"""The lessons' TeX, typeset as MathML on the server (no page loads MathJax)."""

from nbconvert.filters.markdown_mistune import markdown2html_mistune

from mathcards.classroom.server.formulas import typeset_tex


def cell(markdown: str) -> str:
    """A markdown cell as the page shows it: nbconvert's HTML, then its formulas typeset."""
    return str(typeset_tex(markdown2html_mistune(markdown)))


def test_inline_and_displayed_formulas_become_mathml():
    shown = cell("There are $\\binom{56}{6}$ deals.\n\n$$P = \\frac{a}{b}$$\n")
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">' in shown
    assert '<mfrac linethickness="0"><mrow><mn>56</mn></mrow>' in shown  # the binomial
    assert 'display="block"' in shown and "<mi>a</mi>" in shown
    assert "$" not in shown and "\\frac" not in shown


def test_what_html_escaped_is_read_as_tex():
    assert "<mo>&#x0003C;</mo>" in cell("so $a < b$ here")


def test_code_prices_and_an_unreadable_formula_stay_as_written():
    assert "<code>cost $x$</code>" in cell("`cost $x$`")
    assert cell("from 5 \\$ up") == "<p>from 5 $ up</p>\n"
    assert cell("costs $5\n\nand $6 more") == "<p>costs $5</p>\n<p>and $6 more</p>\n"
    assert cell("half is $\\frac$ here") == "<p>half is $\\frac$ here</p>\n"
