"""A page never dies in silence on the real JupyterHub of tests/hub/test_hub.py too, where a
student's server is locked down (mathcards/classroom/hub/lockdown.py) and a script's request
needs the page's XSRF token (an earlier watcher got 403 there).

A student logs in on a phone-sized page across a network the test cuts (tests/browser/
network.py): cut for ten seconds, her landing page says it is reconnecting and comes back by
itself, with no error in the console; cut while her kernel goes (shut down: the Hub's servers
keep a silent page's kernel ten minutes), it says it lost its connection once the network is
back, having asked the server, which answered 404 and never 403, and its one button reloads it.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import FIRST_RENDER_MS, Visit, launch
from tests.browser.network import has_ipv6_loopback, network
from tests.browser.test_alive import (
    GIVEN_UP,
    OUTAGE_SECONDS,
    PHONE,
    SAID,
    banner,
    connected,
    page_kernel,
    tab_to,
    until,
)
from tests.hub.test_hub import PASSWORDS, log_in, wait_until_ready
from tests.hub.test_hub import WAKING as STUDENT

pytestmark = [
    pytest.mark.hub,
    pytest.mark.skipif(not has_ipv6_loopback(), reason="the cut network listens on [::1]"),
]
WAKE_SECONDS = 300  # from the login form to the page reloaded after its kernel went


class Server:
    """The student's server as the test reaches it straight (not across the cut network), with
    her login's cookies and XSRF token."""

    def __init__(self, hub: str, context, across: str) -> None:
        self.hub, self.prefix = hub, f"/user/{STUDENT}/"
        cookies = context.cookies(f"{across}{self.prefix}")
        self.cookie = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
        self.xsrf = next((c["value"] for c in cookies if c["name"] == "_xsrf"), "")

    def kernel(self, kernel: str, method: str = "GET") -> tuple[int, dict]:
        asking = urllib.request.Request(
            f"{self.hub}{self.prefix}api/kernels/{kernel}",
            method=method,
            headers={"Cookie": self.cookie, "X-XSRFToken": self.xsrf},
        )
        try:
            with urllib.request.urlopen(asking, timeout=30) as answer:
                body = answer.read()
                return answer.status, json.loads(body) if body else {}
        except urllib.error.HTTPError as refused:
            return refused.code, {}

    def connections(self, kernel: str) -> int:
        status, model = self.kernel(kernel)
        assert status in (200, 404), status
        return int(model.get("connections", 0))


def phone_sleeps_and_wakes(hub: str) -> None:
    """The student's page cut off twice (see the module); in a thread of its own, as every
    Playwright of the hub tests."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, network(hub) as net:
        chromium = launch(playwright)
        try:
            context = chromium.new_context(viewport=PHONE)
            visit = Visit(context.new_page())
            page, words = visit.page, SAID["en"]
            asked: list[tuple[str, int]] = []  # every answer about a kernel, and its status
            page.on(
                "response",
                lambda answer: (
                    asked.append((answer.url, answer.status))
                    if "/api/kernels/" in answer.url
                    else None
                ),
            )
            log_in(page, net.base, STUDENT, PASSWORDS[STUDENT])
            landing = f"{net.base}/user/{STUDENT}/voila/render/en/index.ipynb"
            page.wait_for_url(landing, timeout=FIRST_RENDER_MS * 2)
            wait_until_ready(page)
            connected(page)
            server = Server(hub, context, net.base)
            kernel = page_kernel(page)
            page.evaluate("window.mcStayed = true")

            # ten seconds cut off: the page comes back by itself
            cut_at = time.monotonic()
            net.cut()
            expect(banner(page)).to_have_text(words["reconnecting"])
            until(lambda: server.connections(kernel) == 0, 60, "the server sees the page go")
            until(lambda: net.waiting() > 0, 60, "the page tries to come back")
            until(lambda: time.monotonic() - cut_at >= OUTAGE_SECONDS, 60, "ten seconds")
            net.restore()
            expect(banner(page)).to_be_empty()
            connected(page)
            assert page.evaluate("window.mcStayed === true"), "it came back without a reload"
            deal = page.locator(".mc-quick-deal")
            deal.locator("button.mc-show-all").click()
            expect(deal.locator(".mc-solutions")).not_to_be_empty()
            assert visit.errors == [], visit.errors

            # cut off while the kernel goes: the page says so, and reloads
            net.cut()
            expect(banner(page)).to_have_text(words["reconnecting"])
            assert server.kernel(kernel, "DELETE")[0] == 204
            until(lambda: server.kernel(kernel)[0] == 404, 60, "the kernel is gone")
            net.restore()
            expect(banner(page)).to_have_class("mc-connection mc-lost")
            expect(banner(page)).to_contain_text(words["lost"])
            assert page.evaluate(GIVEN_UP), "no more tries at a kernel that is gone"
            looks = [status for url, status in asked if url.endswith(f"/api/kernels/{kernel}")]
            assert 404 in looks, f"the watcher asked the server, which said it is gone: {asked}"
            assert 403 not in [status for _, status in asked], asked
            assert all(kernel in error for error in visit.errors), visit.errors

            reload = banner(page).get_by_role("button", name=words["reload"])
            tab_to(page, reload)
            page.keyboard.press("Enter")
            page.wait_for_function(
                "gone => { const found = document.getElementById('jupyter-config-data');"
                " return !!found && !found.textContent.includes(gone); }",
                arg=kernel,
            )
            wait_until_ready(page)
            connected(page)
            expect(banner(page)).to_be_empty()
            deal.locator("button.mc-show-all").click()
            expect(deal.locator(".mc-solutions")).not_to_be_empty()
        finally:
            chromium.close()


def test_a_page_on_the_hub_comes_back_from_a_short_cut_and_says_when_its_kernel_went(hub):
    with ThreadPoolExecutor(1) as pool:
        pool.submit(phone_sleeps_and_wakes, hub.base).result(timeout=WAKE_SECONDS)
