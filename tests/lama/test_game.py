"""Every rule of the LAMA card game (docs/rules.md#lama-the-card-game, chips:
docs/rules.md#penalty-points-and-chips) on a stacked deck."""

import re
from collections import Counter
from fractions import Fraction

import pytest

from mathcards.chips import chip_stack
from mathcards.engine import ChanceOutcome, IllegalAction, Kind, RoundGame
from mathcards.lama import Card, Draw, LamaGame, LamaKind, Phase, Play, Quit, ReturnChip, preset
from mathcards.lama.cards import make_deck
from mathcards.lama.odds import unseen
from tests.lama.stacked import table

C = Card


def cards(tokens: str, deck: str = "classic") -> tuple[Card, ...]:
    return preset(deck).hand(tokens.split())


def plays(game: LamaGame, *tokens: str) -> None:
    for token in tokens:
        game.apply(Play(game.deck.token(token)))


def refused(game: LamaGame, action, says: str) -> None:
    """The move is refused with a sentence, and nothing changes."""
    before = (list(game.log), game.cards_in_play(), game.view(game.players[0]), game.scores())
    with pytest.raises(IllegalAction, match=re.escape(says)):
        game.apply(action)
    assert (list(game.log), game.cards_in_play(), game.view(game.players[0]), game.scores()) == (
        before
    )


# ---------------------------------------------------------------- set-up


def test_a_game_follows_the_round_game_contract():
    assert isinstance(LamaGame(["Ann", "Bob"], seed=1), RoundGame)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_deal_six_cards_each_the_first_discard_and_the_draw_pile(players):
    game = LamaGame([f"P{i}" for i in range(players)], "party-box", seed=3)
    assert all(len(hand) == 6 for hand in game.hands.values())
    assert len(game.discard_pile) == 1 and len(game.draw_pile) == 55 - 6 * players - 1
    assert game.cards_in_play() == Counter(preset("party-box").cards())
    assert game.log == [f"Round 1: P0 starts. The discard pile starts with {_a(game.top)}."]


def _a(card: Card) -> str:
    return "the pink llama" if card is C.PINK_LLAMA else f"a {card.word}"


def test_a_stacked_deck_deals_hands_in_seat_order_then_the_top_then_the_draws():
    game = table("1 1 2 2 3 3", "4 4 5 5 6 6", top="L", draws="6 5")
    assert game.view("Ann").hand == cards("1 1 2 2 3 3")
    assert game.view("Bob").hand == cards("4 4 5 5 6 6")
    assert game.top is C.LLAMA and game.draw_pile[-2:] == [C.FIVE, C.SIX]
    game.apply(Draw())
    assert game.view("Ann").hand == cards("1 1 2 2 3 3 6")


def test_the_same_seed_deals_the_same_cards():
    first, again, other = (LamaGame(["Ann", "Bob"], seed=s) for s in (7, 7, 8))
    assert first.hands == again.hands and first.draw_pile == again.draw_pile
    assert first.hands != other.hands


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"players": ["Ann"]}, "LAMA is for 2 to 6 players, not 1"),
        ({"players": ["Ann", "Ann"]}, "Ann is taken"),
        ({"preset": "deluxe"}, "unknown preset 'deluxe'"),
        ({"starter": "youngest"}, "starter is one of left-of-dealer, round-ender"),
        ({"llama_scoring": "some"}, "'once' or 'each'"),
        ({"stacked": ["P"]}, "the classic deck has no pink llama"),
        ({"stacked": ["1"] * 9}, "holds 8 1 cards, not 9"),
        ({"stacked": ["1"], "scripted": True}, "do not stack it as well"),
        ({"starting_scores": {"Zoe": 3}}, "there is no player called 'Zoe'"),
        ({"starting_scores": {"Ann": 40}}, "below 40"),
    ],
)
def test_bad_options_say_what_is_wrong(options, problem):
    arguments = {"players": ["Ann", "Bob"], **options}
    with pytest.raises(ValueError, match=re.escape(problem)):
        LamaGame(**arguments)


def test_a_deck_too_small_for_the_players_is_refused():
    with pytest.raises(ValueError, match="too small for 2"):
        LamaGame(["Ann", "Bob"], make_deck("tiny", {C.ONE: 8, C.TWO: 4}))


# ---------------------------------------------------------------- a turn


