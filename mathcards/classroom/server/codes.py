"""The class code students type (on the school network) and the teacher's code: short, of
letters and digits no one misreads. Loads no server: the command line makes them."""

from __future__ import annotations

import secrets

CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY34679"  # none that read alike: 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_LENGTH = 6  # 24⁶ ≈ 191 million codes
TEACHER_CODE_LENGTH = 12


def new_class_code(length: int = CODE_LENGTH) -> str:
    """A short code for the class to type, of letters and digits no one misreads."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
