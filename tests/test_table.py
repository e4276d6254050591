"""A table of students (docs/design.md#playing-at-a-table): the seats and each game's presets,
every move checked by the engine, each seat's own view and no hand in another's, the away
rule on a clock the test winds, and a whole game to its end with its review."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.engine import IllegalAction, NextRound, Quit
from mathcards.lama_dice.moves import Roll
from mathcards.replay import replay, rules
from mathcards.table import GAMES, PRIVATE, Table, again, shared
from tests.lama.contract import scramble_hidden as scramble_lama
from tests.lama_dice.contract import scramble_hidden as scramble_lama_dice
from tests.unikat.stack import scramble_hidden as scramble_unikat

SCRAMBLE = {"lama": scramble_lama, "lama_dice": scramble_lama_dice, "unikat": scramble_unikat}


class Clock:
    """The time a test says it is."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_table_seats_students_and_computers_with_the_game_s_presets() -> None:
    table = Table("lama_dice", ["Ann", None, "Bo"], {"llama_scoring": "each"}, seed=1)
    assert table.settings["players"] == ["Ann", "Computer 1", "Bo"]
    assert table.settings["computers"] == {"Computer 1": "best"}
    assert table.settings["llama_scoring"] == "each" and not table.settings["scripted"]
    assert table.wall().to_move == ("Ann",)
    assert [seat.computer for seat in table.wall().seats] == [False, True, False]


@pytest.mark.parametrize(
    ("game", "students", "options", "refusal"),
    [
        ("mam", ["Ann", "Bo"], {}, "a table plays lama, lama_dice, unikat, not 'mam'"),
        ("unikat", ["A", "B", "C", "D", None], {}, "Unikat is for 2 to 4 players, not 5"),
        ("lama", ["Ann"], {}, "LAMA is for 2 to 6 players, not 1"),
        ("lama", [None, None], {}, "a table needs at least one student"),
        ("lama", ["Ann", "Ann"], {}, "every player needs a name of their own: Ann is taken"),
        ("lama_dice", ["Ann", None], {"scripted": True}, "has no option 'scripted'"),
        (
            "lama",
            ["Ann", None],
            {"preset": "poker"},
            "unknown preset 'poker': choose one of classic",
        ),
    ],
)
def test_a_table_that_cannot_be_is_refused_with_a_sentence(
    game: str, students: list[str | None], options: dict[str, Any], refusal: str
) -> None:
    with pytest.raises(ValueError, match=refusal.replace("(", r"\(")):
        Table(game, students, options, seed=1)


def test_every_move_is_checked_by_the_engine_and_a_refused_one_changes_nothing() -> None:
    table = Table("lama_dice", ["Ann", "Bo"], seed=1)
    with pytest.raises(IllegalAction, match="it is not your turn: it is Ann's"):
        table.move("Bo", Roll())
    with pytest.raises(ValueError, match="'Cy' is not at this table"):
        table.move("Cy", Roll())
    with pytest.raises(IllegalAction, match="must roll or quit now"):
        table.move("Ann", {"move": "take", "card": 1})
    with pytest.raises(ValueError, match="LAMA Dice has no move called 'jump'"):
        table.move("Ann", {"move": "jump"})
    with pytest.raises(IllegalAction, match="the round is still going"):
        table.move("Bo", NextRound())
    assert table.moves == [] and table.wall().to_move == ("Ann",)
    table.move("Ann", {"move": "quit"})
    assert table.moves == [{"move": "quit"}] and table.wall().to_move == ("Bo",)


def test_an_away_seat_is_played_by_the_expert_after_the_time_and_taken_back() -> None:
    clock = Clock()
    table = Table("lama_dice", ["Ann", "Bo"], seed=1, away_seconds=30, clock=clock)
    table.move("Ann", Quit())  # Bo is the last player in the round
    table.away("Bo")
    clock.now = 29.5
    assert table.tick() == [] and table.due() == 0.5
    assert table.view("Ann").wall.seats[1].away
    clock.now = 30
    made = table.tick()
    assert made and all(event.player == "Bo" for event in made)
    assert table.stand_ins == set(range(2, len(table.moves) + 1))
    assert table.wall().to_move == () and table.due() is None  # Ann is here: she deals
    table.back("Bo")
    assert not table.view("Ann").wall.seats[1].away
    table.move("Bo", NextRound())
    assert table.tick() == [] and table.due() is None
    assert table.wall().to_move == ("Bo",)  # Bo ended the round: Bo starts


def test_a_student_who_moves_is_back_and_a_table_of_seats_away_deals_itself() -> None:
    clock = Clock()
    table = Table("lama_dice", ["Ann", "Bo"], seed=1, away_seconds=10, clock=clock)
    table.away("Ann")
    table.move("Ann", Roll())
    assert not table.wall().seats[0].away
    table.away("Ann")
    table.away("Bo")
    clock.now = 10
    assert table.due() == 0
    table.tick()
    assert table.wall().rounds > 1 or table.wall().over  # every seat away: the rounds go on


def test_a_computer_seat_moves_at_once_when_asked() -> None:
    table = Table("lama", [None, "Ann"], seed=2)
    assert table.due() == 0
    made = table.tick()
    assert made and made[0].player == "Computer 1" and not table.stand_ins
    assert table.wall().to_move == ("Ann",) and table.due() is None


