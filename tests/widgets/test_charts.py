"""Every chart reads on a phone and on a projector, in English and Polish: its ticks print
distinctly, its legend covers no bar, line or point, no words stick out or run into each
other, and its smallest type stays 12 px or more wherever its shape is shown."""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from mathcards import i18n
from tests.widgets.chart_cases import CHARTS
from widgets import plots
from widgets.charts import (
    chart_image,
    figures_html,
    narrowest_place,
    show_chart,
    smallest_type,
)

PHONE_PLACE = 320  # px: the least room a 360 px phone gives a chart (tests/browser measure it)
LANGUAGES = ("en", "pl")


@cache
def drawn(name: str, phone: bool, language: str):
    """The chart, drawn in `language` and shape, with its renderer."""
    i18n.use(language)
    try:
        figure = CHARTS[name](phone)
    finally:
        i18n.use("en")
    FigureCanvasAgg(figure).draw()
    return figure, figure.canvas.get_renderer()


every_chart = pytest.mark.parametrize(
    "name, phone, language",
    [(n, p, lang) for n in CHARTS for p in (False, True) for lang in LANGUAGES],
)


def tick_labels(axis, minor: bool = False) -> list[Text]:
    """The tick labels an axis shows (those inside its view)."""
    low, high = sorted(axis.get_view_interval())
    room = (high - low) * 1e-9
    ticks = axis.get_minor_ticks() if minor else axis.get_major_ticks()
    places = axis.get_minorticklocs() if minor else axis.get_majorticklocs()
    return [
        tick.label1
        for tick, at in zip(ticks, places, strict=False)
        if low - room <= at <= high + room and tick.label1.get_visible() and tick.label1.get_text()
    ]


def shown_words(figure) -> list[Text]:
    """Every text the figure shows: titles, labels, legends and the tick labels in view."""
    axes = [axis for a in figure.axes for axis in (a.xaxis, a.yaxis)]
    ticks = {id(t.label1) for axis in axes for t in axis.get_major_ticks() + axis.get_minor_ticks()}
    others = [
        text
        for text in figure.findobj(Text)
        if id(text) not in ticks and text.get_visible() and text.get_text().strip()
    ]
    return others + [
        t for axis in axes for minor in (False, True) for t in tick_labels(axis, minor)
    ]


def covered(figure, renderer) -> list[str]:
    """What a legend covers: bars, lines, points and error bars, where they are drawn."""
    legends = [*figure.legends, *(a.get_legend() for a in figure.axes if a.get_legend())]
    found = []
    for legend in legends:
        box = legend.get_window_extent(renderer)
        for axes in figure.axes:
            room = Bbox.intersection(box, axes.bbox)  # all a chart draws is clipped to its axes
            if room is None:
                continue
            for bar in axes.patches:
                if Bbox.intersection(bar.get_window_extent(renderer), room):
                    found.append(f"bar {bar.get_x():g}")
            for line in axes.lines:
                if line.get_transform().transform_path(line.get_path()).intersects_bbox(room):
                    found.append(f"line {line.get_label()}")
            for collection in axes.collections:
                for path in collection.get_paths():
                    if collection.get_transform().transform_path(path).intersects_bbox(room):
                        found.append("error bar")
    return found


@every_chart
def test_every_axis_prints_its_ticks_distinctly(name, phone, language):
    figure, _renderer = drawn(name, phone, language)
    for axes in figure.axes:
        for axis in (axes.xaxis, axes.yaxis):
            printed = [label.get_text() for label in tick_labels(axis)]
            assert len(printed) >= 2 and len(set(printed)) == len(printed), printed


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_which_targets_are_easy_has_distinct_percent_ticks(level):
    """The chance of each target is under 6%: its ticks once read 0%, 0%, 1%, 2%, 2%, 2%."""
    figure, _renderer = drawn(f"targets, {level}", False, "en")
    printed = [label.get_text() for label in tick_labels(figure.axes[0].yaxis)]
    assert printed[:3] in (["0.0%", "0.5%", "1.0%"], ["0%", "1%", "2%"]), printed


@every_chart
def test_no_legend_covers_a_bar_a_line_or_a_point(name, phone, language):
    figure, renderer = drawn(name, phone, language)
    assert not covered(figure, renderer)


@every_chart
def test_no_words_stick_out_of_the_chart_or_run_into_each_other(name, phone, language):
    figure, renderer = drawn(name, phone, language)
    page = figure.bbox.padded(1)
    for text in shown_words(figure):
        box = text.get_window_extent(renderer)
        assert page.contains(box.x0, box.y0) and page.contains(box.x1, box.y1), text.get_text()
    for axes in figure.axes:
        for axis in (axes.xaxis, axes.yaxis):
            labels = tick_labels(axis)
            gap = labels[0].get_fontsize() / 72 * figure.dpi / 8 if labels else 0  # ¼ em apart
            boxes = [(t.get_text(), t.get_window_extent(renderer).padded(gap)) for t in labels]
            for (one, first), (other, second) in combinations(boxes, 2):
                assert not Bbox.intersection(first, second), (one, other)


@every_chart
def test_the_smallest_type_is_12_px_wherever_its_shape_is_shown(name, phone, language):
    """A wide figure is shown in a place of `narrowest_place` px or more (never more than a
    tablet's 600), a phone's in PHONE_PLACE or more: shown W px wide, type of size pt is
    pt / 72 × W / inches px."""
    figure, _renderer = drawn(name, phone, language)
    inches = figure.get_size_inches()[0]
    assert inches == plots.PHONE_WIDTH if phone else inches > plots.PHONE_WIDTH
    place = PHONE_PLACE if phone else narrowest_place(figure)
    assert smallest_type(figure) / 72 * place / inches >= 12
    assert phone or PHONE_PLACE < place <= 600, "a phone shows the phone's figure, a tablet not"


def test_a_chart_shows_the_shape_that_fits_and_says_how_big_its_type_is():
    figures = {"wide": drawn("gap", False, "en")[0], "phone": drawn("gap", True, "en")[0]}
    chart = figures_html(figures, "the largest gap")
    images = re.findall(r"<img [^>]*>", chart)
    assert [re.search(r'class="([^"]+)"', image)[1] for image in images] == [
        "mc-chart-wide",
        "mc-chart-phone",
    ]
    assert 'data-inches="5.6" data-smallest-pt="14"' in images[0]
    assert 'width="420"' in images[1] and 'data-inches="4.2"' in images[1]
    assert all('alt="the largest gap"' in image for image in images)
    assert "container-type: inline-size" in chart  # 12 px: 14 pt on 5.6 in shown 346 px wide
    assert '<div class="mc-chart-shapes mc-chart-below-346">' in chart
    assert "@container (width < 346px)" in chart


def test_a_chart_without_words_for_it_is_described_by_its_title():
    figures = {"wide": drawn("runs", False, "en")[0]}
    assert 'alt="Run hands, deck classic"' in figures_html(figures)


def test_a_chart_place_is_hidden_until_there_is_a_chart():
    place = chart_image()
    assert place.layout.display == "none" and "mc-chart" in place._dom_classes
    show_chart(place, "<p>chart</p>")
    assert place.layout.display == "" and place.value == "<p>chart</p>"
    show_chart(place, "")
    assert place.layout.display == "none"
