"""The target game's widgets, driven like a user would: clicks, typing, and what shows."""

import re
from html import escape, unescape

import pytest

from mathcards import i18n
from mathcards.mam import best, solve
from mathcards.mam.solver import find_solutions
from tests.conftest import FakeClock
from widgets import svg
from widgets.mam import (
    AllLevels,
    ClassTable,
    MamTable,
    PracticeSession,
    QuickDeal,
    SameSolution,
    SoloTable,
    SolverExplorer,
    TargetOdds,
    VersusTable,
    counting_table,
    render_preview,
    render_solutions,
    render_table,
)


def answer_for(table):
    game = table.game
    return best(game.solver_cards(), game.target, power=game.power)


def dealt(**options):
    table = MamTable(seed=7, **options)
    table.deal_button.click()
    return table


RULEBOOK = [7, 6, 12, 2, 15]


def shown(widget) -> str:
    """The words a widget shows, without their markup."""
    return unescape(re.sub("<[^>]+>", "", widget.value))


def said(widget) -> str:
    """The words a screen reader says: typeset MathML is hidden from it, its plain text is not."""
    return said_in(widget.value)


def said_in(html: str) -> str:
    return shown_html(re.sub(r'<span aria-hidden="true"><math>.*?</math></span>', "", html))


def shown_html(html: str) -> str:
    return unescape(re.sub("<[^>]+>", "", html))


def typeset_in(html: str) -> list[str]:
    """The symbols of each typeset calculation in `html`, read in order without their tags."""
    return [shown_html(found) for found in re.findall(r"<math>(.*?)</math>", html)]


def read_preview(html: str) -> tuple[str, str, str]:
    """What the preview shows: the typeset calculation's symbols (MathML, read in order), what a
    screen reader says instead, and the rest of the line."""
    typeset = re.fullmatch(r'<span aria-hidden="true"><math>(.*)</math></span>(.*)', html)
    assert typeset, html
    said = re.fullmatch(r'<span class="mc-said">([^<]*)</span>(.*)', typeset.group(2))
    assert said, html
    return unescape(re.sub("<[^>]+>", "", typeset.group(1))), unescape(said[1]), said[2]


def stacked(deck, dice=(2, 30), **options):
    """A table whose scripted game turns up `deck` in order, and whose dice show `dice`."""
    table = MamTable(stack=deck, scripted=True, **options)
    table.deal_button.click()
    table.land(dice)
    return table


# ---------------------------------------------------------------- drawing


def test_cards_and_dice_are_labelled_svg():
    drawing = svg.card(12)
    assert drawing.startswith("<svg") and 'class="mc-card ' in drawing
    assert 'aria-label="card 12"' in drawing and "<title>card 12</title>" in drawing
    assert 'aria-label="blue die showing 30"' in svg.die(30, "blue")
    assert "mc-die-red" in svg.die(10, "red")


def test_a_table_s_text_in_place_of_its_widgets_is_its_name():
    """What a notebook without widgets shows (and what the kernel makes for every page): the
    table's name, not its widgets' traits."""
    for table, name in [(MamTable(mode="practice"), "SoloTable"), (dealt(), "ClassTable")]:
        assert repr(table) == f"<{name}>"
        assert table._repr_mimebundle_()["text/plain"] == f"<{name}>"


def test_the_table_shows_dice_target_and_cards():
    html = render_table([7, 6, 12, 2, 15], (2, 30), ("blue", "blue"), deck_left=50)
    assert html.count('<svg class="mc-card ') == 5 and html.count('class="mc-die') == 2
    assert 'data-target="32"' in html and "deck: 50 cards left" in html


def test_dice_not_rolled_show_no_target_yet():
    html = render_table([7, 6, 12, 2, 15], None, ("blue", "blue"))
    assert html.count("not rolled yet") == 4 and 'data-target="?"' in html