def test_the_legal_moves_are_the_fitting_cards_a_draw_and_quit():
    game = table("1 1 2 3 5 L", "4 4 5 5 6 6", top="1")
    assert game.current_players() == ["Ann"]
    assert game.legal_actions() == [Play(C.ONE), Play(C.TWO), Draw(), Quit()]
    assert game.legal_actions("Ann") == game.legal_actions()
    assert game.legal_actions("Bob") == []
    with pytest.raises(IllegalAction, match="there is no player called 'Zoe'"):
        game.legal_actions("Zoe")
    with pytest.raises(IllegalAction, match="there is no player called 'Zoe'"):
        game.view("Zoe")


def test_play_the_same_value_or_one_higher_then_the_next_player_moves():
    game = table("1 1 2 3 5 L", "2 4 5 5 6 6", top="1")
    event = game.apply(Play(C.TWO))
    assert (event.player, event.kind) == ("Ann", LamaKind.PLAY)
    assert event.sentence == "Ann plays a 2. Bob's turn."
    assert game.top is C.TWO and game.view("Ann").hand == cards("1 1 3 5 L")
    assert game.current_players() == ["Bob"]
    plays(game, "2")
    assert game.top is C.TWO and game.player == "Ann"


def test_a_card_that_does_not_fit_or_is_not_held_is_refused():
    game = table("1 1 2 3 5 L", "2 4 5 5 6 6", top="1")
    refused(game, Play(C.THREE), "a 3 cannot go on a 1: on a 1 play a 1 or a 2")
    refused(game, Play(C.SIX), "Ann holds no 6 to play")
    refused(game, Play(C.PINK_LLAMA), "Ann holds no pink llama to play")
    refused(game, "play 2", "is not a move in LAMA")
    refused(game, Play(2.0), "a card is a whole number, not 2.0")
    refused(game, Play(True), "a card is a whole number, not True")
    refused(game, Play(10), "10 is not a LAMA card")
    refused(game, ReturnChip(1), "you cannot return a chip now: it is Ann's turn")
    refused(game, ChanceOutcome(C.ONE), "this game shuffles its own cards")


def test_the_llama_sits_above_6_and_below_1():
    game = table("6 L 1 2 2 2", "6 L 1 3 3 3", top="6")
    assert game.legal_actions() == [Play(C.SIX), Play(C.LLAMA), Draw(), Quit()]
    plays(game, "L")  # Ann: a llama on the 6
    assert Play(C.ONE) in game.legal_actions() and Play(C.SIX) not in game.legal_actions()
    refused(game, Play(C.SIX), "a 6 cannot go on a llama: on a llama play a llama or a 1")
    plays(game, "1")  # Bob: a 1 on the llama
    assert game.top is C.ONE


def test_the_mosquito_plays_exactly_like_the_llama():
    game = table("6 L 1 2 2 2", "6 L 1 3 3 3", top="6", deck="lato-z-komarami")
    assert Play(C.MOSQUITO) in game.legal_actions()
    plays(game, "L")
    refused(game, Play(C.SIX), "on a mosquito play a mosquito or a 1")
    plays(game, "1")


def test_draw_takes_the_top_card_and_ends_the_turn():
    game = table("1 1 2 3 5 L", "4 4 5 5 6 6", top="4", draws="6 3")
    event = game.apply(Draw())
    assert event.sentence == "Ann draws a card. Bob's turn." and event.kind is Kind.DRAW
    assert game.view("Ann").hand == cards("1 1 2 3 5 6 L")
    assert game.player == "Bob" and len(game.draw_pile) == 56 - 13 - 1
    game.apply(Draw())
    assert game.view("Bob").hand == cards("3 4 4 5 5 6 6")


def test_draw_is_allowed_even_when_a_card_fits():
    game = table("4 4 4 4 4 4", "5 5 5 5 5 5", top="4")
    assert Draw() in game.legal_actions()


def test_the_empty_draw_pile_is_not_rebuilt_and_then_only_playing_or_quitting_is_left():
    tiny = make_deck("tiny", {C.ONE: 1, C.TWO: 6, C.FIVE: 6})
    game = LamaGame(["Ann", "Bob"], tiny, stacked=[*"555555", *"222222", "1"])
    assert game.draw_pile == []
    assert game.legal_actions() == [Quit()], "who can neither play nor draw must quit"
    refused(game, Draw(), "the draw pile is empty and is not rebuilt")
    game.apply(Quit())
    assert game.legal_actions() == [Play(C.TWO), Quit()]


