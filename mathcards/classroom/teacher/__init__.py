"""The teacher's page (`page`: `/mathcards/teacher`, rendered from templates/teacher.html) and
what it shows of the class book (`reports`)."""
