"""The LAMA card game as ipywidgets: the card table against computer players, with an odds
panel; a hand scorer; the decision "play, draw or quit?"; tournaments and dealt-hand odds.

Every button asks the engine in `mathcards.lama` (`legal_actions()`, `view()`), then
re-renders; no rule lives here.
"""

from __future__ import annotations

import base64
import random
from html import escape
from math import comb
from typing import TYPE_CHECKING

import ipywidgets as w

from mathcards.chips import LLAMA_SCORING
from mathcards.lama.bots import BOTS, Standing, choose, tournament
from mathcards.lama.cards import PRESETS, Card, can_play, score, score_in_words, sort_hand
from mathcards.lama.cards import preset as find_preset
from mathcards.lama.game import (
    STARTERS,
    Action,
    Draw,
    LamaGame,
    LamaView,
    Phase,
    Play,
    Quit,
    ReturnChip,
)
from mathcards.lama.odds import (
    different_hands,
    distinct_values_chances,
    draw_cost,
    draw_playable,
    expected_score,
    is_run,
    run_chance,
)
from widgets import svg
from widgets.controls import (
    MESSAGE_STYLE,
    Alarm,
    Clock,
    Complains,
    button,
    html,
    kernel_clock,
    render_message,
    shows_errors,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

YOU = "You"  # the reader's seat in a moment to decide
PAUSE = 0.8  # seconds between two computer moves
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli")
CARD_WIDTH = 70
MOMENT_TRIES = 50  # seeded games tried for a moment to decide


# ---------------------------------------------------------------- pure rendering


def card_svg(card: Card, width: int = CARD_WIDTH) -> str:
    """A card in the game's look."""
    if card is Card.PINK_LLAMA:
        return svg.llama(pink=True, width=width)
    if card is Card.LLAMA:
        return svg.llama(width=width)
    if card is Card.MOSQUITO:
        return svg.mosquito(width=width)
    return svg.lama_number(card.rank, plus=card.plus, width=width)


def _background(card: Card) -> str:
    """A card's drawing as a CSS background image."""
    encoded = base64.b64encode(card_svg(card).encode()).decode()
    return f"url('data:image/svg+xml;base64,{encoded}')"


STYLE = """<style>
.mc-seat { display: inline-block; margin: 0 18px 8px 0; vertical-align: top; }
.mc-seat-name { font-weight: 700; font-size: 17px; }
.mc-quit-mark { color: #b91c1c; font-weight: 700; }
.mc-lama-feed { font-size: 16px; line-height: 1.5; }
.mc-round-end td, .mc-round-end th { padding: 2px 12px; font-size: 17px; }
.mc-lama-odds { font-size: 17px; background: #f1f5f9; padding: 6px 12px; }
</style>"""
HAND_STYLE = (  # the hand's cards are buttons that look like the cards
    "<style>"
    ".mc-lama-hand .mc-hand-card { width: 70px; height: 102px; padding: 0; border: none; "
    "background-color: transparent; background-size: contain; background-repeat: no-repeat; "
    "color: transparent; font-size: 0; box-shadow: none; }"
    ".mc-lama-hand .mc-hand-card:hover:enabled { transform: translateY(-6px); }"
    ".mc-lama-hand .mc-hand-card:disabled { opacity: .35; filter: grayscale(.8); }"
    + "".join(
        f".mc-lama-hand .mc-card-{card.name.lower()} {{ background-image: {_background(card)}; }}"
        for card in Card
    )
    + "</style>"
)
BACKS_SHOWN = 8  # card backs drawn for a hand; more are counted


def render_hand(hand: tuple[Card, ...] | list[Card], width: int = CARD_WIDTH) -> str:
    """Cards face up, side by side."""
    if not hand:
        return '<div class="mc-row"><i>no cards</i></div>'
    return svg.row([card_svg(card, width) for card in sort_hand(hand)])


def render_backs(count: int, width: int = 34) -> str:
    """A player's hand seen from across the table: backs and the count."""
    shown = [svg.lama_back(width=width) for _ in range(min(count, BACKS_SHOWN))]
    more = f"<span>+{count - BACKS_SHOWN}</span>" if count > BACKS_SHOWN else ""
    label = f"{count} card{'s' * (count != 1)}"
    return (
        f'<div class="mc-backs" aria-label="{label}" style="display:flex;gap:2px;'
        f'align-items:center">{"".join(shown)}{more}<span>&nbsp;{label}</span></div>'
    )


def render_chips(chips: tuple[int, ...], points: int) -> str:
    """A score as chips, and as a number."""
    drawn = "".join(svg.chip(value, size=24) for value in chips) or "<i>no chips</i>"
    return f'<span class="mc-chips">{drawn} {points} point{"s" * (points != 1)}</span>'


def render_seats(view: LamaView) -> str:
    """Every other player: name, card backs with the count, a quit mark, chips."""
    seats = []
    for seat in view.others:
        turn = " ◀ to move" if view.to_move == seat.name else ""
        quit_mark = ' <span class="mc-quit-mark">quit</span>' if seat.quit else ""
        seats.append(
            f'<div class="mc-seat" data-player="{escape(seat.name)}">'
            f'<div class="mc-seat-name">{escape(seat.name)}{quit_mark}{turn}</div>'
            f"{render_backs(seat.cards)}{render_chips(seat.chips, seat.score)}</div>"
        )
    return "".join(seats)


def render_piles(view: LamaView) -> str:
    """The discard pile's top card and the draw pile with its count."""
    if not view.discard_pile:
        return ""
    drawn = svg.lama_back(width=CARD_WIDTH, label=f"draw pile: {view.draw_pile} cards")
    empty = '<div class="mc-empty-pile"><i>draw pile empty</i></div>'
    return (
        '<div style="display:flex;gap:28px;align-items:flex-end">'
        f'<div class="mc-discard-pile"><div>Discard pile ({len(view.discard_pile)})</div>'
        f"{card_svg(view.top, 84)}</div>"
        f'<div class="mc-draw-pile"><div>Draw pile ({view.draw_pile})</div>'
        f"{drawn if view.draw_pile else empty}</div></div>"
    )


def render_round_end(view: LamaView) -> str:
    """Every hand of the round just played, scored in words."""
    rows = "".join(
        f"<tr><td><b>{escape(s.player)}</b></td><td>{escape(s.words)}</td></tr>"
        for s in view.last_round
    )
    return f'<table class="mc-round-end">{rows}</table>'


def render_odds(view: LamaView) -> str:
    """Before a decision: the chance a draw fits, what it adds on average, what quitting costs."""
    quitting = score(view.hand, llama_scoring=view.llama_scoring)
    words = score_in_words(view.hand, llama_scoring=view.llama_scoring)
    lines = [f"Quitting now costs <b>{quitting}</b> points ({escape(words)})."]
    seen = view.discard_pile[:-1]
    if view.draw_pile and not view.alone:
        fits = draw_playable(view.deck, view.hand, view.top, seen)
        cost = draw_cost(view.deck, view.hand, view.top, seen, view.llama_scoring)
        lines.insert(
            0,
            f"A card drawn now fits on the {escape(view.top.word)} with chance <b>{fits}</b> "
            f"≈ {float(fits):.0%}; on average it adds {float(cost):.1f} points to your hand.",
        )
    else:
        lines.insert(0, "You cannot draw now.")
    return '<div class="mc-lama-odds">' + "<br>".join(lines) + "</div>"


# ---------------------------------------------------------------- the table


class LamaTable(Complains, w.VBox):
    """You against computer players. Choose the deck, the options and the opponents, deal,
    then click a card that fits (the others are greyed), draw or quit."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("cautious", "expert"),
        *,
        name: str = "Kim",
        preset: str = "classic",
        seed: int | None = None,
        show_odds: bool = True,
        pause: float = PAUSE,
        clock: Clock = kernel_clock,
    ) -> None:
        self.seed, self.games, self.pause = seed, 0, pause
        self.alarm = Alarm(clock)
        self.game: LamaGame | None = None
        self.preset = _dropdown("Deck", list(PRESETS), find_preset(preset).name, "mc-preset")
        self.llama_scoring = _dropdown("Llamas", list(LLAMA_SCORING), "once", "mc-llama-scoring")
        self.starter = _dropdown("Starts", list(STARTERS), STARTERS[0], "mc-starter")
        self.lama20 = w.Checkbox(value=False, description="LAMA 20 (pink chips)")
        self.name = w.Text(value=name, description="Your name")
        self.name.add_class("mc-your-name")
        self.seats = [
            _dropdown(f"Seat {i + 2}", ["—", *BOTS], bot, f"mc-opponent-{i + 1}")
            for i, bot in enumerate([*opponents, *["—"] * (len(NAMES) - len(opponents))])
        ]
        self.deal_button = button("Deal", "mc-deal", self.deal, button_style="primary")
        self.setup = w.VBox(
            [
                w.HTML("<b>Choose the deck, the rules and your opponents, then deal.</b>"),
                self.name,
                w.HBox([self.preset, self.llama_scoring]),
                w.HBox([self.starter, self.lama20]),
                w.HBox(self.seats[:3]),
                w.HBox(self.seats[3:]),
                self.deal_button,
            ]
        )
        self.setup.add_class("mc-lama-setup")
        self.odds_switch = w.Checkbox(value=show_odds, description="show the odds")
        self.odds_switch.observe(lambda _change: self._render(), names="value")
        self.me = name
        self.others = html("mc-opponents")
        self.piles = html("mc-piles")
        self.hand = w.HBox()
        self.hand.add_class("mc-lama-hand")
        self.you = html("mc-you")
        self.actions = w.HBox()
        self.actions.add_class("mc-actions")
        self.message = html("mc-message-box")
        self.odds_panel = html("mc-odds-panel")
        self.feed = html("mc-lama-feed")
        self.table = w.VBox(
            [
                self.others,
                self.piles,
                self.you,
                self.hand,
                self.actions,
                self.message,
                self.odds_panel,
                self.odds_switch,
                self.feed,
            ]
        )
        super().__init__([w.HTML(STYLE + HAND_STYLE + MESSAGE_STYLE), self.setup, self.table])
        self.add_class("mc-lama-table")
        self.table.layout.display = "none"

    # ------------------------------------------------------------ buttons

    @shows_errors
    def deal(self, _button: object = None) -> None:
        """Start a game with the chosen deck, rules and opponents."""
        bots = [seat.value for seat in self.seats if seat.value != "—"]
        if not bots:
            raise ValueError("choose at least one computer player to play against")
        strategies = {f"{NAMES[i]} ({bot})": bot for i, bot in enumerate(bots)}
        seed = None if self.seed is None else self.seed + self.games
        game = LamaGame(
            [self.name.value, *strategies],
            self.preset.value,
            llama_scoring=self.llama_scoring.value,
            lama20=self.lama20.value,
            starter=self.starter.value,
            seed=seed,
        )
        self.game, self.me, self.strategies = game, game.players[0], strategies
        self.games += 1
        self.rng = random.Random(seed)
        self.setup.layout.display, self.table.layout.display = "none", None
        self.message.value = ""
        self._tell()
        self._computers_play()

    @shows_errors
    def act(self, action: Action) -> None:
        """Your move; then the computer players', one after another."""
        self._playing().apply(action)
        self._tell()
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        """Deal the next round; the computers move until it is your turn."""
        self._playing().next_round()
        self._tell()
        self._computers_play()

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Back to choosing the deck, the rules and the opponents."""
        self.alarm.stop()
        self.game = None
        self.setup.layout.display, self.table.layout.display = None, "none"

    def _playing(self) -> LamaGame:
        """The game being played."""
        if self.game is None:
            raise ValueError("deal the cards first")
        return self.game

    # ------------------------------------------------------------ computer players

    def _computer_to_move(self) -> bool:
        """Is a computer player to move now?"""
        game = self.game
        return game is not None and bool(game.current_players()) and game.player != self.me

    def _computers_play(self) -> None:
        """Computer moves, with a pause between them, until it is your move or the round ends."""
        self.alarm.stop()
        while self._computer_to_move():
            if self.pause:
                self._render()
                self.alarm.set(self.pause, self._computer_step)
                return
            self._computer_move()
        self._render()

    @shows_errors
    def _computer_step(self) -> None:
        """After the pause: one computer move, then wait for the next."""
        if self._computer_to_move():
            self._computer_move()
        self._computers_play()

    def _computer_move(self) -> None:
        """The computer player to move decides from its view and moves."""
        game = self._playing()
        player = game.player
        move = choose(self.strategies[player], game.view(player), game.legal_actions(), self.rng)
        game.apply(move)
        self._tell()

    def _tell(self) -> None:
        """The feed of moves: the last eight sentences of the game's own log."""
        self.feed.value = "<br>".join(escape(line) for line in self._playing().log[-8:])

    # ------------------------------------------------------------ rendering

    def _render(self) -> None:
        """Everything you may see, redrawn from your view."""
        game = self._playing()
        view = game.view(self.me)
        self.others.value = render_seats(view)
        self.piles.value = render_piles(view)
        quit_mark = " — you quit" if view.seat.quit else ""
        turn = " — your move" if view.to_move == self.me else ""
        self.you.value = (
            f'<div class="mc-seat-name">Your hand ({escape(self.me)}){quit_mark}{turn}</div>'
            + render_chips(view.seat.chips, view.seat.score)
        )
        legal = game.legal_actions(self.me)
        self.hand.children = tuple(self._card_button(card, legal) for card in view.hand)
        self.actions.children = self._choices(legal)
        shown = self.odds_switch.value and view.phase is Phase.TURN and view.to_move == self.me
        self.odds_panel.value = render_odds(view) if shown else ""

    def _card_button(self, card: Card, legal: list[Action]) -> w.Button:
        """A card of your hand as a button; greyed when it does not fit now."""
        fits = Play(card) in legal
        made = button(card.word, "mc-hand-card", lambda _b: self.act(Play(card)))
        made.add_class(f"mc-card-{card.name.lower()}")
        made.tooltip = f"play the {card.word}" if fits else f"the {card.word} does not fit now"
        made.disabled = not fits
        return made

    def _choices(self, legal: list[Action]) -> tuple[w.Widget, ...]:
        """The buttons for what you may do now."""
        game = self._playing()
        again = button("New game", "mc-new-game", self.new_game)
        if game.over:
            said = f"<b>{escape(game.result())}</b>"
            return (w.HTML(said + render_round_end(game.view(self.me))), again)
        if game.round_over:
            scored = w.HTML("<b>The round is over.</b>" + render_round_end(game.view(self.me)))
            return (scored, button("Next round", "mc-next-round", self.next_round), again)
        chips = [a for a in legal if isinstance(a, ReturnChip)]
        if chips:
            return tuple(
                button(
                    f"Return a {a.chip}-point chip",
                    "mc-return-chip",
                    lambda _b, a=a: self.act(a),
                )
                for a in chips
            )
        draw = button("Draw", "mc-draw", lambda _b: self.act(Draw()))
        draw.disabled = Draw() not in legal
        stop = button("Quit", "mc-quit", lambda _b: self.act(Quit()))
        stop.disabled = Quit() not in legal
        return (draw, stop, again)


def _dropdown(label: str, options: list[str], value: str, css: str) -> w.Dropdown:
    """A labelled choice with a stable CSS class."""
    made = w.Dropdown(options=options, value=value, description=label)
    made.add_class(css)
    return made


# ---------------------------------------------------------------- scoring a hand


class HandScorer(Complains, w.VBox):
    """Build a hand card by card and see how it scores, in words."""

    def __init__(self, hand: str = "4 4 4", preset: str = "classic") -> None:
        self.cards: list[Card] = []
        self.preset = _dropdown("Deck", list(PRESETS), find_preset(preset).name, "mc-preset")
        self.llama_scoring = _dropdown("Llamas", list(LLAMA_SCORING), "once", "mc-llama-scoring")
        self.card_keys = w.HBox()
        self.card_keys.add_class("mc-card-keys")
        self.shown = html("mc-scored-hand")
        self.words = html("mc-score-words")
        self.message = html("mc-message-box")
        controls = [
            button("Take back", "mc-take-back", lambda _b: self.take_back()),
            button("Clear", "mc-clear", lambda _b: self.clear()),
        ]
        self.preset.observe(lambda _c: self._new_deck(), names="value")
        self.llama_scoring.observe(lambda _c: self._render(), names="value")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.preset, self.llama_scoring]),
                self.card_keys,
                w.HBox(controls),
                self.message,
                self.shown,
                self.words,
            ]
        )
        self._new_deck()
        self.cards = list(find_preset(preset).hand(hand.split()))
        self._render()

    @shows_errors
    def add(self, card: Card) -> None:
        """One more card in the hand (no more copies than the deck holds)."""
        find_preset(self.preset.value).check([*self.cards, card])
        self.cards.append(card)
        self._render()

    @shows_errors
    def take_back(self) -> None:
        """The card added last goes back."""
        if self.cards:
            self.cards.pop()
        self._render()

    @shows_errors
    def clear(self) -> None:
        """An empty hand: it scores 0."""
        self.cards = []
        self._render()

    @shows_errors
    def _new_deck(self) -> None:
        """A key for each kind of card of the chosen deck."""
        deck = find_preset(self.preset.value)
        self.cards = [card for card in self.cards if deck.count(card)]
        self.card_keys.children = tuple(
            button(f"+ {card.word}", "mc-add-card", lambda _b, card=card: self.add(card))
            for card in sort_hand(deck.kinds)
        )
        self._render()

    def _render(self) -> None:
        """The hand and its score in words."""
        self.message.value = ""
        self.shown.value = render_hand(self.cards)
        words = score_in_words(self.cards, llama_scoring=self.llama_scoring.value)
        self.words.value = f'<p style="font-size:22px">{escape(words)}</p>'


