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
from mathcards.i18n import N_, _, ngettext, number, percent, you
from mathcards.lama.bots import BOTS, Standing, choose, label, tournament
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
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure

PAUSE = 0.8  # seconds between two computer moves
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli")
CARD_WIDTH = 70
MOMENT_TRIES = 50  # seeded games tried for a moment to decide
LLAMA_SCORING_LABELS = {"once": N_("once"), "each": N_("each")}  # as the dropdown shows them
STARTER_LABELS = {"left-of-dealer": N_("left-of-dealer"), "round-ender": N_("round-ender")}
NOBODY = "—"  # an empty seat


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
        none = escape(_("no cards"))
        return f'<div class="mc-row"><i>{none}</i></div>'
    return svg.row([card_svg(card, width) for card in sort_hand(hand)])


def render_backs(count: int, width: int = 34) -> str:
    """A player's hand seen from across the table: backs and the count."""
    shown = [svg.lama_back(width=width) for _back in range(min(count, BACKS_SHOWN))]
    more = f"<span>+{count - BACKS_SHOWN}</span>" if count > BACKS_SHOWN else ""
    cards = escape(ngettext("{n} card", "{n} cards", count).format(n=count))
    return (
        f'<div class="mc-backs" aria-label="{cards}" style="display:flex;gap:2px;'
        f'align-items:center">{"".join(shown)}{more}<span>&nbsp;{cards}</span></div>'
    )


def render_chips(chips: tuple[int, ...], points: int) -> str:
    """A score as chips, and as a number."""
    drawn = "".join(svg.chip(value, size=24) for value in chips)
    none = escape(_("no chips"))
    drawn = drawn or f"<i>{none}</i>"
    count = ngettext("{n} point", "{n} points", points).format(n=points)
    return f'<span class="mc-chips">{drawn} {escape(count)}</span>'


