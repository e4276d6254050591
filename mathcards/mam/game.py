"""The target game "MAM!" for 1–6 players (docs/rules.md#mam-the-target-game), on the shared
engine contract (docs/design.md#the-engine-contract).

A round: cards lie face up, the dice give the target, and players claim with a calculation.
A correct claim wins the cards it used; after a wrong one every *other* player takes one
face-up card (each picks which: `Take`). When nobody can make the target, `Pass` turns up one
more card (if the deck has one) and rolls again. The game ends when the deck cannot refill the
face-up cards to five. Most cards wins; a tie goes to the last correct answer.

Our decisions where the rules are silent: with the deck empty, if no roll of the dice can be
made from the face-up cards at all, the game ends (rolling again could never help). A single
player practises alone: a wrong claim costs nothing, they try again. A slip of the pen (text
that cannot be read as a calculation, such as ``7++``) is not a claim: it is judged only when
the claim is `confirmed`.

The deck is shuffled and the dice rolled with the game's own `random.Random(seed)`; `stack=`
stacks the deck instead (the cards in the order they are turned up), and a `scripted=True`
game waits for every roll as a `ChanceOutcome((first die, second die))`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import InitVar, dataclass, field
from enum import Enum
from fractions import Fraction

from mathcards.engine import (
    ChanceOutcome,
    Event,
    IllegalAction,
    Kind,
    View,
    check_cards,
    check_outcome,
    check_player,
    check_players,
)
from mathcards.i18n import N_, _, and_list, is_you, language, ngettext, said
from mathcards.mam.cards import FACE_UP, LEVELS, Level, target
from mathcards.mam.cards import level as level_named
from mathcards.mam.checker import Verdict, check
from mathcards.mam.hints import hint_ladder
from mathcards.mam.moves import Action, Claim, Dice, Pass, Phase, Take, Unreadable
from mathcards.mam.solver import MAX_CARDS, best, is_solvable

MAX_PLAYERS = 6


class MamKind(Enum):
    """What a move did in MAM! (the dice landing in a scripted game is `Kind.CHANCE`)."""

    CORRECT = "correct"  # a right claim wins the cards it used
    WRONG = "wrong"  # a wrong claim: the others take a card each (alone: try again)
    TAKE = "take"  # after a wrong claim, a player takes a face-up card
    PASS = "pass"  # nobody can make the target: one more card and a new roll (or the end)


def solver_cards(face_up: list[int] | tuple[int, ...]) -> list[int]:
    """The face-up cards for the solver: the largest eight, its limit (a ninth face-up card
    needs four passes in a row, so this is all but never a cut)."""
    return sorted(face_up, reverse=True)[:MAX_CARDS]


@dataclass(frozen=True)
class MamView(View):
    """The table as everyone sees it (`scores`: the cards each player has won); only the deck's
    order is hidden."""

    phase: Phase
    power: bool
    face_up: tuple[int, ...]
    dice: Dice | None
    deck_left: int
    must_take: tuple[str, ...]  # who still takes a card after a wrong claim, in turn
    last_correct: str | None

    @property
    def target(self) -> int:
        return target(self.dice)

    def solver_cards(self) -> list[int]:
        return solver_cards(self.face_up)


@dataclass
class MamGame:
    """The whole game; all chance comes from `rng`, so a seed replays it exactly."""

    players: list[str]
    level: Level = field(default_factory=lambda: LEVELS["normal"])  # or a level's name
    seed: int | None = None
    scripted: bool = False
    stack: InitVar[list[int] | None] = None
    deck: list[int] = field(init=False)  # face down; the next card is the last
    face_up: list[int] = field(init=False)
    dice: Dice | None = field(init=False, default=None)
    phase: Phase = field(init=False, default=Phase.CLAIM)
    won: dict[str, list[int]] = field(init=False)
    must_take: list[str] = field(init=False, default_factory=list)
    last_correct: str | None = field(init=False, default=None)
    last_verdict: Verdict | None = field(init=False, default=None)
    log: list[str] = field(init=False, default_factory=list)

    def __post_init__(self, stack: list[int] | None) -> None:
        self.players = check_players(self.players, game="MAM!", fewest=1, most=MAX_PLAYERS)
        if isinstance(self.level, str):
            self.level = level_named(self.level)
        self.rng = random.Random(self.seed)
        self.deck = self._stacked(stack) if stack is not None else self._shuffled()
        self.face_up = [self.deck.pop() for _ in range(FACE_UP)]
        self.won = {name: [] for name in self.players}
        self._roll()

    def _shuffled(self) -> list[int]:
        return self.level.shuffled_deck(self.rng)

    def _stacked(self, cards: list[int]) -> list[int]:
        """A stacked deck, turned up first to last; every card must be one of the level's."""
        extra = Counter(cards) - Counter(self.level.deck)
        if extra:
            message = _("the deck of the level “{level}” has no more cards {card}")
            raise ValueError(message.format(level=self.level.label, card=repr(min(extra))))
        if len(cards) < FACE_UP:
            message = ngettext(
                "a deck needs at least {n} card to turn up",
                "a deck needs at least {n} cards to turn up",
                FACE_UP,
            )
            raise ValueError(message.format(n=FACE_UP))
        return list(reversed(cards))

    # ------------------------------------------------------------ what can happen now

    @property
    def target(self) -> int:
        """The dice total (0 while a scripted game waits for the roll)."""
        return target(self.dice)

    @property
    def power(self) -> bool:
        return self.level.power

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def current_players(self) -> list[str]:
        """Everyone races while claiming; after a wrong claim, the one who takes next."""
        if self.phase is Phase.CLAIM:
            return list(self.players)
        if self.phase is Phase.TAKE:
            return self.must_take[:1]
        return []

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The moves that can be listed: `Pass` or the `Take`s. Anyone may also `Claim`."""
        if self.phase is Phase.CLAIM:
            return [Pass()]
        if self.phase is Phase.TAKE and player in (None, self.must_take[0]):
            return [Take(self.must_take[0], card) for card in sorted(set(self.face_up))]
        return []

    def chance_outcomes(self) -> dict[Dice, Fraction]:
        """While a scripted game waits for the roll: every pair of faces and its chance."""
        return self.level.rolls() if self.phase is Phase.CHANCE else {}

    def view(self, player: str) -> MamView:
        """Everything on the table; the deck is face down."""
        return MamView(
            viewer=check_player(player, self.players),
            to_move=tuple(self.current_players()),
            scores=self.scores(),
            phase=self.phase,
            power=self.power,
            face_up=tuple(self.face_up),
            dice=self.dice,
            deck_left=len(self.deck),
            must_take=tuple(self.must_take),
            last_correct=self.last_correct,
        )

    def solvable(self) -> bool:
        """Can the face-up cards make the target?"""
        return is_solvable(self.solver_cards(), self.target, power=self.power)

    def judge(self, answer: str) -> Verdict:
        """What a claim with `answer` would be judged, without making it."""
        return check(answer, self.face_up, self.target, power=self.power)

    def hints(self) -> list[str]:
        """The hint ladder for the table in front of the players (worked out once a table)."""
        key = (tuple(self.solver_cards()), self.target, self.power, language())
        if getattr(self, "_hints_for", None) != key:
            self._hints_for = key
            self._hints = hint_ladder(self.solver_cards(), self.target, power=self.power)
        return self._hints

    # ------------------------------------------------------------ making moves

    def apply(self, action: Action) -> Event:
        """Make a move; returns what happened, or raises IllegalAction naming the rule."""
        if self.over:
            raise IllegalAction(_("the game is over: start a new game"))
        if isinstance(action, Claim):
            return self._claim(action)
        if isinstance(action, Take):
            return self._take(action)
        if isinstance(action, Pass):
            return self._pass()
        if isinstance(action, ChanceOutcome):
            return self._land(action)
        raise IllegalAction(_("{action} is not a move in this game").format(action=repr(action)))

    def _event(self, player: str | None, kind: Enum, sentence: str) -> Event:
        self.log.append(sentence)
        return Event(player, kind, sentence)

    def _expect(self, phase: Phase) -> None:
        if self.phase is phase:
            return
        if self.phase is Phase.TAKE:
            taker = self.must_take[0]
            raise IllegalAction(
                said(taker, N_("first you must take a card"), N_("first {player} must take a card"))
            )
        if self.phase is Phase.CHANCE:
            raise IllegalAction(_("first the dice must be rolled"))
        raise IllegalAction(_("nobody has to take a card now"))

    def _claim(self, claim: Claim) -> Event:
        check_player(claim.player, self.players)
        self._expect(Phase.CLAIM)
        verdict = self.judge(claim.answer)
        if not verdict.kind.readable and not claim.confirmed:
            message = _("{reason}: that is not a calculation yet, so not judged")
            raise Unreadable(message.format(reason=verdict.message))
        self.last_verdict = verdict
        if verdict.correct:
            self._win(claim.player, verdict.cards)
            sentence = _right(claim.player, verdict.message, len(verdict.cards))
            return self._event(claim.player, MamKind.CORRECT, sentence + self._next_round())
        sentence = said(
            claim.player,
            N_("Wrong: {reason}."),
            N_("{player}: wrong, {reason}."),
            reason=verdict.message,
        )
        if len(self.players) == 1:
            return self._event(claim.player, MamKind.WRONG, sentence + " " + _("Try again."))
        self.must_take = self._others(claim.player)[: len(self.face_up)]
        self.phase = Phase.TAKE
        takers = _("Each other player takes a card: {players}.").format(
            players=and_list(self.must_take)
        )
        return self._event(claim.player, MamKind.WRONG, f"{sentence} {takers}")

    def _take(self, take: Take) -> Event:
        check_player(take.player, self.players)
        self._expect(Phase.TAKE)
        taker = self.must_take[0]
        if take.player != taker:
            raise IllegalAction(
                said(
                    taker,
                    N_("it is your turn to take a card"),
                    N_("it is {player}'s turn to take a card"),
                )
            )
        check_cards(take.card)
        if take.card not in self.face_up:
            message = _("there is no {card} face up to take")
            raise IllegalAction(message.format(card=repr(take.card)))
        self.face_up.remove(take.card)
        self.won[take.player].append(take.card)
        self.must_take.pop(0)
        sentence = said(
            take.player,
            N_("You take the {card}."),
            N_("{player} takes the {card}."),
            card=take.card,
        )
        if self.must_take and self.face_up:
            return self._event(take.player, MamKind.TAKE, sentence)
        self.must_take.clear()
        return self._event(take.player, MamKind.TAKE, sentence + self._next_round())

    def _pass(self) -> Event:
        """One more card (or, the deck empty, a new roll); a target the table gave up on is
        shown made, with a way that uses the most cards."""
        self._expect(Phase.CLAIM)
        found = best(self.solver_cards(), self.target, power=self.power)
        given_up = "" if found is None else self._given_up(found.pretty) + " "
        if self.deck:
            self.face_up.append(self.deck.pop())
            card = self.face_up[-1]
            sentence = (
                _("Nobody can make {target}: one more card, a {card}.")
                if found is None
                else _("One more card, a {card}.")
            ).format(target=self.target, card=card)
        elif not self._any_roll_solvable():
            self.phase = Phase.OVER
            sentence = _("The deck is empty and no roll can be made from these cards: {result}")
            ended = given_up + sentence.format(result=self.result())
            return self._event(None, MamKind.PASS, ended)
        else:
            sentence = (
                _("Nobody can make {target} and the deck is empty: roll again.")
                if found is None
                else _("The deck is empty: roll again.")
            ).format(target=self.target)
        return self._event(None, MamKind.PASS, given_up + sentence + self._roll())

    def _given_up(self, way: str) -> str:
        return _("Given up: {target} could be made as {way}.").format(target=self.target, way=way)

    def _land(self, outcome: ChanceOutcome[Dice]) -> Event:
        if not self.scripted:
            raise IllegalAction(_("the dice land by chance in this game: nobody chooses the roll"))
        check_outcome(outcome.outcome, self.chance_outcomes(), "the dice")
        self.dice, self.phase = tuple(outcome.outcome), Phase.CLAIM  # type: ignore[assignment]
        shown = _("The dice show {roll}.").format(roll=self._shown())
        return self._event(None, Kind.CHANCE, shown)

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
            self.phase = Phase.OVER
            return " " + _("The deck cannot refill the table: {result}").format(
                result=self.result()
            )
        self.face_up += [self.deck.pop() for _ in range(max(missing, 0))]
        return self._roll()

    def _roll(self) -> str:
        """Roll the dice (a scripted game waits for the roll); the words for the log."""
        self.dice = None
        if self.scripted:
            self.phase = Phase.CHANCE
            return " " + _("Roll the dice.")
        self.dice, self.phase = self.level.roll(self.rng), Phase.CLAIM
        return " " + _("New target: {target}.").format(target=self.target)

    def _shown(self) -> str:
        return f"{' + '.join(map(str, self.dice or ()))} = {self.target}"

    def solver_cards(self) -> list[int]:
        """The face-up cards the solver looks at."""
        return solver_cards(self.face_up)

    def _any_roll_solvable(self) -> bool:
        cards = self.solver_cards()
        return any(is_solvable(cards, t, power=self.power) for t in self.level.targets())

    def _others(self, player: str) -> list[str]:
        """Every other player, in seating order after `player`."""
        seat = self.players.index(player)
        return self.players[seat + 1 :] + self.players[:seat]

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
        """The end of the game in words, with how a tie was broken."""
        names, scores = self.winners(), self.scores()
        n = scores[names[0]]
        tied = [name for name in self.players if scores[name] == n]
        if len(names) > 1:
            return _shared_win(names, n)
        if len(tied) > 1:
            others = and_list([name for name in tied if name != names[0]])
            return _tie_won(names[0], others, n)
        if is_you(names[0]):
            return ngettext("You win with {n} card.", "You win with {n} cards.", n).format(n=n)
        message = ngettext("{player} wins with {n} card.", "{player} wins with {n} cards.", n)
        return message.format(player=names[0], n=n)

    def cards_in_play(self) -> Counter[int]:
        """Every card of the level's deck, wherever it is now (for checking conservation)."""
        counts = Counter(self.deck) + Counter(self.face_up)
        for cards in self.won.values():
            counts += Counter(cards)
        return counts