# ---------------------------------------------------------------- play, draw or quit?


class DrawOrQuit(Complains, w.VBox):
    """A real moment from a seeded game: no card of yours fits. Draw or quit? See the exact
    odds, decide, then see what the expert does and which card was on top of the pile."""

    def __init__(self, preset: str = "classic", seed: int = 1) -> None:
        self.seed = seed
        self.preset = _dropdown("Deck", list(PRESETS), find_preset(preset).name, "mc-preset")
        self.situation = html("mc-situation")
        self.odds_view = html("mc-decision-odds")
        self.verdict = html("mc-verdict")
        self.message = html("mc-message-box")
        self.draw = button("Draw", "mc-draw", lambda _b: self.decide(Draw()))
        self.quit = button("Quit", "mc-quit", lambda _b: self.decide(Quit()))
        again = button("Another moment", "mc-another", lambda _b: self.another())
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.preset, again]),
                self.situation,
                self.odds_view,
                w.HBox([self.draw, self.quit]),
                self.message,
                self.verdict,
            ]
        )
        self.preset.observe(lambda _c: self.another(), names="value")
        self.another()

    @shows_errors
    def another(self) -> None:
        """Play a seeded game between computer players up to a moment to decide."""
        for _ in range(MOMENT_TRIES):
            self.seed += 1
            moment = _moment(self.preset.value, self.seed)
            if moment is not None:
                break
        else:
            raise ValueError("no game came to a moment to decide: try another deck")
        self.game = moment
        view = moment.view(YOU)
        self.situation.value = (
            render_seats(view)
            + render_piles(view)
            + '<div class="mc-seat-name">Your hand</div>'
            + render_hand(view.hand)
        )
        self.odds_view.value = render_odds(view)
        self.verdict.value, self.message.value = "", ""
        self.draw.disabled = self.quit.disabled = False

    @shows_errors
    def decide(self, choice: Action) -> None:
        """Your decision next to the expert's; then the card that would have come."""
        game = self.game
        view = game.view(YOU)
        expert = choose("expert", view, game.legal_actions(), random.Random(0))
        drawn = game.draw_pile[-1]
        fits = "fits" if can_play(drawn, view.top) else "does not fit"
        yours, experts = _verb(choice), _verb(expert)
        same = ", like you" if expert == choice else ""
        self.verdict.value = (
            f"<p>You chose to <b>{yours}</b>. The expert would <b>{experts}</b>{same}.</p>"
            f"<p>The top card of the draw pile was {card_svg(drawn, 56)} — it {fits}.</p>"
        )
        self.draw.disabled = self.quit.disabled = True


