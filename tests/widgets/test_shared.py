"""What every game's widgets share, in English and Polish: the words on and about cards, dice
and chips (widgets.svg), chart words and numbers (widgets.plots), and errors (widgets.controls)."""

import re
from fractions import Fraction

import ipywidgets as w
import pytest

from mathcards import i18n
from mathcards.lama_dice.dice import DEFAULT_DICE, Case
from mathcards.lama_dice.odds import roll_odds
from mathcards.mam.cards import LEVELS
from mathcards.mam.odds import Solvability
from tests.english import english_words
from widgets import plots, svg
from widgets.controls import Complains, shows_errors


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def words(drawing: str) -> list[str]:
    """What a drawing says: its aria labels, titles and the text drawn on it."""
    return re.findall(r'aria-label="([^"]*)"', drawing) + re.findall(r">([^<>]+)<", drawing)


def figure_words(figure) -> list[str]:
    """Every word a chart shows: titles, axis labels, tick labels and legends."""
    figure.canvas.draw()
    shown = []
    for axes in figure.axes:
        shown += [axes.get_title(), axes.get_xlabel(), axes.get_ylabel()]
        shown += [label.get_text() for label in axes.get_xticklabels() + axes.get_yticklabels()]
    for legend in figure.legends:
        shown += [text.get_text() for text in legend.get_texts()]
    return [" ".join(text.split()) for text in shown if text]


DRAWINGS = {
    "card": lambda: svg.card(7),
    "deck of 1": lambda: svg.card_back(1),
    "deck of 3": lambda: svg.card_back(3),
    "deck of 12": lambda: svg.card_back(12),
    "blue die": lambda: svg.die(30, "blue"),
    "llama die": lambda: svg.die("L", "white"),
    "die not rolled": lambda: svg.die("?", "white"),
    "LAMA card": lambda: svg.lama_number(4),
    "plus card": lambda: svg.lama_number(4, plus=True),
    "llama": lambda: svg.llama(),
    "pink llama": lambda: svg.llama(pink=True),
    "mosquito": svg.mosquito,
    "card back": svg.lama_back,
    "chip": lambda: svg.chip(10),
}


@pytest.mark.parametrize("name", DRAWINGS)
def test_every_drawing_speaks_polish(polish, name):
    said = words(DRAWINGS[name]())
    assert said and not english_words(" ".join(said)), said


def test_drawings_in_polish(polish):
    assert 'aria-label="niebieska kość pokazuje 30"' in svg.die(30, "blue")
    assert 'aria-label="biała kość pokazuje lamę"' in svg.die("L", "white")
    assert 'aria-label="karta 7"' in svg.card(7)
    plurals = [words(svg.card_back(n))[0] for n in (1, 3, 12, 22)]
    assert plurals == [
        "talia: została 1 karta",
        "talia: zostały 3 karty",
        "talia: zostało 12 kart",
        "talia: zostały 22 karty",
    ]
    assert ">5 kart<" in svg.card_back(5) and ">RÓŻOWA LAMA<" in svg.llama(pink=True)
    assert ">KOMAR<" in svg.mosquito() and 'aria-label="żeton o wartości 10"' in svg.chip(10)


def test_drawings_in_english():
    assert 'aria-label="white die showing a llama"' in svg.die("L", "white")
    assert 'aria-label="black die showing 110"' in svg.die(110, "black")
    assert words(svg.card_back(1))[0] == "deck: 1 card left" and ">PINK LLAMA<" in svg.llama(
        pink=True
    )
    assert 'aria-label="a face-down card"' in svg.lama_back()


SOLVABLE = [
    Solvability(
        level=LEVELS[name].with_power(power),
        deals=22,
        fewest={0: Fraction(1, 4), 2: Fraction(1, 2), 5: Fraction(1, 4)},
        per_target={10: Fraction(1, 2), 20: Fraction(1)},
    )
    for name in LEVELS
    for power in (False, True)
]
ODDS = roll_odds([1, 1, 3, 7], [1, 2, 3, 4, 5, 6, 7], DEFAULT_DICE)
CASES = [Case.DISCARD, Case.TAKE, Case.DISCARD, Case.THREE_LLAMAS, Case.BUST] * 30
CHARTS = {
    "target chart": lambda: plots.target_chart(LEVELS["easy"]),
    "fewest cards": lambda: plots.fewest_cards_chart(SOLVABLE),
    "per target": lambda: plots.per_target_chart(SOLVABLE[1]),
    "shares": lambda: plots.shares_chart(CASES, ODDS),
    "gap": lambda: plots.gap_chart(CASES, ODDS),
}


@pytest.mark.parametrize("name", CHARTS)
def test_every_chart_speaks_polish(polish, name):
    shown = figure_words(CHARTS[name]())
    assert shown and not english_words(" ".join(shown)), shown


def test_chart_words_and_numbers_in_polish(polish):
    target = figure_words(plots.target_chart(LEVELS["easy"]))
    assert target[:3] == [
        "Poziom „łatwy”: wynik = niebieska kość + czerwona kość",
        "wynik",
        "szansa",
    ]
    assert "5%" in target
    per_target = figure_words(plots.per_target_chart(SOLVABLE[1]))
    assert (
        per_target[0] == "łatwy z potęgowaniem: jaka część z 22 rozdań pozwala ułożyć każdy wynik"
    )
    fewest = figure_words(plots.fewest_cards_chart(SOLVABLE))
    assert (
        fewest[0]
        == "Ile kart potrzeba do najprostszego rozwiązania (22 rozdania, dokładne szanse kości)"
    )
    assert {"brak rozwiązania", "1 karta", "trudny z potęgowaniem"} <= set(fewest)
    assert plots.percent_ticks(1)(0.125, 0) == "12,5%"
    i18n.use("en")
    assert plots.percent_ticks(1)(0.125, 0) == "12.5%"
    assert figure_words(plots.target_chart(LEVELS["hard"]))[0] == (
        "Level “hard”: target = blue die + black die"
    )


class Probe(Complains):
    def __init__(self) -> None:
        self.message = w.HTML()

    @shows_errors
    def press(self) -> None:
        raise RuntimeError("x")


def test_an_unexpected_error_reaches_the_page_in_polish(polish):
    probe = Probe()
    probe.press()
    assert "Coś poszło nie tak: RuntimeError(&#x27;x&#x27;)" in probe.message.value


def test_a_stacked_table_labels_every_cell_with_its_heading_for_a_phone():
    from widgets.tables import table

    rows = "<tr><td>1</td><td class='mc-nowrap'>3 + 4</td></tr><tr><td>2</td><td>—</td></tr>"
    made = table(["deal", "your answer"], rows, "mc-report", stack=True)
    assert '<table class="mc-report mc-stack">' in made
    assert made.count('<td data-label="deal">') == 2
    assert "<td data-label=\"your answer\" class='mc-nowrap'>3 + 4</td>" in made
    assert "data-label" not in table(["deal"], "<tr><td>1</td></tr>", "mc-report")
