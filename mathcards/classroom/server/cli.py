"""`mathcards serve`: the lessons as web pages, served by Voila in this process (`python -m
mathcards.classroom`); and `mathcards lessons`, a copy of them to change (`lessons`). Building
their arguments loads no server: Voila is loaded only to serve."""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import ssl
import subprocess
import sys
from pathlib import Path
from typing import Any

from mathcards.arguments import UsageError, whole
from mathcards.book import cli as book_cli
from mathcards.book.records import ENVIRONMENT
from mathcards.classroom.hub.classlist import add_command as add_class_list_command
from mathcards.classroom.server.capacity import (
    MOST_CLASS,
    SEATS_PER_ADDRESS,
    SEATS_PER_CLIENT,
    default_class_size,
    default_max_kernels,
    default_seats_per_address,
    warm_pools,
)
from mathcards.classroom.server.codes import TEACHER_CODE_LENGTH, new_class_code
from mathcards.classroom.server.handover import SECRETS_ENV, hand_over
from mathcards.classroom.server.lessons import add_command as add_lessons_command
from mathcards.classroom.server.lessons import home
from mathcards.i18n import N_, _, ngettext

LESSONS = home()  # the wheel's copy, else the checkout's lessons/
TEMPLATES = Path(__file__).resolve().parents[2] / "share" / "jupyter"  # the `mathcards` page
DEFAULT_PORT = 8866
KEEP_KERNEL_SECONDS = 30  # no message from a page that long, and no connection: culled
LAN_KEEP_KERNEL_SECONDS = 300  # on the school network: a phone whose screen locked comes back
CULL_INTERVAL_SECONDS = 10  # the culler looks this often (more often for a shorter keep)
DEFAULT_CLASS = "class"
CLASS_PAGES = ("live/1-mam-live.ipynb", "live/2-lama-dice-guess.ipynb", "mam/2-practice.ipynb")
CODE_ENV = "MATHCARDS_CLASS_CODE"  # the class code, to the server in its environment: not in `ps`
TEACHER_CODE_ENV = "MATHCARDS_TEACHER_CODE"  # the teacher's code, likewise


def add_commands(commands: Any) -> None:
    """Add `serve`, `lessons` and `class-list` to the `mathcards` sub-commands (in the language
    in use)."""
    serve_cmd = commands.add_parser("serve", help=_("serve the lessons as web pages with Voila"))
    serve_cmd.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("the port to serve on (default: {port})").format(port=DEFAULT_PORT),
    )
    serve_cmd.add_argument(
        "--lessons",
        type=Path,
        default=LESSONS,
        metavar=_("FOLDER"),
        help=_("the lessons folder"),
    )
    serve_cmd.add_argument(
        "--max-kernels",
        type=_max_kernels,
        metavar="N",
        help=_("at most N students' pages at once (default: what this machine's memory holds)"),
    )
    serve_cmd.add_argument(
        "--warm",
        nargs="+",
        metavar=_("PAGE"),
        help=_(
            "pages whose kernels start before anyone asks, e.g. "
            "en/mam/1-the-target-game-in-class.ipynb (default: every page in the --lang "
            "language; 'all': every page; 'none': no page)"
        ),
    )
    serve_cmd.add_argument(
        "--warm-kernels",
        type=_warm_kernels,
        default=1,
        metavar="N",
        help=_("warm kernels kept ready for each warm page (default 1; for a class: its size)"),
    )
    serve_cmd.add_argument(
        "--class-size",
        type=_class_size,
        metavar="N",
        help=_(
            "with --lan: N warm kernels kept ready for each page a class opens together (the "
            "live games, practice), refilled as they are taken (default: as many as this "
            "machine's memory holds, at most {most})"
        ).format(most=MOST_CLASS),
    )
    serve_cmd.add_argument(
        "--keep-kernel",
        type=_keep_kernel,
        metavar=_("SECONDS"),
        help=_(
            "a page with no connection keeps its kernel this long, then it ends (default: "
            "{seconds}; with --lan {lan_seconds}, for a phone whose screen locked); an open "
            "page keeps its kernel"
        ).format(seconds=KEEP_KERNEL_SECONDS, lan_seconds=LAN_KEEP_KERNEL_SECONDS),
    )
    serve_cmd.add_argument(
        "--lan", action="store_true", help=_("serve the school network, behind a class code")
    )
    serve_cmd.add_argument(
        "--address",
        metavar=_("ADDRESS"),
        help=_("with --lan: the address to serve and show students (default: this machine's)"),
    )
    serve_cmd.add_argument(
        "--class-code",
        type=_class_code,
        metavar=_("CODE"),
        help=_(
            "with --lan: the class code, 6 to 12 letters and digits (default: ${env}, else a "
            "new one)"
        ).format(env=CODE_ENV),
    )
    serve_cmd.add_argument(
        "--seats-per-client",
        type=_seats_per_client,
        metavar="N",
        help=_(
            "with --lan: at most N pages open at once on one device (default: {n}; "
            "this computer's own pages are not counted against it)"
        ).format(n=SEATS_PER_CLIENT),
    )
    serve_cmd.add_argument(
        "--seats-per-address",
        type=_seats_per_address,
        metavar="N",
        help=_(
            "with --lan: at most N pages open at once from one network address, all its "
            "devices together, and at most N new students from it in an hour (default: three "
            "quarters of --max-kernels, at most {n}; 0: no cap)"
        ).format(n=SEATS_PER_ADDRESS),
    )
    serve_cmd.add_argument(
        "--certfile",
        type=Path,
        metavar=_("FILE"),
        help=_("with --lan: serve HTTPS with this certificate (PEM), with --keyfile"),
    )
    serve_cmd.add_argument(
        "--keyfile",
        type=Path,
        metavar=_("FILE"),
        help=_("with --lan: the certificate's private key (PEM), with --certfile"),
    )
    serve_cmd.add_argument(
        "--class",
        dest="class_name",
        default=DEFAULT_CLASS,
        metavar=_("NAME"),
        help=_("the class whose work the class book keeps (default: {name})").format(
            name=DEFAULT_CLASS
        ),
    )
    book_cli.add_db(serve_cmd)
    book_cli.add_keep_days(serve_cmd)
    serve_cmd.set_defaults(run=run_serve)
    add_lessons_command(commands)
    add_class_list_command(commands)


