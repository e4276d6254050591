"""The page a request gets instead of a lesson, saying why it is not served, in the reader's
language (the first of ours their browser asks for, else the server's): at the gate (not this
address, not this class, too many wrong class codes), at the seats (the class is full, this
device has its pages open already) and when no kernel would start for a page (`alive`: with a
link that reloads it)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import tornado.httputil
import tornado.web

from mathcards import i18n

REFUSED_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>mathcards: {title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ font: 1.2rem/1.5 system-ui, sans-serif; max-width: 34rem; margin: 12vh auto;
padding: 0 1rem; color: #1d2b36; }} h1 {{ font-size: 1.6rem; }}
a.mc-reload {{ display: inline-block; padding: .5rem 1.2rem; border-radius: 8px; color: #fff;
background: #1d4ed8; font-weight: 700; text-decoration: none; }}</style></head>
<body class="mc-refused"><h1>{title}</h1><p>{sentence}</p>{reload}</body></html>
"""


def reader_language(request: tornado.httputil.HTTPServerRequest) -> str:
    """The first of our languages the reader's browser asks for (`Accept-Language`, by its
    weights), else the server's own."""
    asked = []
    for position, part in enumerate(request.headers.get("Accept-Language", "").split(",")):
        tag, _semicolon, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        asked.append((-quality, position, tag.split("-")[0].strip().lower()))
    wanted = [tag for quality, _position, tag in sorted(asked) if quality < 0]
    return next((tag for tag in wanted if tag in i18n.LANGUAGES), i18n.language())


def refused_page(title: str, sentence: str, language: str | None = None, reload: str = "") -> str:
    """The page that says why a request is not served (its words already translated), with a
    link that reloads it when `reload` names one."""
    link = f'<p><a class="mc-reload" href="">{html.escape(reload)}</a></p>' if reload else ""
    return REFUSED_PAGE.format(
        language=language or i18n.language(),
        title=html.escape(title),
        sentence=html.escape(sentence),
        reload=link,
    )


class RefusedHandler(tornado.web.RequestHandler):
    """A friendly page saying why this request is not served, with the right status: `title`
    and `sentence` are messages (marked with N_), put in the reader's language, the sentence
    filled in with `values`; `headers` are added, the cookies named in `forget` cleared."""

    def initialize(
        self,
        status: int,
        title: str,
        sentence: str,
        values: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        forget: tuple[str, ...] = (),
    ) -> None:
        self.status, self.title, self.sentence = status, title, sentence
        self.values, self.headers, self.forget = values or {}, headers or {}, forget

    def prepare(self) -> None:
        self.set_status(self.status)
        self.set_header("Cache-Control", "no-store")
        for name, value in self.headers.items():
            self.set_header(name, value)
        for cookie in self.forget:
            self.clear_cookie(cookie)
        language = reader_language(self.request)
        words = i18n.catalogue(language)
        sentence = words.gettext(self.sentence).format(**self.values)
        self.finish(refused_page(words.gettext(self.title), sentence, language))
