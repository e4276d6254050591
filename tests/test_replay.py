"""A game had again from its settings, seed and moves (docs/design.md#a-game-replayed): random
games of the four games, every move written as JSON as it is made, replayed move by move, equal
the game played at every step, hidden cards and the dice's chance included; settings that are
no game's are refused with a sentence."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathcards.engine import IllegalAction, NextRound, make_move
from mathcards.lama import PRESETS
from mathcards.lama.game import STARTERS, LamaGame
from mathcards.lama_dice.dice import LAYOUTS, check_dice, parse_dice
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.mam import LEVELS, MamGame, level
from mathcards.replay import dealt, move_json, replay, replayed, rules
from mathcards.unikat.game import UnikatGame
from tests.contract import random_move
from tests.lama.contract import CASE as LAMA
from tests.lama_dice.contract import CASE as LAMA_DICE
from tests.mam.contract import CASE as MAM
from tests.unikat.contract import CASE as UNIKAT

CASES = {"mam": MAM, "lama": LAMA, "lama_dice": LAMA_DICE, "unikat": UNIKAT}
NAMES = ["You", "Ada", "Bo", "Cleo", "Dan", "Eve"]
MOST_MOVES = 400  # a long game is replayed up to here: every kind of move has come by then


def players(draw: st.DrawFn, fewest: int, most: int) -> list[str]:
    return NAMES[: draw(st.integers(fewest, most))]


@st.composite
def set_ups(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """Settings a table could send for `game`, computer players among the seats."""
    if game == "mam":
        seated = players(draw, 1, 6)
        own: dict[str, Any] = {
            "level": draw(st.sampled_from(list(LEVELS))),
            "power": draw(st.booleans()),
            "scripted": draw(st.booleans()),
            "stack": None,
        }
    elif game == "lama":
        seated = players(draw, 2, 6)
        own = {
            "preset": draw(st.sampled_from(list(PRESETS))),
            "llama_scoring": draw(st.sampled_from(["once", "each"])),
            "lama20": draw(st.booleans()),
            "starter": draw(st.sampled_from(STARTERS)),
        }
    elif game == "lama_dice":
        seated = players(draw, 2, 6)
        dice = parse_dice(draw(st.sampled_from(list(LAYOUTS.values()))))
        own = {
            "dice": [list(die) for die in dice],
            "lama20": draw(st.booleans()),
            "llama_scoring": draw(st.sampled_from(["once", "each"])),
            "scripted": draw(st.booleans()),
        }
    else:
        seated = players(draw, 2, 4)
        own = {"rounds_to_play": draw(st.integers(1, 2))}
    strategies = list(rules(game).strategies)
    computers = {name: draw(st.sampled_from(strategies)) for name in seated[1:]}
    return {"players": seated, "computers": computers, **own}


def state(game: Any) -> dict[str, Any]:
    """Everything a game holds, hidden cards and its dice's chance (its rng) included."""
    held = {}
    for name, value in vars(game).items():
        if name.startswith("_hints") or name == "_said":  # MAM!'s hints, worked out when first
            continue  # asked for; Unikat's words for the move being made, begun afresh each move
        held[name] = value.getstate() if isinstance(value, random.Random) else value
    return held


def next_move(game: str, played: Any, rng: random.Random) -> Any:
    """A move any player (or chance) may make now, the next round between rounds."""
    if getattr(played, "round_over", False):
        return NextRound()
    return random_move(CASES[game], played, rng)


@pytest.mark.parametrize("game", CASES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 99_999))
def test_a_random_game_replayed_from_its_moves_equals_it_at_every_step(game, data, seed):
    chosen = data.draw(set_ups(game))
    kept = json.loads(json.dumps(chosen))  # the settings as the class book keeps them
    played, again = dealt(game, chosen, seed), dealt(game, kept, seed)
    moves: list[Any] = []
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    assert state(again) == state(played)
    while not played.over and len(moves) < MOST_MOVES:
        move = next_move(game, played, rng)
        make_move(played, move)
        sent = json.loads(json.dumps(move_json(game, move)))  # as the table sends it
        moves.append(sent)
        replayed(game, again, sent)
        assert state(again) == state(played), f"move {len(moves)}: {sent}"
    assert state(replay(game, kept, seed, moves)) == state(played)
    cut = data.draw(st.integers(0, len(moves)))
    halfway = replay(game, kept, seed, moves[:cut])
    for move in moves[cut:]:
        replayed(game, halfway, move)
    assert state(halfway) == state(played)


