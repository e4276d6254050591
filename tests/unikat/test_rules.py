"""Every rule of Unikat (docs/rules.md#unikat), each with a stacked bag."""

import random
from fractions import Fraction

import pytest

from mathcards.engine import ChanceOutcome, IllegalAction, Kind, RoundGame
from mathcards.unikat.board import START, fits
from mathcards.unikat.cards import DECK, Card, card, parse_cards
from mathcards.unikat.game import (
    BAG,
    DISPLAY_SIZE,
    RACK_SIZE,
    Draw,
    EndTurn,
    Lay,
    Phase,
    Stop,
    Swap,
    UnikatGame,
    UnikatKind,
)
from tests.unikat.stack import deal

swb1, cwb1, cwb2, swb2, qwb1, srb1, swy1 = parse_cards("swb1 cwb1 cwb2 swb2 qwb1 srb1 swy1")


def lay(game, *moves):
    """Lay ``code@x,y`` cards one after another, then stop."""
    for move in moves:
        code, _, at = move.partition("@")
        x, y = map(int, at.split(","))
        game.apply(Lay(card(code), (x, y)))
    return game.apply(Stop())


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up_racks_of_10_a_start_card_and_a_display_of_3(players):
    game = UnikatGame(["Ann", "Ben", "Cy", "Dee"][:players], seed=1)
    assert isinstance(game, RoundGame)
    assert all(len(rack) == RACK_SIZE for rack in game.racks.values())
    assert list(game.board) == [START] and len(game.display) == DISPLAY_SIZE
    assert len(game.bag) == 81 - 10 * players - 1 - 3
    assert game.current_players() == ["Ann"] and game.phase is Phase.ACT
    assert sorted(game.cards()) == sorted(DECK)


def test_a_stacked_bag_deals_its_cards_in_order():
    game = deal({"Ann": "cwb1 cwb2", "Ben": "qwb1"}, display="srb1", then="swy1")
    assert game.racks["Ann"][:2] == [cwb1, cwb2] and game.racks["Ben"][0] == qwb1
    assert game.board[START] == swb1 and game.display[0] == srb1 and game.bag[0] == swy1


@pytest.mark.parametrize(
    ("players", "says"),
    [(["Ann"], "2 to 4 players"), (["A", "B", "C", "D", "E"], "2 to 4"), (["A", "A"], "taken")],
)
def test_two_to_four_players(players, says):
    with pytest.raises(ValueError, match=says):
        UnikatGame(players)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="at least one round"):
        UnikatGame(["Ann", "Ben"], rounds_to_play=0)
    with pytest.raises(ValueError, match="only once, not swb1"):
        UnikatGame(["Ann", "Ben"], bag=["swb1", "swb1"])


# ---------------------------------------------------------------- action A: lay cards


def test_the_first_card_goes_next_to_any_card_each_next_one_next_to_the_one_before():
    game = deal({"Ann": "cwb1 cwb2 swb2", "Ben": ""})
    assert Lay(cwb1, (1, 0)) in game.legal_actions()
    game.apply(Lay(cwb1, (1, 0)))
    assert game.phase is Phase.LAYING
    assert set(game.legal_actions()) == {
        Lay(cwb2, (1, -1)),
        Lay(cwb2, (2, 0)),
        Lay(cwb2, (1, 1)),
        Stop(),
    }, "swb2 would fit next to the start card, but not next to the card laid just before"
    with pytest.raises(IllegalAction, match="next to the card laid just before it, at 1,0"):
        game.apply(Lay(swb2, (0, 1)))
    game.apply(Lay(cwb2, (2, 0)))
    assert game.board == {START: swb1, (1, 0): cwb1, (2, 0): cwb2}


def test_the_laying_rule_is_said_in_words():
    game = deal({"Ann": "cwb1 cwb2", "Ben": "qwb1"})
    with pytest.raises(IllegalAction, match="differs from the small blue star on white in 2"):
        game.apply(Lay(cwb2, (1, 0)))
    with pytest.raises(IllegalAction, match="not on your rack"):
        game.apply(Lay(qwb1, (1, 0)))
    with pytest.raises(IllegalAction, match="taken by the small blue star on white"):
        game.apply(Lay(cwb1, START))
    with pytest.raises(IllegalAction, match="not next to any card"):
        game.apply(Lay(cwb1, (3, 3)))
    with pytest.raises(IllegalAction, match="cannot stop laying now"):
        game.apply(Stop())