def _png(figure: Figure) -> bytes:
    """A chart as a PNG for an `ipywidgets.Image`."""
    from widgets.plots import figure_png  # matplotlib loads only when a chart is drawn

    return figure_png(figure)


def _verb(action: Action) -> str:
    """A move in one word: draw, quit."""
    return type(action).__name__.lower()


def _moment(preset: str, seed: int) -> LamaGame | None:
    """A seeded game played by bold computer players until "You" cannot play but may draw."""
    game = LamaGame([YOU, *NAMES[:2]], preset, seed=seed)
    rng = random.Random(seed)
    while not game.round_over:
        legal = game.legal_actions()
        if game.player == YOU and Draw() in legal and not any(isinstance(a, Play) for a in legal):
            return game
        game.apply(choose("bold", game.view(game.player), legal, rng))
    return None


# ---------------------------------------------------------------- tournaments


def tournament_chart(standings: list[Standing], title: str) -> Figure:
    """Each computer player's mean penalty per round, with its spread (one standard deviation)."""
    from matplotlib.figure import Figure  # matplotlib loads only when a chart is drawn

    ranked = sorted(standings, key=lambda s: s.mean_penalty)
    figure = Figure(figsize=(8, 3.4))
    axes = figure.subplots()
    axes.bar(
        [s.name for s in ranked],
        [s.mean_penalty for s in ranked],
        yerr=[s.spread for s in ranked],
        capsize=8,
        color=["#15803d" if s.bot == "expert" else "#1d4ed8" for s in ranked],
    )
    axes.set_ylabel("points per round")
    axes.set_title(title)
    axes.set_ylim(bottom=0)
    figure.tight_layout()
    return figure