def test_a_scripted_table_waits_for_the_dice_the_demo_chooses(clock):
    table = MamTable(
        mode="versus", opponents=("expert",), stack=RULEBOOK, scripted=True, clock=clock
    )
    table.deal_button.click()
    assert 'data-target="?"' in table.table.value and table.countdown.value == ""
    table.land((2, 30))
    assert 'data-target="32"' in table.table.value and "The dice show 2 + 30 = 32." in (
        table.status.value
    )
    assert "Computer 1 (expert) is thinking:" in table.countdown.value, "now the race is on"
    unscripted = dealt()
    unscripted.land((2, 30))
    assert "nobody chooses the roll" in unscripted.answer.message.value


def test_the_deck_is_a_pile_that_thins_as_cards_are_drawn():
    thick, thin, empty = svg.card_back(50), svg.card_back(3), svg.card_back(0)
    assert thick.count("<rect") == 4 and thin.count("<rect") == 1
    assert ">50 cards</text>" in thick and ">3 cards</text>" in thin
    assert "stroke-dasharray" in empty and ">0 cards</text>" in empty
    assert 'aria-label="your row: 1 card"' in svg.card_back(1, label="your row: 1 card")


def test_solutions_are_grouped_by_cards_used():

    html = render_solutions(find_solutions([7, 6, 12, 2, 15], 32), 32)
    assert "23 ways to make 32" in html and "5 cards (12):" in html and "4 cards (11):" in html
    assert "No calculation makes 9" in render_solutions(find_solutions([2, 3], 9), 9)
    many = render_solutions(find_solutions([1, 2, 3, 4, 5], 5), 5)
    assert many.count("<li>") == len(solve([1, 2, 3, 4, 5], 5)) or "more</li>" in many


def test_every_solution_shown_is_typeset_from_sympy_with_its_plain_text_beside_it():
    html = render_solutions(find_solutions([7, 6, 12, 2, 15], 32, power=True), 32)
    items = re.findall(r"<li>(.*?)</li>", html)
    assert len(items) == 40 and all(
        item.startswith('<span aria-hidden="true"><math>') for item in items
    )
    power = next(item for item in items if said_in(item) == "7^(12 ÷ 6) − 15 − 2")
    assert typeset_in(power) == ["712÷6−15−2"] and "<msup><mn>7</mn><mrow><mn>12</mn>" in power
    i18n.use("pl")
    try:
        polish = render_solutions(find_solutions([12, 6, 5], 2), 2)
        assert typeset_in(polish) == ["12:6"] and "12 : 6" in said_in(polish)
    finally:
        i18n.use("en")


def test_a_table_too_big_to_count_shows_its_best_ways_and_says_more_than():
    html = render_solutions(find_solutions([3, 4, 7, 8, 9, 10, 11, 16], 34, limit=10), 34)
    assert "more than" in html and "the best 10, most cards first" in html
    assert "8 cards (1):" in html


def test_the_preview_shows_the_calculation_as_written_and_its_value():
    assert read_preview(render_preview("7×6−12+2", False)) == (
        "7×6−12+2",
        "7 × 6 − 12 + 2",
        " = 32",
    )
    assert read_preview(render_preview("7*6-", False)) == ("7×6", "7 × 6", " … so far 42")
    assert "not a whole number" in render_preview("15/4", False)
    assert render_preview("", False) == ""


# ---------------------------------------------------------------- class mode


def classes_made(widget) -> set[str]:
    """The CSS classes of a widget and of every widget inside it, shown or not."""
    inside = getattr(widget, "children", ())
    return set(widget._dom_classes).union(*(classes_made(child) for child in inside))


@pytest.mark.parametrize("mode", ["class", "versus", "practice"])
def test_before_the_deal_a_table_shows_its_settings_and_no_control_of_play(mode):
    table = MamTable(mode=mode)
    play = {"mc-answer", "mc-mam", "mc-hint", "mc-next-round", "mc-show-all", "mc-scores"}
    assert not play & classes_made(table), "nothing to press before there are cards"
    assert "Press “New game” to deal." in table.table.value
    table.deal_button.click()
    assert play <= classes_shown(table)
    made = table.play.children
    table.deal_button.click()
    assert table.play.children == made and table.game is not None, "made once, at the first"


