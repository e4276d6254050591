"""`mathcards serve --lan --certfile F --keyfile K`, with a certificate the test makes itself: the
class reaches the lessons over HTTPS only, the address printed for it says https://, the cookies
that say who a browser is are Secure, and a page's kernel still keeps a student's work in the
class book, calling the class service on the laptop's loopback (plain HTTP that never leaves
the laptop)."""

from __future__ import annotations

import http.client
import shutil
import ssl
import subprocess
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import join
from tests.browser.test_serve import wait_for
from tests.servers import ROOT, serving

pytestmark = pytest.mark.browser
ADDRESS = "127.0.0.2"  # the laptop's address "on the school network": one of loopback's own
CODE = "HTTPS7"
PRACTICE = "en/mam/2-practice.ipynb"


@pytest.fixture
def certificate(tmp_path) -> tuple[Path, Path]:
    """A self-signed certificate naming ADDRESS, and its key, made by `openssl`."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("no openssl to make a certificate with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subject = ["-subj", f"/CN={ADDRESS}", "-addext", f"subjectAltName=IP:{ADDRESS}"]
    made = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", *subject]
    subprocess.run(
        [openssl, *made, "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return cert, key


def set_cookies(base: str, path: str, tls: ssl.SSLContext) -> list[str]:
    """The cookies a GET of `path` sets, over HTTPS."""
    where = urlsplit(base)
    connection = http.client.HTTPSConnection(where.hostname, where.port, context=tls, timeout=60)
    try:
        connection.request("GET", path, headers={"Host": where.netloc})
        return connection.getresponse().headers.get_all("Set-Cookie") or []
    finally:
        connection.close()


def test_a_class_served_over_https_keeps_its_work_and_its_cookies_are_secure(
    browser, tmp_path, certificate
):
    cert, key = certificate
    tls = ssl.create_default_context(cafile=cert)
    options = ["--lan", "--address", ADDRESS, "--class-code", CODE, "--warm", PRACTICE]
    options += ["--certfile", str(cert), "--keyfile", str(key)]
    with serving(ROOT / "lessons", tmp_path, *options, tls=tls) as served:
        assert served.base.startswith("https://")
        printed = f"Students open https://{ADDRESS}:"  # once the server answers there
        assert wait_for(lambda: printed in served.said(), 30), served.said()
        port = urlsplit(served.base).port
        with pytest.raises((OSError, http.client.HTTPException)):  # nothing in clear
            urllib.request.urlopen(f"http://{ADDRESS}:{port}/mathcards/class.json", timeout=30)

        admitted = set_cookies(served.base, f"/?class={CODE}", tls)
        assert admitted and all("Secure" in cookie for cookie in admitted), admitted
        teacher_code = urlsplit(served.teacher_url()).query
        teachers = set_cookies(served.base, f"/mathcards/teacher?{teacher_code}", tls)
        assert any(c.startswith("mathcards-teacher=") and "Secure" in c for c in teachers)

        context = browser.new_context(ignore_https_errors=True)
        page = context.new_page()
        page.goto(f"{served.base}/voila/render/{PRACTICE}?class={CODE}")
        join(page, "Ola")
        practice = page.locator(".mc-practice")
        expect(practice.locator(".mc-progress")).to_contain_text("Deal 1 of 8")
        practice.locator(".mc-answer input").fill("1+")
        practice.locator("button.mc-mam").click()
        expect(page.locator(".mc-saved")).to_have_text("Saved: 2")  # kept: the kernel's calls
        cookies = {cookie["name"]: cookie for cookie in context.cookies()}
        assert cookies["mathcards-device"]["secure"] and cookies["mathcards-class"]["secure"]

        teacher = context.new_page()
        teacher.goto(served.teacher_url())  # printed for the laptop: its loopback, plain HTTP
        expect(teacher.locator("table").first).to_contain_text("Ola")
        context.close()
