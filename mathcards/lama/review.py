"""LAMA's game review (docs/design.md#a-game-review): every draw or quit when no card of the
hand fits, weighed with the numbers the odds panel shows (`odds.draw_odds`: the chance a drawn
card fits, the points it adds on average, the points held now) as the expert weighs them
(`bots.reckoning`). These are the expert's reckoning, not exact expected penalties, and the
review says so."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from mathcards.engine import Quit
from mathcards.i18n import _, is_you, ngettext, number, percent
from mathcards.lama.bots import reckoning
from mathcards.lama.cards import Card
from mathcards.lama.game import LamaGame
from mathcards.lama.moves import Draw, Play
from mathcards.lama.view import Phase
from mathcards.review import ReviewedMove, ScoredDecision

CHOICES = {Draw: "draw", Quit: "quit"}  # a decision's choices, as the review names them


def decisions(game: str, steps: Iterable[ReviewedMove]) -> Iterator[ScoredDecision]:
    """Every draw or quit made with no card to play and a card to draw, scored."""
    for step in steps:
        played = step.played
        if not isinstance(played, LamaGame) or type(step.action) not in CHOICES:
            continue
        if played.phase is Phase.TURN and not any(
            isinstance(action, Play) for action in played.legal_actions()
        ):
            decision = judged(game, step.number, played, CHOICES[type(step.action)])
            if decision is not None:
                yield decision


def judged(game: str, number: int, played: LamaGame, chosen: str) -> ScoredDecision | None:
    """The draw or quit of the player to move, weighed; None when they could not draw."""
    view = played.view(played.player)
    weighed = reckoning(view)
    if weighed is None:
        return None
    return ScoredDecision(
        game=game,
        number=number,
        player=played.player,
        round=played.rounds,
        chosen=chosen,
        best="draw" if weighed.risk <= weighed.hope else "quit",
        values={"draw": weighed.draw, "quit": weighed.quit},
        exact=False,
        situation={
            "points": int(weighed.quit),
            "top": int(view.top),
            "fits": str(weighed.odds.fits),
            "adds": str(weighed.odds.cost),
        },
    )


def explained(decision: ScoredDecision, player: str | None = None) -> str:
    """A draw or quit in words: the points held, the odds panel's numbers, the verdict; about
    `player` (the decision's own when None), or to the reader (`mathcards.review.explained`)."""
    who = decision.player if player is None else player
    points, top = decision.situation["points"], Card(decision.situation["top"]).the
    did = _did(decision.chosen, is_you(who), points)
    if is_you(who):
        odds = _(
            "A card drawn fitted with chance {fits} and added {adds} to your points on average."
        )
    else:
        odds = _("A card drawn fitted with chance {fits} and added {adds} to the hand on average.")
    gap = number(decision.values[decision.chosen] - decision.values[decision.best], 1)
    if decision.best == "draw":
        verdict = _("By the expert's reckoning, drawing was better, by {points} points.")
    else:
        verdict = _("By the expert's reckoning, quitting was better, by {points} points.")
    return " ".join(
        (
            did.format(player=who, n=points, top=top),
            odds.format(
                fits=percent(Fraction(decision.situation["fits"]), 0),
                adds=number(Fraction(decision.situation["adds"]), 1),
            ),
            verdict.format(points=gap),
        )
    )


def _did(chosen: str, to_you: bool, points: int) -> str:
    """What the player chose, with the points in hand: to the reader, or about the player."""
    if chosen == "draw" and to_you:
        return ngettext(
            "You drew with {n} point in your hand and no card to play on {top}.",
            "You drew with {n} points in your hand and no card to play on {top}.",
            points,
        )
    if chosen == "draw":
        return ngettext(
            "{player} drew with {n} point in hand and no card to play on {top}.",
            "{player} drew with {n} points in hand and no card to play on {top}.",
            points,
        )
    if to_you:
        return ngettext(
            "You quit with {n} point in your hand and no card to play on {top}.",
            "You quit with {n} points in your hand and no card to play on {top}.",
            points,
        )
    return ngettext(
        "{player} quit with {n} point in hand and no card to play on {top}.",
        "{player} quit with {n} points in hand and no card to play on {top}.",
        points,
    )
