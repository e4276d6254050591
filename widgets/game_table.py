"""What every game's table is made of, written once: the deal number, the class book's bar and
score book, the computer players' pacing, and the page (the game's style, then the bar). The
game itself, its rules and what it draws stay in the game's own table."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from widgets.book import BookBar, ClassBook, Scorebook, served
from widgets.controls import Clock, Complains
from widgets.deals import DealNumber
from widgets.pacing import Pacing


class GameTable(Complains, w.VBox):
    """A game's table, kept in the class book as `game` ("mam", "lama", …). The table deals
    with `deal_numbered(seed)` and draws with `_render()`; a table with computer players says
    whether one is to move (`_computer_to_move`) and makes its move (`_computer_move`), `pause`
    seconds apart. Lay out the page with `lay_out` once the table's own widgets are made."""

    def __init__(
        self, game: str, *, seed: int | None, book: ClassBook | None, clock: Clock, pause: float
    ) -> None:
        self.clock = clock  # what the table's computer players wait on
        self.deal_number = DealNumber(seed, self.deal_numbered)
        self.book = BookBar(served(book), game, invite=False)
        self.scorebook = Scorebook(self.book, game)
        self.pacing = Pacing(
            clock,
            pause,
            computer_to_move=self._computer_to_move,
            move=self._computer_move,
            render=self._computers_moved,
            complain=self.complain,
        )

    def lay_out(self, style: w.HTML, *rows: w.Widget, css: str) -> None:
        """The page: the game's style, the class book's bar, then the table's own rows."""
        w.VBox.__init__(self, [style, self.book, *rows])
        self.add_class(css)

    def _on_table(self, game: Any, seed: int) -> None:
        """The game of deal `seed` is on the table: the box shows its number, the class book
        keeps it."""
        self.deal_number.dealt(seed)
        self.scorebook.dealt(game, seed)

    def deal_numbered(self, seed: int) -> None:
        """Deal the game of number `seed`."""
        raise NotImplementedError

    def _render(self) -> None:
        """Draw the table from the game's state."""
        raise NotImplementedError

    def _computer_to_move(self) -> bool:
        """Is a computer player to move now? (Not at a table without computer players.)"""
        return False

    def _computer_move(self) -> None:
        """One computer player's move."""
        raise NotImplementedError

    def _computers_moved(self) -> None:
        """A person is to move (or the round is over): draw the table."""
        self._render()
