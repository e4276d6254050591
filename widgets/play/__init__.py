"""Playing at tables: a student's page at their table (`AtTheTable`) and the teacher's projector
of every table (`TablesProjector`), both clients of the class service's tables
(`widgets.play.client`); what they draw (`drawn`), say (`words`) and the review (`review`)."""

from widgets.play.projector import TablesProjector
from widgets.play.seat import AtTheTable

__all__ = ["AtTheTable", "TablesProjector"]
