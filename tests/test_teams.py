"""Teams in a live game: made shuffled or by hand, newcomers to the smallest team, the first
claim of a team counts (MAM!'s answers, LAMA Dice's guesses), the cards go to the team."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathcards.lama_dice.live import LiveGuessing, Question
from mathcards.mam.live import LiveGame
from mathcards.room import LiveRefusal, Phase, Refusal
from mathcards.teams import SIZES, Teams, shuffled
from tests.mam.test_live import right, room, wrong

NAMES = st.lists(st.text("abcdefgh", min_size=1, max_size=3), unique=True, max_size=40)


@given(NAMES, st.sampled_from(SIZES), st.integers(0, 1000))
def test_shuffled_teams_hold_everyone_once_at_most_size_each_and_one_apart(
    names: list[str], size: int, seed: int
) -> None:
    teams = shuffled(names, size, random.Random(seed))
    placed = [name for team in teams for name in team]
    assert sorted(placed) == sorted(names)
    assert all(1 <= len(team) <= size for team in teams)
    if teams:
        sizes = [len(team) for team in teams]
        assert max(sizes) - min(sizes) <= 1
        assert len(teams) == -(-len(names) // size)  # as few teams as that takes


@given(st.lists(st.sampled_from(SIZES), min_size=1, max_size=1), st.integers(0, 30))
def test_a_newcomer_goes_to_the_smallest_team_and_no_team_outgrows_its_size(
    size: list[int], newcomers: int
) -> None:
    teams = Teams()
    teams.make(size[0], [["a", "b"][: size[0]], ["c"]])
    for number in range(newcomers):
        before = {t: len(teams.members(t)) for t in teams.numbers()}
        team = teams.join(f"new{number}")
        assert team is not None
        assert all(len(teams.members(t)) <= size[0] for t in teams.numbers())
        if before.get(team, 0) > 0:
            assert before[team] == min(before.values())


@pytest.mark.parametrize("size", [1, 5, 9, "2", True, None])
def test_a_team_size_other_than_2_to_4_is_refused_by_its_reason(size: object) -> None:
    with pytest.raises(LiveRefusal) as refused:
        Teams().make(size, [])  # type: ignore[arg-type]
    assert refused.value.reason is Refusal.TEAM_SIZE


def test_hand_made_teams_refuse_a_stranger_a_student_twice_and_a_team_too_big() -> None:
    game = room("Ada", "Bolek", "Cyryl")
    with pytest.raises(LiveRefusal) as stranger:
        game.make_teams(2, [["Ada", "Zenon"]])
    assert stranger.value.reason is Refusal.UNKNOWN_STUDENT
    with pytest.raises(LiveRefusal) as twice:
        game.make_teams(2, [["Ada"], ["Ada", "Bolek"]])
    assert twice.value.reason is Refusal.TWO_TEAMS
    with pytest.raises(LiveRefusal) as big:
        game.make_teams(2, [["Ada", "Bolek", "Cyryl"]])
    assert big.value.reason is Refusal.TEAM_SIZE
    assert not game.teams.on  # nothing made


def test_a_team_is_placed_by_hand_only_into_a_team_that_has_room_between_rounds() -> None:
    game = room("Ada", "Bolek", "Cyryl", "Dorota")
    game.make_teams(2, [["Ada", "Bolek"], ["Cyryl"]])
    assert game.teams.team_of("Dorota") is None  # made by hand: Dorota is placed by hand
    with pytest.raises(LiveRefusal) as full:
        game.place("Dorota", 1)
    assert full.value.reason is Refusal.TEAM_FULL
    for team in (0, -1, True, "2"):
        with pytest.raises(LiveRefusal) as none:
            game.place("Dorota", team)  # type: ignore[arg-type]
        assert none.value.reason is Refusal.NO_SUCH_TEAM
    game.place("Dorota", 2)
    assert game.teams.members(2) == ["Cyryl", "Dorota"]
    game.open_round()
    with pytest.raises(LiveRefusal) as racing:
        game.place("Dorota", 3)
    assert racing.value.reason is Refusal.ROUND_OPEN


def teamed(scoring: str = "rulebook") -> LiveGame:
    game = room("Ada", "Bolek", "Cyryl", "Dorota", scoring=scoring)
    game.make_teams(2, [["Ada", "Bolek"], ["Cyryl", "Dorota"]])
    game.open_round()
    return game


def test_the_first_claim_of_a_team_counts_and_a_teammate_is_told_who_claimed() -> None:
    game = teamed()
    claim = game.answer("Ada", right(game), seq=1)
    assert claim.team == 1 and claim.first and claim.points > 0
    with pytest.raises(LiveRefusal) as told:
        game.answer("Bolek", right(game), seq=2)
    assert told.value.reason is Refusal.TEAM_CLAIMED and told.value.detail == "Ada"
    with pytest.raises(LiveRefusal) as again:
        game.answer("Ada", right(game), seq=3)
    assert again.value.reason is Refusal.TEAM_CLAIMED
    assert game.round.claimed() == {1: "Ada"}  # type: ignore[union-attr]


def test_the_cards_go_to_the_team_and_the_standings_are_the_teams() -> None:
    game = teamed()
    claim = game.answer("Dorota", right(game), seq=1)
    places = game.standings()
    assert [(p.team, p.points) for p in places] == [(2, claim.points), (1, 0)]
    assert all(player.points == 0 for player in game.players.values())


def test_a_wrong_claim_gives_each_other_team_one_card_not_each_child() -> None:
    game = room("Ada", "Bolek", "Cyryl", "Dorota", "Ela", "Franek")
    game.make_teams(2, [["Ada", "Bolek"], ["Cyryl", "Dorota"], ["Ela", "Franek"]])
    game.open_round()
    claim = game.answer("Ada", wrong(game), seq=1)
    assert claim.given == 2  # two other teams, not five other children
    assert {p.team: p.points for p in game.standings()} == {1: 0, 2: 1, 3: 1}
    with pytest.raises(LiveRefusal):
        game.answer("Bolek", right(game), seq=2)  # the team has had its claim


def test_a_typing_slip_is_no_claim_and_leaves_the_claim_to_the_team() -> None:
    game = teamed()
    slip = game.answer("Ada", "7 +", seq=1)
    assert slip.team is None and not game.round.claimed()  # type: ignore[union-attr]
    assert game.answer("Bolek", right(game), seq=2).team == 1


def test_a_student_claiming_for_a_team_they_are_not_in_is_refused() -> None:
    game = teamed()
    with pytest.raises(LiveRefusal) as refused:
        game.answer("Ada", right(game), seq=1, for_team=2)
    assert refused.value.reason is Refusal.NOT_IN_TEAM
    assert game.answer("Ada", right(game), seq=2, for_team=1).team == 1


@given(st.lists(st.sampled_from(["Ada", "Bolek", "Cyryl", "Dorota"]), max_size=12))
def test_whoever_answers_in_whatever_order_each_team_has_exactly_its_first_claim(
    order: list[str],
) -> None:
    game = teamed("every")
    kept = []
    for seq, name in enumerate(order, start=1):
        try:
            kept.append(game.answer(name, right(game), seq=seq))
        except LiveRefusal as refusal:
            assert refusal.reason is Refusal.TEAM_CLAIMED
    firsts = {}
    for name in order:
        firsts.setdefault(game.teams.team_of(name), name)
    assert {answer.team: answer.name for answer in kept} == firsts
    assert sum(p.points for p in game.standings()) == sum(a.points for a in kept)


def test_a_late_student_joins_the_smallest_team() -> None:
    game = room("Ada", "Bolek", "Cyryl")
    game.make_teams(2, [["Ada", "Bolek"], ["Cyryl"]])
    game.join("Dorota")
    assert game.teams.team_of("Dorota") == 2
    game.join("Ela")
    assert game.teams.team_of("Ela") == 3  # every team full: a new one


def test_a_teams_guess_is_its_first_members_and_each_team_is_scored_by_it() -> None:
    game = LiveGuessing()
    for name in ("Ada", "Bolek", "Cyryl", "Dorota"):
        game.join(name)
    game.make_teams(2, [["Ada", "Bolek"], ["Cyryl", "Dorota"]])
    game.ask(Question((6,), (1,), asks="bust"))
    assert game.guess("Bolek", "50", seq=1).team == 1
    with pytest.raises(LiveRefusal) as told:
        game.guess("Ada", "60", seq=2)
    assert told.value.reason is Refusal.TEAM_CLAIMED and told.value.detail == "Bolek"
    with pytest.raises(LiveRefusal):
        game.guess("Bolek", "40", seq=3)  # the team's guess stands
    game.guess("Dorota", "70", seq=4)
    with pytest.raises(LiveRefusal) as between:
        game.make_teams(2, [["Ada", "Cyryl"]])
    assert between.value.reason is Refusal.ROUND_OPEN
    game.reveal()
    assert game.phase is Phase.REVEALED
    exact = game.current.answer()  # type: ignore[union-attr]
    assert game.team_close() == {1: abs(exact - Fraction(1, 2)), 2: abs(exact - Fraction(7, 10))}


def test_a_student_in_no_team_who_claims_joins_the_smallest_team_first() -> None:
    """Away when the teams were made (a phone asleep), back for the round: as a newcomer."""
    game = room("Ada", "Bolek", "Cyryl")
    game.make_teams(2, [["Ada", "Bolek"]])  # Cyryl's page was gone
    game.open_round()
    claim = game.answer("Cyryl", right(game), seq=1)
    assert claim.team == 2 and game.teams.team_of("Cyryl") == 2 and claim.points > 0
