"""The MAM! card table every way to play shares (`TargetTable`): the cards, the dice, the answer
box, the hints, the round. The ways to play are its subclasses: the class on the projector
(`widgets/mam/class_table.py`), against computer players (`versus_table.py`) and alone
(`solo_table.py`); `MamTable(mode=…)` (`modes.py`) picks one.

The game and its solver are imported at the first deal, not with the table: a page shows its
tables before anyone deals (docs/design.md#few-models-for-a-phone)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, TypedDict

import ipywidgets as w

from mathcards.engine import ChanceOutcome
from mathcards.i18n import N_, _, said
from mathcards.mam import level as level_named
from mathcards.mam.cards import Level
from mathcards.mam.expression import Sentence
from mathcards.mam.moves import Claim, Dice, Pass, Phase, Take, Unreadable
from mathcards.replay import dealt
from widgets.book import HERE, ClassBook
from widgets.controls import (
    Clock,
    button,
    fixed,
    html,
    kernel_clock,
    render_message,
    row,
    shows_errors,
)
from widgets.game_table import GameTable
from widgets.mam.cards import (
    AnswerBox,
    cards_count,
    level_menu,
    power_box,
    progress,
    render_hints,
    render_scores,
    render_solutions,
    render_table,
)
from widgets.style import MAM_STYLE, page_style

if TYPE_CHECKING:
    from mathcards.mam.game import MamGame


class TableOptions(TypedDict, total=False):
    """What every way to play at the table may set: the level, the exponent variant (`power`),
    the deal number (`seed`), the clock, the class book; for a demo, a stacked deck (`stack`,
    the cards in the order they are turned up) and dice it rolls itself (`scripted`, `land`)."""

    level: str
    power: bool
    seed: int | None
    clock: Clock
    stack: Sequence[int] | None
    scripted: bool
    book: ClassBook | None


class TargetTable(GameTable):
    """The MAM! table every way to play shares: five cards and the dice, the answer box, the
    hints, a card to take after a wrong claim, the next round. Who sits at it (`names`) and
    what that changes is the way to play's own: `ClassTable`, `VersusTable`, `SoloTable`."""

    way = ""  # the way to play, as `MamTable(mode=…)` names it: the table's name in the book

    def __init__(
        self,
        names: list[str],
        *,
        level: str = "normal",
        power: bool = False,
        seed: int | None = None,
        clock: Clock = kernel_clock,
        stack: Sequence[int] | None = None,
        scripted: bool = False,
        book: ClassBook | None = HERE,
    ) -> None:
        # after a wrong claim, the computers take their cards at once (no pause)
        super().__init__("mam", table=self.way, seed=seed, book=book, clock=clock, pause=0)
        self.stack, self.scripted = stack, scripted
        self.names = names
        self.game: MamGame | None = None
        self.hints_shown = 0
        self.giving_up: tuple[tuple[int, ...], int] | None = None
        self.rounds_shown = 0  # the rounds dealt on this page, to know which one a message is about
        self.message_round = 0  # the round the message under the answer box is about
        self._build(level, power)

    # ------------------------------------------------------------ layout

    def _build(self, level: str, power: bool) -> None:
        """The settings, the table and the line for what goes wrong; the controls of play
        come with the first deal (`_make_play`)."""
        self.level_choice, self.power_choice = level_menu(level), power_box(power)
        self.deal_button = button(_("New game"), "mc-new-game", self.deal, button_style="primary")
        waiting = escape(_("Press “New game” to deal."))
        self.table = html("mc-table", f'<p class="mc-waiting">{waiting}</p>')
        self.message = html("mc-message-box")
        self.play = w.VBox([self.message], layout=fixed(), _dom_classes=("mc-play",))
        settings = row(
            self.deal_button,
            self.level_choice,
            self.power_choice,
            self.deal_number,
            *self._own_settings(),
            css="mc-settings",
        )
        self.lay_out(
            page_style(MAM_STYLE),
            settings,
            self.confirm,
            self.table,
            self.play,
            css="mc-target-table",
        )

    def _make_play(self) -> None:
        """The controls of play, made once, at the first deal (or a game come back): no page
        shows an answer box or a hint before there are cards to use them on, nor sends them
        (docs/design.md#few-models-for-a-phone). The line for what goes wrong moves under the
        answer box."""
        if self.play.children != (self.message,):
            return
        self.answer = AnswerBox(self._claim_word(), self.power_choice.value, self.message)
        self.answer.submit.on_click(self.submit)
        self.takes = w.HBox(layout=fixed(), _dom_classes=("mc-takes",))
        self.hint_button = button(_("Hint"), "mc-hint", self.hint)
        self.none_button = button(_("Next round"), "mc-next-round", self.no_solution)
        self.all_button = button(_("Show all solutions"), "mc-show-all", self.show_all)
        self.hint_text = html("mc-hint-text")
        self.solutions = html("mc-solutions")
        self.status = html("mc-status")
        self.scores = html("mc-scores")
        help_row = row(
            *self._own_help(), self.hint_button, self.none_button, self.all_button, css="mc-help"
        )
        self.play.children = (
            *self._over_answer(),
            self.answer,
            self.takes,
            help_row,
            self.hint_text,
            self.status,
            self.scores,
            self.solutions,
        )

    # ------------------------------------------------------------ actions

    @property
    def level(self) -> Level:
        return level_named(self.level_choice.value, power=self.power_choice.value)

    @shows_errors
    def deal(self, _button: object = None) -> None:
        """A new game, the next deal number; one under way is thrown away only when the
        teacher says so."""
        self.ask_first(lambda: self._new_game(self.deal_number.next()))

    @shows_errors
    def deal_numbered(self, number: int) -> None:
        """The game of the number typed in the deal number box (the same for the whole class)."""
        self._new_game(number)

    @property
    def under_way(self) -> bool:
        game = self.game
        return game is not None and bool(game.log) and not game.over

    def lost_words(self) -> str:
        scored = self.game.scores() if self.game is not None else {}
        scores = ", ".join(f"{name} {cards_count(n)}" for name, n in scored.items())
        question = _("Start a new game?")
        lost = _("This one ({scores}) will be lost.").format(scores=scores)
        return f"{question} {lost}"

    @shows_errors
    def _new_game(self, seed: int) -> None:
        """Shuffle, turn up five cards and roll: the game of deal number `seed`."""
        self._make_play()
        self.keep_going()
        self._seat(seed)
        self._race_over()
        settings = {
            "players": list(self.names),
            "computers": self._strategies(),
            "level": self.level.name,
            "power": self.level.power,
            "scripted": self.scripted,
            "stack": None if self.stack is None else list(self.stack),
        }
        self.game = self._dealt(dealt("mam", settings, seed))
        self._on_table(self.game, seed, settings)
        self._say("")
        self.status.value = ""
        self._new_round()

    def _dealt(self, game: object) -> MamGame:
        from mathcards.mam.game import MamGame  # with the solver, at the first deal

        assert isinstance(game, MamGame)
        self.answer.power = game.power
        return game

    def _back(self, game: MamGame, settings: dict[str, Any]) -> None:
        """A game come back from the class book: its players and level at the table, the
        computer players take the cards they owe, then the round goes on."""
        self._make_play()
        self.keep_going()
        self._race_over()
        self.names = list(game.players)
        self.level_choice.value, self.power_choice.value = game.level.name, game.power
        self.scripted, self.stack = settings["scripted"], settings["stack"]
        self._seated(settings)
        self.game = self._dealt(game)
        self._say("")
        self.status.value = ""
        self._after_move()

    @shows_errors
    def submit(self, _button: object = None) -> None:
        """Judge the typed calculation as a claim ("MAM!") by the chosen player."""
        game = self._playing()
        text = self.answer.text.value
        player = self._claimant()
        self.keep_going()
        try:
            self._claim(game, Claim(player, text))
        except Unreadable as slip:
            self._say(str(slip), ok=False)
            self._unreadable(player, text)

    @shows_errors
    def judge_anyway(self, claim: Claim) -> None:
        """The teacher confirms an unreadable claim: it is judged (and so wrong)."""
        self._claim(self._playing(), claim)

    def _claim(self, game: MamGame, claim: Claim) -> None:
        """Make the claim and show its verdict; the round moves on unless it is a solo miss."""
        self.keep_going()
        event = self._make(claim)
        verdict = game.last_verdict
        assert verdict is not None
        reason = _("Not quite: {reason}.").format(reason=verdict.message)
        self._say(
            verdict.confirmed().message
            if verdict.correct
            else Sentence(reason, verdict.calculations),
            ok=verdict.correct,
            next_round=verdict.correct,
        )
        self.status.value = render_message(event.sentence)
        if verdict.correct:
            self.answer.clear()
        if game.phase is not Phase.CLAIM or verdict.correct:
            self._race_over()
            self._after_move()

    @shows_errors
    def take(self, take: Take) -> None:
        """The player whose turn it is takes a face-up card after a wrong claim."""
        self._playing()
        self.status.value = render_message(self._make(take).sentence)
        self._after_move()

    @shows_errors
    def no_solution(self, _button: object = None) -> None:
        """Nobody found a way: one more card and a new roll. When there is a way, the first
        press says so; a second press gives up on it."""
        game = self._playing()
        gives_up = self.giving_up == (tuple(game.face_up), game.target)
        if game.phase is Phase.CLAIM and not gives_up and game.solvable():
            self.giving_up = (tuple(game.face_up), game.target)
            self._say(
                _(
                    "There is a way to make {target}: keep looking, ask for a hint, or press "
                    "“Next round” again to give up on this one."
                ).format(target=game.target),
                ok=None,
            )
            return
        self.status.value = render_message(self._make(Pass()).sentence)
        self._race_over()
        self._after_move()

    @shows_errors
    def land(self, dice: Dice) -> None:
        """A scripted game (a demo, a test): the dice come out as `dice`, and the race is on."""
        self._playing()
        landed = self._make(ChanceOutcome(dice))
        self.status.value += render_message(landed.sentence)
        self._new_round(landed=True)

    @shows_errors
    def hint(self, _button: object = None) -> None:
        """The next rung of the hint ladder."""
        ladder = self._playing().hints()
        self.hints_shown = min(self.hints_shown + 1, len(ladder))
        self.hint_text.value = render_hints(ladder[: self.hints_shown])

    @shows_errors
    def show_all(self, _button: object = None) -> None:
        """For the teacher: every solution, grouped by cards used (press again to hide)."""
        # the solver with the game, at the first deal
        from mathcards.mam.solver import find_solutions

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
        self.pacing.start()

    def _computers_moved(self) -> None:
        """A person takes a card now, or the next round is dealt."""
        if self.dealt.must_take:
            self._render()
        else:
            self._new_round()

    def _say(self, text: str, ok: bool | None = None, *, next_round: bool = False) -> None:
        """The message under the answer box, about this round (or the one a claim won has
        just dealt): a new round clears it, so no message outlives the table it is about."""
        self.answer.say(text, ok)
        self.message_round = self.rounds_shown + next_round

    def _new_round(self, *, landed: bool = False) -> None:
        """Show the next round (or, `landed`, this round's dice, which a demo rolled)."""
        if not landed:
            self.rounds_shown += 1
            self.keep_going()
        if self.message_round != self.rounds_shown:
            self.answer.say("")
        self.hints_shown = 0
        self.hint_text.value = ""
        self.solutions.value = ""
        self._render()
        if self.dealt.over:
            over = _("Game over: {result}").format(result=self.dealt.result())
            self.status.value += render_message(over)
        elif self.dealt.phase is Phase.CLAIM:
            self._race_begins()

    def _render(self) -> None:
        game = self.dealt
        self.scorebook.seen(game)
        self.table.value = render_table(
            game.face_up, game.dice, game.level.colours, deck_left=len(game.deck)
        )
        self.scores.value = self._render_scores(game)
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

    # ------------------------------------------------------------ what each way to play says

    def _own_settings(self) -> list[w.Widget]:
        """The way to play's own settings, after the table's (made as the table is)."""
        return []

    def _own_help(self) -> list[w.Widget]:
        """The way to play's own buttons, before "Hint" (made with the controls of play)."""
        return []

    def _over_answer(self) -> list[w.Widget]:
        """What the way to play shows between the cards and the answer box (made with the
        controls of play)."""
        return []

    def _claim_word(self) -> str:
        """The answer button's word."""
        return "MAM!"

    def _claimant(self) -> str:
        """Who claims the calculation typed in the answer box."""
        return self.names[0]

    def _seat(self, seed: int) -> None:
        """Seat the players for the game of deal `seed` (nothing to do: they sit as they are)."""

    def _strategies(self) -> dict[str, str]:
        """The computer players at the table (name → strategy): none but at VersusTable."""
        return {}

    def _seated(self, settings: dict[str, Any]) -> None:
        """The players of a game come back (`settings`) at the table as this way to play
        seats them (nothing more to do: they sit as the game says)."""

    def _race_begins(self) -> None:
        """The dice have landed: the race for the target is on."""

    def _race_over(self) -> None:
        """The race for this target ended (a claim, a pass, a new game)."""

    def _unreadable(self, player: str, text: str) -> None:
        """A claim that cannot be read is no claim; the teacher may still have it judged."""
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

    def _render_scores(self, game: MamGame) -> str:
        """The cards each player has won."""
        return render_scores(game)
