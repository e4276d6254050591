"""Nicknames and class names: tidied, checked, compared whatever their case, and a free one
suggested ("Lama 17") for a student who does not want to choose."""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Collection

from mathcards import i18n
from mathcards.book.errors import BadNickname, BookError
from mathcards.book.identifiers import allowed, refused
from mathcards.book.lookalike import folded, invisible, look
from mathcards.book.models import CLASS_NAME_LENGTH, NICKNAME_LENGTH
from mathcards.i18n import N_, _

ANIMALS = (
    N_("Llama"),
    N_("Fox"),
    N_("Owl"),
    N_("Otter"),
    N_("Lynx"),
    N_("Hedgehog"),
    N_("Beaver"),
    N_("Stork"),
    N_("Badger"),
    N_("Heron"),
)


def nickname(text: str) -> str:
    """A nickname as kept: in NFKC, words apart by one space; 1 to 30 characters, each one
    UTS #39 allows in an identifier and a font draws (a BadNickname says what is wrong)."""
    typed = str(text)[: 4 * NICKNAME_LENGTH]
    tidy = " ".join(folded(typed).split())
    message = _(
        "a nickname has 1 to {most} letters, digits or spaces, not {nickname!r}: choose another"
    ).format(most=NICKNAME_LENGTH, nickname=str(text)[:NICKNAME_LENGTH])
    if not tidy:
        raise BadNickname(message, "empty")
    if len(tidy) > NICKNAME_LENGTH:
        raise BadNickname(message, "too-long")
    wrong = wrong_character(typed, tidy)
    if wrong is not None:
        raise BadNickname(refused(wrong), "character", wrong)
    return tidy


def fits(character: str) -> bool:
    """May a nickname hold `character`: a space, or one UTS #39 allows that is never drawn as
    nothing (it allows the zero-width joiners)?"""
    return character == " " or (allowed(character) and not invisible(character))


def wrong_character(typed: str, tidy: str) -> str | None:
    """The first character as typed whose NFKC a nickname may not hold (a space of any kind
    is tidied, not refused); else the first of `tidy` (NFKC may compose two into one)."""
    for character in typed:
        if not all(fits(c) for c in folded(character) if not c.isspace()):
            return character
    return next((c for c in tidy if not fits(c)), None)


def spaced(text: str) -> str:
    """`text` (a Hub user's name) made a nickname: every character it may not hold a space."""
    kept = "".join(c if fits(c) or c.isspace() else " " for c in folded(text))
    return " ".join(kept.split())[:NICKNAME_LENGTH].strip()


@functools.lru_cache(maxsize=4096)  # each live event names its student: a class's names again
def key(text: str) -> str:
    """What two nicknames share when they are the same name: "Ann" and "ann" are one student."""
    return nickname(text).casefold()


def looks(text: str) -> str:
    """What a nickname looks like (`lookalike.look`): "Anna" and "Аnna" (Cyrillic А) look one."""
    return look(nickname(text))


def class_name(text: str) -> str:
    """A class's name as kept: spaces tidied, 1 to 60 printable characters."""
    tidy = " ".join(str(text).split())
    if not 0 < len(tidy) <= CLASS_NAME_LENGTH or not tidy.isprintable():
        message = _("a class name has 1 to {most} characters, not {name!r}")
        raise BookError(message.format(most=CLASS_NAME_LENGTH, name=text))
    return tidy


def device_hash(device: str) -> str:
    """The SHA-256 of a device's cookie: the book never keeps the cookie itself."""
    if not isinstance(device, str) or not device.strip():
        raise BookError(_("a device is known by its cookie, and this one is empty"))
    return hashlib.sha256(device.encode()).hexdigest()


def suggestion(rng: random.Random, taken: Collection[str], language: str | None = None) -> str:
    """A nickname no one in the class has (`taken` are their keys): an animal and a number, in
    the student's language (else the one in use)."""
    animal = _ if language is None else i18n.catalogue(language).gettext
    for tries in range(1000):
        number = rng.randint(1, 99 if tries < 100 else 9999)
        free = f"{animal(rng.choice(ANIMALS))} {number}"
        if free.casefold() not in taken:
            return free
    raise BookError(_("every suggested nickname is taken: choose one"))
