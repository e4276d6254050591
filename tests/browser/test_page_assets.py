"""What a served lesson page loads: nothing from outside this server, no MathJax (its formulas
and the answer preview are MathML), and scripts and styles the browser may keep for a long time,
compressed when it asks."""

from __future__ import annotations

import re
import urllib.request
from urllib.parse import urlparse

import pytest

from tests.browser.conftest import FIRST_RENDER_MS

pytestmark = pytest.mark.browser
WAIT_MS = FIRST_RENDER_MS  # what a page shows may come late on a loaded machine
STATIC = ("/voila/static/", "/voila/labextensions/", "/voila/templates/")
A_DAY = 24 * 3600
# Where a page names something to load: a script, stylesheet, picture or frame, a script's
# import(), a stylesheet's url().
LOADED = re.compile(
    r"""<(?:script|link|img|iframe|source|embed)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)"""
    r"""|import\(\s*["']([^"']+)|url\(\s*["']?([^"')]+)"""
)
CDN = re.compile(r"https?://[^\s\"']*cdn", re.I)


def loaded_from_outside(html: str, base: str) -> list[str]:
    """The addresses the page would load from that are not this server's, and any CDN's."""
    found = [next(filter(None, match)) for match in LOADED.findall(html)]
    here = urlparse(base).netloc
    outside = [url for url in found if urlparse(url).netloc not in ("", here)]
    return outside + CDN.findall(html)


def served_html(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as answer:
        return answer.read().decode()


class Recorder:
    """Every response a page got, and whether a script of MathJax's typesetter was among them."""

    def __init__(self, page) -> None:
        self.responses: list = []
        page.on("response", lambda response: self.responses.append(response))

    def mathjax(self) -> list[str]:
        """MathJax's scripts among those loaded since the last look (asked before the page is
        left: its bodies go with it)."""
        scripts = [r for r in self.responses if r.request.resource_type == "script"]
        self.responses = []
        return [r.url for r in scripts if "mathjax" in r.url.lower() or b"mjx-" in r.body()]

    def static(self) -> list:
        return [r for r in self.responses if urlparse(r.url).path.startswith(STATIC)]


@pytest.mark.parametrize("page", ["en/lama/3-counting-hands.ipynb", "pl/mam/2-practice.ipynb"])
def test_a_lesson_links_nothing_outside_the_server(server, first_visit, page):
    url = f"{server}/voila/render/{page}"
    assert not loaded_from_outside(served_html(url), server)
    first_visit.open(url)
    assert not first_visit.offsite_requests(), first_visit.offsite_requests()
    assert not first_visit.errors, first_visit.errors


def test_no_page_loads_mathjax_its_formulas_and_preview_are_mathml(server, first_visit):
    loaded = Recorder(first_visit.page)
    first_visit.open(f"{server}/voila/render/en/lama/3-counting-hands.ipynb")
    formulas = first_visit.page.locator(".jp-MarkdownOutput math")
    assert formulas.count() >= 3 and formulas.first.locator("mfrac").count() == 1  # a binomial
    assert "\\binom" not in first_visit.page.inner_text("body")
    assert not loaded.mathjax(), "MathJax was loaded"
    first_visit.open(f"{server}/voila/render/en/mam/1-the-target-game-in-class.ipynb")
    table = first_visit.page.locator(".mc-target-table").first
    table.locator("button.mc-new-game").click()
    table.locator(".mc-answer input").fill("2^(3×2)")
    table.locator(".mc-preview math msup").wait_for(timeout=WAIT_MS)
    assert first_visit.page.locator("mjx-container").count() == 0
    assert not loaded.mathjax(), "MathJax was loaded"


def test_scripts_and_styles_are_kept_long_and_come_compressed(server, first_visit):
    loaded = Recorder(first_visit.page)
    first_visit.open(f"{server}/voila/render/en/mam/2-practice.ipynb")
    static = loaded.static()
    assert len(static) > 20, [r.url for r in loaded.responses]
    for response in static:
        headers = response.all_headers()
        kept = re.search(r"max-age=(\d+)", headers.get("cache-control", ""))
        assert kept and int(kept[1]) >= 365 * A_DAY, (response.url, headers)
        if re.search(r"javascript|css", headers.get("content-type", "")):
            assert headers.get("content-encoding") == "gzip", (response.url, headers)
