"""The ports: the narrow interfaces through which the server's cores and shell reach the world.

Every part of the server that is not pure (the room, lobby and tournament cores are pure)
talks to persistence, to other sessions and to the bots only through these protocols, so
that one node (the embedded adapters: SQLite and memory) and a cluster of nodes (adapters
over a shared engine) run the same code:

* :class:`Store` — rooms and their moves, records, sessions, registered players, ratings
  (Elo for tournaments, Glicko-2 with each player's history), spectators and tournaments,
  asynchronous (embedded: ``server.store.EmbeddedStore`` over ``SQLiteStore``);
* :class:`Delivery` — frames to a session wherever it is connected (embedded:
  ``server.sessions.Sessions``, which knows this node's connections);
* :class:`Link` — one live connection, as a session holds it (``server.gateway.Connection``);
* :class:`BotQueue` — ask for a hosted bot's move, get an answer or a timeout (embedded:
  ``server.bots.BotPool``, worker processes on this machine);
* :class:`RoomHooks` — what a running room reports to whoever hosts it (``server.room_events.RoomEvents``), and
  :class:`Running` — whether that host is stopping.

* :class:`Directory` — who is connected and the quick-match queues, across every node that
  shares them (embedded: ``server.lobby.LocalDirectory``, this node's sessions and the pure
  matchmaking core; cluster: ``server.cluster.directory.ClusterDirectory`` over Redis).

What a node needs so that it runs alone or as one of many (embedded adapters in
``server.embedded``; Redis adapters in ``server.cluster.adapters``, over ``server.cluster.shell``'s parts;
each is given the node's parts it uses, :class:`NodeParts`, when the node composes: ``attach``):

* :class:`Placement` — who runs a room or a tournament: claim, lose, take over (embedded:
  everything runs here; at start the unfinished rooms and tournaments come back from the store);
* :class:`Forwarder` — a request about a room or tournament run elsewhere, carried there with its
  ref and answered once (embedded: none ever; its router is the node's own);
* :class:`Presence` — where each session is connected: up, gone and back, and the rooms it holds
  (embedded: this node's connections are all there is);
* :class:`Listing` — the rooms and tournaments a ``list_rooms``/``list_tournaments`` shows
  (embedded: this node's);
* :class:`Results` — a room's end to the tournament it is a game of (embedded: straight to this
  node's tournaments);
* :class:`Fleet` — the nodes an administrator reaches through any one of them (embedded: this node).

Which rooms run on this node, by id and join code, is ``server.room_table.RoomTable``.
This module imports nothing of the server but the value types it names.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from grundy.server.ratings import Glicko, RatedGame, Rating, SeatRating
from grundy.server.stored import (
    PlayerGame,
    RoomUpdate,
    StoredBan,
    StoredChat,
    StoredMove,
    StoredPlayer,
    StoredRoom,
    StoredSession,
    Write,
)

if TYPE_CHECKING:
    from grundy.server.room import GameEnded, RematchAgreed, Room


__all__ = [
    "AdminAction",
    "BotAnswer",
    "Fleet",
    "Forwarder",
    "Listing",
    "Placement",
    "Presence",
    "Restoring",
    "Results",
    "Router",
    "FrameTaker",
    "OutletFinder",
    "Directory",
    "Player",
    "PlayerGame",
    "BotQueue",
    "Delivery",
    "Link",
    "RoomHooks",
    "RoomUpdate",
    "Running",
    "Store",
    "StoredChat",
    "StoredMove",
    "StoredPlayer",
    "StoredRoom",
    "StoredSession",
    "Write",
]


class Store(Protocol):
    """What the server needs from persistence, asynchronous so that a store may be remote.

    A failed write raises and changes nothing.  :meth:`write` is the rooms' unit of work: the
    writes of every room that moved in one turn of the event loop, in order, all or none
    (``StoreError``); a room's writes are stored before anyone hears of them.  The embedded
    adapter (``server.store.EmbeddedStore``) does its work inline on SQLite: a WAL commit
    takes tens of microseconds, so it never yields.
    """

    async def write(self, writes: Sequence[Write]) -> None: ...
    async def load_room(self, room_id: str) -> StoredRoom | None: ...
    async def room_by_code(self, code: str) -> str | None: ...  # the room a join code named (finished ones too)
    async def unfinished_rooms(self) -> list[StoredRoom]: ...
    async def finished_rooms(self, limit: int | None = None) -> list[StoredRoom]: ...
    async def save_session(self, session: StoredSession) -> None: ...
    async def session_by_token(self, token: str) -> StoredSession | None: ...
    async def session_by_id(self, session_id: str) -> StoredSession | None: ...
    # Registered players: ``register_player`` is False (nothing written) if the name is taken in any case.
    async def register_player(self, player: StoredPlayer) -> bool: ...
    async def load_player(self, name: str) -> StoredPlayer | None: ...
    # Banned player names (in any case): refused at hello, resume and register (``grundy admin ban``).
    async def ban(self, ban: StoredBan) -> None: ...
    async def unban(self, name: str) -> bool: ...  # False: it was not banned
    async def ban_of(self, name: str) -> StoredBan | None: ...
    async def bans(self) -> list[StoredBan]: ...
    # Elo, per rating key and game: what tournaments seed and rank by.
    async def get_rating(self, player: str, game: str) -> Rating | None: ...
    async def put_rating(self, player: str, game: str, rating: Rating) -> None: ...
    async def ratings_of(self, player: str) -> dict[str, Rating]: ...
    # Glicko-2, per player and game family.  ``rate_game`` applies one finished rated game to both
    # players at once (``server.ratings.rate_glicko``) and adds it to both histories; a room already
    # rated is not rated again (None).
    async def rate_game(
        self, room: str, game: str, players: tuple[str, str], outcomes: tuple[str, str], at: float
    ) -> tuple[Glicko, Glicko] | None: ...
    # A rated game's ratings, one a seat, before and after it (its record shows them); None: it changed none.
    async def game_ratings(self, room: str) -> list[SeatRating] | None: ...
    async def glicko_of(self, player: str) -> dict[str, Glicko]: ...
    async def leaderboard(self, game: str, top: int) -> list[tuple[str, Glicko]]: ...
    async def rating_history(self, player: str, game: str, most: int) -> list[RatedGame]: ...
    # A player's finished games (registered players and hosted bots, by name in any case), newest first:
    # ``index_game`` adds a game to each of its players' lists, ``player_games`` reads a page (and the total).
    async def index_game(self, entries: Sequence[tuple[str, PlayerGame]]) -> None: ...
    async def player_games(
        self, player: str, game: str | None, offset: int, limit: int
    ) -> tuple[int, list[PlayerGame]]: ...
    async def solve_puzzle(self, player: str, puzzle: str, at: float) -> bool: ...  # False: solved before
    async def puzzles_solved(self, player: str) -> int: ...
    async def keep_found_puzzle(self, puzzle: dict[str, Any], at: float) -> None: ...  # a puzzle from a real game
    async def found_puzzles(self, most: int) -> list[dict[str, Any]]: ...  # the newest, oldest of them first
    async def found_puzzle(self, puzzle_id: str) -> dict[str, Any] | None: ...
    async def set_watching(self, room_id: str, session: str, watching: bool) -> None: ...
    async def watchers(self, room_id: str) -> list[str]: ...
    async def clear_watchers(self, room_id: str) -> None: ...
    async def tag_tournament_game(self, room_id: str, tournament: str, round: int) -> None: ...
    async def tournament_game(self, room_id: str) -> tuple[str, int] | None: ...
    async def save_tournament(self, tournament_id: str, status: str, data: dict[str, Any]) -> None: ...
    async def load_tournament(self, tournament_id: str) -> dict[str, Any] | None: ...
    async def unfinished_tournaments(self) -> list[dict[str, Any]]: ...
    async def close(self) -> None: ...


@dataclasses.dataclass(frozen=True, slots=True)
class Player:
    """A connected session as the directory knows it: session id, name, kind (human or bot), games in play,
    games watched (in progress, not played in), and the registered player it is (None: a guest, or unknown)."""

    id: str
    name: str
    kind: str = "human"
    playing: int = 0
    watching: int = 0
    player: str | None = None


class Directory(Protocol):
    """Who is connected, and the quick-match queues, wherever the players are connected.

    :meth:`ask` puts a player in the queue of ``key`` (leaving any other queue it was in) and,
    when ``seats`` players are waiting there, takes them out and returns them in the order
    they asked (the asker last): exactly one asker completes a match, however many ask at once.
    """

    async def player(self, session: str) -> Player | None: ...
    async def players(self, most: int) -> list[Player]: ...
    async def ask(self, player: Player, key: str, seats: int) -> list[Player] | None: ...
    async def cancel(self, session: str) -> bool: ...


class Delivery(Protocol):
    """Frames to a session wherever it is connected; dropped while it is away (it resumes with a snapshot).

    A native room's stored moves go out through :meth:`send` as every other frame does (server/native.py).
    """

    def send(self, session: str, data: bytes) -> None: ...


class Link(Protocol):
    """One live connection of a session: frames out, and a close (``session``: whom it speaks for)."""

    session: Any

    def send(self, data: bytes) -> None: ...
    def send_message(self, msg: Any) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


class BotAnswer(Protocol):
    """What the bot queue answers: the move text, the level actually used and the ply it is for."""

    @property
    def text(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def ply(self) -> int: ...


class BotQueue(Protocol):
    """Hosted bots: ``choose`` never raises for a bot's failure (it answers a lower level), and is cancellable."""

    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def choose(self, req: Any) -> BotAnswer: ...
    def pids(self) -> list[int]: ...  # the worker processes on this machine (none: served elsewhere)
    @property
    def queued(self) -> int | None: ...  # jobs waiting for a free worker here (None: not known here)