def test_a_card_must_touch_every_card_around_it():
    game = deal({"Ann": "cwb1 cwb2 qwb1", "Ben": ""})
    game.apply(Lay(cwb1, (1, 0)))
    game.apply(Lay(cwb2, (1, 1)))
    with pytest.raises(IllegalAction, match="differs from the medium blue circle on white in 2"):
        game.apply(Lay(qwb1, (0, 1)))


def test_stopping_ends_the_turn_and_a_player_short_of_10_draws_one_card():
    game = deal({"Ann": "cwb1 cwb2", "Ben": ""}, display="srb1")
    lay(game, "cwb1@1,0", "cwb2@2,0")
    assert game.phase is Phase.DRAW and len(game.racks["Ann"]) == 8
    assert game.legal_actions() == [*(Draw(c) for c in sorted(game.display)), Draw(BAG)]
    with pytest.raises(IllegalAction, match="cannot end the turn now: it is time to draw"):
        game.apply(EndTurn())
    game.apply(Draw(srb1))
    assert len(game.racks["Ann"]) == 9, "one card, not back up to 10"
    assert srb1 in game.racks["Ann"] and srb1 not in game.display
    assert game.current_players() == ["Ben"] and game.phase is Phase.ACT


def test_drawing_from_the_bag():
    game = deal({"Ann": "cwb1", "Ben": ""}, then="swy1")
    lay(game, "cwb1@1,0")
    game.apply(Draw(BAG))
    assert swy1 in game.racks["Ann"] and len(game.racks["Ann"]) == 10


def test_the_display_refills_with_three_cards_when_it_is_empty():
    game = deal({"Ann": "cwb1 cwb2", "Ben": "qwb1"}, then="srb1 swy1 swb3")
    first, second, third = game.display
    lay(game, "cwb1@1,0")
    game.apply(Draw(first))
    lay(game, "qwb1@-1,0")
    game.apply(Draw(second))
    lay(game, "cwb2@2,0")
    event = game.apply(Draw(third))
    assert game.display == parse_cards("srb1 swy1 swb3")
    assert "three new cards are turned up" in event.sentence


@pytest.mark.parametrize(
    ("move", "says"),
    [
        (Lay(cwb1, [1, 0]), "a cell is two whole numbers"),
        (Lay(cwb1, (1.0, 0)), "a cell is two whole numbers"),
        (Lay("cwb1", "1,0"), "a cell is two whole numbers"),
        (Lay("zwb1", (1, 0)), "'zwb1' is not a card"),
        (Lay(None, (1, 0)), "names a card by its code"),
        (Lay(Card(5, 0, 0, 0), (1, 0)), "no card has the values"),
        (Swap(cwb1, "BAG"), "'BAG' is not a card"),
        (Swap(cwb1, Card(0, 0, 0, 7)), "no card has the values"),
        (ChanceOutcome([1]), "only a card can come out of the bag"),
        (ChanceOutcome(Card(9, 9, 9, 9)), "the bag"),
    ],
)
def test_a_move_that_names_no_card_or_cell_is_refused_in_words(move, says):
    game = deal({"Ann": "cwb1", "Ben": ""})
    with pytest.raises(IllegalAction, match=says):
        game.apply(move)


def test_a_card_may_be_named_by_its_code():
    game = deal({"Ann": "cwb1", "Ben": ""})
    game.apply(Lay("cwb1", (1, 0)))
    assert game.board[(1, 0)] == cwb1


# ---------------------------------------------------------------- action B: swap


def test_swapping_with_the_display_keeps_10_cards_and_the_turn_passes():
    game = deal({"Ann": "cwb2", "Ben": ""}, display="cwb1")
    game.apply(Swap(cwb2, cwb1))
    assert cwb1 in game.racks["Ann"] and cwb2 in game.display and cwb1 not in game.display
    assert len(game.racks["Ann"]) == RACK_SIZE and len(game.display) == DISPLAY_SIZE
    assert game.current_players() == ["Ben"], "a full rack draws nothing"


