"""Shared test settings: hypothesis without per-example deadlines (CI machines are loaded)."""

import os

from hypothesis import settings

settings.register_profile("mathcards", deadline=None, print_blob=True)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "mathcards")
