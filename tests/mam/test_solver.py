"""The solver: the rulebook example, exact semantics, completeness, order, and bad input."""

import itertools
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mathcards.mam import best, expression, is_solvable, reachable, simplest, solve
from mathcards.mam.checker import check
from mathcards.mam.solver import find_solutions, sub_hands, values
from tests.mam.reference import enumerate_solutions, form_of

RULEBOOK = [7, 6, 12, 2, 15]


def texts(solutions):
    return [solution.text for solution in solutions]


def hard_operators(solution):
    """How many ×, ÷ and ^ a printed solution has."""
    return sum(solution.text.count(op) for op in "*/^")


def forms(solutions):
    """The reference's own canonical forms of the printed solutions (none may repeat)."""
    read = [form_of(solution.text) for solution in solutions]
    assert len(read) == len(set(read)), "two solutions are the same solution"
    return set(read)


# ---------------------------------------------------------------- the rulebook example


def test_rulebook_solutions_are_found():
    found = solve(RULEBOOK, 32)
    for answer in ("7*6-12+2", "12+15+7-2"):
        verdict = check(answer, RULEBOOK, 32)
        assert verdict.correct
        assert verdict.form in {s.form for s in found}


def test_rulebook_exponent_solution_uses_all_five_cards():
    found = solve(RULEBOOK, 32, power=True)
    exponent = next(s for s in found if s.text == "7^(12/6)-15-2")
    assert sorted(exponent.cards) == sorted(RULEBOOK)
    assert exponent.pretty == "7^(12 ÷ 6) − 15 − 2"
    assert exponent.latex == r"7^{12 \div 6} - 15 - 2"
    assert exponent.value == 32


def test_exponent_variant_only_adds_solutions():
    plain = {s.form for s in solve(RULEBOOK, 32)}
    powered = {s.form for s in solve(RULEBOOK, 32, power=True)}
    assert plain < powered
    assert all("^" in s.text for s in solve(RULEBOOK, 32, power=True) if s.form not in plain)


def test_rulebook_counts_match_the_reference_enumerator():
    for power in (False, True):
        assert forms(solve(RULEBOOK, 32, power=power)) == enumerate_solutions(RULEBOOK, 32, power)
    assert len(solve(RULEBOOK, 32)) == 23
    assert len(solve(RULEBOOK, 32, power=True)) == 40


# ---------------------------------------------------------------- exact semantics


def test_a_single_card_equal_to_the_target_is_a_solution():
    assert texts(solve([5, 9], 9)) == ["9"]
    assert solve([5, 9], 9)[0].cards == (9,)


def test_equal_cards_are_interchangeable():
    assert texts(solve([3, 3], 6)) == ["3+3"]
    assert texts(solve([2, 2, 2], 2)) == ["2+2-2", "2*2-2", "(2+2)/2", "2*2/2", "2"]


def test_no_step_goes_below_zero_or_leaves_whole_numbers():
    # 3 - 5 + 4 would need a negative step; it is printed with the added terms first.
    assert "4+3-5" in texts(solve([3, 5, 4], 2))
    # 7 / 2 is not whole, so (7/2)*4 is not a way to make 14; 7*4/2 is.
    assert "7*4/2" in texts(solve([7, 2, 4], 14))
    assert not solve([7, 2], 3)


def test_powers_respect_max_power_and_never_use_zero_to_the_zero():
    assert "2^10" in texts(solve([2, 10], 1024, power=True))
    assert not solve([2, 10], 1024, power=True, max_power=1000)
    assert not solve([2, 10], 1024)
    # (2-2)^(3-3) would be 0^0; (3-2)^(3-2) is 1^1.
    found = texts(solve([2, 2, 3, 3], 1, power=True))
    assert "(3-2)^(3-2)" in found
    assert "(2-2)^(3-3)" not in found