class RoomHooks(Protocol):
    """What a running room reports to whoever hosts it (``server.room_events.RoomEvents``), by room id."""

    @property
    def stopping(self) -> bool: ...
    def members_changed(self, room_id: str, old: Room, new: Room) -> None: ...
    def game_ended(self, room_id: str, ended: GameEnded) -> None: ...
    def rematch_agreed(self, old: Room, agreed: RematchAgreed) -> None: ...
    def watching_changed(self, room_id: str, session: str, watching: bool, lasting: bool) -> None: ...


class Running(Protocol):
    """Whether the node is stopping (then no new rooms or tournaments are made)."""

    @property
    def stopping(self) -> bool: ...


# How a request is routed: (connection, message) -> None (answered) or the coroutine that answers it.
Router = Callable[[Any, Any], "Coroutine[Any, Any, None] | None"]
# A client frame taken before it is decoded (the native move path): (connection, frame) -> True if taken.
FrameTaker = Callable[[Any, "bytes | bytearray | memoryview"], bool]
# Where a native room may write a seat's frames itself (server/native.py): session -> its connection's outlet, or None.
OutletFinder = Callable[[str], Any]

SEAT, WATCH = "seat", "watch"  # a session's role in a room, as :meth:`Presence.role` hears it


Session = Any  # a ``server.sessions.Session`` (not imported: sessions imports this module)


