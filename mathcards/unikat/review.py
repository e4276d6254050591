"""Unikat's game review (docs/design.md#a-game-review): every turn in which a card could be
laid, the cards laid against the longest chain still possible as the turn began
(`chain.best_chain`). A turn's choices are counted in the cards left on the rack: the longest
chain is the best, laying nothing the worst; a double move that lays more than the longest
chain is the best there was. The longest chain is exact."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from mathcards.i18n import is_you, ngettext
from mathcards.review import ReviewedMove, ScoredDecision
from mathcards.unikat.chain import best_chain
from mathcards.unikat.game import UnikatGame
from mathcards.unikat.moves import Lay, Phase


@dataclass
class Turn:
    """A turn under way: whose, from which move, the rack and the longest chain as it began,
    and the cards laid so far."""

    number: int
    player: str
    round: int
    rack: int
    longest: int
    laid: int = 0


def decisions(game: str, steps: Iterable[ReviewedMove]) -> Iterator[ScoredDecision]:
    """Every turn in which a card could be laid, scored once it is over."""
    turn: Turn | None = None
    for step in steps:
        played = step.played
        if not isinstance(played, UnikatGame):
            continue
        if played.phase is Phase.ACT and played.action == 1:
            if turn is not None and turn.longest:
                yield judged(game, turn)
            rack = played.racks[played.player]
            longest = len(best_chain(played.board, rack))
            turn = Turn(step.number, played.player, played.rounds, len(rack), longest)
        if turn is not None and isinstance(step.action, Lay):
            turn.laid += 1
    if turn is not None and turn.longest:
        yield judged(game, turn)


def judged(game: str, turn: Turn) -> ScoredDecision:
    """A turn over: the cards it left on the rack, against the longest chain's and nothing."""
    best = max(turn.longest, turn.laid)
    return ScoredDecision(
        game=game,
        number=turn.number,
        player=turn.player,
        round=turn.round,
        chosen=str(turn.laid),
        best=str(best),
        values={str(laid): Fraction(turn.rack - laid) for laid in (0, turn.laid, best)},
        exact=True,
        situation={"laid": turn.laid, "longest": turn.longest, "rack": turn.rack},
    )


def explained(decision: ScoredDecision, player: str | None = None) -> str:
    """A turn in words: the cards laid, and the longest chain there was; about `player` (the
    decision's own when None), or to the reader (`mathcards.review.explained`)."""
    who = decision.player if player is None else player
    laid, longest = decision.situation["laid"], decision.situation["longest"]
    if is_you(who):
        did = ngettext("In this turn you laid {n} card.", "In this turn you laid {n} cards.", laid)
        could = ngettext(
            "The longest chain you could lay was {n} card long.",
            "The longest chain you could lay was {n} cards long.",
            longest,
        )
    else:
        did = ngettext(
            "{player} laid {n} card in this turn.", "{player} laid {n} cards in this turn.", laid
        )
        could = ngettext(
            "The longest chain they could lay was {n} card long.",
            "The longest chain they could lay was {n} cards long.",
            longest,
        )
    return f"{did.format(player=who, n=laid)} {could.format(n=longest)}"
