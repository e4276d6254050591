"""Small pieces every game's widgets share: labelled controls, messages, error reporting,
listeners and the clock a widget waits on."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from mathcards.i18n import N_, _

Clock = Callable[[float, Callable[[], None]], Any]  # (seconds, callback) -> handle with cancel()


def kernel_clock(seconds: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
    """Call back later on the kernel's event loop (Jupyter and Voila both run one)."""
    return asyncio.get_event_loop().call_later(seconds, callback)


class Alarm:
    """One callback at a time waiting on a clock: a computer player's next move, or the next
    second of a countdown. Setting it again or stopping it forgets the waiting one."""

    def __init__(self, clock: Clock) -> None:
        self.clock: Clock = clock
        self.handle: Any = None

    @property
    def waiting(self) -> bool:
        return self.handle is not None

    def set(self, seconds: float, callback: Callable[[], None]) -> None:
        self.stop()

        def ring() -> None:
            self.handle = None
            callback()

        self.handle = self.clock(seconds, ring)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


class Announcer(w.HTML):
    """The page's one polite live region (docs/design.md#the-announcer): every verdict, every
    move (a computer player's too), a bust, a new round, said to a screen reader. The
    sentences of one click (a move and the computer players' answers to it) are read
    together; the next click's replace them. The page's script makes its first view the
    region (`role="status"`, `aria-live="polite"`), there before anything is said in it."""

    def __init__(self, clock: Clock | None = None) -> None:
        super().__init__("", _dom_classes=("mc-announcer", "mc-hidden"))
        self.clock = clock
        self.sentences: list[str] = []
        self.said = 0  # the region changes each time: the same sentence twice is read twice
        self.batch_open = False

    def say(self, *sentences: str) -> None:
        """Say these sentences (empty ones skipped) after what this click has said so far."""
        new = [" ".join(sentence.split()) for sentence in sentences if sentence.strip()]
        if not new:
            return
        if not self.batch_open:  # a new click: what the last one said is read no more
            self.sentences = []
            self.batch_open = (self.clock or this_turn)(0, self.close_batch) is not None
        self.sentences += new
        self.said += 1
        self.value = f'<p data-said="{self.said}">{escape(self.text)}</p>'

    def hush(self) -> None:
        """Nothing said (a test starting afresh in the same kernel)."""
        self.sentences, self.batch_open, self.value = [], False, ""

    def close_batch(self) -> None:
        """The kernel waits for the next click: what is said next replaces what was said."""
        self.batch_open = False

    @property
    def text(self) -> str:
        """What a screen reader reads now."""
        return " ".join(self.sentences)


def this_turn(seconds: float, callback: Callable[[], None]) -> asyncio.TimerHandle | None:
    """`kernel_clock` while the kernel's loop runs (a click's callback); outside a kernel
    nothing waits, and each sentence is said alone (None)."""
    try:
        return asyncio.get_running_loop().call_later(seconds, callback)
    except RuntimeError:
        return None


def announcer() -> Announcer:
    """The page's announcer: one per kernel, and a kernel serves one page."""
    return shared(Announcer)


def announce(text: str, ok: bool | None = None) -> None:
    """Say a message through the page's announcer, right or wrong said in words first; not
    again when this click has said it already (a table's move says its verdict)."""
    if text.strip() and " ".join(text.split()) not in announcer().text:
        announcer().say(("" if ok is None else _(SIGNS[ok][1]) + ": ") + text)


def show_message(view: w.HTML, text: str, ok: bool | None = None) -> None:
    """A message in its line beside the controls, and said by the page's announcer."""
    view.value = render_message(text, ok)
    announce(text, ok)


def show_notice(view: w.HTML, text: str) -> None:
    """A notice in its line beside the controls (`render_notice`), said by the announcer."""
    view.value = render_notice(text)
    announce(text)


def spoken(box: w.Box) -> None:
    """The page's announcer in `box` (a widget a page shows), last, if it is not there yet:
    the page reads only its first view, so a page of several widgets still has one region."""
    said = announcer()
    if said not in box.children:
        box.children = (*box.children, said)


class Complains:
    """A widget whose callbacks' errors appear in its `message` line, next to its controls, and
    are said by the page's announcer (which the widget carries once it is shown)."""

    message: w.HTML

    def complain(self, text: str) -> None:
        self.message.value = render_message(text, ok=False)
        announce(text, ok=False)

    def say(self, text: str, ok: bool | None = None) -> None:
        self.message.value = render_message(text, ok)
        announce(text, ok)

    def notify(self, text: str) -> None:
        """A refusal or a notice in the `message` line: neither right nor wrong."""
        show_notice(self.message, text)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        if isinstance(self, w.Box):
            spoken(self)
        return super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]

    def __repr__(self) -> str:
        """Its name: the text a page shows where widgets are not drawn. ipywidgets' own walks
        every trait of every widget inside to keep 110 characters of it, in the class
        lesson's kernel as a class of 30 arrives."""
        return f"<{type(self).__name__}>"


def render_message(text: str, ok: bool | None = None, shown: str | None = None) -> str:
    """A sentence next to the control that caused it: green and ✓ when right, red and ✗ when
    wrong (`shown`: the sentence as HTML, e.g. with its calculations typeset). A screen reader
    hears it from the page's announcer, the one live region (`Complains.say`)."""
    tone = {True: " mc-ok", False: " mc-error", None: ""}[ok]
    marked = "" if ok is None else sign(ok, ending=": ")
    return f'<div class="mc-message{tone}">{marked}{shown or escape(text)}</div>'