class Restoring(Protocol):
    """What the placement port brings back with (``server.restore.Restorer``)."""

    async def all_rooms(self) -> None: ...
    async def all_tournaments(self) -> None: ...
    async def room(self, stored: StoredRoom, watchers: list[str] | None = None) -> bool: ...
    async def tournament(self, data: dict[str, Any]) -> bool: ...


class Requests(Protocol):
    """How the node answers requests that reach it from elsewhere (a cluster's forwarded ones)."""

    def dispatch(self, conn: Any, msg: Any) -> None: ...  # answered as a local request (refusals included)
    def waits_behind(self, conn: Any) -> bool: ...  # an earlier request of the connection waits for the store
    def forwarded_move(self, link: Any, session_id: str, frame: bytes) -> bool: ...  # a plain move, taken natively
    def taken_as_move(self, started: float) -> None: ...  # a frame taken as a ``move`` without routing: timed


@dataclasses.dataclass(frozen=True)
class NodeParts:
    """What the node gives its ports once it has composed its parts (``attach``, each port once): every
    adapter keeps the parts it uses, and reaches nothing through the node."""

    config: Any  # server.config.NodeConfig
    rooms: Any  # server.room_table.RoomTable: the rooms this node runs
    sessions: Any  # server.sessions.Sessions: the sessions this node knows
    lobby: Any  # server.lobby.Lobby: what a room's listing shows, this node's room list
    tournaments: Any  # server.tournaments.Tournaments: the tournaments this node runs
    background: Any  # server.background.Background: writes nobody awaits
    requests: Requests
    stopping: Callable[[], bool]  # whether the node is stopping
    count_error: Callable[[Any], None]  # metrics: an ``error`` sent, by code
    port: Callable[[], int | None]  # the port the node listens on (None before it listens)
    native: Any  # server.native.Native: the node's one native seam (its decoder of moves, its native rooms)


