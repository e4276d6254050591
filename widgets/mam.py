"""The target game "MAM!" as ipywidgets: the card table (class, versus-computer and practice
modes) and a self-paced practice session.

Every button calls the engine in `mathcards.mam`, then re-renders from the engine's state;
the render functions are pure (state → HTML) and no rule lives here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape
from itertools import groupby

import ipywidgets as w

from mathcards.engine import check_players
from mathcards.i18n import N_, _, ngettext, number, percent, said, you
from mathcards.mam import level as level_named
from mathcards.mam.bots import (
    SKILLS,
    Bot,
    Plan,
    computer_name,
    computer_seat,
    race,
    unknown_skill,
)
from mathcards.mam.cards import LEVELS, Level, deal, level_choices, read_cards
from mathcards.mam.check import Verdict, check, preview
from mathcards.mam.expression import describe
from mathcards.mam.game import Claim, MamGame, Pass, Phase, Take, Unreadable
from mathcards.mam.odds import (
    LESSON_DEALS,
    LESSON_SEED,
    Solvability,
    distinct_calculations,
    ordered_calculations,
    solvability,
)
from mathcards.mam.practice import PracticeSet
from mathcards.mam.solver import Found, find_solutions
from widgets import svg
from widgets.controls import (
    MESSAGE_STYLE,
    Alarm,
    Clock,
    Complains,
    background,
    button,
    html,
    kernel_clock,
    render_message,
    shows_errors,
)

MODES = ("class", "versus", "practice")
TEAMS = "ABCDEF"
SHOWN_PER_GROUP = 40
STYLE = """<style>
.mc-target-number { font: 700 44px sans-serif; margin: 0 12px; }
.mc-answer input { font-size: 22px !important; height: 40px !important; }
.mc-preview { font-size: 20px; min-height: 1.6em; }
.mc-scores table { font-size: 18px; border-collapse: collapse; }
.mc-scores td { padding: 2px 12px; }
.mc-countdown { font-size: 20px; font-weight: 700; color: #9a3412; }
.mc-nowrap, .mc-solutions li { white-space: nowrap; }
.mc-solutions { overflow-x: auto; }
.mc-report { border-collapse: collapse; font-size: 17px; margin-top: 8px; }
.mc-report td, .mc-report th { padding: 3px 10px; border-bottom: 1px solid #e5e7eb; }
.mc-hint-cost { color: #9a3412; font-size: 16px; margin: 0; }
.mc-confirm { background: #fef3c7; border-radius: 8px; }
</style>"""


# ---------------------------------------------------------------- pure rendering


def render_table(
    cards: list[int], dice: tuple[int, ...], colours: tuple[str, ...], deck_left: int | None = None
) -> str:
    """The dice, the target they make, and the face-up cards."""
    target = sum(dice)
    rolled = [svg.die(face, colour) for face, colour in zip(dice, colours, strict=True)]
    equals = f'<span class="mc-target-number mc-target" data-target="{target}">= {target}</span>'
    face_up = [svg.card(value) for value in cards]
    if deck_left is not None:
        face_up.append(svg.card_back(deck_left))
    return svg.row([*rolled, equals], css_class="mc-dice") + svg.row(face_up, css_class="mc-cards")


def render_scores(game: MamGame) -> str:
    """Each player's won cards."""
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{cards_count(len(cards))}</td></tr>"
        for name, cards in game.won.items()
    )
    return f'<table class="mc-score-table">{rows}</table>'


def render_solutions(found: Found, target: int) -> str:
    """How many ways there are, and the best of them grouped by how many cards they use."""
    solutions = found.solutions
    if not solutions:
        nothing = _("No calculation makes {target} from these cards.").format(target=target)
        return f"<p>{escape(nothing)}</p>"
    heading = ngettext("{count} way to make {target}", "{count} ways to make {target}", found.total)
    heading = heading.format(count=found.count, target=target)
    if len(solutions) < found.total:
        heading = _("{ways}: the best {shown}, most cards first").format(
            ways=heading, shown=len(solutions)
        )
    parts = [f"<p><b>{escape(heading)}</b></p>"]
    for used, group in groupby(solutions, key=lambda s: len(s.cards)):
        shown = list(group)
        items = "".join(f"<li>{escape(s.pretty)}</li>" for s in shown[:SHOWN_PER_GROUP])
        more = len(shown) - SHOWN_PER_GROUP
        if more > 0:
            rest = _("… and {count} more").format(count=more)
            items += f"<li>{escape(rest)}</li>"
        parts.append(f"<p>{cards_count(used)} ({len(shown)}):</p><ul>{items}</ul>")
    return "".join(parts)


def render_preview(text: str, power: bool) -> str:
    """The typed calculation as the child would write it, with its value so far."""
    seen = preview(text, power=power)
    if seen.problem and not seen.latex:
        return f'<span class="mc-preview-problem">{escape(seen.problem)}</span>'
    if not seen.latex:
        return ""
    shown = f"${seen.latex}$"
    if seen.value is not None:
        shown += (
            f" = {seen.value}"
            if seen.complete
            else " " + escape(_("… so far {value}").format(value=seen.value))
        )
    elif seen.problem:
        shown += f" — {escape(seen.problem)}"
    return shown


def render_report(practice: PracticeSet) -> str:
    """Every deal of a finished set: the cards, your answer, what it won, and for a deal you
    missed one good answer."""
    rows = []
    for deal_number, exercise in enumerate(practice.exercises, 1):
        yours = escape(exercise.answer) if exercise.answer else "—"
        hints = f" ({hints_count(exercise.hints_used)})" if exercise.hints_used else ""
        good = "" if exercise.solved else escape(exercise.good_answer())
        rows.append(
            f"<tr><td>{deal_number}</td><td>{' '.join(map(str, exercise.cards))}</td>"
            f"<td>{exercise.target}</td><td class='mc-nowrap'>{yours}</td>"
            f"<td>{cards_count(exercise.won)}{hints}</td><td class='mc-nowrap'>{good}</td></tr>"
        )
    head = header_row(REPORT_COLUMNS)
    return f'<table class="mc-report">{head}{"".join(rows)}</table>'


def counting_table(hands: list[tuple[int, ...]]) -> str:
    """For hands of 1, 2, 3 … cards: how many ways there are to write a calculation with all
    of them, against how many different solutions those are."""
    rows = "".join(
        f"<tr><td>{' '.join(map(str, hand))}</td><td>{number(ordered_calculations(len(hand)))}"
        f"</td><td>{number(distinct_calculations(hand))}</td></tr>"
        for hand in hands
    )
    head = header_row(COUNTING_COLUMNS)
    return f'<table class="mc-report mc-counting">{head}{rows}</table>'


REPORT_COLUMNS = (
    N_("deal"),
    N_("cards"),
    N_("target"),
    N_("your answer"),
    N_("won"),
    N_("one good answer"),
)
COUNTING_COLUMNS = (
    N_("cards"),
    N_("ways to write it, all cards used"),
    N_("different solutions (every step whole)"),
)
LEVELS_COLUMNS = (N_("level"), N_("powers"), N_("the target can be made"))


def render_hints(rungs: list[str]) -> str:
    """The hints shown so far, one a line."""
    label = escape(_("Hint:"))
    return "".join(f"<p><b>{label}</b> {escape(rung)}</p>" for rung in rungs)


def team_names(teams: int) -> list[str]:
    """The class's teams: "Team A", "Team B", … ("Drużyna A", …)."""
    if not isinstance(teams, int) or not 1 <= teams <= len(TEAMS):
        message = _("a class plays as 1 to {most} teams, not {teams}")
        raise ValueError(message.format(most=len(TEAMS), teams=repr(teams)))
    return [_("Team {letter}").format(letter=letter) for letter in TEAMS[:teams]]


def level_menu(level: str) -> w.Dropdown:
    """The difficulty levels by name in the page's language; the value is the level's id."""
    return w.Dropdown(options=level_choices(), value=level, description=_("Level"))


def power_box(power: bool) -> w.Checkbox:
    """The exponent variant, on or off."""
    return w.Checkbox(value=power, description=_("exponent variant (^)"))


def progress(text: str) -> str:
    """A line that says slow work is under way."""
    return f"<p class='mc-progress'>{escape(text)}</p>"


def header_row(columns: tuple[str, ...]) -> str:
    """A table's heading row, in the language in use."""
    return "<tr>" + "".join(f"<th>{escape(_(column))}</th>" for column in columns) + "</tr>"


def cards_count(n: int) -> str:
    """ "1 card", "5 cards" ("1 karta", "2 karty", "5 kart")."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def hints_count(n: int) -> str:
    """ "1 hint", "3 hints" ("1 podpowiedź", "3 podpowiedzi")."""
    return ngettext("{n} hint", "{n} hints", n).format(n=n)


# ---------------------------------------------------------------- the answer box


class AnswerBox(w.VBox):
    """A text box with a live preview, a submit button and a message beside them."""

    def __init__(self, submit_label: str = "MAM!", power: bool = False) -> None:
        self.power = power
        self.text = w.Text(
            placeholder=_("type a calculation, e.g. 7×6−12+2"), layout=w.Layout(width="420px")
        )
        self.text.add_class("mc-answer")
        self.submit = w.Button(description=submit_label, button_style="success")
        self.submit.add_class("mc-mam")
        self.preview = w.HTMLMath()
        self.preview.add_class("mc-preview")
        self.message = w.HTML()
        self.message.add_class("mc-message-box")
        self.text.observe(self._update_preview, names="value")
        # Enter submits too; ipywidgets 8 marks on_submit deprecated but offers no other way
        # to keep the live preview (continuous updates) and react to Enter.
        self.text.on_submit(lambda _text: self.submit.click())
        super().__init__([w.HBox([self.text, self.submit]), self.preview, self.message])

    def _update_preview(self, _change: object = None) -> None:
        self.preview.value = render_preview(self.text.value, self.power)

    def say(self, text: str, ok: bool | None = None) -> None:
        self.message.value = render_message(text, ok)

    def clear(self) -> None:
        self.text.value = ""
        self._update_preview()


# ---------------------------------------------------------------- the card table


class MamTable(Complains, w.VBox):
    """The game on a projector (`class`), against the computer (`versus`) or alone (`practice`).

    In class mode the teacher picks who shouted "MAM!" and types their calculation; the class
    plays as `players`, or as `teams` teams ("Team A", "Team B", … in the page's language).
    """

    def __init__(
        self,
        players: tuple[str, ...] | list[str] | None = None,
        *,
        teams: int = 2,
        mode: str = "class",
        level: str = "normal",
        power: bool = False,
        seed: int | None = None,
        opponents: tuple[str, ...] = ("good",),
        clock: Clock = kernel_clock,
    ) -> None:
        if mode not in MODES:
            message = _("unknown mode {mode}: choose one of {known}")
            raise ValueError(message.format(mode=repr(mode), known=", ".join(MODES)))
        for skill in opponents:
            if skill not in SKILLS:
                raise unknown_skill(skill)
        self.mode, self.seed = mode, seed
        self.names = self._seating(team_names(teams) if players is None else players, opponents)
        self.skills = dict(zip(self.names[1:], opponents, strict=False)) if mode == "versus" else {}
        self.game: MamGame | None = None
        self.games_dealt = 0
        self.bots: list[Bot] = []
        self.hints_shown = 0
        self.alarm = Alarm(clock)
        self.seconds_left = 0.0
        self.plan: Plan | None = None
        self.giving_up: tuple[tuple[int, ...], int] | None = None
        self._build(level, power)

    def _seating(self, players: Sequence[str], opponents: tuple[str, ...]) -> list[str]:
        """The names at the table: the class's teams, or the reader and the computers."""
        if self.mode == "practice":
            return [you()]
        if self.mode == "versus":
            computers = [computer_name(seat, skill) for seat, skill in enumerate(opponents, 1)]
            return [you(), *computers]
        return check_players(players, game="MAM!", fewest=1)

    # ------------------------------------------------------------ layout

    def _build(self, level: str, power: bool) -> None:
        self.level_choice, self.power_choice = level_menu(level), power_box(power)
        self.deal_button = button(_("New game"), "mc-new-game", self.deal, button_style="primary")
        self.confirm = w.HBox()
        self.confirm.add_class("mc-confirm")
        waiting = escape(_("Press “New game” to deal."))
        self.table = html("mc-table", f'<p class="mc-waiting">{waiting}</p>')
        self.claimer = w.Dropdown(options=self.names, description=_("MAM! by"))
        self.claimer.add_class("mc-claimer")
        self.claimer.layout.display = "" if self.mode == "class" else "none"
        self.answer = AnswerBox("MAM!" if self.mode != "practice" else _("Check"), power)
        self.message = self.answer.message
        self.answer.submit.on_click(self.submit)
        self.takes = w.HBox()
        self.takes.add_class("mc-takes")
        self.countdown = html("mc-countdown")
        self.hint_button = button(_("Hint"), "mc-hint", self.hint)
        self.none_button = button(_("Next round"), "mc-next-round", self.no_solution)
        self.all_button = button(_("Show all solutions"), "mc-show-all", self.show_all)
        self.hint_text = html("mc-hint-text")
        self.solutions = html("mc-solutions")
        self.status = html("mc-status")
        self.scores = html("mc-scores")
        settings = w.HBox([self.deal_button, self.level_choice, self.power_choice])
        settings.add_class("mc-settings")
        help_row = w.HBox([self.hint_button, self.none_button, self.all_button])
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                settings,
                self.confirm,
                self.table,
                self.countdown,
                self.claimer,
                self.answer,
                self.takes,
                help_row,
                self.hint_text,
                self.status,
                self.scores,
                self.solutions,
            ]
        )
        self.add_class("mc-target-table")

    # ------------------------------------------------------------ actions

    @property
    def level(self) -> Level:
        return level_named(self.level_choice.value, power=self.power_choice.value)

    @shows_errors
    def deal(self, _button: object = None) -> None:
        """A new game; one under way is thrown away only when the teacher says so."""
        game = self.game
        if game is not None and game.log and not game.over:
            scores = ", ".join(f"{name} {cards_count(n)}" for name, n in game.scores().items())
            question = _("Start a new game?")
            lost = _("This one ({scores}) will be lost.").format(scores=scores)
            self.confirm.children = (
                w.HTML(f"<b>{escape(question)}</b> {escape(lost)}"),
                button(
                    _("Yes, a new game"), "mc-confirm-new", self._new_game, button_style="danger"
                ),
                button(_("No, keep playing"), "mc-keep", lambda _b: self._clear_confirm()),
            )
            return
        self._new_game()

    def _clear_confirm(self) -> None:
        self.confirm.children = ()

    @shows_errors
    def _new_game(self, _button: object = None) -> None:
        """Shuffle, turn up five cards and roll (the next seed, if seeded)."""
        self._clear_confirm()
        self._stop_countdown()
        seed = None if self.seed is None else self.seed + self.games_dealt
        self.games_dealt += 1
        self.game = MamGame(self.names, level=self.level, seed=seed)
        self.answer.power = self.level.power
        self.bots = [
            Bot(name, skill, seed, seat=computer_seat(number, skill))
            for number, (name, skill) in enumerate(self.skills.items(), 1)
        ]
        self.answer.say("")
        self.status.value = ""
        self._new_round()

    @shows_errors
    def submit(self, _button: object = None) -> None:
        """Judge the typed calculation as a claim ("MAM!") by the chosen player."""
        game = self._playing()
        text = self.answer.text.value
        player = self.claimer.value if self.mode == "class" else self.names[0]
        self._clear_confirm()
        try:
            self._claim(game, Claim(player, text))
        except Unreadable as slip:
            self.answer.say(str(slip), ok=False)
            if self.mode != "practice":
                question = said(
                    player,
                    N_("Judge “{answer}” as your claim anyway?"),
                    N_("Judge “{answer}” as {player}’s claim anyway?"),
                    answer=text,
                )
                self.confirm.children = (
                    w.HTML(escape(question)),
                    button(
                        _("Judge it anyway"),
                        "mc-judge-anyway",
                        lambda _b: self.judge_anyway(Claim(player, text, confirmed=True)),
                    ),
                )

    @shows_errors
    def judge_anyway(self, claim: Claim) -> None:
        """The teacher confirms an unreadable claim: it is judged (and so wrong)."""
        self._claim(self._playing(), claim)

    def _claim(self, game: MamGame, claim: Claim) -> None:
        """Make the claim and show its verdict; the round moves on unless it is a solo miss."""
        self._clear_confirm()
        event = game.apply(claim)
        verdict = game.last_verdict
        assert verdict is not None
        self.answer.say(
            verdict.message
            if verdict.correct
            else _("Not quite: {reason}").format(reason=verdict.message),
            ok=verdict.correct,
        )
        self.status.value = render_message(event.sentence)
        if verdict.correct:
            self.answer.clear()
        if game.phase is not Phase.CLAIM or verdict.correct:
            self._stop_countdown()
            self._after_move()

    @shows_errors
    def take(self, take: Take) -> None:
        """The player whose turn it is takes a face-up card after a wrong claim."""
        self.status.value = render_message(self._playing().apply(take).sentence)
        self._after_move()

    @shows_errors
    def no_solution(self, _button: object = None) -> None:
        """Nobody found a way: one more card and a new roll. When there is a way, the first
        press says so; a second press gives up on it."""
        game = self._playing()
        gives_up = self.giving_up == (tuple(game.face_up), game.target)
        if game.phase is Phase.CLAIM and not gives_up and game.solvable():
            self.giving_up = (tuple(game.face_up), game.target)
            self.answer.say(
                _(
                    "There is a way to make {target}: keep looking, ask for a hint, or press "
                    "“Next round” again to give up on this one."
                ).format(target=game.target),
                ok=None,
            )
            return
        self.status.value = render_message(game.apply(Pass()).sentence)
        self._stop_countdown()
        self._after_move()

    @shows_errors
    def hint(self, _button: object = None) -> None:
        """The next rung of the hint ladder."""
        ladder = self._playing().hints()
        self.hints_shown = min(self.hints_shown + 1, len(ladder))
        self.hint_text.value = render_hints(ladder[: self.hints_shown])

    @shows_errors
    def show_all(self, _button: object = None) -> None:
        """For the teacher: every solution, grouped by cards used (press again to hide)."""
        game = self._playing()
        if self.solutions.value:
            self.solutions.value = ""
            return
        self.solutions.value = progress(_("Finding every way…"))
        found = find_solutions(game.solver_cards(), game.target, power=game.power)
        self.solutions.value = render_solutions(found, game.target)

    # ------------------------------------------------------------ the round

    @property
    def dealt(self) -> MamGame:
        """The game on the table (there is one once the first deal is made)."""
        assert self.game is not None, "deal first"
        return self.game

    def _playing(self) -> MamGame:
        if self.game is None:
            raise ValueError(_("press “New game” first"))
        if self.game.over:
            message = _("the game is over: {result} Press “New game”.")
            raise ValueError(message.format(result=self.game.result()))
        return self.game

    def _after_move(self) -> None:
        """Let computer players take their cards, then show the next round or the end."""
        game = self.dealt
        while game.must_take and game.must_take[0] in self.skills:
            bot = next(bot for bot in self.bots if bot.name == game.must_take[0])
            taken = game.apply(bot.take(game.view(bot.name)))
            self.status.value += render_message(taken.sentence)
        if game.must_take:
            self._render()
            return
        self._new_round()

    def _new_round(self) -> None:
        self.hints_shown = 0
        self.hint_text.value = ""
        self.solutions.value = ""
        self._render()
        if self.dealt.over:
            over = _("Game over: {result}").format(result=self.dealt.result())
            self.status.value += render_message(over, ok=True)
        elif self.bots:
            self._start_countdown()

    def _render(self) -> None:
        game = self.dealt
        self.table.value = render_table(
            game.face_up, game.dice or (), game.level.colours, deck_left=len(game.deck)
        )
        won = _("Cards won: {n}").format(n=len(game.won[self.names[0]]))
        self.scores.value = render_scores(game) if self.mode != "practice" else f"<p>{won}</p>"
        self._render_takes()

    def _render_takes(self) -> None:
        game = self.dealt
        if not game.must_take:
            self.takes.children = ()
            return
        taker = said(game.must_take[0], N_("Take a card:"), N_("{player}, take a card:"))
        label = w.HTML(f"<b>{escape(taker)}</b>")
        buttons = []
        for take in game.legal_actions():
            assert isinstance(take, Take)
            button = w.Button(description=str(take.card), layout=w.Layout(width="56px"))
            button.add_class("mc-take")
            button.on_click(lambda _b, take=take: self.take(take))
            buttons.append(button)
        self.takes.children = (label, *buttons)

    # ------------------------------------------------------------ computer players

    def _start_countdown(self) -> None:
        self._stop_countdown()
        self.plan = plan = race(self.bots, self.dealt.view(self.names[0]))
        self.seconds_left = plan.seconds
        self._tick(0)

    def _tick(self, elapsed: float = 1) -> None:
        """One second of the computer players' thinking."""
        plan = self.plan
        assert plan is not None, "the countdown follows a plan"
        self.seconds_left = max(0.0, self.seconds_left - elapsed)
        if self.seconds_left > 0:
            seconds = f"{self.seconds_left:.0f}"
            thinking = (
                _("{player} is thinking: {seconds} s").format(player=plan.player, seconds=seconds)
                if plan.answer
                else _("The computer is thinking: {seconds} s").format(seconds=seconds)
            )
            self.countdown.value = escape(thinking)
            self.alarm.set(min(1.0, self.seconds_left), self._tick_safely)
            return
        self.countdown.value = ""
        if plan.answer:
            claimed = self.dealt.apply(Claim(plan.player, plan.answer))
            self.status.value = render_message(claimed.sentence)
            self.answer.say(_("{player} was faster this time.").format(player=plan.player))
            self._after_move()
        else:
            self.answer.say(
                _("The computer players found nothing. Can you? If not, press “Next round”.")
            )

    @shows_errors
    def _tick_safely(self) -> None:
        """The timer's callback: one more second, with any error shown on the page."""
        self._tick(min(1.0, self.seconds_left))

    def _stop_countdown(self) -> None:
        self.alarm.stop()
        self.countdown.value = ""


# ---------------------------------------------------------------- practice


class PracticeSession(Complains, w.VBox):
    """A self-paced set of deals: answer, get feedback and hints, see the score and a summary."""

    def __init__(
        self,
        level: str = "normal",
        *,
        power: bool = False,
        rounds: int = 8,
        seed: int | None = None,
    ) -> None:
        self.seed, self.sets_started = seed, 0
        self.level_choice, self.power_choice = level_menu(level), power_box(power)
        self.rounds_choice = w.BoundedIntText(value=rounds, min=1, max=50, description=_("Deals"))
        self.new_button = button(_("New set"), "mc-new-set", self.new_set, button_style="primary")
        self.progress = html("mc-progress")
        self.table = html("mc-table")
        self.answer = AnswerBox(_("Check"), power)
        self.message = self.answer.message
        self.answer.submit.on_click(self.submit)
        self.hint_button = button(_("Hint"), "mc-hint", self.hint)
        self.next_button = button(_("Next deal"), "mc-next", self.next)
        self.hint_text = html("mc-hint-text")
        self.summary = html("mc-summary")
        settings = w.HBox(
            [self.new_button, self.level_choice, self.power_choice, self.rounds_choice]
        )
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                settings,
                self.progress,
                self.table,
                self.answer,
                w.HBox([self.hint_button, self.next_button]),
                self.hint_text,
                self.summary,
            ]
        )
        self.add_class("mc-practice")
        self.new_set()

    @shows_errors
    def new_set(self, _button: object = None) -> None:
        """A fresh set of deals at the chosen level (the next seed, if seeded)."""
        seed = None if self.seed is None else self.seed + self.sets_started
        self.sets_started += 1
        chosen = level_named(self.level_choice.value, power=self.power_choice.value)
        self.practice = PracticeSet(chosen, rounds=self.rounds_choice.value, seed=seed)
        self.answer.power = chosen.power
        self.answer.say("")
        self.answer.clear()
        self._show()

    def _unfinished(self) -> None:
        """A ValueError once the set is over: only "New set" goes on."""
        if self.practice.finished:
            raise ValueError(_("the set is finished: press “New set” for another"))

    @shows_errors
    def submit(self, _button: object = None) -> None:
        self._unfinished()
        verdict = self.practice.answer(self.answer.text.value)
        self.answer.say(
            verdict.message
            if verdict.correct
            else _("Not yet: {reason}. Try again!").format(reason=verdict.message),
            ok=verdict.correct,
        )
        self._show_progress()

    @shows_errors
    def hint(self, _button: object = None) -> None:
        """The next hint; each costs a card of this deal's win."""
        self._unfinished()
        self.practice.hint()
        cost = escape(_("Each hint costs one card of this deal's win."))
        self.hint_text.value = f"<p class='mc-hint-cost'>{cost}</p>" + render_hints(
            self.practice.revealed()
        )
        self._show_progress()

    @shows_errors
    def next(self, _button: object = None) -> None:
        self._unfinished()
        self.practice.next()
        self.answer.clear()
        self.answer.say("")
        self._show()

    def _show(self) -> None:
        self.hint_text.value = ""
        self._show_progress()
        if self.practice.finished:
            self.table.value = ""
            self.summary.value = render_message(self.practice.summary(), ok=True) + (
                render_report(self.practice)
            )
            return
        self.summary.value = ""
        exercise = self.practice.current
        self.table.value = render_table(exercise.cards, exercise.dice, self.practice.level.colours)

    def _show_progress(self) -> None:
        solved, won, hints = self.practice.score()
        at = min(self.practice.position + 1, self.practice.rounds)
        deal_at = _("Deal {at} of {rounds}").format(at=at, rounds=self.practice.rounds)
        score = [
            _("solved {solved}").format(solved=solved),
            _("cards won {won}").format(won=won),
            _("hints used {hints} (each costs a card)").format(hints=hints),
        ]
        self.progress.value = f"<b>{escape(deal_at)}</b> · " + escape(" · ".join(score))


