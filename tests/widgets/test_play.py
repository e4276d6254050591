"""The tables' pages in plain pytest, against the real class service over HTTP on a real class
book (tests/classroom/test_play.py's): the teacher's projector starts a table of two, each
student's page shows its own table and moves by its buttons, the announcer says each move,
the projector shows the table at a glance, and at the end each page has its review to step
through and the projector its debrief; in Polish too."""

from __future__ import annotations

import json
import re
from typing import cast

import pytest
from ipywidgets.widgets.widget import _instances

from mathcards import i18n
from mathcards.classroom.play.views import decision_seen
from mathcards.classroom.protocol import API
from mathcards.classroom.protocol.play import AtTableView, Debrief
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.lama_dice.review import judged
from tests.classroom.test_play import PlayClass
from tests.classroom.threaded import serving
from widgets.controls import announcer
from widgets.play import AtTheTable, TablesProjector
from widgets.play.client import PlayClient
from widgets.play.projector import render_debrief
from widgets.play.review import render_review
from widgets.play.seat import MOST_BUTTONS


@pytest.fixture
def tables(tmp_path):
    served = PlayClass(f"sqlite:///{tmp_path / 'book.sqlite'}", pace=0.0, gone=60.0)
    with serving(served.app) as port:
        served.port = port
        yield served


def client(tables: PlayClass, ticket: str) -> PlayClient:
    return PlayClient(f"http://127.0.0.1:{tables.port}{API}", ticket)


def pages(tables: PlayClass, *names: str) -> dict[str, AtTheTable]:
    tables.joins(*names)
    return {name: AtTheTable(client(tables, tables.tickets[name]), follow=False) for name in names}


def play_by_buttons(seats: dict[str, AtTheTable], projector: TablesProjector) -> int:
    """Each student presses their page's last move (a quit, a discard: rounds end soon) until
    the game is over; the presses."""
    presses = 0
    for _turn in range(2000):
        projector.follower.step()
        table = projector.view["tables"][0] if projector.view else None
        if table is not None and table["over"]:
            return presses
        for page in seats.values():
            page.follower.step()
            if page.moves.children:
                page.moves.children[-1].click()
                presses += 1
            elif page.chooser.layout.display == "":
                page.make.click()
                presses += 1
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_table_of_two_plays_lama_dice_from_its_pages_to_the_review(tables, language):
    i18n.use(language)
    try:
        seats = pages(tables, "Nia", "Oli")
        projector = TablesProjector(client(tables, tables.teacher), follow=False)
        projector.follower.step()
        assert "Nia" in projector.room.value and "Oli" in projector.room.value
        for page in seats.values():
            page.follower.step()
            assert page.status.value and not page.moves.children  # wait for the teacher
        projector.size.value = 2
        projector.computers.value = False
        projector.start_button.click()
        assert projector.view is not None and len(projector.view["tables"]) == 1
        assert "mc-play-glance" in projector.wall.value
        one = {"en": "LAMA Dice at 1 table<", "pl": "LAMA kostkowa przy 1 stole<"}[language]
        assert one in projector.wall.value

        for page in seats.values():
            page.follower.step()
        mover = projector.view["tables"][0]["to_move"][0]
        page = seats[mover]
        labels = [button.description for button in page.moves.children]
        assert len(labels) == 2, labels  # roll or quit
        page.moves.children[0].click()
        assert page.view is not None and page.view["table"]["moves"] == 1
        assert mover in announcer().text

        play_by_buttons(seats, projector)
        for name, page in seats.items():
            page.follower.step()
            assert page.review.layout.display == ""
            assert "%" in page.review.summary.value
            page.review.on.click()
            assert page.review.number == 1 and page.review.where.value
            page.review.back.click()
            assert page.review.number == 0 and page.review.back.disabled
            assert f'data-player="{name}"' in page.review.frame.value
        projector.follower.step()
        assert "mc-over" in projector.wall.value
        said = {"en": "The class made", "pl": "Klasa podjęła"}[language]
        assert said in projector.debrief.value
        assert "Nia" not in projector.debrief.value and "Oli" not in projector.debrief.value
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_start_the_rules_refuse_is_said_on_the_projector(tables, language):
    tables.joins("Pia" if language == "en" else "Pola")
    i18n.use(language)
    try:
        refused_start_and_student(tables, language)
    finally:
        i18n.use("en")


def refused_start_and_student(tables: PlayClass, language: str) -> None:
    name = "Pia" if language == "en" else "Pola"
    projector = TablesProjector(client(tables, tables.teacher), follow=False)
    projector.follower.step()
    projector.by_hand.value = f"{name}, Quin"
    projector.start_button.click()
    assert "&#x27;Quin&#x27;" in projector.message.value  # the rules' sentence, said
    student = TablesProjector(client(tables, tables.tickets[name]), follow=False)
    student.follower.step()
    said = {"en": "teacher only", "pl": "tylko dla nauczyciela"}[language]
    assert said in student.message.value
    assert student.controls.layout.display == "none"