def render_standings(standings: list[Standing]) -> str:
    """The tournament in a table: mean penalty, spread and wins."""
    rows = "".join(
        f"<tr><td>{escape(s.name)}</td><td>{s.mean_penalty:.2f}</td><td>{s.spread:.2f}</td>"
        f"<td>{len(s.penalties)}</td><td>{s.wins}</td></tr>"
        for s in sorted(standings, key=lambda s: s.mean_penalty)
    )
    return (
        '<table class="mc-round-end mc-standings"><tr><th>player</th><th>points per round'
        "</th><th>spread</th><th>rounds</th><th>games won</th></tr>" + rows + "</table>"
    )


class TournamentChart(Complains, w.VBox):
    """The four computer players in seeded games: choose the deck and how many games."""

    def __init__(self, games: int = 60, preset: str = "classic", seed: int = 2026) -> None:
        self.seed = seed
        self.preset = _dropdown("Deck", list(PRESETS), find_preset(preset).name, "mc-preset")
        self.games = w.IntSlider(value=games, min=10, max=300, step=10, description="Games")
        self.games.add_class("mc-games")
        self.play_button = button("Play the tournament", "mc-play-tournament", self.play)
        self.message = html("mc-message-box")
        self.table = html("mc-standings-table")
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.chart.add_class("mc-chart")
        self.figure: Figure | None = None
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.preset, self.games, self.play_button]),
                self.message,
                self.table,
                self.chart,
            ]
        )

    @shows_errors
    def play(self, _button: object = None) -> None:
        """Play the games (the same seed gives the same games) and chart the results."""
        self.message.value = render_message(f"Playing {self.games.value} games …")
        standings = tournament(
            list(BOTS), self.games.value, seed=self.seed, preset=self.preset.value
        )
        self.table.value = render_standings(standings)
        title = f"{self.games.value} games, deck {self.preset.value}: mean penalty ± spread"
        self.figure = tournament_chart(standings, title)
        self.chart.value = _png(self.figure)
        self.message.value = ""


