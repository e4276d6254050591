"""The longest chain: the most rack cards one action A can lay, and where each goes.

An action A lays cards one after another: the first next to any card on the table (or next to
`after`, the card laid just before, when a chain is under way), each next one next to the card
laid just before it, every card obeying the laying rule. `best_chain` searches every chain
depth first and prunes with an exact upper bound: a chain is a path in the "touches" graph of
the rack, so no chain is longer than that graph's longest path, which a small dynamic program
over subsets of the rack gives (the rack has at most a few dozen cards, in play at most 10).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mathcards.i18n import ngettext
from mathcards.unikat.board import Cell, Table, around, fits, lays
from mathcards.unikat.cards import Card, touches


@dataclass(frozen=True)
class Link:
    """One card of a chain and the cell it goes on."""

    card: Card
    at: Cell


Chain = tuple[Link, ...]


def check_rack(table: Table, rack: Iterable[Card]) -> list[Card]:
    """The rack's cards, each once and none of them on the table; else a ValueError."""
    held = list(rack)
    twice = sorted({str(one) for one in held if held.count(one) > 1})
    if twice:
        raise ValueError(
            ngettext(
                "{cards} is on the rack twice: every card is unique",
                "{cards} are on the rack twice: every card is unique",
                len(twice),
            ).format(cards=", ".join(twice))
        )
    on_table = sorted({str(one) for one in held if one in table.values()})
    if on_table:
        raise ValueError(
            ngettext(
                "{cards} is on the table and on the rack",
                "{cards} are on the table and on the rack",
                len(on_table),
            ).format(cards=", ".join(on_table))
        )
    return held


def best_chain(table: Table, rack: Iterable[Card], after: Cell | None = None) -> Chain:
    """A longest chain of rack cards that one action A can lay now (empty if none fits)."""
    return _Search(table, check_rack(table, rack), after).run()


def is_chain(table: Table, chain: Iterable[Link], after: Cell | None = None) -> bool:
    """Can these cards be laid one after another, each next to the one before, legally?"""
    board = dict(table)
    for step in chain:
        if after is not None and step.at not in around(after):
            return False
        if not fits(board, step.card, step.at):
            return False
        board[step.at], after = step.card, step.at
    return True


class _Search:
    """Depth-first search over chains, pruned by the longest path in the rack's touch graph."""

    def __init__(self, table: Table, rack: list[Card], after: Cell | None) -> None:
        self.board, self.rack, self.after = dict(table), rack, after
        self.index = {one: i for i, one in enumerate(rack)}
        self.links = [
            sum(1 << j for j, other in enumerate(rack) if touches(one, other)) for one in rack
        ]
        self.path: list[Link] = []
        self.best: Chain = ()
        self.memo: dict[tuple[int, int], int] = {}

    def run(self) -> Chain:
        everything = (1 << len(self.rack)) - 1
        first = self._firsts(everything)
        self.ceiling = max((self._longest(everything, i) for i in first), default=0)
        self._extend(everything, self.after)
        return self.best

    def _firsts(self, mask: int) -> list[int]:
        """The rack cards that may come next: any, or those touching the card laid before."""
        if self.after is None:
            return [i for i in range(len(self.rack)) if mask >> i & 1]
        before = self.board[self.after]
        return [i for i, one in enumerate(self.rack) if mask >> i & 1 and touches(before, one)]

    def _longest(self, mask: int, i: int) -> int:
        """The longest path in the touch graph that starts at card i and uses cards in mask."""
        if (mask, i) not in self.memo:
            rest = mask & ~(1 << i)
            nexts = self.links[i] & rest
            self.memo[mask, i] = 1 + max(
                (self._longest(rest, j) for j in range(len(self.rack)) if nexts >> j & 1),
                default=0,
            )
        return self.memo[mask, i]

    def _extend(self, mask: int, after: Cell | None) -> bool:
        """Try every next card; True once a chain as long as the ceiling is found."""
        if len(self.path) > len(self.best):
            self.best = tuple(self.path)
            if len(self.best) == self.ceiling:
                return True
        held = [self.rack[i] for i in range(len(self.rack)) if mask >> i & 1]
        moves = lays(self.board, held, after)
        moves.sort(key=lambda move: -self._longest(mask, self.index[move[0]]))
        for laid, cell in moves:
            i = self.index[laid]
            if len(self.path) + self._longest(mask, i) <= len(self.best):
                continue
            self.board[cell] = laid
            self.path.append(Link(laid, cell))
            done = self._extend(mask & ~(1 << i), cell)
            self.path.pop()
            del self.board[cell]
            if done:
                return True
        return False