def test_a_player_who_quit_takes_no_more_turns():
    game = table("1 1 2 3 5 L", "4 4 5 5 6 6", "2 2 3 3 4 4", top="1")
    event = game.apply(Quit())
    assert event.sentence == "Ann quits. Bob's turn." and event.kind is Kind.QUIT
    assert game.view("Bob").seats[0].quit
    game.apply(Draw())
    assert game.player == "Cleo"
    game.apply(Draw())
    assert game.player == "Bob", "Ann is skipped"


def test_the_last_player_alone_may_play_on_but_not_draw():
    game = table("1 2 3 4 5 L", "2 2 3 3 4 6", top="2")
    game.apply(Quit())
    assert game.player == "Bob" and game.alone
    assert game.legal_actions() == [Play(C.TWO), Play(C.THREE), Quit()]
    refused(game, Draw(), "everyone else has quit: the last player may play on, not draw")
    assert game.apply(Play(C.TWO)).sentence == "Bob plays a 2. Bob plays on alone."
    plays(game, "2", "3")
    assert game.player == "Bob" and not game.round_over
    game.apply(Quit())
    assert game.round_over and game.ender == "Bob"


def test_when_everyone_has_quit_the_round_ends_and_every_hand_counts():
    game = table("1 2 3 4 5 L", "2 2 3 3 4 6", top="2")
    game.apply(Quit())
    event = game.apply(Quit())
    assert game.round_over and not game.over
    assert event.sentence == (
        "Bob quits, the last to do so. The round is over. "
        "Ann: 1, 2, 3, 4, 5, llama → 1 + 2 + 3 + 4 + 5 + 10 = 25; "
        "Bob: 2, 2, 3, 3, 4, 6 → 2 + 3 + 4 + 6 = 15."
    )
    assert game.scores() == {"Ann": 25, "Bob": 15}
    assert [(s.player, s.points) for s in game.last_round] == [("Ann", 25), ("Bob", 15)]
    refused(game, Quit(), "you cannot quit now: the round is over: deal the next round")


# ---------------------------------------------------------------- the round ends at once


def _play_out(game: LamaGame, *tokens: str) -> None:
    """The player to move plays these cards; the other one draws in between."""
    for token in tokens[:-1]:
        plays(game, token)
        game.apply(Draw())
    plays(game, tokens[-1])


def test_the_round_ends_at_once_when_a_hand_is_emptied():
    game = table("1 1 2 2 3 3", "4 4 5 5 6 6", top="L")
    _play_out(game, "1", "1", "2", "2", "3", "3")
    assert game.round_over and game.ender == "Ann"
    assert game.log[-1].startswith("Ann plays a 3. Ann's hand is empty! The round is over.")
    assert game.scores()["Ann"] == 0
    assert game.last_round[0].words == "no cards → 0"
    assert game.scores()["Bob"] == game.last_round[1].points > 15, "Bob's draws count"


def test_after_emptying_the_hand_the_player_chooses_a_chip_to_return():
    game = table("1 1 2 2 3 3", "4 4 5 5 6 6", top="L", starting_scores={"Ann": 15})
    _play_out(game, "1", "1", "2", "2", "3", "3")
    assert game.phase is Phase.CHIP and not game.round_over
    assert game.current_players() == ["Ann"]
    assert game.legal_actions() == [ReturnChip(10), ReturnChip(1)]
    refused(game, ReturnChip(20), "Ann holds no 20-point chip to return")
    refused(game, Draw(), "you cannot draw now: Ann emptied their hand and returns a chip first")
    refused(game, ReturnChip(10.0), "a chip is a whole number, not 10.0")
    event = game.apply(ReturnChip(1))
    assert event.sentence.startswith("Ann returns a 1-point chip. The round is over.")
    assert (event.player, event.kind) == ("Ann", Kind.RETURN_CHIP)
    assert game.round_over and game.scores()["Ann"] == 14


def test_pink_chips_can_be_returned_with_lama20_and_always_in_party():
    game = table("1 1 2 2 3 3", "4 4 5 5 6 6", top="L", lama20=True, starting_scores={"Ann": 25})
    _play_out(game, "1", "1", "2", "2", "3", "3")
    assert game.legal_actions() == [ReturnChip(20), ReturnChip(10), ReturnChip(1)]
    game.apply(ReturnChip(20))
    assert game.scores()["Ann"] == 5
    assert LamaGame(["Ann", "Bob"], "party").pink_chips
    assert not LamaGame(["Ann", "Bob"], "classic").pink_chips