# ---------------------------------------------------------------- explorers for the lessons


class QuickDeal(w.VBox):
    """A seeded deal and roll, and every way to make its target at the press of a button."""

    def __init__(self, seed: int = 2026, level: str = "normal") -> None:
        self.seed, self.level = seed, level_named(level)
        self.deal_view = html("mc-table")
        self.found = html("mc-solutions")
        self.ways_button = button(_("Show every way"), "mc-show-all", self.show_ways)
        another = button(_("Another deal"), "mc-another", self.another, button_style="primary")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.deal_view,
                w.HBox([another, self.ways_button]),
                self.found,
            ]
        )
        self.add_class("mc-quick-deal")
        self._deal()

    def _deal(self) -> None:
        rng = random.Random(self.seed)
        self.cards = deal(rng, self.level)
        self.dice = self.level.roll(rng)
        self.deal_view.value = render_table(self.cards, self.dice, self.level.colours)
        self.found.value = ""

    def another(self, _button: object = None) -> None:
        """The next seeded deal: the same sequence for every class."""
        self.seed += 1
        self._deal()

    def show_ways(self, _button: object = None) -> None:
        target = sum(self.dice)
        self.found.value = render_solutions(find_solutions(self.cards, target), target)


EXPLORER_CARDS = 6  # the solver answers at once for up to six cards, powers included


