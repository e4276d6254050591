"""The class list of the Hub: every student, and the teacher, logs in with a password of their
own, so nobody can log in as a classmate; the Hub keeps only each password's scrypt hash.

`mathcards class-list NAME… --teacher NAME --out FILE` makes a password for each name, prints
the names with their passwords (to hand out) and writes the hashes to FILE, a values file for
Zero to JupyterHub (deploy/README.md). The passwords are kept nowhere else. `login` checks them.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import hmac
import json
import secrets
import sys
from pathlib import Path
from typing import Any

from mathcards.arguments import UsageError
from mathcards.classroom.server.codes import new_class_code
from mathcards.collation import name_key, sorted_names
from mathcards.i18n import _

SCRYPT_COST = (2**14, 8, 1)  # n, r, p: 16 MB a try, slow to guess
MOST_MEMORY = 2**25  # bytes a hash may ask scrypt for (128 * n * r): 32 MB
PASSWORD_LENGTH = 10  # of the class code's letters: 24**10 passwords, and each try costs scrypt


class ClassListError(ValueError):
    """The class list cannot be used: the Hub does not start with it."""


def typed(password: str) -> str:
    """A password as checked: without spaces or dashes, in capitals, however it was typed."""
    return "".join(password.split()).replace("-", "").upper()


def hash_password(password: str, salt: bytes | None = None) -> str:
    """`scrypt:n:r:p$salt$hash` (hexadecimal) of the password as typed."""
    n, r, p = SCRYPT_COST
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(typed(password).encode(), salt=salt, n=n, r=r, p=p)
    return f"scrypt:{n}:{r}:{p}${salt.hex()}${digest.hex()}"


def _parts(hashed: str) -> tuple[int, int, int, bytes, bytes] | None:
    """The cost, salt and digest of a hash `hash_password` made, else None."""
    try:
        method, salt, digest = hashed.split("$")
        kind, *cost = method.split(":")
        n, r, p = (int(number) for number in cost)
        salt_bytes, digest_bytes = bytes.fromhex(salt), bytes.fromhex(digest)
    except ValueError:
        return None
    costly_enough = n >= SCRYPT_COST[0] and n & (n - 1) == 0 and r > 0 and 0 < p <= 4
    if kind != "scrypt" or not costly_enough or 128 * n * r > MOST_MEMORY:
        return None
    if len(salt_bytes) < 8 or len(digest_bytes) < 16:
        return None
    return n, r, p, salt_bytes, digest_bytes


def matches(password: str, hashed: str) -> bool:
    """Whether the password (as typed) is the one the hash was made of."""
    parts = _parts(hashed)
    if parts is None:
        return False
    n, r, p, salt, digest = parts
    offered = hashlib.scrypt(
        typed(password).encode(), salt=salt, n=n, r=r, p=p, maxmem=2 * MOST_MEMORY
    )
    return hmac.compare_digest(offered, digest)


def new_password() -> str:
    """A password to hand out: ten of the class code's letters and digits, none that read
    alike, in two groups of five (the dash need not be typed)."""
    letters = new_class_code(PASSWORD_LENGTH)
    return f"{letters[:5]}-{letters[5:]}"


def problem(hashes: dict[str, str], teachers: set[str]) -> str | None:
    """Why the Hub cannot use this class list (hashes by name, the teachers' names), or None."""
    if not hashes:
        return _(
            "the class list is empty, so nobody could log in: make it with `mathcards "
            "class-list` and install it with the values (deploy/README.md)"
        )
    for name, hashed in sorted(hashes.items(), key=lambda item: name_key(item[0])):
        if _parts(hashed) is None:
            return _(
                "the class list's entry for {name} is not a password hash: make the class "
                "list with `mathcards class-list`, never by hand"
            ).format(name=name)
    for name in sorted_names(teachers - set(hashes)):
        return _(
            "the teacher {name} (Authenticator.admin_users) is not on the class list: make it "
            "with `mathcards class-list --teacher {name} …`"
        ).format(name=name)
    return None


def add_command(commands: Any) -> None:
    """Add `class-list` to the `mathcards` sub-commands."""
    command = commands.add_parser(
        "class-list",
        help=_("a password for each student and the teacher, for the lessons on JupyterHub"),
    )
    command.add_argument("names", nargs="+", metavar=_("NAME"), help=_("the students' names"))
    command.add_argument(
        "--teacher",
        action="append",
        default=[],
        metavar=_("NAME"),
        help=_("a teacher, who can see and stop the students' servers (repeat for more)"),
    )
    command.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar=_("FILE"),
        help=_("the values file to write, with the passwords' hashes (never over another)"),
    )
    command.set_defaults(run=run_class_list)


def names(students: list[str], teachers: list[str]) -> list[str]:
    """Every name once, as the Hub writes it (in small letters); a name that cannot be a login
    is refused."""
    found: list[str] = []
    for name in [*students, *teachers]:
        login = name.strip().lower()
        if not login or any(c.isspace() or c in "/\\" or not c.isprintable() for c in login):
            raise UsageError(
                _("{name!r} cannot be a login name: one word, no slashes").format(name=name)
            )
        if login in found:
            raise UsageError(_("{name} is on the list twice").format(name=login))
        found.append(login)
    return found


def values_file(hashes: dict[str, str], teachers: list[str], today: datetime.date) -> str:
    """The class list as Zero to JupyterHub values (JSON strings are YAML strings)."""
    about = _(
        "The class list for JupyterHub, made by `mathcards class-list` on {day}: each name\n"
        "with the scrypt hash of its password (the passwords are not kept). Install it with:\n"
        "helm upgrade … --values values.yaml --values this-file.yaml"
    ).format(day=today.isoformat())
    lines = [
        *(f"# {line}" for line in about.splitlines()),
        "hub:",
        "  config:",
        "    ClassListAuthenticator:",
        "      password_hashes:",
        *(
            f"        {json.dumps(n, ensure_ascii=False)}: {json.dumps(h)}"
            for n, h in hashes.items()
        ),
        "    Authenticator:",
        f"      admin_users: {json.dumps(teachers, ensure_ascii=False)}",
    ]
    return "\n".join(lines) + "\n"


def run_class_list(args: argparse.Namespace) -> int:
    logins = names(args.names, args.teacher)
    teachers = [name.strip().lower() for name in args.teacher]
    if args.out.exists():
        raise UsageError(_("{file} is there already: name a new file").format(file=args.out))
    passwords = {name: new_password() for name in logins}
    hashes = {name: hash_password(password) for name, password in passwords.items()}
    try:
        args.out.write_text(values_file(hashes, teachers, datetime.date.today()), "utf-8")
    except OSError as error:
        raise UsageError(
            _("cannot write {file}: {error}").format(file=args.out, error=error)
        ) from error
    width = max(len(name) for name in logins)
    for name, password in passwords.items():
        print(f"{name:<{width}}  {password}")
    then = _("Give each one their own line. The Hub keeps only the hashes, in {file}.")
    print(then.format(file=args.out), file=sys.stderr)
    return 0
