"""Teams in MAM! live in a real browser, against `mathcards serve` and its class book: the
teacher makes two teams of two on the projector, both members of a team see the round, one
claims for the team, the other is told who claimed and their box closes, and the projector
shows the teams, not the children. In both languages; the phone axe-checked."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from mathcards.mam.live import LiveGame
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join
from tests.browser.test_live_pages import SEED, answer, open_page, right

pytestmark = pytest.mark.browser
CLASSES = {"en": ("Bea", "Bob", "Cyd", "Taj"), "pl": ("Fox", "Gil", "Hal", "Ivo")}
SAID = {
    "en": {
        "team": "You play in Team {n}",
        "playing": "You play in Team",
        "told": "{name} answered for your team.",
        "first": "You were first",
        "wall": "Team {n}",
        "claimed": "answered",
    },
    "pl": {
        "team": "Twoja drużyna to Drużyna {n}:",
        "playing": "Twoja drużyna to",
        "told": "{name} odpowiedział(a) za twoją drużynę.",
        "first": "Twoja odpowiedź była pierwsza",
        "wall": "Drużyna {n}",
        "claimed": "odpowiedziała",
    },
}


def make_two_teams(projector, names, said: dict[str, str]):
    """The teacher makes teams of two on the projector; its teams' table (two teams, on the
    wall, none of `names` in it)."""
    if projector.locator("button.mc-teams-make").is_hidden():  # the room folded away
        projector.locator(".mc-live-join-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-teams-size select").select_option("2")
    projector.locator("button.mc-teams-make").click()
    wall = projector.locator(".mc-teams-wall")
    expect(wall.locator("tr[data-team]")).to_have_count(2)
    for n in (1, 2):
        expect(wall).to_contain_text(said["wall"].format(n=n))
    for name in names:
        assert name not in wall.inner_text()  # teams on the wall, not children
    return wall


def teams_of(phones: dict, said: dict[str, str]) -> dict[int, list[str]]:
    """Each team's members, as each phone says which team it plays in: two teams of two."""
    teams: dict[int, list[str]] = {1: [], 2: []}
    for name, phone in phones.items():
        line = phone.locator(".mc-live-team")
        expect(line).to_contain_text(said["playing"])
        teams[1 if said["team"].format(n=1) in line.inner_text() else 2].append(name)
    assert sorted(map(len, teams.values())) == [2, 2]
    return teams


def one_claims_for_team_1(wall, phones: dict, teams, deal, said: dict[str, str]) -> str:
    """Both of team 1 see the round; one claims right for it; the teammate is told who, their
    box closed; the wall says that team 1 answered, never who. The teammate's name."""
    first, mate = teams[1]
    for name in (first, mate):  # both members of the team see the round
        target = phones[name].locator(f".mc-target[data-target='{deal.target}']")
        expect(target).to_be_visible()
    answer(phones[first], right(deal))
    expect(phones[first].locator(".mc-verdict")).to_contain_text(said["first"])
    told = phones[mate].locator(".mc-live-team")
    expect(told).to_contain_text(said["told"].format(name=first))
    expect(phones[mate].locator(".mc-answer input")).to_be_hidden()  # the team has claimed
    expect(wall.locator("tr[data-team='1'] .mc-teams-claimed")).to_have_text(said["claimed"])
    expect(wall.locator(".mc-teams")).not_to_contain_text(first)  # teams, not children
    return mate


@pytest.mark.parametrize("language", ["en", "pl"])
def test_two_teams_of_two_one_claims_and_the_teammate_is_told(live_class, language):
    said = SAID[language]
    projector = live_class.projector(language, SEED)
    phones = {}
    for name in CLASSES[language]:
        phones[name] = open_page(
            live_class.context(viewport={"width": 390, "height": 844}),
            f"{live_class.base}/voila/render/{language}/live/1-mam-live.ipynb",
        )
        join(phones[name], name)
        expect(projector.locator(".mc-live-room")).to_contain_text(name)
    wall = make_two_teams(projector, CLASSES[language], said)
    teams = teams_of(phones, said)

    projector.locator("button.mc-live-start").click()
    deal = LiveGame("normal", rounds=2, seed=SEED).open_round().deal
    mate = one_claims_for_team_1(wall, phones, teams, deal, said)
    assert_accessible(phones[mate])
    assert_accessible(projector)  # the teams on the wall, and the teacher's teams controls
