"""The lessons' formulas typeset on the server: the TeX a markdown cell writes between `$…$`
(or `$$…$$`, shown on a line of its own) becomes MathML, which Chromium draws itself, so that no
page loads MathJax. The notebooks keep their TeX, as JupyterLab shows it to a teacher.

The page's template (`index.html.j2`) passes each markdown cell, once nbconvert has made it
HTML, through `typeset_tex`, the filter `ClassroomVoila` gives Voila's exporter. A formula the
converter cannot read stays as it was written.
"""

from __future__ import annotations

import re
from html import unescape

from latex2mathml.converter import convert
from markupsafe import Markup

FILTERS = {"typeset_tex": f"{__name__}.typeset_tex"}  # VoilaExporter.filters
FORMULA = re.compile(r"\$\$([^<]+?)\$\$|(?<![\\$])\$(?!\$)([^<]+?)(?<!\\)\$")  # in one element
VERBATIM = re.compile(r"(<pre\b.*?</pre>|<code\b.*?</code>)", re.S)  # left as written


def typeset_tex(html: str) -> Markup:
    """The HTML of a markdown cell with each `$…$` and `$$…$$` formula as MathML."""
    parts = VERBATIM.split(str(html))
    return Markup("".join(p if i % 2 else FORMULA.sub(_typeset, p) for i, p in enumerate(parts)))


def _typeset(found: re.Match[str]) -> str:
    block, inline = found.groups()
    try:
        return convert(unescape(block or inline), display="block" if block else "inline")
    except Exception:  # a formula the converter cannot read: shown as written
        return found.group(0)
