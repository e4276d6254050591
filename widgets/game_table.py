"""What every game's table is made of, written once: the deal number, the class book's bar and
score book, the computer players' pacing and their chance, every move made through one door
(so the class book keeps them all, in order), the game that comes back where it was left, and
the page (the game's style, then the bar). The game itself, its rules and what it draws stay in
the game's own table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from mathcards.engine import (
    Event,
    computer_rng,
    computer_seats,
    computer_to_move,
    game_over,
    make_move,
)
from mathcards.i18n import _
from mathcards.replay import move_json, replay
from widgets.book import BookBar, ClassBook, Scorebook, served
from widgets.controls import (
    Clock,
    Complains,
    announcer,
    ask_once,
    fixed,
    html,
    row,
    show_message,
)
from widgets.deals import DealNumber
from widgets.pacing import Pacing


class GameTable(Complains, w.VBox):
    """A game's table, kept in the class book as `kind` ("mam", "lama", …) dealt at the table
    named `table` (MAM!'s way to play: a page may show two tables of one game). The table deals
    with `deal_numbered(seed)`, puts its game on the table with `_on_table` (its settings:
    everything needed to deal it again), makes every move with `_make`, and draws with
    `_render()`; a table with computer players says whether one is to move
    (`_computer_to_move`) and makes its move (`_computer_move`), `pause` seconds apart. A
    game that comes back from the class book (`come_back`) is set up by `_back`. Lay out the
    page with `lay_out` once the table's own widgets are made."""

    game: Any  # the game on the table: the engine of the table's game

    def __init__(
        self,
        kind: str,
        *,
        table: str = "",
        seed: int | None,
        book: ClassBook | None,
        clock: Clock,
        pause: float,
    ) -> None:
        self.kind, self.table_name = kind, table  # a page may show two tables of one game
        self.clock = clock  # what the table's computer players wait on
        self.deal_number = DealNumber(seed, self.deal_asked)
        self.seed = seed  # the deal on the table (its game's seed), once there is one
        self.computer_seats: dict[
            str, str
        ] = {}  # each computer player's seat, the same in every language
        self.back_message = html("mc-game-back")  # under the bar: a game came back from the book
        self.book = BookBar(
            served(book), kind, self._book_answers, invite=False, below=(self.back_message,)
        )
        self.scorebook = Scorebook(self.book, kind)
        self.confirm = row(css="mc-confirm")  # "start again?", asked once
        self.pacing = Pacing(
            clock,
            pause,
            computer_to_move=self._computer_to_move,
            move=self._computer_move,
            render=self._computers_moved,
            complain=self.complain,
        )

    def lay_out(self, style: w.HTML, *rows: w.Widget, css: str) -> None:
        """The page: the game's style, the class book's bar, then the table's own rows; the
        table's CSS classes (`css`, space-separated)."""
        # the page's announcer, last: every move is said
        shown = [style, self.book, *rows, announcer()]
        w.VBox.__init__(self, shown, layout=fixed(), _dom_classes=tuple(css.split()))

    def _on_table(self, game: Any, seed: int, settings: dict[str, Any]) -> None:
        """The game of deal `seed` is on the table: the box shows its number, the class book
        keeps it with its `settings` (the players, the computer players' strategies by name,
        the game's options), the computer players take their seats."""
        self.seed = seed
        self.deal_number.dealt(seed)
        self.computer_seats = computer_seats(settings["computers"], game.players)
        self.scorebook.dealt(seed, {**settings, "table": self.table_name})
        self.back_message.value = ""

    @property
    def under_way(self) -> bool:
        """Is a game on the table with moves made and not over: what one tap would lose?"""
        game = getattr(self, "game", None)
        return game is not None and not game.over and bool(self.scorebook.moves)

    def ask_first(self, start: Callable[[], None]) -> None:
        """`start` a new game at once, or, with one under way, only once asked
        (docs/design.md#nothing-lost-by-one-tap)."""
        self.keep_going()
        if self.under_way:
            ask_once(self.confirm, self.lost_words(), start)
        else:
            start()

    def lost_words(self) -> str:
        """The question before a new game throws the one under way away."""
        return _("Start again? The game under way will be lost.")

    def deal_asked(self, seed: int) -> None:
        """Deal the number typed in the box: with a game under way, only once asked."""
        self.ask_first(lambda: self.deal_numbered(seed))

    def keep_going(self, _button: object = None) -> None:
        """No question about starting again on the table."""
        self.confirm.children = ()

    def _make(self, move: Any) -> Event:
        """Make a move on the game on the table (a player's, a computer player's, the next
        round): the class book keeps every move, in order."""
        logged = len(self.game.log)
        event = make_move(self.game, move)
        self.scorebook.moved(move_json(self.kind, move))
        announcer().say(*(self.game.log[logged:] or [event.sentence]), self.result())
        return event

    def result(self) -> str:
        """The game's or the round's end, in words (nothing while it is under way)."""
        game = self.game
        if game.over:
            return game_over(game.winners())
        return _("The round is over.") if getattr(game, "round_over", False) else ""

    def _chance(self, player: str) -> random.Random:
        """A computer player's chance for the decision it makes now: keyed on the game's seed,
        its seat and the moves made, so that a game that comes back plays on as it would have."""
        return computer_rng(self.seed, self.computer_seats[player], len(self.scorebook.moves))

    def _computer_plays(self, computers: dict[str, Any]) -> Event:
        """The computer player to move (one of `computers`, name → strategy) chooses from its
        own view, and its move is made."""
        player = computer_to_move(self.game, computers)
        assert player is not None, "a computer player moves only when it is to"
        return self._make(self._choice(player, computers))

    def _choice(self, player: str, computers: dict[str, Any]) -> Any:
        """The move computer player `player` chooses now, from its own view."""
        game = self.game
        return computers[player](
            game.view(player), game.legal_actions(player), self._chance(player)
        )

    def come_back(self) -> bool:
        """The student's game of this table, when the class book has one open: replayed from its
        moves, set up and drawn as it was left, and the page says so. False when there is none."""
        view = self.scorebook.open(self.table_name)
        if view is None:
            return False
        try:
            game = replay(self.kind, view["settings"], view["seed"], view["moves"])
        except ValueError:  # a game this table cannot deal again: a new one is dealt
            return False
        self.scorebook.back(view)
        self.seed = view["seed"]
        self.deal_number.dealt(view["seed"])
        self.computer_seats = computer_seats(view["settings"]["computers"], game.players)
        self._back(game, view["settings"])
        show_message(self.back_message, _("Your game is back where you left it."))
        return True

    def _book_answers(self) -> None:
        """The class book answers after it could not be reached as the page opened: the game
        played here meanwhile goes in whole, else the student's game left open comes back."""
        if self.scorebook.moves or not self.come_back():
            self.scorebook.catch_up()

    def deal_numbered(self, seed: int) -> None:
        """Deal the game of number `seed`."""
        raise NotImplementedError

    def _back(self, game: Any, settings: dict[str, Any]) -> None:
        """Put `game`, come back from the class book, on the table with its `settings`, and
        draw it (the computer players move on if one is to move)."""
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