def _port(text: str) -> int:
    number = whole(text, 1, N_("the port must be a positive whole number, not {text}"))
    if number > 65535:
        sentence = _("the port must be at most 65535, not {number}")
        raise argparse.ArgumentTypeError(sentence.format(number=number))
    return number


def _max_kernels(text: str) -> int:
    return whole(text, 1, N_("--max-kernels must be a positive whole number, not {text}"))


def _warm_kernels(text: str) -> int:
    return whole(text, 1, N_("--warm-kernels must be a positive whole number, not {text}"))


def _class_size(text: str) -> int:
    return whole(text, 1, N_("--class-size must be a positive whole number, not {text}"))


def _keep_kernel(text: str) -> int:
    return whole(text, 1, N_("--keep-kernel must be a positive whole number, not {text}"))


def _seats_per_client(text: str) -> int:
    return whole(text, 1, N_("--seats-per-client must be a positive whole number, not {text}"))


def _seats_per_address(text: str) -> int:
    return whole(text, 0, N_("--seats-per-address must be a whole number, not {text}"))


def _class_code(text: str) -> str:
    code = text.strip().upper()
    if not (6 <= len(code) <= 12 and code.isascii() and code.isalnum()):
        raise argparse.ArgumentTypeError(_("a class code is 6 to 12 letters and digits"))
    return code


def open_book(url: str | None) -> str:
    """The class book's URL, checked: created if new, refused if out of date (one line)."""
    # SQLAlchemy and the book's models, which the other commands never load
    from mathcards.book import Book, BookOutOfDate, BookUnavailable, default_url

    url = url or os.environ.get(ENVIRONMENT) or default_url()
    try:
        Book.create(url).close()
    except BookOutOfDate as problem:
        raise UsageError(str(problem)) from None
    except BookUnavailable as problem:
        print(_("Serving without a class book: {problem}").format(problem=problem), flush=True)
    return url


def compiled(packages: tuple[str, ...] = ("mathcards", "widgets")) -> None:
    """The packages every lesson imports, compiled once here as pip compiles an installed
    package (a checkout is not): where PYTHONDONTWRITEBYTECODE keeps Python from writing what it
    compiles (a container, a school's image), every kernel of a class would compile them anew.
    What is compiled already is left; a folder this user cannot write to, too."""
    for package in packages:
        found = importlib.util.find_spec(package)
        if found is not None and found.submodule_search_locations:
            for folder in found.submodule_search_locations:
                compileall.compile_dir(folder, quiet=2)


