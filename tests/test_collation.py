"""Names sort as a Polish class expects (mathcards/collation.py): by the Polish alphabet, whatever
the case, a letter with another accent beside its base letter; the same order wherever a list of
names is read (the teacher's page, the names to pick from, the exports)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from mathcards.collation import ALPHABET, name_key, sorted_names

POLISH = [("a", "ą"), ("c", "ć"), ("e", "ę"), ("l", "ł"), ("n", "ń"), ("o", "ó"), ("s", "ś")]
POLISH += [("z", "ź"), ("z", "ż"), ("ź", "ż")]
OTHER = [("e", "é"), ("u", "ü"), ("c", "č"), ("a", "á"), ("o", "ö"), ("n", "ñ")]
names = st.text(
    st.sampled_from(list(ALPHABET + ALPHABET.upper() + "éüčáöñ -'ß0123456789Жя")), max_size=12
)


def test_a_class_sorts_as_a_polish_teacher_reads_it():
    shuffled = ["Zofia", "Łucja", "lucja", "Ewa", "Émile", "Ęla", "Ola", "Ólga", "Olga", "Żaneta"]
    shuffled += ["Źdźisław", "Zuza", "Ćwik", "Cyprian", "Ąsia", "Adam", "anna", "Anna Maria"]
    random.Random(4).shuffle(shuffled)
    assert sorted_names(shuffled) == [
        "Adam",
        "anna",
        "Anna Maria",
        "Ąsia",
        "Cyprian",
        "Ćwik",
        "Émile",
        "Ewa",
        "Ęla",
        "lucja",
        "Łucja",
        "Ola",
        "Olga",
        "Ólga",
        "Zofia",
        "Zuza",
        "Źdźisław",
        "Żaneta",
    ]


def test_case_counts_only_between_names_otherwise_the_same():
    assert sorted_names(["Ola", "ola", "OLA", "Ala"]) == ["Ala", "ola", "Ola", "OLA"]
    assert sorted_names(["ŁUCJA", "lena", "Maja"]) == ["lena", "ŁUCJA", "Maja"]


@given(names, names)
def test_the_key_is_total_and_consistent(one, other):
    assert (name_key(one) == name_key(other)) == (one == other)
    assert (name_key(one) < name_key(other)) != (name_key(other) <= name_key(one))


@given(st.lists(names, max_size=20), st.randoms())
def test_the_order_is_the_same_whatever_order_the_names_came_in(found, rng):
    shuffled = list(found)
    rng.shuffle(shuffled)
    assert sorted_names(shuffled) == sorted_names(found)


@given(names, st.sampled_from(POLISH), names, names)
def test_a_base_letter_comes_before_its_polish_letter_whatever_follows(start, pair, end, tail):
    base, marked = pair
    assert name_key(start + base + end) < name_key(start + marked + tail)
    assert name_key(start + base.upper() + end) < name_key(start + marked + tail)


@given(names, st.sampled_from(OTHER), names)
def test_another_accent_sorts_with_its_base_letter_and_after_it(start, pair, end):
    base, accented = pair
    assert name_key(start + base + end) < name_key(start + accented + end)
    assert name_key(start + accented + "a") < name_key(start + base + "b"), "beside it"


@given(names)
def test_case_never_moves_a_name_past_another_letter(name):
    assert name_key(name.upper())[0] == name_key(name.lower())[0] or "ß" in name
