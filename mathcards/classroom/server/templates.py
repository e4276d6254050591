"""The page templates, compiled once per server. Voila makes each page with a new nbconvert
exporter, whose new Jinja environment compiles the page's templates again; here every such
environment shares the templates already compiled (Jinja's bytecode cache, kept in memory and
checked against each template's source, so that a changed template is compiled anew)."""

from __future__ import annotations

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