def test_order_is_most_cards_first_then_simplest():
    found = solve(RULEBOOK, 32)
    counts = [len(s.cards) for s in found]
    assert counts == sorted(counts, reverse=True)
    four = texts(s for s in found if len(s.cards) == 4)
    assert four[0] == "15+12+7-2", "only + and −, so the easiest of the 4-card answers"
    assert four.index("7*6+2-12") > 0
    for earlier, later in itertools.pairwise(found):
        if len(earlier.cards) == len(later.cards):
            assert hard_operators(earlier) <= hard_operators(later) + 1


def test_solutions_print_with_the_fewest_brackets():
    assert "(6+2)*(12+7-15)" in texts(solve(RULEBOOK, 32))
    assert {"2^(3*2)", "(2^3)^2", "(2+2)^3"} <= set(texts(solve([2, 3, 2], 64, power=True)))
    assert "2^3^2" in texts(solve([2, 3, 2], 512, power=True))


def test_every_solution_checks_out_independently():
    for power in (False, True):
        for solution in solve(RULEBOOK, 32, power=power):
            verdict = check(solution.text, RULEBOOK, 32, power=power)
            assert verdict.correct, (solution.text, verdict.message)
            assert verdict.form == solution.form
            assert sorted(verdict.cards) == sorted(solution.cards)
            assert solution.to_sympy().doit() == 32


def test_sympy_expression_prints_in_the_childs_order():
    import sympy

    (solution,) = [s for s in solve(RULEBOOK, 32) if s.text == "15+12+7-2"]
    assert sympy.sstr(solution.to_sympy(), order="none") == "15 + 12 + 7 - 2"


# ---------------------------------------------------------------- completeness and no duplicates

small_deals = st.lists(st.integers(1, 20), min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(small_deals, st.integers(0, 80), st.booleans())
def test_solve_finds_exactly_what_the_reference_finds(cards, target, power):
    assert forms(solve(cards, target, power=power)) == enumerate_solutions(cards, target, power)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=5, max_size=5), st.integers(0, 120))
def test_five_card_deals_match_the_reference(cards, target):
    assert forms(solve(cards, target)) == enumerate_solutions(cards, target)


@settings(max_examples=100, deadline=None)
@given(small_deals, st.integers(0, 80), st.booleans())
def test_every_solution_uses_cards_from_the_table_and_makes_the_target(cards, target, power):
    for solution in solve(cards, target, power=power):
        assert not Counter(solution.cards) - Counter(cards)
        assert solution.value == target
        assert check(solution.text, cards, target, power=power).correct


