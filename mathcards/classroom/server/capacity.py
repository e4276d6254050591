"""How many lesson pages this machine holds at once (its memory), and how many one device and
one address may hold. Loads no server: the command line says them before Voila starts."""

from __future__ import annotations

KERNEL_MEMORY = 150 * 2**20  # what a lesson's kernel takes, about (bench/classroom.py measures)
ROOM_TO_SPARE = 2 * 2**30  # for the system, the browser on the teacher's laptop, Voila itself
SEATS_PER_CLIENT = 2  # pages one device may have open at once on the school network
SEATS_PER_ADDRESS = 60  # and all the devices at one address: a class of 30 behind a school's NAT


def default_max_kernels(warm: int = 0) -> int:
    """As many kernels as this machine's memory holds beside `warm` warm ones, leaving room for
    everything else."""
    # psutil is not in the Hub's image, whose `mathcards book` builds the command line with this
    # module (tests/hub/test_deploy.py): only to serve
    import psutil  # type: ignore[import-untyped]

    return max(1, (psutil.virtual_memory().total - ROOM_TO_SPARE) // KERNEL_MEMORY - warm)
