"""What a student's MAM! live page does with the accommodations the teacher set for them
(mathcards.accommodations), as the class service's seat view lists them: larger cards and
text (a class on the page). No countdown needs nothing here: the service sends such a student
no seconds left, and a round whose time is up as still open to them."""

from __future__ import annotations

import ipywidgets as w

from mathcards.accommodations import Accommodation
from mathcards.classroom.protocol.mam import MamSeatView

LARGER = "mc-live-larger"  # the page's class for larger cards and text
LARGER_STYLE = """<style>
.mc-live-larger { font-size: 125%; }
.mc-live-larger .mc-live-status, .mc-live-larger .mc-live-score,
.mc-live-larger .mc-live-time-note, .mc-live-larger .mc-verdict .mc-message,
.mc-live-larger .mc-message-line { font-size: 26px; }
.mc-live-larger .mc-cards svg { width: auto; height: 150px; }
.mc-live-larger .mc-dice svg { width: auto; height: 96px; }
.mc-live-larger .mc-target-number { font-size: 60px; }
.mc-live-seat.mc-live-larger input[type="text"], .mc-live-seat.mc-live-larger button {
  font-size: 24px; min-height: 52px; }
.mc-live-seat.mc-live-larger .mc-live-pad button { min-width: 56px; height: 56px; font-size: 26px; }
@media (max-width: 600px) { /* three cards a row, each twice as wide as five in a row */
  .mc-live-seat.mc-live-larger .mc-cards svg { width: 28vw; height: auto; }
  .mc-live-seat.mc-live-larger .mc-dice svg { width: 18vw; height: auto; }
  .mc-live-seat.mc-live-larger .mc-target-number { font-size: 52px; }
  .mc-live-seat.mc-live-larger .mc-live-status { font-size: 24px; } }
</style>"""


def held(view: MamSeatView | None) -> list[str]:
    """The accommodations the teacher set for this student."""
    return list(view.get("accommodations", [])) if view is not None else []


def show_larger(page: w.DOMWidget, view: MamSeatView) -> None:
    """The page's cards and text larger for a student who needs them (and back)."""
    if Accommodation.LARGER in held(view):
        page.add_class(LARGER)
    else:
        page.remove_class(LARGER)
