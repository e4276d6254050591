"""The class service as a JupyterHub service, without a Hub: the Hub's answers about tokens are
played by a stand-in (`Hub`), the class book is a real SQLite file, and the kernels' calls are
made by the real client (widgets/book.py). A kernel is its server's user when the Hub says the
token is that user's and may reach the service; anything else is refused. The service is served
on a thread of its own (tests/classroom/threaded.py). The real Hub, its proxy and PostgreSQL
are in tests/hub/test_hub.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

import pytest
import tornado.web
from jupyterhub.services.auth import check_scopes

from mathcards.book import Book, BookUnavailable
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HUB_USER, HubClassService, ServerTokens
from mathcards.classroom.protocol import TICKET_HEADER
from tests.classroom import threaded
from tests.classroom.test_service import SET, STEP
from tests.classroom.threaded import run_apart, serving
from tests.servers import STOP_SECONDS, free_port, wait_until_answering
from widgets.book import BookDown, ClassBook

PREFIX = "/services/mathcards/"
SERVICE = "access:services!service=mathcards"


def server_token(user: str, *scopes: str) -> dict[str, Any]:
    """What the Hub's /hub/api/user says of a user's server's token with these scopes."""
    granted = [f"access:servers!server={user}/", f"users:activity!user={user}", *scopes]
    return {"kind": "user", "name": user, "admin": False, "scopes": granted}


class Hub:
    """The Hub's word on each token (HubAuth's `user_for_token`), and how often it was asked."""

    def __init__(self) -> None:
        self.access_scopes = {"access:services", SERVICE}  # $JUPYTERHUB_OAUTH_ACCESS_SCOPES
        self.tokens: dict[str, dict[str, Any]] = {
            "ada-server": server_token("ada", SERVICE),
            "bruno-server": server_token("bruno@school.example", SERVICE),
            "ada-without-the-service": server_token("ada"),
            "culler": {"kind": "service", "name": "culler", "scopes": [SERVICE]},
        }
        self.asked: list[str] = []
        self.down = False

    async def user_for_token(self, token: str, use_cache: bool = True, **_: Any) -> Any:
        assert use_cache is False  # the service keeps its own, bounded, memory of tokens
        self.asked.append(token)
        if self.down:
            raise tornado.web.HTTPError(500, "Failed to connect to Hub API")
        return self.tokens.get(token)

    def check_scopes(self, required: set[str], user: dict[str, Any]) -> set[str]:
        return check_scopes(required, set(user["scopes"]))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Served:
    """The class service of 5b on the Hub listening on a port, the Hub's stand-in and clock."""

    port: int
    hub: Hub
    clock: Clock
    service: HubClassService

    def call(self, path: str, headers: dict[str, str], sent: Any = None) -> tuple[int, Any]:
        return threaded.call(self.port, f"{PREFIX}api/{path}", sent, **headers)

    def kernel(self, call: str, *args: Any, hub_token: str = "ada-server", **kwargs: Any) -> Any:
        """widgets/book.py's ClassBook, as a page's kernel uses it on the Hub."""
        book = ClassBook(f"http://127.0.0.1:{self.port}{PREFIX}api/", "", hub_token=hub_token)
        return getattr(book, call)(*args, **kwargs)


@pytest.fixture
def served(tmp_path):
    stand_in, clock = Hub(), Clock()
    class_service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    tokens = ServerTokens(stand_in, most=3, seconds=300, clock=clock)

    def make(_port: int) -> tornado.web.Application:
        return hub.application(class_service, tokens, login=None, prefix=PREFIX)

    with serving(make) as port:
        yield Served(port, stand_in, clock, class_service)


def token(value: str) -> dict[str, str]:
    return {"Authorization": f"token {value}"}


