"""The wheel carries the lessons: `lessons/`, at the top of the repository where a clone keeps
them, is copied into the package as `mathcards/lessons/` when it is built (everything else is
configured in pyproject.toml). An editable install copies nothing: it serves the checkout's
`lessons/` (mathcards/classroom/server/lessons.py finds them)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LESSONS = Path(__file__).resolve().parent / "lessons"
SKIPPED = {".ipynb_checkpoints", "__pycache__"}


class BuildWithLessons(build_py):
    """setuptools' build_py, then the lessons into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        if not (LESSONS / "en" / "index.ipynb").is_file():
            raise SystemExit(f"no lessons to put into the wheel: {LESSONS} has no en/index.ipynb")
        into = Path(self.build_lib, "mathcards", "lessons")
        for page in sorted(LESSONS.rglob("*")):
            if page.is_file() and not SKIPPED & set(page.relative_to(LESSONS).parts):
                self.mkpath(str((into / page.relative_to(LESSONS)).parent))
                self.copy_file(str(page), str(into / page.relative_to(LESSONS)))


setup(cmdclass={"build_py": BuildWithLessons})