def certificate(certfile: Path | None, keyfile: Path | None) -> dict[str, str]:
    """The certificate and its key to serve HTTPS with (both absolute), checked by loading
    them as the server will; none without either, refused with only one."""
    if certfile is None and keyfile is None:
        return {}
    if certfile is None or keyfile is None:
        raise UsageError(_("--certfile and --keyfile go together: give both"))
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as problem:
        sentence = _("the certificate {certfile} with the key {keyfile} cannot serve HTTPS: {why}")
        why = getattr(problem, "reason", None) or problem.strerror or str(problem)
        raise UsageError(sentence.format(certfile=certfile, keyfile=keyfile, why=why)) from None
    return {"certfile": str(certfile.resolve()), "keyfile": str(keyfile.resolve())}


def class_code(given: str | None) -> str:
    """The class code: the one given, else the one in the environment, else a new one."""
    if given:
        return given
    if chosen := os.environ.get(CODE_ENV, ""):
        try:
            return _class_code(chosen)
        except argparse.ArgumentTypeError as wrong:
            raise UsageError(f"{CODE_ENV}: {wrong}") from None
    return new_class_code()


def run_serve(args: argparse.Namespace) -> int:
    lessons = args.lessons.resolve()
    landing = Path(args.lang, "index.ipynb")
    if not lessons.is_dir():
        raise UsageError(
            _("no lessons found: there is no folder {lessons}").format(lessons=lessons)
        )
    if not (lessons / landing).is_file():
        sentence = _("no lessons found: {lessons} has no {landing}")
        raise UsageError(sentence.format(lessons=lessons, landing=landing))
    lan_only = (
        args.address,
        args.class_code,
        args.seats_per_client,
        args.seats_per_address,
        args.class_size,
    )
    if any(option is not None for option in lan_only) and not args.lan:
        raise UsageError(
            _(
                "--address, --class-code, --seats-per-client, --seats-per-address and "
                "--class-size go with --lan"
            )
        )
    if (args.certfile or args.keyfile) and not args.lan:
        raise UsageError(_("--certfile and --keyfile go with --lan"))
    tls = certificate(args.certfile, args.keyfile)
    book = open_book(args.db)
    compiled()
    # segno is not in the Hub's image, whose `mathcards book` builds this command line
    # (tests/hub/test_deploy.py): only to serve
    from mathcards.classroom.server import address

    lan_ip = args.address or (address.lan_address() if tls else "0.0.0.0")
    command = voila_command(
        lessons,
        args.port,
        ip=lan_ip if args.lan else None,
        keep=args.keep_kernel or (LAN_KEEP_KERNEL_SECONDS if args.lan else KEEP_KERNEL_SECONDS),
    )
    command += [f"--ClassroomVoila.{name}={path}" for name, path in tls.items()]

    warm = warm_pages(lessons, args.lang, args.warm)
    class_pages, class_size = class_pools(lessons, args, len(warm) * args.warm_kernels)
    pools = warm_pools(warm, args.warm_kernels, class_pages, class_size)
    warm_kernels = sum(pools.values())
    if warm_kernels > (most := args.max_kernels or default_max_kernels()):
        sentence = _("--warm asks for {n} warm kernels, more than this machine holds ({most})")
        raise UsageError(sentence.format(n=warm_kernels, most=most))
    max_kernels = args.max_kernels or default_max_kernels(warm_kernels)
    command += [
        f"--ClassroomVoila.max_kernels={max_kernels}",
        f"--ClassroomVoila.language={args.lang}",
        f"--ClassroomVoila.warm_kernels={args.warm_kernels}",
        *(f"--ClassroomVoila.warm={page}" for page in warm),
        *(f"--ClassroomVoila.class_pages={page}" for page in class_pages),
        f"--ClassroomVoila.class_size={class_size}",
    ]
    search_path = os.pathsep.join(filter(None, [str(TEMPLATES), os.environ.get("JUPYTER_PATH")]))
    environment = {**os.environ, "JUPYTER_PATH": search_path}
    code = ""
    if args.lan:
        lan_address = args.address or address.lan_address()
        code = class_code(args.class_code)
        per_client = args.seats_per_client or SEATS_PER_CLIENT
        per_address = (
            default_seats_per_address(max_kernels)
            if args.seats_per_address is None
            else args.seats_per_address
        )
        command += [
            f"--ClassroomVoila.lan_address={lan_address}",
            f"--ClassroomVoila.seats_per_client={per_client}",
            f"--ClassroomVoila.seats_per_address={per_address}",
        ]
        each = ngettext(
            "At most {n} page open at once on one device (--seats-per-client)",
            "At most {n} pages open at once on one device (--seats-per-client)",
            per_client,
        )
        print(each.format(n=per_client), flush=True)
        if per_address:
            at_one = ngettext(
                "At most {n} page open at once from one address (--seats-per-address)",
                "At most {n} pages open at once from one address (--seats-per-address)",
                per_address,
            )
            print(at_one.format(n=per_address), flush=True)
        if class_size:
            ready = ngettext(
                "{n} warm kernel ready for each page the class opens together (--class-size)",
                "{n} warm kernels ready for each page the class opens together (--class-size)",
                class_size,
            )
            print(ready.format(n=class_size), flush=True)
    at_most = ngettext(
        "At most {n} page open at once (--max-kernels)",
        "At most {n} pages open at once (--max-kernels)",
        max_kernels,
    )
    print(at_most.format(n=max_kernels), flush=True)
    teacher_code = new_class_code(TEACHER_CODE_LENGTH)
    command += [
        f"--ClassroomVoila.class_name={args.class_name}",
        f"--ClassroomVoila.keep_days={args.keep_days}",
    ]
    teacher_url = f"http://127.0.0.1:{args.port}/mathcards/teacher?code={teacher_code}"
    print(_("The teacher's page, for you only: {url}").format(url=teacher_url), flush=True)
    handed = {ENVIRONMENT: book, TEACHER_CODE_ENV: teacher_code, CODE_ENV: code}
    for secret in handed:
        environment.pop(secret, None)  # not in the server's environment: `handover`
    environment[SECRETS_ENV] = hand_over(handed)
    if not REPLACES_ITSELF:
        return serve_in_child(command, environment)
    # The server takes this process's place, so Ctrl-C or SIGTERM to this PID stops it and,
    # with it, every kernel (mathcards/classroom/server/voila.py).
    os.execve(command[0], command, environment)


