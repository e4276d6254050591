"""A class plays a game live: every student from their own page's kernel, the teacher from the
projector's, the class service the one authority (mathcards/classroom/service/).

The machinery both games share:

- `events`: a live event's payload, one dataclass per kind, and its codec to and from the JSON
  the class book keeps.
- `kind`: `LiveKind`, what the service needs to know of a game played live (its engine, its
  table of events, its replay, its views), and the `Snapshot` its pages see.
- `log`: `LiveLog`, the class's newest live game in memory, replayed from the class book's
  events; each change judged, committed, then shown.
- `room`: `LiveRoom`, a live game in process with typed methods every caller calls (the HTTP
  handlers, the Hub's, the tests), the caller a parameter; its changes queued on the class
  book's one queue (the writer's), and the long-polls waiting for the next one.
- `views`, `calls`: what every game's views begin with; the HTTP calls both games share.
- `rooms`: the class's rooms, opened with the class service, and all their calls' routes.

Then two modules a game, each of the same shape: its kind and views (`mam`, `lama_dice`), and
its room with its own calls (`mam_room`: MAM!, under /mathcards/api/live/; `lama_dice_room`:
LAMA Dice, under /mathcards/api/live/lama_dice/).
"""