def test_before_the_deal_a_hint_explains_what_to_do():
    table = MamTable()
    table.hint()
    message = table.message.value
    assert "New game" in message and "mc-error" in message
    table.deal()
    assert table.answer.message is table.message, "the line moves under the answer box"


def test_deal_and_roll_shows_five_cards_and_a_target():
    table = dealt()
    assert table.table.value.count('<svg class="mc-card ') == 5
    assert f'data-target="{table.game.target}"' in table.table.value
    assert "Team A" in table.scores.value


def test_a_correct_claim_wins_the_cards_and_starts_the_next_round():
    table = dealt()
    solution = answer_for(table)
    table.claimer.value = "Team B"
    table.answer.text.value = solution.text
    assert "=" in table.answer.preview.value
    table.answer.submit.click()
    assert "Correct!" in table.answer.message.value and "mc-ok" in table.answer.message.value
    assert typeset_in(table.answer.message.value) == [solution.pretty.replace(" ", "")]
    assert f"Correct! {solution.pretty} = {table.game.target}" not in said(table.answer.message)
    assert len(table.game.won["Team B"]) == len(solution.cards)
    assert table.answer.text.value == "", "a new round starts with an empty box"


def test_a_wrong_claim_shows_the_reason_keeps_the_text_and_others_take_cards():
    table = dealt(players=("Ann", "Ben", "Cy"))
    table.claimer.value = "Ann"
    table.answer.text.value = "99+1"
    table.answer.submit.click()
    assert "99 is not on the table" in table.answer.message.value
    assert table.answer.text.value == "99+1"
    assert "Ben, take a card" in table.takes.children[0].value
    first = table.takes.children[1]
    first.click()
    assert table.game.won["Ben"] == [int(first.description)]
    assert "Cy, take a card" in table.takes.children[0].value
    table.takes.children[1].click()
    assert table.takes.children == () and len(table.game.face_up) == 5


# ---------------------------------------------------------------- bugs a class hit (issue 10)


def test_new_game_in_the_middle_of_a_game_asks_first():
    table = dealt(players=("Ann", "Ben"))
    table.claimer.value = "Ann"
    table.answer.text.value = answer_for(table).text
    table.answer.submit.click()
    game, won = table.game, table.game.scores()["Ann"]
    table.deal_button.click()
    assert table.game is game and table.game.scores()["Ann"] == won, "nothing thrown away yet"
    question = table.confirm.children[0].value
    assert "Start a new game?" in question and f"Ann {won} card" in question
    keep = next(b for b in table.confirm.children[1:] if b.description == "Keep going")
    keep.click()
    assert table.confirm.children == () and table.game is game
    table.deal_button.click()
    yes = next(b for b in table.confirm.children[1:] if b.description == "Yes, start again")
    yes.click()
    assert table.game is not game and table.game.scores() == {"Ann": 0, "Ben": 0}


def test_a_new_table_needs_no_confirmation():
    table = dealt()
    table.deal_button.click()
    assert table.confirm.children == (), "nothing has happened in this game yet"


@pytest.mark.parametrize("slip", ["7++", "((", ""])
def test_a_typing_slip_costs_no_cards_until_the_teacher_confirms(slip):
    table = dealt(players=("Ann", "Ben", "Cy"))
    table.claimer.value = "Ann"
    table.answer.text.value = slip
    table.answer.submit.click()
    assert "not judged" in table.answer.message.value and not table.game.must_take
    assert table.answer.text.value == slip, "what was typed stays"
    judge = table.confirm.children[-1]
    assert judge.description == "Judge it anyway"
    judge.click()
    assert table.game.must_take == ["Ben", "Cy"] and table.confirm.children == ()


