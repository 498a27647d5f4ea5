"""Sessions: who a connection is, the seats and rooms it holds, and the token that takes it back.

A session is made by ``hello`` (a display name, and whether a person or a bot program is
behind it) and kept in the store (id, secret token, name, kind), so ``resume`` works across
reconnects and node restarts.  The rooms a session sits in are not stored here: they are
derived from the rooms themselves (a restored room names its seat holders), so the two can
never disagree.
"""

from __future__ import annotations

import dataclasses
import secrets
import time

from grundy.server.ports import Link, Store, StoredSession


@dataclasses.dataclass(eq=False, slots=True)
class Session:
    """One player (or spectator) identity; ``conn`` is its live connection, None while away."""

    id: str
    token: str
    name: str
    conn: Link | None = None
    kind: str = "human"  # "bot" for a bot client (said so in hello)
    seated: set[str] = dataclasses.field(default_factory=set)  # rooms where it holds a seat
    created: set[str] = dataclasses.field(default_factory=set)  # rooms it created (seated or not)
    watching: set[str] = dataclasses.field(default_factory=set)  # rooms it spectates

    @property
    def is_connected(self) -> bool:
        return self.conn is not None

    def rooms(self) -> list[str]:
        """Every room the session sits in, created or watches (what ``welcome.rooms`` lists)."""
        return sorted(self.seated | self.created | self.watching)


class Sessions:
    """The node's sessions by id and by token, backed by the store's sessions table.

    It is also the embedded adapter of the delivery port: :meth:`send` reaches a session
    through its live connection on this node.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_id: dict[str, Session] = {}
        self.by_token: dict[str, Session] = {}

    async def new(self, name: str, kind: str = "human") -> Session:
        """A fresh session with an unguessable token, stored before it is announced."""
        session = Session(id="s-" + secrets.token_hex(8), token=secrets.token_urlsafe(24), name=name, kind=kind)
        await self.store.save_session(StoredSession(session.id, session.token, session.name, time.time(), kind))
        self._add(session)
        return session

    async def by_resume_token(self, token: str) -> Session | None:
        """The session the token names (loaded from the store after a restart), or None."""
        session = self.by_token.get(token)
        if session is not None:
            return session
        stored = await self.store.session_by_token(token)
        if stored is None:
            return None
        session = self.by_id.get(stored.id)
        if session is None:
            session = Session(id=stored.id, token=stored.token, name=stored.name, kind=stored.kind)
            self.by_id[session.id] = session
        else:  # a stub made while restoring the rooms it sits in
            session.token, session.name, session.kind = stored.token, stored.name, stored.kind
        self.by_token[session.token] = session
        return session

    def get_or_stub(self, session_id: str, name: str | None) -> Session:
        """The session with this id, made from a restored room's seat if not loaded yet.

        Its token stays unknown until the player resumes (looked up in the store then).
        """
        session = self.by_id.get(session_id)
        if session is None:
            session = Session(id=session_id, token="", name=name or "player")
            self.by_id[session_id] = session
        return session

    def send(self, session_id: str, data: bytes) -> None:
        """A frame to a session if it is connected (dropped while it is away: it resumes with a snapshot)."""
        session = self.by_id.get(session_id)
        if session is not None and session.conn is not None:
            session.conn.send(data)

    def online(self) -> list[Session]:
        """Sessions with a live connection, by name."""
        return sorted((s for s in self.by_id.values() if s.conn is not None), key=lambda s: (s.name.lower(), s.id))

    def _add(self, session: Session) -> None:
        self.by_id[session.id] = session
        self.by_token[session.token] = session
