"""Tournaments: round robin, Swiss, knockout and gauntlet as a pure, sans-I/O state machine.

A package by responsibility, like :mod:`server.room`: :mod:`~server.tournament.values`
(statuses, formats, entrants, games, pairings, rounds, standings lines, the settings'
limits and their validation, the error), :mod:`~server.tournament.events` (what a
tournament takes and the effects it asks for), :mod:`~server.tournament.pairing` (who meets
whom in each format), :mod:`~server.tournament.standings` (points, tie-breaks, the table),
:mod:`~server.tournament.core` (the state machine) and :mod:`~server.tournament.present`
(what clients are shown: the ``tournament_state`` and the summaries in lists).  Everything
but the presenter is importable from ``server.tournament``.

``tournament.handle(event) -> (new_tournament, effects)``, in the style of :mod:`server.room`:
a :class:`Tournament` is an immutable value, never reads a clock (events carry ``now``),
never touches sockets, rooms, the bot pool or the store, and never raises for anything a
client did: a refused request becomes a :class:`Refused` effect and the tournament comes
back unchanged (the very same object).  Only :meth:`Tournament.create` raises
(:class:`TournamentError`, with a protocol error code) for settings that make no sense.

Lifecycle: ``open`` (entrants enter and withdraw) -> ``running`` (rounds of games) ->
``finished`` (final standings).  Games are played in rooms the node creates; a tournament
is only ever for 2-seat games (a game whose parameters give it another number of seats is
refused at creation: pairing formats need two players per game).

Events (fed by the shell):

* :class:`Enter` — a session enters as ``human`` or ``bot`` (a bot client playing over its
  own connection; the entrant id is the session), or the organiser adds a ``hosted`` bot at
  a level (played by the node's bot pool; its entrant id is ``hosted:<level>`` plus ``#n``
  when the level is entered again).  ``rating`` is the entrant's rating in this game at
  entry (the shell reads it from the rating table); it seeds knockouts and breaks ties.
* :class:`Withdraw` — an entrant leaves (the organiser may withdraw anyone).  While open it
  is removed; while running its game in progress is resigned (:class:`ResignGame`; a
  hosted bot's game in progress is played out) and its later games are lost by forfeit (no
  room is made, nothing is rated).  A withdrawn entrant stays in the standings, marked.
* :class:`Start` — the organiser (or the server, ``session=None``) starts the tournament.
* :class:`Stop` — the organiser (or the server) stops it early: no game starts any more, the
  games in play are played out (a game aborted meanwhile is not made again and counts for
  nothing), then it finishes with ``stopped`` set and its standings final.  An open tournament
  finishes at once; a second stop changes nothing.
* :class:`Tick` — time passes: an open tournament with ``starts_at`` starts when it is due
  (with too few entrants it finishes empty).
* :class:`GameCreated` — the shell made the room asked for by :class:`CreateGame` ``key``.
* :class:`GameFinished` — a tournament room ended: ``outcomes`` per seat (the rules
  result's ``outcomes``), or None when the room was aborted without a result.  For an
  aborted game the shell names the seats whose player never came (``absent``): they lose
  by forfeit; but an aborted game of a withdrawn entrant is lost by the withdrawn entrant
  alone (its opponent wins, absent or not).  Otherwise an aborted game is made again (same colours) up to
  :data:`MAX_RESTARTS` times, then counts as lost by both (0 points each).  Forfeits are
  never rated.  Reports for rooms the tournament does not know, for games already decided,
  or with outcomes that are not one win and one loss or two draws are ignored, so a late
  or repeated report is harmless.

Effects, to execute *in the order given*:

1. :class:`RatingChange` — a rated game finished: ``ratings.record_game(table, game,
   players, outcomes)`` (reads the current ratings, so games played elsewhere count too);
2. :class:`Announce` — the tournament changed: store ``tournament.to_dict()`` and send it
   to the entrants and watchers;
3. :class:`ResignGame` — a withdrawn entrant's seat resigns in ``room`` (feed the room a
   ``Resign``/``Leave`` for that session; hosted bots never withdraw);
4. :class:`CreateGame` — make a room: ``seats`` are the entrants in seat order (a ``hosted``
   entrant becomes a bot seat at its ``level``; a ``human``/``bot`` entrant's seat is
   reserved for its session, which the shell seats and tells), with ``game``, ``params``,
   ``time_control``; then feed :class:`GameCreated` (key, room id).  When the room ends,
   feed :class:`GameFinished`;
5. :class:`Finished` — the tournament is over, with the final standings;
6. :class:`Schedule` — arm the timer ``key`` for ``at`` and feed ``Tick(now)`` when it fires;
7. :class:`Refused` — tell ``session`` why its request was refused (``code`` is one of
   :data:`ERROR_CODES`); the rooms' refusal effect too (``server.errors.Refused``).

Formats (a *pairing* is two entrants meeting in a round; it plays ``games_per_pairing``
games, colours alternating; a round starts when the previous one is over).  Games in play:
the pairings of a round are played at the same time, and so are the games of a pairing
between bots (hosted or bot clients), while a pairing with a human entrant plays one game
after another (a human never plays two at once) and a knockout replay waits for the games
before it.  With ``concurrency`` at most that many games of the tournament are in play at
once: the rest of the round waits, and games start as others end, one per pairing in turn
in board order.  Planned games (knockout replays aside) are bounded by :data:`MAX_GAMES`: an
entry that would make more is refused (``tournament_full``).

Openings: with ``openings`` (checked against the game at creation, see
:func:`~server.tournament.values.check_openings`), games 2k and 2k+1 of a pairing start from
the same opening, the second with the colours swapped, so each is played from both sides.
The pairings take the openings in turn: round 1's pairings in board order, then round 2's,
and so on, each pairing (byes aside) the next ``ceil(games_per_pairing / 2)`` openings,
wrapping around the list; a pairing's games 2k and 2k+1 play its ``opening + k`` (so an odd
``games_per_pairing`` plays its last opening from one side only, and a knockout replay takes
the pairing's next one).  The room plays the opening's moves in before anyone moves
(:class:`CreateGame` ``opening``).

* ``round-robin`` — everyone meets everyone once (Berger tables: nobody has the same
  colour three times running, whites and blacks differ by at most one); ``double`` plays a
  second cycle with the colours swapped.  With an odd count one entrant sits out each
  round (a bye worth nothing: everyone gets the same number).  Tie-break: Sonneborn–Berger.
* ``swiss`` — ``rounds`` rounds.  Each round is a maximum-weight matching of the entrants
  (:func:`swiss_round`) whose weights put, in this order: no repeat pairing while a pairing
  without one exists (a Swiss can run out of fresh pairings); no second bye while avoidable;
  the bye to the lowest-ranked entrant; the smallest score differences (leaders paired
  first); colour balance; within a score group the top half against the bottom half.  The
  entrant with more whites gets black.  With an odd count one entrant gets a bye, scoring a
  win (1 point, no game).  Tie-break: Buchholz (the sum of opponents' points; a bye adds
  nothing).
* ``knockout`` — single elimination seeded by rating (ties by entry order); the bracket is
  filled to a power of two with byes that go to the top seeds; seed 1 meets seed 2 at the
  earliest in the final.  A pairing whose games are level is replayed with colours swapped
  (one game at a time) up to ``replays`` times; if still level the higher seed advances.
  Standings: by the round reached, then points.
* ``gauntlet`` — one ``challenger`` (unless named, the first entrant that is not a hosted bot added
  with the tournament, or with hosted bots only the first of them) meets every other
  entrant, one opponent per round, in seeding order.

Persistence: store :meth:`Tournament.to_dict` on every :class:`Announce`; after a restart
rebuild with :meth:`Tournament.from_dict` and execute :meth:`Tournament.resume`.

Standings: win 1, draw 0.5, loss 0 (a Swiss bye 1).  Ties are broken by the format's
tie-break (above), then head-to-head points among the tied entrants, then rating at entry,
then entry order.
"""