def test_next_round_first_says_there_is_a_way_then_gives_up_on_it():
    table = stacked([*RULEBOOK, 3])
    cards_before = list(table.game.face_up)
    table.none_button.click()
    assert "There is a way to make 32" in table.answer.message.value
    assert table.game.face_up == cards_before
    table.none_button.click()
    assert len(table.game.face_up) == 6 and "One more card" in table.status.value


def test_giving_up_shows_a_way_and_clears_what_was_said_about_the_old_target():
    table = stacked([*RULEBOOK, 3], dice=(4, 20))
    table.hint_button.click()
    table.none_button.click()
    table.none_button.click()
    way = best([*RULEBOOK], 24)
    assert way is not None
    assert f"Given up: 24 could be made as {escape(way.pretty)}" in table.status.value
    assert "Nobody can make" not in table.status.value
    assert shown(table.answer.message) == "" and shown(table.hint_text) == ""


def test_a_wrong_claims_message_goes_with_its_round_and_a_right_one_stays():
    table = stacked([*RULEBOOK, 3, 4, 5, 8, 9, 10, 11, 13, 14], players=("Ann", "Ben"))
    table.answer.text.value = "1+1"
    table.answer.submit.click()
    assert "Not quite" in table.answer.message.value
    table.takes.children[1].click()
    table.land((4, 20))
    assert shown(table.answer.message) == ""
    table.answer.text.value = answer_for(table).text
    table.answer.submit.click()
    table.land((2, 30))
    assert "Correct" in table.answer.message.value


def test_a_tie_at_the_end_says_who_won_it_and_why():
    table = stacked([*RULEBOOK, 3, 4], dice=(2, 20), players=("Ann", "Ben"))
    game = table.game
    table.claimer.value = "Ann"
    table.answer.text.value = "15+7"
    table.answer.submit.click()
    table.land((4, 20))
    assert game.face_up == [6, 12, 2, 3, 4] and not game.deck
    table.claimer.value = "Ben"
    table.answer.text.value = "12*2"
    table.answer.submit.click()
    assert game.over and game.scores()["Ann"] == game.scores()["Ben"]
    assert "Ben wins:" in table.status.value and "as many as Ann" in table.status.value
    assert "Ben gave the last correct answer" in table.status.value


def test_hints_climb_the_ladder():
    table = dealt()
    for rung in range(1, 4):
        table.hint_button.click()
        assert table.hint_text.value.count("<p>") == min(rung, 3)
    assert "One answer" in table.hint_text.value
    assert len(typeset_in(table.hint_text.value)) == 2  # the first step and the whole answer
    assert "Start with" in said(table.hint_text) and "<math>" not in said(table.hint_text)


def test_show_all_solutions_toggles():
    table = dealt()
    table.all_button.click()
    assert "ways to make" in table.solutions.value or "way to make" in table.solutions.value
    table.all_button.click()
    assert table.solutions.value == ""


def test_no_solution_checks_first_and_only_then_turns_up_a_card():
    table = stacked([1, 1, 1, 1, 2, 3])
    table.none_button.click()
    assert len(table.game.face_up) == 6
    table = stacked([*RULEBOOK, 3])
    table.none_button.click()
    assert "There is a way to make 32" in table.answer.message.value
    assert len(table.game.face_up) == 5


def test_the_same_seed_deals_the_same_game():
    assert dealt().game.face_up == dealt().game.face_up
    table = dealt()
    first = table.game.face_up
    table.deal_button.click()
    assert table.game.face_up != first, "the next deal uses the next seed"


def test_level_and_exponent_settings_apply_to_the_next_deal():
    table = MamTable(seed=1)
    table.level_choice.value = "easy"
    table.power_choice.value = True
    table.deal_button.click()
    assert max(table.game.face_up) <= 15 and table.game.power
    table.answer.text.value = "2^3"
    assert "<msup><mn>2</mn><mn>3</mn></msup>" in table.answer.preview.value


def classes_shown(view) -> set[str]:
    """The CSS classes of a view and of every view under it that is not hidden."""
    if view.layout.display == "none":
        return set()
    shown = set(view._dom_classes)
    for child in getattr(view, "children", ()):
        shown |= classes_shown(child)
    return shown


