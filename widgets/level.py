"""Practice at my level, as a student's page shows it (docs/design.md#the-ladder): their step on
a staircase of ten, how far they came in words a ten-year-old reads ("You are getting better
at MAM! without powers: you climbed from step 3 to step 5."), whether time counts (with a box
to turn it off and on, when the teacher did not turn it off: `OwnClock`), and their steps week
by week; never a rating in logits. The class service deals, judges and rates
(`Coach`, over the class book's client); a page without a class book says it needs one."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle

from mathcards import i18n
from mathcards.adaptive.ladder import RUNGS, polyline
from mathcards.adaptive.skills import LABELS, Skill
from mathcards.i18n import N_, _
from widgets.book import BookBar
from widgets.controls import announce, html, shared

if TYPE_CHECKING:  # the views, for types only
    from mathcards.classroom.protocol.level import LevelBody, LevelStepBody, LevelView, WeekPoint

MY_LEVEL = "my-level"  # the choice of the level menu, as the class book names the set
SKILL_WORDS = LABELS  # a skill as a student reads it
STEP_WIDTH, STEP_RISE, LOW = 30, 9, 12  # the staircase: each step's width and rise, the lowest
CURVE_WIDTH, CURVE_HEIGHT, MARGIN = 280, 80, 26


def step_of(height: float) -> int:
    """The step a height on the ladder stands on, 1 to RUNGS."""
    return min(max(int(height), 1), RUNGS)


def render_ladder(height: float) -> str:
    """The student's step on a staircase of ten: the steps climbed filled and numbered, a
    star on theirs; named for a screen reader ("Your step: 4 of 10")."""
    mine = step_of(height)
    said = escape(_("Your step: {step} of {steps}").format(step=mine, steps=RUNGS))
    tall = LOW + RUNGS * STEP_RISE + 26
    width = RUNGS * STEP_WIDTH
    parts = []
    for step in range(1, RUNGS + 1):
        rise = LOW + step * STEP_RISE
        x, y = (step - 1) * STEP_WIDTH, tall - rise
        fill, ink = ("#0f766e", "#ffffff") if step <= mine else ("#e2e8f0", "#334155")
        parts.append(
            f'<rect x="{x + 1}" y="{y}" width="{STEP_WIDTH - 2}" height="{rise}" rx="3" '
            f'fill="{fill}" stroke="#334155" stroke-width="1"/>'
            f'<text x="{x + STEP_WIDTH / 2}" y="{tall - 5}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="13" font-weight="700" fill="{ink}">{step}</text>'
        )
    star_x = (mine - 0.5) * STEP_WIDTH
    star_y = tall - LOW - mine * STEP_RISE - 6
    parts.append(
        f'<text class="mc-ladder-star" x="{star_x}" y="{star_y}" text-anchor="middle" '
        f'font-size="22" fill="#b45309">★</text>'
    )
    return (
        f'<svg class="mc-ladder" role="img" aria-label="{said}" data-step="{mine}" '
        f'width="{width}" height="{tall}" viewBox="0 0 {width} {tall}">'
        f"<title>{said}</title>{''.join(parts)}</svg>"
    )


def render_curve(weeks: list[WeekPoint]) -> str:
    """The student's step week by week, a line from their first week to this one, with the
    steps 1, 5 and 10 marked; its text alternative says where it starts and ends."""
    if not weeks:
        return ""
    heights = [week["height"] for week in weeks]
    first, last = weeks[0], weeks[-1]
    sentence = (
        _("Your step week by week: step {last} in the week of {until}.")
        if len(weeks) == 1
        else _(
            "Your step week by week: step {first} in the week of {since}, "
            "step {last} in the week of {until}."
        )
    )
    said = escape(
        sentence.format(
            first=step_of(first["height"]),
            since=i18n.day(date.fromisoformat(first["week"])),
            last=step_of(last["height"]),
            until=i18n.day(date.fromisoformat(last["week"])),
        )
    )
    points = polyline(heights, CURVE_WIDTH, CURVE_HEIGHT)
    shifted = " ".join(
        f"{float(x) + MARGIN:.1f},{float(y) + 6:.1f}"
        for x, y in (point.split(",") for point in points.split())
    )
    grid = "".join(
        f'<line x1="{MARGIN}" x2="{MARGIN + CURVE_WIDTH}" y1="{y + 6:.1f}" y2="{y + 6:.1f}" '
        f'stroke="#cbd5e1"/><text x="{MARGIN - 6}" y="{y + 10:.1f}" text-anchor="end" '
        f'font-family="sans-serif" font-size="12" fill="#334155">{step}</text>'
        for step in (1, 5, RUNGS)
        for y in [CURVE_HEIGHT - (step - 1) / (RUNGS - 1) * CURVE_HEIGHT]
    )
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="3.5" fill="#0f766e"/>'
        for x, y in (point.split(",") for point in shifted.split())
    )
    width, tall = CURVE_WIDTH + MARGIN + 8, CURVE_HEIGHT + 14
    return (
        f'<svg class="mc-curve" role="img" aria-label="{said}" width="{width}" height="{tall}" '
        f'viewBox="0 0 {width} {tall}"><title>{said}</title>{grid}'
        f'<polyline points="{shifted}" fill="none" stroke="#0f766e" stroke-width="2.5"/>'
        f"{dots}</svg>"
    )


def trend(view: LevelView) -> str:
    """How far the student came in a week (or since their first answer), in kind words."""
    skill = _(SKILL_WORDS[Skill(view["skill"])])
    now, before = step_of(view["height"]), step_of(view["before"])
    if now > before:
        said = _("You are getting better at {skill}: you climbed from step {before} to step {now}.")
    elif now < before:
        said = _(
            "That was a stretch, and that is how you learn: the next ones will be a little easier."
        )
    else:
        said = _(
            "You are on step {now} of {steps} in {skill}. Each one you get right helps you climb."
        )
    return said.format(skill=skill, before=before, now=now, steps=RUNGS)


def clock_words(view: LevelView) -> str:
    """Whether time counts (and who turned it off, when the teacher did), never a clock."""
    if view["clock"]:
        return _("Quick answers count a little more, but every right answer counts.")
    if not view["clock_choice"]:
        return _("Your teacher turned the clock off. Take your time: only right or wrong counts.")
    return _("Take your time: only right or wrong counts.")


# a stopwatch drawn, not a character: a laptop with only the usual fonts has no ⏱ (a box)
WATCH = (
    '<svg class="mc-level-watch" aria-hidden="true" viewBox="0 0 16 16" width="1em" '
    'height="1em"><g fill="none" stroke="currentColor" stroke-width="1.6" '
    'stroke-linecap="round"><circle cx="8" cy="9.5" r="5.5"/>'
    '<path d="M8 9.5V6.5M6 1.5h4M8 1.5V4"/></g></svg>'
)


def render_clock(view: LevelView, seconds: float, *, running: bool = True) -> str:
    """A small, calm clock of the seconds since the item was dealt, when time counts (none when
    the clock is off, nor once the set is done). The browser counts it (a CSS animation started
    `seconds` ago, standing still once the item is done): the kernel sends nothing each second.
    A timer is never announced (role "timer" is not a live region); its label names it."""
    if not view["clock"] or (view["deal"] or view["moment"]) is None:
        return ""
    label = escape(_("Time on this one"))
    still = "" if running else ";animation-play-state:paused"
    return (
        f' · <span class="mc-level-timer" role="timer" aria-live="off" aria-label="{label}" '
        f'title="{label}" style="animation-delay:-{max(0, int(seconds))}s{still}">'
        f"{WATCH} </span>"
    )


def render_progress(view: LevelView) -> str:
    """The progress box: the staircase, the words, the weeks."""
    heading = escape(_("Your level"))
    weeks = escape(_("Your steps, week by week"))
    curve = render_curve(view["weeks"])
    return (
        f"<div class='mc-level-box'><p class='mc-level-heading'><b>{heading}</b></p>"
        f"<div class='mc-level-row'>{render_ladder(view['height'])}"
        f"<p class='mc-level-words'>{escape(trend(view))}<br>"
        f"<span class='mc-level-clock'>{escape(clock_words(view))}</span></p></div>"
        + (f"<p class='mc-level-weeks'>{weeks}</p>{curve}" if curve else "")
        + "</div>"
    )


def climbed(before: LevelView | None, now: LevelView) -> str:
    """What a step did to the student's step on the ladder, said aloud ("" when nothing)."""
    if before is None or before["skill"] != now["skill"]:
        return ""
    was, is_now = step_of(before["height"]), step_of(now["height"])
    if is_now > was:
        return _("You climbed to step {step}!").format(step=is_now)
    return ""


