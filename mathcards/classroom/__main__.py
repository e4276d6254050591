"""`python -m mathcards.classroom LESSONS [VOILA OPTIONS]`: what `mathcards serve` runs, the
classroom server in this process."""

import sys

IRI_GRAMMARS = "rfc3987_syntax"


def without_iri_grammars() -> None:
    """jsonschema (which jupyter_server's events load) checks the "iri" format with
    rfc3987-syntax when it is installed, and that module builds four Earley parsers as it is
    imported: 2 s of CPU at every start of the server, measured. No schema a server validates
    uses "iri": blocked, jsonschema leaves that one format unchecked."""
    sys.modules.setdefault(IRI_GRAMMARS, None)  # type: ignore[arg-type]


def serve(argv: list[str] | None = None) -> None:
    """Run the classroom server in this process, with Voila's options `argv` (else this process's
    own)."""
    without_iri_grammars()
    # Voila and jupyter_server take 1.4 s to import: only to serve, never to build the parser
    from mathcards.classroom.server.voila import ClassroomVoila

    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    serve()
