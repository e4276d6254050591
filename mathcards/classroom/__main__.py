"""`python -m mathcards.classroom LESSONS [VOILA OPTIONS]`: what `mathcards serve` runs, the
classroom server in this process."""

import sys
from types import ModuleType

resource: ModuleType | None
try:
    import resource
except ImportError:  # Windows, whose limit is the C library's, not the system's
    resource = None

IRI_GRAMMARS = "rfc3987_syntax"
MOST_FILES = 10_240  # files asked for where the system sets no bound (macOS's OPEN_MAX)


def without_iri_grammars() -> None:
    """jsonschema (which jupyter_server's events load) checks the "iri" format with
    rfc3987-syntax when it is installed, and that module builds four Earley parsers as it is
    imported, at every start of the server. No schema a server validates
    uses "iri": blocked, jsonschema leaves that one format unchecked."""
    sys.modules.setdefault(IRI_GRAMMARS, None)  # type: ignore[arg-type]


def more_files() -> int:
    """Let this process open as many files as the system allows it (the hard limit), not the
    usual 1,024 (macOS: 256): every connection and every kernel's sockets are files, and a
    class's pages with a script's idle connections besides must not run out. The limit now."""
    if resource is None:
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        wanted = hard if hard != resource.RLIM_INFINITY else MOST_FILES
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # macOS refuses more than OPEN_MAX: keep what it gave
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, MOST_FILES), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def serve(argv: list[str] | None = None) -> None:
    """Run the classroom server in this process, with Voila's options `argv` (else this process's
    own)."""
    without_iri_grammars()
    more_files()
    # Voila and jupyter_server: only to serve, never to build the parser
    from mathcards.classroom.server.voila import ClassroomVoila

    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    serve()
