"""A student's server on JupyterHub serves the lessons through Voila, and nothing else.

A Jupyter server extension (`ServerApp.jpserver_extensions` in deploy/jupyter_server_config.json):

- Only what a lesson page needs is answered (`PAGES`): Voila's pages and their files, a page's
  kernel (its model and its websocket) and the Hub's login round trip. Every other address
  (JupyterLab, /tree, terminals, the contents, sessions and kernels APIs, /files, nbconvert…)
  is "404 Not Found", whichever extension serves it: this rule comes before every route.
- A page's kernel takes only what the page's widgets send (`PAGE_MESSAGES`: what standalone
  Voila allows its kernels, and its server extension does not): an `execute_request` is
  dropped, so no code runs in a student's kernel but the lesson's own.
"""

from __future__ import annotations

import re
from typing import Any

from jupyter_server.base.handlers import Template404
from jupyter_server.serverapp import ServerApp
from jupyter_server.utils import url_path_join
from tornado.httputil import HTTPServerRequest
from tornado.routing import Matcher, Rule

# Voila's own list (voila/app.py, `allowed_message_types` of its kernel manager).
PAGE_MESSAGES = [
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",
]
KERNEL = r"\w+-\w+-\w+-\w+-\w+"  # a kernel's id, as Voila's routes write it
PAGES = [
    "",  # the server's root: on to the landing page (Spawner.default_url)
    "api",  # the Hub's "is the server up?" (it reads the version in the answer's headers)
    "oauth_callback",  # the Hub's login round trip
    "login",
    "logout",
    "voila",  # Voila: the pages, their scripts, templates, themes and pictures
    "voila/.*",
    f"api/kernels/{KERNEL}",  # a page's kernel: its model (Voila asks when it reconnects)
    f"api/kernels/{KERNEL}/channels",  # and its websocket
    "static/.*",  # the server's own style and icons (its error pages)
]


class NotALesson(Matcher):
    """Matches every request for something other than a lesson page (`PAGES` under the
    server's base URL), so that it is refused."""

    def __init__(self, base_url: str) -> None:
        pages = "|".join(PAGES)
        self.lesson = re.compile(f"{re.escape(url_path_join(base_url, '/'))}(?:{pages})")

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        return None if self.lesson.fullmatch(request.path or "") else {}


def lock_down(server_app: ServerApp) -> None:
    """Only lesson pages, and no code sent to their kernels."""
    server_app.kernel_manager.allowed_message_types = list(PAGE_MESSAGES)
    base_url = server_app.web_app.settings["base_url"]
    server_app.web_app.default_router.rules.insert(0, Rule(NotALesson(base_url), Template404))
    server_app.log.info("mathcards: this server serves the lessons through Voila, nothing else")


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


_load_jupyter_server_extension = lock_down
