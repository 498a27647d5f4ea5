"""Greeting and identity: ``hello``, ``resume`` and ``register``, before a connection has a session.

:class:`Greeting` answers the requests a connection may send first.  ``hello`` names a guest or a
registered player (its secret checked off the loop, wrong guesses slowed down); ``resume`` takes a
session back by its token (closing its older connection); ``register`` makes a new player.  The
presence port hears of every session that gets a connection here, before its ``welcome``, so that
a request that follows the welcome at once, from anyone and on any node, finds it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from grundy import protocol as p
from grundy.protocol import SUPPORTED_VERSIONS, ErrorCode, i18n, negotiate
from grundy.server.errors import ServerError, SessionError, refuse
from grundy.server.gateway import CLOSE_PROTOCOL, Connection, close_words
from grundy.server.logs import SESSION
from grundy.server.ports import Presence, Store, StoredPlayer
from grundy.server.refusals import refusal
from grundy.server.room import Reconnect, Watch
from grundy.server.sessions import Guesses, Sessions, check_secret, hash_secret, new_secret

if TYPE_CHECKING:
    from grundy.server.config import NodeConfig
    from grundy.server.lobby import Lobby
    from grundy.server.room_table import RoomTable

__all__ = ["SERVER_NAME", "Greeting"]

log = logging.getLogger("grundy.node")

SERVER_NAME = "grundy 0.1.0"


class Greeting:
    """The greeting requests of one node (see the module docstring)."""

    def __init__(
        self,
        config: NodeConfig,
        sessions: Sessions,
        store: Store,
        lobby: Lobby,
        rooms: RoomTable,
        presence: Presence,
    ) -> None:
        self.config = config
        self.sessions = sessions
        self.store = store
        self.lobby = lobby
        self.rooms = rooms
        self.presence = presence
        self.guesses = Guesses()  # wrong secrets per player name (guessing one is slow)
        self._hashing = asyncio.Semaphore(2)  # secrets hashed at once, off the loop (each takes 16 MiB, 40 ms)

    async def greet(self, conn: Connection, msg: p.Hello | p.Resume) -> None:
        """``hello`` or ``resume``: the connection gets its session and a ``welcome``.

        A ``hello`` refused before there is a session is worded in the language it names (``hello.lang``)."""
        try:
            await self._greet(conn, msg)
        except ServerError as e:
            if conn.session is not None or not isinstance(msg, p.Hello):
                raise
            refuse(_Speaking(conn, i18n.pick(msg.lang)), e, msg)

    async def _greet(self, conn: Connection, msg: p.Hello | p.Resume) -> None:
        if conn.session is not None:
            raise refusal(SessionError, ErrorCode.ALREADY_AUTHENTICATED, msg.ref, "refuse-has-session")
        version = negotiate(msg.versions)
        if version is None:
            offered = ", ".join(map(str, msg.versions))
            supported = ", ".join(map(str, SUPPORTED_VERSIONS))
            link = _Speaking(conn, i18n.pick(msg.lang)) if isinstance(msg, p.Hello) else conn
            why = refusal(SessionError, ErrorCode.UNSUPPORTED_VERSION, msg.ref, "refuse-versions", offered=offered,
                          supported=supported)
            refuse(link, why, msg)
            lang = msg.lang if isinstance(msg, p.Hello) else None
            conn.close(CLOSE_PROTOCOL, close_words(lang, "wire-close-versions"))
            return
        if isinstance(msg, p.Hello):
            await self.check_ban(msg.name, msg.ref)
            player = await self.identify(msg)
            session = await self.sessions.new(player or msg.name, msg.kind, player, i18n.pick(msg.lang))
            resumed = False
        else:
            found = await self.sessions.by_resume_token(msg.token)
            if found is None:
                raise refusal(SessionError, ErrorCode.BAD_TOKEN, msg.ref, "refuse-bad-token")
            session = found
            await self.check_ban(session.name, msg.ref)
            await self.presence.rooms_of(session)
            resumed = True
            old = session.conn
            if old is not None and old is not conn:
                old.session = None
                old.close(1000, close_words(session.lang, "wire-close-resumed"))
        conn.version = version
        conn.session = session
        session.conn = conn
        SESSION.set(session.id)  # (this request's task: its log lines name the session, server.logs)
        log.info("session %s: %s as %r (%s) from %s", session.id, msg.type, session.name, session.kind, conn.peer)
        await self.presence.up(session, resumed)
        if session.conn is not conn:  # the connection closed meanwhile
            return
        cfg = self.config
        conn.send_message(
            p.Welcome(
                ref=msg.ref,
                version=version,
                session=session.id,
                token=session.token,
                name=session.name,
                player=session.player,
                resumed=resumed,
                rooms=session.rooms(),
                server=SERVER_NAME,
                nodes=self.presence.addresses(),
                limits=p.Limits(
                    max_frame_bytes=cfg.max_frame_bytes, max_rooms=cfg.max_rooms, requests_per_s=cfg.requests_per_s
                ),
            )
        )
        if not resumed and session.player is not None:  # signed in on another device: its pending challenges
            self.lobby.resumed(session)
        if resumed:
            self.lobby.resumed(session)
            now = time.time()
            for rid in sorted(session.seated):
                actor = self.rooms.get(rid)
                if actor is not None:
                    actor.put(Reconnect(session.id, now))
            for rid in sorted(session.watching - session.seated):
                actor = self.rooms.get(rid)
                if actor is None:
                    continue
                if session.player is None:
                    actor.put(Watch(session.id, now, invited=True))  # it was let in before
                else:  # (as its player's seat, if that player holds one from another device)
                    await self.lobby.watch(session, actor, True)
            if session.conn is conn:
                await self.presence.back(session)

    async def check_ban(self, name: str, ref: str | int | None) -> None:
        """Refuse a banned name (``banned``, with the administrators' reason)."""
        ban = await self.store.ban_of(name)
        if ban is not None:
            log.info("refused the banned name %r (banned as %r: %s)", name, ban.name, ban.reason)
            raise refusal(SessionError, ErrorCode.BANNED, ref, "refuse-banned", name=repr(name), reason=ban.reason)

    async def identify(self, msg: p.Hello) -> str | None:
        """The registered player a ``hello`` is (its name as registered), None for a guest; refuses a
        registered name without its secret, a wrong secret, and a secret for a name nobody registered."""
        key = msg.name.lower()
        wait = self.guesses.blocked_for(key, time.time())
        if wait > 0:
            raise refusal(SessionError, ErrorCode.RATE_LIMITED, msg.ref, "refuse-wrong-secrets", name=repr(msg.name),
                          s=round(wait))
        stored = await self.store.load_player(msg.name)
        if stored is None:
            if msg.secret is not None:
                raise refusal(SessionError, ErrorCode.BAD_SECRET, msg.ref, "refuse-secret-no-player",
                              name=repr(msg.name))
            return None
        if msg.secret is None:
            raise refusal(SessionError, ErrorCode.NAME_TAKEN, msg.ref, "refuse-name-registered", name=repr(stored.name))
        async with self._hashing:
            right = await asyncio.to_thread(check_secret, msg.secret, stored.secret_hash)
        if not right:
            self.guesses.wrong(key, time.time())
            raise refusal(SessionError, ErrorCode.BAD_SECRET, msg.ref, "refuse-wrong-secret", name=repr(stored.name))
        return stored.name

    async def register(self, conn: Connection, msg: p.Register) -> None:
        """``register``: a new player with a secret made here, shown this once (the store keeps its hash)."""
        await self.check_ban(msg.name, msg.ref)
        secret = new_secret()
        async with self._hashing:
            hashed = await asyncio.to_thread(hash_secret, secret)
        if not await self.store.register_player(StoredPlayer(msg.name, hashed, time.time())):
            raise refusal(SessionError, ErrorCode.NAME_TAKEN, msg.ref, "refuse-name-exists", name=repr(msg.name))
        log.info("player %s registered", msg.name)
        conn.send_message(p.Registered(ref=msg.ref, name=msg.name, secret=secret))


class _Speaking:
    """A connection without a session yet, answered in the language its ``hello`` named (``server.errors.refuse``
    words a refusal in its link's session's language)."""

    def __init__(self, conn: Connection, lang: str) -> None:
        self.conn = conn
        self.session = self  # (what ``refuse`` reads: ``session.lang``)
        self.lang = lang

    def send_message(self, msg: p.Error) -> None:
        self.conn.send_message(msg)
