"""LAMA Dice's game review (docs/design.md#a-game-review): every roll or quit, with the
expected penalty of each. For the last player in the round (everyone else has quit) they are
exact, the engine's own (`known.decide`: the lessons' tables, else `policy.last_player`); for
the others they are the expert's reckoning, the same sums as if everyone else had quit (what
the expert, "best", decides by), and the review says so."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from mathcards.engine import Quit
from mathcards.i18n import _, is_you, ngettext, number, percent
from mathcards.lama_dice.dice import dice_text
from mathcards.lama_dice.game import LamaDiceGame, cards_words, sentences
from mathcards.lama_dice.known import decide
from mathcards.lama_dice.moves import Phase, Roll
from mathcards.lama_dice.odds import bust_alone
from mathcards.review import ReviewedMove, ScoredDecision

CHOICES = {Roll: "roll", Quit: "quit"}  # a decision's choices, as the review names them


def decisions(game: str, steps: Iterable[ReviewedMove]) -> Iterator[ScoredDecision]:
    """Every roll or quit among the steps, scored."""
    for step in steps:
        played = step.played
        chosen = CHOICES.get(type(step.action))
        if isinstance(played, LamaDiceGame) and chosen and played.phase is Phase.TURN:
            yield judged(game, step.number, played, chosen)


def judged(game: str, number: int, played: LamaDiceGame, chosen: str) -> ScoredDecision:
    """The roll or quit of the player to move, with both expected penalties."""
    row, llama_row, dice = played.row, played.llama_row, played.dice
    scoring = played.llama_scoring
    values = decide(row, llama_row, dice, scoring)
    no_match = bust_alone(frozenset(row), dice)
    return ScoredDecision(
        game=game,
        number=number,
        player=played.player,
        round=played.rounds,
        chosen=chosen,
        best=values.action,
        values={"roll": values.roll, "quit": values.quit},
        exact=played.alone,
        situation={
            "row": list(row),
            "llama_row": list(llama_row),
            "dice": dice_text(dice),
            "llama_scoring": scoring,
            "no_match": str(no_match),  # a bust for the last player
        },
    )


def explained(decision: ScoredDecision, player: str | None = None) -> str:
    """A roll or quit in words: the row, the chance of a bust, what each choice cost; about
    `player` (the decision's own when None), or to the reader (`mathcards.review.explained`)."""
    who = decision.player if player is None else player
    row = decision.situation["row"]
    did = _did(decision.chosen, is_you(who), len(row))
    quit_points, chance = int(decision.values["quit"]), Fraction(decision.situation["no_match"])
    if decision.exact:
        risk = _("Everyone else had quit: the chance of a bust was {chance}.")
        how = ""
    else:
        if is_you(who):
            risk = _("The chance of no match in your row was {chance}.")
        else:
            risk = _("The chance of no match in their row was {chance}.")
        how = _(
            "Others still played: this is the expert's reckoning, as if everyone else had quit."
        )
    costs = ngettext(
        "Quitting cost {quit} point, rolling cost {roll} on average.",
        "Quitting cost {quit} points, rolling cost {roll} on average.",
        quit_points,
    ).format(quit=quit_points, roll=number(decision.values["roll"], 1))
    return sentences(
        did.format(player=who, n=len(row), cards=cards_words(row)),
        risk.format(chance=percent(chance, 0)),
        costs,
        how,
    )


def _did(chosen: str, to_you: bool, cards: int) -> str:
    """What the player chose, with the cards in their row: to the reader, or about them."""
    if chosen == "roll" and to_you:
        return ngettext(
            "You rolled with {n} card in your row ({cards}).",
            "You rolled with {n} cards in your row ({cards}).",
            cards,
        )
    if chosen == "roll":
        return ngettext(
            "{player} rolled with {n} card in their row ({cards}).",
            "{player} rolled with {n} cards in their row ({cards}).",
            cards,
        )
    if to_you:
        return ngettext(
            "You quit with {n} card in your row ({cards}).",
            "You quit with {n} cards in your row ({cards}).",
            cards,
        )
    return ngettext(
        "{player} quit with {n} card in their row ({cards}).",
        "{player} quit with {n} cards in their row ({cards}).",
        cards,
    )
