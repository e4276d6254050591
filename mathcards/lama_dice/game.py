"""LAMA Dice for 2–6 players (RULES.md §3, scoring and chips §2 and §5), as data plus moves.

A turn is `Roll` or `Quit`. After a roll exactly one case applies: three llamas (return a chip,
if you hold one), discard from your row (`Discard`, your choice), take from the llama row
(`Take`, your choice), or bust (the whole llama row is yours and the round ends). Rounds go on
until someone has 40 points or more; fewest points wins, ties share the win.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from mathcards.chips import GAME_END, LLAMA, best_return, penalty, returnable
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
    take_choices,
    without,
)
from mathcards.lama_dice.dice import roll as roll_dice

CARDS = {**dict.fromkeys(range(1, 7), 6), LLAMA: 7}  # 43 cards
ROW_SIZE = 6


class IllegalAction(ValueError):
    """A move the rules do not allow now; the message says which rule."""


@dataclass(frozen=True)
class Roll:
    """Roll the three dice; `faces` scripts the roll (a demo, a test), else the game's rng rolls."""

    faces: Faces | None = None


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


Action = Roll | Quit | Discard | Take | ReturnChip


@dataclass
class LamaDiceGame:
    """The whole game; all chance comes from `rng`, so a seed replays it exactly."""

    players: list[str]
    dice: Dice = DEFAULT_DICE
    seed: int | None = None
    lama20: bool = False
    llama_scoring: str = "once"
    scores: dict[str, int] = field(init=False)
    rows: dict[str, Row] = field(init=False)
    llama_row: Row = field(init=False)
    discard_pile: list[int] = field(init=False, default_factory=list)
    quit: set[str] = field(init=False)
    current: int = field(init=False, default=0)
    faces: Faces | None = field(init=False, default=None)
    pending: str = field(init=False, default="turn")  # turn, discard, take, chip
    round_over: bool = field(init=False, default=False)
    ender: str | None = field(init=False, default=None)
    rounds: int = field(init=False, default=0)
    log: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        names = [str(player).strip() for player in self.players]
        if not 2 <= len(names) <= 6:
            raise ValueError(f"LAMA Dice is for 2 to 6 players, not {len(names)}")
        if "" in names or len(set(names)) != len(names):
            raise ValueError("every player needs a name of their own")
        self.players = names
        self.dice = check_dice(self.dice)
        penalty((), llama_scoring=self.llama_scoring)  # checks the option
        self.rng = random.Random(self.seed)
        self.scores = dict.fromkeys(names, 0)
        self._deal(starter=0)

    # ------------------------------------------------------------ the round

    def next_round(self) -> str:
        """After a round: deal the next one; the player who ended the last round starts."""
        if not self.round_over:
            raise IllegalAction("the round is still going")
        if self.over:
            raise IllegalAction("the game is over")
        self._deal(starter=self.players.index(self.ender))
        said = f"Round {self.rounds}: {self.player} starts."
        self.log.append(said)
        return said

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
        self.quit, self.current, self.faces = set(), starter, None
        self.pending, self.round_over, self.ender = "turn", False, None
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
        return self.round_over and max(self.scores.values()) >= GAME_END

    def case(self) -> Case | None:
        """What the last roll means for the player, or None before a roll."""
        if self.faces is None:
            return None
        return case_of(self.faces, self.row, self.llama_row, alone=self.alone)

    def legal_actions(self) -> list[Action]:
        """The moves allowed now (a `Roll` may also carry scripted faces)."""
        if self.round_over:
            return []
        if self.pending == "discard":
            return [Discard(cards) for cards in discard_choices(self.faces, self.row)]
        if self.pending == "take":
            return [Take(card) for card in take_choices(self.faces, self.llama_row)]
        if self.pending == "chip":
            return [
                ReturnChip(chip) for chip in returnable(self.scores[self.player], pink=self.lama20)
            ]
        return [Roll(), Quit()]

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> str:
        """Make a move; returns what happened in words, or raises IllegalAction."""
        if self.round_over:
            raise IllegalAction("the round is over: start the next round")
        handlers = {
            Roll: self._roll,
            Quit: self._quit,
            Discard: self._discard,
            Take: self._take,
            ReturnChip: self._return_chip,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a move in LAMA Dice")
        said = handler(action)
        self.log.append(said)
        return said

    def _expect(self, pending: str, what: str) -> None:
        if self.pending != pending:
            wanted = {
                "turn": "roll or quit",
                "discard": "choose cards to discard",
                "take": "choose a card to take",
                "chip": "return a chip",
            }[self.pending]
            raise IllegalAction(f"{self.player} must {wanted} now, not {what}")

    def _roll(self, action: Roll) -> str:
        self._expect("turn", "roll")
        faces = action.faces or roll_dice(self.rng, self.dice)
        if len(faces) != 3 or any(f not in die for f, die in zip(faces, self.dice, strict=False)):
            raise IllegalAction(f"the dice cannot show {' '.join(map(name, faces))}")
        self.faces = tuple(faces)
        shown = " ".join(name(face) for face in self.faces)
        case = self.case()
        if case is Case.THREE_LLAMAS:
            return f"{self.player}: rolled {shown}, three llamas! " + self._offer_chip()
        if case is Case.DISCARD:
            self.pending = "discard"
            return f"{self.player}: rolled {shown}, a match: discard."
        if case is Case.TAKE:
            self.pending = "take"
            return f"{self.player}: rolled {shown}, no match: take from the llama row."
        taken = self.llama_row
        self.rows[self.player] = tuple(sorted(self.row + taken))
        self.llama_row = ()
        return f"{self.player}: rolled {shown}, bust! The whole llama row. " + self._end(
            self.player
        )

    def _quit(self, _action: Quit) -> str:
        self._expect("turn", "quit")
        self.quit.add(self.player)
        said = f"{self.player}: quit."
        if len(self.quit) == len(self.players):
            return said + " " + self._end(self.player)
        return said + self._next_player()

    def _discard(self, action: Discard) -> str:
        self._expect("discard", "discard")
        cards = tuple(sorted(action.cards))
        if cards not in discard_choices(self.faces, self.row):
            raise IllegalAction(
                f"you can discard only cards in your row that a die shows, one per die, "
                f"not {' '.join(map(name, cards)) or 'nothing'}"
            )
        self.rows[self.player] = without(self.row, cards)
        self.discard_pile.extend(cards)
        said = f"{self.player}: discarded {' '.join(map(name, cards))}."
        if not self.row:
            self.ender = self.player
            return said + " The row is empty! " + self._offer_chip(ends_round=True)
        return said + self._next_player()

    def _take(self, action: Take) -> str:
        self._expect("take", "take")
        if action.card not in take_choices(self.faces, self.llama_row):
            raise IllegalAction(
                f"you can take only a llama-row card that a die shows, not {name(action.card)}"
            )
        row = list(self.llama_row)
        row.remove(action.card)
        self.llama_row = tuple(row)
        self.rows[self.player] = tuple(sorted((*self.row, action.card)))
        said = f"{self.player}: took the {name(action.card)} from the llama row."
        if not self.llama_row:
            return said + " The llama row is empty. " + self._end(self.player)
        return said + self._next_player()

    def _return_chip(self, action: ReturnChip) -> str:
        self._expect("chip", "return a chip")
        if action.chip not in returnable(self.scores[self.player], pink=self.lama20):
            raise IllegalAction(f"{self.player}: no {action.chip}-point chip to return")
        self.scores[self.player] -= action.chip
        said = f"{self.player}: returned a {action.chip}-point chip."
        if self.ender == self.player and not self.row:
            return said + " " + self._end(self.player)
        return said + self._next_player()

    def _offer_chip(self, ends_round: bool = False) -> str:
        """Let the player return a chip, if they hold one; then play (or the round) goes on."""
        if returnable(self.scores[self.player], pink=self.lama20):
            self.pending = "chip"
            return f"{self.player}: may return a chip."
        if ends_round:
            return self._end(self.player)
        return self._next_player()

    def _next_player(self) -> str:
        """The next player clockwise who has not quit."""
        self.pending, self.faces = "turn", None
        for step in range(1, len(self.players) + 1):
            seat = (self.current + step) % len(self.players)
            if self.players[seat] not in self.quit:
                self.current = seat
                return f" {self.player}'s turn."
        return ""

    def _end(self, ender: str) -> str:
        """Score every row; a player whose row is empty scores nothing."""
        self.round_over, self.ender, self.pending = True, ender, "turn"
        points = {
            player: penalty(row, llama_scoring=self.llama_scoring)
            for player, row in self.rows.items()
        }
        for player, gained in points.items():
            self.scores[player] += gained
        summary = ", ".join(f"{p} +{points[p]}" for p in self.players)
        said = f"The round is over ({summary})."
        if self.over:
            said += f" Game over: {' and '.join(self.winners())} wins."
        return said

    # ------------------------------------------------------------ the end

    def winners(self) -> list[str]:
        """Fewest points wins; ties share the win."""
        fewest = min(self.scores.values())
        return [player for player in self.players if self.scores[player] == fewest]

    def cards_in_play(self) -> Counter[int]:
        """This round's cards: rows, llama row and discard pile (the rest are out of it)."""
        counts = Counter(self.llama_row) + Counter(self.discard_pile)
        for row in self.rows.values():
            counts += Counter(row)
        return counts


def computer_chip(game: LamaDiceGame) -> ReturnChip:
    """Computer players return the largest chip they hold."""
    return ReturnChip(best_return(game.scores[game.player], pink=game.lama20))
