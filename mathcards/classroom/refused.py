"""The page a request gets instead of a lesson, saying why it is not served, in the server's
language: at the gate (not this address, not this class) and when the class is full."""

from __future__ import annotations

import html

import tornado.web

from mathcards import i18n

REFUSED_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>mathcards: {title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ font: 1.2rem/1.5 system-ui, sans-serif; max-width: 34rem; margin: 12vh auto;
padding: 0 1rem; color: #1d2b36; }} h1 {{ font-size: 1.6rem; }}</style></head>
<body class="mc-refused"><h1>{title}</h1><p>{sentence}</p></body></html>
"""


def refused_page(title: str, sentence: str) -> str:
    """The page that says why a request is not served, in the server's language."""
    return REFUSED_PAGE.format(
        language=i18n.language(), title=html.escape(title), sentence=html.escape(sentence)
    )


class Refused(tornado.web.RequestHandler):
    """A friendly page saying why this request is not served, with the right status."""

    def initialize(self, status: int, title: str, sentence: str) -> None:
        self.status, self.title, self.sentence = status, title, sentence

    def prepare(self) -> None:
        self.set_status(self.status)
        self.set_header("Cache-Control", "no-store")
        self.finish(refused_page(self.title, self.sentence))