def render_notice(text: str) -> str:
    """A refusal or a notice (the game is paused, no round is open, a call the service
    refused): neither right nor wrong, so no ✓ or ✗ and no red, but a line of its own look."""
    return f'<div class="mc-message mc-notice">{escape(text)}</div>'


SIGNS = {True: ("✓", N_("right")), False: ("✗", N_("not right"))}


def sign(ok: bool, ending: str = "") -> str:
    """✓ or ✗, so that right and wrong are told by more than their colour; a screen reader says
    the word instead of the sign."""
    mark, word = SIGNS[ok]
    return (
        f'<span class="mc-sign" aria-hidden="true">{mark}</span>'
        f'<span class="mc-hidden">{escape(_(word))}{ending}</span>'
    )


def shows_errors(method: Callable) -> Callable:
    """Run a callback; an error it raises goes to the widget's `complain`, never lost."""

    @functools.wraps(method)
    def guarded(self, *args: Any) -> None:
        try:
            method(self, *args)
        except Exception as problem:  # a bug must still reach the page
            self.complain(trouble(problem))

    return guarded


def trouble(problem: Exception) -> str:
    """What went wrong, for the page: a broken rule in its own words, a bug by its name."""
    if isinstance(problem, ValueError):
        return str(problem)
    return _("Something went wrong: {problem}").format(problem=repr(problem))


class Listeners:
    """Callbacks to run when a chooser's value changes."""

    def on_change(self, callback: Callable[[], None]) -> None:
        self.__dict__.setdefault("listeners", []).append(callback)

    def changed(self) -> None:
        for callback in self.__dict__.get("listeners", []):
            callback()


class FixedLayout(w.Layout):
    """A layout no view changes, shared by many (`fixed`): setting any of its properties
    fails, for it would change every view that shares it (a view shown and hidden, or resized,
    is given a layout of its own)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fixed = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_fixed", False) and name in self.keys:
            raise AttributeError(f"{name}: a shared layout is not changed (give the view its own)")
        super().__setattr__(name, value)


@functools.cache
def shared(model: type[w.Widget], **properties: str) -> w.Widget:
    """One model of this kind (a style, the announcer) with these `properties` for every view
    this kernel makes that never changes it: they are drawn by the page's CSS, and each model
    of its own was one more for the page to make, send and draw (a page is built for a phone:
    docs/design.md#few-models-for-a-phone)."""
    return model(**properties)


def fixed(**properties: str) -> FixedLayout:
    """One layout for every view drawn with these properties (a row that wraps, a width)
    that never changes them, shown or hidden by the box it is in."""
    return _fixed(tuple(sorted(properties.items())))


@functools.cache
def _fixed(properties: tuple[tuple[str, str], ...]) -> FixedLayout:
    return FixedLayout(**dict(properties))


def button(label: str, css: str, action: Callable | None = None, **traits: Any) -> w.Button:
    """A button with stable CSS classes (`css`, space-separated) that calls `action` when
    clicked (or what its owner gives `on_click` later). Its classes and `traits` (disabled,
    tooltip, button_style) are given as it is made: set after, each was one more message, and
    the page drew the button as it was first (a card that does not fit, enabled a moment)."""
    drawn = {
        "style": shared(w.ButtonStyle),
        "layout": fixed(),  # no button's layout changes: it is shown or hidden by its box
        "_dom_classes": tuple(css.split()),
    }
    made = w.Button(description=label, **{**drawn, **traits})
    if action is not None:
        made.on_click(action)
    return made


def ask_once(box: w.Box, question: str, start: Callable[[], None]) -> None:
    """Ask in `box` before what is under way is lost: `start` only on "Yes, start again"
    (`mc-confirm-new`), nothing on "Keep going" (`mc-keep`); either way the question goes
    (docs/design.md#nothing-lost-by-one-tap)."""

    def answered(going: bool) -> Callable[[object], None]:
        def answer(_button: object) -> None:
            box.children = ()
            if going:
                start()

        return answer

    box.children = (
        w.HTML(f"<b>{escape(question)}</b>"),
        button(_("Yes, start again"), "mc-confirm-new", answered(True), button_style="danger"),
        button(_("Keep going"), "mc-keep", answered(False)),
    )


def html(css: str, value: str = "", layout: w.Layout | None = None) -> w.HTML:
    """An HTML view with a stable CSS class (given as it is made), drawn with the layout every
    such view shares (`FixedLayout`) unless given its own: one that is shown and hidden."""
    return w.HTML(value, style=shared(HTMLStyle), layout=layout or fixed(), _dom_classes=(css,))


def row(*children: w.Widget, css: str = "mc-controls", hides: bool = False) -> w.HBox:
    """Controls side by side that wrap onto the next line on a phone rather than be cut, in
    the layout every such row shares, or one of its own if the row `hides` at times."""
    wrap = {"flex_flow": "row wrap", "max_width": "100%"}
    layout = w.Layout(**wrap) if hides else fixed(**wrap)
    return w.HBox(list(children), layout=layout, _dom_classes=(css,))
