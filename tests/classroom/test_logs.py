"""The server's log leaves out "Notebook … is not trusted" (issue 49), and only that."""

from __future__ import annotations

import logging

from mathcards.classroom.server.logs import UNTRUSTED, quieten


def test_only_the_trust_notice_is_left_out(caplog):
    log = logging.getLogger("mathcards-test-voila")
    quieten(log)
    quieten(log)  # once is enough: a second call adds nothing
    assert len(log.filters) == 1
    with caplog.at_level(logging.INFO, logger=log.name):
        log.warning(UNTRUSTED, "en/index.ipynb")
        log.warning("Notebook %s is corrupted", "en/index.ipynb")
        log.warning("Kernel died")
        log.error(UNTRUSTED, "en/index.ipynb")  # not the contents manager's warning
    said = [record.getMessage() for record in caplog.records]
    assert said == [
        "Notebook en/index.ipynb is corrupted",
        "Kernel died",
        "Notebook en/index.ipynb is not trusted",
    ]
