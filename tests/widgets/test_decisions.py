"""The decision exercises (LAMA's draw or quit, LAMA Dice's roll or quit) with a class book:
every answer kept beside the best choice, nothing sent without a book, and a book that is down
costing one sentence, never the exercise. The class service is the real one, in process
(tests/widgets/in_process.py)."""

from __future__ import annotations

import random

import pytest

from mathcards import i18n
from mathcards.i18n import you
from mathcards.lama.bots import STRATEGIES
from mathcards.lama.game import Draw
from mathcards.lama.simulate import moment
from mathcards.lama_dice import known
from mathcards.lama_dice.dice import DEFAULT_DICE, LAYOUTS, dice_text, parse_dice
from tests.english import english_words
from tests.widgets.in_process import InProcessClass
from tests.widgets.test_lama_dice import shown_text
from widgets.lama import DrawOrQuit
from widgets.lama_dice import DiceChooser, RollOrQuit

OLA = "phone-of-ola"


@pytest.fixture
def joined(service: InProcessClass) -> InProcessClass:
    """The class service, Ola's browser joined to the class (on the practice page)."""
    service.book_client(OLA).join("Ola")
    return service


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def best_and_other(exercise: RollOrQuit) -> tuple[str, str]:
    """The better choice for the moment shown, and the other one (from the engine)."""
    best = known.decide(*exercise.moment, exercise.dice()).action
    return best, {"roll": "quit", "quit": "roll"}[best]


def press(exercise: RollOrQuit, choice: str) -> None:
    {"roll": exercise.roll_on, "quit": exercise.quit}[choice].click()


# ------------------------------------------------------------------ LAMA: draw or quit


def test_draw_or_quit_keeps_every_decision_with_the_experts_beside_it(joined):
    service = joined
    decision = DrawOrQuit(seed=4, book=service.book_client(OLA))
    assert "You are Ola in the class book" in decision.book.status.value
    view = decision.game.view(you())
    expert = experts_choice(decision)
    other = {"draw": "quit", "quit": "draw"}[expert]
    buttons = {"draw": decision.draw, "quit": decision.quit}
    buttons[other].click()
    buttons[other].click()  # a second press is not a second answer
    [kept] = service.decisions
    assert (kept["game"], kept["student"]) == ("lama", "Ola")
    assert (kept["choice"], kept["best"]) == (other, expert)
    situation = kept["situation"]
    assert situation["hand"] == [card.token for card in view.hand]
    assert (situation["top"], situation["draw_pile"]) == (view.top.token, view.draw_pile)
    replayed = moment(situation["preset"], situation["seed"], situation["players"])
    assert replayed is not None and replayed.view(you()).hand == view.hand, "it replays"

    decision.again.click()
    expert = experts_choice(decision)
    buttons[expert].click()
    assert [(d["choice"], d["best"]) for d in service.decisions[1:]] == [(expert, expert)]
    assert service.decisions[1]["situation"]["seed"] > situation["seed"]
    assert "Saved: 2" in decision.book.status.value


def experts_choice(decision: DrawOrQuit) -> str:
    """What the expert does at the moment shown: 'draw' or 'quit' (from the engine)."""
    game = decision.game
    move = STRATEGIES["expert"](game.view(game.player), game.legal_actions(), random.Random(0))
    return "draw" if move == Draw() else "quit"


def test_draw_or_quit_sends_nothing_without_a_book_or_before_the_student_joined(service):
    alone = DrawOrQuit(seed=4, book=None)
    alone.draw.click()
    assert alone.book.layout.display == "none" and "You chose to <b>draw</b>" in alone.verdict.value
    stranger = DrawOrQuit(seed=4, book=service.book_client(OLA))
    stranger.quit.click()
    assert service.decisions == [] and stranger.book.layout.display == "none"
    assert "You chose to <b>quit</b>" in stranger.verdict.value


def test_a_book_that_is_down_costs_draw_or_quit_one_sentence(joined):
    service = joined
    decision = DrawOrQuit(seed=4, book=service.book_client(OLA))
    service.down = True
    decision.draw.click()
    assert service.decisions == [] and "not being saved right now" in decision.book.status.value
    assert "The expert would" in decision.verdict.value and "mc-error" not in decision.message.value
    decision.again.click()
    assert decision.verdict.value == "" and not decision.draw.disabled


def test_draw_or_quit_with_its_book_in_polish(polish, joined):
    decision = DrawOrQuit(seed=4, book=joined.book_client(OLA))
    decision.quit.click()
    text = shown_text(decision)
    assert english_words(text, {"Ola", "Ada", "Ben"}) == [], english_words(text)
    assert "W zeszycie klasy występujesz jako Ola" in text and "Zapisano: 1" in text


# ------------------------------------------------------------------ LAMA Dice: roll or quit


