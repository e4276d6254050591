"""How many lesson pages this machine holds at once (its memory), and how many one device and
one address may hold. Loads no server: the command line says them before Voila starts."""

from __future__ import annotations

KERNEL_MEMORY = 150 * 2**20  # what a lesson's kernel takes, about (bench/classroom.py measures)
ROOM_TO_SPARE = 2 * 2**30  # for the system, the browser on the teacher's laptop, Voila itself
SEATS_PER_CLIENT = 2  # pages one device may have open at once on the school network
MOST_CLASS = 30  # students a class is kept warm kernels for, by default at most
SEATS_PER_ADDRESS = 60  # and all the devices at one address, at most: a class behind a NAT
ADDRESS_SHARE = 3 / 4  # of the pages the server holds, one address's at most by default
CONNECTIONS_PER_SEAT = 8  # a browser's connections a page: six at once, and its websocket
FEWEST_CONNECTIONS = 64  # connections one address may hold, at least


def default_seats_per_address(max_kernels: int) -> int:
    """The pages all the devices at one address may hold at once, by default: three quarters
    of those the server holds (a quarter stays for the other addresses, whatever one address's
    invented cookies take), at least a device's and at most SEATS_PER_ADDRESS."""
    return min(SEATS_PER_ADDRESS, max(SEATS_PER_CLIENT, int(max_kernels * ADDRESS_SHARE)))


def connections_for(seats_per_address: int) -> int:
    """The connections one address may hold open at once: a browser's few to a page it holds
    (its requests, its kernel's websocket) for every seat the address may take, at least
    `FEWEST_CONNECTIONS`."""
    return max(FEWEST_CONNECTIONS, CONNECTIONS_PER_SEAT * seats_per_address)


def default_max_kernels(warm: int = 0) -> int:
    """As many kernels as this machine's memory holds beside `warm` warm ones, leaving room for
    everything else."""
    # psutil is not in the Hub's image, whose `mathcards book` builds the command line with this
    # module (tests/hub/test_deploy.py): only to serve
    import psutil  # type: ignore[import-untyped]

    return max(1, (psutil.virtual_memory().total - ROOM_TO_SPARE) // KERNEL_MEMORY - warm)


def default_class_size(pages: int, warm: int = 0) -> int:
    """As many students as this machine's memory holds a warm kernel each for every one of
    `pages` (the pages a class opens together) and the page they open, beside `warm` other warm
    kernels: at most MOST_CLASS."""
    import psutil  # not in the Hub's image: only to serve

    room = psutil.virtual_memory().total - ROOM_TO_SPARE - warm * KERNEL_MEMORY
    return int(max(1, min(MOST_CLASS, room // (KERNEL_MEMORY * (pages + 1)))))


def warm_pools(
    warm: list[str], each: int, class_pages: list[str], class_size: int
) -> dict[str, int]:
    """The warm kernels kept ready for each page: `each` for every warm page, `class_size` for
    every page a class opens together."""
    pools = dict.fromkeys(warm, each)
    for page in class_pages if class_size else ():
        pools[page] = max(pools.get(page, 0), class_size)
    return pools