def test_a_tap_on_a_button_the_next_view_took_away_is_out_of_step_not_a_bad_move(tables):
    """The page shows a new view a moment before the browser has drawn its buttons: a tap on
    a button of the view before is sent with the moves of the view it was shown in."""
    seats = pages(tables, "Pia", "Rob")
    projector = TablesProjector(client(tables, tables.teacher), follow=False)
    projector.size.value, projector.computers.value = 2, False
    projector.start_button.click()
    assert projector.view is not None
    page = seats[projector.view["tables"][0]["to_move"][0]]
    page.follower.step()
    by_label = {button.description: button for button in page.moves.children}
    by_label["Quit"].click()  # the turn passes: this page has no move now
    assert page.view is not None and page.view["table"]["moves"] == 1
    by_label["Roll"].click()  # drawn before the quit, tapped after it
    assert "moved on" in page.message.value, page.message.value
    assert page.view["table"]["moves"] == 1


def test_a_game_without_a_decision_shows_no_accuracy():
    """Not "accuracy 100 %" beside "0 decisions": a LAMA game can end before a player has
    weighed a choice the review counts."""
    shown = render_review(
        {"accuracy": 100.0, "decisions": 0, "matched": 0, "costliest": [], "frames": 5}
    )
    assert "%" not in shown and "no decision of yours" in shown
    weighed = render_review(
        {"accuracy": 50.0, "decisions": 2, "matched": 1, "costliest": [], "frames": 5}
    )
    assert "Your accuracy: 50%" in weighed and "You made 2 decisions" in weighed


def costly_debrief(named: str | None) -> Debrief:
    """A debrief whose costliest decision is Ann's roll with a 6 alone in her row."""
    game = LamaDiceGame(["Ann", "Bo", "Cy"], seed=1)
    game.rows["Ann"] = (6,)
    game.quit = {"Bo", "Cy"}
    worst = decision_seen(judged("lama_dice", 1, game, "roll"))
    return {"tables_over": 1, "decisions": 3, "matched": 2, "costliest": worst, "named": named}


@pytest.mark.parametrize(
    ("language", "unnamed", "named"),
    [
        ("en", "Someone at a table rolled with 1 card in their row", "Ann rolled with 1 card"),
        ("pl", "Ktoś przy stole: rzut, gdy w szeregu była 1 karta", "Ann: rzut, gdy w szeregu"),
    ],
)
def test_the_debrief_tells_the_class_about_a_player_never_to_you(language, unnamed, named):
    """The projector's debrief is read by the whole class: its costliest decision is about a
    player (named once the teacher shows the name), never "you"; the student's own review
    still speaks to them."""
    i18n.use(language)
    try:
        hidden, shown = render_debrief(costly_debrief(None)), render_debrief(costly_debrief("Ann"))
        own = render_review(
            {
                "accuracy": 50.0,
                "decisions": 2,
                "matched": 1,
                "costliest": [costly_debrief(None)["costliest"]],
                "frames": 5,
            }
        )
    finally:
        i18n.use("en")
    assert unnamed in hidden and "Ann" not in hidden
    assert named in shown and shown.count("Ann") == 1, "named once, in the sentence"
    for debrief in (hidden, shown):
        assert not re.search(r"\b(you|your|twój|twoim|twoja)\b", debrief, re.IGNORECASE)
    assert {"en": "You rolled with 1 card", "pl": "Twój wybór: rzut"}[language] in own


@pytest.mark.parametrize(("language", "about"), [("en", "≈ 10.2"), ("pl", "≈ 10,2")])
def test_the_debrief_says_a_long_exact_cost_about_not_in_fifteen_digits(language, about):
    """The expert's reckoning can cost 168528545005135/16449147240448 points: the "exactly"
    column shows a short fraction as it is, a long one as a decimal in the page's language."""
    debrief = costly_debrief(None)
    assert debrief["costliest"] is not None
    debrief["costliest"]["values"] = {"roll": "168528545005135/16449147240448", "quit": "10"}
    short = costly_debrief(None)
    i18n.use(language)
    try:
        shown, kept = render_debrief(debrief), render_debrief(short)
    finally:
        i18n.use("en")
    assert "168528545005135" not in shown and f"<td>{about}</td>" in shown
    assert "<td>2201/104</td>" in kept


def test_a_seat_keeps_two_views_buttons_at_most_however_long_the_game():
    """Each move's button lives while its move is shown and one view more (a tap a moment late
    is out of step, not lost), then it is closed: a Unikat game of hours offers new moves at
    every turn, and the page's buttons and widgets stay as many as two views need."""
    page = AtTheTable(None, follow=False)
    open_before = len(_instances)
    table: dict = {"game": "unikat", "moves": 0}
    for turn in range(100):
        table["moves"] = turn
        page.view = cast(AtTableView, {"table": table})
        legal = [{"move": "lay", "card": "swb1", "at": [n, turn]} for n in range(turn % 5 + 1)]
        page._moves([*legal, {"move": "stop"}])
        assert list(page.buttons) == [
            json.dumps(m, sort_keys=True) for m in [*legal, {"move": "stop"}]
        ]
        assert tuple(page.buttons.values()) == page.moves.children
    assert len(_instances) - open_before <= 2 * MOST_BUTTONS
    stop = page.buttons['{"move": "stop"}']
    assert stop.model_id in _instances, "the move shown at every turn keeps its one button"
