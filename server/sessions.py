"""Sessions: who a connection is, the seats and rooms it holds, and the token that takes it back.

A session is made by ``hello`` (a display name, and whether a person or a bot program is
behind it) and kept in the store (id, secret token, name, kind, and the registered player it
is), so ``resume`` works across reconnects and node restarts.

A **player** is a name registered once (``register``), with a secret the server makes and
shows once: the store keeps only a slow salted hash of it (:func:`hash_secret`, scrypt from
the standard library), and ``hello`` with the name and the secret is that player on every
connection and every node (:func:`check_secret`, a constant-time compare).  A session without
a player is a guest: it plays, but never rated, and cannot take a registered name.

The rooms a session sits in are not stored here: they are
derived from the rooms themselves (a restored room names its seat holders), so the two can
never disagree.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets
import time

from grundy.server.ports import Link, Store, StoredSession

# scrypt's cost: 16 MiB and about 40 ms a hash (RFC 7914's interactive setting); stored with each hash.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
SALT_BYTES = 16
SECRET_BYTES = 24  # a new secret: 24 random bytes, 32 characters of URL-safe base64
MAX_SECRET_CHARS = 128  # (the protocol's bound on a `hello` secret)


def new_secret() -> str:
    """A player's secret: unguessable, made by the server (a person never chooses it)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str, salt: bytes | None = None, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P) -> str:
    """``scrypt$n$r$p$salt$hash`` (base64): what the store keeps instead of the secret (slow: run it off the loop)."""
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    digest = hashlib.scrypt(secret.encode(), salt=salt, n=n, r=r, p=p, dklen=32, maxmem=64 * 2**20)
    b64 = base64.b64encode
    return f"scrypt${n}${r}${p}${b64(salt).decode()}${b64(digest).decode()}"


def check_secret(secret: str, stored: str) -> bool:
    """Whether ``secret`` hashes to ``stored`` (compared in constant time); False for a hash it cannot read."""
    if len(secret) > MAX_SECRET_CHARS:
        return False
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        again = hash_secret(secret, base64.b64decode(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(again.rpartition("$")[2].encode(), digest.encode())


class Guesses:
    """Wrong secrets per player name, so that guessing one is slow: after :attr:`most` wrong secrets for
    a name within :attr:`window_s`, ``hello`` with that name is refused (``rate_limited``) until the
    oldest of them is that old.  Kept in memory by each node, for at most :attr:`names` names (the
    oldest forgotten first); ``now`` is passed in.
    """

    def __init__(self, most: int = 5, window_s: float = 60.0, names: int = 10_000) -> None:
        self.most = most
        self.window_s = window_s
        self.names = names
        self._wrong: dict[str, list[float]] = {}

    def blocked_for(self, key: str, now: float) -> float:
        """Seconds until ``key`` may be tried again (0: now)."""
        recent = [t for t in self._wrong.get(key, ()) if now - t < self.window_s]
        if recent:
            self._wrong[key] = recent
        else:
            self._wrong.pop(key, None)
        return 0.0 if len(recent) < self.most else recent[0] + self.window_s - now

    def wrong(self, key: str, now: float) -> None:
        """A wrong secret was given for ``key``."""
        self._wrong.setdefault(key, []).append(now)
        while len(self._wrong) > self.names:
            del self._wrong[next(iter(self._wrong))]


@dataclasses.dataclass(eq=False, slots=True)
class Session:
    """One player (or spectator) identity; ``conn`` is its live connection, None while away."""

    id: str
    token: str
    name: str
    conn: Link | None = None
    kind: str = "human"  # "bot" for a bot client (said so in hello)
    player: str | None = None  # the registered player it is (its name as registered); None for a guest
    seated: set[str] = dataclasses.field(default_factory=set)  # rooms where it holds a seat
    created: set[str] = dataclasses.field(default_factory=set)  # rooms it created (seated or not)
    watching: set[str] = dataclasses.field(default_factory=set)  # rooms it spectates
    lang: str = "en"  # the language it speaks (hello.lang, as protocol.i18n.pick reads it): its refusals' words

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

    async def new(self, name: str, kind: str = "human", player: str | None = None, lang: str = "en") -> Session:
        """A fresh session with an unguessable token, stored before it is announced (``player``: registered;
        ``lang``: the language it speaks, kept with it so a resume on any node speaks it too)."""
        session = Session(
            id="s-" + secrets.token_hex(8), token=secrets.token_urlsafe(24), name=name, kind=kind, player=player,
            lang=lang,
        )
        await self.store.save_session(
            StoredSession(session.id, session.token, session.name, time.time(), kind, player, lang)
        )
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
            session = Session(
                id=stored.id, token=stored.token, name=stored.name, kind=stored.kind, player=stored.player,
                lang=stored.lang,
            )
            self.by_id[session.id] = session
        else:  # a stub made while restoring the rooms it sits in
            session.token, session.name, session.kind = stored.token, stored.name, stored.kind
            session.player, session.lang = stored.player, stored.lang
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

    async def player_of(self, session_id: str) -> str | None:
        """The registered player a session is (from the store when this node knows only a stub), None for a guest."""
        session = self.by_id.get(session_id)
        if session is not None and session.player is not None:
            return session.player
        stored = await self.store.session_by_id(session_id)
        player = None if stored is None else stored.player
        if session is not None and player is not None:
            session.player = player
        return player

    def send(self, session_id: str, data: bytes) -> None:
        """A frame to a session if it is connected (dropped while it is away: it resumes with a snapshot)."""
        session = self.by_id.get(session_id)
        if session is not None and session.conn is not None:
            session.conn.send(data)

    def lang_of(self, session_id: str) -> str | None:
        """The language a session connected here speaks (its refusals' words); None for one this node does not hold."""
        session = self.by_id.get(session_id)
        return None if session is None else session.lang

    def online(self) -> list[Session]:
        """Sessions with a live connection, by name."""
        return sorted((s for s in self.by_id.values() if s.conn is not None), key=lambda s: (s.name.lower(), s.id))

    def _add(self, session: Session) -> None:
        self.by_id[session.id] = session
        self.by_token[session.token] = session
