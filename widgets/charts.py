"""Charts on a page: a matplotlib figure as a PNG or an image, drawn one at a time, and bar
charts in plain HTML.

matplotlib loads on the first chart (after the page is shown), never when a page opens.
"""

from __future__ import annotations

import base64
import io
import threading
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.i18n import number

CHARTS = threading.Lock()  # matplotlib's settings are shared: one chart is drawn at a time


def figure_png(figure: Any, dpi: int = 100) -> bytes:
    """The figure as a PNG, for an `ipywidgets.Image` that a control can redraw."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def figure_html(figure: Any, alt: str) -> str:
    """A matplotlib figure as a crisp PNG that shrinks to fit a phone."""
    data = base64.b64encode(figure_png(figure, dpi=150)).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}">'


def chart_image() -> Any:
    """An empty place for a chart: hidden until there is a chart to show (an image with no
    picture would show the browser's broken-image icon)."""
    image = w.Image(format="png", layout=w.Layout(max_width="100%", display="none"))
    image.add_class("mc-chart")
    return image


def show_chart(image: Any, png: bytes) -> None:
    """Show `png` in a `chart_image`; no picture hides it again."""
    image.value = png
    image.layout.display = "" if png else "none"


def drawn(drawing: str, *results: Any) -> Any:
    """The figure `widgets.plots.<drawing>(*results)`, drawn while no other chart is."""
    with CHARTS:
        from widgets import plots  # matplotlib loads only when a chart is drawn

        return getattr(plots, drawing)(*results)


def chart_png(drawing: str, *results: Any) -> bytes:
    """`widgets.plots.<drawing>(*results)` as a PNG."""
    return figure_png(drawn(drawing, *results))


def chart_html(drawing: str, alt: str, *results: Any) -> str:
    """`widgets.plots.<drawing>(*results)` as an image that fits a phone."""
    return figure_html(drawn(drawing, *results), alt)


def render_bars(
    rows: list[tuple[str, list[float]]], legend: list[tuple[str, str]], *, caption: str
) -> str:
    """A bar chart in HTML: one line of bars per row, one colour per series, each bar labelled
    with its value. Text stays page-sized on a phone (an image would shrink it)."""
    top = max((value for _, values in rows for value in values), default=1) or 1
    keys = "".join(
        f'<span class="mc-key"><i style="background:{colour}"></i>{escape(label)}</span>'
        for label, colour in legend
    )
    lines = "".join(
        f'<div class="mc-bar-row"><div class="mc-bar-label">{escape(label)}</div><div>'
        + "".join(
            f'<div class="mc-bar" style="width:{max(value / top, 0.01):.1%};'
            f'background:{colour}"><span>{number(value)}</span></div>'
            for value, (_, colour) in zip(values, legend, strict=True)
        )
        + "</div></div>"
        for label, values in rows
    )
    return (
        f'<figure class="mc-bars"><figcaption><b>{escape(caption)}</b></figcaption>'
        f'<div class="mc-keys">{keys}</div>{lines}</figure>'
    )
