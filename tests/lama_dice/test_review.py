"""LAMA Dice's game review (docs/design.md#a-game-review): every roll or quit is scored with
the very numbers `mathcards lama-dice last-player` gives for its situation; exact for the last
player, the expert's reckoning for the others; told in words."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from mathcards.chips import LLAMA as L
from mathcards.cli import main
from mathcards.i18n import use, you
from mathcards.lama_dice.dice import DEFAULT_DICE
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.lama_dice.review import explained, judged
from mathcards.review import reviews
from tests.reviewed import played

GAMES = [  # strategies and seed: careless players, last players, both llama scorings
    (["bold", "cautious", "best"], 1, "once"),
    (["cautious", "bold"], 2, "each"),
    (["cautious", "best", "cautious"], 4, "each"),
]


def cli(
    decision_situation: dict, capsys: pytest.CaptureFixture[str], *question: str
) -> dict[str, str]:
    """`mathcards lama-dice last-player --json` (or another question) on a decision's
    situation."""
    words = ["lama-dice", *(question or ["last-player"]), "--json"]
    words += ["--dice", decision_situation["dice"]]
    words += ["--llama-scoring", decision_situation["llama_scoring"]]
    words += ["--row", *map(_token, decision_situation["row"])]
    words += ["--llama-row", *map(_token, decision_situation["llama_row"])]
    capsys.readouterr()
    assert main(words) == 0
    record: dict[str, str] = json.loads(capsys.readouterr().out)
    return record


def _token(card: int) -> str:
    return "L" if card == L else str(card)


@pytest.mark.parametrize(("strategies", "seed", "scoring"), GAMES)
def test_every_value_is_the_command_s_on_the_same_situation(
    strategies: list[str], seed: int, scoring: str, capsys: pytest.CaptureFixture[str]
) -> None:
    setup, moves = played("lama_dice", strategies, seed, llama_scoring=scoring)
    found = [d for r in reviews("lama_dice", setup, seed, moves).values() for d in r.decisions]
    assert any(d.exact for d in found) and any(not d.exact for d in found)
    for decision in found:
        record = cli(dict(decision.situation), capsys)
        assert Fraction(record["roll"]) == decision.values["roll"]
        assert Fraction(record["quit"]) == decision.values["quit"]
        assert record["action"] == decision.best
        alone = cli(dict(decision.situation), capsys, "odds", "--alone")
        assert Fraction(alone["bust"]) == Fraction(decision.situation["no_match"])


def last_player_with(row: tuple[int, ...], chosen: str, player: str | None = "You") -> str:
    """The words for the last player in the round, holding `row`, who chose `chosen`, to
    `player` (the reader by default; None: about Ann)."""
    game = LamaDiceGame(["Ann", "Bo", "Cy"], seed=1)
    game.rows["Ann"] = row
    game.quit = {"Bo", "Cy"}
    decision = judged("lama_dice", 1, game, chosen)
    assert decision.exact and decision.player == "Ann"
    return explained(decision, you() if player == "You" else player)


def test_a_roll_with_one_6_left_is_told_with_its_odds() -> None:
    assert last_player_with((6,), "roll") == (
        "You rolled with 1 card in your row (6). Everyone else had quit: the chance of a bust "
        "was 66%. Quitting cost 6 points, rolling cost 21.2 on average."
    )
    assert last_player_with((2, 3, L), "quit").startswith(
        "You quit with 3 cards in your row (2 3 L). Everyone else had quit: the chance of a bust"
    )


def test_an_earlier_player_s_values_are_the_expert_s_and_say_so() -> None:
    game = LamaDiceGame(["Ann", "Bo"], seed=1, dice=DEFAULT_DICE)
    decision = judged("lama_dice", 1, game, "roll")
    assert not decision.exact
    assert explained(decision, you()).endswith(
        "Others still played: this is the expert's reckoning, as if everyone else had quit."
    )


def test_the_words_count_cards_and_points_in_polish() -> None:
    try:
        use("pl")
        one, three = last_player_with((6,), "roll"), last_player_with((2, 3, 5, 5, 6), "quit")
    finally:
        use("en")
    assert one.startswith("Twój wybór: rzut, gdy w szeregu była 1 karta (6).")
    assert "6 punktów" in one
    assert three.startswith("Twój wybór: pas, gdy w szeregu było 5 kart (2 3 5 5 6).")
    assert "Pas kosztował 16 punktów" in three


def test_a_players_decision_is_told_about_them_to_the_class() -> None:
    """On the projector's debrief the class reads about a player, in the third person."""
    assert last_player_with((6,), "roll", None) == (
        "Ann rolled with 1 card in their row (6). Everyone else had quit: the chance of a bust "
        "was 66%. Quitting cost 6 points, rolling cost 21.2 on average."
    )
    assert last_player_with((2, 3, L), "quit", "Ola").startswith(
        "Ola quit with 3 cards in their row (2 3 L)."
    )
    earlier = judged("lama_dice", 1, LamaDiceGame(["Ann", "Bo"], seed=1, dice=DEFAULT_DICE), "roll")
    assert "The chance of no match in their row was " in explained(earlier)
    try:
        use("pl")
        one = last_player_with((6,), "roll", "Ola")
        other = explained(earlier, "Ola")
    finally:
        use("en")
    assert one.startswith("Ola: rzut, gdy w szeregu była 1 karta (6).")
    assert "Szansa, że nic nie trafi w ten szereg, wynosiła " in other
    assert "twó" not in one.lower() + other.lower()
