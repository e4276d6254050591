"""What every game's table is made of (widgets/game_table.py): the page begins with the game's
style and the class book's bar, and each game dealt, by a number typed in the box, is kept in
the class book under the game's own name, move by move; a page opened again has the game come
back as it was left, and it plays on as it would have, the computer players' choices too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pytest

from mathcards.mam import best
from mathcards.unikat.moves import Draw as UnikatDraw
from mathcards.unikat.moves import Lay, Stop, Swap
from tests.conftest import FakeClock
from tests.test_replay import state
from tests.widgets.test_book import joined, practice
from widgets.book import ClassBook
from widgets.lama import LamaTable
from widgets.lama_dice import LamaDiceTable
from widgets.mam import MamTable, VersusTable
from widgets.unikat import UnikatTable

TABLES: dict[str, tuple[str, Callable[[ClassBook], Any]]] = {
    "MAM! class": ("mam", lambda book: MamTable(teams=3, seed=5, clock=FakeClock(), book=book)),
    "MAM! versus": (
        "mam",
        lambda book: MamTable(mode="versus", seed=5, clock=FakeClock(), book=book),
    ),
    "MAM! alone": (
        "mam",
        lambda book: MamTable(mode="practice", seed=5, clock=FakeClock(), book=book),
    ),
    "LAMA": ("lama", lambda book: LamaTable(("bold",), seed=5, clock=FakeClock(), book=book)),
    "LAMA Dice": (
        "lama_dice",
        lambda book: LamaDiceTable(("cautious",), seed=5, clock=FakeClock(), book=book),
    ),
    "Unikat": (
        "unikat",
        lambda book: UnikatTable(("greedy",), seed=5, clock=FakeClock(), book=book),
    ),
}


@pytest.mark.parametrize("make", [make for _game, make in TABLES.values()], ids=TABLES.keys())
def test_every_table_gives_each_view_its_classes_as_it_is_made(make, messages):
    """docs/design.md#few-models-for-a-phone: a CSS class added once a view is made is a
    second message for that view (a Unikat table sent 55 of them as it was made): none."""
    make(None)
    assert "_dom_classes" not in {key for _view, key in messages.changed}, messages.changed


@pytest.mark.parametrize(("game", "make"), TABLES.values(), ids=TABLES.keys())
def test_every_table_shows_its_style_and_the_class_book_and_keeps_each_deal(game, make, service):
    practice(service).book.join_button.click()  # the browser joined the class on another page
    table = make(service.book_client("phone-of-ola"))
    style, bar = table.children[:2]
    assert style.value.startswith("<style") and bar is table.book
    assert joined(table)
    table.deal_number.box.value = "31"
    table.deal_number.button.click()
    assert table.deal_number.number == 31 and table.deal_number.box.value == "31"
    kept = service.games[-1]
    assert (kept["game"], kept["seed"], kept["finished"]) == (game, 31, False)
    assert kept["players"] == list(table.game.players)


# ---------------------------------------------------------------- a game comes back

BACK = "Your game is back where you left it."
NOT_KEPT = {  # what a table says of the move just made, and what is being typed, which a page
    "mc-status",  # that comes back has not seen: MAM!'s sentence for the last claim,
    "mc-case",  # LAMA Dice's headline (what just happened),
    "mc-countdown",  # MAM!'s computer players' countdown (it starts again),
    "mc-message-box",  # a table's message line,
    "mc-answer",  # MAM!'s answer box and its preview,
    "mc-preview",
    "mc-book",  # the class book's bar (the sentence of the page that came back)
}


def shown(widget: Any) -> list[Any]:
    """What a table shows: every HTML, box and button on it, as drawn, but what is not kept."""
    if widget.layout.display == "none" or NOT_KEPT & set(widget._dom_classes):
        return []
    if isinstance(widget, w.Button):
        return [(widget.description, widget.tooltip, widget.disabled)]
    if isinstance(widget, w.HTML):
        return [widget.value]
    if isinstance(widget, w.Text | w.Dropdown | w.Checkbox | w.BoundedIntText):
        return [widget.value]
    return [part for child in getattr(widget, "children", ()) for part in shown(child)]


def your_move(table: Any, turn: int) -> None:
    """One move of the person at the table (the same at two tables in the same state)."""
    game = table.game
    if game.over:
        return
    if isinstance(table, LamaTable | LamaDiceTable) and game.round_over:
        table.next_round()
    elif isinstance(table, LamaTable):
        legal = game.legal_actions(table.me)
        if legal:
            table.act(legal[turn % len(legal)])
    elif isinstance(table, LamaDiceTable):
        legal = game.legal_actions(table.you)
        if legal:
            table.act(legal[turn % len(legal)])
    elif isinstance(table, UnikatTable):
        your_unikat_move(table, turn)
    else:
        your_mam_move(table, turn)


def your_unikat_move(table: UnikatTable, turn: int) -> None:
    if table.game.round_over:
        table.next_round()
        return
    legal = table.game.legal_actions(table.you)
    if not legal:
        return
    move = legal[turn % len(legal)]
    if isinstance(move, Lay):
        table.select(move.card)
        table.lay_at(move.at)
    elif isinstance(move, Swap):
        table.select(move.card)
        table.take(move.take)
    elif isinstance(move, UnikatDraw):
        table.take(move.source)
    elif isinstance(move, Stop):
        table.stop()
    else:
        table.end_turn()


def your_mam_move(table: Any, turn: int) -> None:
    """Take a card when one is owed, else claim: rightly every other turn, wrongly between."""
    if table.takes.children:
        table.takes.children[1 + turn % (len(table.takes.children) - 1)].click()
        return
    game = table.game
    found = best(game.solver_cards(), game.target, power=game.power)
    table.answer.text.value = found.text if found and turn % 2 else "1+1"
    table.answer.submit.click()


def computers_play(table: Any) -> None:
    """The computer players move until it is the person's move again; in the MAM! race, until
    the first of them claims (its countdown then starts again for the next target)."""
    if not isinstance(table, VersusTable):
        table.clock.run()
        return
    made = len(table.scorebook.moves)
    while len(table.scorebook.moves) == made and table.clock.step() is not None:
        pass


BACK_TABLES: dict[str, Callable[[ClassBook], Any]] = {  # computer players that draw chance,
    # and that play on
    **{name: make for name, (_game, make) in TABLES.items()},
    "MAM! versus": lambda book: MamTable(
        mode="versus", opponents=("good", "expert"), clock=FakeClock(), book=book
    ),
    "LAMA": lambda book: LamaTable(("random", "expert"), clock=FakeClock(), book=book),
    "LAMA Dice": lambda book: LamaDiceTable(("bold", "best"), clock=FakeClock(), book=book),
    "Unikat": lambda book: UnikatTable(("random", "expert"), clock=FakeClock(), book=book),
}


@pytest.mark.parametrize("make", BACK_TABLES.values(), ids=BACK_TABLES.keys())
def test_every_table_comes_back_as_it_was_and_plays_on_as_it_would_have(make, service, tmp_path):
    practice(service).book.join_button.click()  # the browser joined the class on another page
    first = make(service.book_client("phone-of-ola"))
    first.deal_number.box.value = "31"
    first.deal_number.button.click()
    for turn in range(5):
        your_move(first, turn)
        computers_play(first)
    left = service.copy(tmp_path / "left")  # the book as the page left it, for the first page
    games, made = len(service.games), len(service.games[-1]["moves"])

    again = make(service.book_client("phone-of-ola"))  # the page is opened again (a new kernel)
    assert len(service.games) == games, "the game came back: no other was dealt"
    assert BACK in again.back_message.value and BACK not in first.back_message.value
    assert state(again.game) == state(first.game) and again.deal_number.number == 31
    assert shown(again) == shown(first)
    first.scorebook.bar.book.school = left  # the first page goes on with a book of its own
    for turn in range(5, 12):
        for table in (first, again):
            your_move(table, turn)
            computers_play(table)
        assert state(again.game) == state(first.game), f"turn {turn}"
        assert shown(again) == shown(first), f"turn {turn}"
    assert service.games[-1]["moves"] == left.games[-1]["moves"]
    assert len(left.games[-1]["moves"]) >= made + 7, "the game went on after it came back"


def test_two_tables_of_one_game_on_a_page_each_find_their_own_game(service):
    """The MAM! lesson shows the class's table and the table against computer players: each
    comes back with the game dealt at it, never the other's."""
    practice(service).book.join_button.click()

    def page() -> tuple[Any, Any]:
        book = service.book_client("phone-of-ola")
        return MamTable(teams=3, clock=FakeClock(), book=book), MamTable(
            mode="versus", opponents=("beginner", "good"), clock=FakeClock(), book=book
        )

    in_class, versus = page()
    versus.deal_button.click()
    your_mam_move(versus, 0)
    again_in_class, again_versus = page()
    assert BACK in again_versus.back_message.value and again_in_class.game is None
    assert state(again_versus.game) == state(versus.game)
    in_class.deal_button.click()
    _, last_versus = page()
    assert state(last_versus.game) == state(versus.game), "the class's game is not its"
    assert page()[0].game.players == ["Team A", "Team B", "Team C"]


def test_a_game_that_ended_while_the_student_was_away_shows_its_result(service):
    """The student made a wrong claim and left; the computer players raced on to the end of
    the game. The page opened again shows how it ended, and the class book has its result."""
    practice(service).book.join_button.click()
    book = service.book_client("phone-of-ola")
    first = MamTable(mode="versus", opponents=("good", "expert"), clock=FakeClock(), book=book)
    first.deal_number.box.value = "4"
    first.deal_number.button.click()
    your_mam_move(first, 0)
    for _round in range(200):  # away: the computers play on (a target no one can make: pass)
        first.clock.run()
        if first.game.over:
            break
        first.none_button.click()
    assert first.game.over and service.games[-1]["finished"]

    again = MamTable(mode="versus", opponents=("beginner",), clock=FakeClock(), book=book)
    assert BACK in again.back_message.value and again.game.over
    assert state(again.game) == state(first.game)
    result = again.game.result()
    assert result in again.status.value, "how the game ended, on the page"
    assert service.games[-1]["winners"] == again.game.winners()
    assert list(again.strategies.values()) == ["good", "expert"], "its own computer players"