# ---------------------------------------------------------------- dealt hands


def run_chart(runs: list[bool], exact: float, title: str) -> Figure:
    """The running share of run hands among those dealt, against the exact chance."""
    shares, hits = [], 0
    for dealt, run in enumerate(runs, 1):
        hits += run
        shares.append(hits / dealt)
    from matplotlib.figure import Figure  # matplotlib loads only when a chart is drawn

    figure = Figure(figsize=(8, 3.2))
    axes = figure.subplots()
    axes.plot(range(1, len(runs) + 1), shares, color="#1d4ed8", label="share so far")
    axes.axhline(exact, color="#b91c1c", linestyle=":", label=f"exact {exact:.4f}")
    axes.set_xscale("log")
    axes.set_xlabel("hands dealt")
    axes.set_ylabel("share of runs")
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    return figure


class RunSimulation(Complains, w.VBox):
    """Deal many hands and watch the share of run hands settle on the exact chance."""

    BATCHES = (100, 1_000, 10_000)

    def __init__(self, preset: str = "classic", seed: int = 2026) -> None:
        self.seed, self.runs = seed, list[bool]()
        self.figure: Figure | None = None
        self.preset = _dropdown("Deck", list(PRESETS), find_preset(preset).name, "mc-preset")
        self.preset.observe(lambda _c: self.reset(), names="value")
        self.exact = html("mc-exact")
        self.dealt = html("mc-dealt")
        self.message = html("mc-message-box")
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.chart.add_class("mc-chart")
        deals = [
            button(f"Deal {n:,}", f"mc-deal-{n}", lambda _b, n=n: self.deal(n))
            for n in self.BATCHES
        ]
        deals.append(button("Start again", "mc-reset", lambda _b: self.reset()))
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.preset,
                self.exact,
                w.HBox(deals),
                self.message,
                self.dealt,
                self.chart,
            ]
        )
        self.reset()

    @shows_errors
    def reset(self) -> None:
        """Forget the dealt hands; show the exact chance for the chosen deck."""
        self.runs, self.dealt.value, self.figure = [], "", None
        self.chart.value = b""
        chance = run_chance(self.preset.value)
        self.exact.value = (
            f"<p>Exact chance that a dealt hand is a run: <b>{chance}</b> ≈ {float(chance):.2%}</p>"
        )

    @shows_errors
    def deal(self, count: int) -> None:
        """Deal `count` more hands from the shuffled deck and count the runs."""
        deck = find_preset(self.preset.value).cards()
        rng = random.Random(f"{self.seed}/{self.preset.value}/{len(self.runs)}")
        self.runs += [is_run(rng.sample(deck, 6)) for _ in range(count)]
        hits, dealt = sum(self.runs), len(self.runs)
        self.dealt.value = f"<p>{hits:,} runs in {dealt:,} hands dealt: {hits / dealt:.2%}</p>"
        exact = float(run_chance(self.preset.value))
        self.figure = run_chart(self.runs, exact, f"Run hands, deck {self.preset.value}")
        self.chart.value = _png(self.figure)


