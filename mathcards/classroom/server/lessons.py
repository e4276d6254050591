"""Where the lessons are, and `mathcards lessons FOLDER`: a copy of them for a teacher to change.

An installed wheel carries the lessons as `mathcards/lessons/` (setup.py copies them in); a
clone, or an editable install, serves its own `lessons/`, at the top of the repository."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

from mathcards.arguments import UsageError
from mathcards.i18n import _, ngettext

PACKAGE = Path(__file__).resolve().parents[2]  # mathcards/
SKIPPED = {".ipynb_checkpoints", "__pycache__"}  # JupyterLab's and Python's leftovers


def home() -> Path:
    """The lessons this package serves: the copy it carries, else the checkout's."""
    carried = PACKAGE / "lessons"
    return carried if carried.is_dir() else PACKAGE.parent / "lessons"


def pages(folder: Path) -> list[Path]:
    """Every file of a lessons folder, relative to it (notebooks, and anything beside them)."""
    found = (path.relative_to(folder) for path in folder.rglob("*") if path.is_file())
    return sorted(path for path in found if not SKIPPED & set(path.parts))


def copy(source: Path, target: Path) -> int:
    """Copy the lessons into `target` (new, or an empty folder); how many notebooks it holds.
    Never copies over anything: a teacher's changed lessons are not lost."""
    if target.exists() and not target.is_dir():
        raise UsageError(_("{folder} is a file: name a new folder").format(folder=target))
    if target.is_dir() and any(target.iterdir()):
        sentence = _("{folder} is not empty: name a new folder (nothing was copied)")
        raise UsageError(sentence.format(folder=target))
    copied = pages(source)
    for page in copied:
        (target / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / page, target / page)  # the file, not its (read-only) mode
    return sum(page.suffix == ".ipynb" for page in copied)


def add_command(commands: Any) -> None:
    """Add `lessons FOLDER` to the `mathcards` sub-commands."""
    lessons_cmd = commands.add_parser(
        "lessons",
        help=_("copy the lessons (both languages) into FOLDER, to change them in JupyterLab"),
    )
    lessons_cmd.add_argument(
        "folder", type=Path, metavar=_("FOLDER"), help=_("a new or empty folder")
    )
    lessons_cmd.set_defaults(run=run_lessons)


def run_lessons(args: argparse.Namespace) -> int:
    target = args.folder.resolve()
    notebooks = copy(home(), target)
    folder = f'"{target}"' if " " in str(target) else str(target)
    copied = ngettext(
        "{n} notebook copied into {folder}.", "{n} notebooks copied into {folder}.", notebooks
    )
    print(copied.format(n=notebooks, folder=folder))
    then = _("Change them in JupyterLab, then serve them with: mathcards serve --lessons {folder}")
    print(then.format(folder=folder))
    return 0