def _right(player: str, verdict: str, n: int) -> str:
    """A correct claim: the checker's verdict and the cards won, said to or about the player."""
    if is_you(player):
        message = ngettext("{verdict} You win {n} card.", "{verdict} You win {n} cards.", n)
    else:
        message = ngettext(
            "{player}: {verdict} Won: {n} card.", "{player}: {verdict} Won: {n} cards.", n
        )
    return message.format(player=player, verdict=verdict, n=n)


def _shared_win(names: list[str], n: int) -> str:
    """Players tied on cards, none of them the last to answer correctly."""
    if any(is_you(name) for name in names):
        others = and_list([name for name in names if not is_you(name)])
        message = ngettext(
            "You share the win with {others}, with {n} card each.",
            "You share the win with {others}, with {n} cards each.",
            n,
        )
        return message.format(others=others, n=n)
    message = ngettext(
        "{players} share the win with {n} card each.",
        "{players} share the win with {n} cards each.",
        n,
    )
    return message.format(players=and_list(names), n=n)


def _tie_won(winner: str, others: str, n: int) -> str:
    """A tie on cards won by the last correct answer."""
    if is_you(winner):
        message = ngettext(
            "You win: {n} card, as many as {others}, and you gave the last correct answer.",
            "You win: {n} cards, as many as {others}, and you gave the last correct answer.",
            n,
        )
    else:
        message = ngettext(
            "{player} wins: {n} card, as many as {others}, and {player} gave the last correct "
            "answer.",
            "{player} wins: {n} cards, as many as {others}, and {player} gave the last correct "
            "answer.",
            n,
        )
    return message.format(player=winner, others=others, n=n)
