"""Every move of every game as JSON and back (docs/design.md#moves-as-json): each kind of move
comes back as the same move, through real JSON text; a JSON object that is no move of the game
is refused with a sentence that names what is wrong, never taken for a look-alike."""

from __future__ import annotations

import json

import pytest

from mathcards.chips import LLAMA, ReturnChip
from mathcards.engine import ChanceOutcome, NextRound, Quit
from mathcards.lama import moves as lama
from mathcards.lama.cards import Card as LamaCard
from mathcards.lama_dice import moves as lama_dice
from mathcards.mam import moves as mam
from mathcards.replay import rules
from mathcards.unikat import moves as unikat
from mathcards.unikat.cards import card

EVERY_MOVE = {  # one of each kind of move, or more where a move's fields differ in kind
    "mam": [
        mam.Claim("Ann", "7×6−12+2"),
        mam.Claim("Ann", "((", confirmed=True),
        mam.Take("Ben", 12),
        mam.Pass(),
        ChanceOutcome((3, 20)),
    ],
    "lama": [
        lama.Play(LamaCard.LLAMA),
        lama.Play(LamaCard.SIX_PLUS),
        lama.Draw(),
        Quit(),
        ReturnChip(10),
        ChanceOutcome(LamaCard.PINK_LLAMA),
        NextRound(),
    ],
    "lama_dice": [
        lama_dice.Roll(),
        Quit(),
        lama_dice.Discard((4, 4, LLAMA)),
        lama_dice.Take(LLAMA),
        ReturnChip(1),
        ChanceOutcome((1, LLAMA, 6)),
        NextRound(),
    ],
    "unikat": [
        unikat.Lay(card("swb1"), (0, -1)),
        unikat.Stop(),
        unikat.Swap(card("cwb2"), unikat.BAG),
        unikat.Swap(card("cwb2"), card("qny3")),
        unikat.Draw(unikat.BAG),
        unikat.Draw(card("srg2")),
        unikat.EndTurn(),
        ChanceOutcome(card("qrb1")),
        NextRound(),
    ],
}
MODULES = {"mam": mam, "lama": lama, "lama_dice": lama_dice, "unikat": unikat}


def through_json(move: dict) -> object:
    """A move as the class book sends and keeps it: JSON text, read again."""
    return json.loads(json.dumps(move))


@pytest.mark.parametrize("game", EVERY_MOVE)
def test_every_kind_of_move_comes_back_as_the_same_move(game):
    codec = MODULES[game]
    written = [codec.action_json(move) for move in EVERY_MOVE[game]]
    assert {move["move"] for move in written} == set(codec.MOVE_NAMES), "every kind is tried"
    for move, json_move in zip(EVERY_MOVE[game], written, strict=True):
        read = codec.action_of(through_json(json_move))
        assert read == move and type(read) is type(move), (move, json_move)
        assert rules(game).action_of(through_json(json_move)) == move
        if isinstance(move, ChanceOutcome):
            assert type(read.outcome) is type(move.outcome)


def test_a_card_comes_back_as_the_engine_names_it():
    assert type(lama.action_of({"move": "play", "card": 7}).card) is LamaCard
    assert lama.action_json(lama.Play(LamaCard.LLAMA)) == {"move": "play", "card": 7}
    assert unikat.action_json(unikat.Lay(card("SWB1"), (2, 3))) == {
        "move": "lay",
        "card": "swb1",
        "at": [2, 3],
    }


REFUSED = [  # (game, what was sent, words the refusal must say)
    ("mam", "claim", "JSON object"),
    ("mam", {"player": "Ann"}, "JSON object"),
    ("mam", {"move": 3}, "JSON object"),
    ("mam", {"move": "shout"}, "no move called 'shout'"),
    ("lama", {"move": "roll"}, "LAMA has no move called 'roll'"),
    ("unikat", {"move": "quit"}, "no move called 'quit'"),
    ("mam", {"move": "take", "player": "Ann", "card": True}, "True as its card"),
    ("mam", {"move": "take", "player": "Ann", "card": 12.0}, "12.0 as its card"),
    ("mam", {"move": "take", "player": "Ann"}, "take needs a field called card"),
    ("mam", {"move": "claim", "player": "Ann", "answer": "1" * 301, "confirmed": False}, "answer"),
    ("mam", {"move": "claim", "player": "Ann", "answer": "7", "confirmed": 1}, "confirmed"),
    ("mam", {"move": "pass", "why": "tired"}, "no field called 'why'"),
    ("mam", {"move": "chance", "outcome": [3, 20, 4]}, "outcome"),
    ("lama", {"move": "play", "card": 10}, "10 as its card"),
    ("lama", {"move": "return-chip", "chip": "10"}, "chip"),
    ("lama_dice", {"move": "discard", "cards": [4, 9]}, "cards"),
    ("lama_dice", {"move": "take", "card": 0}, "card"),
    ("lama_dice", {"move": "chance", "outcome": [1, 2]}, "outcome"),
    ("unikat", {"move": "lay", "card": "zzz9", "at": [0, 1]}, "'zzz9' as its card"),
    ("unikat", {"move": "lay", "card": "swb1", "at": [0]}, "at"),
    ("unikat", {"move": "draw", "source": 5}, "source"),
]


@pytest.mark.parametrize(("game", "sent", "said"), REFUSED)
def test_what_is_no_move_is_refused_with_a_sentence(game, sent, said):
    with pytest.raises(ValueError) as refused:
        MODULES[game].action_of(sent)
    sentence = str(refused.value)
    assert said in sentence and "\n" not in sentence and len(sentence) < 200, sentence