class TestAKernelSpeaksForItsServersUser:
    def test_the_student_is_the_hub_user_joined_under_their_hub_name(self, served):
        code, me = served.call("me?game=mam", token("ada-server"))
        assert code == 200
        assert me["result"]["student"] == "ada" and "suggestion" not in me["result"]
        # no name box on the Hub: a name asked for is not taken, the Hub's name stays
        assert served.call("join", token("ada-server"), {"nickname": "Kim"}) == (
            200,
            {"result": "ada"},
        )
        set_id = served.call("sets", token("ada-server"), SET)[1]["result"]
        assert served.call(f"sets/{set_id}/steps", token("ada-server"), STEP)[0] == 200
        code, me = served.call("me?game=mam", token("ada-server"))
        assert me["result"]["practice"]["id"] == set_id
        assert [step["typed"] for step in me["result"]["practice"]["steps"]] == [STEP["typed"]]
        assert served.service.book_of().student_for(HUB_USER + "ada", "5b").nickname == "ada"

    def test_a_hub_name_that_cannot_be_a_nickname_is_tidied(self, served):
        assert served.call("me", token("bruno-server"))[1]["result"]["student"] == (
            "bruno school.example"
        )

    def test_a_hub_name_a_classmate_has_gives_a_free_nickname(self, served):
        served.service.book_of().join("5b", "ada", "a laptop's device cookie, not the Hub's")
        student = served.call("me", token("ada-server"))[1]["result"]["student"]
        assert student != "ada" and student

    def test_a_call_without_a_valid_token_of_a_user_with_the_service_is_refused(self, served):
        refused = (401, {"error": "no-token"})
        for headers in [
            {},
            token(""),
            token("made-up"),
            token("ada-without-the-service"),  # a server's token without access to the service
            token("culler"),  # another service's token: not a student
            {"Authorization": "ada-server"},  # not as the Hub writes it
            {TICKET_HEADER: "a-ticket"},  # the laptop's tickets mean nothing here
        ]:
            assert served.call("me", headers) == refused, headers
            assert served.call("join", headers, {"nickname": "ada"}) == refused, headers
        assert served.service.book_of().students("5b") == []  # nobody joined

    def test_a_hub_that_does_not_answer_is_said_so(self, served):
        served.hub.down = True
        assert served.call("me", token("ada-server")) == (503, {"error": "hub-down"})

    def test_the_hub_is_asked_about_a_token_once_in_a_while_not_at_every_call(self, served):
        for _ in range(3):
            assert served.call("me", token("ada-server"))[0] == 200
        assert served.hub.asked == ["ada-server"]
        served.clock.now += 301  # the Hub's word is old: ask again (the server may have stopped)
        del served.hub.tokens["ada-server"]
        assert served.call("me", token("ada-server"))[0] == 401
        assert served.hub.asked == ["ada-server", "ada-server"]
        for _ in range(2):  # a refusal is not remembered: the Hub is asked each time
            served.call("me", token("made-up"))
        assert served.hub.asked.count("made-up") == 2


@pytest.mark.parametrize("most", [3])
def test_at_most_so_many_tokens_are_remembered_the_oldest_forgotten_first(most):
    stand_in = Hub()
    stand_in.tokens = {f"t{n}": server_token(f"s{n}", SERVICE) for n in range(5)}
    tokens = ServerTokens(stand_in, most=most, clock=Clock())

    async def ask(*names: str) -> None:
        for name in names:
            user = await tokens.user(name)
            assert user is not None and user.name == name.replace("t", "s")

    run_apart(ask("t0", "t1", "t2", "t0", "t3", "t4"))  # t0 used again: t1 is the oldest
    assert len(tokens.users) == most
    stand_in.asked.clear()
    run_apart(ask("t0", "t3", "t4", "t1"))
    assert stand_in.asked == ["t1"]


