"""axe-core's WCAG 2.0 and 2.1 checks (levels A and AA) on a page in the browser, as a school's
accessibility check runs them; axe-playwright-python ships axe.min.js, so nothing comes from the
internet."""

from __future__ import annotations

from contextlib import suppress

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout

WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SERIOUS = ("serious", "critical")
AXE = Axe()

# Until nothing on the page moves (a die that tumbles in is faded while it turns), or a second.
STILL = """() => document.getAnimations().every(a => a.playState !== 'running')"""


def serious_violations(page) -> list[str]:
    """Every serious or critical violation on the page as it is now, one readable line each:
    the rule, the element and what is wrong (an empty list: none)."""
    with suppress(PlaywrightTimeout):  # something moves for ever: check the page as it stands
        page.wait_for_function(STILL, timeout=1_000)
    options = {"runOnly": {"type": "tag", "values": WCAG_A_AA}, "resultTypes": ["violations"]}
    found = AXE.run(page, options=options).response["violations"]
    return [
        f"{violation['id']}: {' '.join(map(str, node['target']))}: {summary(node)}"
        for violation in found
        if violation["impact"] in SERIOUS
        for node in violation["nodes"]
    ]


def summary(node: dict) -> str:
    """axe's sentence for what fails at one element, on one line."""
    said = node.get("failureSummary") or ""
    return " ".join(said.replace("Fix any of the following:", "").split())[:240]


def assert_accessible(page) -> None:
    """No serious or critical violation of WCAG 2.0 and 2.1 A and AA on the page as it is now."""
    found = serious_violations(page)
    assert not found, "axe-core finds:\n" + "\n".join(found)
