"""The class service as a JupyterHub service, without a Hub: the Hub's answers about tokens are
played by a stand-in (`Hub`), the class book is a real SQLite file, and the kernels' calls are
made by the real client (widgets/book.py). A kernel is its server's user when the Hub says the
token is that user's and may reach the service; anything else is refused. The real Hub, its
proxy and PostgreSQL are in tests/hub/test_hub.py."""

from __future__ import annotations

import asyncio
import json
import tempfile
from typing import Any

import pytest
import tornado.web
from jupyterhub.services.auth import check_scopes
from tornado.testing import AsyncHTTPTestCase, gen_test

from mathcards.book import Book, BookUnavailable
from mathcards.classroom.hub import service as hub
from mathcards.classroom.hub.service import HUB_USER, HubClassService, ServerTokens
from mathcards.classroom.service import TICKET_HEADER
from widgets.book import BookDown, ClassBook

PREFIX = "/services/mathcards/"
SERVICE = "access:services!service=mathcards"
STEP = {
    "kind": "answer",
    "deal": 1,
    "cards": [9, 1, 1, 4, 3],
    "target": 50,
    "typed": "(9+1)*(4+1)",
    "correct": True,
    "verdict_kind": "correct",
    "sentence": "Correct!",
    "hints_used": 0,
    "seconds": 12.5,
}
SET = {"game": "mam", "level": "normal", "power": False, "rounds": 8, "seed": 2026}


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


class HubServiceCase(AsyncHTTPTestCase):
    def get_app(self) -> tornado.web.Application:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.hub, self.clock = Hub(), Clock()
        self.service = HubClassService(Book.create(f"sqlite:///{folder.name}/book.sqlite"), "5b")
        self.tokens = ServerTokens(self.hub, most=3, seconds=300, clock=self.clock)
        return hub.application(self.service, self.tokens, login=None, prefix=PREFIX)

    async def call(self, path: str, headers: dict[str, str], sent: Any = None) -> tuple[int, Any]:
        response = await self.http_client.fetch(
            self.get_url(f"{PREFIX}api/{path}"),
            method="GET" if sent is None else "POST",
            body=None if sent is None else json.dumps(sent),
            headers=headers,
            raise_error=False,
        )
        return response.code, json.loads(response.body)


def token(value: str) -> dict[str, str]:
    return {"Authorization": f"token {value}"}


class TestAKernelSpeaksForItsServersUser(HubServiceCase):
    @gen_test
    async def test_the_student_is_the_hub_user_joined_under_their_hub_name(self):
        code, me = await self.call("me?game=mam", token("ada-server"))
        assert code == 200
        assert me["result"]["student"] == "ada" and "suggestion" not in me["result"]
        # no name box on the Hub: a name asked for is not taken, the Hub's name stays
        assert await self.call("join", token("ada-server"), {"nickname": "Kim"}) == (
            200,
            {"result": "ada"},
        )
        set_id = (await self.call("sets", token("ada-server"), SET))[1]["result"]
        assert (await self.call(f"sets/{set_id}/steps", token("ada-server"), STEP))[0] == 200
        code, me = await self.call("me?game=mam", token("ada-server"))
        assert me["result"]["practice"]["id"] == set_id
        assert [step["typed"] for step in me["result"]["practice"]["steps"]] == [STEP["typed"]]
        assert self.service.book_of().student_for(HUB_USER + "ada", "5b").nickname == "ada"

    @gen_test
    async def test_a_hub_name_that_cannot_be_a_nickname_is_tidied(self):
        assert (await self.call("me", token("bruno-server")))[1]["result"]["student"] == (
            "bruno school.example"
        )

    @gen_test
    async def test_a_hub_name_a_classmate_has_gives_a_free_nickname(self):
        self.service.book_of().join("5b", "ada", "a laptop's device cookie, not the Hub's")
        student = (await self.call("me", token("ada-server")))[1]["result"]["student"]
        assert student != "ada" and student

    @gen_test
    async def test_a_call_without_a_valid_token_of_a_user_with_the_service_is_refused(self):
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
            assert await self.call("me", headers) == refused, headers
            assert await self.call("join", headers, {"nickname": "ada"}) == refused, headers
        assert self.service.book_of().students("5b") == []  # nobody joined

    @gen_test
    async def test_a_hub_that_does_not_answer_is_said_so(self):
        self.hub.down = True
        assert await self.call("me", token("ada-server")) == (503, {"error": "hub-down"})

    @gen_test
    async def test_the_hub_is_asked_about_a_token_once_in_a_while_not_at_every_call(self):
        for _ in range(3):
            assert (await self.call("me", token("ada-server")))[0] == 200
        assert self.hub.asked == ["ada-server"]
        self.clock.now += 301  # the Hub's word is old: ask again (the server may have stopped)
        del self.hub.tokens["ada-server"]
        assert (await self.call("me", token("ada-server")))[0] == 401
        assert self.hub.asked == ["ada-server", "ada-server"]
        for _ in range(2):  # a refusal is not remembered: the Hub is asked each time
            await self.call("me", token("made-up"))
        assert self.hub.asked.count("made-up") == 2


@pytest.mark.parametrize("most", [3])
def test_at_most_so_many_tokens_are_remembered_the_oldest_forgotten_first(most):
    stand_in = Hub()
    stand_in.tokens = {f"t{n}": server_token(f"s{n}", SERVICE) for n in range(5)}
    tokens = ServerTokens(stand_in, most=most, clock=Clock())

    async def ask(*names: str) -> None:
        for name in names:
            assert await tokens.user(name) == name.replace("t", "s")

    asyncio.run(ask("t0", "t1", "t2", "t0", "t3", "t4"))  # t0 used again: t1 is the oldest
    assert len(tokens.users) == most
    stand_in.asked.clear()
    asyncio.run(ask("t0", "t3", "t4", "t1"))
    assert stand_in.asked == ["t1"]


