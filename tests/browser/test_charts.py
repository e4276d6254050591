"""Every chart page in a real browser, in English and Polish: on a 360 px phone and on a
projector each chart shows one figure, the shape that fits, and its smallest type is drawn at
12 px or more (each image says its figure's width and smallest type, see widgets.charts)."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import SIZES, assert_not_blank, layout_problems

pytestmark = pytest.mark.browser
WAIT_MS = 60_000

# page, the button that draws its charts (None: they are drawn as it opens), how many
CHART_PAGES = {
    "mam/4-which-targets-are-easy.ipynb": (None, 3),
    "lama/2-play-draw-or-quit.ipynb": ("button.mc-play-tournament", 1),
    "lama/3-counting-hands.ipynb": ("button.mc-deal-1000", 1),
    "lama_dice/2-how-likely-is-a-bust.ipynb": ("button.mc-roll-100", 2),
}

# Each chart's images as the page shows them: its shape, its width and its smallest type in px
# (pt / 72 × shown width / figure width in inches); charts showing no image, or two, are named.
SHOWN = """() => [...document.querySelectorAll('.mc-chart-shapes')].map(chart => {
  const shown = [...chart.querySelectorAll('img')].filter(img => img.getBoundingClientRect().width);
  return shown.map(img => {
    const width = img.getBoundingClientRect().width;
    return { shape: img.className, width: Math.round(width), loaded: img.naturalWidth > 0,
             px: +img.dataset.smallestPt / 72 * width / +img.dataset.inches };
  });
})"""
CHARTS_FIT = """(width) => [...document.querySelectorAll('.mc-chart')].every(chart =>
  chart.getBoundingClientRect().right <= width && chart.scrollWidth <= chart.clientWidth + 1)"""
# Every chart shows one image, loaded, of the `shape` that fits (null: either shape)
SETTLED = """([count, shape]) => {
  const charts = [...document.querySelectorAll('.mc-chart-shapes')];
  return charts.length === count && charts.every(chart => {
    const shown = [...chart.querySelectorAll('img')]
      .filter(img => img.getBoundingClientRect().width && img.naturalWidth);
    return shown.length === 1 && (!shape || shown[0].className === shape);
  });
}"""


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("lesson", CHART_PAGES)
def test_every_chart_keeps_12_px_type_on_a_phone_and_a_projector(
    server, visit, tmp_path, lesson, language
):
    button, count = CHART_PAGES[lesson]
    page = visit.page
    visit.open(f"{server}/voila/render/{language}/{lesson}")
    if button:
        page.locator(button).click()
    for size in ("small phone", "projector"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        fits = "mc-chart-phone" if size == "small phone" else "mc-chart-wide"
        page.wait_for_function(SETTLED, arg=[count, fits], timeout=WAIT_MS)
        charts = page.evaluate(SHOWN)
        for image in (image for chart in charts for image in chart):
            assert image["loaded"] and image["px"] >= 12, (size, image)
            assert image["width"] <= width, (size, image)
        cut = [problem for problem in layout_problems(page) if "is cut" not in problem]
        assert cut == [], (size, cut)  # the page does not scroll sideways, no button is cut
        assert page.evaluate(CHARTS_FIT, width), size
        for n in range(count):  # each chart as the reader sees it
            shot = tmp_path / f"{lesson.replace('/', '-')}-{language}-{width}-{n}.png"
            page.locator(".mc-chart-shapes").nth(n).screenshot(path=shot)
            assert_not_blank(shot)
        (tmp_path / f"{language}-{width}.json").write_text(json.dumps(charts))
    assert not visit.errors and not visit.offsite_requests()
