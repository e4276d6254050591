"""LAMA Dice live: the class guesses, the dice answer (docs/rules.md#lama-dice).

The teacher shows a moment (your row, the llama row, the dice); every student guesses how
likely a case of the next roll is, or whether the last player should roll or quit. The exact
answer comes from enumerating the 216 rolls; then the dice are rolled, many times, and their
running frequency settles on it. The class service hands each guess over with its arrival
number (`seq`); a student may change their guess while the question is open (the last counts).
In teams (mathcards/teams.py) a team's guess is its first member's: the others are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from mathcards.chips import LLAMA
from mathcards.frequency import running_frequency
from mathcards.i18n import N_, _, percent
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, Faces, Row, case_of, check_dice
from mathcards.lama_dice.known import decide
from mathcards.lama_dice.odds import checked_rows, roll_odds
from mathcards.lama_dice.simulate import MAX_ROLLS, simulate_rolls
from mathcards.room import LiveRefusal, Phase, Refusal, Room, enough
from mathcards.teams import Teams

QUESTIONS = {  # what the class is asked, by key: show it translated, `_(QUESTIONS[key])`
    "bust": N_("How likely is a bust on the next roll?"),
    "discard": N_("How likely does the next roll let you discard a card?"),
    "three-llamas": N_("How likely are three llamas?"),
    "roll-or-quit": N_("You are the last player in the round: roll or quit?"),
}
CASES = {"bust": Case.BUST, "discard": Case.DISCARD, "three-llamas": Case.THREE_LLAMAS}
CHOICES = ("roll", "quit")
# The moments a teacher may show by name (the first is the projector's own): each asks about a
# chance that is neither 0 nor 1, so the reveal has rolls to light and the dice a line to draw.
# The names are keys: show them translated, `_(name)`.
NAMED_MOMENTS = {
    N_("A match for 2 2 6"): ((2, 2, 6), (1, 3, 5, LLAMA), "discard"),
    N_("Bust with one card left"): ((6,), (1,), "bust"),
    N_("Bust for 2 2 6"): ((2, 2, 6), (1, 3), "bust"),
    N_("Three llamas"): ((1, 2, 6), (3, 5, LLAMA), "three-llamas"),
}
SPREAD_BINS = 10  # the projector's bars: 0–10 %, 10–20 %, … 90–100 %
PERCENT = re.compile(r"(\d{1,3}(?:[.,]\d{1,4})?) ?(%?)")  # each read in one pass, on the text
SHARE = re.compile(r"(\d{1,4}) ?/ ?(\d{1,4})")  # stripped and its spaces squeezed
ROLL_COUNTS = (10, 100, 1_000, 10_000)  # how many times the projector rolls the dice at once
MOST_GUESS = 40  # characters of a guess: "12,5 %" or "1/3" has a few


@dataclass(frozen=True)
class Question:
    """A moment of a LAMA Dice round and what the class is asked about it."""

    row: Row
    llama_row: Row
    dice: Dice = DEFAULT_DICE
    asks: str = "bust"

    def __post_init__(self) -> None:
        if self.asks not in QUESTIONS:
            message = _("a question asks one of {choices}, not {asks}")
            raise ValueError(message.format(choices=", ".join(QUESTIONS), asks=repr(self.asks)))
        own, middle = checked_rows(self.row, self.llama_row)
        if not own:
            raise ValueError(_("your row needs at least one card"))
        object.__setattr__(self, "row", own)
        object.__setattr__(self, "llama_row", middle)
        object.__setattr__(self, "dice", check_dice(self.dice))

    @property
    def text(self) -> str:
        return _(QUESTIONS[self.asks])

    @property
    def chance(self) -> bool:
        """Is the answer a chance (else a choice: roll or quit)?"""
        return self.asks in CASES

    def exact(self) -> Fraction | str:
        """The exact chance of the case asked about, or the better choice."""
        if self.chance:
            return roll_odds(self.row, self.llama_row, self.dice).of(CASES[self.asks])
        return decide(self.row, self.llama_row, self.dice).action

    def lit(self) -> list[tuple[Faces, bool]]:
        """The 216 rolls in die order (die 1's face, then die 2's, then die 3's), each with
        whether it is the case asked about: what the reveal counts."""
        if not self.chance:
            raise ValueError(_("only a question about a chance has rolls to count"))
        case = CASES[self.asks]
        return [
            (faces, case_of(faces, self.row, self.llama_row) is case)
            for faces in product(*self.dice)
        ]

    def rolled(self, rolls: int, seed: int | None = None) -> list[float]:
        """Roll the dice `rolls` times: the running share of the case asked about."""
        if not self.chance:
            raise ValueError(_("only a question about a chance can be rolled for"))
        if not isinstance(rolls, int) or not 1 <= rolls <= MAX_ROLLS:
            message = _("rolls must be a whole number from 1 to {most}, not {rolls}")
            raise ValueError(message.format(most=MAX_ROLLS, rolls=repr(rolls)))
        cases = simulate_rolls(self.row, self.llama_row, rolls, seed=seed, dice=self.dice)
        return running_frequency(cases, CASES[self.asks])

    def read(self, text: str) -> Fraction | str:
        """A student's guess: a percentage ("35", "35%", "12,5"), a share ("1/3"), or, for
        roll or quit, the choice (a `BadGuess` naming why not)."""
        if not self.chance:
            if text in CHOICES:
                return text
            raise BadGuess("not-a-choice", text)
        return read_share(text)


BAD_GUESSES = {  # why a guess cannot be read, by key (`BadGuess.why`)
    "not-a-chance": N_("type a chance as a percentage, such as 35 or 35%, not {text}"),
    "above-one": N_("a chance is at most 100%, not {text}"),
    "not-a-choice": N_("answer roll or quit, not {text}"),
}


class BadGuess(ValueError):
    """A guess that cannot be read: why (`why`, a key of `BAD_GUESSES`), said of `text`."""

    def __init__(self, why: str, text: str) -> None:
        super().__init__(why)
        self.why, self.text = why, text

    def __str__(self) -> str:
        return bad_guess_words(self.why, self.text)


def bad_guess_words(why: str, text: str) -> str:
    """Why a guess typed as `text` cannot be read, in the language in use."""
    shown = " ".join(text.split()) if why == "above-one" else repr(text[:20])
    return _(BAD_GUESSES[why]).format(text=shown)


def read_share(text: str) -> Fraction:
    """A chance as a student types it: a percentage or a share; a `BadGuess` naming why not."""
    squeezed = " ".join(text.split())  # one pass; then each pattern reads it in one
    if len(squeezed) > MOST_GUESS:
        squeezed = ""  # no chance is that long
    typed, share = PERCENT.fullmatch(squeezed), SHARE.fullmatch(squeezed)
    if typed and is_a_share(typed.group(1), typed.group(2)):
        value = Fraction(typed.group(1).replace(",", "."))  # "0,5": a half of the rolls
    elif typed:
        value = Fraction(typed.group(1).replace(",", ".")) / 100
    elif share and int(share.group(2)):
        value = Fraction(int(share.group(1)), int(share.group(2)))
    else:
        raise BadGuess("not-a-chance", text)
    if value > 1:
        raise BadGuess("above-one", squeezed)
    return value


def is_a_share(digits: str, sign: str) -> bool:
    """Does a number typed without "%" below 1, with a comma or a point ("0,5", "0.25"), mean a
    share of the rolls (a half, a quarter), as a student who writes chances as decimals means?"""
    return not sign and digits[:2] in ("0,", "0.")


def typed_as_share(text: str) -> bool:
    """Was a guess typed as a share of the rolls ("0,5"), not a percentage?"""
    typed = PERCENT.fullmatch(" ".join(text.split()))
    return typed is not None and is_a_share(typed.group(1), typed.group(2))


def said_back(text: str, share: Fraction) -> str:
    """A guess typed as a share ("0,5") said back as what it was read as (`share`)."""
    return _("You typed {typed}: that is {share} of the rolls.").format(
        typed=" ".join(text.split()), share=percent(share, 1)
    )


def read_back(text: str) -> str:
    """What a guess typed as a share ("0,5") was read as, said back ("" for a percentage)."""
    return said_back(text, read_share(text)) if typed_as_share(text) else ""


def named_moment(name: str) -> Question:
    """The named moment `name` (one of `NAMED_MOMENTS`) as a question."""
    row, llama_row, asks = NAMED_MOMENTS[name]
    return Question(row, llama_row, asks=asks)


@dataclass(frozen=True)
class Guess:
    seq: int
    name: str
    value: Fraction | str
    share: bool = False  # typed as a share of the rolls ("0,5"), not a percentage
    team: int | None = None  # the team it is the guess of (None: no teams)

    def off_by(self, exact: Fraction | str) -> Fraction:
        """How far the guess is from the answer: a chance's distance, or 0/1 for a choice."""
        if isinstance(exact, Fraction) and isinstance(self.value, Fraction):
            return abs(self.value - exact)
        return Fraction(int(self.value != exact))


@dataclass
class Asked:
    """One question to the class and the guesses it got (the last of each student)."""

    number: int
    question: Question
    guesses: dict[str, Guess] = field(default_factory=dict)
    tries: dict[str, int] = field(default_factory=dict)  # guesses each student sent
    rolls: tuple[int, int] | None = None  # the dice rolled for it: how many times, the seed
    exact: Fraction | str | None = None  # its answer, worked out once (at its reveal)

    def claimed(self) -> dict[int, str]:
        """Each team that has guessed, and whose guess is the team's."""
        return {g.team: g.name for g in self.guesses.values() if g.team is not None}

    def answer(self) -> Fraction | str:
        """The exact chance of the case asked about, or the better choice, worked out once."""
        if self.exact is None:
            self.exact = self.question.exact()
        return self.exact

    def spread(self) -> list[int] | dict[str, int]:
        """How the class guessed: the count in each tenth of 0–100 %, or of each choice."""
        if not self.question.chance:
            choices = [guess.value for guess in self.guesses.values()]
            return {choice: choices.count(choice) for choice in CHOICES}
        bins = [0] * SPREAD_BINS
        for guess in self.guesses.values():
            assert isinstance(guess.value, Fraction)
            bins[min(int(guess.value * SPREAD_BINS), SPREAD_BINS - 1)] += 1
        return bins

    def closest(self) -> list[Guess]:
        """The guesses, closest to the answer first (the earlier of equal guesses first)."""
        exact = self.answer()
        return sorted(self.guesses.values(), key=lambda guess: (guess.off_by(exact), guess.seq))


class LiveGuessing:
    """A live LAMA Dice lesson for one class: who is in, the questions, and the guesses."""

    def __init__(self) -> None:
        self.room = Room()
        self.asked: list[Asked] = []
        self.phase = Phase.LOBBY
        self.teams = Teams()

    def join(self, name: str) -> None:
        self.room.join(name)
        self.teams.join(name)

    def make_teams(self, size: int, teams: list[list[str]]) -> None:
        """New teams of at most `size` (of students who came in), while no question is open."""
        self._between()
        for name in (name for team in teams for name in team):
            self._known(name)
        self.teams.make(size, teams)

    def place(self, name: str, team: int) -> None:
        """The teacher moves `name` to team `team`, while no question is open."""
        self._between()
        self._known(name)
        self.teams.place(name, team)

    def teams_off(self) -> None:
        self._between()
        self.teams.off()

    def _between(self) -> None:
        if self.phase is Phase.OPEN:
            raise LiveRefusal(_("a question is still open"), Refusal.ROUND_OPEN)

    def _known(self, name: str) -> None:
        if name not in self.room.present:
            message = _("{name} has not joined this live game").format(name=name)
            raise LiveRefusal(message, Refusal.UNKNOWN_STUDENT, name)

    def remove(self, name: str) -> None:
        self.room.remove(name)

    def admit(self, name: str) -> None:
        self.room.admit(name)

    def lock(self, locked: bool = True) -> None:
        self.room.lock(locked)

    @property
    def current(self) -> Asked | None:
        return self.asked[-1] if self.asked else None

    def ask(self, question: Question) -> Asked:
        """Put the next question to the class."""
        if self.phase is Phase.OPEN:
            raise LiveRefusal(_("a question is still open"), Refusal.ROUND_OPEN)
        self.asked.append(Asked(len(self.asked) + 1, question))
        self.phase = Phase.OPEN
        return self.asked[-1]

    def guess(
        self, name: str, text: str, seq: int, read: Guess | None = None, for_team: object = None
    ) -> Guess:
        """`name`'s guess at the open question, the `seq`-th to arrive (a `BadGuess` when it
        cannot be read, the last guess kept; in teams, the first of the team); `read` what it
        was read as before (a lesson replayed: a guess is read once); `for_team` the team a
        page said it guesses for (refused unless theirs)."""
        self.room.check(name)
        if self.phase is not Phase.OPEN or self.current is None:
            raise LiveRefusal(_("no question is open: wait for the next one"), Refusal.NO_ROUND)
        team = self.teams.claim(name, self.current.claimed(), for_team)
        enough(self.current.tries.get(name, 0))
        if read is None:
            value = self.current.question.read(text)
            read = Guess(seq, name, value, isinstance(value, Fraction) and typed_as_share(text))
        guess = Guess(seq, name, read.value, read.share, team)
        self.current.guesses[name] = guess
        self.current.tries[name] = self.current.tries.get(name, 0) + 1
        return guess

    def reveal(self, exact: Fraction | str | None = None) -> Asked:
        """The exact answer is shown (`exact`, when it was worked out before: a lesson
        replayed): no more guesses for this question."""
        if self.phase is not Phase.OPEN or self.current is None:
            raise LiveRefusal(_("no question is open"), Refusal.NO_ROUND)
        self.current.exact = exact
        self.current.answer()
        self.phase = Phase.REVEALED
        return self.current

    def roll(self, rolls: int, seed: int) -> list[float]:
        """The revealed question's dice rolled `rolls` times from `seed` (every page rolls them
        the same): the running share of the case asked about."""
        if self.phase is not Phase.REVEALED or self.current is None:
            raise LiveRefusal(
                _("reveal the answer first, then roll the dice"), Refusal.NOT_REVEALED
            )
        if not self.current.question.chance:
            raise LiveRefusal(
                _("roll or quit is not rolled for: it is a choice"), Refusal.NO_CHANCE
            )
        shares = self.current.question.rolled(rolls, seed)
        self.current.rolls = (rolls, seed)
        return shares

    def how_close(self) -> dict[str, Fraction]:
        """Each student's average distance from the answers of the revealed questions."""
        off: dict[str, list[Fraction]] = {}
        for asked in self.asked[: len(self.asked) - (self.phase is Phase.OPEN)]:
            exact = asked.answer()
            for name, guess in asked.guesses.items():
                off.setdefault(name, []).append(guess.off_by(exact))
        return {name: sum(values, Fraction(0)) / len(values) for name, values in off.items()}

    def team_close(self) -> dict[int, Fraction]:
        """Each team's average distance from the answers of the revealed questions."""
        off: dict[int, list[Fraction]] = {}
        for asked in self.asked[: len(self.asked) - (self.phase is Phase.OPEN)]:
            exact = asked.answer()
            for guess in asked.guesses.values():
                if guess.team is not None:
                    off.setdefault(guess.team, []).append(guess.off_by(exact))
        return {team: sum(values, Fraction(0)) / len(values) for team, values in off.items()}
