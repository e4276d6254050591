"""LAMA Dice for 2–6 players (docs/rules.md#lama-dice; scoring and chips:
docs/rules.md#penalty-points-and-chips), as data plus moves.

A turn is `Roll` or `Quit`. After a roll exactly one case applies: three llamas (return a chip,
if you hold one), discard from your row (`Discard`, your choice), take from the llama row
(`Take`, your choice), or bust (the whole llama row is yours and the round ends). Rounds go on
until someone has 40 points or more; fewest points wins, ties share the win.

The dice are rolled with the game's own `random.Random(seed)`. A `scripted=True` game (for a
demo or a test) stops after each `Roll` (its phase `CHANCE`) and waits for `ChanceOutcome(faces)`
instead. Between rounds the phase is `ROUND_OVER`, at the game's end `OVER`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from mathcards.chips import (
    GAME_END,
    LLAMA,
    ReturnChip,
    check_llama_scoring,
    penalty,
    returnable,
)
from mathcards.engine import (
    ChanceOutcome,
    Event,
    IllegalAction,
    Kind,
    Quit,
    check_cards,
    check_outcome,
    check_player,
    check_players,
    fewest,
    game_over,
)
from mathcards.i18n import N_, _, said
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
from mathcards.lama_dice.moves import (
    ROLLED,
    Action,
    Discard,
    LamaDiceKind,
    LamaDiceView,
    LastRoll,
    Phase,
    Roll,
    Take,
)

CARDS = {**dict.fromkeys(range(1, 7), 6), LLAMA: 7}  # 43 cards
ROW_SIZE = 6


# ---------------------------------------------------------------- sentences for any name

# What each phase waits for: said to the reader, and about any other player.
MUST = {
    Phase.TURN: (N_("You must roll or quit now"), N_("{player} must roll or quit now")),
    Phase.CHANCE: (
        N_("You must wait for the dice to land now"),
        N_("{player} must wait for the dice to land now"),
    ),
    Phase.DISCARD: (
        N_("You must choose cards to discard now"),
        N_("{player} must choose cards to discard now"),
    ),
    Phase.TAKE: (
        N_("You must choose a card to take now"),
        N_("{player} must choose a card to take now"),
    ),
    Phase.CHIP: (N_("You must return a chip now"), N_("{player} must return a chip now")),
}


def sentences(*said: str) -> str:
    """Whole sentences one after another, a space apart (empty ones left out)."""
    return " ".join(sentence for sentence in said if sentence)


def cards_words(cards: Iterable[int]) -> str:
    """Cards as a sentence prints them: "4 4 L"."""
    return " ".join(map(name, cards))


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
    ender: str | None = field(init=False, default=None)
    last_roll: LastRoll | None = field(init=False, default=None)
    rounds: int = field(init=False, default=0)
    log: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.players = check_players(self.players, game=_("LAMA Dice"))
        self.dice = check_dice(self.dice)
        check_llama_scoring(self.llama_scoring)
        self.rng = random.Random(self.seed)
        self.points = dict.fromkeys(self.players, 0)
        self._deal(starter=0)

    # ------------------------------------------------------------ the round

    def next_round(self) -> Event:
        """After a round: deal the next one; the player who ended the last round starts."""
        if self.over:
            raise IllegalAction(_("the game is over: start a new game"))
        if not self.round_over:
            raise IllegalAction(_("the round is still going: finish it first"))
        self._deal(starter=self.players.index(self.ender or self.player))
        starts = said(
            self.player,
            N_("Round {round}: you start."),
            N_("Round {round}: {player} starts."),
            round=self.rounds,
        )
        return self._event(None, Kind.DEAL, starts)

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
        self.phase, self.ender = Phase.TURN, None
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
    def round_over(self) -> bool:
        """Has this round ended (the last one, too, when the game is over)?"""
        return self.phase in (Phase.ROUND_OVER, Phase.OVER)

    @property
    def over(self) -> bool:
        """The game ends after a round in which someone reached 40 points."""
        return self.phase is Phase.OVER

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
        if self.phase in (Phase.CHANCE, Phase.ROUND_OVER, Phase.OVER):
            return []
        return [self.player]

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The moves allowed now, for `player` (default: whoever is to move)."""
        if player is not None:
            check_player(player, self.players)
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
        return outcomes(self.dice) if self.phase is Phase.CHANCE else {}

    def view(self, player: str) -> LamaDiceView:
        """Everything on the table (all rows are face up); the cards out of the round are not."""
        return LamaDiceView(
            viewer=check_player(player, self.players),
            to_move=tuple(self.current_players()),
            scores=self.scores(),
            phase=self.phase,
            dice=self.dice,
            lama20=self.lama20,
            llama_scoring=self.llama_scoring,
            faces=self.faces,
            rows=dict(self.rows),  # dealt in seating order
            llama_row=self.llama_row,
            discard_pile=tuple(self.discard_pile),
            quit=frozenset(self.quit),
            rounds=self.rounds,
            last_roll=self.last_roll,
        )

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> Event:
        """Make a move; returns what happened, or raises IllegalAction naming the rule."""
        if self.over:
            raise IllegalAction(_("the game is over: start a new game"))
        if self.round_over:
            raise IllegalAction(_("the round is over: start the next round"))
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
            raise IllegalAction(
                _("{action} is not a move in LAMA Dice").format(action=repr(action))
            )
        player = self.player
        kind, sentence = handler(action)  # type: ignore[operator]
        return self._event(player, kind, sentence)

    def _event(self, player: str | None, kind: Enum, sentence: str) -> Event:
        self.log.append(sentence)
        return Event(player, kind, sentence)

    def _expect(self, phase: Phase) -> None:
        """Refuse a move the phase does not wait for, saying what it waits for."""
        if self.phase is not phase:
            raise IllegalAction(said(self.player, *MUST[self.phase]))

    def _faces(self) -> Faces:
        assert self.faces is not None, "the dice have been rolled"
        return self.faces

    def _roll(self, _action: Roll) -> tuple[Enum, str]:
        self._expect(Phase.TURN)
        if self.scripted:
            self.phase = Phase.CHANCE
            return LamaDiceKind.ROLL, said(
                self.player, N_("You roll the dice."), N_("{player} rolls the dice.")
            )
        return self._landed(roll_dice(self.rng, self.dice))

    def _land(self, action: ChanceOutcome[Faces]) -> tuple[Enum, str]:
        if not self.scripted:
            raise IllegalAction(_("the dice land by chance in this game: nobody chooses the roll"))
        check_outcome(action.outcome, self.chance_outcomes(), _("the dice"))
        return self._landed(action.outcome)

    def _landed(self, faces: Faces) -> tuple[Enum, str]:
        """The dice show `faces`: exactly one case of the rules applies."""
        self.faces = faces
        player, shown = self.player, cards_words(faces)
        case = case_of(faces, self.row, self.llama_row, alone=self.alone)
        self.last_roll = LastRoll(player, faces, case)
        if case is Case.THREE_LLAMAS:
            rolled = said(
                player,
                N_("You rolled {faces}: three llamas!"),
                N_("{player} rolled {faces}: three llamas!"),
                faces=shown,
            )
            return ROLLED[case], sentences(rolled, self._offer_chip())
        if case is Case.DISCARD:
            self.phase = Phase.DISCARD
            return ROLLED[case], said(
                player,
                N_("You rolled {faces}: a match."),
                N_("{player} rolled {faces}: a match."),
                faces=shown,
            )
        if case is Case.TAKE:
            self.phase = Phase.TAKE
            return ROLLED[case], said(
                player,
                N_("You rolled {faces}: no match in your row."),
                N_("{player} rolled {faces}: no match in {player}'s row."),
                faces=shown,
            )
        return ROLLED[case], sentences(self._bust(player, shown), self._end(player))

    def _bust(self, player: str, shown: str) -> str:
        """Nothing matches: the whole llama row goes into the player's row."""
        taken = self.llama_row
        self.rows[player] = tuple(sorted(self.row + taken))
        self.llama_row = ()
        if self.alone:
            return said(
                player,
                N_(
                    "You rolled {faces}: no match in your row, and everyone else has quit, so "
                    "it is a bust: the whole llama row ({cards}) goes into your row."
                ),
                N_(
                    "{player} rolled {faces}: no match in {player}'s row, and everyone else has "
                    "quit, so it is a bust: the whole llama row ({cards}) goes into {player}'s "
                    "row."
                ),
                faces=shown,
                cards=cards_words(taken),
            )
        return said(
            player,
            N_(
                "You rolled {faces}: no match in your row, nor in the llama row, so it is a "
                "bust: the whole llama row ({cards}) goes into your row."
            ),
            N_(
                "{player} rolled {faces}: no match in {player}'s row, nor in the llama row, so "
                "it is a bust: the whole llama row ({cards}) goes into {player}'s row."
            ),
            faces=shown,
            cards=cards_words(taken),
        )

    def _quit(self, _action: Quit) -> tuple[Enum, str]:
        self._expect(Phase.TURN)
        self.quit.add(self.player)
        quits = said(self.player, N_("You quit."), N_("{player} quit."))
        if len(self.quit) == len(self.players):
            return Kind.QUIT, sentences(quits, self._end(self.player))
        return Kind.QUIT, sentences(quits, self._next_player())

    def _discard(self, action: Discard) -> tuple[Enum, str]:
        self._expect(Phase.DISCARD)
        cards = tuple(sorted(check_cards(action.cards)))
        if cards not in discard_choices(self._faces(), self.row):
            raise IllegalAction(self._cannot_discard(cards))
        self.rows[self.player] = without(self.row, cards)
        self.discard_pile.extend(cards)
        discarded = said(
            self.player,
            N_("You discarded {cards}."),
            N_("{player} discarded {cards}."),
            cards=cards_words(cards),
        )
        if not self.row:
            self.ender = self.player
            empty = said(self.player, N_("Your row is empty!"), N_("{player}'s row is empty!"))
            return LamaDiceKind.DISCARD, sentences(
                discarded, empty, self._offer_chip(ends_round=True)
            )
        return LamaDiceKind.DISCARD, sentences(discarded, self._next_player())

    @staticmethod
    def _cannot_discard(cards: Row) -> str:
        """Which discards the rules allow, and that these cards are not one."""
        if not cards:
            return _(
                "you can discard only cards in your row that a die shows, one per die, not nothing"
            )
        return _(
            "you can discard only cards in your row that a die shows, one per die, not {cards}"
        ).format(cards=cards_words(cards))

    def _take(self, action: Take) -> tuple[Enum, str]:
        self._expect(Phase.TAKE)
        check_cards(action.card)
        if action.card not in take_choices(self._faces(), self.llama_row):
            raise IllegalAction(
                _("you can take only a llama-row card that a die shows, not {card}").format(
                    card=name(action.card)
                )
            )
        row = list(self.llama_row)
        row.remove(action.card)
        self.llama_row = tuple(row)
        self.rows[self.player] = tuple(sorted((*self.row, action.card)))
        took = said(
            self.player,
            N_("You took the {card} from the llama row."),
            N_("{player} took the {card} from the llama row."),
            card=name(action.card),
        )
        if not self.llama_row:
            return LamaDiceKind.TAKE, sentences(
                took, _("The llama row is empty."), self._end(self.player)
            )
        return LamaDiceKind.TAKE, sentences(took, self._next_player())

    def _return_chip(self, action: ReturnChip) -> tuple[Enum, str]:
        self._expect(Phase.CHIP)
        check_cards(action.chip, _("a chip"))
        if action.chip not in self.chips():
            raise IllegalAction(
                said(
                    self.player,
                    N_("You have no {chip}-point chip to return"),
                    N_("{player} has no {chip}-point chip to return"),
                    chip=action.chip,
                )
            )
        self.points[self.player] -= action.chip
        returned = said(
            self.player,
            N_("You returned a {chip}-point chip."),
            N_("{player} returned a {chip}-point chip."),
            chip=action.chip,
        )
        if self.ender == self.player and not self.row:
            return Kind.RETURN_CHIP, sentences(returned, self._end(self.player))
        return Kind.RETURN_CHIP, sentences(returned, self._next_player())

    def _offer_chip(self, ends_round: bool = False) -> str:
        """Let the player return a chip, if they hold one; then play (or the round) goes on."""
        if self.chips():
            self.phase = Phase.CHIP
            return said(
                self.player, N_("You may return a chip."), N_("{player} may return a chip.")
            )
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
                return said(self.player, N_("Your turn."), N_("{player}'s turn."))
        return ""

    def _end(self, ender: str) -> str:
        """Score every row (a player whose row is empty scores nothing); the game ends once
        someone has 40 points or more."""
        self.ender = ender
        points = {
            player: penalty(row, llama_scoring=self.llama_scoring)
            for player, row in self.rows.items()
        }
        for player, gained in points.items():
            self.points[player] += gained
        self.phase = Phase.OVER if max(self.points.values()) >= GAME_END else Phase.ROUND_OVER
        summary = ", ".join(f"{p} +{points[p]}" for p in self.players)
        over = _("The round is over ({summary}).").format(summary=summary)
        return sentences(over, game_over(self.winners()) if self.over else "")

    # ------------------------------------------------------------ the end

    def winners(self) -> list[str]:
        """Fewest points wins; ties share the win."""
        return fewest(self.points)

    def cards_in_play(self) -> Counter[int]:
        """This round's cards: rows, llama row and discard pile (the rest are out of it)."""
        counts = Counter(self.llama_row) + Counter(self.discard_pile)
        for row in self.rows.values():
            counts += Counter(row)
        return counts

    def all_cards(self) -> Counter[int]:
        """All 43 cards: this round's, and those left out of it."""
        return self.cards_in_play() + Counter(self.out_of_round)