def test_swapping_with_the_bag_leaves_the_given_card_in_the_display():
    game = deal({"Ann": "cwb2", "Ben": ""}, then="cwb1")
    game.apply(Swap(cwb2, BAG))
    assert cwb1 in game.racks["Ann"] and cwb2 in game.display
    assert len(game.display) == DISPLAY_SIZE + 1


def test_a_swap_takes_another_display_card_never_the_one_given():
    game = deal({"Ann": "cwb2", "Ben": "cwb1"})
    with pytest.raises(IllegalAction, match="medium blue circle on white is not in the display"):
        game.apply(Swap(cwb2, cwb2))
    with pytest.raises(IllegalAction, match="small blue circle on white is not on your rack"):
        game.apply(Swap(cwb1, BAG))


# ---------------------------------------------------------------- the double move


def test_a_card_touching_two_cards_earns_one_more_action():
    game = deal({"Ann": "cwb1 cwb2 swb2 qwb1", "Ben": ""})
    game.apply(Lay(cwb1, (1, 0)))
    game.apply(Lay(cwb2, (1, 1)))
    event = game.apply(Lay(swb2, (0, 1)))
    assert "touches 2 cards: a double move" in event.sentence
    game.apply(Stop())
    assert game.phase is Phase.EXTRA and game.current_players() == ["Ann"]
    assert EndTurn() in game.legal_actions() and Lay(qwb1, (-1, 0)) in game.legal_actions()
    lay(game, "qwb1@-1,0")
    assert game.phase is Phase.DRAW, "the second action ends the turn"


def test_at_most_one_extra_action_per_turn():
    game = deal({"Ann": "cwb1 cwb2 swb2 swb3 cwb3", "Ben": ""})
    lay(game, "cwb1@1,0", "cwb2@1,1", "swb2@0,1")  # touches swb1 and cwb2: a double move
    event = lay(game, "swb3@0,2", "cwb3@1,2")  # touches swb3 and cwb2, in the second action
    assert "double move" not in event.sentence and game.phase is Phase.DRAW


def test_the_extra_action_may_be_a_swap_or_declined():
    game = deal({"Ann": "cwb1 cwb2 swb2", "Ben": ""})
    lay(game, "cwb1@1,0", "cwb2@1,1", "swb2@0,1")
    swapped = game.display[0]
    game.apply(Swap(game.racks["Ann"][0], swapped))
    assert swapped in game.racks["Ann"] and game.phase is Phase.DRAW
    declined = deal({"Ann": "cwb1 cwb2 swb2", "Ben": ""})
    lay(declined, "cwb1@1,0", "cwb2@1,1", "swb2@0,1")
    declined.apply(EndTurn())
    assert declined.phase is Phase.DRAW


def test_a_card_touching_one_card_earns_nothing():
    game = deal({"Ann": "cwb1 cwb2", "Ben": ""})
    lay(game, "cwb1@1,0", "cwb2@1,1")
    assert game.phase is Phase.DRAW and not game.double_move


# ---------------------------------------------------------------- empty bag, stuck, end


def test_with_an_empty_bag_the_display_is_the_only_source_and_then_nothing():
    game = deal({"Ann": "cwb1 cwb2", "Ben": "qwb1"})
    game.bag.clear()  # as if the bag had run out
    lay(game, "cwb1@1,0")
    assert game.legal_actions() == [Draw(one) for one in sorted(game.display)]
    with pytest.raises(IllegalAction, match="the bag is empty"):
        game.apply(Draw(BAG))
    game.apply(Draw(game.display[0]))
    game.display.clear()  # as if the display had been taken too
    lay(game, "qwb1@-1,0")
    assert game.current_players() == ["Ann"], "with no bag and no display, Ben draws nothing"
    assert len(game.racks["Ben"]) == RACK_SIZE - 1


def test_who_can_neither_lay_nor_swap_ends_the_turn():
    game = deal({"Ann": "cwb2", "Ben": "cwb1"})
    game.bag.clear()
    game.display.clear()
    assert game.legal_actions() == [EndTurn()]
    game.apply(EndTurn())
    assert game.current_players() == ["Ben"]