class TestTheClientOnTheHub(HubServiceCase):
    """widgets/book.py's ClassBook, as a page's kernel uses it on the Hub."""

    async def kernel(
        self, call: str, *args: Any, hub_token: str = "ada-server", **kwargs: Any
    ) -> Any:
        book = ClassBook(self.get_url(f"{PREFIX}api/"), "", hub_token=hub_token)
        loop = asyncio.get_running_loop()  # the client blocks: off the server's loop
        return await loop.run_in_executor(None, lambda: getattr(book, call)(*args, **kwargs))

    @gen_test
    async def test_the_kernel_sends_its_servers_token_and_is_its_user(self):
        assert (await self.kernel("me", "mam"))["student"] == "ada"
        set_id = await self.kernel("start_set", hub_token="ada-server", **SET)
        assert await self.kernel("record_step", set_id, **STEP) == 1
        assert (await self.kernel("me", "mam"))["practice"]["id"] == set_id

    @gen_test
    async def test_a_refused_token_is_one_sentence_on_the_page(self):
        with pytest.raises(BookDown, match="not being saved right now"):
            await self.kernel("me", "mam", hub_token="made-up")


def test_a_kernel_on_the_hub_uses_its_servers_token_and_on_the_laptop_its_ticket():
    url = "http://hub:8181/services/mathcards/api/"
    laptop = ClassBook.here({"MATHCARDS_SERVICE": url, "HTTP_X_MATHCARDS_TICKET": "t1"})
    assert laptop is not None and laptop.credentials() == {"X-Mathcards-Ticket": "t1"}
    on_the_hub = ClassBook.here({"MATHCARDS_SERVICE": url, "JUPYTERHUB_API_TOKEN": "abc"})
    assert on_the_hub is not None and on_the_hub.credentials() == {"Authorization": "token abc"}
    assert ClassBook.here({"MATHCARDS_SERVICE": url}) is None  # nobody to speak for
    assert ClassBook.here({"JUPYTERHUB_API_TOKEN": "abc"}) is None  # no class service


class TestABookNotOpenYet(AsyncHTTPTestCase):
    def get_app(self) -> tornado.web.Application:
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)
        self.database_up = False
        self.clock = Clock()

        def opener() -> Book:
            if not self.database_up:
                raise BookUnavailable("the class book at PostgreSQL cannot be reached")
            return Book.create(f"sqlite:///{self.folder.name}/book.sqlite")

        self.service = HubClassService(None, "5b", opener=opener, clock=self.clock)
        self.service.reopen()
        tokens = ServerTokens(Hub(), clock=self.clock)
        return hub.application(self.service, tokens, login=None, prefix=PREFIX)

    def me(self) -> tuple[int, Any]:
        response = self.fetch(f"{PREFIX}api/me", headers=token("ada-server"))
        return response.code, json.loads(response.body)

    def test_the_page_goes_on_without_it_and_it_is_tried_again_until_it_opens(self):
        assert self.service.problem == "the class book at PostgreSQL cannot be reached"
        assert self.me() == (503, {"error": "book-down"})
        self.database_up = True
        assert self.me() == (503, {"error": "book-down"})  # not tried again at every call
        self.clock.now += hub.RETRY_SECONDS
        assert self.me()[0] == 200 and self.service.book is not None
        assert self.me()[1]["result"]["student"] == "ada"


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


class TestTheTeachersPage(AsyncHTTPTestCase):
    def get_app(self) -> tornado.web.Application:
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        book = Book.create(f"sqlite:///{folder.name}/book.sqlite")
        book.join("5b", "ada", HUB_USER + "ada")
        self.login = Login()
        tokens = ServerTokens(Hub())
        return hub.application(HubClassService(book, "5b"), tokens, self.login, PREFIX)

    def test_an_admin_of_the_hub_sees_the_class(self):
        self.login.user = {"kind": "user", "name": "teacher", "admin": True, "scopes": [SERVICE]}
        page = self.fetch(f"{PREFIX}teacher")
        assert page.code == 200 and "The class book of 5b" in page.body.decode()
        assert f"action='{PREFIX}teacher'" in page.body.decode()  # its forms stay under it
        assert f"href='{PREFIX}teacher/export?format=csv'" in page.body.decode()
        assert "<td>ada</td>" in page.body.decode()
        exported = self.fetch(f"{PREFIX}teacher/export?format=csv")
        assert exported.code == 200 and exported.body.decode().startswith("record,class,student")
        assert self.fetch(PREFIX, follow_redirects=False).headers["Location"] == (
            f"{PREFIX}teacher"
        )

    def test_a_student_logged_in_is_refused_and_nobody_is_sent_to_the_hubs_login(self):
        self.login.user = {"kind": "user", "name": "ada", "admin": False, "scopes": [SERVICE]}
        refused = self.fetch(f"{PREFIX}teacher")
        assert refused.code == 403 and "For the teacher only" in refused.body.decode()
        assert "ada" not in refused.body.decode().replace("teachers", "")
        self.login.user = {"kind": "service", "name": "culler", "admin": True, "scopes": []}
        assert self.fetch(f"{PREFIX}teacher/export").code == 403
        self.login.user = None
        sent = self.fetch(f"{PREFIX}teacher", follow_redirects=False)
        assert sent.code == 302 and sent.headers["Location"].startswith(Login.login_url)
        posted = self.fetch(f"{PREFIX}teacher", method="POST", body="do=remove&student=ada")
        assert posted.code == 403
