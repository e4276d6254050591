"""The longest chain: exact against brute force, and every chain re-checked by the rules."""

import random

import pytest

from mathcards.unikat.board import START, around, lays, random_table
from mathcards.unikat.cards import DECK, card, differences, parse_cards, touches
from mathcards.unikat.chain import Link, best_chain, check_rack, is_chain


def brute_force(table, rack, after=None) -> int:
    """The longest chain by trying every card on every cell, with no pruning at all."""
    longest = 0
    for laid, cell in lays(table, rack, after):
        rest = [one for one in rack if one != laid]
        longest = max(longest, 1 + brute_force({**table, cell: laid}, rest, cell))
    return longest


def follows_the_rules(table, chain, after=None) -> bool:
    """Replay a chain by hand: each card on a free cell next to the one before, touching all."""
    board = dict(table)
    for step in chain:
        beside = [board[c] for c in around(step.at) if c in board]
        if step.at in board or not beside or not all(touches(step.card, o) for o in beside):
            return False
        if after is not None and step.at not in around(after):
            return False
        board[step.at], after = step.card, step.at
    return True


def cases(count, rack_size, table_size, seed):
    rng = random.Random(seed)
    for _ in range(count):
        table = random_table(rng, table_size)
        left = [one for one in DECK if one not in table.values()]
        centre = rng.choice(left)
        near = sorted(left, key=lambda one: (differences(one, centre), rng.random()))
        yield table, near[:rack_size] if rng.random() < 0.7 else rng.sample(left, rack_size)


@pytest.mark.parametrize("rack_size", [1, 3, 5, 6])
def test_the_longest_chain_is_as_long_as_brute_force_finds(rack_size):
    for table, rack in cases(40, rack_size, 12, seed=rack_size):
        chain = best_chain(table, rack)
        assert len(chain) == brute_force(table, rack), (table, rack)
        assert follows_the_rules(table, chain) and is_chain(table, chain)
        assert len({step.card for step in chain}) == len(chain) and set(
            s.card for s in chain
        ) <= set(rack)


def test_a_chain_under_way_continues_next_to_the_card_laid_just_before():
    for table, rack in cases(40, 5, 15, seed=9):
        after = list(table)[-1]
        chain = best_chain(table, rack, after=after)
        assert len(chain) == brute_force(table, rack, after)
        assert follows_the_rules(table, chain, after) and is_chain(table, chain, after)


def test_racks_of_10_on_tables_of_30_give_legal_chains():
    for table, rack in cases(30, 10, 30, seed=3):
        chain = best_chain(table, rack)
        assert follows_the_rules(table, chain)
        if chain:
            assert len(chain) >= max(1, len(best_chain(table, rack[:5])))


def test_a_whole_rack_in_one_chain():
    table = {START: card("swb1")}
    rack = parse_cards("swb2 swb3 cwb3 cwb2 cwb1")
    chain = best_chain(table, rack)
    assert len(chain) == 5 and follows_the_rules(table, chain)
    assert best_chain(table, parse_cards("cwb2 crg3")) == ()


def test_is_chain_refuses_what_the_rules_refuse():
    table = {START: card("swb1")}
    assert is_chain(table, [Link(card("cwb1"), (1, 0)), Link(card("cwb2"), (2, 0))])
    assert not is_chain(table, [Link(card("cwb1"), (1, 0)), Link(card("swb2"), (0, 1))])
    assert not is_chain(table, [Link(card("cwb2"), (1, 0))])


def test_a_rack_must_be_real():
    table = {START: card("swb1")}
    with pytest.raises(ValueError, match="swb1 is on the table and on the rack"):
        check_rack(table, parse_cards("swb1 cwb1"))
    with pytest.raises(ValueError, match="cwb1 is on the rack twice"):
        best_chain(table, parse_cards("cwb1 cwb1"))
