"""The hint ladder: each rung gives away a little more of an answer."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from mathcards.i18n import _, ngettext
from mathcards.mam.expression import Sentence, first_step, step
from mathcards.mam.solver import best, simplest
from mathcards.mam.steps import written


def hint_ladder(cards: list[int], target: int, *, power: bool = False) -> list[str]:
    """Three hints: how many cards it takes, the first step, then a whole simple answer."""
    easy = simplest(cards, target, power=power)
    if easy is None:
        return [
            _("No calculation makes {target} from these cards: press “Next round”.").format(
                target=target
            )
        ]
    rungs = [
        how_many_cards(
            target, len(easy.cards), len((best(cards, target, power=power) or easy).cards)
        )
    ]
    first = first_step(easy.form)
    if first:
        a, op, b, result = first
        start = _("Start with {step} = {result}.").format(step=written(a, op, b), result=result)
        rungs.append(Sentence(start, (step(a, op, b),)))
    whole = _("One answer: {calculation} = {target}.")
    answer = easy.confirmed(target)
    rungs.append(Sentence(whole.format(calculation=answer.pretty, target=target), (answer.form,)))
    return rungs


def how_many_cards(target: int, fewest: int, most: int) -> str:
    """The first rung: the fewest cards that make the target, and the most if they differ."""
    if most > fewest:
        message = ngettext(
            "You can make {target} with {n} card, and with as many as {most}.",
            "You can make {target} with {n} cards, and with as many as {most}.",
            fewest,
        )
    else:
        message = ngettext(
            "You can make {target} with {n} card.", "You can make {target} with {n} cards.", fewest
        )
    return message.format(target=target, n=fewest, most=most)


def answer_shown(cards: Iterable[int], target: int, hints_used: int, *, power: bool) -> bool:
    """Had the hints taken shown a whole answer (the ladder's last rung)? A deal answered right
    after that counts as shown, never as solved (docs/design.md#the-teachers-page)."""
    return hints_used > 0 and hints_used >= rungs(tuple(cards), target, power)


@lru_cache(maxsize=1024)
def rungs(cards: tuple[int, ...], target: int, power: bool) -> int:
    """How many hints a deal's ladder has (the last shows a whole answer)."""
    return len(hint_ladder(list(cards), target, power=power))
