"""Charts on a page: matplotlib figures drawn one at a time, each shown wide on a projector and
phone-shaped on a phone, and bar charts in plain HTML.

A chart's place holds both figures as PNGs; its own width chooses (a CSS container query): the
wide figure wherever its smallest type is 12 px or more, else the phone-shaped one. Each image
says its figure's width and its smallest type (data-inches, data-smallest-pt): shown W px
wide, that type is pt / 72 × W / inches px, which the browser tests keep at 12 px or more.

matplotlib loads on the first chart (after the page is shown), never when a page opens.
"""

from __future__ import annotations

import base64
import io
import math
import threading
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.i18n import number

CHARTS = threading.Lock()  # matplotlib's settings are shared: one chart is drawn at a time
SHAPES = {"wide": False, "phone": True}  # a figure's shape: is it the phone's?
PIXELS_PER_INCH = 100  # as a chart is shown, if its place is wide enough
SMALLEST_PX = 12  # the smallest type a chart may show, in CSS px

CHART_STYLE = """<style>
.mc-chart-shapes { container-type: inline-size; width: 100%; }
.mc-chart-shapes img { display: block; max-width: 100%; height: auto; }
.mc-chart-shapes img.mc-chart-phone { display: none; }
</style>"""
NARROW_STYLE = """<style>@container (width < {px}px) {{
  .mc-chart-below-{px} img.mc-chart-phone {{ display: block; }}
  .mc-chart-below-{px} img.mc-chart-wide {{ display: none; }}
}}</style>"""


def figure_png(figure: Any, dpi: int = 150) -> bytes:
    """The figure as a PNG, crisp on a phone's or a projector's screen."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def figures_html(figures: dict[str, Any], alt: str = "") -> str:
    """The figures of one chart (by shape, see `chart_figures`) as images of which the page
    shows the one that fits; `alt` says what the chart shows (else its title does)."""
    images = "".join(_image(figure, shape, alt) for shape, figure in figures.items())
    px = narrowest_place(figures["wide"])
    return (
        f"{CHART_STYLE}{NARROW_STYLE.format(px=px)}"
        f'<div class="mc-chart-shapes mc-chart-below-{px}">{images}</div>'
    )


def narrowest_place(figure: Any) -> int:
    """The narrowest place, in px, where the figure's smallest type is still SMALLEST_PX."""
    inches = figure.get_size_inches()[0]
    return math.ceil(SMALLEST_PX * 72 * inches / smallest_type(figure))


def _image(figure: Any, shape: str, alt: str) -> str:
    """One figure as an image of its shape, saying how big its type is."""
    png = base64.b64encode(figure_png(figure)).decode("ascii")
    inches, tall = figure.get_size_inches()
    words = alt or " ".join(figure.axes[0].get_title().split())
    return (
        f'<img class="mc-chart-{shape}" src="data:image/png;base64,{png}" alt="{escape(words)}" '
        f'width="{round(inches * PIXELS_PER_INCH)}" height="{round(tall * PIXELS_PER_INCH)}" '
        f'data-inches="{inches:g}" data-smallest-pt="{smallest_type(figure):g}">'
    )


def smallest_type(figure: Any) -> float:
    """The size in points of the smallest text the figure shows."""
    from matplotlib.text import Text  # matplotlib, paid by the figure

    sizes = [
        text.get_fontsize()
        for text in figure.findobj(Text)
        if text.get_visible() and text.get_text().strip()
    ]
    return float(min(sizes))


def chart_image() -> Any:
    """An empty place for a chart: hidden until there is a chart to show."""
    place = w.HTML(layout=w.Layout(max_width="100%", display="none"))
    place.add_class("mc-chart")
    return place


def show_chart(place: Any, chart: str) -> None:
    """Show `chart` (from `chart_html` or `figures_html`) in a `chart_image`; no chart hides
    the place again."""
    place.value = chart
    place.layout.display = "" if chart else "none"


def chart_figures(drawing: str, *results: Any) -> dict[str, Any]:
    """The figures `widgets.plots.<drawing>(*results)` in every shape, drawn while no other
    chart is."""
    with CHARTS:
        from widgets import plots  # matplotlib, by the first chart

        draw = getattr(plots, drawing)
        return {shape: draw(*results, phone=phone) for shape, phone in SHAPES.items()}


def chart_html(drawing: str, alt: str, *results: Any) -> str:
    """`widgets.plots.<drawing>(*results)` as images that fit a phone and a projector; `alt`
    says what it shows (empty: its title does)."""
    return figures_html(chart_figures(drawing, *results), alt)


def render_bars(
    rows: list[tuple[str, list[float]]], legend: list[tuple[str, str]], *, caption: str
) -> str:
    """A bar chart in HTML: one line of bars per row, one colour per series, each bar labelled
    with its value in the ink that reads on its colour (and, for a screen reader, its series'
    name). Text stays page-sized on a phone (an image would shrink it)."""
    top = max((value for _, values in rows for value in values), default=1) or 1
    keys = "".join(
        f'<span class="mc-key"><i style="background:{colour}"></i>{escape(label)}</span>'
        for label, colour in legend
    )
    lines = "".join(
        f'<div class="mc-bar-row"><div class="mc-bar-label">{escape(label)}</div><div>'
        + "".join(
            f'<div class="mc-bar" style="width:{max(value / top, 0.01):.1%};'
            f'background:{colour};color:{ink(colour)}"><span class="mc-hidden">'
            f"{escape(series)}: </span><span>{number(value)}</span></div>"
            for value, (series, colour) in zip(values, legend, strict=True)
        )
        + "</div></div>"
        for label, values in rows
    )
    return (
        f'<figure class="mc-bars"><figcaption><b>{escape(caption)}</b></figcaption>'
        f'<div class="mc-keys">{keys}</div>{lines}</figure>'
    )


def luminance(colour: str) -> float:
    """A colour's (#rrggbb) relative luminance, as WCAG measures contrast."""

    def light(hex_pair: str) -> float:
        channel = int(hex_pair, 16) / 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (light(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours, 1 to 21."""
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def ink(colour: str) -> str:
    """White or near-black, whichever reads better on `colour`."""
    return max(("#ffffff", "#111827"), key=lambda text: contrast(colour, text))