def test_ending_the_turn_is_refused_while_a_lay_or_a_swap_is_possible():
    game = deal({"Ann": "cwb2", "Ben": ""})
    with pytest.raises(IllegalAction, match="you can lay or swap, so do one of them"):
        game.apply(EndTurn())


def random_round(seed):
    """A two-player round of random moves, played to its end."""
    game = UnikatGame(["Ann", "Ben"], seed=seed)
    rng = random.Random(seed)
    while not game.round_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_round_ends_when_no_card_off_the_table_fits_anywhere():
    game = next(g for g in map(random_round, range(400)) if g.round_winner is None)
    assert "nobody can lay again" in game.log[-1]
    xs, ys = [x for x, _ in game.board], [y for _, y in game.board]
    cells = [
        (x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)
    ]
    off_table = [one for one in DECK if one not in game.board.values()]
    assert off_table and not any(fits(game.board, one, c) for one in off_table for c in cells)
    assert game.scores() == {p: len(game.racks[p]) for p in game.players}
    fewest = min(game.scores().values())
    assert game.winners() == [p for p in game.players if game.scores()[p] == fewest]


def test_the_first_to_lay_their_last_card_wins_and_the_others_score_minus_points():
    game = deal({"Ann": "cwb1 cwb2", "Ben": ""})
    game.bag += game.racks["Ann"][2:]
    del game.racks["Ann"][2:]
    game.apply(Lay(cwb1, (1, 0)))
    event = game.apply(Lay(cwb2, (2, 0)))
    assert "Ann has no card left and wins the round!" in event.sentence
    assert game.round_over and game.over and game.round_winner == "Ann"
    assert game.phase is Phase.OVER
    assert game.scores() == {"Ann": 0, "Ben": 10} and game.winners() == ["Ann"]
    assert game.legal_actions() == [] and game.current_players() == []
    with pytest.raises(IllegalAction, match="round is over"):
        game.apply(Stop())
    with pytest.raises(IllegalAction, match="game is over"):
        game.next_round()


def test_rounds_add_minus_points_and_the_starter_moves_clockwise():
    game = deal({"Ann": "cwb1", "Ben": "", "Cy": ""}, rounds_to_play=2)
    with pytest.raises(IllegalAction, match="still going"):
        game.next_round()
    game.bag += game.racks["Ann"][1:]
    del game.racks["Ann"][1:]
    game.apply(Lay(cwb1, (1, 0)))
    assert game.round_over and not game.over and game.scores() == {"Ann": 0, "Ben": 10, "Cy": 10}
    assert game.phase is Phase.ROUND_OVER
    event = game.next_round()
    assert event.player is None and "Round 2, Ben to play first" in event.sentence
    assert event.kind is Kind.DEAL and game.phase is Phase.ACT
    assert game.rounds == 2 and game.current_players() == ["Ben"]
    assert sorted(game.cards()) == sorted(DECK) and len(game.board) == 1
    assert game.scores() == {"Ann": 0, "Ben": 10, "Cy": 10}, "minus points add up over rounds"


# ---------------------------------------------------------------- views, chance, turns


def test_a_view_shows_the_own_rack_and_only_the_others_rack_sizes():
    game = deal({"Ann": "cwb1", "Ben": "qwb1"})
    view = game.view("Ben")
    assert view.rack == tuple(sorted(game.racks["Ben"])) and qwb1 in view.rack
    assert cwb1 not in view.rack and dict(view.rack_sizes) == {"Ann": 10, "Ben": 10}
    assert view.board == {START: swb1} and view.bag_size == len(game.bag)
    assert view.to_move == ("Ann",) and view.phase is Phase.ACT
    assert view.viewer == "Ben" and dict(view.scores) == {"Ann": 0, "Ben": 0}
    assert game.view("Ann").may_lay and not view.may_lay, "cards are laid in one's own turn"
    assert "cwb1" not in repr(view)
    with pytest.raises(ValueError, match="no player called 'Zed'"):
        game.view("Zed")


def test_only_the_player_whose_turn_it_is_may_act():
    game = deal({"Ann": "cwb1", "Ben": "qwb1"})
    assert game.legal_actions("Ben") == [] and game.legal_actions("Ann")
    assert Lay(qwb1, (1, 0)) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="no player called 'Zed'"):
        game.legal_actions("Zed")