DIRECT = {  # each game dealt as a table deals it, by the engine's own words
    "mam": lambda chosen, seed: MamGame(
        chosen["players"],
        level=level(chosen["level"], power=chosen["power"]),
        seed=seed,
        scripted=chosen["scripted"],
    ),
    "lama": lambda chosen, seed: LamaGame(
        chosen["players"],
        chosen["preset"],
        llama_scoring=chosen["llama_scoring"],
        lama20=chosen["lama20"],
        starter=chosen["starter"],
        seed=seed,
    ),
    "lama_dice": lambda chosen, seed: LamaDiceGame(
        chosen["players"],
        dice=check_dice(chosen["dice"]),
        seed=seed,
        lama20=chosen["lama20"],
        llama_scoring=chosen["llama_scoring"],
        scripted=chosen["scripted"],
    ),
    "unikat": lambda chosen, seed: UnikatGame(
        chosen["players"], seed=seed, rounds_to_play=chosen["rounds_to_play"]
    ),
}


@pytest.mark.parametrize("game", CASES)
@settings(max_examples=30, deadline=None)
@given(data=st.data(), seed=st.integers(0, 99_999))
def test_the_settings_kept_deal_the_game_the_table_dealt(game, data, seed):
    chosen = data.draw(set_ups(game))
    kept = json.loads(json.dumps(chosen))
    assert state(dealt(game, kept, seed)) == state(DIRECT[game](chosen, seed))


def test_a_move_that_is_not_legal_now_is_refused_and_changes_nothing():
    chosen = {"players": ["You", "Ada"], "computers": {"Ada": "greedy"}, "rounds_to_play": 1}
    game = dealt("unikat", chosen, 7)
    before = state(game)
    with pytest.raises(IllegalAction):
        replayed("unikat", game, {"move": "stop"})  # nothing laid yet: nothing to stop
    with pytest.raises(IllegalAction, match="round is still going"):
        replayed("unikat", game, {"move": "next-round"})
    assert state(game) == before
    mam = dealt("mam", MAM_SETTINGS, 1)
    with pytest.raises(ValueError, match="no move called 'next-round'"):
        replayed("mam", mam, {"move": "next-round"})
    with pytest.raises(IllegalAction, match="not played in rounds"):
        make_move(mam, NextRound())


MAM_SETTINGS = {
    "players": ["You", "Computer 1 (good)"],
    "computers": {"Computer 1 (good)": "good"},
    "level": "easy",
    "power": False,
    "scripted": False,
    "stack": None,
}
BAD_SETTINGS = [  # (game, settings, seed, words the refusal must say)
    ("mam", "easy", 1, "settings"),
    ("mam", {**MAM_SETTINGS, "level": "genius"}, 1, "genius"),
    ("mam", {**MAM_SETTINGS, "power": "yes"}, 1, "'yes' as its setting power"),
    ("mam", {**MAM_SETTINGS, "stack": [1, "2"]}, 1, "stack"),
    ("mam", {**MAM_SETTINGS, "colour": "red"}, 1, "no setting called 'colour'"),
    ("mam", {**MAM_SETTINGS, "computers": {"Computer 1 (good)": "genius"}}, 1, "computers"),
    ("mam", {**MAM_SETTINGS, "computers": {"Nobody": "good"}}, 1, "computers"),
    ("mam", {**MAM_SETTINGS, "players": "You"}, 1, "players"),
    ("mam", MAM_SETTINGS, True, "seed"),
    ("mam", MAM_SETTINGS, 2**64, "seed"),
    ("chess", MAM_SETTINGS, 1, "'chess'"),
    (
        "lama_dice",
        {
            "players": ["You", "Ada"],
            "computers": {},
            "dice": [[1, 2, 3, 4, 5, 6]],
            "lama20": False,
            "llama_scoring": "once",
            "scripted": False,
        },
        1,
        "dice",
    ),
    ("unikat", {"players": ["You", "Ada"], "computers": {}, "rounds_to_play": 10**9}, 1, "rounds"),
]


@pytest.mark.parametrize(("game", "chosen", "seed", "said"), BAD_SETTINGS)
def test_settings_that_deal_no_game_are_refused_with_a_sentence(game, chosen, seed, said):
    with pytest.raises(ValueError) as refused:
        dealt(game, chosen, seed)
    sentence = str(refused.value)
    assert said in sentence and "\n" not in sentence, sentence
