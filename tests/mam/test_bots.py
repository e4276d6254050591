"""Computer players, the hint ladder and the practice set."""

import random

import pytest

from mathcards.engine import ChanceOutcome
from mathcards.mam import level
from mathcards.mam.bots import (
    STRATEGIES,
    Plan,
    check_strategy,
    check_thinking_time,
    computer_name,
    computer_rng,
    computer_take,
    computer_to_take,
    play_game,
    race,
    thinking_time,
)
from mathcards.mam.checker import check
from mathcards.mam.expression import first_step
from mathcards.mam.game import Claim, Pass, Take
from mathcards.mam.hints import hint_ladder
from mathcards.mam.practice import PracticeSet
from tests.mam.conftest import stacked_game


def game_with(*args, **kwargs):
    """What every player sees of a known table."""
    return stacked_game(*args, **kwargs).view("Ann")


def plan(strategy, table, seed):
    """What a computer player with `strategy`, seated as "R" with `seed`, plans on `table`."""
    return STRATEGIES[strategy].plan(table, computer_rng(seed, "R"))


def test_a_computer_player_claims_a_correct_answer():
    game = game_with([7, 6, 12, 2, 15])
    planned = STRATEGIES["good"].plan(game, computer_rng(1, "Ann"))
    assert planned.player == "Ann" and planned.answer and planned.seconds > 0
    assert check(planned.answer, game.face_up, game.target).correct
    assert planned.move == Claim("Ann", planned.answer)


def test_better_players_are_faster_on_the_same_table():
    game = game_with([7, 6, 12, 2, 15])
    seconds = {s: [plan(s, game, k).seconds for k in range(30)] for s in STRATEGIES}
    assert max(seconds["expert"]) < min(seconds["beginner"])
    assert sum(seconds["expert"]) < sum(seconds["good"]) < sum(seconds["beginner"])


def test_harder_tables_take_longer():
    easy = game_with([20, 3, 9, 1, 4], dice=(3, 20))  # 20 + 3
    hard = game_with([20, 3, 9, 1, 4], dice=(2, 30))  # 32 needs three cards
    for seed in range(10):  # a beginner never goes for more cards than it needs
        plans = [plan("beginner", table, seed) for table in (easy, hard)]
        assert plans[0].seconds < plans[1].seconds


def test_a_beginner_misses_long_answers_so_a_human_can_beat_it():
    planned = plan("beginner", game_with([7, 6, 12, 2, 15]), 2)
    assert planned.answer is None and planned.move == Pass()


def test_an_expert_sometimes_goes_for_more_cards():
    game = game_with([7, 6, 12, 2, 15])
    used = {len(check(plan("expert", game, k).answer, game.face_up, 32).cards) for k in range(40)}
    assert used == {4, 5}


def test_computer_players_are_seeded():
    game = game_with([7, 6, 12, 2, 15])
    assert plan("good", game, 5) == plan("good", game, 5)


def test_a_computer_player_chooses_from_its_view_the_legal_moves_and_its_rng():
    game = stacked_game([7, 6, 12, 2, 15])
    expert = STRATEGIES["expert"]
    claim = expert(game.view("Ben"), game.legal_actions("Ben"), random.Random(1))
    assert isinstance(claim, Claim) and claim.player == "Ben"
    assert check(claim.answer, game.face_up, game.target).correct
    game.apply(Claim("Ann", "1+1"))
    legal = game.legal_actions("Ben")
    takes = {expert(game.view("Ben"), legal, random.Random(k)) for k in range(30)}
    assert takes == set(legal), "any face-up card, and only those"


def test_a_computer_player_takes_a_card_offered_by_the_engine():
    game = stacked_game([7, 6, 12, 2, 15])
    game.apply(Claim("Ann", "1+1"))
    computers = {"Ben": STRATEGIES["good"]}
    rngs = {"Ben": computer_rng(1, "Ben")}
    assert computer_to_take(game, computers) == "Ben"
    taken = computer_take(game, computers, rngs)
    assert taken is not None and taken.player == "Ben" and len(game.won["Ben"]) == 1
    assert computer_take(game, computers, rngs) is None, "now it is Cy's turn, a person's"
    game.apply(Take("Cy", game.face_up[0]))
    game.apply(ChanceOutcome((2, 30)))
    assert computer_take(game, computers, rngs) is None, "nobody takes during the race"


def test_unknown_strategy():
    with pytest.raises(ValueError, match="unknown strategy 'genius'"):
        check_strategy("genius")
    with pytest.raises(ValueError, match="unknown strategy 'genius'"):
        computer_name(1, "genius")
    assert computer_name(1, "expert") == "Computer 1 (expert)"


