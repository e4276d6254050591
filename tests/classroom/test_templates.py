"""Each page's templates are compiled once per server: a new exporter's environment (Voila makes
one per page) reuses what an earlier one compiled, and a template whose source changed is
compiled anew."""

from __future__ import annotations

import jinja2
import pytest
from voila.exporter import VoilaExporter

from mathcards.classroom.server.templates import CompiledTemplates, compile_templates_once


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
