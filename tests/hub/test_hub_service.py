"""The class service on the real JupyterHub of tests/hub/test_hub.py (its proxy, its login, the
students' locked-down servers), started by the Hub from the example's `hub.services`, with its
roles and its extraConfig, over a real PostgreSQL database the suite starts (tests/postgres.py).

A student logs in, opens the practice page and is in the class book under her Hub name (no name
box), answers a deal, closes the page, opens it again and finds the set where it was; the
teacher (the Hub's admin) opens the service's teacher page through the Hub's login, sees the
answer and renames her (a form behind the Hub's login); the student is refused that page; a
call without a valid token is refused; each token reaches what it should and nothing more, and
only the service holds the database's address.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest
from playwright.sync_api import expect

from mathcards.book import Book
from mathcards.mam import best
from tests.browser.conftest import FIRST_RENDER_MS, Visit, launch
from tests.hub.test_hub import PASSWORDS, TEACHER, family, log_in, wait_until_ready
from tests.hub.test_hub import PRACTISING as STUDENT

pytestmark = pytest.mark.hub

PRACTICE = "en/mam/2-practice.ipynb"
RENAMED = "Gosia K"  # the teacher gives her another name in the class book
SERVICE = "/services/mathcards"
PLAY_SECONDS = 300  # from the login form to the teacher's page


def answer(practice, text: str) -> None:
    practice.locator(".mc-answer input").fill(text)
    practice.locator("button.mc-mam").click()


def good_answer(practice) -> str:
    """A good answer to the deal on the page (each page load deals a fresh set), read from its
    cards and target as a student sees them."""
    cards = practice.locator("svg.mc-card").evaluate_all("cards => cards.map(c => c.dataset.value)")
    target = practice.locator(".mc-target").get_attribute("data-target")
    return best([int(card) for card in cards], int(target)).text


def student_practises_and_comes_back(chromium, base: str):
    """The student's browser, having answered the first deal, gone on, and come back; and
    her answer."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    visit = Visit(page)
    server = f"/user/{STUDENT}/voila/render/"
    log_in(page, base, STUDENT, PASSWORDS[STUDENT])  # her server starts, on the landing page
    page.wait_for_url(f"{base}{server}en/index.ipynb", timeout=FIRST_RENDER_MS * 2)
    lesson = server + PRACTICE
    page.goto(base + lesson, timeout=FIRST_RENDER_MS)
    wait_until_ready(page)
    practice = page.locator(".mc-practice")
    expect(page.locator(".mc-book-who")).to_contain_text(STUDENT, timeout=FIRST_RENDER_MS)
    expect(page.locator(".mc-join-name input")).to_be_hidden()  # the Hub says who she is
    expect(practice.locator(".mc-progress")).to_contain_text("Deal 1 of 8")
    solution = good_answer(practice)
    answer(practice, solution)
    expect(practice.locator(".mc-message.mc-ok")).to_be_visible(timeout=FIRST_RENDER_MS)
    practice.locator("button.mc-next").click()
    expect(practice.locator(".mc-progress")).to_contain_text("Deal 2 of 8")
    # the set, the answer and going on: each acknowledged once committed
    expect(page.locator(".mc-saved")).to_have_text("Saved: 3", timeout=FIRST_RENDER_MS)
    assert visit.errors == [], visit.errors
    page.close()

    again = context.new_page()  # the page opened again
    again.goto(base + lesson, timeout=FIRST_RENDER_MS)
    wait_until_ready(again)
    practice = again.locator(".mc-practice")
    expect(practice.locator(".mc-progress")).to_contain_text("Deal 2 of 8", timeout=FIRST_RENDER_MS)
    expect(practice.locator(".mc-progress")).to_contain_text("solved 1")
    expect(practice.locator(".mc-message")).to_contain_text("where you left off")
    expect(again.locator(".mc-book-who")).to_contain_text(STUDENT)
    return context, solution


def teacher_sees_the_answer(chromium, base: str) -> None:
    """The teacher logs in straight to the class service's page (the Hub's OAuth, no
    question asked) and finds the student's answer there."""
    page = chromium.new_context().new_page()
    log_in(page, base, TEACHER, PASSWORDS[TEACHER], then=f"{SERVICE}/teacher")
    page.wait_for_url(f"{base}{SERVICE}/teacher*", timeout=FIRST_RENDER_MS)
    expect(page.locator("h1")).to_contain_text("The class book of class")
    row = page.locator("table").first.locator("tr", has_text=STUDENT)
    expect(row.locator("td").nth(2)).to_have_text("1")  # deals solved
    expect(row.locator("td").nth(3)).to_have_text("1")  # answers
    # the page's own forms work behind the Hub's login (its XSRF check)
    row.locator("input[name=new]").fill(RENAMED)
    row.locator("button[value=rename]").click()
    expect(page.locator(".mc-said")).to_have_text(f"{STUDENT} is now {RENAMED}.")
    expect(page.locator("table").first.locator("tr", has_text=RENAMED)).to_have_count(1)


