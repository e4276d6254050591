"""`python -m mathcards.classroom LESSONS [VOILA OPTIONS]`: what `mathcards serve` runs, the
classroom server in this process."""

import sys


def serve(argv: list[str] | None = None) -> None:
    """Run the classroom server in this process, with Voila's options `argv` (else this process's
    own)."""
    # Voila and jupyter_server take 3 s to import: only to serve, never to build the parser
    from mathcards.classroom.server.voila import ClassroomVoila

    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    serve()
