"""Teams on the live pages against the real class service in process: the teacher makes teams
on the projector and moves a student, the projector shows teams (not children), both members of
a team see the round, one claims, the other is told who and what came of it; in the LAMA Dice
guess a teammate's guess is the team's. Each page follows one `follower.step()` at a time."""

from __future__ import annotations

import pytest

from mathcards import i18n
from tests.widgets import test_lama_dice_live as guessing
from tests.widgets.test_mam_live import follow, play, projector, right_answer, seat, wrong_answer

NAMES = ("Ala", "Ola", "Ela", "Ula")


@pytest.fixture
def teams(service):
    """A game, four students, and two teams of two made on the projector (shuffled): the
    pages, and who is in each team (`one`, `two`)."""
    teacher = projector(service)
    teacher.seed.value = "2026"
    teacher.new_game_button.click()
    pages = {name: seat(service, f"phone {name}", name) for name in NAMES}
    follow(teacher)
    teacher.teams_controls.size.value = 2
    teacher.teams_controls.make.click()
    follow(teacher, *pages.values())
    one, two = (service.game().teams.members(team) for team in (1, 2))
    assert sorted(one + two) == sorted(NAMES) and len(one) == len(two) == 2
    return teacher, pages, one, two


def move(teacher, name: str, team: int) -> None:
    controls = teacher.teams_controls
    (student,) = [key for label, key in controls.student.options if label.startswith(f"{name} (")]
    controls.student.value = student
    controls.team.value = team
    controls.move.click()


def test_the_move_menus_name_each_student_s_team_and_are_never_empty(service, teams):
    teacher, _pages, one, _two = teams
    controls = teacher.teams_controls
    assert controls.student.value is not None and controls.team.value is not None
    labels = [label for label, _id in controls.student.options]
    assert f"{one[0]} (Team 1)" in labels and f"{one[1]} (Team 1)" in labels
    assert [label for label, _n in controls.team.options] == ["Team 1", "Team 2", "Team 3"]


def test_the_teacher_moves_a_student_by_hand_and_a_full_team_is_refused(service, teams):
    teacher, _pages, one, two = teams
    move(teacher, one[0], 2)
    assert "That team is full." in teacher.message.value
    move(teacher, one[0], 3)  # a new team
    follow(teacher)
    assert service.game().teams.members(3) == [one[0]]
    assert "Team 3" in teacher.teams_wall.value
    move(teacher, two[0], 1)
    follow(teacher)
    assert service.game().teams.members(1) == [one[1], two[0]]


def test_the_projector_shows_teams_and_each_phone_its_team(service, teams):
    teacher, pages, one, two = teams
    wall = teacher.teams_wall.value
    assert "Team 1" in wall and "Team 2" in wall and "2 members" in wall
    assert not any(name in wall for name in NAMES)  # teams, not children
    said = f"You play in Team 1: {one[0]}, {one[1]}."
    assert all(said in pages[name].team_line.value for name in one)
    assert "Team 2" in pages[two[1]].team_line.value


def test_one_claims_the_teammate_is_told_who_and_cannot_claim(service, teams):
    teacher, pages, (first, mate), (third, fourth) = teams
    teacher.start_button.click()
    follow(teacher, *pages.values())
    assert pages[first].table.value == pages[mate].table.value  # the same round
    play(pages[first], right_answer(service))
    follow(teacher, *pages.values())
    told = pages[mate]
    assert f"{first} answered for your team." in told.team_line.value
    assert "Right:" in told.team_line.value and "cards won" in told.team_line.value
    assert told.pad.layout.display == "none"  # the team's claim is made: the box closes
    assert "Your team has" in told.score.value and "place 1" in told.score.value
    play(told, right_answer(service))  # a page scripted around the closed box
    assert f"{first} already answered for your team." in told.answer.message.value
    wall = teacher.teams_wall.value
    assert "answered" in wall and "not yet" in wall and first not in wall  # teams, not children
    play(pages[third], wrong_answer(service))
    follow(teacher, *pages.values())
    assert f"{third} answered for your team." in pages[fourth].team_line.value
    assert "Not quite right" in pages[fourth].team_line.value
    teacher.reveal_button.click()
    follow(teacher)
    board = teacher.leaderboard.value
    assert "Team 1" in board and not any(name in board for name in NAMES)
    assert "First right answer: Team 1" in teacher.first.value
    for part in (teacher.first, teacher.board, teacher.revealed):  # teams, not children
        assert not any(name in part.value for name in NAMES), part.value


def test_teams_are_polish_on_a_polish_page(service, teams):
    teacher, pages, one, _two = teams
    i18n.use("pl")
    try:
        teacher.show(teacher.view)  # type: ignore[arg-type]
        pages[one[0]].show(pages[one[0]].view)  # type: ignore[arg-type]
        assert "Drużyna 1" in teacher.teams_wall.value
        assert "Twoja drużyna to Drużyna 1:" in pages[one[0]].team_line.value
    finally:
        i18n.use("en")


def test_a_teams_guess_is_its_first_members_and_the_teammate_sees_it(service):
    teacher = guessing.projector(service)
    pages = {name: guessing.seat(service, f"phone {name}", name) for name in NAMES}
    teacher.ask_button.click()
    teacher.reveal_button.click()
    guessing.follow(teacher, *pages.values(), teacher)  # the pages come into the lesson
    teacher.teams_controls.make.click()
    guessing.follow(teacher, *pages.values())
    assert "Team 1" in teacher.teams_wall.value
    teacher.ask_button.click()
    guessing.follow(teacher, *pages.values())
    first, second = service.lesson().teams.members(1)
    guessing.guess(pages[first], "40")
    guessing.follow(*pages.values())
    assert f"{first} answered for your team." in pages[second].team_line.value
    assert pages[second].guessing.layout.display == "none"
    for name in (first, second):  # the team's guess stands: no "you may change it"
        assert "Your team&#x27;s guess is in: 40.0%." in pages[name].said.value
        assert "change" not in pages[name].said.value
    guessing.guess(pages[second], "60")
    assert f"{first} already answered for your team." in pages[second].said.value
