"""What every game's table is made of (widgets/game_table.py): the page begins with the game's
style and the class book's bar, and each game dealt, by a number typed in the box, is kept in
the class book under the game's own name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import FakeClock
from tests.widgets.test_book import StandInBook, StandInService, practice
from widgets.lama import LamaTable
from widgets.lama_dice import LamaDiceTable
from widgets.mam import MamTable
from widgets.unikat import UnikatTable

TABLES: dict[str, tuple[str, Callable[[StandInBook], Any]]] = {
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


@pytest.mark.parametrize(("game", "make"), TABLES.values(), ids=TABLES.keys())
def test_every_table_shows_its_style_and_the_class_book_and_keeps_each_deal(game, make):
    service = StandInService()
    practice(service).book.join_button.click()  # the browser joined the class on another page
    table = make(StandInBook(service))
    style, bar = table.children[:2]
    assert style.value.startswith("<style") and bar is table.book
    assert "Lama 7" in table.book.status.value
    table.deal_number.box.value = "31"
    table.deal_number.button.click()
    assert table.deal_number.number == 31 and table.deal_number.box.value == "31"
    kept = service.games[-1]
    assert (kept["game"], kept["seed"], kept["finished"]) == (game, 31, False)
    assert kept["players"] == list(table.game.players)
