"""A warm kernel runs its page before anyone asks for it (`mathcards serve` keeps a pool of
them, docs/design.md): before it calls the class book, it waits for the request of the browser
it is handed to, which Voila sends it with that page's ticket.

This is `voila.utils.wait_for_request` (Voila 0.5) without importing it: `voila.utils` loads
jupyter_server and its JSON schemas into every warm kernel, where the websocket client it uses
is all it needs."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Mapping

from mathcards.classroom.protocol import HUB_TOKEN_ENV, SERVICE_ENV, TICKET_ENV

HANDED_SECONDS = 5  # Voila's own: to open the websocket that hands the request over
PAGE_SEEN = False  # this kernel has had its page's request


def query_address(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """Where Voila hands this kernel its page's request (as `voila.utils` builds it)."""
    protocol = environ.get("VOILA_WS_PROTOCOL", "ws")
    host = environ.get("VOILA_APP_IP", "127.0.0.1")
    port = environ.get("VOILA_APP_PORT", "8866")
    base = environ.get("VOILA_WS_BASE_URL", environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{environ.get('VOILA_KERNEL_ID')}"


async def handed_request(address: str) -> str | None:
    """The request Voila hands over (JSON of environment variables), or None if it cannot."""
    import websockets  # websockets: a warm kernel's only

    try:
        # directly: a proxy the environment names (`http_proxy`) cannot reach Voila's loopback
        opening = websockets.connect(address, open_timeout=HANDED_SECONDS, proxy=None)
        async with opening as handing:
            return str(await handing.recv())
    except (OSError, TimeoutError, websockets.WebSocketException):
        return None


def wait_for_page() -> None:
    """Once per kernel, in a warm kernel only: wait until a browser is handed this page, then
    take its request's variables (the page's ticket among them) into the environment."""
    global PAGE_SEEN
    if PAGE_SEEN or os.environ.get("VOILA_PREHEAT") != "True":
        return
    received: list[str | None] = []
    address = query_address()
    # on a thread of its own, as Voila does: the kernel's own event loop is running this cell
    waiting = threading.Thread(
        target=lambda: received.append(asyncio.run(handed_request(address))), daemon=True
    )
    waiting.start()
    waiting.join()
    if received and received[0] is not None:
        os.environ.update(json.loads(received[0]))
    PAGE_SEEN = True


def page_caller(environ: Mapping[str, str]) -> tuple[str, str, str] | None:
    """The class service of the server that serves this page and how its browser is known
    there (its page's ticket, else on the Hub its server's token), once the page is made; None
    if the server keeps no class book."""
    if not environ.get(SERVICE_ENV):
        return None
    wait_for_page()
    ticket = environ.get(TICKET_ENV, "")
    hub_token = "" if ticket else environ.get(HUB_TOKEN_ENV, "")
    if not ticket and not hub_token:
        return None
    return environ[SERVICE_ENV], ticket, hub_token