def test_the_class_lessons_tables_send_each_view_once_as_it_is_made(messages):
    """docs/design.md#few-models-for-a-phone: the two tables of *The target game in class*
    send one message a view, as each is made (none is changed at once, which is a second
    message), each way to play makes only the controls it shows, and the controls of play
    come with the first deal: at most 60 views (132 views and 19 changes when the versus table
    made the class's teams, hidden; 94 views when the tables made their answer boxes and
    hints before anyone dealt)."""
    MamTable(teams=3, mode="class")
    MamTable(mode="versus", opponents=("beginner", "good"))
    assert not messages.changed
    assert len(messages.made) <= 60


def test_the_class_plays_as_named_teams():
    assert MamTable().names == ["Team A", "Team B"]
    assert MamTable(teams=3).names == ["Team A", "Team B", "Team C"]
    assert MamTable(players=("Ann", "Ben")).names == ["Ann", "Ben"]
    with pytest.raises(ValueError, match="1 to 6 teams, not 7"):
        MamTable(teams=7)


def test_the_teacher_chooses_how_many_teams_and_names_them():
    table = MamTable(teams=3, seed=1)
    assert table.team_text.value == "Team A, Team B, Team C"
    assert (table.team_count.min, table.team_count.max) == (2, 6)
    table.team_count.value = 4
    assert table.team_text.value == "Team A, Team B, Team C, Team D"
    table.team_text.value = "Lions, Tigers , Owls"
    table.team_count.value = 2
    assert table.team_text.value == "Lions, Tigers"
    table.team_count.value = 3
    assert table.team_text.value == "Lions, Tigers, Team A"
    table.deal_button.click()
    assert table.game.players == ["Lions", "Tigers", "Team A"]
    assert list(table.claimer.options) == ["Lions", "Tigers", "Team A"]
    table.team_text.value = "Lions\nTigers, Owls\n"  # one a line works too
    table.deal_button.click()
    assert table.game.players == ["Lions", "Tigers", "Owls"]
    table.team_text.value = "Ann, Ann"
    table.deal_button.click()
    assert "a name of their own" in table.answer.message.value
    assert {"mc-teams", "mc-claimer"} <= classes_shown(table)
    versus = MamTable(mode="versus")
    assert not {"mc-teams", "mc-claimer"} & classes_shown(versus)


def test_bad_settings_are_value_errors():
    with pytest.raises(ValueError, match="unknown mode"):
        MamTable(mode="tournament")
    with pytest.raises(ValueError, match="own"):
        MamTable(players=("A", "A"))
    with pytest.raises(ValueError, match="unknown strategy"):
        MamTable(mode="versus", opponents=("genius",))


def test_mam_table_picks_one_table_for_each_way_to_play():
    assert type(MamTable(teams=3)) is ClassTable
    assert type(MamTable(mode="versus")) is VersusTable
    assert type(MamTable(mode="practice")) is SoloTable
    versus = VersusTable(("beginner", "expert"))
    assert versus.names == ["You", "Computer 1 (beginner)", "Computer 2 (expert)"]
    versus.deal()
    assert versus.answer.submit.description == "MAM!"
    alone = SoloTable(seed=2)
    alone.deal()
    assert alone.names == ["You"] and alone.answer.submit.description == "Check"
    with pytest.raises(TypeError):  # a way to play's own settings: no computers when alone
        MamTable(mode="practice", opponents=("good",))


# ---------------------------------------------------------------- versus and practice modes


def test_versus_the_computer_counts_down_and_the_computer_claims(clock):
    table = MamTable(mode="versus", opponents=("expert",), seed=3, clock=clock)
    table.deal_button.click()
    assert "Computer 1 (expert) is thinking:" in table.countdown.value
    clock.run()
    assert "was faster" in table.answer.message.value
    assert table.game.won["Computer 1 (expert)"]