def test_every_event_says_its_kind():
    game = deal({"Ann": "cwb1 cwb2 swb2", "Ben": ""})
    kinds = [game.apply(Lay(card(c), at)).kind for c, at in (("cwb1", (1, 0)), ("cwb2", (1, 1)))]
    kinds.append(game.apply(Lay(swb2, (0, 1))).kind)  # next to two cards: a double move
    kinds += [game.apply(Stop()).kind, game.apply(EndTurn()).kind, game.apply(Draw(BAG)).kind]
    kinds.append(game.apply(Swap(game.racks["Ben"][0], game.display[0])).kind)
    lay, stop, swap, end = UnikatKind.LAY, UnikatKind.STOP, UnikatKind.SWAP, UnikatKind.END_TURN
    assert kinds == [lay, lay, lay, stop, end, Kind.DRAW, swap]


def test_a_scripted_game_waits_for_each_card_out_of_the_bag():
    game = UnikatGame(["Ann", "Ben"], seed=3, scripted=True)
    assert game.current_players() == [] and game.legal_actions() == []
    assert game.phase is Phase.CHANCE and game.view("Ann").to_move == ()
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 81 and set(outcomes.values()) == {Fraction(1, 81)}
    with pytest.raises(IllegalAction, match="a card must come out of the bag first"):
        game.apply(Stop())
    with pytest.raises(IllegalAction, match="only a card can come out of the bag"):
        game.apply(ChanceOutcome("not a card"))
    game.apply(ChanceOutcome(DECK[0]))
    with pytest.raises(IllegalAction, match="swb1 is not in the bag"):
        game.apply(ChanceOutcome(DECK[0]))  # it is out of the bag already
    for one in DECK[-2 * RACK_SIZE + 1 :]:
        game.apply(ChanceOutcome(one))
    assert game.racks["Ann"] == [DECK[0], *DECK[-19:-10]] and game.racks["Ben"] == list(DECK[-10:])
    event = game.apply(ChanceOutcome(DECK[40]))
    assert event.player is None and f"start card is the {DECK[40].name}" in event.sentence
    assert event.kind is Kind.CHANCE
    assert game.chance_outcomes() == dict.fromkeys(sorted(game.bag), Fraction(1, 60))
    for one in game.bag[-3:]:
        game.apply(ChanceOutcome(one))
    assert game.chance_outcomes() == {} and game.current_players() == ["Ann"]
    assert game.phase is Phase.ACT


def test_a_scripted_game_waits_for_the_bag_in_a_turn_then_goes_on():
    game = UnikatGame(["Ann", "Ben"], seed=3, scripted=True)
    while game.phase is Phase.CHANCE:  # the deal
        game.apply(ChanceOutcome(min(game.chance_outcomes())))
    swap = next(m for m in game.legal_actions() if isinstance(m, Swap) and m.take == BAG)
    assert game.apply(swap).kind is UnikatKind.SWAP
    assert game.phase is Phase.CHANCE and game.current_players() == []
    with pytest.raises(IllegalAction, match="a card must come out of the bag first"):
        game.apply(EndTurn())
    drawn = max(game.chance_outcomes())
    game.apply(ChanceOutcome(drawn))
    assert drawn in game.racks["Ann"] and len(game.racks["Ann"]) == RACK_SIZE
    assert game.phase is Phase.ACT and game.current_players() == ["Ben"]


def test_an_unscripted_game_draws_by_itself_and_refuses_a_chosen_card():
    game = UnikatGame(["Ann", "Ben"], seed=3)
    assert game.chance_outcomes() == {}
    with pytest.raises(IllegalAction, match="nothing is waiting for the bag"):
        game.apply(ChanceOutcome(game.bag[0]))


def test_the_same_seed_deals_the_same_game():
    random.seed(1)
    first = UnikatGame(["Ann", "Ben"], seed=9)
    random.seed(2)
    again = UnikatGame(["Ann", "Ben"], seed=9)
    assert first.racks == again.racks and first.bag == again.bag
    assert UnikatGame(["Ann", "Ben"], seed=10).racks != first.racks
