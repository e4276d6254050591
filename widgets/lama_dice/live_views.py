"""How the LAMA Dice live pages draw what the class service sent: the moment and its question,
a guess as a chance or a choice, how close it was, the spread of the class's guesses beside
the exact answer, who was closest, and the dice rolled (the same rolls on every page)."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from mathcards.classroom.protocol import Phase
from mathcards.classroom.protocol.lama_dice import (
    AskedView,
    LamaDiceProjectorView,
    LamaDiceSeatView,
    MyGuess,
    QuestionSeen,
    QuestionView,
    Value,
    value_of,
)
from mathcards.i18n import N_, _, ngettext, number, percent, pgettext
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, Faces, name
from mathcards.lama_dice.live import CASES, SPREAD_BINS, Question
from widgets.charts import chart_html, render_bars
from widgets.lama_dice.cards import CASE_WORDS, in_216, render_layout, render_rows

GUESS_STYLE = """<style>
.mc-guess-question { font-size: 22px; font-weight: 700; }
/* the projector, read from the back row: the question, the moment's cards and dice scaled to
   the screen, every line as tall as its font (a widget's line is 28 px) */
.mc-guess-projector .widget-html { height: auto; }
.mc-guess-projector .widget-html-content { line-height: 1.3; }
.mc-guess-projector .mc-guess-question h3 { font-size: max(24px, 3vh); margin: 4px 0; }
.mc-guess-projector .mc-guess-question p { font-size: max(32px, 4.6vh); margin: 0; }
.mc-guess-projector .mc-guess-count { font-size: max(28px, 3.6vh); }
.mc-guess-projector .mc-guess-moment p { font-size: max(20px, 2.6vh); margin: 4px 0; }
.mc-guess-projector .mc-guess-moment .mc-layout-die b { font-size: max(20px, 2.6vh); }
.mc-guess-projector .mc-guess-moment .mc-layout-die svg { width: auto; height: max(40px, 6vh); }
.mc-guess-projector .mc-guess-moment .mc-layout-dice { gap: 1vh 2.5vw; }
.mc-guess-projector .mc-guess-moment svg.mc-card { width: auto; height: max(80px, 12vh); }
.mc-guess-projector .mc-guess-exact { font-size: max(28px, 3.8vh); }
.mc-guess-projector .mc-guess-closest, .mc-guess-projector .mc-guess-closest ul {
  font-size: max(24px, 3.2vh); }
.mc-guess-projector .mc-guess-closest ul { list-style: none; padding-left: 0; display: flex;
  flex-wrap: wrap; gap: 4px 28px; }