def thought(clock, table) -> float:
    """Run the fake clock until a computer player has won cards: the seconds it waited."""
    waited = 0.0
    while not any(table.game.won[name] for name in table.computers):
        timer = clock.step()
        assert timer is not None, "the computers never shouted"
        waited += timer.seconds
    return waited


def test_versus_the_student_gives_the_computers_twice_or_four_times_as_long(clock):
    computer = "Computer 1 (expert)"
    normal = MamTable(mode="versus", opponents=("expert",), seed=3, clock=clock)
    normal.deal_button.click()
    plan_seconds = normal.plan.seconds
    assert thought(clock, normal) == pytest.approx(plan_seconds) and normal.game.won[computer]
    for time, factor in (("twice", 2), ("four", 4)):
        clock = FakeClock()  # the first table's next race waits on the other
        slower = MamTable(mode="versus", opponents=("expert",), seed=3, clock=clock, time=time)
        slower.deal_button.click()
        assert slower.plan.seconds == plan_seconds, "the same computer, the same answer"
        shown = int(re.search(r"(\d+) s", slower.countdown.value).group(1))
        assert shown == round(factor * plan_seconds)
        assert thought(clock, slower) == pytest.approx(factor * plan_seconds)
        assert "was faster" in slower.answer.message.value and slower.game.won[computer]
    with pytest.raises(ValueError, match="unknown time to think"):
        VersusTable(("expert",), time="forever")


def test_versus_with_no_time_limit_the_computers_wait_until_the_student_asks(clock):
    computer = "Computer 1 (expert)"
    table = MamTable(mode="versus", opponents=("expert",), seed=3, clock=clock, time="none")
    assert [label for label, _key in table.time_choice.options] == [
        "as usual",
        "twice as long",
        "four times as long",
        "no limit",
    ]
    table.deal_button.click()
    assert "No time limit: the computer players wait until you ask them." in shown(table.countdown)
    assert table.ask_box.layout.display == "" and not clock.waiting
    clock.run()  # however long the student thinks, nothing is waiting to end the race
    assert not table.game.won[computer] and table.game.last_correct is None
    table.ask_box.children[0].click()
    assert "Computer 1 (expert) answers, as you asked." in shown(table.answer.message)
    assert table.game.won[computer] and table.game.last_correct == computer
    assert "No time limit" in shown(table.countdown), "the next round waits too"


def test_versus_a_new_time_to_think_keeps_what_the_computers_thought(clock):
    table = MamTable(mode="versus", opponents=("expert",), seed=3, clock=clock)
    table.deal_button.click()
    seconds = table.plan.seconds
    clock.step()  # one second of thinking, of the computers' own
    table.time_choice.value = "none"
    assert not clock.waiting and "No time limit" in shown(table.countdown)
    table.time_choice.value = "twice"  # what is left of its thinking, twice as long
    assert table.ask_box.layout.display == "none"
    assert thought(clock, table) == pytest.approx(2 * (seconds - 1))
    assert table.game.won["Computer 1 (expert)"]


def test_versus_a_quick_human_beats_the_computer(clock):
    table = MamTable(mode="versus", opponents=("beginner",), seed=3, clock=clock)
    table.deal_button.click()
    table.answer.text.value = answer_for(table).text
    table.answer.submit.click()
    assert table.game.won["You"] and table.game.last_correct == "You"


def test_versus_after_a_wrong_claim_the_computer_takes_its_card():
    table = MamTable(mode="versus", opponents=("good", "good"), seed=3, clock=FakeClock())
    table.deal_button.click()
    table.answer.text.value = "1+1"
    table.answer.submit.click()
    assert sum(len(cards) for cards in table.game.won.values()) == 2
    assert not table.game.must_take


def test_practice_mode_lets_you_try_again_after_a_mistake():
    table = MamTable(mode="practice", seed=2)
    table.deal_button.click()
    assert "mc-claimer" not in classes_shown(table)
    before = list(table.game.face_up)
    table.answer.text.value = "1+"
    table.answer.submit.click()
    assert "missing" in table.answer.message.value and not table.game.must_take
    assert table.game.face_up == before and table.answer.text.value == "1+"
    table.answer.text.value = answer_for(table).text
    table.answer.submit.click()
    assert table.game.won["You"]