def render_seats(view: LamaView) -> str:
    """Every other player: name, card backs with the count, a quit mark, chips."""
    seats, to_move, quit_word = [], escape(_("to move")), escape(_("quit"))
    for seat in view.others:
        turn = f" ◀ {to_move}" if view.to_move == seat.name else ""
        quit_mark = f' <span class="mc-quit-mark">{quit_word}</span>' if seat.quit else ""
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
    count = ngettext("draw pile: {n} card", "draw pile: {n} cards", view.draw_pile)
    drawn = svg.lama_back(width=CARD_WIDTH, label=count.format(n=view.draw_pile))
    empty_pile = escape(_("draw pile empty"))
    empty = f'<div class="mc-empty-pile"><i>{empty_pile}</i></div>'
    discard = _("Discard pile ({n})").format(n=len(view.discard_pile))
    draw = _("Draw pile ({n})").format(n=view.draw_pile)
    return (
        '<div style="display:flex;gap:28px;align-items:flex-end">'
        f'<div class="mc-discard-pile"><div>{escape(discard)}</div>'
        f"{card_svg(view.top, 84)}</div>"
        f'<div class="mc-draw-pile"><div>{escape(draw)}</div>'
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
    costs = ngettext(
        "Quitting now costs {points} point ({words}).",
        "Quitting now costs {points} points ({words}).",
        quitting,
    )
    lines = [costs.format(points=f"<b>{quitting}</b>", words=escape(words))]
    seen = view.discard_pile[:-1]
    if view.draw_pile and not view.alone:
        fits = draw_playable(view.deck, view.hand, view.top, seen)
        cost = draw_cost(view.deck, view.hand, view.top, seen, view.llama_scoring)
        chance = _(
            "A card drawn now fits on {card} with chance {exact} ≈ {percent}; on average "
            "it adds {points} points to your hand."
        )
        lines.insert(
            0,
            chance.format(
                card=escape(view.top.the),
                exact=f"<b>{fits}</b>",
                percent=percent(fits, digits=0),
                points=number(cost, 1),
            ),
        )
    else:
        lines.insert(0, escape(_("You cannot draw now.")))
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
        self.preset = _deck_choice(preset)
        self.llama_scoring = _llama_scoring_choice()
        self.starter = _dropdown(_("Starts"), _labelled(STARTER_LABELS), STARTERS[0], "mc-starter")
        self.lama20 = w.Checkbox(value=False, description=_("LAMA 20 (pink chips)"))
        self.name = w.Text(value=name, description=_("Your name"))
        self.name.add_class("mc-your-name")
        bots = [(NOBODY, NOBODY), *((label(bot), bot) for bot in BOTS)]
        self.seats = [
            _dropdown(_("Seat {n}").format(n=i + 2), bots, bot, f"mc-opponent-{i + 1}")
            for i, bot in enumerate([*opponents, *[NOBODY] * (len(NAMES) - len(opponents))])
        ]
        self.deal_button = button(_("Deal"), "mc-deal", self.deal, button_style="primary")
        choose_all = _("Choose the deck, the rules and your opponents, then deal.")
        self.setup = w.VBox(
            [
                w.HTML(f"<b>{escape(choose_all)}</b>"),
                self.name,
                w.HBox([self.preset, self.llama_scoring]),
                w.HBox([self.starter, self.lama20]),
                w.HBox(self.seats[:3]),
                w.HBox(self.seats[3:]),
                self.deal_button,
            ]
        )
        self.setup.add_class("mc-lama-setup")
        self.odds_switch = w.Checkbox(value=show_odds, description=_("show the odds"))
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
        bots = [seat.value for seat in self.seats if seat.value != NOBODY]
        if not bots:
            raise ValueError(_("choose at least one computer player to play against"))
        strategies = {f"{NAMES[i]} ({label(bot)})": bot for i, bot in enumerate(bots)}
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
            raise ValueError(_("deal the cards first"))
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
        title = _("Your hand ({name})").format(name=self.me)
        if view.seat.quit:
            title += " — " + _("you quit")
        if view.to_move == self.me:
            title += " — " + _("your move")
        self.you.value = f'<div class="mc-seat-name">{escape(title)}</div>' + render_chips(
            view.seat.chips, view.seat.score
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
        made.tooltip = (
            _("play {card}").format(card=card.the)
            if fits
            else _("the {card} does not fit now").format(card=card.word)
        )
        made.disabled = not fits
        return made

    def _choices(self, legal: list[Action]) -> tuple[w.Widget, ...]:
        """The buttons for what you may do now."""
        game = self._playing()
        again = button(_("New game"), "mc-new-game", self.new_game)
        if game.over:
            result = f"<b>{escape(game.result())}</b>"
            return (w.HTML(result + render_round_end(game.view(self.me))), again)
        if game.round_over:
            over = "<b>" + escape(_("The round is over.")) + "</b>"
            scored = w.HTML(over + render_round_end(game.view(self.me)))
            return (scored, button(_("Next round"), "mc-next-round", self.next_round), again)
        chips = [a for a in legal if isinstance(a, ReturnChip)]
        if chips:
            return tuple(
                button(
                    _("Return a {chip}-point chip").format(chip=a.chip),
                    "mc-return-chip",
                    lambda _b, a=a: self.act(a),
                )
                for a in chips
            )
        draw = button(_("Draw"), "mc-draw", lambda _b: self.act(Draw()))
        draw.disabled = Draw() not in legal
        stop = button(_("Quit"), "mc-quit", lambda _b: self.act(Quit()))
        stop.disabled = Quit() not in legal
        return (draw, stop, again)


def _dropdown(description: str, options: list[tuple[str, str]], value: str, css: str) -> w.Dropdown:
    """A described choice among (label, value) options, with a stable CSS class."""
    made = w.Dropdown(options=options, value=value, description=description)
    made.add_class(css)
    return made


def _labelled(labels: dict[str, str]) -> list[tuple[str, str]]:
    """Options as (label in the language in use, value): the values stay the code's words."""
    return [(_(shown), value) for value, shown in labels.items()]


def _deck_choice(preset: str) -> w.Dropdown:
    """The deck: each preset under its name in the language in use."""
    decks = [(deck.label, name) for name, deck in PRESETS.items()]
    return _dropdown(_("Deck"), decks, find_preset(preset).name, "mc-preset")


def _llama_scoring_choice() -> w.Dropdown:
    """How llamas score: 10 in all (once) or 10 each."""
    return _dropdown(_("Llamas"), _labelled(LLAMA_SCORING_LABELS), "once", "mc-llama-scoring")


# ---------------------------------------------------------------- scoring a hand


class HandScorer(Complains, w.VBox):
    """Build a hand card by card and see how it scores, in words."""

    def __init__(self, hand: str = "4 4 4", preset: str = "classic") -> None:
        self.cards: list[Card] = []
        self.preset = _deck_choice(preset)
        self.llama_scoring = _llama_scoring_choice()
        self.card_keys = w.HBox()
        self.card_keys.add_class("mc-card-keys")
        self.shown = html("mc-scored-hand")
        self.words = html("mc-score-words")
        self.message = html("mc-message-box")
        controls = [
            button(_("Take back"), "mc-take-back", lambda _b: self.take_back()),
            button(_("Clear"), "mc-clear", lambda _b: self.clear()),
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


CHOSE = {Draw: N_("You chose to <b>draw</b>."), Quit: N_("You chose to <b>quit</b>.")}
EXPERT = {  # by the expert's move, and whether it is yours
    (Draw, True): N_("The expert would <b>draw</b>, like you."),
    (Quit, True): N_("The expert would <b>quit</b>, like you."),
    (Draw, False): N_("The expert would <b>draw</b>."),
    (Quit, False): N_("The expert would <b>quit</b>."),
}


class DrawOrQuit(Complains, w.VBox):
    """A real moment from a seeded game: no card of yours fits. Draw or quit? See the exact
    odds, decide, then see what the expert does and which card was on top of the pile."""

    def __init__(self, preset: str = "classic", seed: int = 1) -> None:
        self.seed = seed
        self.preset = _deck_choice(preset)
        self.situation = html("mc-situation")
        self.odds_view = html("mc-decision-odds")
        self.verdict = html("mc-verdict")
        self.message = html("mc-message-box")
        self.draw = button(_("Draw"), "mc-draw", lambda _b: self.decide(Draw()))
        self.quit = button(_("Quit"), "mc-quit", lambda _b: self.decide(Quit()))
        again = button(_("Another moment"), "mc-another", lambda _b: self.another())
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
        for _attempt in range(MOMENT_TRIES):
            self.seed += 1
            moment = _moment(self.preset.value, self.seed)
            if moment is not None:
                break
        else:
            raise ValueError(_("no game came to a moment to decide: try another deck"))
        self.game = moment
        view = moment.view(moment.player)
        self.situation.value = (
            render_seats(view)
            + render_piles(view)
            + '<div class="mc-seat-name">'
            + escape(_("Your hand"))
            + "</div>"
            + render_hand(view.hand)
        )
        self.odds_view.value = render_odds(view)
        self.verdict.value, self.message.value = "", ""
        self.draw.disabled = self.quit.disabled = False

    @shows_errors
    def decide(self, choice: Action) -> None:
        """Your decision next to the expert's; then the card that would have come."""
        game = self.game
        view = game.view(game.player)
        expert = choose("expert", view, game.legal_actions(), random.Random(0))
        drawn = game.draw_pile[-1]
        came = (
            _("The top card of the draw pile was {card} — it fits.")
            if can_play(drawn, view.top)
            else _("The top card of the draw pile was {card} — it does not fit.")
        )
        self.verdict.value = (
            f"<p>{_(CHOSE[type(choice)])} {_(EXPERT[type(expert), expert == choice])}</p>"
            f"<p>{came.format(card=card_svg(drawn, 56))}</p>"
        )
        self.draw.disabled = self.quit.disabled = True


def _png(figure: Figure) -> bytes:
    """A chart as a PNG for an `ipywidgets.Image`."""
    from widgets.plots import figure_png  # matplotlib loads only when a chart is drawn

    return figure_png(figure)


def _moment(preset: str, seed: int) -> LamaGame | None:
    """A seeded game played by bold computer players until you (the first seat, "You" or "Ty")
    cannot play but may draw."""
    game = LamaGame([you(), *NAMES[:2]], preset, seed=seed)
    rng = random.Random(seed)
    while not game.round_over:
        legal = game.legal_actions()
        yours = game.player == game.players[0]
        if yours and Draw() in legal and not any(isinstance(a, Play) for a in legal):
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
        [s.label for s in ranked],
        [s.mean_penalty for s in ranked],
        yerr=[s.spread for s in ranked],
        capsize=8,
        color=["#15803d" if s.bot == "expert" else "#1d4ed8" for s in ranked],
    )
    axes.set_ylabel(_("points per round"))
    axes.set_title(title)
    axes.set_ylim(bottom=0)
    _numbers_on(axes.yaxis)
    figure.tight_layout()
    return figure


def _numbers_on(axis: Axis) -> None:
    """Tick labels written as the language writes numbers: 0.5 or 0,5; 1,000 or 1000."""
    from matplotlib.ticker import FuncFormatter  # matplotlib loads only when a chart is drawn

    axis.set_major_formatter(FuncFormatter(lambda value, _position: number(value)))


def render_standings(standings: list[Standing]) -> str:
    """The tournament in a table: mean penalty, spread and wins."""
    rows = "".join(
        f"<tr><td>{escape(s.label)}</td><td>{number(s.mean_penalty)}</td>"
        f"<td>{number(s.spread)}</td><td>{len(s.penalties)}</td><td>{s.wins}</td></tr>"
        for s in sorted(standings, key=lambda s: s.mean_penalty)
    )
    return _table(
        [_("player"), _("points per round"), _("spread"), _("rounds"), _("games won")],
        rows,
        "mc-round-end mc-standings",
    )


def _table(headings: list[str], rows: str, css: str = "mc-round-end") -> str:
    """An HTML table: a row of headings, then the rows (already HTML)."""
    heads = "".join(f"<th>{escape(heading)}</th>" for heading in headings)
    return f'<table class="{css}"><tr>{heads}</tr>{rows}</table>'


class TournamentChart(Complains, w.VBox):
    """The four computer players in seeded games: choose the deck and how many games."""

    def __init__(self, games: int = 60, preset: str = "classic", seed: int = 2026) -> None:
        self.seed = seed
        self.preset = _deck_choice(preset)
        self.games = w.IntSlider(value=games, min=10, max=300, step=10, description=_("Games"))
        self.games.add_class("mc-games")
        self.play_button = button(_("Play the tournament"), "mc-play-tournament", self.play)
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
        games = self.games.value
        playing = ngettext("Playing {games} game …", "Playing {games} games …", games)
        self.message.value = render_message(playing.format(games=games))
        standings = tournament(list(BOTS), games, seed=self.seed, preset=self.preset.value)
        self.table.value = render_standings(standings)
        title = ngettext(
            "{games} game, deck {deck}: mean penalty ± spread",
            "{games} games, deck {deck}: mean penalty ± spread",
            games,
        ).format(games=games, deck=find_preset(self.preset.value).label)
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
    axes.plot(range(1, len(runs) + 1), shares, color="#1d4ed8", label=_("share so far"))
    exactly = _("exact {share}").format(share=number(exact, 4))
    axes.axhline(exact, color="#b91c1c", linestyle=":", label=exactly)
    axes.set_xscale("log")
    axes.set_xlabel(_("hands dealt"))
    axes.set_ylabel(_("share of runs"))
    axes.set_ylim(0, 1)
    axes.set_title(title)
    _numbers_on(axes.xaxis)
    _numbers_on(axes.yaxis)
    axes.legend()
    figure.tight_layout()
    return figure


class RunSimulation(Complains, w.VBox):
    """Deal many hands and watch the share of run hands settle on the exact chance."""

    BATCHES = (100, 1_000, 10_000)

    def __init__(self, preset: str = "classic", seed: int = 2026) -> None:
        self.seed, self.runs = seed, list[bool]()
        self.figure: Figure | None = None
        self.preset = _deck_choice(preset)
        self.preset.observe(lambda _c: self.reset(), names="value")
        self.exact = html("mc-exact")
        self.dealt = html("mc-dealt")
        self.message = html("mc-message-box")
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.chart.add_class("mc-chart")
        deals = [
            button(
                _("Deal {n}").format(n=number(n, 0)), f"mc-deal-{n}", lambda _b, n=n: self.deal(n)
            )
            for n in self.BATCHES
        ]
        deals.append(button(_("Start again"), "mc-reset", lambda _b: self.reset()))
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
        exactly = _("Exact chance that a dealt hand is a run: {exact} ≈ {percent}").format(
            exact=f"<b>{chance}</b>", percent=percent(chance, digits=2)
        )
        self.exact.value = f"<p>{exactly}</p>"

    @shows_errors
    def deal(self, count: int) -> None:
        """Deal `count` more hands from the shuffled deck and count the runs."""
        deck = find_preset(self.preset.value).cards()
        rng = random.Random(f"{self.seed}/{self.preset.value}/{len(self.runs)}")
        self.runs += [is_run(rng.sample(deck, 6)) for _hand in range(count)]
        hits, dealt = sum(self.runs), len(self.runs)
        runs = ngettext(
            "{runs} run in {dealt} hands dealt: {share}",
            "{runs} runs in {dealt} hands dealt: {share}",
            hits,
        ).format(runs=number(hits, 0), dealt=number(dealt, 0), share=percent(hits / dealt, 2))
        self.dealt.value = f"<p>{escape(runs)}</p>"
        exact = float(run_chance(self.preset.value))
        title = _("Run hands, deck {deck}").format(deck=find_preset(self.preset.value).label)
        self.figure = run_chart(self.runs, exact, title)
        self.chart.value = _png(self.figure)


class DealOdds(Complains, w.VBox):
    """The exact odds of a dealt hand for the chosen deck and llama scoring."""

    def __init__(self, preset: str = "classic") -> None:
        self.preset = _deck_choice(preset)
        self.llama_scoring = _llama_scoring_choice()
        self.answer = html("mc-deal-odds")
        self.message = html("mc-message-box")
        self.compare_button = button(_("Compare every deck"), "mc-compare", self.compare)
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
            f"<tr><td>{escape(deck.label)}</td>"
            + "".join(f"<td>{number(expected_score(deck, s))}</td>" for s in LLAMA_SCORING)
            + "</tr>"
            for deck in PRESETS.values()
        )
        headings = [_("deck"), _("llamas score 10 once"), _("10 each")]
        self.comparison.value = _table(headings, rows)

    @shows_errors
    def show(self) -> None:
        """The exact odds of a dealt hand for the chosen deck and llama scoring."""
        deck, scoring = find_preset(self.preset.value), self.llama_scoring.value
        expected = expected_score(deck, scoring)
        spread = distinct_values_chances(deck)
        rows = "".join(
            f"<tr><td>{values}</td><td>{chance}</td><td>{percent(chance)}</td></tr>"
            for values, chance in spread.items()
        )
        hands = different_hands(deck)
        different = ngettext(
            "{hands} different hand can be dealt from the {deck} deck (equal cards are "
            "interchangeable; there are {deals} deals).",
            "{hands} different hands can be dealt from the {deck} deck (equal cards are "
            "interchangeable; there are {deals} deals).",
            hands,
        ).format(hands=number(hands, 0), deck=deck.label, deals=number(comb(deck.size, 6), 0))
        scores = _("Expected score of a hand as dealt: {exact} ≈ {approximately} points.")
        scores = scores.format(exact=f"<b>{expected}</b>", approximately=number(expected))
        headings = [_("different values"), _("exactly"), "≈"]
        self.answer.value = f"<p>{escape(different)}</p><p>{scores}</p>{_table(headings, rows)}"
