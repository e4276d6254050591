"""The games played at the tables, judged by the class service over HTTP, on a real class book
(an SQLite file): a game kept with its settings, each move made on the game replayed and kept
before it is acknowledged, a move that is not legal refused with nothing kept, a forged result
never counted (the service works it out from the moves), the student's open game found again,
every size and count bounded, and a `kill -9` after an acknowledged move losing nothing."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from typing import Any

import pytest

from mathcards.book import Book, BookUnavailable
from mathcards.classroom.protocol.book import MOVE_BYTES, SETTINGS_BYTES
from mathcards.classroom.service import games as table_games
from mathcards.classroom.service.classservice import ClassService
from mathcards.engine import NextRound, make_move
from mathcards.replay import dealt, move_json, replay
from tests.classroom.test_service import Served, served
from tests.contract import random_move
from tests.lama.contract import CASE as LAMA
from tests.servers import ROOT, free_port
from tests.test_replay import state

SETTINGS = {
    "players": ["You", "Ada (plays boldly)"],
    "computers": {"Ada (plays boldly)": "bold"},
    "preset": "classic",
    "llama_scoring": "once",
    "lama20": False,
    "starter": "left-of-dealer",
}
DEALT = {"game": "lama", "seed": 31, "settings": SETTINGS}


def whole_game(seed: int = 31) -> tuple[Any, list[dict[str, Any]]]:
    """A game of LAMA played to its end (random moves), and its moves as a table sends them."""
    game, moves, rng = dealt("lama", SETTINGS, seed), [], random.Random(seed)
    while not game.over:
        move = NextRound() if game.round_over else random_move(LAMA, game, rng)
        make_move(game, move)
        moves.append(json.loads(json.dumps(move_json("lama", move))))
    return game, moves


def send(classbook: Served, ticket: str, game_id: int, seq: int, move: Any) -> tuple[int, Any]:
    return classbook.call(f"games/{game_id}/moves", ticket, {"seq": seq, "move": move})


def in_the_book(classbook: Served, game_id: int) -> Any:
    """The game as the class book holds it, read afresh from the database (Ola is student 1)."""
    return classbook.service.book_of().game_record(game_id, 1)


@pytest.fixture
def classbook(tmp_path):
    class_service = ClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    with served(class_service) as port:
        yield Served(class_service, port)


@pytest.fixture
def ola(classbook) -> str:
    ticket = classbook.ticket("device-of-ola-0123456789")
    assert classbook.call("join", ticket, {"nickname": "Ola"})[0] == 200
    return ticket


def test_a_game_is_kept_move_by_move_and_found_again(classbook, ola):
    code, kept = classbook.call("games", ola, DEALT)
    assert code == 200
    game_id = kept["result"]
    _, moves = whole_game()
    for seq, move in enumerate(moves[:6], 1):
        assert send(classbook, ola, game_id, seq, move) == (200, {"result": seq})
    code, back = classbook.call("games/open?game=lama", ola)
    view = back["result"]
    assert code == 200 and view["id"] == game_id and view["moves"] == moves[:6]
    assert (view["seed"], view["settings"], view["finished"]) == (31, SETTINGS, False)
    assert classbook.call("games/open?game=unikat", ola) == (200, {"result": None})
    assert in_the_book(classbook, game_id).moves == moves[:6]


def test_a_move_that_is_not_legal_now_is_refused_and_nothing_is_kept(classbook, ola):
    game_id = classbook.call("games", ola, DEALT)[1]["result"]
    _, moves = whole_game()
    assert send(classbook, ola, game_id, 1, moves[0])[0] == 200
    not_now = [
        {"move": "next-round"},  # the round is still going
        {"move": "return-chip", "chip": 10},  # nobody emptied a hand
        {"move": "play", "card": 9},  # a pink llama: no card of the classic deck
    ]
    for move in not_now:
        assert send(classbook, ola, game_id, 2, move) == (409, {"error": "illegal-move"})
    assert send(classbook, ola, game_id, 2, {"move": "shout"}) == (400, {"error": "bad-request"})
    assert send(classbook, ola, game_id, 2, "play")[0] == 400
    assert classbook.call(f"games/{game_id}/moves", ola, {"move": moves[1]})[0] == 400
    assert in_the_book(classbook, game_id).moves == moves[:1]
    assert send(classbook, ola, game_id, 2, moves[1]) == (200, {"result": 2}), "the game goes on"


def test_a_move_sent_again_is_acknowledged_once_kept_and_one_out_of_step_is_refused(classbook, ola):
    game_id = classbook.call("games", ola, DEALT)[1]["result"]
    _, moves = whole_game()
    for seq in (1, 2):
        assert send(classbook, ola, game_id, seq, moves[seq - 1])[0] == 200
    assert send(classbook, ola, game_id, 2, moves[1]) == (200, {"result": 2})  # its answer lost
    assert send(classbook, ola, game_id, 4, moves[3]) == (409, {"error": "out-of-step"})
    assert send(classbook, ola, game_id, 1, moves[1]) == (409, {"error": "out-of-step"})
    assert in_the_book(classbook, game_id).moves == moves[:2]


def test_a_forged_result_is_not_counted(classbook, ola):
    forged = {**DEALT, "scores": {"You": 0, "Ada (plays boldly)": 99}, "winners": ["You"]}
    code, kept = classbook.call("games", ola, {**forged, "finished": True})
    game_id = kept["result"]
    assert code == 200 and not in_the_book(classbook, game_id).finished
    game, moves = whole_game()
    for seq, move in enumerate(moves[:-1], 1):
        assert send(classbook, ola, game_id, seq, move)[0] == 200
    ending = {"scores": {"You": 0, "Ada (plays boldly)": 99}, "winners": ["You"]}
    assert classbook.call(f"games/{game_id}", ola, ending) == (409, {"error": "not-over"})
    assert send(classbook, ola, game_id, len(moves), moves[-1])[0] == 200
    code, answer = classbook.call(f"games/{game_id}", ola, ending)
    truth = {"scores": game.scores(), "winners": game.winners()}
    assert code == 200 and answer["result"] == truth and truth != ending
    kept_game = in_the_book(classbook, game_id)
    assert kept_game.finished and (kept_game.scores, kept_game.winners) == (
        truth["scores"],
        truth["winners"],
    )
    assert send(classbook, ola, game_id, len(moves) + 1, {"move": "next-round"})[0] == 409


def test_another_students_game_and_settings_that_deal_no_game_are_refused(classbook, ola):
    kim = classbook.ticket("device-of-kim-0123456789")
    classbook.call("join", kim, {"nickname": "Kim"})
    game_id = classbook.call("games", ola, DEALT)[1]["result"]
    _, moves = whole_game()
    assert send(classbook, kim, game_id, 1, moves[0])[0] == 400
    assert classbook.call(f"games/{game_id}", kim, {})[0] == 400
    for settings in ({**SETTINGS, "preset": "chess"}, {**SETTINGS, "spy": 1}, "classic"):
        assert classbook.call("games", ola, {**DEALT, "settings": settings})[0] == 400
    assert classbook.call("games", ola, {**DEALT, "seed": "31"})[0] == 400
    assert in_the_book(classbook, game_id).moves == []


def test_every_size_and_count_is_bounded(classbook, ola, monkeypatch):
    too_big = {**SETTINGS, "players": ["You", "Ada (plays boldly)"], "x": "y" * SETTINGS_BYTES}
    assert classbook.call("games", ola, {**DEALT, "settings": too_big}) == (
        413,
        {"error": "too-big"},
    )
    game_id = classbook.call("games", ola, DEALT)[1]["result"]
    long = {"move": "play", "card": 1, "why": "y" * MOVE_BYTES}
    assert send(classbook, ola, game_id, 1, long) == (413, {"error": "too-big"})
    _, moves = whole_game()
    monkeypatch.setattr(table_games, "MOST_MOVES", 3)
    for seq in (1, 2, 3):
        assert send(classbook, ola, game_id, seq, moves[seq - 1])[0] == 200
    assert send(classbook, ola, game_id, 4, moves[3]) == (409, {"error": "too-many-moves"})
    assert len(in_the_book(classbook, game_id).moves) == 3


def test_a_move_the_book_could_not_keep_is_not_made(classbook, ola, monkeypatch):
    """Nothing the service did not acknowledge is kept, in the book or in the game it replays:
    the move is sent again, and made then."""
    game_id = classbook.call("games", ola, DEALT)[1]["result"]
    _, moves = whole_game()
    assert send(classbook, ola, game_id, 1, moves[0])[0] == 200
    book = classbook.service.book_of()

    def down(*_args: Any, **_kwargs: Any) -> None:
        raise BookUnavailable("the class book cannot be reached: the disk is full")

    monkeypatch.setattr(book, "record_move", down)
    assert send(classbook, ola, game_id, 2, moves[1]) == (503, {"error": "book-down"})
    monkeypatch.undo()
    assert in_the_book(classbook, game_id).moves == moves[:1]
    assert send(classbook, ola, game_id, 2, moves[1]) == (200, {"result": 2})
    assert send(classbook, ola, game_id, 3, moves[2]) == (200, {"result": 3})
    assert in_the_book(classbook, game_id).moves == moves[:3]
    judged = classbook.service.tables.playing[game_id].engine  # the game the service plays on
    assert state(judged) == state(replay("lama", SETTINGS, 31, moves[:3]))


SERVE_THEN_WAIT = """
import asyncio, sys
import tornado.web
from mathcards.book import Book
from mathcards.classroom.service import book as book_calls
from mathcards.classroom.service.classservice import ClassService