def test_a_practice_session_runs_to_its_summary():
    session = PracticeSession("easy", rounds=2, seed=5)
    assert "Deal 1 of 2" in session.progress.value
    session.answer.text.value = "1+"
    session.answer.submit.click()
    assert "Not yet" in session.answer.message.value and session.answer.text.value == "1+"
    session.hint_button.click()
    assert "You can make" in session.hint_text.value
    exercise = session.practice.current
    session.answer.text.value = best(exercise.cards, exercise.target).text
    session.answer.submit.click()
    assert "Correct!" in session.answer.message.value
    assert "solved 1" in session.progress.value and "hints used 1" in session.progress.value
    assert "costs one card" in session.hint_text.value
    session.next_button.click()
    missed = session.practice.current
    session.next_button.click()
    session.confirm.children[1].click()
    assert "You solved 1 of 2 deals" in session.summary.value
    report = session.summary.value
    assert report.count("<tr>") == 3, "a heading and one row a deal"
    assert exercise.answer in said_in(report) and missed.good_answer() in said_in(report)
    good = [text.replace(" ", "") for text in (exercise.answer, missed.good_answer())]
    assert [text for text in good if len(text) > 2] == typeset_in(report)  # a lone card: a number
    session.answer.submit.click()
    assert "New set" in session.answer.message.value
    session.next_button.click()
    assert "the set is finished" in session.answer.message.value
    session.new_button.click()
    assert "Deal 1 of 2" in session.progress.value and session.summary.value == ""


def test_new_set_with_a_set_under_way_asks_first_and_keep_going_keeps_the_deal():
    session = PracticeSession("easy", rounds=4, seed=5)
    session.new_button.click()  # nothing done yet: a new set at once
    assert session.new_confirm.children == ()
    session.answer.text.value = "1+1"
    session.submit()
    session.next_button.click()
    session.confirm.children[1].click()  # skip it: deal 2
    session.new_button.click()
    question, _yes, keep = session.new_confirm.children
    assert "deal 2 of 4" in question.value and "Deal 2 of 4" in session.progress.value
    keep.click()
    assert session.new_confirm.children == () and "Deal 2 of 4" in session.progress.value
    session.new_button.click()
    session.new_confirm.children[1].click()
    assert "Deal 1 of 4" in session.progress.value and session.new_confirm.children == ()


def test_next_deal_on_a_deal_not_solved_asks_first():
    session = PracticeSession("easy", rounds=2, seed=5)
    session.next_button.click()
    question, skip, keep = session.confirm.children
    assert "Deal 1 is not solved yet" in question.value and "counts as not solved" in question.value
    assert "Deal 1 of 2" in session.progress.value
    keep.click()
    assert session.confirm.children == () and session.practice.position == 0
    session.next_button.click()
    question, skip, keep = session.confirm.children
    skip.click()
    assert "Deal 2 of 2" in session.progress.value and session.confirm.children == ()


def test_a_hint_clears_the_last_answers_message():
    session = PracticeSession("easy", rounds=2, seed=5)
    session.answer.text.value = "1+1"
    session.answer.submit.click()
    assert "Not yet" in session.answer.message.value
    session.hint_button.click()
    assert shown(session.answer.message) == ""


def test_hints_run_out_and_say_so():
    session = PracticeSession("easy", rounds=1, seed=5)
    for _ in session.practice.current.hints:
        session.hint_button.click()
    assert "One answer" in session.hint_text.value
    session.hint_button.click()
    assert "that was the last hint" in session.answer.message.value


# ---------------------------------------------------------------- the lessons' explorers


