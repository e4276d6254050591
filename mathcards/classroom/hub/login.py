"""The Hub's login for a class (`JupyterHub.authenticator_class` in deploy/values.yaml): each
name on the class list logs in with its own password, checked against the hash the list keeps
(`classlist`); nobody else logs in. The Hub does not start with an empty or a broken class list,
nor with a teacher (an admin) who is not on it: no password works until the school made its own.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from jupyterhub.auth import Authenticator  # type: ignore[import-untyped]
from traitlets import Dict, Unicode

from mathcards.classroom.hub import classlist

# Checked when the name is not on the list, so that a wrong name costs as long as a wrong
# password (and says no more): the hash of a password nobody has.
NOBODY = classlist.hash_password(secrets.token_urlsafe(16))


class ClassListAuthenticator(Authenticator):
    """Each student and teacher on the class list, with their own password."""

    password_hashes = Dict(
        key_trait=Unicode(),
        value_trait=Unicode(),
        help="Each login name with the hash of its password, as `mathcards class-list` writes.",
    ).tag(config=True, allow_config=True)

    def hashes(self) -> dict[str, str]:
        """The class list, by login name as the Hub writes it."""
        return {self.normalize_username(name): h for name, h in self.password_hashes.items()}

    def check_allow_config(self) -> None:
        """At the Hub's start: a class list it cannot use stops it, with the reason."""
        found = classlist.problem(
            self.hashes(), set(map(self.normalize_username, self.admin_users))
        )
        if found:
            raise classlist.ClassListError(found)

    def check_allowed(self, username: str, authentication: Any = None) -> bool:
        return username in self.hashes()

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The name, if the password is that name's own (scrypt, off the Hub's event loop)."""
        name = self.normalize_username(data.get("username", ""))
        hashed = self.hashes().get(name)
        password = data.get("password", "")
        right = await asyncio.to_thread(classlist.matches, password, hashed or NOBODY)
        return name if right and hashed else None