class SolverExplorer(Complains, w.VBox):
    """Type cards and a target: every solution, grouped by the cards it uses."""

    def __init__(self, cards: str = "7 6 12 2 15", target: int = 32, power: bool = False) -> None:
        self.cards = w.Text(value=cards, description=_("Cards"))
        self.cards.add_class("mc-cards-input")
        self.target = target_box(target)
        self.power = power_box(power)
        self.message = html("mc-message-box")
        self.found = html("mc-solutions")
        for control in (self.cards, self.target, self.power):
            control.observe(lambda _change: self.show(), names="value")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.cards, self.target, self.power]),
                self.message,
                self.found,
            ]
        )
        self.add_class("mc-solver-explorer")
        self.show()

    @shows_errors
    def show(self) -> None:
        """Solve the typed deal; a typing mistake is named beside the boxes and nothing lost."""
        self.found.value = ""
        cards = read_cards(self.cards.value, most=EXPLORER_CARDS)
        found = find_solutions(cards, self.target.value, power=self.power.value)
        self.message.value = ""
        self.found.value = render_solutions(found, self.target.value)


class SameSolution(Complains, w.VBox):
    """Two calculations side by side: what each one does, in words, and whether they are one
    solution."""

    def __init__(
        self,
        first: str = "12 + 15 + 7 − 2",
        second: str = "(12 + 15) + (7 − 2)",
        cards: str = "7 6 12 2 15",
        target: int = 32,
    ) -> None:
        self.first = w.Text(value=first, description=_(FIRST))
        self.second = w.Text(value=second, description=_(SECOND))
        self.cards = w.Text(value=cards, description=_("Cards"))
        self.target = target_box(target)
        self.message = html("mc-message-box")
        self.verdict = html("mc-same")
        for control in (self.first, self.second, self.cards, self.target):
            control.add_class("mc-same-input")
            control.observe(lambda _change: self.compare(), names="value")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.cards, self.target]),
                self.first,
                self.second,
                self.message,
                self.verdict,
            ]
        )
        self.add_class("mc-same-solution")
        self.compare()

    @shows_errors
    def compare(self) -> None:
        self.verdict.value = ""
        cards = read_cards(self.cards.value)
        verdicts = [
            check(text.value, cards, self.target.value, power=True)
            for text in (self.first, self.second)
        ]
        self.message.value = ""
        self.verdict.value = render_comparison(verdicts)


