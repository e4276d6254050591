"""argparse's own words ("usage:", "the following arguments are required", "invalid choice")
in the language in use.

argparse looks each of its messages up with the `_` and `ngettext` it imports from gettext;
`speaking()` points those two names at our catalogue while the command line is built and read,
and puts them back afterwards. MESSAGES lists argparse's messages that a user of `mathcards` can
meet (Python 3.11 to 3.14), so that `make messages` keeps them in the catalogue.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from mathcards import i18n
from mathcards.i18n import N_, ngettext

MESSAGES = (
    N_("usage: "),
    N_("%(heading)s:"),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    ngettext("expected %s argument", "expected %s arguments", 2),  # marked only, as N_ does
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),
)


@contextmanager
def speaking() -> Iterator[None]:
    """argparse speaks the language in use (i18n.use) inside this block."""
    names = vars(argparse)  # `argparse._` is not in its public interface
    saved = {"_": names["_"], "ngettext": names["ngettext"]}
    names.update(_=i18n._, ngettext=i18n.ngettext)
    try:
        yield
    finally:
        names.update(saved)
