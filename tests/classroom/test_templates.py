"""Each page's templates are compiled once per server: a new exporter's environment (Voila makes
one per page) reuses what an earlier one compiled, and a template whose source changed is
compiled anew. A markdown cell's HTML is made once per server too, except a picture's."""

from __future__ import annotations

import jinja2
import pytest
from nbconvert.filters.markdown_mistune import MarkdownWithMath
from voila.exporter import VoilaExporter

from mathcards.classroom.server import templates
from mathcards.classroom.server.templates import (
    CompiledTemplates,
    MarkdownKept,
    compile_templates_once,
    render_markdown_once,
)


@pytest.fixture
def compiles(monkeypatch) -> list[str]:
    """The templates every Jinja environment compiles from now on, by name."""
    compiled: list[str] = []
    compile_source = jinja2.Environment.compile

    def counted(environment, source, name=None, filename=None, *args, **kwargs):
        compiled.append(name)
        return compile_source(environment, source, name, filename, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    return compiled


def test_a_second_page_compiles_none_of_the_templates_the_first_compiled(compiles):
    compile_templates_once()
    compile_templates_once()  # once is enough: a second call changes nothing
    for _page in range(3):
        VoilaExporter(template_name="lab").environment.get_template("index.html.j2")
    assert compiles.count("index.html.j2") <= 1


def test_a_template_whose_source_changed_is_compiled_anew(compiles):
    kept = CompiledTemplates()
    for source, shown in (("{{ 1 + 1 }}", "2"), ("{{ 1 + 1 }}", "2"), ("{{ 2 + 2 }}", "4")):
        environment = jinja2.Environment(loader=jinja2.DictLoader({"t": source}))
        environment.bytecode_cache = kept
        assert environment.get_template("t").render() == shown
    assert compiles == ["t", "t"]


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The markdown every exporter renders from now on (with no cell kept yet)."""
    rendered: list[str] = []
    render = MarkdownWithMath.render

    def counted(self, source, *args, **kwargs):
        rendered.append(source)
        return render(self, source, *args, **kwargs)

    monkeypatch.setattr(MarkdownWithMath, "render", counted)
    monkeypatch.setattr(templates, "MARKDOWN", MarkdownKept())
    monkeypatch.setattr(VoilaExporter, "markdown2html", VoilaExporter.markdown2html)  # undone after
    render_markdown_once()
    return rendered


class NoFiles:
    """The lessons' files, as a page's exporter reads a picture from them: none."""

    def file_exists(self, path: str) -> bool:
        return False


def cell_html(source: str, attachments: dict | None = None) -> str:
    """A markdown cell's HTML, as a new page's exporter makes it."""
    cell = {"cell_type": "markdown", "source": source, "attachments": attachments or {}}
    exporter = VoilaExporter(template_name="lab", contents_manager=NoFiles())
    return str(exporter.markdown2html({"cell": cell}, source))


def test_a_markdown_cell_is_rendered_once_per_server(renders):
    shown = [cell_html("# The *table*") for _page in range(3)]
    assert shown[0] == shown[1] == shown[2] and "<em>table</em>" in shown[0]
    assert "<strong>dice</strong>" in cell_html("**dice**")
    assert renders == ["# The *table*", "**dice**"]


def test_a_cell_that_shows_a_picture_is_rendered_every_time(renders):
    for source in ("![die](die.png)", '<img src="die.png">'):
        cell_html(source)
        cell_html(source)
    cell_html("a card", attachments={"card.png": {"image/png": "iVBORw0KGgo="}})
    cell_html("a card", attachments={"card.png": {"image/png": "iVBORw0KGgo="}})
    assert len(renders) == 6


def test_the_kept_cells_are_bounded_the_least_recently_shown_going_first(monkeypatch):
    monkeypatch.setattr(templates, "KEPT_CELLS", 2)
    kept = MarkdownKept()
    for source in ("a", "b", "a", "c"):
        assert kept.html(source, lambda source=source: source.upper()) == source.upper()
    assert list(kept) == ["a", "c"]