# On Windows, os.execve starts a new process and ends this one: the console would take its
# prompt back while the server runs on.
REPLACES_ITSELF = sys.platform != "win32"


def serve_in_child(command: list[str], environment: dict[str, str]) -> int:
    """Run the server as a child until it stops (on Windows): Ctrl+C reaches both, the server
    stops with its kernels, and this process waits for it and returns its exit status."""
    with subprocess.Popen(command, env=environment) as server:
        while True:
            try:
                return server.wait()
            except KeyboardInterrupt:
                continue  # the server has it too, and is stopping


def class_pools(lessons: Path, args: argparse.Namespace, warm: int) -> tuple[list[str], int]:
    """The pages a class opens together in the served language (those in the lessons folder),
    and the warm kernels kept ready for each: on the school network only, as many as
    `--class-size` says, else as the memory holds beside `warm` others (none with `--warm
    none`, unless `--class-size` says so)."""
    if not args.lan:
        return [], 0
    pages = [
        f"{args.lang}/{page}" for page in CLASS_PAGES if (lessons / args.lang / page).is_file()
    ]
    if args.class_size or not pages:
        return pages, args.class_size or 0
    return pages, 0 if args.warm == ["none"] else default_class_size(len(pages), warm)


def warm_pages(lessons: Path, language: str, named: list[str] | None) -> list[str]:
    """The pages to keep warm kernels for: those named, every page in the language (the
    default), every page ("all") or none ("none")."""
    if named in (None, ["all"]):
        folder = lessons / language if named is None else lessons
        return sorted(p.relative_to(lessons).as_posix() for p in folder.rglob("*.ipynb"))
    if named == ["none"]:
        return []
    for page in named:
        found = (lessons / page).resolve()
        if not found.is_file() or not found.is_relative_to(lessons):
            raise UsageError(
                _("--warm: there is no page {page} in {lessons}").format(page=page, lessons=lessons)
            )
    return [(lessons / page).resolve().relative_to(lessons).as_posix() for page in named]


def voila_command(
    lessons: Path, port: int, ip: str | None = None, keep: int = KEEP_KERNEL_SECONDS
) -> list[str]:
    """Voila serving the lessons folder on loopback (or `ip`); the kernel of a closed page ends
    (the page's own shutdown request), and so does the kernel of a page with no connection and
    no message for `keep` seconds (the culler, looking a few times in that while); an open page
    keeps its kernel."""
    return [
        sys.executable,
        "-m",
        "mathcards.classroom",
        str(lessons),
        "--template=mathcards",
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip or '127.0.0.1'}",
        "--Voila.port_retries=0",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.multi_kernel_manager_class="
        "mathcards.classroom.server.seats.ClassroomKernelManager",
        "--VoilaConfiguration.kernel_spec_manager_class="
        "mathcards.classroom.server.kernelspec.LessonKernelSpecs",
        f"--MappingKernelManager.cull_idle_timeout={keep}",
        f"--MappingKernelManager.cull_interval={min(CULL_INTERVAL_SECONDS, max(1, keep // 3))}",
        "--MappingKernelManager.cull_connected=False",
    ]