def test_roll_or_quit_keeps_every_answer_with_the_best_choice_beside_it(joined):
    service = joined
    exercise = RollOrQuit(seed=6, book=service.book_client(OLA))
    assert "You are Ola" in exercise.book.status.value
    assert "Moment 1" in exercise.heading.value and "mc-lama-card" in exercise.situation.value
    first, (best, other) = exercise.moment, best_and_other(exercise)
    press(exercise, best)
    assert "That was the better choice." in exercise.verdict.value
    assert "Quitting now scores" in exercise.verdict.value and "Rolling on scores" in (
        exercise.verdict.value
    )
    assert exercise.roll_on.disabled and exercise.quit.disabled
    exercise.again.click()
    assert "Moment 2" in exercise.heading.value and exercise.verdict.value == ""
    second, (best_2, other_2) = exercise.moment, best_and_other(exercise)
    press(exercise, other_2)
    assert "The other choice was better." in exercise.verdict.value
    assert "Better choices: 1 of 2" in exercise.score.value

    assert [(d["choice"], d["best"]) for d in service.decisions] == [
        (best, best),
        (other_2, best_2),
    ]
    assert {d["game"] for d in service.decisions} == {"lama_dice"}
    kept = service.decisions[0]["situation"]
    assert (tuple(kept["row"]), tuple(kept["llama_row"])) == first != second
    assert kept["dice"] == dice_text(DEFAULT_DICE) and (kept["seed"], kept["moment"]) == (6, 1)
    exact = known.decide(first[0], first[1], DEFAULT_DICE)
    assert (kept["roll_on"], kept["quit_now"]) == (str(exact.roll), str(exact.quit))
    assert known.moment(kept["seed"], kept["moment"] - 1) == first, "the moment replays"
    assert other != best


def test_roll_or_quit_answers_once_a_moment(joined):
    service = joined
    exercise = RollOrQuit(seed=2, book=service.book_client(OLA))
    exercise.roll_on.click()
    exercise.answer("quit")  # the buttons are greyed; a late call changes nothing either
    assert len(service.decisions) == 1 and "Better choices: " in exercise.score.value
    assert exercise.answered == 1 and "of 1" in exercise.score.value


def test_roll_or_quit_goes_through_the_seeded_series():
    exercise = RollOrQuit(seed=3, book=None)
    shown = []
    for _ in range(len(known.MOMENTS)):
        shown.append(exercise.moment)
        exercise.quit.click()
        exercise.again.click()
    assert sorted(shown) == sorted(known.MOMENTS)
    assert shown == [known.moment(3, n) for n in range(len(known.MOMENTS))]
    assert exercise.answered == len(known.MOMENTS)


def test_roll_or_quit_sends_nothing_without_a_book_or_before_the_student_joined(service):
    alone = RollOrQuit(book=None)
    alone.roll_on.click()
    assert alone.book.layout.display == "none" and "Better choices: " in alone.score.value
    stranger = RollOrQuit(book=service.book_client(OLA))
    stranger.quit.click()
    assert service.decisions == [] and stranger.book.layout.display == "none"
    assert "You chose to <b>quit</b>" in stranger.verdict.value


@pytest.mark.parametrize("when", ["at the start", "while answering"])
def test_a_book_that_is_down_costs_roll_or_quit_one_sentence(when, joined):
    service = joined
    service.down = when == "at the start"
    exercise = RollOrQuit(book=service.book_client(OLA))
    service.down = True
    exercise.roll_on.click()
    assert service.decisions == [] and "not being saved right now" in exercise.book.status.value
    assert "Best: <b>" in exercise.verdict.value and "of 1" in exercise.score.value
    assert "mc-error" not in exercise.message.value
    exercise.again.click()
    assert "Moment 2" in exercise.heading.value and not exercise.quit.disabled


def test_roll_or_quit_follows_the_pages_dice():
    chooser = DiceChooser()
    exercise = RollOrQuit(dice=chooser, seed=6, book=None)
    exercise.quit.click()
    chooser.choice.value = "One llama a die"
    assert exercise.verdict.value == "" and not exercise.roll_on.disabled, "asked again"
    assert 'aria-label="die 3: 1, 2, 3, 5, 6, llama"' in exercise.heading.value  # 12356L
    exercise.quit.click()
    exact = known.decision(*exercise.moment, parse_dice(LAYOUTS["One llama a die"]))
    assert exact is not None and str(exact.quit) in exercise.verdict.value


def test_roll_or_quit_in_polish(polish, joined):
    exercise = RollOrQuit(seed=6, book=joined.book_client(OLA))
    assert [exercise.roll_on.description, exercise.quit.description] == ["Rzucaj dalej", "Spasuj"]
    assert exercise.again.description == "Inny szereg"
    best, other = best_and_other(exercise)
    press(exercise, best)
    exercise.again.click()
    press(exercise, best_and_other(exercise)[1])
    text = shown_text(exercise)
    assert english_words(text, {"Ola"}) == [], (english_words(text), text)
    assert "Sytuacja 2" in text and "Lepsze decyzje: 1 z 2" in text
    assert "Wszyscy pozostali już spasowali" in text
    assert "Lepszy byłby drugi wybór." in text and other != best


def test_draw_or_quit_works_out_its_moment_before_it_asks_for_the_book(monkeypatch):
    """A warm kernel waits for the page's request when the book is asked for (`served`): the
    moment, and sympy's import with it, are worked out before, not while the phone waits."""
    import widgets.lama.decision as decision

    made: list[DrawOrQuit] = []
    drawn_when_asked: list[str] = []
    work_out = DrawOrQuit.another

    def another(exercise: DrawOrQuit) -> None:
        made.append(exercise)
        work_out(exercise)

    monkeypatch.setattr(DrawOrQuit, "another", another)
    monkeypatch.setattr(
        decision, "served", lambda _book: drawn_when_asked.append(made[0].situation.value)
    )
    DrawOrQuit(seed=1)
    assert drawn_when_asked and "mc-seat" in drawn_when_asked[0]
