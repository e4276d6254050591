"""Computer players for Unikat: each is a strategy `(view, legal, rng) -> move` that sees only
its own `view` and picks one of the legal moves (`engine.ComputerPlayer`).

- `random` picks any legal move.
- `greedy` lays the longest chain it can; when it cannot lay it swaps a card that fits nowhere
  for one that fits, and it draws a card that fits.
- `expert` also seeks double moves (a card touching two cards earns one more action) and keeps
  the cards that fit many places: among its best first moves it prefers the one that lays the
  most cards this turn, counting the extra action, and then the rack that fits most places.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from mathcards import engine
from mathcards.engine import ComputerPlayer, computer_move
from mathcards.i18n import N_
from mathcards.unikat.board import Cell, Table, places, touching
from mathcards.unikat.cards import Card
from mathcards.unikat.chain import Chain, Link, best_chain
from mathcards.unikat.game import UnikatGame
from mathcards.unikat.moves import BAG, Action, Draw, EndTurn, Lay, Phase, Stop, Swap
from mathcards.unikat.view import UnikatView

Strategy = ComputerPlayer[UnikatView, Action]  # a computer player: (view, legal, rng) -> move
MAX_MOVES = 20_000


def play_random(view: UnikatView, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal move."""
    return rng.choice(list(legal))


def play_greedy(view: UnikatView, legal: Sequence[Action], rng: random.Random) -> Action:
    """Lay the longest chain; else swap for a card that fits; draw a card that fits."""
    if view.phase is Phase.DRAW:
        return _draw(view, legal)
    chain = best_chain(view.board, view.rack, view.after)
    if chain:
        return Lay(chain[0].card, chain[0].at)
    return _swap(view, legal)


def play_expert(view: UnikatView, legal: Sequence[Action], rng: random.Random) -> Action:
    """Lay the most cards this turn (double moves included), keeping the most flexible rack;
    take the display card that makes the longest chain next turn."""
    if view.phase is Phase.DRAW:
        return _draw_for_chains(view, legal)
    firsts = [move for move in legal if isinstance(move, Lay)]
    if not firsts:
        return _swap_for_chains(view, legal)
    chain = best_chain(view.board, view.rack, view.after)
    candidates = {Lay(chain[0].card, chain[0].at)} if chain else set()
    if not view.double_move:
        candidates |= {move for move in firsts if len(touching(view.board, move.at)) >= 2}
    return max(sorted(candidates, key=str), key=lambda move: _outlook(view, move))


def _outlook(view: UnikatView, first: Lay) -> tuple[int, int]:
    """Cards laid this turn after `first` (with the double move's extra action), then how many
    places the cards left fit."""
    board, rack = dict(view.board), list(view.rack)
    earns = _lay_all(board, rack, (Link(first.card, first.at),))
    earns |= _lay_all(board, rack, best_chain(board, rack, first.at))
    if earns and not view.double_move:
        _lay_all(board, rack, best_chain(board, rack))
    return len(view.rack) - len(rack), _flexibility(board, rack)


def _lay_all(board: dict[Cell, Card], rack: list[Card], chain: Chain) -> bool:
    """Lay a chain on a copy of the table: did one of its cards touch two or more cards?"""
    earns = False
    for step in chain:
        earns |= len(touching(board, step.at)) >= 2
        board[step.at] = step.card
        rack.remove(step.card)
    return earns


def _flexibility(board: Table, rack: Sequence[Card]) -> int:
    """How many places, in all, the rack's cards fit on the table."""
    return sum(len(places(board, one)) for one in rack)


def _prospect(board: Table, rack: Sequence[Card]) -> tuple[int, int]:
    """A rack's prospects: its longest chain now, then how many places its cards fit."""
    return len(best_chain(board, rack)), _flexibility(board, rack)


def _swap_for_chains(view: UnikatView, legal: Sequence[Action]) -> Action:
    """The swap whose rack has the best prospects; a bag swap gives the least useful card."""
    swaps = [move for move in legal if isinstance(move, Swap)]
    if not swaps:
        return _swap(view, legal)

    def prospect(swap: Swap) -> tuple[int, int]:
        kept = [one for one in view.rack if one != swap.card]
        return _prospect(view.board, kept + ([swap.take] if isinstance(swap.take, Card) else []))

    return max(swaps, key=lambda swap: (prospect(swap), swap.take == BAG, str(swap)))


