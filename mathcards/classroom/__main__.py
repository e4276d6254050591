"""`python -m mathcards.classroom LESSONS [VOILA OPTIONS]`: what `mathcards serve` runs."""

from mathcards.classroom import serve

if __name__ == "__main__":
    serve()