class Placement(Protocol):
    """Who runs each room and tournament: this node runs the ones it holds, takes over those nobody runs.

    ``node_id`` names this node among others; ``rooms_elsewhere``: an unfinished room that this
    node does not run may go on on another node (a tournament restored here then waits for it).
    """

    node_id: str
    rooms_elsewhere: bool

    def attach(self, parts: NodeParts) -> None: ...
    async def start(self, restorer: Restoring) -> None: ...  # the node is composed: rooms come back (or are claimed)
    def released(self, room_id: str) -> None: ...  # a room this node ran is gone from it
    # Stopping, these rooms (None: every one left) finished and stored: other nodes may run them now; with
    # ``wait``, once they do (bounded).
    async def hand_over(self, rooms: list[str] | None = None, wait: bool = False) -> None: ...
    async def close(self) -> None: ...


class Forwarder(Protocol):
    """Requests about rooms or tournaments run elsewhere go there, and are answered exactly once.

    :meth:`router` is given the node's own router and returns the one the node uses: the embedded
    forwarder returns it unchanged (a request costs nothing more on one node).  :meth:`frames` is
    given the node's taker of undecoded frames (its native move path, or None) and returns the one
    the gateway uses: the cluster's also passes a plain move for a room run elsewhere on as it came.
    :meth:`outlets` is given where the node's native rooms find a seat's outlet (its connection here) and
    returns the one they use: the cluster's holds a session's outlet off while the session has requests
    out, whose answers the delivery picks out of its frames (server/cluster/forwarding.py).
    """

    def attach(self, parts: NodeParts) -> None: ...
    def router(self, here: Router) -> Router: ...
    def frames(self, here: FrameTaker | None) -> FrameTaker | None: ...
    def outlets(self, here: OutletFinder) -> OutletFinder: ...


class Presence(Protocol):
    """Where each session is connected, so that its rooms on any node hear it drop and come back."""

    def attach(self, parts: NodeParts) -> None: ...
    async def up(self, session: Session, resumed: bool) -> None: ...  # connected here, before its welcome
    async def rooms_of(self, session: Session) -> None: ...  # a resumed session learns the rooms it holds anywhere
    async def back(self, session: Session) -> None: ...  # resumed here: its rooms on other nodes hear it
    def gone(self, session: Session) -> None: ...  # its connection here dropped
    def role(self, session: str, room_id: str, role: str | None) -> None: ...  # SEAT, WATCH or none
    def addresses(self) -> list[str]: ...  # where the cluster's live nodes are reached (``welcome.nodes``)


class Listing(Protocol):
    """The lists clients ask for: the rooms (``list_rooms``) and the tournaments (``list_tournaments``)."""

    def attach(self, parts: NodeParts) -> None: ...
    def start(self) -> None: ...
    def stop(self) -> None: ...
    def changed(self, room_id: str) -> None: ...  # a room of this node changed what its listing shows
    def rooms(self, conn: Any, msg: Any) -> Coroutine[Any, Any, None] | None: ...
    def tournaments(self, conn: Any, session: Session, msg: Any) -> Coroutine[Any, Any, None] | None: ...


# One administration action on this node: (action, arguments) -> its JSON answer (``server.admin.here``).
AdminAction = Callable[[str, dict[str, Any]], "Coroutine[Any, Any, dict[str, Any]]"]


class Fleet(Protocol):
    """The nodes an administrator reaches through any one of them (``grundy admin``, ``server.admin``).

    :meth:`everywhere` asks every live node (this one included, first) and gives each one's answer,
    or ``{"node": ID, "error": ...}`` for a node that did not answer in time; :meth:`on` asks one.
    """

    def serve(self, here: AdminAction) -> None: ...  # how this node answers (given once the node is composed)
    async def everywhere(self, action: str, args: dict[str, Any]) -> list[dict[str, Any]]: ...
    async def on(self, node: str, action: str, args: dict[str, Any]) -> dict[str, Any]: ...
    async def room_node(self, room_id: str) -> str | None: ...  # the node that runs an unfinished room, if any
    def about(self) -> dict[str, Any]: ...  # what this node adds to its own description (cluster: leases)


class Results(Protocol):
    """A room's game ended: the tournament it belongs to hears its outcomes, wherever it runs."""

    def attach(self, parts: NodeParts) -> None: ...
    def ended(self, room_id: str, ended: GameEnded) -> None: ...