def test_the_solver_explorer_updates_as_the_reader_types():
    explorer = SolverExplorer()
    assert "23 ways to make 32" in explorer.found.value
    explorer.power.value = True
    assert "40 ways to make 32" in explorer.found.value
    explorer.cards.value = "7 99"
    assert "“99” is not a card" in explorer.message.value and explorer.found.value == ""
    assert explorer.cards.value == "7 99", "what was typed stays"
    explorer.cards.value = "2 5"
    assert "1 way to make 32" in explorer.found.value and "2^5" in explorer.found.value
    explorer.cards.value = "1 2 3 4 5 6 7"
    assert "at most 6 cards" in explorer.message.value


def test_same_solution_says_what_each_calculation_does():
    same = SameSolution()
    assert "the same solution, written two ways" in same.verdict.value
    same.second.value = "7 × 6 − 12 + 2"
    assert "two different solutions" in same.verdict.value
    assert "add (7 × 6) and 2, take away 12" in said(same.verdict)
    assert typeset_in(same.verdict.value) == ["7×6"]
    same.second.value = "15 + 12 - (2 - 7 + 7)"
    assert "you used 7 twice" in same.verdict.value and "So:" not in same.verdict.value


def test_target_odds_follow_the_chosen_level(clock):
    odds = TargetOdds(clock=clock)
    assert "Drawing the charts" in odds.summary.value and not odds.dice.value
    assert odds.dice.layout.display == odds.hardest.layout.display == "none", "no empty image"
    clock.run()
    assert "98.4%" in odds.summary.value and odds.dice.value.count("<img") == 2
    assert odds.dice.layout.display == odds.hardest.layout.display == ""
    before = odds.hardest.value
    odds.level_choice.value = "hard"
    odds.power_choice.value = True
    assert "Drawing the charts" in odds.summary.value
    clock.run()
    assert "Level <b>hard</b>, with powers" in odds.summary.value
    assert odds.hardest.value != before


def test_every_level_at_once_with_its_chart_drawn_after_the_page(clock):
    levels = AllLevels(clock=clock)
    table = levels.children[0].value
    assert table.count("<tr>") == 7 and "<td>normal</td><td>no</td><td>98.4%</td>" in table
    assert not levels.chart.value and "Drawing" in levels.progress.value
    assert levels.chart.layout.display == "none", "no broken-image icon before the chart"
    clock.run()
    assert levels.chart.value.count("<img") == 2 and levels.progress.value == ""
    assert levels.chart.layout.display == ""


def test_the_counting_table_counts_orders_and_different_solutions():
    table = counting_table([(3, 5), (2, 3, 5, 7, 11)])
    assert "<td>3 5</td><td>8</td><td>3</td>" in table
    assert "<td>430,080</td><td>3,188</td>" in table


def test_a_quick_deal_is_seeded_and_shows_every_way_on_request():
    first, again = QuickDeal(seed=5), QuickDeal(seed=5)
    assert (first.cards, first.dice) == (again.cards, again.dice)
    assert first.deal_view.value.count('<svg class="mc-card ') == 5 and first.found.value == ""
    first.ways_button.click()
    assert f"to make {sum(first.dice)}" in first.found.value
    first.children[2].children[0].click()  # Another deal
    assert first.found.value == "" and (first.cards, first.dice) != (again.cards, again.dice)


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Powers too (2³ = 2×2×2, typed 2^3)"), ("pl", "Także potęgi (2³ = 2·2·2, wpisz 2^3)")],
)
def test_the_exponent_variant_is_ticked_in_a_child_s_words(language, label):
    """The practice page, the table and the explorers say what powers are, not "exponent
    variant", a rulebook's word the command line keeps."""
    i18n.use(language)
    try:
        boxes = [
            PracticeSession("easy", rounds=2, seed=5).power_choice,
            MamTable(mode="practice", seed=2).power_choice,
            SolverExplorer().power,
            TargetOdds(clock=FakeClock()).power_choice,
        ]
    finally:
        i18n.use("en")
    for box in boxes:
        assert box.description == label
        assert not re.search(r"exponent|variant|wariant", box.description, re.IGNORECASE)