def random_table(data: st.DataObject) -> tuple[Table, Clock]:
    game = data.draw(st.sampled_from(GAMES))
    seats = data.draw(st.integers(2, 4))
    students: list[str | None] = [f"S{n}" for n in range(seats)]
    for place in data.draw(st.sets(st.integers(1, seats - 1), max_size=seats - 1)):
        students[place] = None
    clock = Clock()
    return Table(game, students, seed=data.draw(st.integers(0, 10**6)), clock=clock), clock


def check_views(table: Table, rng: random.Random) -> None:
    """Every seat sees the wall and its own hand; the shared parts are the same for all; what
    a seat may not see can change without changing its view or the wall."""
    wall = table.wall()
    assert not set(PRIVATE[table.name]) & set(wall.shared)
    for seat in table.seats:
        if seat.student is None:
            continue
        view = table.view(seat.student)
        assert view.wall == wall and view.game.viewer == seat.player
        assert shared(table.name, view.game) == wall.shared
        hidden = copy.deepcopy(table)
        SCRAMBLE[table.name](hidden.game, seat.player, rng)
        assert hidden.view(seat.student) == view and hidden.wall() == wall


@settings(max_examples=20)
@given(st.data())
def test_no_seat_sees_another_s_hand_and_all_see_the_same_table(data: st.DataObject) -> None:
    table, clock = random_table(data)
    rng = random.Random(data.draw(st.integers(0, 100)))
    for _step in range(60):
        check_views(table, rng)
        if table.game.over:
            break
        students = [seat.student for seat in table.seats if seat.student]
        choice = rng.random()
        if choice < 0.1:
            table.away(rng.choice(students))
            clock.now += rng.choice([5, 40])
        table.tick()
        waiting = table.to_move() or [table.seats[0].player]
        seat = next(seat for seat in table.seats if seat.player in waiting)
        if seat.student and not table.game.over:
            table.move(seat.student, rng.choice(table.view(seat.student).legal))
        elif not table.game.over:
            table.move(students[0], NextRound())


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_at_a_table_ends_with_a_review_for_every_seat(game: str) -> None:
    clock = Clock()
    table = Table(game, ["Ann", "Bo", None], seed=5, clock=clock)
    careless = rules(game).strategies["bold" if game == "lama_dice" else "random"]
    rng, moves_by_bo = random.Random(5), 0
    while not table.game.over:
        table.tick()
        if table.game.over:
            break
        if not table.to_move():
            table.move("Ann", NextRound())
            continue
        student = table.seat("Ann" if table.to_move() == ["Ann"] else "Bo").student
        assert student is not None
        if student == "Bo":
            moves_by_bo += 1
            if moves_by_bo == 3:  # Bo's phone sleeps for a while
                table.away("Bo")
                clock.now += 31
                continue
            if moves_by_bo == 4:
                table.back("Bo")
        view = table.view(student)
        table.move(student, careless(view.game, list(view.legal), rng))
    again = replay(game, table.settings, table.seed, table.moves)
    assert again.scores() == table.game.scores()
    reviews = table.reviews()
    assert set(reviews) == {"Ann", "Bo", "Computer 1"}
    assert table.stand_ins
    for review in reviews.values():
        assert 0 <= review.accuracy <= 100 and len(review.frames) == len(table.moves) + 1
        assert all(d.stand_in == (d.number in table.stand_ins) for d in review.decisions)
    assert any(d.stand_in for d in reviews["Bo"].decisions) or game == "unikat"
    if game != "unikat":
        assert reviews["Computer 1"].accuracy == 100


@pytest.mark.parametrize("game", GAMES)
def test_a_table_had_again_from_its_moves_is_the_table_as_it_was(game: str) -> None:
    clock = Clock()
    table = Table(game, ["Ann", None, "Bo"], seed=4, away_seconds=5, clock=clock)
    rng = random.Random(4)
    for _move in range(40):
        table.tick()
        if table.game.over:
            break
        movers = table.to_move()
        if not movers:
            table.move("Ann", NextRound())
            continue
        seat = next(seat for seat in table.seats if seat.player == movers[0])
        if seat.student == "Bo" and len(table.moves) > 10:
            table.away("Bo")
            clock.now += 5
            continue
        if seat.student is not None:
            table.move(seat.student, rng.choice(table.view(seat.student).legal))
    kept = (table.settings, table.seed, list(table.moves), set(table.stand_ins))
    had = again(game, *kept[:3], students=["Ann", None, "Bo"], stand_ins=kept[3], clock=clock)
    assert had.settings == table.settings and had.moves == table.moves
    assert had.stand_ins == table.stand_ins and had.movers == table.movers
    assert had.wall().shared == table.wall().shared
    assert had.view("Ann").game == table.view("Ann").game


def test_a_forgotten_student_s_seat_is_away_when_the_table_is_had_again() -> None:
    clock = Clock()
    table = Table("lama_dice", ["Ann", "Bo"], seed=2, away_seconds=5, clock=clock)
    first = table.to_move()[0]
    settings = {
        **table.settings,
        "players": [p if p != "Bo" else "Seat 2" for p in table.settings["players"]],
    }
    had = again("lama_dice", settings, 2, [], students=["Ann", None], away_seconds=5, clock=clock)
    assert [seat.player for seat in had.seats] == ["Ann", "Seat 2"]
    assert had.wall().seats[1].away and not had.wall().seats[1].computer
    if first != "Ann":
        clock.now += 5
        assert had.due() == 0 and had.tick(most=1) and had.stand_ins == {1}


def test_a_table_moves_by_itself_one_move_at_a_time_when_asked_so() -> None:
    table = Table("lama_dice", [None, None, "Ann"], seed=3)
    made = table.tick(most=1)
    assert len(made) <= 1 and len(table.moves) == len(made)
