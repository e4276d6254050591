"""A class's time zone and its calendar: which day a moment falls on, and when a day ends, in
the class's zone (an IANA name, "Europe/Warsaw"; the server's own when the teacher set none).
An assignment's deadline is a day: it is due when that day ends in the class's zone, whatever
the daylight-saving clock does that night (docs/design.md#assignments-and-the-class-list)."""

from __future__ import annotations

import os
from contextlib import suppress
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from mathcards.book.errors import BookError
from mathcards.i18n import _

ZONE_LENGTH = 64  # characters of a zone's name ("America/Argentina/ComodRivadavia" has 32)
LOCALTIME = Path("/etc/localtime")
ZONE_FILES = "zoneinfo/"  # /etc/localtime links into …/zoneinfo/<name>
NOT_PLACES = {"localtime", "posixrules", "Factory"}  # files among the zones that name no place


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    """Every IANA zone this machine knows (read once: 60 ms)."""
    return frozenset(available_timezones() - NOT_PLACES)


def zone_name(text: str) -> str:
    """An IANA time zone's name as kept ("Europe/Warsaw"), checked with zoneinfo: a BookError
    says what is wrong."""
    name = str(text).strip()
    if len(name) <= ZONE_LENGTH and name in _known():
        try:
            ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
        else:
            return name
    message = _("there is no time zone called {zone!r}: give one like Europe/Warsaw")
    raise BookError(message.format(zone=name[:ZONE_LENGTH]))


def zone(name: str | None) -> tzinfo:
    """The zone of this name; the server's own for none."""
    return local_zone()[1] if name is None else ZoneInfo(zone_name(name))


@lru_cache(maxsize=1)
def local_zone() -> tuple[str, tzinfo]:
    """This server's own time zone and its name: $TZ, else /etc/timezone, else the zone
    /etc/localtime links to, else that file itself, else the clock's offset now."""
    written = [os.environ.get("TZ", "").removeprefix(":")]
    with suppress(OSError):
        written.append(Path("/etc/timezone").read_text().strip())
    if LOCALTIME.is_symlink():
        linked = str(LOCALTIME.resolve())
        written.append(linked.split(ZONE_FILES)[-1] if ZONE_FILES in linked else "")
    for name in written:
        try:
            return zone_name(name), ZoneInfo(name)
        except BookError:
            continue
    try:
        with LOCALTIME.open("rb") as found:
            return "localtime", ZoneInfo.from_file(found, key="localtime")
    except (OSError, ValueError):
        offset = datetime.now().astimezone().tzinfo or UTC
        return str(offset), offset


def zone_said(name: str | None) -> str:
    """The zone's name as the teacher reads it (the server's own, named, for none)."""
    return local_zone()[0] if name is None else name


def day_of(moment: datetime, where: tzinfo) -> date:
    """The day a moment falls on in the zone."""
    return moment.astimezone(where).date()


def end_of(day: date, where: tzinfo) -> datetime:
    """The moment (in UTC) the day ends in the zone: the next day's midnight there. Where that
    midnight is skipped (a clock put forward at 24:00), the moment the clock jumps."""
    following = datetime.combine(day + timedelta(days=1), time(), tzinfo=where)
    return following.astimezone(UTC)
