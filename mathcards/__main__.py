"""`python -m mathcards`: the `mathcards` command (mathcards/cli.py), where no script is on PATH."""

import sys

from mathcards.cli import main

if __name__ == "__main__":
    sys.exit(main())
