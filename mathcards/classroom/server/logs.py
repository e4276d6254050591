"""What the server's log leaves out. Voila reads each lesson through Jupyter's contents manager,
which warns "Notebook … is not trusted" for every page it renders or keeps warm: a lesson is
committed without outputs, so it carries no signature, and trust decides only whether a
notebook's saved outputs may run their scripts in JupyterLab, never whether Voila runs it. A
class's pages put some 45 such lines above the class address the teacher has to read. Only
that line goes; every other warning stays."""

from __future__ import annotations

import logging

UNTRUSTED = "Notebook %s is not trusted"  # jupyter_server's ContentsManager.mark_trusted_cells


class NoTrustNotices(logging.Filter):
    """Drops the contents manager's "Notebook … is not trusted", and nothing else."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.msg == UNTRUSTED and record.levelno == logging.WARNING)


def quieten(log: logging.Logger) -> None:
    """`log` (the server's, which its contents manager writes to) without the trust notices."""
    if not any(isinstance(kept, NoTrustNotices) for kept in log.filters):
        log.addFilter(NoTrustNotices())