def test_chips_shown_for_a_score():
    assert chip_stack(25) == (10, 10, 1, 1, 1, 1, 1)
    assert chip_stack(25, pink=True) == (20, 1, 1, 1, 1, 1)
    assert chip_stack(0) == ()
    game = LamaGame(["Ann", "Bob"], "party", starting_scores={"Bob": 31})
    assert game.view("Ann").seats[1].chips == (20, 10, 1)


# ---------------------------------------------------------------- LAMA PARTy


def test_a_plus_card_gives_another_turn_at_once():
    game = table("1 2+ 3 4 5 6", "2 2 3 3 4 4", top="1", deck="party")
    event = game.apply(Play(C.TWO_PLUS))
    assert event.sentence == "Ann plays a 2+. A + card: Ann goes again."
    assert game.current_players() == ["Ann"]
    assert Play(C.THREE) in game.legal_actions() and Draw() in game.legal_actions()
    game.apply(Draw())
    assert game.player == "Bob"


def test_a_plus_card_as_the_last_card_ends_the_round():
    game = table("1 1 2 2 3 3+", "4 4 5 5 6 6", top="L", deck="party")
    _play_out(game, "1", "1", "2", "2", "3+")
    plays(game, "3")
    assert game.round_over and game.ender == "Ann"
    game = table("1 1 2 2 3 3+", "4 4 5 5 6 6", top="L", deck="party")
    _play_out(game, "1", "1", "2", "2", "3")
    game.apply(Draw())  # Bob
    plays(game, "3+")
    assert game.round_over and "Ann's hand is empty!" in game.log[-1]


def test_the_pink_llama_goes_on_anything_and_takes_only_a_1_or_a_llama():
    game = table("P 2 2 2 2 2", "1+ 1 2 6 L 4", top="4", deck="party")
    assert Play(C.PINK_LLAMA) in game.legal_actions()
    plays(game, "P")
    assert game.legal_actions() == [Play(C.ONE), Play(C.ONE_PLUS), Play(C.LLAMA), Draw(), Quit()]
    refused(game, Play(C.TWO), "a 2 cannot go on the pink llama: only a 1 or a llama")


# ---------------------------------------------------------------- rounds, starters, the end


def _everyone_quits(game: LamaGame) -> None:
    while not game.round_over:
        game.apply(Quit())


def test_left_of_dealer_the_starter_moves_on_each_round():
    ones = make_deck("ones", {C.ONE: 19})  # each round costs 1 point: many rounds
    game = LamaGame(["Ann", "Bob", "Cleo"], ones, seed=2)
    starters = [game.player]
    for _ in range(3):
        _everyone_quits(game)
        event = game.next_round()
        assert event.kind is Kind.DEAL and event.sentence.startswith(f"Round {game.rounds}: ")
        starters.append(game.player)
    assert starters == ["Ann", "Bob", "Cleo", "Ann"]


def test_round_ender_the_last_to_quit_starts_the_next_round():
    game = table("1 2 3 4 5 6", "2 2 3 3 4 6", "2 2 3 3 4 6", top="2", starter="round-ender")
    game.apply(Quit())  # Ann
    game.apply(Quit())  # Bob
    plays(game, "2")  # Cleo, alone
    game.apply(Quit())  # Cleo, the last
    game.next_round()
    assert game.player == "Cleo", "left of the dealer it would be Bob"


def test_round_ender_the_player_who_emptied_their_hand_starts():
    game = table("4 4 5 5 6 6", "4 4 5 5 6 6", "1 1 2 2 3 3", top="L", starter="round-ender")
    game.apply(Quit())  # Ann
    game.apply(Quit())  # Bob
    plays(game, "1", "1", "2", "2", "3", "3")  # Cleo empties her hand
    assert game.round_over and game.ender == "Cleo"
    game.next_round()
    assert game.player == "Cleo"


def test_next_round_waits_for_the_round_to_end():
    game = LamaGame(["Ann", "Bob"], seed=1)
    with pytest.raises(IllegalAction, match="the round is still going"):
        game.next_round()


def test_the_game_ends_after_the_round_in_which_someone_reaches_40():
    game = table("1 2 3 4 5 L", "2 2 3 3 4 6", top="2", starting_scores={"Ann": 14, "Bob": 30})
    assert game.phase is not Phase.OVER and not game.over
    _everyone_quits(game)
    assert game.scores() == {"Ann": 39, "Bob": 45} and game.over
    assert game.phase is Phase.OVER and game.round_over and game.current_players() == []
    assert game.winners() == ["Ann"]
    assert game.log[-1].endswith("Game over: Ann wins.")
    with pytest.raises(IllegalAction, match="the game is over"):
        game.next_round()
    refused(game, Quit(), "you cannot quit now: the game is over: someone has 40 points or more")


