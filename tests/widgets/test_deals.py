"""The deal number box every dealing table shows: a fresh deal on every page load, and a number
the teacher can give the whole class, which then deals exactly the game `seed=` deals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mathcards.i18n import use
from tests.conftest import FakeClock
from widgets.deals import MOST, DealNumber, following, read_number
from widgets.lama import LamaTable
from widgets.lama_dice import LamaDiceTable
from widgets.mam import MamTable, PracticeSession, TargetTable
from widgets.unikat import UnikatTable


def mam_class(seed: int | None) -> TargetTable:
    table = MamTable(teams=3, mode="class", seed=seed, clock=FakeClock(), book=None)
    table.deal_button.click()
    return table


def mam_versus(seed: int | None) -> TargetTable:
    table = MamTable(mode="versus", seed=seed, clock=FakeClock(), book=None)
    table.deal_button.click()
    return table


def practice(seed: int | None) -> PracticeSession:
    return PracticeSession(rounds=3, seed=seed, book=None)


def lama(seed: int | None) -> LamaTable:
    table = LamaTable(("cautious", "expert"), seed=seed, clock=FakeClock(), book=None)
    table.deal_button.click()
    return table


def lama_dice(seed: int | None) -> LamaDiceTable:
    return LamaDiceTable(("cautious", "best"), seed=seed, clock=FakeClock(), book=None)


def unikat(seed: int | None) -> UnikatTable:
    return UnikatTable(("greedy", "expert"), seed=seed, clock=FakeClock(), book=None)


def cards_of(table: Any) -> object:
    """What was dealt, as the first player sees it (for practice: the whole set's deals)."""
    if isinstance(table, PracticeSession):
        return [(e.cards, e.dice) for e in table.practice.exercises]
    if isinstance(table, TargetTable):
        return (table.game.face_up, table.game.dice, table.game.deck)
    return repr(table.game.view(table.game.players[0]))


def next_deal(table: Any) -> None:
    """The table's own "New game" (or "New set"), the next number."""
    if isinstance(table, LamaTable):
        table.new_game()
        table.deal_button.click()
    elif isinstance(table, TargetTable):
        table.game = None  # nothing under way to ask about
        table.deal_button.click()
    else:
        table.new_button.click()
        asked = table.new_confirm if isinstance(table, PracticeSession) else table.confirm
        if asked.children:  # a set or game under way: "Yes, start again"
            asked.children[1].click()


TABLES: dict[str, Callable[[int | None], Any]] = {
    "MAM! class": mam_class,
    "MAM! versus": mam_versus,
    "practice": practice,
    "LAMA": lama,
    "LAMA Dice": lama_dice,
    "Unikat": unikat,
}


def type_number(table: Any, typed: str) -> None:
    table.deal_number.box.value = typed
    table.deal_number.button.click()


@pytest.mark.parametrize("make", TABLES.values(), ids=TABLES.keys())
def test_tables_made_without_a_seed_deal_different_numbers_and_show_them(make):
    tables = [make(None) for _ in range(4)]
    numbers = [table.deal_number.number for table in tables]
    assert all(1 <= n <= MOST for n in numbers), numbers
    assert len(set(numbers)) > 1, "each page load deals afresh"  # 4 alike: 1 in 10**15
    assert len({str(cards_of(table)) for table in tables}) > 1
    for table, number in zip(tables, numbers, strict=True):
        assert table.deal_number.box.value == str(number)


@pytest.mark.parametrize("make", TABLES.values(), ids=TABLES.keys())
def test_a_typed_number_deals_exactly_the_game_its_seed_deals_and_the_next_is_one_on(make):
    table, seeded = make(None), make(4711)
    type_number(table, " 4711 ")
    assert table.deal_number.number == 4711 and table.deal_number.box.value == "4711"
    assert cards_of(table) == cards_of(seeded)
    next_deal(table)
    next_deal(seeded)
    assert table.deal_number.number == 4712 == seeded.deal_number.number
    assert table.deal_number.box.value == "4712"
    assert cards_of(table) == cards_of(seeded), "the class stays in step"
    assert cards_of(table) != cards_of(make(4711))


@pytest.mark.parametrize("typed", ["abc", "-5", "123456", "4.5", "", "٣"])
@pytest.mark.parametrize("make", [mam_class, practice, lama], ids=["MAM!", "practice", "LAMA"])
def test_a_bad_number_is_a_message_next_to_the_box_and_the_typed_text_stays(make, typed):
    table = make(12)
    before = cards_of(table)
    type_number(table, typed)
    message = table.deal_number.message.value
    what = "set" if isinstance(table, PracticeSession) else "deal"
    assert "mc-error" in message and f"a {what} number is a whole number from 0 to 99999" in message
    assert table.deal_number.box.value == typed, "what was typed stays in the box"
    assert cards_of(table) == before and table.deal_number.number == 12
    type_number(table, "12")
    assert table.deal_number.message.value == "", "a good number clears the message"


def test_the_number_box_reads_whole_numbers_of_at_most_five_digits():
    assert [read_number(t) for t in ("0", "7", "04711", "99999")] == [0, 7, 4711, MOST]
    for bad in ("100000", "+5", "5 5", "V", "1e3"):
        with pytest.raises(ValueError, match="whole number from 0 to 99999"):
            read_number(bad)
    assert following(4711) == 4712 and following(MOST) == 0


def test_a_number_typed_in_the_middle_of_a_mam_game_asks_first():
    table = mam_class(5)
    table.no_solution()  # the class gives up on the round twice: the game is under way
    table.no_solution()
    type_number(table, "300")
    assert "Start a new game?" in table.confirm.children[0].value
    assert table.deal_number.number == 5
    table.confirm.children[1].click()  # "Yes, start again"
    assert table.deal_number.number == 300 and cards_of(table) == cards_of(mam_class(300))


def test_lama_offers_the_next_number_before_its_deal_and_shows_it_during_the_game():
    table = LamaTable(("bold",), seed=40, clock=FakeClock(), pause=0, book=None)
    assert table.deal_number.box.value == "40" and table.game is None
    table.deal_button.click()
    assert "Deal number 40" in table.shown.value
    table.new_game()
    assert table.deal_number.box.value == "41"


def test_a_resumed_practice_set_keeps_its_own_number(service):
    first = PracticeSession("easy", rounds=3, seed=None, book=service.book_client("phone"))
    first.book.join_button.click()
    kept = service.sets[0]["seed"]
    assert first.deal_number.number == kept
    again = PracticeSession("easy", rounds=3, seed=None, book=service.book_client("phone"))
    assert again.practice.seed == kept and again.deal_number.box.value == str(kept)
    assert len(service.sets) == 1
    again.new_button.click()
    assert service.sets[1]["seed"] == following(kept)


def test_the_box_speaks_polish():
    use("pl")
    try:
        box = DealNumber(3, lambda number: None)
        box.box.value = "trzy"
        box.typed()
        assert box.box.description == "Numer rozdania" and box.button.description == "Rozdaj"
        assert "numer rozdania to liczba całkowita od 0 do 99999" in box.message.value
        assert PracticeSession(seed=1, book=None).deal_number.box.description == "Numer zestawu"
    finally:
        use("en")


@pytest.mark.parametrize("make", [lama_dice, unikat], ids=["LAMA Dice", "Unikat"])
def test_new_game_with_a_game_under_way_asks_once_and_keep_going_keeps_it(make):
    table = make(21)
    table.new_button.click()  # nothing played yet: a new game at once
    assert table.confirm.children == () and table.deal_number.number == 22
    player = table.game.players[0]
    table._make(table.game.legal_actions(player)[0])  # your first move: the game under way
    before = cards_of(table)
    table.new_button.click()
    question, _yes, keep = table.confirm.children
    assert "Start again?" in question.value and cards_of(table) == before
    keep.click()
    assert table.confirm.children == () and cards_of(table) == before
    table.new_button.click()
    table.confirm.children[1].click()  # yes, start again
    assert table.deal_number.number == 23 and table.confirm.children == ()


def under_way(table: Any) -> None:
    """Something a new deal would throw away: a deal of the set answered, a move made."""
    if isinstance(table, PracticeSession):
        table.answer.text.value = "1"
        table.answer.submit.click()
    elif isinstance(table, TargetTable):
        table.no_solution()  # the class gives up on the round twice: a card is won
        table.no_solution()
    else:
        if isinstance(table, LamaTable):
            table.deal_button.click()
        table._make(table.game.legal_actions(table.game.players[0])[0])


@pytest.mark.parametrize("make", TABLES.values(), ids=TABLES.keys())
def test_a_number_typed_with_a_game_or_set_under_way_asks_first(make):
    table = make(5)
    under_way(table)
    before = cards_of(table)
    asked = table.new_confirm if isinstance(table, PracticeSession) else table.confirm
    type_number(table, "300")
    question, _yes, keep = asked.children
    assert "will be lost" in question.value and cards_of(table) == before
    keep.click()  # "Keep going": the game or set stays, and what was typed too
    assert asked.children == () and cards_of(table) == before
    assert table.deal_number.box.value == "300"
    type_number(table, "300")
    asked.children[1].click()  # "Yes, start again"
    assert table.deal_number.number == 300 and asked.children == ()
    assert cards_of(table) == cards_of(make(300))
