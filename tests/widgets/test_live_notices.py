"""What a live phone says of its claim and of the game: the private verdict in whole sentences
(each with its full stop, its count's plural form, in English and Polish) saying what the claim
really cost the others, as the service counted it; a refusal (the game is paused, a round is
still open) as a notice, never a wrong answer's ✗; and a paused round's countdown standing at
the service's seconds."""

from __future__ import annotations

import re

import pytest

from mathcards import i18n
from mathcards.classroom.protocol.mam import MineAnswer
from mathcards.mam.practice import Exercise
from tests.conftest import FakeClock
from tests.widgets import test_lama_dice_live as guessing
from tests.widgets.test_mam_live import follow, play, right_answer, room  # noqa: F401
from widgets.controls import announcer
from widgets.mam.live import LiveSeat
from widgets.mam.live_views import verdict_sentence

DEAL = Exercise([7, 6, 12, 2, 15], (2, 30), False)  # the rulebook's deal: 32


def judged(text: str, points: int = 0, first: bool = False, given: int = 0):
    """An answer as the service judged it on the rulebook's deal (its verdict as sent)."""
    verdict = DEAL.check(text)
    said: MineAnswer = {
        "seq": 1,
        "text": text,
        "correct": verdict.correct,
        "points": points,
        "first": first,
        "given": given,
        "verdict": verdict.json(),  # type: ignore[typeddict-item]
    }
    return said


def sentences(said: str) -> list[str]:
    """The sentences of a verdict, each ending with its full stop (or ! or ?)."""
    return re.findall(r"[^.!?]+[.!?]", said)


def whole(said: str) -> bool:
    """Every sentence ends with its stop, and no two run together ("…table The others")."""
    return "".join(sentences(said)) == said and not re.search(r"[a-ząęóśłżźćń0-9”] [A-ZŁŚŻ]", said)


@pytest.mark.parametrize(
    ("language", "given", "cost"),
    [
        ("en", 0, "The others take no card for it."),
        ("en", 1, "The other player takes a card."),
        ("en", 2, "The 2 other players each take a card."),
        ("en", 5, "The 5 other players each take a card."),
        ("pl", 0, "Pozostali gracze nie dostają za to karty."),
        ("pl", 1, "Drugi gracz dostaje kartę."),
        ("pl", 3, "Pozostali 3 gracze dostają po karcie."),
        ("pl", 5, "Pozostałych 5 graczy dostaje po karcie."),
        ("pl", 22, "Pozostali 22 gracze dostają po karcie."),
    ],
)
def test_a_wrong_claim_says_in_whole_sentences_what_it_cost_the_others(language, given, cost):
    i18n.use(language)
    try:
        said, right = verdict_sentence(judged("7+7", given=given))
        reason = DEAL.check("7+7").message
        assert not right and whole(said), said
        assert said.startswith(f"{'Not quite' if language == 'en' else 'Niezupełnie'}: {reason}. ")
        wait = "Wait for the next round." if language == "en" else "Poczekaj na następną rundę."
        assert said.endswith(f". {cost} {wait}"), said
    finally:
        i18n.use("en")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_verdict_ends_its_sentences(language):
    i18n.use(language)
    try:
        for answer, scoring in (
            (judged("12+99"), "rulebook"),  # 99 is not on the table
            (judged("15/2"), "every"),  # not a whole number: try again
            (judged("7*6-12+2", 4, True), "rulebook"),
            (judged("7*6-12+2", 0, False), "rulebook"),
            (judged("7*6-12+2", 4, False), "every"),
        ):
            said, _right = verdict_sentence(answer, scoring)
            assert whole(said), said
            assert ".." not in said and ". ." not in said, said
    finally:
        i18n.use("en")


def test_mam_pressed_while_paused_is_a_notice_not_a_wrong_answer(service, room):  # noqa: F811
    teacher, (ala, *_rest) = room
    teacher.start_button.click()
    teacher.pause_button.click()
    follow(teacher, ala)
    play(ala, right_answer(service))
    assert "The teacher has paused the game" in ala.verdict.value
    assert "mc-notice" in ala.verdict.value
    assert "✗" not in ala.verdict.value and "mc-error" not in ala.verdict.value
    assert "not right" not in announcer().text and "paused" in announcer().text
    assert ala.answer.children[0].layout.display == ""  # nothing was taken: the box stays
    teacher.pause_button.click()  # Resume: the notice goes, the round goes on
    follow(ala)
    assert ala.verdict.value == ""
    play(ala, right_answer(service))
    assert "You were first" in ala.verdict.value


def test_the_projector_s_refusal_is_a_notice(service, room):  # noqa: F811
    teacher, _students = room
    teacher.start_button.click()
    teacher.start_button.click()  # a round is open: refused
    assert "A round is still open" in teacher.message.value
    assert "mc-notice" in teacher.message.value and "✗" not in teacher.message.value
    assert "not right" not in announcer().text


def test_a_paused_round_s_countdown_stands_at_the_service_s_seconds(service, room):  # noqa: F811
    teacher, _students = room
    teacher.seconds.value = 30
    teacher.start_button.click()
    clock = FakeClock()
    page = LiveSeat(service.client("phone 0"), follow=False, clock=clock)
    page.follower.step()
    clock.step()
    assert "29 seconds left" in page.countdown.view.value
    service.later(1)  # a second on the service's clock too
    teacher.pause_button.click()  # the service holds the 29 seconds left
    follow(teacher, page)
    assert "29 seconds left" in page.countdown.view.value
    assert clock.waiting == []  # nothing counts it down while paused
    service.later(10)  # paused: the service's seconds stand
    teacher.pause_button.click()  # Resume: on from the service's seconds
    service.later(1)
    page.follower.step()
    assert "28 seconds left" in page.countdown.view.value
    clock.step()
    assert "27 seconds left" in page.countdown.view.value


def test_a_refused_guess_is_a_notice_not_a_wrong_guess(service):
    teacher = guessing.projector(service)
    ala = guessing.seat(service, "phone 0", "Ala")
    teacher.ask_button.click()
    follow(teacher, ala)
    teacher.reveal_button.click()  # the page has not seen the reveal yet: the service refuses
    guessing.guess(ala, "40")
    assert "mc-notice" in ala.said.value and "✗" not in ala.said.value
    follow(ala)
    guessing.guess(ala, "40")  # the page knows: no question is open
    assert "mc-notice" in ala.message.value and "✗" not in ala.message.value


@pytest.mark.parametrize(
    "language, after",
    [
        ("en", "That was the last round: the podium comes next."),
        ("pl", "To była ostatnia runda: teraz podium."),
    ],
)
def test_the_last_round_s_verdict_waits_for_no_next_round(language, after):
    """Issue #49: "Gra się skończyła." beside "Poczekaj na następną rundę.": after the last
    round there is none to wait for."""
    i18n.use(language)
    try:
        for answer in (judged("7+7"), judged("7*6-12+2", 4, True)):
            said, _right = verdict_sentence(answer, "rulebook", last=True)
            assert said.endswith(f". {after}") and "następną" not in said, said
            assert "next round" not in said, said
    finally:
        i18n.use("en")
