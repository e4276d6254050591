"""The MAM! podium says a tie: players with as many cards as each other get their places from
the rules' tie-break (docs/rules.md#mam-end), and the podium says so, or that they share a place
it cannot part them for; in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from mathcards import i18n
from mathcards.classroom.live.mam import places
from mathcards.mam.live import LiveGame
from widgets.mam.live_views import render_podium


@pytest.fixture(params=["en", "pl"])
def language(request):
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def podium_of(cards: dict[str, tuple[int, int]]) -> str:
    """The podium of a game whose players have these cards and last winning answers (their
    seq, -1 for none)."""
    game = LiveGame("normal", rounds=1, seed=1)
    for name, (points, last_win) in cards.items():
        game.join(name)
        game.players[name].points, game.players[name].last_win = points, last_win
    return unescape(render_podium(places(game.finish())))


def shown_places(podium: str) -> list[tuple[str, str]]:
    return re.findall(r"data-place='(\d)' data-name='(\w+)'", podium)


SAID = {
    "en": {
        "tie": "A tie: Ola, Ela and Ala have the same number of cards (5 cards).",
        "parted": "whoever last gave a winning answer places higher",
        "shared": "They share place 2: the rules' tie-break cannot part them.",
        "two": "(2 cards)",
    },
    "pl": {
        "tie": "Remis: Ola, Ela i Ala mają tyle samo kart (5 kart).",
        "parted": "wyżej jest ten z nich, kto ostatni dał zwycięską odpowiedź",
        "shared": "Dzielą miejsce 2: reguła remisu ich nie rozdziela.",
        "two": "(2 karty)",
    },
}


def test_three_tied_players_are_told_how_the_tie_was_broken(language):
    podium = podium_of({"Ala": (5, 3), "Ola": (5, 9), "Ela": (5, 7)})
    assert shown_places(podium) == [("1", "Ola"), ("2", "Ela"), ("3", "Ala")]
    assert SAID[language]["tie"] in podium
    assert SAID[language]["parted"] in podium


def test_players_the_tie_break_cannot_part_share_a_place(language):
    podium = podium_of({"Ala": (6, 4), "Ola": (2, -1), "Ela": (2, -1)})
    assert shown_places(podium) == [("1", "Ala"), ("2", "Ola"), ("2", "Ela")]
    assert SAID[language]["two"] in podium
    assert SAID[language]["shared"] in podium
    assert SAID[language]["parted"] not in podium


def test_a_podium_without_a_tie_says_none(language):
    podium = podium_of({"Ala": (6, 4), "Ola": (3, 5), "Ela": (1, 6)})
    assert "mc-live-tie" not in podium
