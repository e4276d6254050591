"""The class address: this server's own names, the address students type on the school network
(with the class code at its end), and that address as a QR code, for the teacher's terminal and
for the landing page."""

from __future__ import annotations

import io
import socket

import segno

CODE_PARAMETER = "class"  # the class code in the address: `?class=K7Q2`
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
SHORT_PAGES = {  # a live page's short address, to type from the projector: /en/mam → the page
    "mam": "live/1-mam-live.ipynb",
    "lama": "live/2-lama-dice-guess.ipynb",
    "tables": "live/3-play-at-tables.ipynb",
}
LANGUAGES = ("en", "pl")


def short_page(lesson: str) -> str | None:
    """The short path of a live lesson ("en/live/1-mam-live.ipynb" → "/en/mam"), if it has one."""
    language, _slash, page = lesson.partition("/")
    short = next((name for name, path in SHORT_PAGES.items() if path == page), None)
    return f"/{language}/{short}" if short and language in LANGUAGES else None


def long_page(path: str) -> str | None:
    """Where a short path leads ("/en/mam" → "/voila/render/en/live/1-mam-live.ipynb")."""
    parts = path.strip("/").lower().split("/")
    if len(parts) != 2 or parts[0] not in LANGUAGES or parts[1] not in SHORT_PAGES:
        return None
    return f"/voila/render/{parts[0]}/{SHORT_PAGES[parts[1]]}"


def lan_address() -> str:
    """This machine's address on the school network (the interface of its default route), or
    127.0.0.1 when it has none. Connecting a UDP socket sends nothing; it only picks a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def student_url(address: str, port: int, code: str, scheme: str = "http") -> str:
    """The address students type: the server (`https` when it serves HTTPS), and the class
    code that lets them in."""
    return f"{scheme}://{address}:{port}/?{CODE_PARAMETER}={code}"


def qr_for_terminal(url: str) -> str:
    """The address as a QR code drawn with block characters, for the teacher's terminal."""
    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, compact=True)
    return drawn.getvalue()


def qr_data_uri(url: str) -> str:
    """The address as a QR code, an SVG `data:` URI for the landing page (nothing to fetch)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=8, border=2))
