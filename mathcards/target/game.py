"""The target game "MAM!" for 1–6 players (RULES.md §1), as data plus legal moves.

A round: cards lie face up, the dice give the target, and players claim with a calculation.
A correct claim wins the cards it used; after a wrong one every *other* player takes one
face-up card (each picks which: `Take`). When nobody can make the target, `Pass` turns up one
more card (if the deck has one) and rolls again. The game ends when the deck cannot refill the
face-up cards to five. A single player is allowed for practice; the table game is 2–6.

Our decision where the rules are silent: with the deck empty, if no roll of the dice can be
made from the face-up cards at all, the game ends (rolling again could never help).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from mathcards.target.cards import FACE_UP, LEVELS, Level
from mathcards.target.check import Verdict, check
from mathcards.target.solver import MAX_CARDS, is_solvable, reachable

MAX_PLAYERS = 6


class IllegalAction(ValueError):
    """A move the rules do not allow now; the message says which rule."""


@dataclass(frozen=True)
class Claim:
    """`player` shouts "MAM!" and shows `answer`."""

    player: str
    answer: str


@dataclass(frozen=True)
class Take:
    """After a wrong claim, `player` takes the face-up `card` of their choice."""

    player: str
    card: int


@dataclass(frozen=True)
class Pass:
    """Nobody can make the target: turn up one more card and roll again."""


Action = Claim | Take | Pass


@dataclass
class TargetGame:
    """The whole game; all chance comes from `rng`, so a seed replays it exactly."""

    players: list[str]
    level: Level = field(default_factory=lambda: LEVELS["normal"])
    seed: int | None = None
    deck: list[int] = field(init=False)
    face_up: list[int] = field(init=False)
    dice: tuple[int, int] = field(init=False)
    won: dict[str, list[int]] = field(init=False)
    must_take: list[str] = field(init=False, default_factory=list)
    last_correct: str | None = field(init=False, default=None)
    last_verdict: Verdict | None = field(init=False, default=None)
    over: bool = field(init=False, default=False)
    log: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        names = [str(name).strip() for name in self.players]
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"the game is for 1 to {MAX_PLAYERS} players, not {len(names)}")
        if "" in names or len(set(names)) != len(names):
            raise ValueError("every player needs a name of their own")
        self.players = names
        self.rng = random.Random(self.seed)
        self.deck = self.level.shuffled_deck(self.rng)
        self.face_up = [self.deck.pop() for _ in range(FACE_UP)]
        self.won = {name: [] for name in names}
        self._roll()

    # ------------------------------------------------------------ what can happen now

    @property
    def target(self) -> int:
        return sum(self.dice)

    @property
    def power(self) -> bool:
        return self.level.power

    def legal_actions(self) -> list[Action]:
        """The moves allowed now. While claiming, any player may also `Claim` with any text."""
        if self.over:
            return []
        if self.must_take:
            return [Take(self.must_take[0], card) for card in sorted(set(self.face_up))]
        return [Pass()]

    def solvable(self) -> bool:
        """Can the face-up cards make the target?"""
        return is_solvable(self.solver_cards(), self.target, power=self.power)

    def judge(self, answer: str) -> Verdict:
        """What a claim with `answer` would be judged, without making it."""
        return check(answer, self.face_up, self.target, power=self.power)

    # ------------------------------------------------------------ making moves

    def apply(self, action: Action) -> str:
        """Make a move; returns what happened in words, or raises IllegalAction."""
        if self.over:
            raise IllegalAction("the game is over")
        if isinstance(action, Claim):
            said = self._claim(action)
        elif isinstance(action, Take):
            said = self._take(action)
        elif isinstance(action, Pass):
            said = self._pass()
        else:
            raise IllegalAction(f"{action!r} is not a move in this game")
        self.log.append(said)
        return said

    def _claim(self, claim: Claim) -> str:
        self._check_player(claim.player)
        if self.must_take:
            raise IllegalAction(f"first {self.must_take[0]} must take a card")
        verdict = self.last_verdict = self.judge(claim.answer)
        if verdict.correct:
            self._win(claim.player, verdict.cards)
            said = f"{claim.player}: {verdict.message} Won: {_cards(len(verdict.cards))}."
            return said + self._next_round()
        self.must_take = self._others(claim.player)[: len(self.face_up)]
        said = f"{claim.player}: wrong, {verdict.message}."
        if self.must_take:
            said += f" Each other player takes a card: {', '.join(self.must_take)}."
            return said
        return said + self._next_round()

    def _take(self, take: Take) -> str:
        self._check_player(take.player)
        if not self.must_take:
            raise IllegalAction("nobody has to take a card now")
        if take.player != self.must_take[0]:
            raise IllegalAction(f"it is {self.must_take[0]}'s turn to take a card")
        if take.card not in self.face_up:
            raise IllegalAction(f"there is no {take.card} face up")
        self.face_up.remove(take.card)
        self.won[take.player].append(take.card)
        self.must_take.pop(0)
        said = f"{take.player}: took the {take.card}."
        if not self.face_up:
            self.must_take.clear()
        return said if self.must_take else said + self._next_round()

    def _pass(self) -> str:
        if self.must_take:
            raise IllegalAction(f"first {self.must_take[0]} must take a card")
        if self.deck:
            self.face_up.append(self.deck.pop())
            said = f"Nobody can make {self.target}: one more card, a {self.face_up[-1]}."
        elif not self._any_roll_solvable():
            self.over = True
            return "The deck is empty and no roll can be made from these cards: " + self.result()
        else:
            said = f"Nobody can make {self.target} and the deck is empty: roll again."
        self._roll()
        return f"{said} New target: {self.target}."

    # ------------------------------------------------------------ the round

    def _win(self, player: str, used: tuple[int, ...]) -> None:
        for card in used:
            self.face_up.remove(card)
        self.won[player].extend(used)
        self.last_correct = player

    def _next_round(self) -> str:
        """Refill the face-up cards to five and roll, or end the game if the deck can't."""
        missing = FACE_UP - len(self.face_up)
        if missing > len(self.deck):
            self.over = True
            return " The deck cannot refill the table: " + self.result()
        self.face_up += [self.deck.pop() for _ in range(max(missing, 0))]
        self._roll()
        return f" New target: {self.target}."

    def _roll(self) -> None:
        self.dice = self.level.roll(self.rng)

    def solver_cards(self) -> list[int]:
        """The face-up cards for the solver: the largest eight, its limit (a ninth face-up
        card needs four passes in a row, so this is all but never a cut)."""
        return sorted(self.face_up, reverse=True)[:MAX_CARDS]

    def _any_roll_solvable(self) -> bool:
        made = reachable(self.solver_cards(), power=self.power)
        return any(target in made for target in self.level.targets())

    def _others(self, player: str) -> list[str]:
        """Every other player, in seating order after `player`."""
        seat = self.players.index(player)
        return self.players[seat + 1 :] + self.players[:seat]

    def _check_player(self, player: str) -> None:
        if player not in self.won:
            raise IllegalAction(f"there is no player called {player!r}")

    # ------------------------------------------------------------ the end

    def scores(self) -> dict[str, int]:
        """Cards won by each player."""
        return {name: len(cards) for name, cards in self.won.items()}

    def winners(self) -> list[str]:
        """Most cards wins; a tie goes to the tied player who last answered correctly."""
        best = max(self.scores().values())
        tied = [name for name, score in self.scores().items() if score == best]
        if len(tied) > 1 and self.last_correct in tied:
            return [self.last_correct]
        return tied

    def result(self) -> str:
        """The end of the game in words."""
        names = self.winners()
        count = _cards(self.scores()[names[0]])
        if len(names) == 1:
            return f"{names[0]} wins with {count}."
        return f"{' and '.join(names)} share the win with {count} each."

    def cards_in_play(self) -> Counter[int]:
        """Every card of the level's deck, wherever it is now (for checking conservation)."""
        counts = Counter(self.deck) + Counter(self.face_up)
        for cards in self.won.values():
            counts += Counter(cards)
        return counts


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"