class TestTheClientOnTheHub:
    """widgets/book.py's ClassBook, as a page's kernel uses it on the Hub."""

    def test_the_kernel_sends_its_servers_token_and_is_its_user(self, served):
        assert served.kernel("me", "mam")["student"] == "ada"
        set_id = served.kernel("start_set", hub_token="ada-server", **SET)
        assert served.kernel("record_step", set_id, **STEP) == 1
        assert served.kernel("me", "mam")["practice"]["id"] == set_id

    def test_a_refused_token_is_one_sentence_on_the_page(self, served):
        with pytest.raises(BookDown, match="not being saved right now"):
            served.kernel("me", "mam", hub_token="made-up")


def test_a_kernel_on_the_hub_uses_its_servers_token_and_on_the_laptop_its_ticket():
    url = "http://hub:8181/services/mathcards/api/"
    laptop = ClassBook.here({"MATHCARDS_SERVICE": url, "HTTP_X_MATHCARDS_TICKET": "t1"})
    assert laptop is not None and laptop.credentials() == {"X-Mathcards-Ticket": "t1"}
    on_the_hub = ClassBook.here({"MATHCARDS_SERVICE": url, "JUPYTERHUB_API_TOKEN": "abc"})
    assert on_the_hub is not None and on_the_hub.credentials() == {"Authorization": "token abc"}
    assert ClassBook.here({"MATHCARDS_SERVICE": url}) is None  # nobody to speak for
    assert ClassBook.here({"JUPYTERHUB_API_TOKEN": "abc"}) is None  # no class service


class TestABookNotOpenYet:
    def test_the_page_goes_on_without_it_and_it_is_tried_again_until_it_opens(self, tmp_path):
        database = {"up": False}
        clock = Clock()

        def opener() -> Book:
            if not database["up"]:
                raise BookUnavailable("the class book at PostgreSQL cannot be reached")
            return Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")

        class_service = HubClassService(None, "5b", opener=opener, clock=clock)
        class_service.reopen()
        tokens = ServerTokens(Hub(), clock=clock)

        def make(_port: int) -> tornado.web.Application:
            return hub.application(class_service, tokens, login=None, prefix=PREFIX)

        with serving(make) as port:

            def me() -> tuple[int, Any]:
                return threaded.call(port, f"{PREFIX}api/me", **token("ada-server"))

            assert class_service.problem == "the class book at PostgreSQL cannot be reached"
            assert me() == (503, {"error": "book-down"})
            database["up"] = True
            assert me() == (503, {"error": "book-down"})  # not tried again at every call
            clock.now += hub.RETRY_SECONDS
            assert me()[0] == 200 and class_service.book is not None
            assert me()[1]["result"]["student"] == "ada"


def test_the_service_listens_where_the_hub_says():
    assert hub.listening_address("http://127.0.0.1:10101") == ("127.0.0.1", 10101)
    assert hub.listening_address("http://hub:8181") == ("", 8181)  # every interface of the pod
    with pytest.raises(ValueError, match="names no port"):
        hub.listening_address("http://hub")


def test_the_service_runs_only_under_the_hub(monkeypatch, capsys):
    monkeypatch.delenv("JUPYTERHUB_SERVICE_URL", raising=False)
    with pytest.raises(SystemExit) as stopped:
        hub.main([])
    assert stopped.value.code == 2
    assert "JupyterHub starts this service" in capsys.readouterr().err


@pytest.mark.server
def test_the_service_stops_on_sigint_though_it_was_started_ignoring_it(tmp_path):
    """The Hub stops a service with SIGINT, and a process the Hub starts in the background has
    it ignored; the service stops all the same (else the Hub waits 10 s, then sends SIGTERM)."""
    port, log = free_port(), tmp_path / "service.log"
    environment = {
        **os.environ,
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "JUPYTERHUB_API_TOKEN": "the-services-token",
        "MATHCARDS_DB": f"sqlite:///{tmp_path / 'book.sqlite'}",
    }
    with log.open("w") as written:
        service = subprocess.Popen(
            [sys.executable, "-m", "mathcards.classroom.hub.service"],
            env=environment,
            stdout=written,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
        )
    try:
        wait_until_answering(f"http://127.0.0.1:{port}{PREFIX}", service, log)
        service.send_signal(signal.SIGINT)
        assert service.wait(timeout=STOP_SECONDS) == 0, log.read_text()
    finally:
        service.kill()
        service.wait()


