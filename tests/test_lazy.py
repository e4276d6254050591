"""A package's names imported when first asked for (mathcards/lazy.py)."""

import subprocess
import sys

import pytest

from mathcards.lazy import lazy


def test_a_name_comes_from_its_module_absolute_or_relative():
    namespace = {"__name__": "mathcards.mam", "here": 1}
    getattr_, dir_ = lazy(namespace, {"deal": ".cards", "Fraction": "fractions"})
    from fractions import Fraction

    from mathcards.mam.cards import deal

    assert getattr_("deal") is deal
    assert getattr_("Fraction") is Fraction
    assert dir_() == ["Fraction", "__name__", "deal", "here"]
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        getattr_("nope")


def test_a_package_loads_a_module_only_when_one_of_its_names_is_asked_for():
    probe = (
        "import sys, mathcards.book as book\n"
        "print('mathcards.book.store' in sys.modules, 'Book' in dir(book))\n"
        "book.Book\n"
        "print('mathcards.book.store' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