def student_is_refused_the_teacher_page(context, base: str) -> None:
    page = context.new_page()
    response = page.goto(f"{base}{SERVICE}/teacher", timeout=FIRST_RENDER_MS)
    assert response.status == 403
    expect(page.locator("h1")).to_have_text("For the teacher only")
    # her browser's login to the service is no token for the kernels' calls
    assert page.request.get(f"{base}{SERVICE}/api/me").status == 401
    # nor can she mint a token of her own, as the Hub's /hub/token page would, to call the
    # service from her own device: only her server's token reaches it
    page.goto(f"{base}/hub/token", timeout=FIRST_RENDER_MS)
    minted = page.evaluate(
        """async (url) => {  // as the page's own script (jhapi.js) asks, with its XSRF token
          const xsrf = encodeURIComponent(window.jhdata.xsrf_token);
          const answer = await fetch(`${url}?_xsrf=${xsrf}`, {method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({note: "mine", expires_in: 3600})});
          return [answer.status, await answer.text()];
        }""",
        f"{base}/hub/api/users/{STUDENT}/tokens",
    )
    assert minted[0] == 403 and "tokens" in minted[1], minted  # refused for want of the scope


def in_the_browser(base: str) -> str:
    """Runs in a thread of its own (Playwright's sync API, as tests/hub/test_hub.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            student, solution = student_practises_and_comes_back(chromium, base)
            teacher_sees_the_answer(chromium, base)
            student_is_refused_the_teacher_page(student, base)
        finally:
            chromium.close()
    return solution


def ask(url: str, token: str = "") -> tuple[int, dict]:
    """GET url, with `Authorization: token …` when there is a token; the status and answer."""
    headers = {"Authorization": f"token {token}"} if token else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.load(refusal)


def scopes(base: str, token: str) -> list[str]:
    """What the Hub says this token may do (its /hub/api/user)."""
    status, model = ask(f"{base}/hub/api/user", token)
    assert status == 200, model
    return model["scopes"]


def tokens_reach_what_they_should(base: str, hub: int, service_port: int, book: str) -> None:
    processes = family(hub)
    servers = [p for p in processes if "jupyterhub.singleuser" in p.cmdline()]
    [server] = [p for p in servers if p.environ()["JUPYTERHUB_USER"] == STUDENT]
    [service] = [p for p in processes if "mathcards.classroom.hub.service" in p.cmdline()]
    # the student's server's token (its kernels') reaches her server and the class service,
    # and says who she is (what every token of hers may read, as the Hub expands them)
    token = server.environ()["JUPYTERHUB_API_TOKEN"]
    assert sorted(scopes(base, token)) == [
        f"access:servers!server={STUDENT}/",
        "access:services!service=mathcards",
        f"read:users:activity!user={STUDENT}",
        f"read:users:groups!user={STUDENT}",
        f"read:users:name!user={STUDENT}",
        f"users:activity!user={STUDENT}",
    ]
    # the service's own token may do nothing with the Hub's API: it only identifies itself
    assert scopes(base, service.environ()["JUPYTERHUB_API_TOKEN"]) == []
    # the database's address: the service has it; no student's server nor kernel has
    assert service.environ()["MATHCARDS_DB"] == book
    for process in [*servers, *(child for s in servers for child in s.children(recursive=True))]:
        try:
            assert "MATHCARDS_DB" not in process.environ(), process.cmdline()
        except psutil.NoSuchProcess:
            continue
    # a kernel's call with its server's token is its user; without a valid one, refused
    direct = f"http://127.0.0.1:{service_port}{SERVICE}/api/me"
    assert ask(direct, token)[1]["result"]["student"] == RENAMED  # the teacher's name for her
    for url in (direct, f"{base}{SERVICE}/api/me"):  # straight, and through the Hub's proxy
        assert ask(url) == (401, {"error": "no-token"})
        assert ask(url, "not-a-token-of-this-hub") == (401, {"error": "no-token"})


def test_the_class_service_on_the_hub_keeps_a_student_s_practice_for_her_and_the_teacher(hub):
    with ThreadPoolExecutor(1) as pool:
        solution = pool.submit(in_the_browser, hub.base).result(timeout=PLAY_SECONDS)
    tokens_reach_what_they_should(hub.base, hub.pid, hub.service_port, hub.book)
    # the class book is the PostgreSQL database, with the answer in it
    with Book(hub.book) as kept:
        exported = kept.export(fmt="csv")
    assert RENAMED in exported and solution in exported
