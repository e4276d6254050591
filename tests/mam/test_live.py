"""MAM! live: the class's race judged in order of arrival, scored as the rulebook or calmer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.mam.live import LiveGame, LiveRefusal, Phase, Place, best_ways, revealed
from mathcards.mam.practice import Exercise
from mathcards.mam.solver import best, simplest


def right(game: LiveGame, *, most: bool = False) -> str:
    """A right answer to the open round: one with the most cards, or the simplest."""
    deal = game.round.deal  # type: ignore[union-attr]
    found = (best if most else simplest)(deal.cards, deal.target, power=deal.power)
    assert found is not None
    return found.text


def wrong(game: LiveGame) -> str:
    """A readable answer that makes another number."""
    deal = game.round.deal  # type: ignore[union-attr]
    card = deal.cards[0]
    return f"{card}" if card != deal.target else f"{card}+{card}"


def room(*names: str, **options: object) -> LiveGame:
    game = LiveGame(seed=7, **options)  # type: ignore[arg-type]
    for name in names:
        game.join(name)
    return game


def test_every_device_gets_the_same_deals_from_the_seed_and_each_can_be_made() -> None:
    one, two = LiveGame(seed=11, rounds=4), LiveGame(seed=11, rounds=4)
    assert [(d.cards, d.dice) for d in one.deals] == [(d.cards, d.dice) for d in two.deals]
    assert [d.cards for d in one.deals] != [d.cards for d in LiveGame(seed=12, rounds=4).deals]
    assert all(best(d.cards, d.target) is not None for d in one.deals)


def test_the_first_right_answer_wins_the_cards_it_used_and_later_ones_win_nothing() -> None:
    game = room("Ada", "Bolek", "Cyryl")
    game.open_round()
    answer = right(game, most=True)
    first = game.answer("Bolek", answer, seq=1)
    later = game.answer("Ada", answer, seq=2)
    assert first.correct and first.first and first.points == len(first.verdict.cards)
    assert later.correct and not later.first and later.points == 0
    assert game.round.first_right == first  # type: ignore[union-attr]
    assert {s.name: s.points for s in game.standings()} == {
        "Bolek": first.points,
        "Ada": 0,
        "Cyryl": 0,
    }


def test_a_wrong_claim_gives_every_other_player_in_the_room_a_card_and_no_second_claim() -> None:
    game = room("Ada", "Bolek", "Cyryl", "Dorota")
    game.remove("Dorota")
    game.open_round()
    told = game.answer("Ada", wrong(game), seq=1)
    assert not told.correct and told.points == 0 and told.given == 2  # Dorota is out
    assert "not" in told.verdict.message or "nie" in told.verdict.message
    assert {s.name: s.points for s in game.standings()} == {
        "Bolek": 1,
        "Cyryl": 1,
        "Ada": 0,
        "Dorota": 0,
    }
    with pytest.raises(LiveRefusal, match="claim this round"):
        game.answer("Ada", right(game), seq=2)


def test_once_a_round_is_won_a_wrong_answer_costs_nothing() -> None:
    game = room("Ada", "Bolek")
    game.open_round()
    game.answer("Ada", right(game), seq=1)
    late = game.answer("Bolek", wrong(game), seq=2)
    assert game.players["Ada"].points == len(game.round.first_right.verdict.cards)  # type: ignore[union-attr]
    assert late.given == 0 and game.players["Bolek"].points == 0  # said so to Bolek's page


def test_a_wrong_claim_alone_in_the_room_gives_no_one_a_card() -> None:
    game = room("Ada")
    game.open_round()
    assert game.answer("Ada", wrong(game), seq=1).given == 0


def test_every_right_answer_scores_and_a_wrong_one_may_be_tried_again() -> None:
    game = room("Ada", "Bolek", scoring="every")
    game.open_round()
    game.answer("Ada", wrong(game), seq=1)
    assert game.players["Bolek"].points == 0
    ada = game.answer("Ada", right(game), seq=2)
    bolek = game.answer("Bolek", right(game, most=True), seq=3)
    assert ada.points == len(ada.verdict.cards) and ada.first
    assert bolek.points == len(bolek.verdict.cards) and not bolek.first
    with pytest.raises(LiveRefusal, match="already made the target"):
        game.answer("Ada", right(game), seq=4)


def test_text_that_is_not_a_calculation_is_told_kept_as_a_slip_but_neither_claim_nor_scored():
    game = room("Ada", "Bolek")
    game.open_round()
    told = game.answer("Ada", "7 +", seq=1)
    assert not told.verdict.kind.readable and told.verdict.message and told.slip
    assert game.round.answers == []  # type: ignore[union-attr]
    assert game.round.slips == [told]  # type: ignore[union-attr]
    assert not game.answer("Ada", "   ", seq=3).slip  # nothing typed: nothing to keep
    assert game.players["Bolek"].points == 0
    assert game.answer("Ada", right(game), seq=2).first  # the claim is still theirs


def test_answers_come_in_the_order_the_service_numbered_them() -> None:
    game = room("Ada", "Bolek", "Cyryl", scoring="every")
    game.open_round()
    for seq, name in enumerate(["Cyryl", "Ada", "Bolek"], start=1):
        game.answer(name, right(game), seq=seq)
    assert [a.name for a in game.round.answers] == ["Cyryl", "Ada", "Bolek"]  # type: ignore[union-attr]
    assert game.round.first_right.name == "Cyryl"  # type: ignore[union-attr]


def test_no_answer_is_taken_while_paused_closed_or_between_rounds() -> None:
    game = room("Ada")
    with pytest.raises(LiveRefusal, match="no round is open"):
        game.answer("Ada", "1", seq=1)
    game.open_round()
    game.pause()
    with pytest.raises(LiveRefusal, match="paused"):
        game.answer("Ada", right(game), seq=2)
    game.resume()
    game.close()
    with pytest.raises(LiveRefusal, match="no round is open"):
        game.answer("Ada", right(game), seq=3)
    game.open_round()  # a closed round may be followed by the next
    with pytest.raises(LiveRefusal, match="still open"):
        game.open_round()


def test_the_reveal_shows_the_best_ways_who_made_it_by_cards_and_the_common_mistakes() -> None:
    game = room("Ada", "Bolek", "Cyryl", "Dorota", scoring="every")
    game.open_round()
    game.answer("Ada", wrong(game), seq=1)
    game.answer("Bolek", wrong(game), seq=2)
    game.answer("Cyryl", right(game, most=True), seq=3)
    game.answer("Dorota", right(game), seq=4)
    shown = game.reveal()
    deal = game.round.deal  # type: ignore[union-attr]
    assert game.phase is Phase.REVEALED
    most = best(deal.cards, deal.target)
    assert most is not None and len(shown.solutions[-1].cards) == len(most.cards)
    plainest = simplest(deal.cards, deal.target)
    assert plainest is not None and len(shown.solutions[0].operators) <= len(plainest.operators)
    most = len(game.round.answers[2].verdict.cards)  # type: ignore[union-attr]
    assert shown.right[most][0] == "Cyryl" and list(shown.right) == sorted(shown.right)[::-1]
    assert shown.mistakes == [(game.round.answers[0].verdict.reason, 2)]  # type: ignore[union-attr]


def test_a_tie_goes_to_the_player_whose_last_winning_answer_came_last() -> None:
    game = room("Ada", "Bolek", "Cyryl", scoring="every")
    game.open_round()
    answer = right(game)
    game.answer("Bolek", answer, seq=1)
    game.answer("Ada", answer, seq=2)
    places = game.standings()
    assert [(s.place, s.name) for s in places] == [(1, "Ada"), (2, "Bolek"), (3, "Cyryl")]


def test_players_the_tie_break_cannot_part_share_a_place_on_the_podium() -> None:
    game = room("Ada", "Bolek", "Cyryl", "Dorota")
    assert game.finish() == [Place(1, n, 0) for n in ("Ada", "Bolek", "Cyryl", "Dorota")]
    assert game.phase is Phase.OVER
    with pytest.raises(LiveRefusal, match="over"):
        game.open_round()


def test_the_podium_holds_the_first_three_places() -> None:
    game = room("Ada", "Bolek", "Cyryl", "Dorota", scoring="every")
    game.open_round()
    for seq, name in enumerate(["Ada", "Bolek", "Cyryl"], start=1):
        game.answer(name, right(game), seq=seq)
    assert [s.name for s in game.finish()] == ["Cyryl", "Bolek", "Ada"]


def test_a_student_let_back_in_keeps_their_score_unless_the_room_is_locked() -> None:
    game = room("Ada", "Bolek")
    game.open_round()
    won = game.answer("Ada", right(game), seq=1).points
    game.remove("Ada")
    assert game.room.removed() == ["Ada"]
    with pytest.raises(LiveRefusal, match="taken you out"):
        game.answer("Ada", right(game), seq=2)
    game.lock()
    with pytest.raises(LiveRefusal, match="locked"):
        game.join("Ada")
    game.join("Bolek")  # someone still in the room is not refused
    game.lock(False)
    with pytest.raises(LiveRefusal, match="taken you out"):
        game.join("Ada")  # out until the teacher lets her in
    game.admit("Ada")
    game.join("Ada")
    assert game.players["Ada"].points == won and game.room.names() == ["Ada", "Bolek"]
    assert game.room.removed() == []


def test_every_round_is_played_then_the_podium() -> None:
    game = room("Ada", rounds=2)
    for _ in range(2):
        game.open_round()
        game.reveal()
    with pytest.raises(LiveRefusal, match="podium"):
        game.open_round()


@pytest.mark.parametrize(
    ("options", "problem"),
    [({"scoring": "fastest"}, "scoring"), ({"rounds": 0}, "rounds"), ({"rounds": "5"}, "rounds")],
)
def test_a_game_set_up_wrong_is_refused_with_what_is_wrong(
    options: dict[str, object], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        LiveGame(**options)  # type: ignore[arg-type]


def test_someone_not_in_the_game_cannot_answer() -> None:
    game = room("Ada")
    game.open_round()
    with pytest.raises(LiveRefusal, match="Zenon has not joined"):
        game.answer("Zenon", "1", seq=1)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    claims=st.lists(st.tuples(st.sampled_from("ABCD"), st.booleans()), max_size=12),
    scoring=st.sampled_from(["rulebook", "every"]),
)
def test_points_are_the_cards_won_plus_the_cards_given_for_wrong_claims(
    seed: int, claims: list[tuple[str, bool]], scoring: str
) -> None:
    """Whatever the class sends, the scores add up: every point is a card some answer won or
    a wrong claim gave, and only one answer is the first right one."""
    game = LiveGame(seed=seed, rounds=1, scoring=scoring)
    for name in "ABCD":
        game.join(name)
    game.open_round()
    given_away = 0
    for seq, (name, is_right) in enumerate(claims):
        try:
            answer = game.answer(name, right(game) if is_right else wrong(game), seq=seq)
        except LiveRefusal:
            continue
        won_before = sum(a.first for a in game.round.answers[:-1])  # type: ignore[union-attr]
        if not answer.correct and scoring == "rulebook" and not won_before:
            given_away += 3
    won = sum(a.points for a in game.round.answers)  # type: ignore[union-attr]
    assert sum(p.points for p in game.players.values()) == won + given_away
    assert sum(a.first for a in game.round.answers) <= 1  # type: ignore[union-attr]


def test_a_reveal_says_the_mistakes_in_the_language_of_the_page_that_shows_it() -> None:
    from mathcards import i18n

    game = room("Ada", "Bolek", scoring="every")
    game.open_round()
    game.answer("Ada", wrong(game), seq=1)
    ((reason, count),) = game.reveal().mistakes
    english = str(reason)
    i18n.use("pl")
    try:
        polish = str(reason)
    finally:
        i18n.use("en")
    assert count == 1 and english == game.round.answers[0].verdict.message  # type: ignore[union-attr]
    assert polish != english and "nie" in polish


def test_a_refusal_carries_a_reason_a_page_can_say_in_its_own_language() -> None:
    game = room("Ada")
    game.open_round()
    game.pause()
    with pytest.raises(LiveRefusal) as refused:
        game.answer("Ada", "1", seq=1)
    assert refused.value.reason == "paused"
    with pytest.raises(LiveRefusal) as refused:
        game.answer("Zenon", "1", seq=2)
    assert refused.value.reason == "not-joined"


def test_the_reveal_shows_the_plainest_ways_first_then_those_using_the_most_cards():
    deal = Exercise([15, 14, 8, 6, 7], (1, 2), False)  # target 3
    shown = [s.pretty for s in revealed(best_ways(deal), []).solutions]
    assert len(shown) == 5
    plain, full = shown[:3], shown[3:]
    assert "15 + 8 − 14 − 6" in plain  # 15 − 14 + 8 − 6, as the canonical form reads it
    assert "15 + (8 + 6) ÷ 7 − 14" not in plain and "15 + (8 + 6) ÷ 7 − 14" in full
    assert all("(" not in way for way in plain[:1]) and all(way.count(" ") >= 8 for way in full)
    operations = [sum(way.count(op) for op in "+−×÷") for way in plain]
    assert operations == sorted(operations)
