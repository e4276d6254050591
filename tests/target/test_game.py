"""The target game engine: every rule of RULES.md §1, and random play that keeps the invariants."""

import random
from collections import Counter

import pytest

from mathcards.target import LEVELS, best, level
from mathcards.target.game import Claim, IllegalAction, Pass, Take, TargetGame


def game_with(face_up, dice=(2, 30), deck=None, players=("Ann", "Ben", "Cy"), power=False):
    """A game set to a known table: the deck is whatever is left of the level's cards."""
    game = TargetGame(list(players), level=level("normal", power=power), seed=0)
    rest = Counter(LEVELS["normal"].deck) - Counter(face_up)
    game.deck = list(deck) if deck is not None else sorted(rest.elements())
    game.face_up, game.dice = list(face_up), dice
    return game


def test_a_new_game_turns_up_five_cards_and_rolls_the_two_dice():
    game = TargetGame(["Ann", "Ben"], seed=4)
    assert len(game.face_up) == 5 and len(game.deck) == 50
    assert game.dice[0] in LEVELS["normal"].dice[0] and game.dice[1] in LEVELS["normal"].dice[1]
    assert game.target == sum(game.dice)
    assert game.cards_in_play() == Counter(LEVELS["normal"].deck)


def test_the_rulebook_claim_wins_exactly_the_cards_used():
    game = game_with([7, 6, 12, 2, 15])
    said = game.apply(Claim("Ann", "7×6−12+2"))
    assert sorted(game.won["Ann"]) == [2, 6, 7, 12]
    assert said.startswith("Ann: Correct!") and "Won: 4 cards." in said
    assert 15 in game.face_up and len(game.face_up) == 5, "refilled to five"
    assert game.last_correct == "Ann"


def test_a_wrong_claim_gives_every_other_player_one_face_up_card_of_their_choice():
    game = game_with([7, 6, 12, 2, 15])
    said = game.apply(Claim("Ben", "7×6−12"))
    assert "that makes 30, not 32" in said
    assert game.must_take == ["Cy", "Ann"]
    assert game.legal_actions() == [Take("Cy", c) for c in (2, 6, 7, 12, 15)]
    with pytest.raises(IllegalAction, match="Cy's turn"):
        game.apply(Take("Ann", 15))
    with pytest.raises(IllegalAction, match="first Cy must take a card"):
        game.apply(Claim("Ann", "15+12+7-2"))
    game.apply(Take("Cy", 15))
    with pytest.raises(IllegalAction, match="no 15 face up"):
        game.apply(Take("Ann", 15))
    game.apply(Take("Ann", 2))
    assert game.won == {"Ann": [2], "Ben": [], "Cy": [15]}
    assert len(game.face_up) == 5 and not game.must_take


def test_with_six_players_a_wrong_claim_can_empty_the_table():
    game = game_with([1, 2, 3, 4, 5], players="ABCDEF")
    game.apply(Claim("A", "1+2"))
    for player, card in zip("BCDEF", (1, 2, 3, 4, 5), strict=True):
        game.apply(Take(player, card))
    assert all(len(game.won[p]) == 1 for p in "BCDEF")
    assert len(game.face_up) == 5


def test_pass_turns_up_one_more_card_and_rolls_again():
    game = game_with([1, 1, 1, 1, 2], deck=[9, 8, 3])
    assert not game.solvable()
    game.apply(Pass())
    assert game.face_up == [1, 1, 1, 1, 2, 3] and game.deck == [9, 8]


def test_pass_with_an_empty_deck_rolls_again():
    game = game_with([20, 19, 18, 17, 16], deck=[])
    game.rng = random.Random(1)
    game.apply(Pass())
    assert game.face_up == [20, 19, 18, 17, 16] and not game.over


def test_with_an_empty_deck_and_no_roll_possible_the_game_ends():
    game = game_with([1, 1, 1, 1, 2], deck=[])
    said = game.apply(Pass())
    assert game.over and "no roll can be made" in said
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(Pass())


