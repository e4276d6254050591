"""The target game's widgets on a Polish page: every label, button, message and table in Polish,
teams and computer players named in Polish, numbers and division as Polish schools write them."""

import re

import ipywidgets as w
import pytest

from mathcards import i18n
from mathcards.mam import best
from tests.conftest import FakeClock
from tests.english import english_words
from tests.widgets.test_mam import RULEBOOK, answer_for, read_preview, said, stacked, typeset_in
from widgets.mam import (
    AllLevels,
    MamTable,
    PracticeSession,
    QuickDeal,
    SameSolution,
    SolverExplorer,
    TargetOdds,
    counting_table,
    render_preview,
)
from widgets.mam.cards import cards_count
from widgets.mam.live_views import you_have, you_win


@pytest.fixture(autouse=True)
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def shown(widget: w.Widget) -> list[str]:
    """Every text the widget shows a reader: labels, buttons, menus, placeholders, HTML."""
    texts = []
    if isinstance(widget, w.Dropdown):
        texts += widget._options_labels
    elif isinstance(widget, w.Text):
        texts.append(widget.placeholder)
    elif isinstance(widget, w.HTML | w.HTMLMath):
        texts.append(readable(widget.value))
    texts.append(getattr(widget, "description", ""))
    for child in getattr(widget, "children", ()):
        texts += shown(child)
    return [text for text in texts if text.strip()]


