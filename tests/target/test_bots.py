"""Computer players, the hint ladder and the practice set."""

import pytest

from mathcards.target import level
from mathcards.target.bots import SKILLS, Bot
from mathcards.target.check import check
from mathcards.target.expression import first_step
from mathcards.target.game import Claim, TargetGame
from mathcards.target.hints import hint_ladder
from mathcards.target.practice import PracticeSet
from tests.target.test_game import game_with


def test_a_bot_claims_a_correct_answer():
    game = game_with([7, 6, 12, 2, 15])
    plan = Bot("Robo", "good", seed=1).plan(game)
    assert plan.player == "Robo" and plan.answer and plan.seconds > 0
    assert check(plan.answer, game.face_up, game.target).correct


def test_better_players_are_faster_on_the_same_table():
    game = game_with([7, 6, 12, 2, 15])
    seconds = {s: [Bot("R", s, seed=k).plan(game).seconds for k in range(30)] for s in SKILLS}
    assert max(seconds["expert"]) < min(seconds["beginner"])
    assert sum(seconds["expert"]) < sum(seconds["good"]) < sum(seconds["beginner"])


def test_harder_tables_take_longer():
    easy = game_with([20, 3, 9, 1, 4], dice=(3, 20))  # 20 + 3
    hard = game_with([20, 3, 9, 1, 4], dice=(2, 30))  # 32 needs three cards
    for seed in range(10):  # a beginner never goes for more cards than it needs
        plans = [Bot("R", "beginner", seed).plan(table) for table in (easy, hard)]
        assert plans[0].seconds < plans[1].seconds


def test_a_beginner_misses_long_answers_so_a_human_can_beat_it():
    plan = Bot("R", "beginner", seed=2).plan(game_with([7, 6, 12, 2, 15]))
    assert plan.answer is None


def test_an_expert_sometimes_goes_for_more_cards():
    game = game_with([7, 6, 12, 2, 15])
    used = {
        len(check(Bot("R", "expert", seed=k).plan(game).answer, game.face_up, 32).cards)
        for k in range(40)
    }
    assert used == {4, 5}


def test_bots_are_seeded():
    game = game_with([7, 6, 12, 2, 15])
    assert Bot("R", "good", seed=5).plan(game) == Bot("R", "good", seed=5).plan(game)


def test_a_bot_takes_a_card_offered_by_the_engine():
    game = game_with([7, 6, 12, 2, 15])
    game.apply(Claim("Ann", "1+1"))
    take = Bot("Ben", seed=1).take(game)
    assert take in game.legal_actions()


def test_unknown_skill():
    with pytest.raises(ValueError, match="unknown skill 'genius'"):
        Bot("R", "genius")


def test_a_bot_plays_a_whole_game():
    game = TargetGame(["Robo"], seed=9)
    bot = Bot("Robo", "expert", seed=9)
    while not game.over:
        plan = bot.plan(game)
        game.apply(Claim("Robo", plan.answer) if plan.answer else game.legal_actions()[0])
    assert game.winners() == ["Robo"]


# ---------------------------------------------------------------- hints


def test_the_hint_ladder_gives_away_more_each_rung():
    assert hint_ladder([7, 6, 12, 2, 15], 32) == [
        "You can make 32 with 4 cards, and with as many as 5.",
        "Start with 15 + 12 = 27.",
        "One answer: 15 + 12 + 7 − 2 = 32.",
    ]
    assert "No calculation makes 32" in hint_ladder([1, 1], 32)[0]
    assert hint_ladder([5, 9], 9) == ["You can make 9 with 1 card.", "One answer: 9 = 9."]


@pytest.mark.parametrize(
    ("answer", "step"),
    [
        ("15+2*3", (3, "*", 2, 6)),
        ("(6+2)*(12+7-15)", (6, "+", 2, 8)),
        ("7^(12/6)-15-2", (12, "/", 6, 2)),
        ("12-7", (12, "-", 7, 5)),
        ("12/6/2", (12, "/", 6, 2)),
        ("7", None),
    ],
)
def test_the_first_step(answer, step):
    assert (
        first_step(
            check(answer, [15, 2, 3, 6, 12, 7, 2, 15, 7], 0, power=True).form or _form(answer)
        )
        == step
    )


def _form(answer):
    from mathcards.target.check import evaluate, parse

    return evaluate(parse(answer), power=True)[1]


# ---------------------------------------------------------------- practice


def test_a_practice_set_is_seeded_and_every_deal_can_be_solved():
    first = PracticeSet(level("easy"), rounds=5, seed=3)
    again = PracticeSet(level("easy"), rounds=5, seed=3)
    assert [(e.cards, e.target) for e in first.exercises] == [
        (e.cards, e.target) for e in again.exercises
    ]
    assert all(e.hints and "One answer" in e.hints[-1] for e in first.exercises)


def test_practice_counts_solved_deals_cards_and_hints():
    practice = PracticeSet(level("normal"), rounds=3, seed=1)
    exercise = practice.current
    assert not practice.answer("1+").correct
    assert practice.hint().startswith("You can make")
    answer = exercise.hints[-1].removeprefix("One answer: ").split(" = ")[0]
    verdict = practice.answer(answer)
    assert verdict.correct and exercise.solved and exercise.tries == 2
    practice.next()
    practice.next()
    practice.next()
    assert practice.finished
    solved, won, hints = practice.score()
    assert (solved, hints) == (1, 1) and won == len(verdict.cards)
    assert practice.summary().startswith("You solved 1 of 3 deals")


def test_practice_rounds_must_be_sensible():
    with pytest.raises(ValueError, match="1 to 50 rounds"):
        PracticeSet(rounds=0)
