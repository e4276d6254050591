"""The documentation's structure, never its prose: every relative link in the README,
CONTRIBUTING.md and docs/ points to a file (and a heading) that is there, every `make` target
they name is in the Makefile, and every `mathcards` command line they show is one the command
accepts."""

import argparse
import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from mathcards.arguments import UsageError
from mathcards.cli import _language, parser
from tests.test_architecture import anchors

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
COMMAND = re.compile(r"^(?:\$ )?(?:\.venv/bin/|python -m )?mathcards (.+)$")
SPAN_COMMAND = re.compile(r"`(?:python -m )?mathcards ([^`]+)`")
MAKE = re.compile(r"^(?:\$ )?make ([\w-]+)")


def outside_code(markdown: str) -> str:
    """The Markdown without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", markdown, flags=re.M | re.S)


def code_lines(markdown: str) -> list[str]:
    """The lines of the Markdown's fenced code blocks."""
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", markdown, flags=re.M | re.S)
    return [line for block in blocks for line in block.splitlines()]


def relative_links(markdown: str) -> list[str]:
    found = LINK.findall(outside_code(markdown))
    return [link for link in found if not re.match(r"[a-z]+:", link)]


def name(doc: Path) -> str:
    return str(doc.relative_to(ROOT))


def test_links_are_found_outside_code_and_only_relative_ones():
    markdown = (
        "See [the rules](docs/rules.md#mam-end) and ![a picture](docs/p.png),\n"
        "[a site](https://example.org) and [here](#top).\n"
        "```\n[not a link](nowhere.md)\n```\n"
    )
    assert relative_links(markdown) == ["docs/rules.md#mam-end", "docs/p.png", "#top"]


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_relative_link_points_to_a_file_and_heading_that_are_there(doc):
    for link in relative_links(doc.read_text(encoding="utf-8")):
        path, _, anchor = link.partition("#")
        target = (doc.parent / path).resolve() if path else doc
        assert target.exists(), f"{name(doc)} links to {link}, which is not there"
        if anchor and target.suffix == ".md":
            assert anchor in anchors(target.read_text(encoding="utf-8")), (
                f"{name(doc)} links to {link}: no such heading"
            )


def test_every_make_target_the_docs_name_is_in_the_makefile():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([\w-]+):", makefile, flags=re.M))
    for doc in DOCS:
        markdown = doc.read_text(encoding="utf-8")
        named = set(re.findall(r"`make ([\w-]+)", markdown))
        named |= {m[1] for line in code_lines(markdown) if (m := MAKE.match(line.strip()))}
        assert named <= targets, f"{name(doc)} names make {sorted(named - targets)}"


def shown_commands(markdown: str) -> list[tuple[str, bool]]:
    """Every `mathcards` command line shown, in a code block or in a code span of its own, and
    whether the docs show it refused (the line after it in its block is the command's error)."""
    lines = [*code_lines(markdown), ""]
    shown = [
        (m[1], lines[i + 1].startswith("mathcards: "))
        for i, line in enumerate(lines[:-1])
        if (m := COMMAND.match(line.strip()))
    ]
    return shown + [(span, False) for span in SPAN_COMMAND.findall(outside_code(markdown))]


def test_the_commands_shown_are_found_in_code_blocks_and_spans():
    markdown = (
        "Run `mathcards serve --lan` or `python -m mathcards serve`.\n"
        "```console\n$ .venv/bin/mathcards solve 7 --target 7   # a comment\n7 → 7\n"
        "$ mathcards solve 7 --target x\nmathcards: error: …\n```\n"
        "```sh\nmathcards serve         # serves\n```\n"
    )
    assert shown_commands(markdown) == [
        ("solve 7 --target 7   # a comment", False),
        ("solve 7 --target x", True),
        ("serve         # serves", False),
        ("serve --lan", False),
        ("serve", False),
    ]


def command_words(shown: str) -> list[str]:
    """The words of a command line as a shell reads them, up to its first `;`, `>` or `|`."""
    return shlex.split(re.split(r"\s[;>|]\s?", shown)[0], comments=True)


def names_a_command(words: list[str]) -> bool:
    """Are the words a command's name and nothing else (`book forget`, as the docs name it)?"""
    level = parser()
    for word in words:
        commands = [a for a in level._actions if isinstance(a, argparse._SubParsersAction)]
        if not commands or word not in commands[0].choices:
            return False
        level = commands[0].choices[word]
    return True


def accepted(words: list[str]) -> bool:
    _lang, rest = _language(words)
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            parser().parse_args(rest)
    except (SystemExit, UsageError):
        return False
    return True


@pytest.mark.parametrize("doc", DOCS, ids=name)
def test_every_mathcards_command_shown_is_one_the_command_accepts(doc):
    """Parsed, not run: a command or an option renamed in the code and not in the docs fails
    here, and so does an example of a refusal that the command now accepts."""
    for shown, refused in shown_commands(doc.read_text(encoding="utf-8")):
        words = command_words(shown)
        if {"--version", "--help"} & set(words) or names_a_command(words):
            continue
        assert accepted(words) != refused, (
            f"{name(doc)} shows `mathcards {shown}`, which the command "
            + ("accepts" if refused else "refuses")
        )
