"""How Unikat pages draw the cards: one card, cards on their cells, a chain of cards, and all
81 in a square."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from urllib.parse import quote

from mathcards.i18n import _
from mathcards.unikat.board import Cell
from mathcards.unikat.cards import DECK, Card
from mathcards.unikat.gray import changed_feature
from widgets import svg

CELL = 58  # a board cell, in pixels
CARD = 64  # a rack or display card, in pixels


def draw(one: Card, width: int = CARD, extra: str = "") -> str:
    """One Unikat card as SVG, labelled in words."""
    return svg.unikat_card(*one.words, label=one.name, code=one.code, width=width, extra=extra)


def _uri(one: Card) -> str:
    return quote(draw(one))


def card_faces() -> str:
    """Each card as the background of its button (a rack or display card one clicks)."""
    faces = "".join(
        f'.mc-u-{one.code} {{ background-image: url("data:image/svg+xml,{_uri(one)}"); }}\n'
        for one in DECK
    )
    return f"<style>{faces}</style>"


def render_table(
    table: Mapping[Cell, Card], *, width: int = CELL, marked: Iterable[Cell] = ()
) -> str:
    """Cards on their cells, the smallest rectangle around them; `marked` cells stand out."""
    if not table:
        return '<div class="mc-unikat-table-view"></div>'
    xs, ys = [x for x, _y in table], [y for _x, y in table]
    shown = set(marked)
    cells = []
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            one = table.get((x, y))
            extra = "mc-unikat-marked" if (x, y) in shown else ""
            cells.append(draw(one, width, extra) if one else "<div></div>")
    columns = f"grid-template-columns: repeat({max(xs) - min(xs) + 1}, minmax(0, {width}px))"
    return f'<div class="mc-unikat-table-view" style="{columns}">{"".join(cells)}</div>'


def render_steps(chain: list[Card]) -> str:
    """Cards in a row, each with the feature that changed from the card before it."""
    shown = []
    for i, one in enumerate(chain):
        change = _(changed_feature(chain[i - 1], one)) if i else _("start")
        shown.append(f'<span class="mc-unikat-step">{draw(one, 44)}{escape(change)}</span>')
    return f'<div class="mc-unikat-steps">{"".join(shown)}</div>'


def render_deck(chosen: Card | None = None, marked: set[Card] | None = None) -> str:
    """All 81 cards in a 9 × 9 square: shape and background down, colour and size across."""
    marked = marked or set()
    cells = []
    for one in sorted(DECK):
        faded = chosen is not None and one != chosen and one not in marked
        extra = "mc-unikat-chosen" if one == chosen else ""
        style = ' style="opacity:.25"' if faded else ""
        cells.append(f"<div{style}>{draw(one, 40, extra)}</div>")
    return (
        '<div class="mc-unikat-deck-grid" style="grid-template-columns:repeat(9, minmax(0, 42px))">'
        f"{''.join(cells)}</div>"
    )
