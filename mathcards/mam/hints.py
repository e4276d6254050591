"""The hint ladder: each rung gives away a little more of an answer."""

from __future__ import annotations

from mathcards.mam.expression import first_step
from mathcards.mam.solver import best, simplest
from mathcards.mam.steps import SYMBOL


def hint_ladder(cards: list[int], target: int, *, power: bool = False) -> list[str]:
    """Three hints: how many cards it takes, the first step, then a whole simple answer."""
    easy = simplest(cards, target, power=power)
    if easy is None:
        return [f"No calculation makes {target} from these cards: press “Next round”."]
    most = len((best(cards, target, power=power) or easy).cards)
    fewest = len(easy.cards)
    count = f"{fewest} card" + ("s" if fewest > 1 else "")
    rungs = [
        f"You can make {target} with {count}"
        + (f", and with as many as {most}." if most > fewest else ".")
    ]
    step = first_step(easy.form)
    if step:
        a, op, b, result = step
        rungs.append(f"Start with {a} {SYMBOL[op]} {b} = {result}.")
    rungs.append(f"One answer: {easy.pretty} = {target}.")
    return rungs
