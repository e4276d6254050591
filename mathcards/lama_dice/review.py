"""LAMA Dice's game review (docs/design.md#a-game-review): every roll or quit, with the
expected penalty of each. For the last player in the round (everyone else has quit) they are
exact, the engine's own (`known.decide`: the lessons' tables, else `policy.last_player`); for
the others they are the expert's reckoning, the same sums as if everyone else had quit (what
the expert, "best", decides by), and the review says so."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from mathcards.engine import Quit
from mathcards.i18n import _, ngettext, number, percent
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


def explained(decision: ScoredDecision) -> str:
    """A roll or quit in words: the row, the chance of a bust, what each choice cost."""
    row = decision.situation["row"]
    cards = cards_words(row)
    if decision.chosen == "roll":
        did = ngettext(
            "You rolled with {n} card in your row ({cards}).",
            "You rolled with {n} cards in your row ({cards}).",
            len(row),
        )
    else:
        did = ngettext(
            "You quit with {n} card in your row ({cards}).",
            "You quit with {n} cards in your row ({cards}).",
            len(row),
        )
    quit_points, chance = int(decision.values["quit"]), Fraction(decision.situation["no_match"])
    if decision.exact:
        risk = _("Everyone else had quit: the chance of a bust was {chance}.")
        how = ""
    else:
        risk = _("The chance of no match in your row was {chance}.")
        how = _(
            "Others still played: this is the expert's reckoning, as if everyone else had quit."
        )
    costs = ngettext(
        "Quitting cost {quit} point, rolling cost {roll} on average.",
        "Quitting cost {quit} points, rolling cost {roll} on average.",
        quit_points,
    ).format(quit=quit_points, roll=number(decision.values["roll"], 1))
    return sentences(
        did.format(n=len(row), cards=cards), risk.format(chance=percent(chance, 0)), costs, how
    )