def render_comparison(verdicts: list[Verdict]) -> str:
    """Each calculation in words, then one sentence: the same solution or not."""
    lines = []
    for name, verdict in zip((FIRST, SECOND), verdicts, strict=True):
        words = describe(verdict.form) if verdict.correct and verdict.form else verdict.message
        tone = "mc-ok" if verdict.correct else "mc-error"
        lines.append(
            f'<p><b>{escape(_(name))}:</b> <span class="{tone}">{escape(words)}</span></p>'
        )
    first, second = verdicts
    if first.correct and second.correct:
        sentence = (
            _("So: the same solution, written two ways.")
            if first.form == second.form
            else _("So: two different solutions.")
        )
        lines.append(f'<p class="mc-same-verdict"><b>{escape(sentence)}</b></p>')
    return "".join(lines)


FIRST, SECOND = N_("First"), N_("Second")


def target_box(target: int) -> w.BoundedIntText:
    """The target to make, typed."""
    return w.BoundedIntText(value=target, min=0, max=10_000, description=_("Target"))


class TargetOdds(Complains, w.VBox):
    """Choose a level: the chance of every target, how often five cards can make the roll, and
    which targets are hardest. The charts are drawn just after the page appears."""

    def __init__(
        self, level: str = "normal", power: bool = False, *, clock: Clock = background
    ) -> None:
        self.level_choice, self.power_choice = level_menu(level), power_box(power)
        self.dice = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.summary = self.message = html("mc-odds-summary")
        self.hardest = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.clock = clock
        for control in (self.level_choice, self.power_choice):
            control.observe(lambda _change: self.redraw(), names="value")
        super().__init__(
            [
                w.HBox([self.level_choice, self.power_choice]),
                self.dice,
                self.summary,
                self.hardest,
            ]
        )
        self.add_class("mc-target-odds")
        self.redraw()

    def redraw(self) -> None:
        """Say the charts are coming, and draw them without holding up the page."""
        self.summary.value = progress(_("Drawing the charts…"))
        self.clock(0, self.show)

    @shows_errors
    def show(self) -> None:
        """Redraw both charts for the chosen level (the counts ship with the package)."""
        from widgets import plots  # matplotlib loads only on the pages that draw a chart

        chosen = level_named(self.level_choice.value, power=self.power_choice.value)
        result = solvability(chosen, LESSON_DEALS, LESSON_SEED)
        self.dice.value = plots.figure_png(plots.target_chart(chosen))
        self.hardest.value = plots.figure_png(plots.per_target_chart(result))
        self.summary.value = render_odds_summary(result)


