"""The page templates, compiled once per server, and each markdown cell's HTML, made once per
server. Voila makes each page with a new nbconvert exporter, whose new Jinja environment
compiles the page's templates again; here every such environment shares the templates already
compiled (Jinja's bytecode cache, kept in memory and checked against each template's source, so
that a changed template is compiled anew). And it renders every markdown cell of every page
anew, for every page the server serves; here a cell's HTML is kept
by its text (a cell that shows a picture, whose file may change, is rendered each time)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import jinja2
from voila.exporter import VoilaExporter  # type: ignore[import-untyped]


class CompiledTemplates(jinja2.BytecodeCache):
    """Each template's compiled code, by template and source, for environments made alike."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[str, Any]] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        checksum, code = self.kept.get(bucket.key, ("", None))
        if checksum == bucket.checksum:
            bucket.code = code

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.kept[bucket.key] = (bucket.checksum, bucket.code)


KEPT: dict[tuple[bool, tuple[str, ...]], CompiledTemplates] = {}  # by how an environment compiles


def compile_templates_once() -> None:
    """Every page exporter's environment from now on keeps what it compiles for the next."""
    made = VoilaExporter._create_environment
    if getattr(made, "keeps_templates", False):
        return

    def keeping(exporter: VoilaExporter) -> jinja2.Environment:
        environment = made(exporter)
        alike = (environment.is_async, tuple(sorted(environment.extensions)))
        environment.bytecode_cache = KEPT.setdefault(alike, CompiledTemplates())
        return environment

    keeping.keeps_templates = True  # type: ignore[attr-defined]
    VoilaExporter._create_environment = keeping


KEPT_CELLS = 2048  # markdown cells' HTML kept, at most: every lesson's in both languages, twice
PICTURES = ("![", "<img")  # a cell that shows a picture reads its file as it is rendered


class MarkdownKept(OrderedDict[str, str]):
    """Markdown cells' HTML by their text, the least recently used dropped beyond KEPT_CELLS."""

    def html(self, source: str, render: Callable[[], str]) -> str:
        """The HTML of `source`, rendered by `render` the first time it is asked for."""
        if source in self:
            self.move_to_end(source)
        else:
            self[source] = render()
            if len(self) > KEPT_CELLS:
                self.popitem(last=False)
        return self[source]


MARKDOWN = MarkdownKept()


def render_markdown_once() -> None:
    """Every page exporter from now on renders a markdown cell's text once (see above)."""
    render = VoilaExporter.markdown2html
    if getattr(render, "keeps_html", False):
        return

    @jinja2.pass_context
    def keeping(exporter: VoilaExporter, context: Any, source: str) -> str:
        def rendered() -> str:
            return str(render(exporter, context, source))

        if context["cell"].get("attachments") or any(p in source for p in PICTURES):
            return rendered()
        return MARKDOWN.html(source, rendered)

    keeping.keeps_html = True  # type: ignore[attr-defined]
    VoilaExporter.markdown2html = keeping