def readable(html: str) -> str:
    """The words of an HTML view, the cards' and dice's labels among them."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|alt)="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html) + " " + labels


def english_in(widget: w.Widget, names: set[str] = frozenset()) -> dict[str, list[str]]:
    return {text: words for text in shown(widget) if (words := english_words(text, names))}


def test_a_seeded_class_game_is_polish_from_deal_to_take():
    table = MamTable(teams=3, seed=2026)
    assert table.names == ["Drużyna A", "Drużyna B", "Drużyna C"]
    assert table.level_choice.label == "normalny" and table.level_choice.value == "normal"
    assert not english_in(table)
    table.deal_button.click()
    assert table.answer.text.description == "Twoje działanie"  # the box's name, read aloud
    assert not english_in(table)
    for _rung in range(3):
        table.hint_button.click()
    table.all_button.click()
    assert "sposobów, by ułożyć" in table.solutions.value and not english_in(table)
    table.claimer.value = "Drużyna B"
    table.answer.text.value = answer_for(table).text
    table.answer.submit.click()
    assert "Dobrze!" in table.answer.message.value and "Drużyna B: Dobrze!" in table.status.value
    table.answer.text.value = "99+1"
    table.answer.submit.click()
    assert "Niezupełnie: na stole nie ma karty 99" in table.answer.message.value
    assert "Drużyna C wybiera kartę:" in table.takes.children[0].value
    assert not english_in(table)
    table.takes.children[1].click()
    table.takes.children[1].click()
    assert "Drużyna A bierze kartę" in table.status.value
    table.answer.text.value = "7++"
    table.answer.submit.click()
    assert "nie zostaje ocenione" in table.answer.message.value
    assert table.confirm.children[-1].description == "Oceń mimo to"
    assert not english_in(table)
    table.deal_button.click()
    assert "Zacząć nową grę?" in table.confirm.children[0].value
    assert "(Drużyna A 1 karta, Drużyna B 5 kart, Drużyna C 1 karta)" in (
        table.confirm.children[0].value
    )
    assert [button.description for button in table.confirm.children[1:]] == [
        "Tak, od nowa",
        "Nie, gram dalej",
    ]
    assert not english_in(table)


def test_next_round_and_the_end_of_a_class_game_in_polish():
    table = stacked([*RULEBOOK, 3], teams=2)
    table.none_button.click()
    assert "Da się ułożyć 32" in table.answer.message.value
    table.none_button.click()
    assert "Poddajemy się, choć 32 można było ułożyć tak: (" in table.status.value
    assert "Odkrywamy jeszcze jedną kartę – 3." in table.status.value
    game = table.game
    table.land((2, 30))
    assert not game.deck, "the last card is turned up"
    table.answer.text.value = best(game.solver_cards(), game.target).text
    table.answer.submit.click()
    assert game.over and "Koniec gry:" in table.status.value and not english_in(table)
    table.hint_button.click()
    assert "gra się skończyła" in table.answer.message.value


def test_against_the_computer_in_polish(clock):
    table = MamTable(mode="versus", opponents=("expert",), seed=3, clock=clock)
    assert table.names == ["Ty", "Komputer 1 (ekspert)"]
    table.deal_button.click()
    assert "Komputer 1 (ekspert) myśli:" in table.countdown.value
    while not table.game.log:  # the computer's countdown, second by second, to its claim
        clock.pending.pop(0).callback()
    assert "Tym razem Komputer 1 (ekspert) odpowiada szybciej." in table.answer.message.value
    assert "Komputer 1 (ekspert): Dobrze!" in table.status.value and not english_in(table)
    table.answer.text.value = "1+1"
    table.answer.submit.click()
    assert "Źle:" in table.status.value and "Komputer 1 (ekspert) bierze kartę" in (
        table.status.value
    )
    clock.run()  # the computer plays on to the end of the game
    assert table.game.over and "Koniec gry:" in table.status.value
    assert not english_in(table)


def test_a_seed_plays_the_same_game_against_the_computer_in_every_language():
    def first_plan():
        table = MamTable(mode="versus", opponents=("good", "expert"), seed=4, clock=FakeClock())
        table.deal_button.click()
        return table.plan.seconds, table.plan.answer, table.names.index(table.plan.player)

    polish = first_plan()
    i18n.use("en")
    assert first_plan() == polish


def test_a_practice_session_is_polish_to_its_report():
    session = PracticeSession("easy", rounds=2, seed=5)
    assert "Rozdanie 1 z 2" in session.progress.value and not english_in(session)
    session.answer.text.value = "1+"
    session.answer.submit.click()
    assert "Jeszcze nie:" in session.answer.message.value
    session.hint_button.click()
    assert "Podpowiedź:" in session.hint_text.value and "kosztuje" in session.hint_text.value
    exercise = session.practice.current
    session.answer.text.value = best(exercise.cards, exercise.target).text
    session.answer.submit.click()
    assert "Dobrze!" in session.answer.message.value and not english_in(session)
    session.next_button.click()
    session.next_button.click()
    question, skip, keep = session.confirm.children
    assert "Rozdanie 2 nie jest jeszcze rozwiązane: pominąć je?" in question.value
    assert (skip.description, keep.description) == ("Pomiń", "Próbuję dalej")
    skip.click()
    report = session.summary.value
    assert "Rozwiązane rozdania: 1 z 2." in report and "przykładowe rozwiązanie" in report
    assert "(1 podpowiedź)" in report and not english_in(session)
    session.next_button.click()
    assert "zestaw jest skończony" in session.answer.message.value


def test_practice_mode_of_the_table_speaks_to_you():
    table = MamTable(mode="practice", seed=2)
    table.deal_button.click()
    table.answer.text.value = "1+"
    table.answer.submit.click()
    assert table.answer.submit.description == "Sprawdź"
    assert "Zdobyte karty: 0" in table.scores.value and not english_in(table)


def test_the_lessons_explorers_in_polish():
    explorer = SolverExplorer()
    assert (
        "23 sposoby, by ułożyć 32" in explorer.found.value
        and "5 kart (12):" in explorer.found.value
    )
    assert "(15 × 12 + 2) : 7 + 6" in said(explorer.found) and "&#247;" not in explorer.found.value
    assert "(15×12+2):7+6" in typeset_in(explorer.found.value)
    explorer.cards.value = "7 99"
    assert "„99” to nie karta" in explorer.message.value
    same = SameSolution()
    assert "Czyli: to samo rozwiązanie, zapisane na dwa sposoby." in same.verdict.value
    same.second.value = "7 × 6 − 12 + 2"
    assert "dodaj (7 × 6) i 2, odejmij 12" in said(same.verdict)
    deal = QuickDeal(seed=5)
    deal.ways_button.click()
    for widget in (explorer, same, deal):
        assert not english_in(widget), widget


def test_numbers_and_division_as_polish_schools_write_them():
    assert "<td>430 080</td><td>3 188</td>" in counting_table([(2, 3, 5, 7, 11)]).replace(
        "\xa0", " "
    )
    assert read_preview(render_preview("12:6", False)) == ("12:6", "12 : 6", " = 2")
    assert "… na razie 42" in render_preview("7*6-", False)
    clock = FakeClock()
    odds, levels = TargetOdds(clock=clock), AllLevels(clock=clock)
    assert "Rysuję wykresy…" in odds.summary.value
    clock.run()
    assert "Poziom <b>normalny</b>, bez potęgowania" in odds.summary.value
    assert "<b>98,4%</b> przypadków" in odds.summary.value
    assert "<td>normalny</td><td>nie</td><td>98,4%</td>" in levels.children[0].value
    assert not english_in(odds) and not english_in(levels)


@pytest.mark.parametrize(
    ("cards", "have", "win"),
    [(1, "Masz 1 kartę.", "Wygrywasz 1 kartę."), (2, "Masz 2 karty.", "Wygrywasz 2 karty."),
     (5, "Masz 5 kart.", "Wygrywasz 5 kart."), (22, "Masz 22 karty.", "Wygrywasz 22 karty.")],
)  # fmt: skip
def test_a_count_of_cards_takes_its_polish_form(cards: int, have: str, win: str) -> None:
    assert you_have(cards) == have and you_win(cards) == win
    assert you_have(cards, 2) == have.replace(".", ", miejsce 2.")
    first = i18n.ngettext(
        "You were first: you win {n} card.", "You were first: you win {n} cards.", cards
    ).format(n=cards)
    assert first.endswith(win.replace("Wygrywasz", "wygrywasz"))
    assert cards_count(cards) == have.removeprefix("Masz ").removesuffix(".").replace(
        "kartę", "karta"
    )  # on its own, in a table: 1 karta