class Login:
    """The Hub's login as the teacher's page sees it: who the browser's cookie says it is."""

    login_url = "http://hub.example/hub/api/oauth2/authorize?client_id=service-mathcards"
    base_url = PREFIX

    def __init__(self) -> None:
        self.user: dict[str, Any] | None = None

    async def get_user(self, handler: Any, sync: bool = True) -> Any:
        assert sync is False  # never blocking the service's loop
        return self.user

    def check_xsrf_cookie(self, handler: Any) -> None:
        """The Hub's own check, not played here."""


@pytest.fixture
def teachers_page(tmp_path):
    """The service's teacher's page, ada in its book, listening on a port; who is logged in."""
    book = Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}")
    book.join("5b", "ada", HUB_USER + "ada")
    login = Login()

    def make(_port: int) -> tornado.web.Application:
        return hub.application(HubClassService(book, "5b"), ServerTokens(Hub()), login, PREFIX)

    with serving(make) as port:
        yield port, login


class TestTheTeachersPage:
    def test_an_admin_of_the_hub_sees_the_class(self, teachers_page):
        port, login = teachers_page
        login.user = {"kind": "user", "name": "teacher", "admin": True, "scopes": [SERVICE]}
        status, _, page = threaded.get(port, f"{PREFIX}teacher")
        assert status == 200 and "The class book of 5b" in page
        assert f"action='{PREFIX}teacher'" in page  # its forms stay under it
        assert f"href='{PREFIX}teacher/export?format=csv'" in page
        assert ">ada</a></td>" in page  # her name links to her page
        assert f"href='{PREFIX}teacher/student?name=ada'" in page
        assert "href='/hub/user-redirect/voila/render/en/live/projector.ipynb'" in page
        status, _, exported = threaded.get(port, f"{PREFIX}teacher/export?format=csv")
        assert status == 200 and exported.startswith("\ufeffrecord,class,student")
        assert threaded.get(port, PREFIX)[1]["Location"] == f"{PREFIX}teacher"

    def test_a_student_logged_in_is_refused_and_nobody_is_sent_to_the_hubs_login(
        self, teachers_page
    ):
        port, login = teachers_page
        login.user = {"kind": "user", "name": "ada", "admin": False, "scopes": [SERVICE]}
        status, _, refused = threaded.get(port, f"{PREFIX}teacher")
        assert status == 403 and "For the teacher only" in refused
        assert "ada" not in refused.replace("teachers", "")
        login.user = {"kind": "service", "name": "culler", "admin": True, "scopes": []}
        assert threaded.get(port, f"{PREFIX}teacher/export")[0] == 403
        login.user = None
        status, headers, _ = threaded.get(port, f"{PREFIX}teacher")
        assert status == 302 and headers["Location"].startswith(Login.login_url)
        assert threaded.post(port, f"{PREFIX}teacher", "do=remove&student=ada")[0] == 403


def test_a_hub_user_is_enrolled_under_what_a_nickname_may_hold(tmp_path):
    """Issue 50: a Hub name with a filler, an address or only an emoji joins the class under
    the characters UTS #39 allows (else under a suggested name), never with the filler."""
    service = HubClassService(Book.create(f"sqlite:///{tmp_path / 'book.sqlite'}"), "5b")
    assert service.enrol(HUB_USER + "\u3164ada\u115f") == "ada"
    assert service.enrol(HUB_USER + "jan@szkoła.pl") == "jan szkoła.pl"
    suggested = service.enrol(HUB_USER + "😀")
    assert suggested and "😀" not in suggested
