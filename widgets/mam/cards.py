"""How MAM! pages show the game: the dice, the target and the cards, the scores, the
solutions, the typed calculation's preview, and the controls every MAM! widget offers."""

from __future__ import annotations

from html import escape
from itertools import groupby
from typing import TYPE_CHECKING

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import TextStyle

from mathcards.classroom.protocol import MOST_TYPED
from mathcards.i18n import N_, _, ngettext
from mathcards.mam.cards import level_choices, target
from widgets import svg
from widgets.controls import announce, button, fixed, html, render_message, shared, show_notice

if TYPE_CHECKING:
    from mathcards.mam.game import MamGame
    from mathcards.mam.solver import Found

TEAMS = "ABCDEF"
SHOWN_PER_GROUP = 40


def render_table(
    cards: list[int],
    dice: tuple[int, ...] | None,
    colours: tuple[str, ...],
    deck_left: int | None = None,
) -> str:
    """The dice, the target they make, and the face-up cards (dice showing ? and no target
    while a scripted game waits for the roll)."""
    faces: tuple[int | str, ...] = dice or ("?",) * len(colours)
    rolled = [svg.die(face, colour) for face, colour in zip(faces, colours, strict=True)]
    made = target(dice) if dice else "?"
    equals = f'<span class="mc-target-number mc-target" data-target="{made}">= {made}</span>'
    face_up = [svg.card(value) for value in cards]
    if deck_left is not None:
        face_up.append(svg.card_back(deck_left))
    return svg.row([*rolled, equals], css_class="mc-dice") + svg.row(face_up, css_class="mc-cards")


def render_scores(game: MamGame) -> str:
    """Each player's won cards."""
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{cards_count(won)}</td></tr>"
        for name, won in game.scores().items()
    )
    return f'<table class="mc-score-table">{rows}</table>'


def render_solutions(found: Found, target: int) -> str:
    """How many ways there are, and the best of them grouped by how many cards they use."""
    from mathcards.mam import typeset  # sympy, once solutions show

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
        items = "".join(
            f"<li>{typeset.html(s.confirmed(target).form)}</li>" for s in shown[:SHOWN_PER_GROUP]
        )
        more = len(shown) - SHOWN_PER_GROUP
        if more > 0:
            rest = _("… and {count} more").format(count=more)
            items += f"<li>{escape(rest)}</li>"
        parts.append(f"<p>{cards_count(used)} ({len(shown)}):</p><ul>{items}</ul>")
    return "".join(parts)


def render_preview(text: str, power: bool) -> str:
    """The typed calculation as the child would write it, typeset (MathML, with its plain text
    beside it for a screen reader), and its value so far."""
    from mathcards.mam import typeset  # sympy, once a child types
    from mathcards.mam.checker import preview  # the checker, once a child types

    seen = preview(text, power=power)
    if seen.problem and not seen.latex:
        return f'<span class="mc-preview-problem">{escape(seen.problem)}</span>'
    if not seen.latex:
        return ""
    assert seen.tree is not None
    shown = typeset.html(seen.tree)
    if seen.value is not None:
        shown += (
            f" = {seen.value}"
            if seen.complete
            else " " + escape(_("… so far {value}").format(value=seen.value))
        )
    elif seen.problem:
        shown += f" — {escape(seen.problem)}"
    return shown


def render_hints(rungs: list[str]) -> str:
    """The hints shown so far, one a line."""
    from mathcards.mam import typeset  # sympy, once a hint shows

    label = escape(_("Hint:"))
    return "".join(f"<p><b>{label}</b> {typeset.sentence(rung)}</p>" for rung in rungs)


def team_names(teams: int) -> list[str]:
    """The class's teams: "Team A", "Team B", … ("Drużyna A", …)."""
    if not isinstance(teams, int) or not 1 <= teams <= len(TEAMS):
        message = _("a class plays as 1 to {most} teams, not {teams}")
        raise ValueError(message.format(most=len(TEAMS), teams=repr(teams)))
    return [_("Team {letter}").format(letter=letter) for letter in TEAMS[:teams]]


