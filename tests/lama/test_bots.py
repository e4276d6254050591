"""LAMA's computer players (`STRATEGIES`): legal moves only, from the view alone; the expert
does best."""

import copy
import random
from dataclasses import replace

import pytest

from mathcards.lama import Card, Draw, LamaGame, Play, Quit, ReturnChip
from mathcards.lama.bots import (
    STRATEGIES,
    best_play,
    check_strategy,
    draw_pays,
    play_game,
    seat_names,
    tournament,
)
from tests.lama.contract import scramble_hidden
from tests.lama.stacked import table

C = Card


@pytest.mark.parametrize("deck", ["classic", "party-box", "lato-z-komarami", "party"])
def test_every_strategy_plays_whole_games_with_legal_moves_only(deck):
    game, costs = play_game(
        dict(zip(["Ann", "Bob", "Cleo", "Dan"], STRATEGIES, strict=True)),
        seed=deck,
        rng=random.Random(1),
        preset=deck,
    )
    assert game.over and len(costs) == game.rounds
    assert [sum(cost[name] for cost in costs) for name in game.players] == list(
        game.scores().values()
    )


def test_a_strategy_decides_from_the_view_alone():
    bold = STRATEGIES["bold"]
    for seed in range(30):
        game = LamaGame(["Ann", "Bob", "Cleo"], seed=seed)
        for _ in range(seed % 7):
            game.apply(bold(game.view(game.player), game.legal_actions(), None))
        if game.round_over:
            continue
        other = copy.deepcopy(game)
        scramble_hidden(other, game.player, random.Random(seed))
        for strategy in STRATEGIES.values():
            mine = strategy(game.view(game.player), game.legal_actions(), random.Random(seed))
            again = strategy(other.view(other.player), other.legal_actions(), random.Random(seed))
            assert mine == again and mine in game.legal_actions()


def _decide(strategy: str, game: LamaGame):
    return STRATEGIES[strategy](game.view(game.player), game.legal_actions(), random.Random(0))


def test_cautious_quits_bold_draws_when_no_card_fits():
    game = table("1 1 2 2 5 L", "2 2 3 3 4 6", "2 2 3 3 4 6", top="3")
    assert _decide("cautious", game) == Quit()
    assert _decide("bold", game) == Draw()


def test_every_bot_but_random_plays_when_a_card_fits():
    game = table("1 3 2 2 5 L", "2 2 3 3 4 6", top="3")
    assert {_decide(bot, game) for bot in ("cautious", "bold", "expert")} == {Play(C.THREE)}


def test_the_expert_draws_with_a_costly_hand_and_quits_with_a_cheap_one():
    costly = table("1 1 2 2 5 L", "2 2 3 3 4 6", "2 2 3 3 4 6", top="3")
    assert draw_pays(costly.view("Ann")) and _decide("expert", costly) == Draw()
    cheap = table("1 1 1 1 1 1", "2 2 3 3 4 6", "2 2 3 3 4 6", top="3")
    assert not draw_pays(cheap.view("Ann")) and _decide("expert", cheap) == Quit()


def test_the_expert_is_more_careful_when_the_round_may_end_next_turn():
    game = table("1 2 2 2 3 3", "4 4 4 4 4 6", top="5")
    view = game.view("Ann")
    assert draw_pays(view)
    near_end = replace(view, seats=(view.seats[0], replace(view.seats[1], cards=1)))
    assert not draw_pays(near_end)


def test_the_pink_llama_goes_first_then_a_plus_card_then_what_saves_most():
    game = table("P 2+ 2 3 3 L", "2 2 3 3 4 6", top="2", deck="party")
    view, legal = game.view("Ann"), game.legal_actions()
    assert best_play(view, [a for a in legal if isinstance(a, Play)]) == Play(C.PINK_LLAMA)
    plays = [Play(C.TWO), Play(C.TWO_PLUS), Play(C.THREE)]
    assert best_play(view, plays) == Play(C.TWO_PLUS)
    game = table("2 3 3 5 L 6", "2 2 3 3 4 6", top="2")
    assert best_play(game.view("Ann"), [Play(C.TWO), Play(C.THREE)]) == Play(C.TWO)


def test_every_strategy_returns_its_largest_chip():
    legal = [ReturnChip(10), ReturnChip(1)]
    view = LamaGame(["Ann", "Bob"], seed=1).view("Ann")
    assert all(
        play(view, legal, random.Random(0)) == ReturnChip(10) for play in STRATEGIES.values()
    )


def test_an_unknown_strategy_is_refused():
    with pytest.raises(ValueError, match="unknown strategy 'smart': choose one of random, caut"):
        check_strategy("smart")
    assert tuple(STRATEGIES) == ("random", "cautious", "bold", "expert")


def test_seat_names_number_a_strategy_that_plays_twice():
    assert seat_names(["expert", "bold", "expert"]) == ["expert", "bold", "expert 2"]


def test_a_tournament_is_the_same_for_the_same_seed():
    first = tournament(["expert", "random"], 6, seed=3)
    assert first == tournament(["expert", "random"], 6, seed=3)
    assert first != tournament(["expert", "random"], 6, seed=4)
    assert sum(s.wins for s in first) >= 6
    with pytest.raises(ValueError, match="1 game or more"):
        tournament(["expert"], 0)


@pytest.mark.parametrize("deck", ["classic", "party"])
def test_the_expert_has_the_lowest_mean_penalty(deck):
    standings = tournament(list(STRATEGIES), 150, seed=11, preset=deck)
    by_mean = sorted(standings, key=lambda s: s.mean_penalty)
    assert by_mean[0].strategy == "expert", [
        (s.strategy, round(s.mean_penalty, 2)) for s in by_mean
    ]
    assert by_mean[-1].strategy == "random"
    assert all(s.spread > 0 for s in standings)
