"""Take the README's pictures anew: the MAM! projector at 1280 × 800 during a round
(docs/projector.png) and a student's phone at 390 × 844 in the same round (docs/phone.png),
against a `mathcards serve` of this checkout, in Chromium. With `--all`, also both pages in
both languages and at 1920 × 1080, into a folder to look at (nothing else is written).

Run: ``.venv/bin/python -m scripts.screenshots [--all FOLDER]`` (needs the test extras: the
browser tests' Chromium and servers, tests/servers.py).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import LiveClass, join, launch
from tests.servers import ROOT, serving

SEED = 12  # the deal the pictures show
CLASS = ("Ala", "Ela", "Ola")
PHONE = {"width": 390, "height": 844}


def student(live: LiveClass, language: str, name: str):
    page = live.context(viewport=PHONE).new_page()
    page.goto(f"{live.base}/voila/render/{language}/live/1-mam-live.ipynb")
    join(page, name)
    return page


def take(
    live: LiveClass, language: str, folder: Path, size: dict[str, int], run: int = 0
) -> list[Path]:
    """The projector with a round open and one slip typed on a phone (the `run`-th class on
    this server: a name is one student's in a class book)."""
    wall = live.projector(language, SEED, rounds=3)
    wall.set_viewport_size(size)
    phones = [student(live, language, f"{name} {run}" if run else name) for name in CLASS]
    wall.locator("button.mc-live-start").click()
    for page in phones:
        expect(page.locator(".mc-live-seat .mc-cards svg").first).to_be_visible()
    phones[1].locator(".mc-answer input").fill("12+12+")  # a slip on its way, said under the box
    wall.locator("body").click(position={"x": 5, "y": 5})  # no button shown as focused
    shots = [folder / f"projector-{language}-{size['width']}.png"]
    wall.screenshot(path=shots[0])
    shots.append(folder / f"phone-{language}.png")
    phones[1].screenshot(path=shots[1])
    return shots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", type=Path, metavar="FOLDER", help="every language and size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        browser = launch(playwright)
        options = ("--warm", "none")
        with serving(ROOT / "lessons", Path(scratch), *options) as served:
            if args.all is None:
                live = LiveClass(served, browser)
                wall, phone = take(live, "en", Path(scratch), {"width": 1280, "height": 800})
                wall.replace(ROOT / "docs" / "projector.png")
                phone.replace(ROOT / "docs" / "phone.png")
                live.leave()
                return
            args.all.mkdir(parents=True, exist_ok=True)
            sizes = ({"width": 1280, "height": 800}, {"width": 1920, "height": 1080})
            for run, (language, size) in enumerate(
                ((language, size) for language in ("en", "pl") for size in sizes), 1
            ):
                live = LiveClass(served, browser)
                print(*take(live, language, args.all, size, run))
                live.leave()
        browser.chromium.close()


if __name__ == "__main__":
    main()
