"""A page that never hangs and never dies in silence.

- A kernel started for a page must answer (`kernel_info`) before the page is built on it; one
  that dies while starting (under a crowd, a port taken between being picked and being bound)
  is replaced, up to `START_ATTEMPTS` times, and only then is the page given up (`NoKernel`).
- A page that cannot open gets, at once, a page in its own language that says to reload.
- The words a page shows when its connection drops (the template's `alive.js`), in every
  language, for the template to carry: a page without a connection cannot ask for them.
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_client.session import Session

from mathcards import i18n
from mathcards.classroom.refused import refused_page
from mathcards.i18n import N_

START_ATTEMPTS = 3  # kernels started for one page before it is given up
ANSWER_SECONDS = 120  # a kernel alive but silent this long while starting is given up

NOT_OPENED = N_("This page did not open")
NOT_STARTED = N_(
    "The computer serving the lessons could not start it. Reload the page to try again."
)
RELOAD = N_("Reload the page")
WATCH_WORDS = {
    "reconnecting": N_("Reconnecting…"),
    "lost": N_("This page lost its connection — reload"),
    "reload": RELOAD,
}

SWAP = """<script>(function () {
  var found = new DOMParser().parseFromString(PAGE, 'text/html');
  document.replaceChild(document.adoptNode(found.documentElement), document.documentElement);
})();</script>"""


class NoKernel(RuntimeError):
    """No kernel would start for a page: each one tried died or stayed silent."""


async def answers(kernel: Any, seconds: float = ANSWER_SECONDS) -> bool:
    """Whether a kernel that has just started answers `kernel_info` (False: it died first, or
    said nothing for `seconds`). It asks as a client of its own, in a session of its own: the
    page's client connects afresh."""
    own = Session(key=kernel.session.key, signature_scheme=kernel.session.signature_scheme)
    client = kernel.client(session=own)
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=seconds)
        return True
    except RuntimeError:  # "Kernel died before replying to kernel_info", or no answer in time
        return False
    finally:
        client.stop_channels()


def page_language(path: str) -> str:
    """The language of a lesson page (lessons/en/…, lessons/pl/…), else the server's."""
    first = path.lstrip("/").split("/", 1)[0]
    return first if first in i18n.LANGUAGES else i18n.language()


def not_opened(language: str) -> str:
    """The page a student gets when no kernel would start for theirs: reload to try again."""
    words = i18n.catalogue(language)
    return refused_page(
        words.gettext(NOT_OPENED), words.gettext(NOT_STARTED), words.gettext(RELOAD), language
    )


def not_opened_script(language: str) -> str:
    """The same page, for a page already half sent: a script that puts it in the place of what
    came (the response ends after it)."""
    page = json.dumps(not_opened(language)).replace("</", "<\\/")
    return SWAP.replace("PAGE", page)


def watch_words() -> dict[str, dict[str, str]]:
    """What a page says when its connection drops, in every language (for the template)."""
    return {
        language: {key: i18n.catalogue(language).gettext(text) for key, text in WATCH_WORDS.items()}
        for language in i18n.LANGUAGES
    }
