"""The kind of each wrong answer, worked out again from what was typed (never from a page's
word nor from the sentence, which is in the language of whoever heard it), the words the
teacher's page names each kind with, and what the checker said, in the teacher's language
(docs/design.md#the-teachers-page)."""

from __future__ import annotations

from mathcards.book import Mistake, PracticeAnswer
from mathcards.i18n import N_
from mathcards.mam.checker import AnswerSyntaxError, Verdict, VerdictKind, check, evaluate, parse
from mathcards.mam.steps import StepError

BY_VERDICT = {  # the checker's verdicts that are one kind of mistake each
    VerdictKind.EMPTY.value: Mistake.SLIP,
    VerdictKind.SYNTAX.value: Mistake.SLIP,
    VerdictKind.NOT_ON_TABLE.value: Mistake.NOT_ON_TABLE,
    VerdictKind.USED_TOO_OFTEN.value: Mistake.USED_TWICE,
    VerdictKind.TOTAL.value: Mistake.TOTAL,
}
BY_STEP = {"/": Mistake.NOT_WHOLE, "-": Mistake.BELOW_ZERO}  # the step the rules forbid
BY_REASON = {"not-whole": Mistake.NOT_WHOLE, "below-zero": Mistake.BELOW_ZERO}  # a step's rule
WORDS = {  # what the teacher's page calls each kind, the most telling first
    Mistake.USED_TWICE: N_("a card used twice"),
    Mistake.NOT_ON_TABLE: N_("a number not on the table"),
    Mistake.NOT_WHOLE: N_("a division that is not a whole number"),
    Mistake.BELOW_ZERO: N_("a subtraction below zero"),
    Mistake.FORBIDDEN: N_("another step the rules forbid"),
    Mistake.TOTAL: N_("the wrong total"),
    Mistake.SLIP: N_("a typing slip"),
}


def mistake(verdict_kind: str | None, typed: str, power: bool = False) -> Mistake | None:
    """The kind of mistake an answer the checker judged `verdict_kind` is (None: no mistake,
    or a verdict no checker gives)."""
    if verdict_kind == VerdictKind.STEP.value:
        return broken_step(typed, power)
    return BY_VERDICT.get(verdict_kind or "")


def mistake_of(verdict: Verdict) -> Mistake | None:
    """The kind of mistake of an answer the service judged so (None: right), from its reason:
    nothing is judged again."""
    if verdict.correct:
        return None
    if verdict.kind is VerdictKind.STEP:
        return BY_REASON.get(verdict.reason.key, Mistake.FORBIDDEN)
    return BY_VERDICT.get(verdict.kind.value)


def kind_of(verdict_kind: str | None, typed: str, power: bool) -> str | None:
    """The kind of mistake as the export names it (`Mistake`'s value), else None."""
    found = mistake(verdict_kind, typed, power)
    return None if found is None else found.value


def broken_step(typed: str, power: bool) -> Mistake:
    """Which rule the first broken step of a calculation breaks."""
    try:
        evaluate(parse(typed.partition("=")[0]), power=power)
    except StepError as problem:
        if problem.step is not None and not (problem.step[1] == "/" and problem.step[2] == 0):
            return BY_STEP.get(problem.step[1], Mistake.FORBIDDEN)
    except AnswerSyntaxError:
        return Mistake.SLIP
    return Mistake.FORBIDDEN


def reworded(answer: PracticeAnswer) -> str:
    """What the checker said to a practice answer, in the language spoken now: judged again
    from what was typed (the sentence kept is in the language of the server that judged it);
    the kept sentence when the checker now judges otherwise (an answer an older mathcards
    kept, a deal it cannot read)."""
    try:
        verdict = check(answer.typed, answer.cards, answer.target, power=answer.power)
    except ValueError:
        return answer.sentence
    return str(verdict.message) if verdict.kind.value == answer.verdict_kind else answer.sentence
