"""What a lesson page loads, and for how long the browser may keep it.

- No MathJax: no page typesets TeX in the browser (the answer preview and the lessons' formulas
  are MathML, which Chromium draws itself). Voila's page starts a typesetter anyway and typesets
  an empty element, which loads about 1 MB of MathJax; `page_config` hands it a MathJax that
  does nothing instead (Voila's MathJax 2 typesetter, given a script that defines it).
- Voila's scripts are asked for under an address that names their version
  (/voila/static/<version>/…), so the browser keeps them for a year and asks again only when
  Voila changes; the lab extensions' files, whose names carry a hash of their content (or a
  `?v=`), are kept a year too. Everything else is revalidated as before.
- Every answer is compressed for a browser that accepts it (`compress_response`); a file kept
  a year is compressed once, then sent from memory (`Compressed`): 4 MB of scripts are 1.2 MB.
"""

from __future__ import annotations

import gzip
import mimetypes
import re
from collections.abc import Generator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote

import voila  # type: ignore[import-untyped]
from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.utils import url_path_join
from tornado.web import GZipContentEncoding, StaticFileHandler
from voila.static_file_handler import (  # type: ignore[import-untyped]
    MultiStaticFileHandler,
    TemplateStaticFileHandler,
)

A_YEAR = 365 * 24 * 3600
LONG_LIVED = f"public, max-age={A_YEAR}, immutable"
HASHED = re.compile(r"\.[0-9a-f]{16,}\.[a-z]+$")  # remoteEntry.c8c9eed2cdefdeac.js
# Voila's MathJax 2 typesetter loads this script and queues every typesetting on `MathJax.Hub`;
# the `//` turns what it appends to the address (`?config=…`) into a comment.
NO_MATHJAX = "data:text/javascript," + quote(
    "window.MathJax={Hub:{Config(){},Configured(){},Queue(){},Register:{StartupHook(){}}}};//"
)


def static_version(paths: list[str]) -> str:
    """Voila's version and its main script's size and time: a new Voila, a new address."""
    found = next(
        (Path(path, "voila.js") for path in paths if Path(path, "voila.js").is_file()), None
    )
    stamp = f"-{found.stat().st_size:x}-{int(found.stat().st_mtime):x}" if found else ""
    return f"{voila.__version__}{stamp}"


def page_config(
    config: dict[str, Any], *, base_url: str, version: str, **_unused: Any
) -> dict[str, Any]:
    """Voila's page configuration (its `page_config_hook`, given the `version` of its scripts),
    with no MathJax and Voila's scripts under their versioned address."""
    return {
        **config,
        "fullStaticUrl": url_path_join(base_url, "voila/static", version),
        "fullMathjaxUrl": NO_MATHJAX,
    }


class Compressed(StaticFileHandler):
    """A file kept a year (`long_lived`) goes to a browser that accepts gzip compressed, once
    for all: its compressed bytes stay in memory, under its path with ".gz" added."""

    kept: ClassVar[dict[str, bytes]] = {}

    def long_lived(self) -> bool:
        return False

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        found = super().validate_absolute_path(root, absolute_path)
        self.plain = found
        accepted = "gzip" in self.request.headers.get("Accept-Encoding", "")
        if found is None or not accepted or not self.long_lived():
            return found
        kind = mimetypes.guess_type(found)[0] or ""
        if not (kind.startswith("text/") or kind in GZipContentEncoding.CONTENT_TYPES):
            return found  # fonts and pictures are compressed already
        if found + ".gz" not in self.kept:
            self.kept[found + ".gz"] = gzip.compress(Path(found).read_bytes(), mtime=0)
        return found + ".gz"

    def get_content_type(self) -> str:
        if self.absolute_path in self.kept and self.plain:  # the file's own type, not gzip's
            return mimetypes.guess_type(self.plain)[0] or "application/octet-stream"
        return str(super().get_content_type())

    def get_content_size(self) -> int:
        held = self.kept.get(self.absolute_path or "")
        return super().get_content_size() if held is None else len(held)

    @classmethod
    def get_content(
        cls, abspath: str, start: int | None = None, end: int | None = None
    ) -> Generator[bytes, None, None]:
        held = cls.kept.get(abspath)
        if held is None:
            yield from super().get_content(abspath, start, end)
        else:
            yield held[start:end]

    def set_extra_headers(self, path: str) -> None:
        if self.absolute_path in self.kept:
            self.set_header("Content-Encoding", "gzip")
        if self.long_lived():
            self.set_header("Cache-Control", LONG_LIVED)


class VoilaScripts(Compressed, MultiStaticFileHandler):
    """/voila/static/: kept a year when asked for under /voila/static/<version>/."""

    def initialize(self, *args: Any, version: str, **kwargs: Any) -> None:  # type: ignore[override]
        super().initialize(*args, **kwargs)
        self.version, self.versioned = version, False

    def parse_url_path(self, url_path: str) -> str:
        version, _, rest = url_path.partition("/")
        self.versioned = version == self.version and bool(rest)
        return str(super().parse_url_path(rest if self.versioned else url_path))

    def long_lived(self) -> bool:
        return self.versioned


class LabExtensionFiles(Compressed, FileFindHandler):
    """/voila/labextensions/: a file whose name carries its content's hash, or asked for with
    `?v=`, is kept a year (jupyter_server revalidates every one of them, one round trip each)."""

    def long_lived(self) -> bool:
        return "v" in self.request.arguments or bool(HASHED.search(self.request.path))

    def set_headers(self) -> None:
        super().set_headers()  # jupyter_server's: "no-cache"
        if self.long_lived():
            self.set_header("Cache-Control", LONG_LIVED)


class TemplateFiles(Compressed, TemplateStaticFileHandler):
    """/voila/templates/…/static/: the page's style, asked for with `?v=` (kept ten years)."""

    def long_lived(self) -> bool:
        return "v" in self.request.arguments
