"""A page opens only for a browser with its device cookie, and one address holds a bounded
number of seats (issue 30): a script with the class code that throws its cookies away cannot
take every seat, while a browser gets in at once. On this machine's network address (loopback
is the teacher's own laptop, never counted against)."""

from __future__ import annotations

import pytest

from tests.browser.test_serve import (
    CODE,
    kernel_id,
    lessons_folder,
    request,
    school_address,
    serve,
)

ONE = "/voila/render/one.ipynb"


def device_cookie(headers) -> str:
    (cookie,) = [c for c in headers.get_all("Set-Cookie") if c.startswith("mathcards-device=")]
    return cookie.split(";")[0]


@pytest.mark.browser
def test_a_script_without_cookies_takes_no_more_seats_than_its_address_may(tmp_path, browser):
    address = school_address()
    options = ("--lan", "--address", address, "--class-code", CODE, "--warm", "none")
    seats = ("--seats-per-address", "3")
    with serve(lessons_folder(tmp_path), tmp_path, *options, *seats) as (base, _):
        student = browser.new_context()  # a browser whose device cookie went, the code kept
        student.add_cookies([{"name": "mathcards-class", "value": CODE, "url": base}])
        page = student.new_page()
        page.goto(f"{base}{ONE}", timeout=60_000)
        page.wait_for_selector("text=mc-ready", timeout=60_000)
        assert page.url == f"{base}{ONE}?cookie=1", "in at once, by one redirect"

        code = f"mathcards-class={CODE}"
        status, headers, _ = request(f"{base}{ONE}", cookie=code)
        assert status == 302 and headers["Location"] == f"{ONE}?cookie=1", "no seat, a cookie"
        status, _, said = request(f"{base}{ONE}?cookie=1", cookie=code)
        assert status == 403 and "This browser keeps no cookies" in said
        opened = []
        for _attempt in range(3):  # a new device each time: one cookie a page
            status, headers, _ = request(f"{base}{ONE}", cookie=code)
            cookies = f"{code}; {device_cookie(headers)}"
            status, _, said = request(base + headers["Location"], cookie=cookies)
            opened.append(status)
        assert opened == [200, 200, 429], "the browser's seat and two: the address is full"
        assert "Too many pages from this network" in said
        status, _, said = request(f"{base}{ONE}", cookie=f"{code}; {device_cookie(headers)}")
        assert status == 429, "a device already known is held to its address's seats too"
        laptop = f"http://127.0.0.1:{base.rsplit(':', 1)[1]}{ONE}"
        status, _, said = request(laptop, cookie=code)  # no device cookie: none needed
        assert status == 200 and kernel_id(said), "the teacher's own laptop is never counted"
        student.close()