def test_exactly_40_points_ends_the_game():
    game = table("L L L L L L", "1 1 1 1 1 1", top="2", starting_scores={"Ann": 30})
    _everyone_quits(game)
    assert game.scores() == {"Ann": 40, "Bob": 1} and game.over and game.winners() == ["Bob"]


def test_ties_share_the_win():
    game = table("1 2 3 4 5 L", "1 2 3 4 5 L", top="2", starting_scores={"Bob": 30})
    _everyone_quits(game)
    assert game.scores() == {"Ann": 25, "Bob": 55}
    game = table("2 2 3 3 4 6", "2 2 3 3 4 6", top="2", starting_scores={"Ann": 30, "Bob": 30})
    _everyone_quits(game)
    assert game.winners() == ["Ann", "Bob"] and game.log[-1].endswith("Ann and Bob win.")


def test_llama_scoring_each_counts_every_llama():
    game = table("1 L L L 2 2", "2 2 3 3 4 6", top="2", llama_scoring="each")
    _everyone_quits(game)
    assert game.scores()["Ann"] == 33


# ---------------------------------------------------------------- views and chance


def test_a_view_shows_the_own_hand_and_only_counts_of_the_others():
    game = table("1 1 2 3 5 L", "4 4 5 5 6 6", "2 2 3 3 4 4", top="1")
    game.apply(Quit())
    view = game.view("Bob")
    assert view.hand == cards("4 4 5 5 6 6") and view.top is C.ONE
    assert [(s.name, s.cards, s.quit) for s in view.seats] == [
        ("Ann", 6, True),
        ("Bob", 6, False),
        ("Cleo", 6, False),
    ]
    assert view.draw_pile == 56 - 19 and view.to_move == ("Bob",) and view.viewer == "Bob"
    assert view.scores == {"Ann": 0, "Bob": 0, "Cleo": 0} and not view.alone and view.may_draw
    unseen_cards = Counter(dict(unseen(view.deck, view.hand, view.top, view.discard_pile[:-1])))
    assert unseen_cards == Counter(preset("classic").cards()) - Counter(cards("1 4 4 5 5 6 6"))
    assert "2, 2, 3, 3" not in repr(view) and C.LLAMA not in view.hand


def test_a_scripted_game_waits_for_every_dealt_card_with_exact_chances():
    game = LamaGame(["Ann", "Bob"], "party", scripted=True)
    assert game.phase is Phase.CHANCE and game.dealing
    assert game.current_players() == [] and game.legal_actions() == []
    assert game.view("Ann").to_move == ()
    odds = game.chance_outcomes()
    assert odds[C.ONE] == Fraction(7, 56) and odds[C.PINK_LLAMA] == Fraction(1, 56)
    for token in "112233445566":
        event = game.apply(ChanceOutcome(game.deck.token(token)))
        assert event.player is None and event.kind is Kind.CHANCE
    assert game.view("Bob").hand == cards("4 4 5 5 6 6", "party")
    refused(game, Draw(), "you cannot draw now: the cards are still being dealt")
    event = game.apply(ChanceOutcome(C.PINK_LLAMA))
    assert event.sentence == "The discard pile starts with the pink llama."
    assert event.kind is Kind.CHANCE
    assert game.phase is Phase.TURN and game.player == "Ann" and not game.dealing


def test_a_scripted_draw_waits_for_the_card():
    game = LamaGame(["Ann", "Bob"], scripted=True)
    for token in "1111112222226":
        game.apply(ChanceOutcome(game.deck.token(token)))
    game.apply(Draw())
    assert game.phase is Phase.CHANCE and not game.dealing and game.current_players() == []
    odds = game.chance_outcomes()
    assert odds[C.ONE] == Fraction(2, 43) and odds[C.SIX] == Fraction(7, 43)
    assert sum(odds.values()) == 1
    refused(game, ChanceOutcome("x"), "the next card cannot come out as 'x'")
    refused(game, Quit(), "you cannot quit now: Ann is drawing a card")
    assert game.apply(ChanceOutcome(C.LLAMA)).kind is Kind.CHANCE
    assert game.view("Ann").hand[-1] is C.LLAMA and game.player == "Bob"
    assert game.chance_outcomes() == {}
    refused(game, ChanceOutcome(C.ONE), "nothing is waiting for the next card now")