def results_line(view: LevelView, what: str = "deal") -> str:
    """Where the student is in the set and how it went: "Deal 3 of 10 · solved 2"."""
    solved = sum(one["solved"] for one in view["results"])
    at = min(view["position"] + 1, view["rounds"])
    if what == "moment":
        where = _("Moment {at} of {rounds}").format(at=at, rounds=view["rounds"])
        how = _("better choices {right}").format(right=solved)
    else:
        where = _("Deal {at} of {rounds}").format(at=at, rounds=view["rounds"])
        how = _("solved {solved}").format(solved=solved)
    return f"<b>{escape(where)}</b> · {escape(how)}"


def summary(view: LevelView, what: str = "deal") -> str:
    """A finished set in a sentence."""
    solved, rounds = sum(one["solved"] for one in view["results"]), view["rounds"]
    if what == "moment":
        said = _("Set done! You chose the better way {solved} times out of {rounds}.")
    else:
        said = _("Set done! You solved {solved} of {rounds} deals.")
    return said.format(solved=solved, rounds=rounds) + " " + _("Press “New set” for more.")


NEEDS_BOOK = N_(
    "Practice at my level needs the class book: open this page from your class's address."
)
JOIN_FIRST = N_(
    "Practice at my level needs your name in the class book: join the class on the MAM! "
    "practice page first, then come back."
)
LEVEL_STYLE = """<style>
.mc-level-box { background: #f0fdfa; border-left: 4px solid #0f766e; border-radius: 4px;
  padding: 4px 12px; margin: 4px 0; font-size: 17px; line-height: 1.45; }
.mc-level-box p { margin: 2px 0; }
.mc-level-row { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: flex-end; }
.mc-level-words { flex: 1 1 14em; }
.mc-level-clock { color: #334155; font-size: 16px; }
.mc-ladder, .mc-curve { max-width: 100%; height: auto; }
.mc-level-line { font-size: 17px; }
@property --mc-minutes { syntax: "<integer>"; inherits: false; initial-value: 0; }
@property --mc-seconds { syntax: "<integer>"; inherits: false; initial-value: 0; }
@keyframes mc-minutes { from { --mc-minutes: 0; } to { --mc-minutes: 60; } }
@keyframes mc-seconds { from { --mc-seconds: 0; } to { --mc-seconds: 60; } }
.mc-level-timer { color: #334155; font-variant-numeric: tabular-nums; white-space: nowrap;
  animation: mc-minutes 3600s steps(60, end) 1 forwards, mc-seconds 60s steps(60, end) infinite;
  counter-reset: mc-m var(--mc-minutes) mc-s var(--mc-seconds); }
.mc-level-watch { vertical-align: -0.125em; }
.mc-level-timer::after { content: counter(mc-m) ":" counter(mc-s, decimal-leading-zero); }
</style>"""


