"""HTML tables as every game's widgets draw them: a heading row, then the rows."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

CELL = re.compile(r"<td(?=[\s>])")


def header_row(*labels: str) -> str:
    """A table's heading row (the labels already in the reader's language)."""
    return "<tr>" + "".join(f"<th>{escape(label)}</th>" for label in labels) + "</tr>"


def labelled(rows: str, labels: list[str]) -> str:
    """The rows with each cell carrying its column's heading (`data-label`), so a phone can
    show a row as a card of labelled lines."""

    def label_cells(row: re.Match[str]) -> str:
        column = iter(labels)
        return CELL.sub(lambda _cell: f'<td data-label="{escape(next(column, ""))}"', row[0])

    return re.sub(r"<tr[\s>].*?</tr>", label_cells, rows, flags=re.S)


def table(
    headings: Iterable[str], rows: str, css: str, *, scroll: bool = False, stack: bool = False
) -> str:
    """A table: the headings, then the rows (already HTML); with `scroll` it scrolls sideways
    on a phone instead of widening the page, a region named by its headings that Tab reaches;
    with `stack` each row becomes a card of labelled lines on a phone (a table too wide for
    one)."""
    labels = list(headings)
    if stack:
        rows, css = labelled(rows, labels), f"{css} mc-stack"
    made = f'<table class="{css}">{header_row(*labels)}{rows}</table>'
    if not scroll:
        return made
    name = escape(", ".join(label for label in labels if label))
    return f'<div class="mc-scroll" role="region" tabindex="0" aria-label="{name}">{made}</div>'
