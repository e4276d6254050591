"""The items a student practises on, worked out beforehand and shipped with the package
(`bank-mam.json`, `bank-mam-powers.json`, `bank-roll-or-quit.json`, written by
scripts/adaptive_bank.py), so that choosing the next
one never waits for the solver or the odds (docs/design.md#the-bank).

A MAM! deal is five cards and a roll of the level's dice, with its features and its first
difficulty; a roll-or-quit moment is the last player's row, the llama row and the dice, with
both choices' exact expected penalties rounded to thousandths.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mathcards.adaptive.skills import DEALS, Skill
from mathcards.i18n import _

HERE = Path(__file__).parent
FILES = {skill: HERE / f"bank-{skill}.json" for skill in Skill}
DEAL_COLUMNS = ("cards", "dice", "level", "answers", "fewest", "division", "power", "forward")
MOMENT_COLUMNS = ("roll", "quit")  # the dice and both rows are read from its key


@dataclass(frozen=True)
class Features:
    """What the solver knows of a deal, as the difficulty model reads it."""

    level: str  # the level whose dice rolled the target
    answers: int  # distinct answers (docs/rules.md#mam-same-answer)
    fewest: int  # the fewest cards an answer needs
    division: bool  # every answer needs ÷
    power: bool  # every answer needs a power
    forward: int | None  # steps of the forward proximity search; None: it misses the target


@dataclass(frozen=True)
class Deal:
    """A MAM! deal of the bank: five cards to make the dice's total from."""

    key: str
    prior: float  # its difficulty before anyone answered it, in logits
    cards: tuple[int, ...]
    dice: tuple[int, int]
    power: bool
    features: Features

    @property
    def target(self) -> int:
        return sum(self.dice)


@dataclass(frozen=True)
class Moment:
    """A roll-or-quit moment of the bank: the last player's row, the llama row, the dice."""

    key: str
    prior: float
    dice: str  # as `lama_dice.dice.parse_dice` reads it: "3456LL,1256LL,1234LL"
    row: tuple[int, ...]
    llama_row: tuple[int, ...]
    roll: float  # the expected penalty of rolling on, then playing best
    quit: float  # the penalty of quitting now

    @property
    def best(self) -> str:
        """The better choice: "roll" or "quit" (the bank keeps no moment where they tie)."""
        return "roll" if self.roll < self.quit else "quit"


Item = Deal | Moment


def deal_key(cards: tuple[int, ...], target: int) -> str:
    """A deal's name in the bank and the class book: its cards in order, then its target."""
    return ",".join(map(str, sorted(cards))) + f"={target}"


def moment_key(dice: str, row: tuple[int, ...], llama_row: tuple[int, ...]) -> str:
    """A moment's name: the dice, the row and the llama row."""
    return f"{dice}/{','.join(map(str, row))}/{','.join(map(str, llama_row))}"


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(","))


class Bank:
    """One skill's items: their names and first difficulties in two lists for choosing, each
    item made whole only when asked for."""

    def __init__(self, skill: Skill, rows: list[list]) -> None:
        self.skill = skill
        self.rows = rows
        self.keys: list[str] = [row[0] for row in rows]
        self.priors: list[float] = [row[1] for row in rows]
        self.index: dict[str, int] = {key: place for place, key in enumerate(self.keys)}

    def __len__(self) -> int:
        return len(self.rows)

    def item(self, place: int) -> Item:
        """The item at this place of the bank."""
        key, prior, *fields = self.rows[place]
        if self.skill in DEALS:
            record = dict(zip(DEAL_COLUMNS, fields, strict=True))
            cards, dice = tuple(record.pop("cards")), tuple(record.pop("dice"))
            power = self.skill is Skill.TARGET_POWERS
            return Deal(key, prior, cards, (dice[0], dice[1]), power, Features(**record))
        dice, row, llama_row = key.split("/")
        roll, quit_now = fields
        return Moment(key, prior, dice, _numbers(row), _numbers(llama_row), roll, quit_now)

    def find(self, key: str) -> Item:
        """The item of this name (a ValueError, in a sentence, when the bank has none)."""
        if key not in self.index:
            message = _("there is no item {key} among the items of {skill}")
            raise ValueError(message.format(key=repr(key), skill=self.skill))
        return self.item(self.index[key])


@cache
def bank(skill: Skill) -> Bank:
    """The skill's bank, read once a process."""
    table = json.loads(FILES[skill].read_text(encoding="utf-8"))
    return Bank(skill, table["items"])
