"""Why the checker judged an answer as it did, as a key and its parameters (`Reason`), and the
sentence each key is said with in the language in use (`word`).

The class service judges a live answer once and sends its reason; each page words it in its own
language, and the class book keeps it, so that nothing judges the answer again. The keys are
the wire's and the book's: a key, once used, keeps its meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mathcards.i18n import N_, _, ngettext
from mathcards.mam import expression
from mathcards.mam.cards import times
from mathcards.mam.expression import Form, Sentence
from mathcards.mam.steps import STEP_REASONS, step_words, symbol

Params = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Reason:
    """A verdict's key (`SYNTAX_REASONS`, `STEP_REASONS`, "not-on-table", "used-too-often",
    "total", "correct") and its parameters (numbers, ASCII operators, a calculation's form),
    hashable: equal mistakes count as one."""

    key: str
    params: Params = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Reason:
        return cls(key, tuple(sorted(params.items())))

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def json(self) -> dict[str, Any]:
        """The reason as the wire and the class book carry it."""
        return {"key": self.key, "params": self.values}

    @classmethod
    def from_json(cls, kept: Mapping[str, Any]) -> Reason:
        """A reason the service sent or the book kept (a form's lists read back as tuples)."""
        params = kept.get("params") or {}
        if not isinstance(params, Mapping):
            raise ValueError("a reason's parameters are an object")
        return cls.of(str(kept["key"]), **{str(k): frozen(v) for k, v in params.items()})

    def __str__(self) -> str:
        return word(self)


def frozen(value: Any) -> Any:
    """A JSON value with every list a tuple (a calculation's form is nested tuples)."""
    return tuple(frozen(item) for item in value) if isinstance(value, list | tuple) else value


SYNTAX_REASONS = {  # what cannot be read as a calculation
    "unreadable": N_("I can't read “{char}”: use numbers, {operators} and brackets"),
    "nothing-typed": N_("type a calculation first"),
    "unopened": N_("there is a ) with no ( before it"),
    "no-operator": N_("put an operator before “{token}”"),
    "unclosed": N_("a bracket {bracket} is opened but never closed"),
    "wrong-close": N_("the bracket {bracket} is closed with {wrong}: close it with {right}"),
    "empty-brackets": N_("there is nothing between ( and )"),
    "missing-after": N_("a number is missing after the last “{operator}”"),
    "starts-minus": N_("a calculation can't start with −: start with a card"),
    "missing-before-close": N_("a number is missing before )"),
    "missing-before": N_("a number is missing before “{operator}”"),
    "too-long": N_("that is too long: keep it under {most} characters"),
    "after-equals": N_("after = write the number the calculation makes"),
    "equals-too-long": N_("the number after = is far too long"),
}


def _syntax(key: str, values: dict[str, Any]) -> str:
    shown = dict(values)
    for name in ("token", "operator"):
        if name in shown:
            shown[name] = symbol(str(shown[name]))
    shown["operators"] = " ".join(map(symbol, "+-*/^"))
    return _(SYNTAX_REASONS[key]).format(**shown)


def _not_on_table(values: dict[str, Any]) -> str:
    return _("{card} is not on the table").format(card=values["card"])


def _used_too_often(values: dict[str, Any]) -> str:
    lying = int(values["lying"])
    return ngettext(
        "you used {card} {times}, but there is only one {card} on the table",
        "you used {card} {times}, but there are only {count} on the table",
        lying,
    ).format(card=values["card"], times=times(int(values["used"])), count=lying)


def _total(values: dict[str, Any]) -> str:
    return _("that makes {value}, not {wanted}").format(**values)


def _correct(values: dict[str, Any]) -> Sentence:
    form: Form = values["calculation"]
    n = int(values["n"])
    message = ngettext(
        "Correct! {calculation} = {target} uses {n} card.",
        "Correct! {calculation} = {target} uses {n} cards.",
        n,
    ).format(calculation=expression.pretty(form), target=values["target"], n=n)
    return Sentence(message, (form,))


def _step(key: str, values: dict[str, Any]) -> str:
    step = values.get("step")
    said = step_words(key, step, **{k: v for k, v in values.items() if k != "step"})
    return Sentence(said, (expression.step(*step),)) if step else said


WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "not-on-table": _not_on_table,
    "used-too-often": _used_too_often,
    "total": _total,
    "correct": _correct,
}


def word(reason: Reason) -> str:
    """The reason's sentence in the language in use (a `Sentence` with the calculations it
    writes out, for a page to typeset)."""
    values = reason.values
    if reason.key in SYNTAX_REASONS:
        return _syntax(reason.key, values)
    if reason.key in STEP_REASONS:
        return _step(reason.key, values)
    if reason.key in WORDS:
        return WORDS[reason.key](values)
    raise ValueError(f"no reason is called {reason.key!r}")