def _draw_for_chains(view: UnikatView, legal: Sequence[Action]) -> Action:
    """The display card that gives the rack the best prospects, unless none adds to them."""
    draws = [move for move in legal if isinstance(move, Draw)]
    now = _prospect(view.board, view.rack)
    shown = [
        (_prospect(view.board, [*view.rack, move.source]), move)
        for move in draws
        if isinstance(move.source, Card)
    ]
    best = max(shown, key=lambda pair: (pair[0], str(pair[1])), default=None)
    if best is not None and (best[0][0] > now[0] or Draw(BAG) not in draws):
        return best[1]
    return Draw(BAG) if Draw(BAG) in draws else draws[0]


def _swap(view: UnikatView, legal: Sequence[Action]) -> Action:
    """Give away the card that fits fewest places; take a display card that fits more places
    than it, else a card from the bag. With no swap allowed, stop or end the turn."""
    swaps = [move for move in legal if isinstance(move, Swap)]
    if not swaps:
        return EndTurn() if EndTurn() in legal else Stop()
    given = min(view.rack, key=lambda one: (len(places(view.board, one)), one))
    offers = [
        (len(places(view.board, move.take)), move)
        for move in swaps
        if move.card == given and isinstance(move.take, Card)
    ]
    fit, better = max(offers, key=lambda pair: (pair[0], str(pair[1])), default=(0, None))
    if better is not None and fit > len(places(view.board, given)):
        return better
    return Swap(given, BAG) if Swap(given, BAG) in swaps else swaps[0]


def _draw(view: UnikatView, legal: Sequence[Action]) -> Action:
    """Draw the display card that fits most places, or from the bag when none fits."""
    draws = [move for move in legal if isinstance(move, Draw)]
    shown = [
        (len(places(view.board, move.source)), move)
        for move in draws
        if isinstance(move.source, Card)
    ]
    fit, best = max(shown, key=lambda pair: (pair[0], str(pair[1])), default=(0, None))
    if best is not None and (fit > 0 or Draw(BAG) not in draws):
        return best
    return Draw(BAG) if Draw(BAG) in draws else draws[0]


STRATEGIES: dict[str, Strategy] = {
    "random": play_random,
    "greedy": play_greedy,
    "expert": play_expert,
}
# What each strategy is called where a player reads it (the keys stay English: they are code).
STRATEGY_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "expert": N_("expert")}


def check_strategy(strategy: object) -> str:
    """One of `STRATEGIES`, or a ValueError naming them."""
    return engine.check_strategy(strategy, STRATEGIES)


def computers(strategies: Mapping[str, str]) -> dict[str, Strategy]:
    """The computer players of a game (name → strategy), as `engine.computer_move` takes them."""
    return {player: STRATEGIES[check_strategy(strategy)] for player, strategy in strategies.items()}


def play_game(strategies: dict[str, str], seed: int, rounds_to_play: int = 1) -> UnikatGame:
    """A whole game between computer players (name → strategy), seeded."""
    players = computers(strategies)
    game = UnikatGame(list(strategies), seed=seed, rounds_to_play=rounds_to_play)
    rng = random.Random(f"bots/{seed}")
    for _move in range(MAX_MOVES):
        if game.over:
            return game
        if game.round_over:
            game.next_round()
        else:
            computer_move(game, players, rng)
    raise RuntimeError(f"seed {seed}: the game did not end within {MAX_MOVES} moves")


def tournament(strategies: Sequence[str], games: int, seed: int = 0) -> Counter[str]:
    """How many games each strategy wins (ties count for each winner); seats rotate."""
    wins: Counter[str] = Counter()
    for number in range(games):
        seated = [strategies[(number + i) % len(strategies)] for i in range(len(strategies))]
        names = {f"{strategy} {i + 1}": strategy for i, strategy in enumerate(seated)}
        game = play_game(names, seed=seed + number)
        wins.update(names[winner] for winner in game.winners())
    return wins