.mc-guess-said .mc-message, .mc-guess-said { font-size: 20px; }
.mc-guess-count { font: 700 28px sans-serif; }
.mc-guess-exact { font-size: 24px; font-weight: 700; }
.mc-guess-closest ul { font-size: 19px; }
.mc-bar-row[data-exact="true"] .mc-bar-label { font-weight: 700; }
.mc-rolls-grid { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.mc-rolls-block { border-collapse: collapse; font: 12px sans-serif; }
.mc-rolls-block caption { font-weight: 700; padding-bottom: 2px; }
.mc-rolls-block th { width: 16px; height: 16px; color: #374151; font-weight: 400; }
.mc-rolls-block td { width: 16px; height: 16px; border: 1px solid #9ca3af; text-align: center;
  padding: 0; }
.mc-guess-projector .mc-rolls-block { font-size: 14px; }
.mc-guess-projector .mc-rolls-block th, .mc-guess-projector .mc-rolls-block td { width: 21px;
  height: 21px; }
.mc-rolls-block td.mc-lit { background: #fde047; color: #111827; font-weight: 700; }
.mc-medal { color: #b45309; font-size: 1.3em; }
.mc-rolls-count { font: 700 24px sans-serif; margin: 8px 0; }
.mc-rolls-why { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; }
</style>"""
GRID_WORDS = {  # beside the 216 rolls, by question
    "bust": N_("{count} of the 216 rolls bust: no die matches a card."),
    "discard": N_("{count} of the 216 rolls match a card in your row."),
    "three-llamas": N_("{count} of the 216 rolls show three llamas."),
}
CLOSE = Fraction(1, 20)  # a guess this close to the answer is praised
MEDAL = "★"  # each closest guess's star on the projector (a font without emoji has it)
CHOICE_WORDS = {"roll": N_("roll"), "quit": N_("quit")}
STATUS = {
    None: N_("There is no live lesson yet: wait for the teacher."),
    Phase.LOBBY: N_("You are in. Wait for the teacher's question."),
    Phase.OPEN: N_("Question {n}: make your guess."),
    Phase.REVEALED: N_("Question {n}: the answer is out."),
}


def question_of(view: QuestionView) -> Question:
    """The question the service sent, to read a guess and work out the answer here."""
    dice = tuple(tuple(die) for die in view["dice"] or DEFAULT_DICE)
    return Question(tuple(view["row"]), tuple(view["llama_row"]), dice, view["asks"])  # type: ignore[arg-type]


def share_of(value: Value) -> Fraction | str:
    """A value as the service sends it (a chance, or a choice) back as the engine's."""
    return value_of(value)


def value_words(value: Fraction | str) -> str:
    """A guess or an answer as a page says it: 35% or 37.5%, or roll / quit."""
    if isinstance(value, str):
        return _(CHOICE_WORDS[value])
    return percent(value, 1)


def points_off(off: float) -> str:
    """How far a guess is from the answer: a difference of two percentages is in percentage
    points ("3.7 percentage points", "1 percentage point"; "3,7 punktu procentowego", "2 punkty
    procentowe", "5 punktów procentowych"): a whole number by its plural form, a decimal as
    its own message (Polish says a decimal in the genitive singular)."""
    points = off * 100
    digits = 1 if round(points, 1) or not points else 2  # 0.04 points is not "0"
    shown = round(points, digits)
    if shown == int(shown):
        whole = int(shown)
        return ngettext("{n} percentage point", "{n} percentage points", whole).format(n=whole)
    said = pgettext("a decimal", "{n} percentage points")  # "3,7 punktu procentowego"
    return said.format(n=number(shown, digits))


def off_words(guess: Fraction, exact: Fraction) -> str:
    """A guess against the answer, in a 10-year-old's words: spot on, or how much too low or
    too high."""
    if guess == exact:
        return _("You guessed {guess}: spot on!").format(guess=percent(guess, 1))
    low = guess < exact
    said = (
        _("You guessed {guess}: {off} too low.")
        if low
        else _("You guessed {guess}: {off} too high.")
    )
    return said.format(guess=percent(guess, 1), off=points_off(float(abs(guess - exact))))


def render_moment(question: QuestionSeen | None, heading: bool = True) -> str:
    """The moment drawn: your row, the llama row, and the dice; under the question's number
    (`heading`)."""
    if question is None:
        return ""
    asked = question_of(question)
    dice = escape(_("The dice:"))
    layout = f"<p>{dice}</p>" + render_layout(asked.dice, size=26)
    title = f"<h3>{escape(question_heading(question))}</h3>" if heading else ""
    return title + render_rows(asked.row, asked.llama_row) + layout


def question_heading(question: QuestionSeen) -> str:
    return _("Question {n}").format(n=question["number"])


def render_question(question: QuestionSeen | None) -> str:
    """The projector's question, under its number, before the moment it asks about."""
    if question is None:
        return ""
    heading, text = question_heading(question), question_of(question).text
    return f"<h3>{escape(heading)}</h3><p>{escape(text)}</p>"


def seat_status(view: LamaDiceSeatView) -> str:
    phase, question = view["phase"], view["question"]
    if view["removed"]:
        return _("The teacher has taken you out of the room.")
    if view["game"] is not None and not view["joined"]:
        return _("Join the class with your name to guess.")
    words = STATUS.get(phase, STATUS[Phase.LOBBY])
    return _(words).format(n=question["number"] if question is not None else 0)


def guess_is_in(value: Fraction | str) -> str:
    return _("Your guess is in: {guess}. You may change it until the answer is revealed.").format(
        guess=value_words(value)
    )


def team_guess_is_in(value: Fraction | str) -> str:
    """A team's guess, made by the first member to guess: it stands (the box is closed)."""
    return _("Your team's guess is in: {guess}.").format(guess=value_words(value))


def exact_words(question: QuestionSeen) -> str:
    """The exact answer as the projector and a student's page say it (once revealed)."""
    assert question["exact"] is not None
    exact = share_of(question["exact"])
    if isinstance(exact, str):
        return _("The better choice: {choice}.").format(choice=value_words(exact))
    count = in_216(exact)
    return _("The exact answer: {share} ({count} of the 216 rolls).").format(
        share=percent(exact, 1), count=count
    )


def how_close_words(question: QuestionSeen, mine: MyGuess | None) -> tuple[str, bool]:
    """A student's own result, privately: the answer and how close their guess was."""
    answer = exact_words(question)
    if mine is None:
        return answer + " " + _("You did not guess this time."), False
    guess = share_of(mine["value"])
    if isinstance(guess, str):
        right = mine["off"] == 0
        chose = _("You chose {choice}: right!") if right else _("You chose {choice}.")
        return answer + " " + chose.format(choice=value_words(guess)), right
    exact = share_of(question["exact"]) if question["exact"] is not None else guess
    assert isinstance(exact, Fraction)
    close = abs(guess - exact) <= CLOSE
    praise = " " + _("Very close: well done!") if close else ""
    return answer + " " + off_words(guess, exact) + praise, close


def rolls_words(question: QuestionSeen) -> str:
    """What the dice showed, the same on every page: the share of the case after the rolls."""
    rolls = question["rolls"]
    if not rolls or question["asks"] not in CASES:
        return ""
    shares = question_of(question).rolled(rolls["count"], rolls["seed"])
    case = _(CASE_WORDS[CASES[question["asks"]]])
    rolled = ngettext(
        "The dice were rolled {count} time: “{case}” came up in {share} of the rolls.",
        "The dice were rolled {count} times: “{case}” came up in {share} of the rolls.",
        rolls["count"],
    )
    return rolled.format(count=number(rolls["count"], 0), case=case, share=percent(shares[-1], 1))


def render_spread(question: QuestionSeen) -> str:
    """How the class guessed, as bars, the bar holding the exact answer marked."""
    spread, told = question["spread"], question["exact"]
    if spread is None or told is None:
        return ""
    exact = share_of(told)
    legend = [(_("guesses"), "#1d4ed8")]
    if isinstance(spread, dict):
        rows = [(_(CHOICE_WORDS[choice]), [float(n)]) for choice, n in spread.items()]
        marked = [choice == exact for choice in spread]
    else:
        rows = [(f"{k * 10}–{(k + 1) * 10}%", [float(n)]) for k, n in enumerate(spread)]
        hit = min(int(Fraction(exact) * SPREAD_BINS), SPREAD_BINS - 1)
        marked = [k == hit for k in range(SPREAD_BINS)]
    bars = render_bars(rows, legend, caption=_("How the class guessed"))
    for (label, _values), exact_here in zip(rows, marked, strict=True):
        if exact_here:
            shown = f'<div class="mc-bar-label">{escape(label)}</div>'
            said = escape(_("the exact answer"))
            star = (
                f'<div class="mc-bar-label">{escape(label)} <span aria-hidden="true">◆</span>'
                f'<span class="mc-hidden">({said})</span></div>'
            )
            bars = bars.replace(
                f'<div class="mc-bar-row">{shown}',
                f'<div class="mc-bar-row" data-exact="true">{star}',
            )
    return f'<div class="mc-guess-spread-bars">{bars}</div>'


def render_grid(question: QuestionSeen) -> str:
    """Why the answer is what it is: the 216 rolls as six 6 × 6 blocks a child can count (one
    block for each face of die 1; across, die 3's face; down, die 2's), the rolls of the case
    lit and marked ●, and "92 of the 216 rolls" beside them."""
    asked = question_of(question)
    if not asked.chance:
        return ""
    lit = asked.lit()
    count = sum(counted for _faces, counted in lit)
    said = _(GRID_WORDS[asked.asks]).format(count=count)
    blocks = "".join(
        _block(number, first, lit[number * 36 : number * 36 + 36], asked.dice)
        for number, first in enumerate(asked.dice[0])
    )
    sign = escape(_("● a roll that counts"))
    read = escape(_("In each block: down, die 2; across, die 3."))
    return (
        f'<div class="mc-rolls-why"><div class="mc-rolls-grid" role="img" '
        f'aria-label="{escape(said)}">{blocks}</div>'
        f'<div><p class="mc-rolls-count">{escape(said)}</p><p>{sign}</p><p>{read}</p></div></div>'
    )


def _block(number: int, first: int, lit: list[tuple[Faces, bool]], dice: Dice) -> str:
    """One face of die 1 and the 36 rolls that go with it."""
    title = _("Die 1 shows {face}: {count}").format(
        face=name(first), count=sum(counted for _faces, counted in lit)
    )
    head = "".join(f"<th>{escape(name(face))}</th>" for face in dice[2])
    rows = "".join(
        f"<tr><th>{escape(name(face))}</th>"
        + "".join(
            '<td class="mc-lit">●</td>' if counted else "<td></td>"
            for _faces, counted in lit[down * 6 : down * 6 + 6]
        )
        + "</tr>"
        for down, face in enumerate(dice[1])
    )
    return (
        f'<table class="mc-rolls-block" aria-hidden="true" data-face="{number}">'
        f"<caption>{escape(title)}</caption><tr><th></th>{head}</tr>{rows}</table>"
    )


def render_closest(question: AskedView) -> str:
    """The closest guesses, each starred (every one as close as the best), and how many there
    are; never a name: only a student's own page says how close their guess was."""
    guesses = [guess for guess in question["guesses"] if guess["off"] is not None]
    if not guesses:
        return ""
    least = min(float(guess["off"]) for guess in guesses)  # type: ignore[arg-type]
    chance = question_of(question).chance
    if not chance and least:
        return ""  # nobody chose the better: no star
    best = [guess for guess in guesses if guess["off"] == least]
    items = "".join(
        f'<li class="mc-guess-best"><span class="mc-medal" aria-hidden="true">{MEDAL}</span> '
        f"{escape(value_words(share_of(guess['value'])))}</li>"
        for guess in best
    )
    title = (
        ngettext(
            "{n} guess was the closest: well done!",
            "{n} guesses were the closest: well done!",
            len(best),
        )
        if chance
        else ngettext(
            "{n} student chose the better: well done!",
            "{n} students chose the better: well done!",
            len(best),
        )
    )
    return f"<p><b>{escape(title.format(n=len(best)))}</b></p><ul>{items}</ul>"


def render_count(view: LamaDiceProjectorView) -> str:
    guessed, room = view["guessed"], view["guessed_of"]
    count = ngettext("{n} of {room} has guessed", "{n} of {room} have guessed", guessed)
    return escape(count.format(n=guessed, room=room))


def rolls_chart(question: QuestionSeen) -> str:
    """The running share of the case over the rolls, settling on the exact chance."""
    rolls = question["rolls"]
    if not rolls or question["asks"] not in CASES or question["exact"] is None:
        return ""
    shares = question_of(question).rolled(rolls["count"], rolls["seed"])
    case: Case = CASES[question["asks"]]
    exact = float(share_of(question["exact"]))
    alt = _("the share of the rolls so far against the exact chance")
    return chart_html("guess_chart", alt, shares, exact, case)