from __future__ import annotations

from grundy.server.tournament.core import (
    Handled,
    Tournament,
)
from grundy.server.tournament.events import (
    ORDER,
    Announce,
    CreateGame,
    Effect,
    Enter,
    Event,
    Finished,
    GameCreated,
    GameFinished,
    RatingChange,
    Rebind,
    Refused,
    ResignGame,
    Schedule,
    Start,
    Stop,
    Tick,
    Withdraw,
)
from grundy.server.tournament.pairing import (
    berger_rounds,
    bracket_order,
    gauntlet_rounds,
    knockout_pairs,
    swap_colours,
    swiss_pairs,
    swiss_round,
)
from grundy.server.tournament.standings import (  # (the table itself: Tournament.standings())
    knockout_winner,
    points_of,
    total_points,
)
from grundy.server.tournament.values import (
    ENTRANT_KINDS,
    ERROR_CODES,
    FINISHED,
    FORMATS,
    HOSTED_LEVELS,
    MAX_CONCURRENCY,
    MAX_ENTRANTS,
    MAX_GAMES,
    MAX_GAMES_PER_PAIRING,
    MAX_OPENING_MOVES,
    MAX_OPENINGS,
    MAX_REPLAYS,
    MAX_RESTARTS,
    OPEN,
    POINTS,
    RUNNING,
    Entrant,
    EntrantKind,
    Format,
    Outcome,
    Pairing,
    Round,
    Standing,
    Status,
    TournamentError,
    TournamentGame,
    TournamentView,
    check_openings,
    check_settings,
)

__all__ = [
    "ENTRANT_KINDS",
    "ERROR_CODES",
    "FINISHED",
    "FORMATS",
    "HOSTED_LEVELS",
    "MAX_CONCURRENCY",
    "MAX_ENTRANTS",
    "MAX_GAMES",
    "MAX_GAMES_PER_PAIRING",
    "MAX_OPENINGS",
    "MAX_OPENING_MOVES",
    "MAX_REPLAYS",
    "MAX_RESTARTS",
    "OPEN",
    "ORDER",
    "POINTS",
    "RUNNING",
    "Announce",
    "CreateGame",
    "Effect",
    "Enter",
    "Entrant",
    "EntrantKind",
    "Event",
    "Finished",
    "Rebind",
    "Format",
    "GameCreated",
    "GameFinished",
    "Handled",
    "Outcome",
    "Pairing",
    "RatingChange",
    "Refused",
    "ResignGame",
    "Round",
    "Schedule",
    "Standing",
    "Start",
    "Status",
    "Stop",
    "Tick",
    "Tournament",
    "TournamentError",
    "TournamentGame",
    "TournamentView",
    "Withdraw",
    "berger_rounds",
    "bracket_order",
    "check_openings",
    "check_settings",
    "gauntlet_rounds",
    "knockout_pairs",
    "knockout_winner",
    "points_of",
    "swap_colours",
    "swiss_pairs",
    "swiss_round",
    "total_points",
]
