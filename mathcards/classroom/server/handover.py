"""How `mathcards serve` hands the server its secrets (the class code, the teacher's code, the
class book's address, which may carry a password) without putting them in any process's
environment: `/proc/<pid>/environ` and `ps eww` show a process's first environment to any
program of the same user, whatever the process takes out of it later. On Linux and macOS they
travel through a pipe the server inherits and reads once; on Windows, through a file only its
user may read, which the server deletes as it reads it. What the environment carries is where
to find them (`SECRETS_ENV`), never the secrets."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, MutableMapping

SECRETS_ENV = "MATHCARDS_SECRETS"  # "fd:N" or "file:PATH": where the server finds its secrets
MOST_BYTES = 60_000  # a pipe's buffer holds them before the server reads (64 KiB on Linux)


def hand_over(secrets: Mapping[str, str]) -> str:
    """Where the server will find `secrets` (the value of `SECRETS_ENV`): a pipe's end it
    inherits across exec, or (Windows) a file only this user may read."""
    sent = json.dumps(dict(secrets)).encode()
    if len(sent) > MOST_BYTES:
        raise ValueError(f"the server's secrets take {len(sent)} bytes, more than {MOST_BYTES}")
    if os.name == "nt":
        handle, path = tempfile.mkstemp(prefix="mathcards-", suffix=".json")
        with os.fdopen(handle, "wb") as file:
            file.write(sent)
        return f"file:{path}"
    reading, writing = os.pipe()
    os.write(writing, sent)
    os.close(writing)
    os.set_inheritable(reading, True)
    return f"fd:{reading}"


def take(environ: MutableMapping[str, str], names: tuple[str, ...]) -> dict[str, str]:
    """The secrets `names` as `hand_over` sent them, read once; else taken out of `environ`
    (a server started by hand, as the tests do: `python -m mathcards.classroom`)."""
    found = {name: environ.pop(name, "") for name in names}
    where = environ.pop(SECRETS_ENV, "")
    if where.startswith("fd:"):
        reading = int(where.removeprefix("fd:"))
        with os.fdopen(reading, "rb") as pipe:
            sent = pipe.read(MOST_BYTES + 1)
    elif where.startswith("file:"):
        path = where.removeprefix("file:")
        with open(path, "rb") as file:
            sent = file.read(MOST_BYTES + 1)
        os.remove(path)
    else:
        return found
    handed = json.loads(sent)
    return {name: str(handed.get(name) or found[name]) for name in names}
