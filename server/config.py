"""Everything a node can be told, with defaults that make a complete node (``grundy serve`` flags set some)."""

from __future__ import annotations

import dataclasses
import os

from grundy import protocol as p
from grundy.server import native
from grundy.server.room import RoomConfig


def native_mode_from_env() -> str:
    """The native code a node runs (server/native.py: ``off``, ``wire`` or ``room``), from ``GRUNDY_NATIVE``:
    the one place the environment is read for it (a node is then given the mode in its config)."""
    return native.parse_mode(os.environ.get(native.ENV))


@dataclasses.dataclass(frozen=True)
class NodeConfig:
    """Everything a node can be told; the defaults make a complete node."""

    host: str = "127.0.0.1"
    port: int = 8765
    db: str = ":memory:"
    workers: int | None = None  # bot worker processes; None: one per core
    # How bot workers start: "spawn", a fresh interpreter each (no helper process); "forkserver", forked from a
    # process that imported the solver once (a worker starts in milliseconds; that process lives as long as this one).
    bot_start_method: str = "spawn"
    grace_s: float = 30.0  # a disconnected player's time to come back
    public_url: str | None = None  # cluster mode: where clients reach this node (default ws://HOST:PORT/)
    abort_s: float = 60.0  # time for the first move
    bot_untimed_s: float = 2.0
    bot_cap_s: float = 10.0
    max_frame_bytes: int = p.MAX_FRAME_BYTES  # larger frames get `too_large`
    hard_frame_bytes: int = 4 * p.MAX_FRAME_BYTES  # larger ones close the connection (1009)
    requests_per_s: float = 20.0
    burst: float = 40.0
    abuse_strikes: float = 100.0  # refused frames in a burst before a close (1008)
    max_rooms: int = 10  # unfinished rooms per session
    max_open_rooms: int = 5_000  # unfinished rooms on the node (tournament games and rematches may pass it)
    challenge_ttl_s: float = 120.0  # an unanswered challenge lapses after this long
    max_pending_challenges: int = 5  # unanswered challenges per challenger
    max_open_tournaments: int = 3  # tournaments a session created that have not started yet
    max_legal_moves: int = 10_000  # games with more legal moves at the start are too big to host
    max_list_total: int = 100_000  # and integer lists (nim's heaps) may total at most this
    max_listed_rooms: int = 200
    max_pending_frames: int = 4096  # frames waiting for a reader before it is closed (1008)
    # A connection's output not yet taken by the kernel (queued frames and the transport's buffer):
    # more bytes than this and it is closed (1008); it is aborted if its close frame cannot be
    # written within unsent_close_s.
    max_unsent_bytes: int = 2 * 2**20
    unsent_close_s: float = 5.0
    ended_ttl_s: float = 600.0  # how long a finished room stays in memory (rematch, chat, get_state)
    shutdown_timeout_s: float = 5.0
    # Cluster mode: a stopping node's clients have this long to resume on other nodes (``node_leaving``) while it
    # carries their requests; 0 closes their connections at once (they reconnect as after a lost link).
    leave_grace_s: float = 10.0
    # What native code runs (server/native.py): "off" (none: the pure-Python twins), "wire" (the frame reader,
    # move decoder and frame writer in C) or "room" (those, and a playing room's plain move in C).  Its default
    # is read from GRUNDY_NATIVE, here only.
    native: str = dataclasses.field(default_factory=native_mode_from_env)
    # Garbage collector: freeze the start-up heap and collect the young generation every this many
    # allocations (Python's default is 700), so full collections over thousands of connections stay
    # rare; 0 leaves the collector as it is.
    gc_young: int = 50_000
    # The secret of `POST /admin/...` (server/admin.py); None: administration is off.  Never printed.
    admin_secret: str | None = dataclasses.field(default=None, repr=False)

    def room_config(self) -> RoomConfig:
        return RoomConfig(
            grace_s=self.grace_s, abort_s=self.abort_s, bot_untimed_s=self.bot_untimed_s, bot_cap_s=self.bot_cap_s
        )
