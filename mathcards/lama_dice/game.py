"""LAMA Dice for 2–6 players (RULES.md §3, scoring and chips §2 and §5), as data plus moves.

A turn is `Roll` or `Quit`. After a roll exactly one case applies: three llamas (return a chip,
if you hold one), discard from your row (`Discard`, your choice), take from the llama row
(`Take`, your choice), or bust (the whole llama row is yours and the round ends). Rounds go on
until someone has 40 points or more; fewest points wins, ties share the win.

The dice are rolled with the game's own `random.Random(seed)`. A `scripted=True` game (for a
demo or a test) stops after each `Roll` and waits for `ChanceOutcome(faces)` instead.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from mathcards.chips import GAME_END, LLAMA, check_llama_scoring, penalty, returnable
from mathcards.engine import (
    ChanceOutcome,
    Event,
    IllegalAction,
    check_cards,
    check_outcome,
    check_players,
)
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    VALUES,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    check_dice,
    discard_choices,
    name,
    outcomes,
    take_choices,
    without,
)
from mathcards.lama_dice.dice import roll as roll_dice

CARDS = {**dict.fromkeys(range(1, 7), 6), LLAMA: 7}  # 43 cards
ROW_SIZE = 6


# ---------------------------------------------------------------- sentences for any name


def is_you(player: str) -> bool:
    """The player called "You" takes a plural verb and the possessive "your"."""
    return player.strip().casefold() == "you"


def agrees(subject: str, singular: str, plural: str, *, many: bool = False) -> str:
    """The subject and its verb in agreement: "Ann starts", "You start", "Ann and Bo win"."""
    return f"{subject} {plural if many or is_you(subject) else singular}"


def whose(player: str, *, start: bool = False) -> str:
    """The possessive of a player: "Ann's", "your" ("Your" at the start of a sentence)."""
    if is_you(player):
        return "Your" if start else "your"
    return f"{player}'s"


def and_list(names: list[str]) -> str:
    """Names joined as a sentence lists them: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Phase(Enum):
    """What the game waits for."""

    TURN = "roll or quit"
    DICE = "the dice to land"  # a scripted game only: a ChanceOutcome(faces)
    DISCARD = "choose cards to discard"
    TAKE = "choose a card to take"
    CHIP = "return a chip"


@dataclass(frozen=True)
class Roll:
    """Roll the three dice."""


@dataclass(frozen=True)
class Quit:
    """Turn your row face down: it is scored at the end of the round."""


@dataclass(frozen=True)
class Discard:
    """Discard these cards from your row (one per matching die)."""

    cards: Row


@dataclass(frozen=True)
class Take:
    """Take this card from the llama row into your row."""

    card: int


@dataclass(frozen=True)
class ReturnChip:
    """Give back one of your chips (after three llamas, or after emptying your row)."""

    chip: int


Action = Roll | Quit | Discard | Take | ReturnChip | ChanceOutcome[Faces]


@dataclass(frozen=True)
class LastRoll:
    """The last roll of the round: who rolled, what the dice show, and the case it was then.

    The case is judged once, when the dice land (after a bust the row has changed, so judging
    the same dice again would give another case)."""

    player: str
    faces: Faces
    case: Case


@dataclass(frozen=True)
class LamaDiceView:
    """The table as a player sees it: in LAMA Dice every row lies face up."""

    players: tuple[str, ...]
    player: str
    phase: Phase
    faces: Faces | None
    rows: tuple[tuple[str, Row], ...]
    llama_row: Row
    discard_pile: Row
    quit: frozenset[str]
    scores: tuple[tuple[str, int], ...]
    rounds: int
    round_over: bool
    last_roll: LastRoll | None = None