# ---------------------------------------------------------------- reachable, is_solvable, best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=1, max_size=5), st.booleans())
def test_reachable_agrees_with_solve(cards, power):
    reach = reachable(cards, power=power)
    for target in list(reach)[:: max(1, len(reach) // 12)]:
        counts = [len(s.cards) for s in solve(cards, target, power=power)]
        assert (reach[target].fewest, reach[target].most) == (min(counts), max(counts))
    for target in range(0, 60):
        assert is_solvable(cards, target, power=power) == (target in reach)


def test_reachable_on_the_rulebook_deal():
    reach = reachable(RULEBOOK)
    assert reach[32] == (4, 5)
    assert reach[15] == (1, 5)
    assert 0 in reach


@settings(max_examples=60, deadline=None)
@given(small_deals, st.integers(0, 60), st.booleans())
@example([2, 2, 10, 10], 60, False)  # 10*(10-2-2): as costly as (10*2+10)*2, one × fewer
def test_best_uses_the_most_cards_and_simplest_the_fewest(cards, target, power):
    found = solve(cards, target, power=power)
    top, easy = best(cards, target, power=power), simplest(cards, target, power=power)
    if not found:
        assert top is None and easy is None
        return
    assert len(top.cards) == len(found[0].cards)
    assert check(top.text, cards, target, power=power).correct
    fewest = [s for s in found if len(s.cards) == min(len(s.cards) for s in found)]
    assert easy in fewest
    assert hard_operators(easy) == min(map(hard_operators, fewest))


@pytest.mark.parametrize("size", range(1, 9))
def test_the_solver_holds_for_one_to_eight_cards(size):
    cards = [20, 19, 3, 7, 2, 11, 5, 13][:size]
    target = sum(cards)
    for power in (False, True):
        top = best(cards, target, power=power)
        assert len(top.cards) == size
        assert check(top.text, cards, target, power=power).correct
        assert is_solvable(cards, target, power=power)
    if size <= 6:
        assert forms(solve(cards, target)) == enumerate_solutions(cards, target)


def test_sub_hands_are_distinct_selections():
    assert sub_hands((2, 2, 3)) == [(2,), (3,), (2, 2), (2, 3), (2, 2, 3)]


def test_values_of_two_cards():
    assert values((4, 6)) == {10, 24, 2}
    assert values((2, 3), True) == {5, 6, 1, 8, 9}


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("cards", "target", "message"),
    [
        ([], 3, "no cards"),
        ([0, 2], 3, "positive whole number"),
        ([2.5], 3, "positive whole number"),
        ([True], 1, "positive whole number"),
        ("7 6", 3, "not text"),
        (list(range(1, 10)), 3, "at most 8"),
        ([2, 3], -1, "0 or more"),
        ([2, 3], "5", "0 or more"),
    ],
)
def test_bad_input_is_a_value_error_that_names_the_problem(cards, target, message):
    for function in (solve, is_solvable, best, simplest):
        with pytest.raises(ValueError, match=message):
            function(cards, target)


def test_bad_max_power_is_a_value_error():
    with pytest.raises(ValueError, match="max_power"):
        solve([2, 3], 8, power=True, max_power=0)
    with pytest.raises(ValueError, match="max_power"):
        reachable([2, 3], power=True, max_power=10**13)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 20), min_size=6, max_size=6), st.booleans(), st.data())
def test_the_targeted_search_agrees_with_the_value_sets(cards, power, data):
    from mathcards.mam.solver import Search
    from mathcards.mam.steps import MAX_POWER

    hand, search = tuple(sorted(cards)), Search(power, MAX_POWER)
    made = values(hand, power)
    for target in data.draw(st.lists(st.integers(0, 200), min_size=5, max_size=5)):
        form = search.find(hand, target)
        assert (form is not None) == (target in made)
        if form is not None:
            assert check(expression.text(form), cards, target, power=power).correct


# ---------------------------------------------------------------- bounded work on any table


def test_find_solutions_counts_every_solution_on_a_table_it_can_list():
    found = find_solutions(RULEBOOK, 32, limit=5)
    assert found.complete and found.total == 23 and found.count == "23"
    assert found.solutions == solve(RULEBOOK, 32)[:5]


def test_the_biggest_tables_list_their_best_solutions_and_say_more_than():
    # 8 cards with powers: 230 933 solutions, minutes to list them all.
    cards = [3, 4, 7, 8, 9, 10, 11, 16]
    found = find_solutions(cards, 34, power=True, limit=30)
    assert not found.complete and found.count.startswith("more than ")
    assert len(found.solutions) == 30 and len(found.solutions[0].cards) == 8
    assert found.total >= 30
    for solution in found.solutions:
        assert check(solution.text, cards, 34, power=True).correct
    counts = [len(s.cards) for s in found.solutions]
    assert counts == sorted(counts, reverse=True)


@pytest.mark.parametrize(("size", "power"), [(8, False), (7, True)])
def test_exact_listing_refuses_tables_too_big_to_list(size, power):
    cards = [3, 4, 7, 8, 9, 10, 11, 16][:size]
    with pytest.raises(ValueError, match="give at most"):
        solve(cards, 34, power=power)
    with pytest.raises(ValueError, match="give at most"):
        reachable(cards, power=power)
    assert best(cards, 34, power=power) is not None, "the targeted search still answers"


def test_a_limit_must_be_a_whole_number():
    with pytest.raises(ValueError, match="limit must be"):
        find_solutions(RULEBOOK, 32, limit=0)