def test_the_race_goes_to_the_fastest_player_with_an_answer():
    game = stacked_game([7, 6, 12, 2, 15], players=("Slow", "Quick"))
    computers = {"Slow": STRATEGIES["beginner"], "Quick": STRATEGIES["expert"]}
    rngs = {name: computer_rng(1, name) for name in computers}
    assert race(game, computers, rngs).player == "Quick"
    beginner = {"Slow": STRATEGIES["beginner"]}
    gave_up = race(game, beginner, {"Slow": computer_rng(2, "Slow")})
    assert isinstance(gave_up, Plan) and gave_up.answer is None, "it finds nothing and gives up"
    with pytest.raises(ValueError, match="at least one"):
        race(game, {}, {})


def test_an_expert_wins_a_whole_game_against_a_beginner():
    game = play_game({"Novice": "beginner", "Ace": "expert"}, seed=9)
    scores = game.scores()
    assert game.winners() == ["Ace"] and scores["Ace"] > 3 * scores["Novice"]
    with pytest.raises(ValueError, match="unknown strategy"):
        play_game({"Novice": "genius", "Ace": "expert"}, seed=9)


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
    from mathcards.mam.checker import evaluate, parse

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
    assert (solved, hints) == (1, 1) and won == len(verdict.cards) - 1, "a hint costs a card"
    assert practice.summary().startswith("You solved 1 of 3 deals")
    assert exercise.answer == "10 × 7" and practice.exercises[1].answer is None
    with pytest.raises(ValueError, match="the set is finished: there is no next deal"):
        practice.next()
    with pytest.raises(ValueError, match="the set is finished"):
        practice.hint()


def test_a_deal_solved_after_its_answer_was_shown_wins_nothing():
    practice = PracticeSet(level("normal"), rounds=1, seed=1)
    exercise = practice.current
    for _ in exercise.hints:
        practice.hint()
    with pytest.raises(ValueError, match="that was the last hint"):
        practice.hint()
    answer = exercise.hints[-1].removeprefix("One answer: ").split(" = ")[0]
    assert practice.answer(answer).correct
    assert exercise.solved and exercise.won == 0 and practice.score()[1] == 0


def test_a_missed_deal_has_a_good_answer_to_show():
    practice = PracticeSet(level("normal"), rounds=1, seed=1)
    exercise = practice.current
    assert check(exercise.good_answer(), exercise.cards, exercise.target).correct


def test_a_set_with_nothing_solved_is_not_praised_for_using_no_hints():
    practice = PracticeSet(level("easy"), rounds=2, seed=3)
    practice.next()
    practice.next()
    summary = practice.summary()
    assert summary.startswith("You solved 0 of 2 deals. You won 0 cards.")
    assert "no hints" not in summary and "one good answer for every deal" in summary


def test_practice_rounds_must_be_sensible():
    with pytest.raises(ValueError, match="1 to 50 rounds"):
        PracticeSet(rounds=0)


@pytest.mark.parametrize("power", [False, True])
def test_the_exponent_variant_reaches_computer_players_and_hints(power):
    # 2, 5, 1, 1, 1 make 32 only as a power: 2^5.
    game = stacked_game([2, 5, 1, 1, 1], power=power)
    plans = {plan("expert", game.view("Ann"), k).answer for k in range(5)}
    hint = game.hints()[-1]
    if power:
        assert None not in plans and all("^" in answer for answer in plans)
        assert hint.startswith("One answer:") and "^" in hint
    else:
        assert plans == {None} and hint.startswith("No calculation makes 32")


def test_the_time_to_think_a_student_gives_stretches_the_race_or_lifts_its_limit():
    """docs/rules.md#mam-computers: twice or four times the computers' own seconds; with no
    limit, none: they wait until the student asks, so they never win a race by time."""
    game = stacked_game([7, 6, 12, 2, 15], players=("You", "Ace"))
    winner = race(game, {"Ace": STRATEGIES["expert"]}, {"Ace": computer_rng(1, "Ace")})
    assert winner.answer and winner.seconds > 0
    assert thinking_time(winner) == thinking_time(winner, "normal") == winner.seconds
    assert thinking_time(winner, "twice") == pytest.approx(2 * winner.seconds)
    assert thinking_time(winner, "four") == pytest.approx(4 * winner.seconds)
    assert thinking_time(winner, "none") is None
    assert check_thinking_time("none") == "none"
    with pytest.raises(ValueError, match="unknown time to think 'forever'"):
        thinking_time(winner, "forever")