@dataclass
class LamaDiceGame:
    """The whole game; all chance comes from `rng`, so a seed replays it exactly."""

    players: list[str]
    dice: Dice = DEFAULT_DICE
    seed: int | None = None
    lama20: bool = False
    llama_scoring: str = "once"
    scripted: bool = False
    points: dict[str, int] = field(init=False)
    rows: dict[str, Row] = field(init=False)
    llama_row: Row = field(init=False)
    discard_pile: list[int] = field(init=False, default_factory=list)
    out_of_round: list[int] = field(init=False, default_factory=list)  # face down, unseen
    quit: set[str] = field(init=False)
    current: int = field(init=False, default=0)
    faces: Faces | None = field(init=False, default=None)
    phase: Phase = field(init=False, default=Phase.TURN)
    round_over: bool = field(init=False, default=False)
    ender: str | None = field(init=False, default=None)
    last_roll: LastRoll | None = field(init=False, default=None)
    rounds: int = field(init=False, default=0)
    log: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.players = check_players(self.players, game="LAMA Dice")
        self.dice = check_dice(self.dice)
        check_llama_scoring(self.llama_scoring)
        self.rng = random.Random(self.seed)
        self.points = dict.fromkeys(self.players, 0)
        self._deal(starter=0)

    # ------------------------------------------------------------ the round

    def next_round(self) -> Event:
        """After a round: deal the next one; the player who ended the last round starts."""
        if not self.round_over:
            raise IllegalAction("the round is still going: finish it first")
        if self.over:
            raise IllegalAction("the game is over: start a new game")
        self._deal(starter=self.players.index(self.ender or self.player))
        starts = agrees(self.player, "starts", "start")
        return self._event(None, "round", f"Round {self.rounds}: {starts}.")

    def _deal(self, starter: int) -> None:
        """Lay out the llama row and deal six cards face up to each player's row."""
        deck = [value for value, count in CARDS.items() for _ in range(count)]
        for value in VALUES:
            deck.remove(value)
        self.rng.shuffle(deck)
        self.llama_row = tuple(VALUES)
        self.rows = {
            player: tuple(sorted(deck[i * ROW_SIZE : (i + 1) * ROW_SIZE]))
            for i, player in enumerate(self.players)
        }
        self.discard_pile = []
        self.out_of_round = deck[len(self.players) * ROW_SIZE :]
        self.quit, self.current, self.faces = set(), starter, None
        self.phase, self.round_over, self.ender = Phase.TURN, False, None
        self.last_roll = None
        self.rounds += 1

    @property
    def player(self) -> str:
        """Whose move it is."""
        return self.players[self.current]

    @property
    def row(self) -> Row:
        return self.rows[self.player]

    @property
    def alone(self) -> bool:
        """Everyone else has quit: a roll that matches nothing in the row is a bust."""
        return len(self.quit) == len(self.players) - 1 and self.player not in self.quit

    @property
    def over(self) -> bool:
        """The game ends after a round in which someone reached 40 points."""
        return self.round_over and max(self.points.values()) >= GAME_END

    def scores(self) -> dict[str, int]:
        """Each player's penalty points (fewest wins)."""
        return dict(self.points)

    def case(self) -> Case | None:
        """What the dice on the table meant when they landed, or None before a roll."""
        if self.faces is None or self.last_roll is None:
            return None
        return self.last_roll.case

    def current_players(self) -> list[str]:
        """The one player whose move it is (nobody between rounds or while the dice roll)."""
        if self.round_over or self.phase is Phase.DICE:
            return []
        return [self.player]

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The moves allowed now, for `player` (default: whoever is to move)."""
        if player not in (None, *self.current_players()) or not self.current_players():
            return []
        if self.phase is Phase.DISCARD:
            return [Discard(cards) for cards in discard_choices(self._faces(), self.row)]
        if self.phase is Phase.TAKE:
            return [Take(card) for card in take_choices(self._faces(), self.llama_row)]
        if self.phase is Phase.CHIP:
            return [ReturnChip(chip) for chip in self.chips()]
        return [Roll(), Quit()]

    def chips(self) -> list[int]:
        """The chips the player to move holds and may return, largest first."""
        return returnable(self.points[self.player], pink=self.lama20)

    def chance_outcomes(self) -> dict[Faces, Fraction]:
        """While a scripted game waits for the dice: every roll and its exact chance."""
        return outcomes(self.dice) if self.phase is Phase.DICE else {}

    def view(self, player: str) -> LamaDiceView:
        """Everything on the table (all rows are face up); the cards out of the round are not."""
        if player not in self.points:
            raise ValueError(f"there is no player called {player!r}")
        return LamaDiceView(
            players=tuple(self.players),
            player=self.player,
            phase=self.phase,
            faces=self.faces,
            rows=tuple((name, self.rows[name]) for name in self.players),
            llama_row=self.llama_row,
            discard_pile=tuple(self.discard_pile),
            quit=frozenset(self.quit),
            scores=tuple(self.points.items()),
            rounds=self.rounds,
            round_over=self.round_over,
            last_roll=self.last_roll,
        )

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> Event:
        """Make a move; returns what happened, or raises IllegalAction naming the rule."""
        if self.round_over:
            raise IllegalAction("the round is over: start the next round")
        handlers = {
            Roll: self._roll,
            ChanceOutcome: self._land,
            Quit: self._quit,
            Discard: self._discard,
            Take: self._take,
            ReturnChip: self._return_chip,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a move in LAMA Dice")
        player = self.player
        kind, said = handler(action)  # type: ignore[operator]
        return self._event(player, kind, said)

    def _event(self, player: str | None, kind: str, sentence: str) -> Event:
        self.log.append(sentence)
        return Event(player, kind, sentence)

    def _expect(self, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(f"{self.player} must {self.phase.value} now, not {what}")

    def _faces(self) -> Faces:
        assert self.faces is not None, "the dice have been rolled"
        return self.faces

    def _roll(self, _action: Roll) -> tuple[str, str]:
        self._expect(Phase.TURN, "roll")
        if self.scripted:
            self.phase = Phase.DICE
            return "roll", agrees(self.player, "rolls", "roll") + " the dice."
        return self._landed(roll_dice(self.rng, self.dice))

    def _land(self, action: ChanceOutcome[Faces]) -> tuple[str, str]:
        if not self.scripted:
            raise IllegalAction("the dice land by chance in this game: nobody chooses the roll")
        check_outcome(action.outcome, self.chance_outcomes(), "the dice")
        return self._landed(action.outcome)

    def _landed(self, faces: Faces) -> tuple[str, str]:
        """The dice show `faces`: exactly one case of the rules applies."""
        self.faces = faces
        player, shown = self.player, " ".join(name(face) for face in faces)
        case = case_of(faces, self.row, self.llama_row, alone=self.alone)
        self.last_roll = LastRoll(player, faces, case)
        rolled = f"{player} rolled {shown}"
        if case is Case.THREE_LLAMAS:
            return "three llamas", f"{rolled}: three llamas! " + self._offer_chip()
        if case is Case.DISCARD:
            self.phase = Phase.DISCARD
            return "match", f"{rolled}: a match."
        if case is Case.TAKE:
            self.phase = Phase.TAKE
            return "no match", f"{rolled}: no match in {whose(player)} row."
        taken = self.llama_row
        self.rows[player] = tuple(sorted(self.row + taken))
        self.llama_row = ()
        cards = " ".join(map(name, taken))
        why = "and everyone else has quit" if self.alone else "nor in the llama row"
        return "bust", (
            f"{rolled}: no match in {whose(player)} row, {why}, so it is a bust: the whole "
            f"llama row ({cards}) goes into {whose(player)} row. " + self._end(player)
        )

    def _quit(self, _action: Quit) -> tuple[str, str]:
        self._expect(Phase.TURN, "quit")
        self.quit.add(self.player)
        said = f"{self.player} quit."
        if len(self.quit) == len(self.players):
            return "quit", said + " " + self._end(self.player)
        return "quit", said + self._next_player()

    def _discard(self, action: Discard) -> tuple[str, str]:
        self._expect(Phase.DISCARD, "discard")
        cards = tuple(sorted(check_cards(action.cards)))
        if cards not in discard_choices(self._faces(), self.row):
            raise IllegalAction(
                f"you can discard only cards in your row that a die shows, one per die, "
                f"not {' '.join(map(name, cards)) or 'nothing'}"
            )
        self.rows[self.player] = without(self.row, cards)
        self.discard_pile.extend(cards)
        said = f"{self.player} discarded {' '.join(map(name, cards))}."
        if not self.row:
            self.ender = self.player
            empty = f" {whose(self.player, start=True)} row is empty! "
            return "discard", said + empty + self._offer_chip(ends_round=True)
        return "discard", said + self._next_player()

    def _take(self, action: Take) -> tuple[str, str]:
        self._expect(Phase.TAKE, "take")
        check_cards(action.card)
        if action.card not in take_choices(self._faces(), self.llama_row):
            raise IllegalAction(
                f"you can take only a llama-row card that a die shows, not {name(action.card)}"
            )
        row = list(self.llama_row)
        row.remove(action.card)
        self.llama_row = tuple(row)
        self.rows[self.player] = tuple(sorted((*self.row, action.card)))
        said = f"{self.player} took the {name(action.card)} from the llama row."
        if not self.llama_row:
            return "take", said + " The llama row is empty. " + self._end(self.player)
        return "take", said + self._next_player()

    def _return_chip(self, action: ReturnChip) -> tuple[str, str]:
        self._expect(Phase.CHIP, "return a chip")
        check_cards(action.chip, "a chip")
        if action.chip not in self.chips():
            holds = agrees(self.player, "has", "have")
            raise IllegalAction(f"{holds} no {action.chip}-point chip to return")
        self.points[self.player] -= action.chip
        said = f"{self.player} returned a {action.chip}-point chip."
        if self.ender == self.player and not self.row:
            return "chip", said + " " + self._end(self.player)
        return "chip", said + self._next_player()

    def _offer_chip(self, ends_round: bool = False) -> str:
        """Let the player return a chip, if they hold one; then play (or the round) goes on."""
        if self.chips():
            self.phase = Phase.CHIP
            return f"{self.player} may return a chip."
        if ends_round:
            return self._end(self.player)
        return self._next_player()

    def _next_player(self) -> str:
        """The next player clockwise who has not quit."""
        self.phase, self.faces = Phase.TURN, None
        for step in range(1, len(self.players) + 1):
            seat = (self.current + step) % len(self.players)
            if self.players[seat] not in self.quit:
                self.current = seat
                return f" {whose(self.player, start=True)} turn."
        return ""

    def _end(self, ender: str) -> str:
        """Score every row; a player whose row is empty scores nothing."""
        self.round_over, self.ender, self.phase = True, ender, Phase.TURN
        points = {
            player: penalty(row, llama_scoring=self.llama_scoring)
            for player, row in self.rows.items()
        }
        for player, gained in points.items():
            self.points[player] += gained
        summary = ", ".join(f"{p} +{points[p]}" for p in self.players)
        said = f"The round is over ({summary})."
        if self.over:
            winners = self.winners()
            said += (
                f" Game over: {agrees(and_list(winners), 'wins', 'win', many=len(winners) > 1)}."
            )
        return said

    # ------------------------------------------------------------ the end

    def winners(self) -> list[str]:
        """Fewest points wins; ties share the win."""
        fewest = min(self.points.values())
        return [player for player in self.players if self.points[player] == fewest]

    def cards_in_play(self) -> Counter[int]:
        """This round's cards: rows, llama row and discard pile (the rest are out of it)."""
        counts = Counter(self.llama_row) + Counter(self.discard_pile)
        for row in self.rows.values():
            counts += Counter(row)
        return counts

    def all_cards(self) -> Counter[int]:
        """All 43 cards: this round's, and those left out of it."""
        return self.cards_in_play() + Counter(self.out_of_round)
