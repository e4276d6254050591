"""HTML tables as every game's widgets draw them: a heading row, then the rows."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape


def header_row(*labels: str) -> str:
    """A table's heading row (the labels already in the reader's language)."""
    return "<tr>" + "".join(f"<th>{escape(label)}</th>" for label in labels) + "</tr>"


def table(headings: Iterable[str], rows: str, css: str, *, scroll: bool = False) -> str:
    """A table: the headings, then the rows (already HTML); with `scroll` it scrolls sideways
    on a phone instead of widening the page."""
    made = f'<table class="{css}">{header_row(*headings)}{rows}</table>'
    return f'<div class="mc-scroll">{made}</div>' if scroll else made