class DealOdds(Complains, w.VBox):
    """The exact odds of a dealt hand for the chosen deck and llama scoring."""

    def __init__(self, preset: str = "classic") -> None:
        self.preset = _dropdown("Deck", list(PRESETS), find_preset(preset).name, "mc-preset")
        self.llama_scoring = _dropdown("Llamas", list(LLAMA_SCORING), "once", "mc-llama-scoring")
        self.answer = html("mc-deal-odds")
        self.message = html("mc-message-box")
        self.compare_button = button("Compare every deck", "mc-compare", self.compare)
        self.comparison = html("mc-comparison")
        for choice in (self.preset, self.llama_scoring):
            choice.observe(lambda _c: self.show(), names="value")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.preset, self.llama_scoring]),
                self.message,
                self.answer,
                self.compare_button,
                self.comparison,
            ]
        )
        self.show()

    @shows_errors
    def compare(self, _button: object = None) -> None:
        """The expected score of a dealt hand for every deck, llamas once and each."""
        rows = "".join(
            f"<tr><td>{deck}</td>"
            + "".join(f"<td>{float(expected_score(deck, s)):.2f}</td>" for s in LLAMA_SCORING)
            + "</tr>"
            for deck in PRESETS
        )
        self.comparison.value = (
            '<table class="mc-round-end"><tr><th>deck</th><th>llamas score 10 once</th>'
            f"<th>10 each</th></tr>{rows}</table>"
        )

    @shows_errors
    def show(self) -> None:
        """The exact odds of a dealt hand for the chosen deck and llama scoring."""
        deck, scoring = self.preset.value, self.llama_scoring.value
        expected = expected_score(deck, scoring)
        spread = distinct_values_chances(deck)
        rows = "".join(
            f"<tr><td>{values}</td><td>{chance}</td><td>{float(chance):.1%}</td></tr>"
            for values, chance in spread.items()
        )
        self.answer.value = (
            f"<p>{different_hands(deck):,} different hands can be dealt from the {deck} deck "
            f"(equal cards are interchangeable; there are {comb(find_preset(deck).size, 6):,} "
            f"deals).</p><p>Expected score of a hand as dealt: <b>{expected}</b> ≈ "
            f"{float(expected):.2f} points.</p>"
            f'<table class="mc-round-end"><tr><th>different values</th><th>exactly</th>'
            f"<th>≈</th></tr>{rows}</table>"
        )
