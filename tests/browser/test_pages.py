"""Every served page renders in a real Chromium, without errors and without the internet."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import SIZES, assert_not_blank, layout_problems, resized
from tests.browser.targets import small_targets
from tests.english import english_words

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
PAGES = sorted(str(path.relative_to(LESSONS)) for path in LESSONS.rglob("*.ipynb"))

pytestmark = pytest.mark.browser
NAMES = {"English"}  # the language switch names the other language in its own words


@pytest.mark.parametrize("page", PAGES)
def test_every_lesson_renders_without_errors(server, visit, page, tmp_path):
    visit.open(f"{server}/voila/render/{page}")
    body = visit.page.inner_text("body")
    assert "Traceback" not in body and "Error" not in body
    if page.startswith("pl/"):
        assert not english_words(body, NAMES), f"English on a Polish page: {english_words(body)}"
    assert not visit.page.query_selector_all(".jp-RenderedText[data-mime-type*=stderr]")
    assert not visit.errors, visit.errors
    assert not visit.offsite_requests(), visit.offsite_requests()
    assert_accessible(visit.page)
    for size, (width, height) in SIZES.items():
        resized(visit.page, width, height)
        shot = tmp_path / f"{page.replace('/', '_')}-{size}.png"
        visit.page.screenshot(path=shot, full_page=True)
        assert_not_blank(shot)
        assert not layout_problems(visit.page), (size, layout_problems(visit.page))
        if size == "phone":  # reflowed: tables stacked, rows wrapped
            assert_accessible(visit.page)
            assert not small_targets(visit.page), small_targets(visit.page)


def test_the_root_address_opens_the_landing_page(server, visit):
    visit.open(f"{server}/", lands_on=f"{server}/voila/render/en/index.ipynb")
    expect(visit.page.get_by_role("heading", name="mathcards")).to_be_visible()
    assert not visit.errors and not visit.offsite_requests()


@pytest.mark.parametrize(("here", "there"), [("en", "pl"), ("pl", "en")])
def test_every_page_links_to_itself_in_the_other_language(server, visit, here, there):
    visit.open(f"{server}/voila/render/{here}/mam/2-practice.ipynb")
    assert visit.page.evaluate("document.documentElement.lang") == here
    switch = visit.page.locator(f".mc-language a[hreflang='{there}']")
    assert switch.inner_text() == {"en": "English", "pl": "Polski"}[there]
    switch.click()
    visit.page.wait_for_url(f"{server}/voila/render/{there}/mam/2-practice.ipynb")
    visit.page.wait_for_selector("#loading", state="hidden", timeout=60_000)
    assert visit.page.evaluate("document.documentElement.lang") == there


def test_a_page_being_left_asks_nothing_of_its_kernel(server, visit):
    """As a page is left, Voila shuts its kernel down and closes its connection (`beforeunload`):
    the connection's watcher (alive.js) then asks nothing, even if the browser comes online
    meanwhile, so no request to a kernel that is gone fails in the console of the page left."""
    visit.open(f"{server}/voila/render/en/index.ipynb")
    asked = visit.page.evaluate(
        """() => {
          const asked = [], fetch = window.fetch;
          window.fetch = (...args) => { asked.push(String(args[0])); return fetch(...args); };
          window.dispatchEvent(new Event('beforeunload'));
          window.dispatchEvent(new Event('online'));
          return asked;
        }"""
    )
    assert asked == []
    expect(visit.page.locator(".mc-connection")).to_be_empty()


def test_landing_page_shows_a_deal_and_its_solutions(server, visit):
    visit.open(f"{server}/voila/render/en/index.ipynb")
    expect(visit.page.get_by_role("heading", name="mathcards")).to_be_visible()
    deal = visit.page.locator(".mc-quick-deal")
    expect(deal.locator("svg.mc-card")).to_have_count(5)
    deal.locator("button.mc-show-all").click()
    deal.locator(".mc-solutions", has_text="to make").wait_for()
    assert "QuickDeal" not in visit.page.inner_text("body"), "Voila hides the code cells"


def test_the_landing_page_links_every_lesson(server, visit):
    visit.open(f"{server}/voila/render/en/index.ipynb")
    links = visit.page.locator("#rendered_cells a[href$='.ipynb']")
    hrefs = {links.nth(i).get_attribute("href") for i in range(links.count())}
    assert hrefs == {page.removeprefix("en/") for page in PAGES if page.startswith("en/")} - {
        "index.ipynb"
    }
    visit.page.locator("a[href='lama_dice/1-play-lama-dice.ipynb']").click()
    visit.page.wait_for_url(f"{server}/voila/render/en/lama_dice/1-play-lama-dice.ipynb")
    visit.page.wait_for_selector("#loading", state="hidden", timeout=60_000)
    expect(visit.page.get_by_role("heading", name="Play LAMA Dice")).to_be_visible()


def test_a_failing_cell_shows_no_traceback_to_students(tmp_path, visit):
    import nbformat

    from tests.servers import serving

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "en").mkdir()
    for name, source in [("en/index.ipynb", "1 + 1"), ("broken.ipynb", "raise ValueError('x9z')")]:
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "language": "python",
            "display_name": "Python 3",
        }
        nbformat.write(notebook, lessons / name)
    with serving(lessons, tmp_path) as served:
        visit.open(f"{served.base}/voila/render/broken.ipynb")
        text = visit.page.inner_text("body")
    assert "There was an error" in text
    assert "Traceback" not in text and "x9z" not in text and "ValueError" not in text