class AllLevels(Complains, w.VBox):
    """Every level with and without powers: how often the rolled target can be made, and how
    many cards the easiest answer needs (the chart is drawn just after the page appears)."""

    def __init__(self, *, clock: Clock = background) -> None:
        self.results = [
            solvability(LEVELS[name].with_power(power), LESSON_DEALS, LESSON_SEED)
            for name in LEVELS
            for power in (False, True)
        ]
        self.chart = w.Image(format="png", layout=w.Layout(max_width="100%"))
        drawing = escape(_("Drawing the chart…"))
        self.progress = self.message = html("mc-progress", f"<p>{drawing}</p>")
        super().__init__([html("mc-levels", solvability_table(self.results)), self.progress])
        self.children += (self.chart,)
        self.add_class("mc-all-levels")
        clock(0, self.draw)

    @shows_errors
    def draw(self) -> None:
        from widgets import plots  # matplotlib loads after the page is shown

        self.chart.value = plots.figure_png(plots.fewest_cards_chart(self.results))
        self.progress.value = ""


def render_odds_summary(result: Solvability) -> str:
    """How often five cards can make the rolled target at one level, in a sentence."""
    if result.level.power:
        message = ngettext(
            "Level {level}, with powers: five cards can make the rolled target {share} of the "
            "time ({n} seeded deal, every roll weighed by its exact chance). The chart below "
            "shows it target by target.",
            "Level {level}, with powers: five cards can make the rolled target {share} of the "
            "time ({n} seeded deals, every roll weighed by its exact chance). The chart below "
            "shows it target by target.",
            result.deals,
        )
    else:
        message = ngettext(
            "Level {level}, without powers: five cards can make the rolled target {share} of "
            "the time ({n} seeded deal, every roll weighed by its exact chance). The chart "
            "below shows it target by target.",
            "Level {level}, without powers: five cards can make the rolled target {share} of "
            "the time ({n} seeded deals, every roll weighed by its exact chance). The chart "
            "below shows it target by target.",
            result.deals,
        )
    level, share = escape(result.level.label), percent(result.chance)
    return (
        "<p>"
        + escape(message).format(level=f"<b>{level}</b>", share=f"<b>{share}</b>", n=result.deals)
        + "</p>"
    )


YES, NO = N_("yes"), N_("no")


def solvability_table(results: list[Solvability]) -> str:
    """Every level with and without powers: how often the rolled target can be made."""
    rows = "".join(
        f"<tr><td>{escape(result.level.label)}</td>"
        f"<td>{escape(_(YES if result.level.power else NO))}</td>"
        f"<td>{percent(result.chance)}</td></tr>"
        for result in results
    )
    return f'<table class="mc-report">{header_row(LEVELS_COLUMNS)}{rows}</table>'


__all__ = [
    "AllLevels",
    "AnswerBox",
    "MamTable",
    "PracticeSession",
    "QuickDeal",
    "SameSolution",
    "SolverExplorer",
    "TargetOdds",
    "counting_table",
    "render_comparison",
    "render_report",
    "render_solutions",
    "render_table",
    "solvability_table",
]