def test_the_game_ends_when_the_deck_cannot_refill_to_five():
    game = game_with([7, 6, 12, 2, 15], deck=[3, 4, 5])
    game.apply(Claim("Ann", "7×6−12+2"))
    assert game.over
    assert game.winners() == ["Ann"]


def test_more_than_five_face_up_cards_need_no_refill():
    game = game_with([7, 6, 12, 2, 15, 1, 1], dice=(2, 20), deck=[])
    game.apply(Claim("Ann", "7+15"))
    assert not game.over and sorted(game.face_up) == [1, 1, 2, 6, 12]


def test_a_tie_goes_to_the_last_correct_answer():
    game = game_with([7, 6, 12, 2, 15])
    game.won = {"Ann": [1, 2], "Ben": [3, 4], "Cy": []}
    game.last_correct = "Ben"
    assert game.winners() == ["Ben"]
    game.last_correct = "Cy"
    assert game.winners() == ["Ann", "Ben"]
    assert "share the win" in game.result()


def test_exponent_claims_need_the_exponent_variant():
    plain = game_with([7, 6, 12, 2, 15])
    plain.apply(Claim("Ann", "7^(12÷6)−15−2"))
    assert plain.must_take
    powered = game_with([7, 6, 12, 2, 15], power=True)
    powered.apply(Claim("Ann", "7^(12÷6)−15−2"))
    assert len(powered.won["Ann"]) == 5


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([], "1 to 6 players"),
        (list("ABCDEFG"), "1 to 6 players"),
        (["A", "A"], "own"),
        (["A", " "], "own"),
    ],
)
def test_bad_player_lists(players, message):
    with pytest.raises(ValueError, match=message):
        TargetGame(players)


def test_unknown_players_and_moves_are_illegal():
    game = game_with([7, 6, 12, 2, 15])
    with pytest.raises(IllegalAction, match="no player called 'Zoe'"):
        game.apply(Claim("Zoe", "1"))
    with pytest.raises(IllegalAction, match="nobody has to take"):
        game.apply(Take("Ann", 7))
    with pytest.raises(IllegalAction, match="not a move"):
        game.apply("MAM!")


def test_the_same_seed_replays_the_same_game_even_when_random_is_disturbed():
    def play(seed):
        game = TargetGame(["Ann", "Ben"], seed=seed)
        random.seed(12345)
        for _ in range(6):
            found = best(game.face_up, game.target)
            random.random()
            game.apply(Claim("Ann", found.text) if found else Pass())
            if game.over:
                break
        return game.log, game.face_up, game.won

    assert play(11) == play(11)
    assert play(11) != play(12)


def random_step(game, rng):
    if game.must_take:
        return rng.choice(game.legal_actions())
    player = rng.choice(game.players)
    roll = rng.random()
    if roll < 0.15:
        return Claim(player, rng.choice(["", "1+", "99", "2*3", "(((", "7-20"]))
    found = best(game.solver_cards(), game.target, power=game.power) if roll < 0.9 else None
    return Claim(player, found.text) if found else Pass()


@pytest.mark.parametrize("first_seed", range(0, 1000, 100))
def test_random_play_keeps_every_invariant(first_seed):
    """A thousand seeded games, a hundred per test."""
    for seed in range(first_seed, first_seed + 100):
        play_randomly(seed)


def play_randomly(seed):
    rng = random.Random(seed)
    chosen = level(rng.choice(list(LEVELS)), power=rng.random() < 0.3)
    players = [f"P{i}" for i in range(rng.randint(1, 6))]
    game = TargetGame(players, level=chosen, seed=seed)
    all_cards = Counter(chosen.deck)
    won_before = game.scores()
    for _ in range(400):
        if game.over:
            break
        game.apply(random_step(game, rng))
        assert game.cards_in_play() == all_cards
        assert all(game.scores()[p] >= won_before[p] for p in players), "won cards stay won"
        won_before = game.scores()
        if not game.over and not game.must_take:
            assert len(game.face_up) >= 5
    assert game.over, f"game {seed} ends"
    assert set(game.winners()) <= set(players)