OWN_CLOCK_ON = N_("Your time counts: the clock shows how long you take.")
OWN_CLOCK_OFF = N_("No clock now: only right or wrong counts. Tick the box to count your time.")
TURNED = {
    True: N_("The clock is on: your time counts again."),
    False: N_("The clock is off: only right or wrong counts now."),
}


class OwnClock(w.HBox):
    """The student's own clock at their level: a box "Count my time", ticked while time counts,
    with words beside it; a change is sent to the class service (`turn`, which answers with the
    set as it stands, or None when it could not be reached) and said aloud once. Shown only
    while an item is on the table and the clock is the student's to choose (the teacher did not
    turn it off)."""

    def __init__(self, turn: Callable[[bool], LevelView | None]) -> None:
        self.turn = turn
        self.box = w.Checkbox(
            value=True,
            description=_("Count my time"),
            indent=False,
            style=shared(CheckboxStyle),
            _dom_classes=("mc-own-clock",),
        )
        self.words = html("mc-own-clock-words")
        self.quiet = False  # the box set from the service's word: nothing to send
        self.box.observe(self._changed, names="value")
        super().__init__(
            [self.box, self.words],
            layout=w.Layout(flex_flow="row wrap", align_items="center", max_width="100%"),
            _dom_classes=("mc-own-clock-row",),
        )

    def show(self, view: LevelView) -> None:
        """The box as the service says the clock is; hidden when there is no choice to make."""
        theirs = view["clock_choice"] and (view["deal"] or view["moment"]) is not None
        self.layout.display = "" if theirs else "none"
        self.quiet = True
        try:
            self.box.value = view["clock"]
        finally:
            self.quiet = False
        said = _(OWN_CLOCK_ON if view["clock"] else OWN_CLOCK_OFF)
        self.words.value = f"<span class='mc-level-clock'>{escape(said)}</span>"

    def _changed(self, change: dict[str, Any]) -> None:
        if self.quiet:
            return
        on = bool(change["new"])
        seen = self.turn(on)
        if seen is None:  # not reached: the box as it was, the bar says why
            self.quiet = True
            try:
                self.box.value = not on
            finally:
                self.quiet = False
            return
        if seen["clock"] is on:
            announce(_(TURNED[on]))