async def main():
    service = ClassService(Book(sys.argv[1]), "5b")
    tornado.web.Application(book_calls.routes(service)).listen(int(sys.argv[2]), "127.0.0.1")
    print(service.tickets.issue("device-of-ola-0123456789"), flush=True)
    await asyncio.Event().wait()  # the server goes on, until it is killed

asyncio.run(main())
"""


def serve(url: str, port: int) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE_THEN_WAIT, url, str(port)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    ticket = server.stdout.readline().strip()  # type: ignore[union-attr]
    assert ticket, "the service did not start"
    return server, ticket


def test_a_kill_9_after_an_acknowledged_move_loses_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    Book.create(url).close()
    _, moves = whole_game()
    for life in range(2):
        port = free_port()
        server, ticket = serve(url, port)
        classbook = Served(ClassService(None, "5b"), port)
        try:
            if life == 0:
                assert classbook.call("join", ticket, {"nickname": "Ola"})[0] == 200
                game_id = classbook.call("games", ticket, DEALT)[1]["result"]
                for seq in range(1, 6):
                    assert send(classbook, ticket, game_id, seq, moves[seq - 1])[0] == 200
                os.kill(server.pid, signal.SIGKILL)  # no time to keep anything more
                server.wait(30)
                continue
            view = classbook.call("games/open?game=lama", ticket)[1]["result"]
            assert view["id"] == game_id and view["moves"] == moves[:5]
            assert send(classbook, ticket, game_id, 6, moves[5]) == (200, {"result": 6})
        finally:
            server.kill()
            server.wait(30)
