"""The LAMA card game for 2–6 players (docs/rules.md#lama-the-card-game, chips:
docs/rules.md#penalty-points-and-chips), as data plus moves.

A turn is exactly one of `Play` (the same value as the top card or one higher; the llama sits
above 6 and below 1), `Draw` (while the draw pile lasts; it is never rebuilt) or `Quit`. The
round ends at once when a hand is emptied (that player may `ReturnChip`) or when everyone has
quit; the last player left may play on but not draw. Rounds go on until someone has 40 points
or more; fewest points wins, ties share the win. The game follows `mathcards.engine.RoundGame`.

Returning a chip never costs anything, so the engine asks *which* chip
(docs/rules.md#chips-return: the player chooses), not whether.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from enum import Enum
from fractions import Fraction

from mathcards.chips import (
    GAME_END,
    ReturnChip,
    check_llama_scoring,
    chip_stack,
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
from mathcards.i18n import N_, _, ngettext, said
from mathcards.lama.cards import (
    HAND_SIZE,
    Card,
    Deck,
    can_play,
    follow,
    score,
    score_in_words,
    sort_hand,
)
from mathcards.lama.cards import preset as find_preset
from mathcards.lama.moves import Action, Draw, Play
from mathcards.lama.view import LamaView, Phase, PublicSeat, RoundScore, may_draw

STARTERS = ("left-of-dealer", "round-ender")


class LamaKind(Enum):
    """What happened in LAMA beyond the kinds the games share (`engine.Kind`)."""

    PLAY = "play"  # a card played onto the discard pile


@dataclass(eq=False)
class LamaGame:
    """The whole game. All chance comes from its own `random.Random(seed)`.

    - `preset`: `classic`, `party-box`, `lato-z-komarami` or `party` (docs/rules.md#lama-decks);
    - `llama_scoring`: `once` (one or more llamas score 10) or `each` (10 per llama);
    - `lama20`: pink 20-point chips (always with `party`);
    - `starter`: `left-of-dealer` (the dealer moves on each round) or `round-ender`;
    - `scripted`: stop at every dealt and drawn card, list them in `chance_outcomes()` and wait
      for `ChanceOutcome(card)`;
    - `stacked`: for tests and demos, the first round's deck from the top (cards, or tokens
      such as "3" and "L"): six cards for each player in seat order, the discard pile's first
      card, then the draw pile in the order it is drawn; the preset's other cards lie shuffled
      below them;
    - `starting_scores`: the points each player has already (a game carried on from paper).
    """

    players: list[str]
    preset: str | Deck = "classic"
    _: KW_ONLY
    llama_scoring: str = "once"
    lama20: bool = False
    starter: str = "left-of-dealer"
    seed: int | str | None = None
    scripted: bool = False
    stacked: Iterable[Card | str] | None = None
    starting_scores: Mapping[str, int] | None = None
    log: list[str] = field(init=False, default_factory=list)
    rounds: int = field(init=False, default=0)
    hands: dict[str, list[Card]] = field(init=False, default_factory=dict)
    draw_pile: list[Card] = field(init=False, default_factory=list)  # its top card is last
    discard_pile: list[Card] = field(init=False, default_factory=list)
    quit: set[str] = field(init=False, default_factory=set)
    phase: Phase = field(init=False, default=Phase.CHANCE)
    current: int = field(init=False, default=0)
    ender: str | None = field(init=False, default=None)
    last_round: tuple[RoundScore, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        self.players = check_players(self.players, game="LAMA")
        self.deck = find_preset(self.preset)
        self.preset = self.deck.name
        check_llama_scoring(self.llama_scoring)
        if self.starter not in STARTERS:
            raise ValueError(
                _("starter is one of {starters}, not {starter!r}").format(
                    starters=", ".join(STARTERS), starter=self.starter
                )
            )
        if self.deck.size < HAND_SIZE * len(self.players) + 1:
            raise ValueError(
                ngettext(
                    "the {deck} deck is too small for {players} player",
                    "the {deck} deck is too small for {players} players",
                    len(self.players),
                ).format(deck=self.deck.label, players=len(self.players))
            )
        self.pink_chips = self.lama20 or self.deck.pink_chips
        self.rng = random.Random(self.seed)
        self._scores = self._check_scores(self.starting_scores or {})
        stacked = [self.deck.token(c) if isinstance(c, str) else c for c in self.stacked or ()]
        if stacked and self.scripted:
            raise ValueError(_("a scripted game is dealt card by card: do not stack it as well"))
        self.deck.check(stacked)
        self.log.append(self._deal(stacked).sentence)

    def _check_scores(self, given: Mapping[str, int]) -> dict[str, int]:
        """Everyone's points at the start: 0, or what `starting_scores` says (below 40)."""
        for stranger in sorted(set(given) - set(self.players)):
            check_player(stranger, self.players)
        scores = {player: given.get(player, 0) for player in self.players}
        if any(not 0 <= points < GAME_END for points in scores.values()):
            raise ValueError(
                _("a starting score is 0 or more and below {end}").format(end=GAME_END)
            )
        return scores

    # ------------------------------------------------------------ the round

    def next_round(self) -> Event:
        """After a round: deal the next one (unless the game is over)."""
        if self.over:
            raise IllegalAction(
                _("the game is over: someone has {end} points or more").format(end=GAME_END)
            )
        if not self.round_over:
            raise IllegalAction(_("the round is still going: finish it before dealing again"))
        event = self._deal([])
        self.log.append(event.sentence)
        return event

    def _deal(self, stacked: list[Card]) -> Event:
        """Shuffle, deal six cards each and turn up the first discard (scripted: wait for them)."""
        self.rounds += 1
        self.current = self._first_player()
        self.hands = {player: [] for player in self.players}
        self.discard_pile, self.quit, self.ender = [], set(), None
        starts = said(
            self.player,
            N_("Round {round}: you start."),
            N_("Round {round}: {player} starts."),
            round=self.rounds,
        )
        if self.scripted:
            self.draw_pile, self.phase = self.deck.cards(), Phase.CHANCE
            one_by_one = _("Deal the cards one by one.")
            return Event(None, Kind.DEAL, f"{starts} {one_by_one}")
        rest = self.deck.without(stacked)
        under = list(rest.elements())
        self.rng.shuffle(under)
        cards = [*stacked, *under]
        dealt = HAND_SIZE * len(self.players)
        for seat, player in enumerate(self.players):
            self.hands[player] = cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]
        self.discard_pile = [cards[dealt]]
        self.draw_pile = cards[:dealt:-1]
        self.phase = Phase.TURN
        return Event(None, Kind.DEAL, f"{starts} {_turned_up(self.top)}")

    def _first_player(self) -> int:
        """Left of the dealer (who moves on each round), or whoever ended the last round."""
        if self.starter == "round-ender" and self.ender is not None:
            return self.players.index(self.ender)
        return (self.rounds - 1) % len(self.players)

    @property
    def player(self) -> str:
        """Whose move it is (or was, once the round is over)."""
        return self.players[self.current]

    @property
    def top(self) -> Card:
        """The discard pile's top card."""
        return self.discard_pile[-1]

    @property
    def alone(self) -> bool:
        """Everyone else has quit: the last player may play on, but not draw."""
        return self.quit == set(self.players) - {self.player}

    @property
    def dealing(self) -> bool:
        """A scripted deal is under way: the chance the game waits for is a card dealt (the
        discard pile has none yet), not one drawn."""
        return self.phase is Phase.CHANCE and not self.discard_pile

    @property
    def round_over(self) -> bool:
        """Has this round ended (between rounds, or the game's last round)?"""
        return self.phase in (Phase.ROUND_OVER, Phase.OVER)

    @property
    def over(self) -> bool:
        """The game ends after a round in which someone reached 40 points."""
        return self.phase is Phase.OVER

    def current_players(self) -> list[str]:
        """The player to move; nobody while a card is dealt or drawn, or between rounds."""
        return [self.player] if self.phase in (Phase.TURN, Phase.CHIP) else []

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Play a card that fits, draw (while the pile lasts, and not alone) or quit;
        after emptying a hand, return one of the chips held."""
        if player is not None:
            check_player(player, self.players)
        if player not in (None, *self.current_players()):
            return []
        if self.phase is Phase.CHIP:
            return [ReturnChip(chip) for chip in self._returnable()]
        if self.phase is not Phase.TURN:
            return []
        hand = self.hands[self.player]
        plays: list[Action] = [Play(c) for c in sort_hand(set(hand)) if can_play(c, self.top)]
        draw: list[Action] = [Draw()] if may_draw(len(self.draw_pile), alone=self.alone) else []
        return [*plays, *draw, Quit()]

    def chance_outcomes(self) -> dict[Card, Fraction]:
        """A scripted game waiting for a card: each kind with its exact chance; else {}."""
        if self.phase is not Phase.CHANCE:
            return {}
        counts = Counter(self.draw_pile)
        total = len(self.draw_pile)
        return {card: Fraction(count, total) for card, count in sorted(counts.items())}

    # ------------------------------------------------------------ moves

    def apply(self, action: Action | ChanceOutcome) -> Event:
        """Make a move (or, scripted, give the card that comes); raises IllegalAction."""
        match action:
            case ChanceOutcome():
                event = self._chance(action.outcome)
            case Play():
                event = self._play(action)
            case Draw():
                event = self._draw()
            case Quit():
                event = self._quit()
            case ReturnChip():
                event = self._return_chip(action)
            case _:
                raise IllegalAction(
                    _("{action!r} is not a move in LAMA: play, draw or quit").format(action=action)
                )
        self.log.append(event.sentence)
        return event

    def _expect(self, phase: Phase, refusal: str) -> None:
        """Refuse a move the game is not waiting for (`refusal`, marked with N_, says which),
        saying what it waits for."""
        if self.phase is not phase:
            raise IllegalAction(_(refusal).format(reason=self._waiting()))

    def _waiting(self) -> str:
        """What the game waits for, in words."""
        player = self.player
        match self.phase:
            case Phase.CHANCE if self.dealing:
                return _("the cards are still being dealt")
            case Phase.CHANCE:
                return said(player, N_("you are drawing a card"), N_("{player} is drawing a card"))
            case Phase.TURN:
                return said(
                    player,
                    N_("it is your turn to play, draw or quit"),
                    N_("it is {player}'s turn to play, draw or quit"),
                )
            case Phase.CHIP:
                return said(
                    player,
                    N_("you emptied your hand and return a chip first"),
                    N_("{player} emptied their hand and returns a chip first"),
                )
            case Phase.OVER:
                return _("the game is over: someone has {end} points or more").format(end=GAME_END)
        return _("the round is over: deal the next round")

    def _play(self, action: Play) -> Event:
        """Play a held card that fits; an emptied hand ends the round, a + card plays again."""
        self._expect(Phase.TURN, N_("you cannot play a card now: {reason}"))
        card, player, hand = _card(action.card), self.player, self.hands[self.player]
        if card not in hand:
            raise IllegalAction(
                said(
                    player,
                    N_("you hold no {card} to play"),
                    N_("{player} holds no {card} to play"),
                    card=card.word,
                )
            )
        if not can_play(card, self.top):
            raise IllegalAction(
                _("a {card} cannot go on {top}: {rule}").format(
                    card=card.word, top=self.top.a, rule=follow(self.top, self.deck.llama)
                )
            )
        hand.remove(card)
        self.discard_pile.append(card)
        plays = said(player, N_("You play {card}."), N_("{player} plays {card}."), card=card.a)
        if not hand:
            return Event(player, LamaKind.PLAY, f"{plays} {self._emptied()}")
        if card.plus:
            again = said(
                player, N_("A + card: you go again."), N_("A + card: {player} goes again.")
            )
            return Event(player, LamaKind.PLAY, f"{plays} {again}")
        return Event(player, LamaKind.PLAY, f"{plays} {self._pass_turn()}")

    def _draw(self) -> Event:
        """Draw the top card, unless the pile is empty or everyone else has quit."""
        self._expect(Phase.TURN, N_("you cannot draw now: {reason}"))
        player = self.player
        if self.alone:
            raise IllegalAction(_("everyone else has quit: the last player may play on, not draw"))
        if not self.draw_pile:
            raise IllegalAction(_("the draw pile is empty and is not rebuilt: play a card or quit"))
        draws = said(player, N_("You draw a card."), N_("{player} draws a card."))
        if self.scripted:
            self.phase = Phase.CHANCE
            return Event(player, Kind.DRAW, draws)
        self.hands[player].append(self.draw_pile.pop())
        return Event(player, Kind.DRAW, f"{draws} {self._pass_turn()}")

    def _quit(self) -> Event:
        """Quit the round; when the last player quits, the round ends."""
        self._expect(Phase.TURN, N_("you cannot quit now: {reason}"))
        player = self.player
        self.quit.add(player)
        if self.quit == set(self.players):
            self.ender = player
            last = said(
                player,
                N_("You quit, the last to do so."),
                N_("{player} quits, the last to do so."),
            )
            return Event(player, Kind.QUIT, f"{last} {self._end()}")
        quits = said(player, N_("You quit."), N_("{player} quits."))
        return Event(player, Kind.QUIT, f"{quits} {self._pass_turn()}")

    def _return_chip(self, action: ReturnChip) -> Event:
        """Give back one chip held after emptying the hand; then the round ends."""
        self._expect(Phase.CHIP, N_("you cannot return a chip now: {reason}"))
        player = self.player
        check_cards(action.chip, "a chip")
        if action.chip not in self._returnable():
            raise IllegalAction(
                said(
                    player,
                    N_("you hold no {chip}-point chip to return"),
                    N_("{player} holds no {chip}-point chip to return"),
                    chip=action.chip,
                )
            )
        self._scores[player] -= action.chip
        returns = said(
            player,
            N_("You return a {chip}-point chip."),
            N_("{player} returns a {chip}-point chip."),
            chip=action.chip,
        )
        return Event(player, Kind.RETURN_CHIP, f"{returns} {self._end()}")

    def _chance(self, outcome: object) -> Event:
        """A scripted game: the card dealt or drawn is `outcome`."""
        if not self.scripted:
            raise IllegalAction(_("this game shuffles its own cards: nobody chooses which comes"))
        check_outcome(outcome, self.chance_outcomes(), "the next card")
        card, dealing = _card(outcome), self.dealing
        self.draw_pile.remove(card)
        if not dealing:
            player = self.player
            self.hands[player].append(card)
            self.phase = Phase.TURN
            takes = said(player, N_("You take the card."), N_("{player} takes the card."))
            return Event(None, Kind.CHANCE, f"{takes} {self._pass_turn()}")
        dealt = sum(map(len, self.hands.values()))
        if dealt < HAND_SIZE * len(self.players):
            receiver = self.players[dealt // HAND_SIZE]
            self.hands[receiver].append(card)
            sentence = said(
                receiver, N_("A card is dealt to you."), N_("A card is dealt to {player}.")
            )
            return Event(None, Kind.CHANCE, sentence)
        self.discard_pile.append(card)
        self.phase = Phase.TURN
        return Event(None, Kind.CHANCE, _turned_up(card))

    def _emptied(self) -> str:
        """The round ends at once; the player who emptied their hand may return a chip."""
        player = self.ender = self.player
        empty = said(player, N_("Your hand is empty!"), N_("{player}'s hand is empty!"))
        if self._returnable():
            self.phase = Phase.CHIP
            chip = said(player, N_("You may return a chip."), N_("{player} may return a chip."))
            return f"{empty} {chip}"
        return f"{empty} {self._end()}"

    def _returnable(self) -> list[int]:
        """The chips the player to move holds and may return."""
        return returnable(self._scores[self.player], pink=self.pink_chips)

    def _pass_turn(self) -> str:
        """The next player clockwise who has not quit (the last one left goes on alone)."""
        self.phase = Phase.TURN
        for step in range(1, len(self.players) + 1):
            seat = (self.current + step) % len(self.players)
            if self.players[seat] not in self.quit:
                self.current = seat
                break
        if self.alone:
            return said(self.player, N_("You play on alone."), N_("{player} plays on alone."))
        return said(self.player, N_("Your turn."), N_("{player}'s turn."))

    def _end(self) -> str:
        """Score every hand (in hand or face down) and add the points; say who won at the end."""
        self.last_round = tuple(
            RoundScore(
                player,
                sort_hand(hand),
                score(hand, llama_scoring=self.llama_scoring),
                score_in_words(hand, llama_scoring=self.llama_scoring),
            )
            for player, hand in self.hands.items()
        )
        for scored in self.last_round:
            self._scores[scored.player] += scored.points
        ended = max(self._scores.values()) >= GAME_END
        self.phase = Phase.OVER if ended else Phase.ROUND_OVER
        hands = "; ".join(f"{s.player}: {s.words}" for s in self.last_round)
        over = _("The round is over. {hands}.").format(hands=hands)
        return f"{over} {game_over(self.winners())}" if self.over else over

    # ------------------------------------------------------------ what players see

    def view(self, player: str) -> LamaView:
        """The own hand, the discard pile, the draw pile's size, and every seat's counts."""
        check_player(player, self.players)
        seats = tuple(
            PublicSeat(
                name,
                len(self.hands[name]),
                name in self.quit,
                chip_stack(self._scores[name], pink=self.pink_chips),
            )
            for name in self.players
        )
        return LamaView(
            viewer=player,
            to_move=tuple(self.current_players()),
            scores=self.scores(),
            hand=sort_hand(self.hands[player]),
            discard_pile=tuple(self.discard_pile),
            draw_pile=len(self.draw_pile),
            seats=seats,
            phase=self.phase,
            deck=self.deck,
            llama_scoring=self.llama_scoring,
            pink_chips=self.pink_chips,
            rounds=self.rounds,
            last_round=self.last_round,
        )

    def scores(self) -> dict[str, int]:
        """Each player's points so far."""
        return dict(self._scores)

    def winners(self) -> list[str]:
        """Fewest points wins; ties share the win."""
        return fewest(self._scores)

    def cards_in_play(self) -> Counter[Card]:
        """Every card of the deck, wherever it lies now: hands, discard pile, draw pile."""
        counts = Counter(self.draw_pile) + Counter(self.discard_pile)
        for hand in self.hands.values():
            counts += Counter(hand)
        return counts


def _card(value: object) -> Card:
    """The card a move or a chance outcome names, or IllegalAction."""
    if isinstance(value, Card):
        return value
    (number,) = check_cards(value)
    if number not in set(Card):
        raise IllegalAction(_("{value!r} is not a LAMA card").format(value=value))
    return Card(number)


def _turned_up(card: Card) -> str:
    """The first card of the discard pile, in a sentence."""
    return _("The discard pile starts with {card}.").format(card=card.a)