class Coach:
    """The class service's side of a set at the student's level, through the page's bar of the
    class book; what it cannot reach is said in the bar, and nothing changes on the page."""

    def __init__(self, bar: BookBar) -> None:
        self.bar = bar

    @property
    def here(self) -> bool:
        """Is there a class book to practise at one's level with?"""
        return self.bar.book is not None

    def open(
        self,
        skill: str,
        *,
        new: bool = False,
        rounds: int = 10,
        dice: str = "",
        clock: bool | None = None,
    ) -> LevelView | None:
        """The student's set in the skill: the one open, or a new one; the student's own
        `clock` turned on or off, when given."""
        asked: LevelBody = {"skill": skill, "new": new, "rounds": rounds}
        if dice:
            asked["dice"] = dice
        if clock is not None:
            asked["clock"] = clock
        return self._kept(lambda book: book.level(**asked))

    def step(
        self, view: LevelView, kind: str, seconds: float, *, typed: str = "", choice: str = ""
    ) -> LevelView | None:
        """A step at the set's item: what the student did, and the seconds since it showed."""
        sent: LevelStepBody = {
            "skill": view["skill"],
            "set": view["set"],
            "kind": kind,
            "seconds": round(seconds, 1),
        }
        shown = view["deal"] or view["moment"]
        if shown is not None:
            sent["key"] = shown["key"]
        if typed:
            sent["typed"] = typed
        if choice:
            sent["choice"] = choice
        return self._kept(lambda book: book.level_step(**sent))

    def _kept(self, call: Any) -> LevelView | None:
        if not self.here:
            raise ValueError(_(NEEDS_BOOK))
        if not self.bar.keeping:
            raise ValueError(_(JOIN_FIRST))
        return self.bar.save(call)


BEHIND = N_("This page was behind the class book: here is where you are now.")


def say_climbed(before: LevelView | None, now: LevelView) -> None:
    """Say aloud a step climbed."""
    said = climbed(before, now)
    if said:
        announce(said)
