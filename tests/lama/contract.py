"""LAMA in the shared engine contract test: every preset and option, two to six players."""

from __future__ import annotations

import random
from collections import Counter

from mathcards.lama import PRESETS, Card, Draw, LamaGame, Phase, Play, Quit, ReturnChip
from mathcards.lama.game import STARTERS
from tests.contract import EngineCase

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def new_game(seed: int, scripted: bool) -> LamaGame:
    """A game whose preset, options and number of players follow from the seed."""
    rng = random.Random(f"set-up/{seed}")
    return LamaGame(
        NAMES[: 2 + seed % 5],
        list(PRESETS)[seed % len(PRESETS)],
        llama_scoring=rng.choice(["once", "each"]),
        lama20=rng.random() < 0.5,
        starter=rng.choice(STARTERS),
        seed=seed,
        scripted=scripted,
    )


def cards(game: LamaGame) -> Counter[Card]:
    return game.cards_in_play()


def scramble_hidden(game: LamaGame, player: str, rng: random.Random) -> None:
    """Reshuffle the draw pile and the other players' hands among themselves."""
    others = [other for other in game.players if other != player]
    pool = [*game.draw_pile, *(card for other in others for card in game.hands[other])]
    rng.shuffle(pool)
    for other in others:
        size = len(game.hands[other])
        game.hands[other], pool = pool[:size], pool[size:]
    game.draw_pile = pool


def illegal(game: LamaGame, rng: random.Random) -> list[object]:
    """Moves that are wrong now: cards not held or not fitting, draws and chips out of turn."""
    moves: list[object] = ["play a 3", ReturnChip(5)]
    if game.phase is Phase.TURN:
        hand = game.hands[game.player]
        missing = [card for card in game.deck.kinds if card not in hand]
        unfit = [Play(card) for card in hand if Play(card) not in game.legal_actions()]
        moves += [Play(rng.choice(missing))] if missing else []
        moves += unfit[:2]
        moves += [] if Draw() in game.legal_actions() else [Draw()]
    else:
        moves += [Draw(), Quit(), Play(rng.choice(game.deck.kinds))]
    return moves


def invariant(game: LamaGame) -> None:
    """LAMA's own rules of state, after every move."""
    if game.phase is Phase.TURN:
        assert game.player not in game.quit, "a player who quit takes no more turns"
        assert all(game.hands.values()), "an emptied hand ends the round at once"
        assert Quit() in game.legal_actions(), "quitting is always allowed"
    if game.phase is Phase.CHIP:
        assert not game.hands[game.player], "only an emptied hand returns a chip"
    if game.phase is Phase.CHANCE:
        assert game.scripted and game.chance_outcomes(), "only a scripted game waits for a card"
    if game.dealing:
        assert all(len(hand) <= 6 for hand in game.hands.values()), "six cards each are dealt"
    if game.round_over:
        ended = max(game.scores().values()) >= 40
        assert (game.phase is Phase.OVER) == ended, "the game ends once someone has 40"
    if not game.round_over:
        assert max(game.scores().values()) < 40, "no round is dealt after someone has 40"
        assert game.quit != set(game.players), "when everyone has quit the round is over"


CASE = EngineCase(
    name="lama",
    new_game=new_game,
    cards=cards,
    scramble_hidden=scramble_hidden,
    illegal=illegal,
    invariant=invariant,
)
