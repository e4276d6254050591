"""The board: an unbounded square grid of cards, and the laying rule
(docs/rules.md#unikat-laying-rule).

A cell is (column x, row y): x grows to the right, y downwards; the start card lies at (0, 0).
A card may go on an empty cell next to at least one card, and it must touch (differ in exactly
one feature from) every card on the four cells around it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping

from mathcards.i18n import N_, _, ngettext
from mathcards.unikat.cards import DECK, NEIGHBOURS, Card, card, differences, touches

Cell = tuple[int, int]
Table = Mapping[Cell, Card]
START: Cell = (0, 0)


def around(cell: Cell) -> list[Cell]:
    """The four cells that share an edge with `cell`: right, below, left, above."""
    x, y = cell  # written out: the bots and the stuck test ask millions of times a game
    return [(x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)]


def touching(table: Table, cell: Cell) -> list[Card]:
    """The cards on the cells around `cell`."""
    found = map(table.get, around(cell))
    return [laid for laid in found if laid is not None]


def fitting(table: Table, cell: Cell) -> frozenset[Card]:
    """The cards that touch every card around `cell` (none when no card is next to it)."""
    beside = touching(table, cell)
    if not beside:
        return frozenset()
    found = NEIGHBOURS[beside[0]]
    for other in beside[1:]:
        found &= NEIGHBOURS[other]
    return found


def fits(table: Table, laid: Card, cell: Cell) -> bool:
    """The laying rule: an empty cell next to a card, and `laid` touches every card around it."""
    return cell not in table and laid in fitting(table, cell)


def frontier(table: Table) -> list[Cell]:
    """The empty cells next to at least one card, in reading order (row by row)."""
    return reading_order({side for cell in table for side in around(cell) if side not in table})


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """Cells row by row, top to bottom, each row left to right."""
    return sorted(cells, key=lambda cell: (cell[1], cell[0]))


def open_cells(table: Table, after: Cell | None = None) -> list[Cell]:
    """Where a card may be laid: next to the cell `after` (the card laid just before), else
    next to any card."""
    if after is None:
        return frontier(table)
    return reading_order(cell for cell in around(after) if cell not in table)


def lays(table: Table, rack: Iterable[Card], after: Cell | None = None) -> list[tuple[Card, Cell]]:
    """Every (card, cell) that may be laid from `rack` now, cell by cell in reading order."""
    held = frozenset(rack)
    return [
        (laid, cell)
        for cell in open_cells(table, after)
        for laid in sorted(fitting(table, cell) & held)
    ]


def places(table: Table, laid: Card, after: Cell | None = None) -> list[Cell]:
    """The cells where `laid` may go (next to `after`, if given)."""
    return [cell for _, cell in lays(table, [laid], after)]


def any_fits(table: Table, cards: Iterable[Card]) -> bool:
    """Whether one of `cards` not on the table fits some empty cell (asked cell by cell, until
    one does)."""
    held = frozenset(cards).difference(table.values())
    return any(fitting(table, cell) & held for cell in frontier(table))


def fitting_cards(table: Table) -> set[Card]:
    """Every card not on the table that fits some empty cell."""
    found: set[Card] = set()
    for cell in frontier(table):
        found |= fitting(table, cell)
    return found - set(table.values())


def random_table(rng: random.Random, size: int) -> dict[Cell, Card]:
    """A table of `size` cards, each laid legally next to one laid before (a demo, a benchmark)."""
    left = list(DECK)
    rng.shuffle(left)
    table = {START: left.pop()}
    while len(table) < size:
        laid, cell = rng.choice(lays(table, left))
        table[cell] = laid
        left.remove(laid)
    return table


def where(table: Table, laid: Card) -> Cell | None:
    """The cell a card lies on, or None when it is not on the table."""
    return next((cell for cell, there in table.items() if there == laid), None)


def check_table(table: Table) -> None:
    """Every two cards side by side obey the laying rule and no card lies twice; else ValueError."""
    seen: dict[Card, Cell] = {}
    for cell, laid in table.items():
        if laid in seen:
            raise ValueError(
                _("{card} lies twice, at {cell} and {other_cell}").format(
                    card=laid, cell=cell_text(seen[laid]), other_cell=cell_text(cell)
                )
            )
        seen[laid] = cell
    for (x, y), laid in table.items():
        for side in ((x + 1, y), (x, y + 1)):  # right and below: each pair once
            other = table.get(side)
            if other is not None and not touches(laid, other):
                raise ValueError(side_by_side(laid, (x, y), other, side))


def side_by_side(laid: Card, cell: Cell, other: Card, side: Cell) -> str:
    """Why two cards side by side break the laying rule."""
    count = differences(laid, other)
    sentence = ngettext(
        "{card} at {cell} and {other} at {other_cell} lie side by side but differ in {n} "
        "feature, not exactly 1",
        "{card} at {cell} and {other} at {other_cell} lie side by side but differ in {n} "
        "features, not exactly 1",
        count,
    )
    return sentence.format(
        card=laid, cell=cell_text(cell), other=other, other_cell=cell_text(side), n=count
    )


def cell_text(cell: Cell) -> str:
    """A cell as the command line writes it: ``x,y``."""
    return f"{cell[0]},{cell[1]}"


SIDE_WORDS = {  # where a cell lies from the card beside it (y grows downwards)
    (1, 0): N_("to the right of the {card}"),
    (-1, 0): N_("to the left of the {card}"),
    (0, 1): N_("below the {card}"),
    (0, -1): N_("above the {card}"),
}


def side_of(table: Table, cell: Cell, beside: Cell | None = None) -> str:
    """Where a cell is, in words: next to which card (`beside`, else the first one around it)
    and on which side of it."""
    cards_around = [side for side in around(cell) if side in table]
    neighbour = beside if beside in cards_around else cards_around[0]
    side = (cell[0] - neighbour[0], cell[1] - neighbour[1])
    return _(SIDE_WORDS[side]).format(card=table[neighbour].name)


def parse_cell(text: str) -> Cell:
    """A cell written ``x,y``: two plain whole numbers, column then row."""
    match = re.fullmatch(r"(-?[0-9]{1,6}),(-?[0-9]{1,6})", text)
    if match is None:
        raise ValueError(
            _("{text} is not a cell: write column,row like 1,0").format(text=repr(text))
        )
    return int(match[1]), int(match[2])


def parse_placement(text: str) -> tuple[Card, Cell]:
    """A card on a cell, written ``CODE@X,Y`` like ``swb1@0,0``."""
    code, at, cell = text.partition("@")
    if not at:
        raise ValueError(
            _("{text} is not a card on a cell: write CODE@X,Y like swb1@0,0").format(
                text=repr(text)
            )
        )
    return card(code), parse_cell(cell)


def parse_table(texts: Iterable[str]) -> dict[Cell, Card]:
    """Cards on cells (``swb1@0,0 cwb1@1,0``): one card per cell, each card once, laid legally."""
    table: dict[Cell, Card] = {}
    for text in texts:
        laid, cell = parse_placement(text)
        if cell in table:
            raise ValueError(
                _("two cards on cell {cell}: {card} and {other}").format(
                    cell=cell_text(cell), card=table[cell], other=laid
                )
            )
        table[cell] = laid
    check_table(table)
    return table