def team_boxes(names: list[str]) -> tuple[w.BoundedIntText, w.Text]:
    """How many teams play (2 to 6) and their names, as the teacher types them."""
    count = w.BoundedIntText(
        value=min(max(len(names), 2), len(TEAMS)),
        min=2,
        max=len(TEAMS),
        description=_("Teams"),
        style=shared(DescriptionStyle),
        layout=fixed(width="9em"),
        _dom_classes=("mc-team-count",),
    )
    typed = w.Textarea(  # wraps: every name stays in sight on a phone
        value=", ".join(names),
        description=_("Names"),
        placeholder=_("names, separated by commas"),
        rows=2,
        style=shared(TextStyle),
        layout=fixed(width="24em", max_width="100%"),
        _dom_classes=("mc-team-names",),
    )
    return count, typed


def names_typed(text: str) -> list[str]:
    """The names in a comma-separated line (or one a line), each stripped; empty ones left out."""
    return [name.strip() for name in text.replace("\n", ",").split(",") if name.strip()]


def level_menu(level: str, *, mine: bool = False) -> w.Dropdown:
    """The difficulty levels by name in the page's language; the value is the level's id; with
    `mine`, "at my level" too (`my-level`: the class service deals at the student's level)."""
    return w.Dropdown(
        options=[*level_choices(), *([(_("at my level"), "my-level")] if mine else [])],
        value=level,
        description=_("Level"),
        style=shared(DescriptionStyle),
        layout=fixed(),
    )


POWERS_TOO = N_("Powers too (2³ = 2×2×2, typed 2^3)")  # the exponent variant's box


def power_box(power: bool) -> w.Checkbox:
    """The exponent variant, on or off, in a child's words (the CLI names it by the rulebook)."""
    return w.Checkbox(
        value=power,
        description=_(POWERS_TOO),
        style=shared(CheckboxStyle),
        layout=fixed(),
        _dom_classes=("mc-power-choice",),  # its words wrap on a phone (MAM_STYLE)
    )


def progress(text: str) -> str:
    """A line that says slow work is under way."""
    return f"<p class='mc-progress'>{escape(text)}</p>"


def cards_count(n: int) -> str:
    """ "1 card", "5 cards" ("1 karta", "2 karty", "5 kart")."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def hints_count(n: int) -> str:
    """ "1 hint", "3 hints" ("1 podpowiedź", "3 podpowiedzi")."""
    return ngettext("{n} hint", "{n} hints", n).format(n=n)


# ---------------------------------------------------------------- the answer box


class AnswerBox(w.VBox):
    """A text box with a live preview, a submit button and a message beside them (`message`:
    a line the page showed before the box, which moves into it)."""

    def __init__(
        self, submit_label: str = "MAM!", power: bool = False, message: w.HTML | None = None
    ) -> None:
        self.power = power
        self.text = w.Text(  # named for a screen reader; the eye sees the example in it
            description=_("Your calculation"),
            placeholder=_("type a calculation, e.g. 7×6−12+2"),
            style=shared(TextStyle),
            layout=fixed(width="420px"),
            _dom_classes=("mc-answer",),
        )
        self.submit = button(submit_label, "mc-mam", button_style="success")
        self.preview = html("mc-preview")
        self.message = message or html("mc-message-box")
        self.text.observe(self._update_preview, names="value")
        # Enter submits too; ipywidgets 8 marks on_submit deprecated but offers no other way
        # to keep the live preview (continuous updates) and react to Enter.
        self.text.on_submit(lambda _text: self.submit.click())
        super().__init__([w.HBox([self.text, self.submit]), self.preview, self.message])

    def _update_preview(self, _change: object = None) -> None:
        self.preview.value = render_preview(self.text.value, self.power)

    def say(self, text: str, ok: bool | None = None) -> None:
        """A sentence under the box; the calculations a `Sentence` writes out are typeset."""
        from mathcards.mam import typeset  # sympy, once a verdict shows

        calculations = getattr(text, "calculations", ())
        shown = typeset.sentence(text) if calculations else None
        self.message.value = render_message(text, ok, shown)
        announce(text, ok)

    def notify(self, text: str) -> None:
        """A refusal or a notice under the box (the game is paused): neither right nor wrong."""
        show_notice(self.message, text)

    def clear(self) -> None:
        self.text.value = ""
        self._update_preview()


def too_long(typed: str) -> str:
    """Why an answer is not checked: it is longer than an answer the class book keeps."""
    sentence = _(
        "That answer is too long to check: an answer has at most {most} characters, "
        "this one has {n}. Shorten it, then check it again."
    )
    return sentence.format(most=MOST_TYPED, n=len(typed))


def target_box(target: int) -> w.BoundedIntText:
    """The target to make, typed."""
    return w.BoundedIntText(value=target, min=0, max=10_000, description=_("Target"))
