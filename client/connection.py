"""One connection to a grundy node, shared by every client (UIs, bot SDK, Gomocup bridge) and the tests.

    async with Connection("ws://localhost:8765", "Ann") as conn:
        games = await conn.request(p.ListGames())            # the reply, matched by `ref`
        await conn.request(p.CreateRoom(game="nim", seat=0, seats=[p.SeatRequest(), p.SeatRequest(kind="bot")]))
        async for event in conn.events():                    # everything the server pushes
            ...

What it does for its user:

* **hello and version negotiation** — offers every version this code speaks and keeps the
  session id, the (secret) resume token and the chosen version from ``welcome``; says hello as
  the registered player ``name`` with its ``secret``, given or saved by ``grundy register``
  (``client.identity``), and as a guest otherwise;
* **request/response by ``ref``** — :meth:`Connection.request` numbers the request, waits for
  the reply carrying the same ``ref`` and raises :class:`Refused` (code + message) when
  the reply is an ``error``;
* **an event stream** — every message the server sends on its own, plus every room message
  (``room_state``, ``move_made``, ``game_over``, ...) even when it answered our own request, so a
  client that tracks its rooms from the stream alone never misses a change; and the local
  markers :class:`LinkDown` / :class:`LinkUp` when the link drops and comes back;
* **resume on reconnect** — when the link drops (not by :meth:`close`), it reconnects with
  exponential backoff and ``resume``\\ s with the token; the server then sends a fresh
  ``room_state`` of every room, which replaces whatever was missed.  Requests waiting for
  a reply when the link dropped raise :class:`LinkLost` (a move is safe to resend: a
  duplicate can only get ``stale_ply``); requests made while reconnecting wait for the link.
  In a cluster the attempts go in turn to the node the link was to and to the cluster's other
  nodes (``welcome.nodes``), so a client whose node died resumes on another without a load
  balancer; a resume refused ``unavailable`` (the cluster's store is away) is tried again;
* **sending again through ``unavailable``** — a request the server answers ``unavailable`` (a cluster's
  store away for a moment: docs/PROTOCOL.md 2.1) is sent again by :meth:`Connection.request` on the
  :class:`Resend` schedule when a second copy is harmless (``protocol.resend.SAFE_TO_RESEND``: a move
  carries its ply), until it gets another answer; the event stream says :class:`CatchingUp` once
  when the first ``unavailable`` comes and :class:`CaughtUp` once a request gets through again, or once
  the room of a move being sent again shows it moot (played after all, or the game over: its copy is then
  sent at once), so a client tells its user once, not for each copy, and never leaves the notice open;
* **a list of nodes** — ``server`` may name several nodes (``"ws://a:8765,ws://b:8765"``, or a list):
  the first link goes to the first that answers, and they are tried after ``welcome.nodes`` when
  reconnecting (so a client can start while its first node is down).

Exceptions, all :class:`ClientError`: :class:`Refused` (an ``error`` reply),
:class:`LinkLost` (the link dropped while a reply was awaited),
:class:`LinkClosed` (the connection is over: closed by us, refused for good, or
reconnecting gave up), :class:`BadAddress` (a server URL that is not ws:// or wss://; a ValueError too),
:class:`NoLink` (no link within the time given; a TimeoutError too).  Their words are the catalog's
(``link-...`` in ``protocol/locales/*/link.ftl``), said in the language of the connection that raised them:
``str(error)`` is what a person reads; ``error.said(lang)`` says it in another language (``"en"`` for a log).
:func:`why_unreachable` says why a node could not be reached in that language too: a failure to open
the link raised by :meth:`Connection.connect` carries the connection's language (:func:`probe` is given one).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import itertools
import logging
import random
import socket
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any, Self

from pydantic import BaseModel
from websockets import exceptions as ws_errors
from websockets.asyncio.client import ClientConnection, connect

from grundy import protocol as p
from grundy.client.identity import saved_secret
from grundy.protocol import ErrorCode, ProtocolError, i18n
from grundy.protocol import resend as resending_rules

log = logging.getLogger("grundy.client")

DEFAULT_CLIENT = "grundy-client/0.1"
# Server frames have no fixed limit; PROTOCOL.md asks clients to accept at least 16 MiB.
MAX_SERVER_FRAME = 16 * 1024 * 1024
# Refusals of a resume that pass: the cluster's store is unreachable or settling after an outage
# (``unavailable``), or this connection asked too often (``rate_limited``).  Reconnecting tries again.
RETRY_CODES = frozenset({ErrorCode.UNAVAILABLE, ErrorCode.RATE_LIMITED})
# Close codes after which reconnecting cannot help: no common version (1002), abuse (1008).
FINAL_CLOSE_CODES = frozenset({1002, 1008})

# Room messages go to the event stream even when they answer one of our requests.
ROOM_MESSAGES: tuple[type[BaseModel], ...] = (
    p.RoomState,
    p.MoveMade,
    p.GameOver,
    p.PlayerStatus,
    p.DrawOffered,
    p.DrawDeclined,
    p.RematchOffered,
    p.Chat,
)
# Room messages that show a room's game moving on or ending: a request sent again for it may be moot (``_overtaken``).
ROOM_CHANGES: tuple[type[BaseModel], ...] = (p.RoomState, p.MoveMade, p.GameOver)


class ClientError(Exception):
    """Base of every error this module raises.  One a person reads is made by :meth:`saying`: a catalog message
    (``msg_id`` and its ``words``) said in ``lang``, the language of the connection that raised it, which is its
    ``str()``; :meth:`said` says it in another language.  (Made with plain text: a fault of the program using
    this module, in English.)"""

    msg_id: str | None = None
    words: dict[str, Any] = {}  # noqa: RUF012 (never changed: each error made by `saying` has its own)
    lang: str = i18n.DEFAULT

    @classmethod
    def saying(cls, lang: str | None, msg_id: str, **words: Any) -> Self:
        """The error whose words are catalog message ``msg_id`` with ``words`` (a word may be a ClientError:
        said in the same language), said in ``lang`` (a tag; None: the system's locale)."""
        code = i18n.from_env() if lang is None else i18n.pick(lang)
        error = cls(i18n.tr(code, msg_id, **_in(code, words)))
        error.msg_id, error.words, error.lang = msg_id, words, code
        return error

    def said(self, lang: str | None = None) -> str:
        """The error's words in ``lang`` (a tag; None: the language it was raised in)."""
        if self.msg_id is None:
            return str(self)
        code = self.lang if lang is None else i18n.pick(lang)
        return i18n.tr(code, self.msg_id, **_in(code, self.words))


def _in(lang: str, words: dict[str, Any]) -> dict[str, Any]:
    """``words`` for a message in ``lang``: an error among them said in it."""
    return {k: v.said(lang) if isinstance(v, ClientError) else v for k, v in words.items()}


def _number(x: float) -> float | int:
    """A number for a catalog message: a whole one as an int (so its plural is the whole number's: 120, not 120.0)."""
    return int(x) if float(x).is_integer() else x


class Refused(ClientError):
    """The server answered a request with an ``error``: ``code`` (an ErrorCode, or the raw string
    of a code this client does not know), ``message`` for people, and the ``room`` it was about."""

    def __init__(
        self, code: ErrorCode | str, message: str, room: str | None = None, ref: Any = None, resent: bool = False
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.say: Any = None  # the refusal's words as the node sent them (a ``Say``), to say them in another language
        self.english = message
        self.room = room
        self.ref = ref
        # The request was sent more than once (through ``unavailable``): a ``stale_ply`` may mean that an
        # earlier copy was played after all (the room's state tells).
        self.resent = resent

    @classmethod
    def of(cls, error: p.Error, resent: bool = False, lang: str = i18n.DEFAULT) -> Refused:
        """The refusal ``error``, its message in ``lang`` (the catalog's words for its ``say``; in English
        the server's own, which name the input)."""
        message = error.message if lang == i18n.DEFAULT else i18n.tr_say(lang, error.say, error.message)
        refused = cls(error.code, message, error.room, error.ref, resent)
        refused.say, refused.english, refused.lang = error.say, error.message, i18n.pick(lang)
        return refused

    def said(self, lang: str | None = None) -> str:
        """The refusal's code and words in ``lang`` (None: the language it was raised in)."""
        code = self.lang if lang is None else i18n.pick(lang)
        if code == self.lang:
            return str(self)
        message = self.english if code == i18n.DEFAULT else i18n.tr_say(code, self.say, self.english)
        return f"{self.code}: {message}"


class LinkLost(ClientError):
    """The link dropped while a request waited for its reply; the request may or may not have been handled."""


class LinkClosed(ClientError):
    """The connection is over: closed by :meth:`Connection.close`, refused for good, or reconnecting gave up."""


class BadAddress(ClientError, ValueError):
    """A server URL that is empty or not a ws:// or wss:// address."""


class NoLink(ClientError, TimeoutError):
    """No link to the node within the time a request may wait for one (the connection is still reconnecting)."""


@dataclasses.dataclass(frozen=True)
class LinkDown:
    """Local event: the link to the server dropped; the connection is trying to come back."""

    code: int | None
    reason: str


@dataclasses.dataclass(frozen=True)
class LinkUp:
    """Local event: the link is back.  ``resumed`` is false when the server no longer knew the
    session and a new one was started (its seats are gone)."""

    welcome: p.Welcome
    resumed: bool


@dataclasses.dataclass(frozen=True)
class Moved:
    """Local event: the node the link was to is leaving (``node_leaving``) and the session moved to another
    node without a break: ``welcome`` is the new node's, whose ``room_state``\\ s follow as after a resume."""

    welcome: p.Welcome
    old_url: str
    new_url: str


@dataclasses.dataclass(frozen=True)
class CatchingUp:
    """Local event: the server answered ``unavailable`` (a cluster's store is away for a moment); the requests
    safe to send again are being sent again until it is back.  Said once, until :class:`CaughtUp`."""


@dataclasses.dataclass(frozen=True)
class CaughtUp:
    """Local event: after :class:`CatchingUp`, a request got through again, or a room's message showed the store
    taking writes again (a move stored, a game ended), ``after_s`` seconds later; queued before that message.
    ``ended``: that message was the end of a game (the game of a request sent again, when it had one)."""

    after_s: float
    ended: bool = False


Event = BaseModel | LinkDown | LinkUp | Moved | CatchingUp | CaughtUp


@dataclasses.dataclass(eq=False)
class _Resending:
    """A request that may be sent again through ``unavailable``; ``wake`` ends its pause between copies at once
    (its room made it moot: ``protocol.resend.MOOT_ONCE_OVER``; or the connection is closing)."""

    msg: BaseModel
    wake: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)


@dataclasses.dataclass(frozen=True)
class Backoff:
    """Exponential backoff between reconnection attempts, with jitter, giving up after a while."""

    initial_s: float = 0.2
    factor: float = 2.0
    max_s: float = 5.0
    jitter: float = 0.2
    give_up_after_s: float | None = 120.0

    def delays(self, rng: random.Random) -> Iterator[float]:
        """The waits before each attempt: initial, initial*factor, ... capped at max_s, each +-jitter."""
        delay = self.initial_s
        while True:
            yield delay * (1 + self.jitter * (2 * rng.random() - 1))
            delay = min(delay * self.factor, self.max_s)


@dataclasses.dataclass(frozen=True)
class Resend:
    """When a request answered ``unavailable`` is sent again (docs/PROTOCOL.md 2.1; ``protocol.resend``)."""

    first_s: float = resending_rules.RESEND_FIRST_S
    factor: float = resending_rules.RESEND_FACTOR
    every_s: float = resending_rules.RESEND_EVERY_S
    jitter: float = resending_rules.RESEND_JITTER
    for_s: float = resending_rules.RESEND_FOR_S

    def delays(self, rng: random.Random) -> Iterator[float]:
        """The pauses before each copy: first_s, first_s*factor, ... up to every_s, each +-jitter."""
        delay = self.first_s
        while True:
            yield delay * (1 + self.jitter * (2 * rng.random() - 1))
            delay = min(delay * self.factor, self.every_s)


def is_safe_to_resend(msg: BaseModel) -> bool:
    """Whether a second copy of ``msg`` can change nothing the first did (``protocol.resend.SAFE_TO_RESEND``)."""
    return getattr(msg, "type", None) in resending_rules.SAFE_TO_RESEND


def normalize_url(server: str, lang: str | None = None) -> str:
    """``host:port`` -> ``ws://host:port/``; ws:// and wss:// URLs are kept as they are.  :class:`BadAddress` (a
    ValueError) in ``lang`` (None: the system's locale) for one that is empty or of another scheme."""
    s = server.strip()
    if not s:
        raise BadAddress.saying(lang, "link-url-empty", several="no")
    if "://" not in s:
        s = "ws://" + s
    scheme = s.split("://", 1)[0].lower()
    if scheme not in ("ws", "wss"):
        raise BadAddress.saying(lang, "link-url-scheme", url=repr(server), scheme=scheme)
    return s


def parse_servers(servers: str | Sequence[str], lang: str | None = None) -> list[str]:
    """One node URL, or several (comma separated, or a list of them) -> their normalised URLs, each once.

    :class:`BadAddress` (a ValueError), said in ``lang``, when none is given or one is not a ws:// or wss:// address.
    """
    items = [servers] if isinstance(servers, str) else list(servers)
    out: list[str] = []
    for item in items:
        for part in item.split(","):
            if not part.strip():
                continue
            url = normalize_url(part, lang)
            if url not in out:
                out.append(url)
    if not out:
        raise BadAddress.saying(lang, "link-url-empty", several="yes")
    return out


# The errors of opening a link that have their own words (``link-os-<name>``); another is said as the system says it.
_OS_ERRORS = {errno.ENETUNREACH: "net-unreachable", errno.EHOSTUNREACH: "host-unreachable",
              errno.ECONNRESET: "reset", errno.ECONNABORTED: "reset"}
# Where the language a failure to open a link was asked in is kept on it (see `_asked_in`).
_LANG = "grundy_lang"


def _asked_in(error: BaseException, lang: str) -> BaseException:
    """``error`` (from opening a link) marked with the language of the connection that tried: what
    :func:`why_unreachable` says of it is in that language."""
    with contextlib.suppress(AttributeError, TypeError):
        setattr(error, _LANG, lang)
    return error


def why_unreachable(url: str, error: BaseException, lang: str | None = None) -> str:
    """Why a node could not be reached, in words a person can act on (``error`` from opening the link), in
    ``lang`` (a tag; None: the language of the connection or probe that raised ``error``, else the system's
    locale)."""
    if lang is not None:
        code = i18n.pick(lang)
    else:
        code = error.lang if isinstance(error, ClientError) else getattr(error, _LANG, None) or i18n.from_env()
    where = url.split("://", 1)[-1].rstrip("/")

    def say(msg_id: str, **words: Any) -> str:
        return i18n.tr(code, msg_id, where=where, **words)

    if isinstance(error, ConnectionRefusedError):
        return say("link-nothing-listens")
    if isinstance(error, socket.gaierror):
        return say("link-dns-down" if error.errno == socket.EAI_AGAIN else "link-unknown-host")
    if isinstance(error, TimeoutError):
        return say("link-no-answer")
    if isinstance(error, ws_errors.InvalidStatus):
        return say("link-http", status=str(error.response.status_code))
    if isinstance(error, (ws_errors.InvalidHandshake, ws_errors.InvalidMessage)):
        return say("link-not-websocket")
    if isinstance(error, ws_errors.InvalidURI):
        return say("link-not-ws-address", url=repr(url))
    if isinstance(error, Refused):
        return say("link-node-refused", code=str(error.code), why=error.said(code).partition(": ")[2])
    if isinstance(error, ClientError):
        return say("link-node-other", why=error.said(code))
    if isinstance(error, OSError) and error.errno in _OS_ERRORS:
        return say(f"link-os-{_OS_ERRORS[error.errno]}")
    if isinstance(error, OSError):
        return say("link-node-other", why=str(error.strerror or error))
    return say("link-node-other", why=str(error))


async def probe(url: str, timeout: float = 5.0, lang: str | None = None) -> str | None:
    """Open and close a WebSocket link to ``url`` (no session is made); None when it answers, else why not, in
    ``lang`` (a tag; None: the system's locale)."""
    try:
        ws = await connect(normalize_url(url, lang), open_timeout=timeout, proxy=None, compression=None)
    except BadAddress as e:
        return str(e)
    except (OSError, TimeoutError, ws_errors.WebSocketException) as e:
        return why_unreachable(url, e, lang)
    await ws.close()
    return None


_END = object()


class Connection:
    """A session on one grundy node: hello/resume, requests by ``ref``, an event stream, reconnection.

    ``server`` is the node's URL, or several nodes of one cluster (a comma-separated string or a list):
    the link goes to the first that answers (``node_url``), and the others are where a reconnection
    goes when that one is gone.
    ``name`` is the display name for ``hello``: a registered player's name says hello with
    ``secret``, or with the secret saved for it on this server (``grundy register``); ``kind`` is
    ``bot`` for a program.  ``token`` resumes an earlier session instead.  With ``reconnect``
    false a dropped link ends the connection.  ``rng`` drives the backoff
    jitter (pass a seeded one for repeatable timing).  ``lang`` is the language the client speaks (a BCP 47
    tag; None: the system's locale): sent in ``hello``, and the words of the refusals and errors it raises.
    """

    def __init__(
        self,
        server: str | Sequence[str],
        name: str,
        *,
        client: str = DEFAULT_CLIENT,
        versions: tuple[int, ...] = p.SUPPORTED_VERSIONS,
        token: str | None = None,
        secret: str | None = None,
        kind: str = "human",
        reconnect: bool = True,
        backoff: Backoff = Backoff(),
        resend: Resend | None = Resend(),
        request_timeout: float = 30.0,
        open_timeout: float = 10.0,
        rng: random.Random | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = i18n.from_env() if lang is None else i18n.pick(lang)  # said in hello; its errors worded in it
        self.urls = parse_servers(server, self.lang)  # the nodes this connection was given, in the order given
        self.url = self.urls[0]
        self.node_url = self.url  # the node the link is to (another of the cluster's after a failover)
        self.name = name
        self.client = client
        self.versions = list(versions)
        self.token = token
        self.secret = secret
        self.kind = kind
        self.player: str | None = None  # the registered player the session is (from welcome); None for a guest
        self.reconnect = reconnect
        self.backoff = backoff
        self.resend = resend  # None: a request answered `unavailable` raises Refused at once
        self.request_timeout = request_timeout
        self.open_timeout = open_timeout
        self.rng = rng or random.Random()
        self.welcome: p.Welcome | None = None
        self.session: str | None = None
        self.version: int | None = None
        self.reconnects = 0
        self._ws: ClientConnection | None = None
        self._refs = itertools.count(1)
        self._pending: dict[Any, asyncio.Future[BaseModel]] = {}
        self._events: asyncio.Queue[Any] = asyncio.Queue()
        self._ready = asyncio.Event()
        self._done = asyncio.Event()
        self._closing_now = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._moving: asyncio.Task[bool] | None = None  # a move to another node (``node_leaving``) under way
        self._moving_from: ClientConnection | None = None  # the link it leaves
        self.moves = 0  # moves to another node without a break
        self._closing = False
        self._over: ClientError | None = None
        # Catching up (an `unavailable` answer, said once): since when (None: not now), and when a request last
        # got through after it (a late `unavailable` to a request sent before that is not a new outage).
        self._catching_up_since: float | None = None
        self._caught_up_at = float("-inf")
        self._resending: set[_Resending] = set()  # requests answered `unavailable` and being sent again now
        # The copies waiting for their answer (by ref): when each was sent, and its request if it may be sent again.
        self._asked: dict[Any, tuple[float, _Resending | None]] = {}

    # ------------------------------------------------------------------ lifecycle

    async def __aenter__(self) -> Connection:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def is_connected(self) -> bool:
        """True while the link is up and the session established."""
        return self._ready.is_set()

    @property
    def is_over(self) -> bool:
        """True once the connection has ended for good."""
        return self._over is not None

    async def connect(self) -> p.Welcome:
        """Open the link and say hello (or resume with ``token``); returns the ``welcome``.

        Raises Refused (e.g. ``unsupported_version``), or OSError / TimeoutError / a
        websockets handshake error when the server cannot be reached (:func:`why_unreachable` says why in the
        connection's language).  A hello every node answers
        ``unavailable`` (a cluster's store away) is said again on the :class:`Resend` schedule.
        """
        if self._reader is not None:
            raise ClientError("connect() was already called on this connection")
        loop = asyncio.get_running_loop()
        first = loop.time()
        delays = (self.resend or Resend(for_s=0.0)).delays(self.rng)
        while True:
            try:
                ws, welcome = await self._first_link()
                break
            except Refused as e:
                delay = next(delays)
                if e.code != ErrorCode.UNAVAILABLE or self.resend is None:
                    raise
                if loop.time() + delay - first > self.resend.for_s:
                    raise
                log.info("%s: the server is catching up (%s); hello again in %.2f s", self.name, e.message, delay)
                await asyncio.sleep(delay)
        self._up(ws, welcome)
        self._reader = asyncio.create_task(self._read_loop(), name=f"grundy-reader-{self.name}")
        return welcome

    async def _first_link(self) -> tuple[ClientConnection, p.Welcome]:
        """The first node of ``urls`` that answers, and its welcome (see :meth:`connect`)."""
        for i, url in enumerate(self.urls):
            last = i == len(self.urls) - 1
            try:
                ws = await self._open(url)
            except (OSError, TimeoutError, ws_errors.InvalidHandshake, ws_errors.InvalidURI) as e:
                if last:
                    _asked_in(e, self.lang)
                    raise
                log.info("%s: %s: %s; trying the next node", self.name, url, why_unreachable(url, e, i18n.DEFAULT))
                continue
            self.node_url = url
            try:
                welcome = await self._greet(ws)
            except Refused as e:
                await ws.close()
                if last or e.code not in RETRY_CODES:
                    raise
                continue
            except BaseException:
                await ws.close()
                raise
            return ws, welcome
        raise ClientError("no node to connect to")  # (never: parse_servers gives at least one)

    async def close(self) -> None:
        """Close the link normally (1000) and end the event stream; pending requests get LinkClosed."""
        if self._closing:
            if self._reader is not None:
                await asyncio.gather(self._reader, return_exceptions=True)
            return
        self._closing = True
        self._closing_now.set()
        for resending in self._resending:
            resending.wake.set()
        if self._moving is not None and not self._moving.done():
            self._moving.cancel()
            await asyncio.gather(self._moving, return_exceptions=True)
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._reader), 5)
            except TimeoutError:
                self._reader.cancel()
                await asyncio.gather(self._reader, return_exceptions=True)
        self._finish(LinkClosed.saying(self.lang, "link-closed"))

    # ------------------------------------------------------------------ requests

    async def request(self, msg: BaseModel, timeout: float | None = None) -> BaseModel:
        """Send ``msg`` (given a fresh ``ref`` unless it has one) and return its reply.

        Raises Refused for an ``error`` reply, LinkLost if the link drops before the
        reply, LinkClosed when the connection is over, TimeoutError after ``timeout``
        (default ``request_timeout``, for each copy).  While reconnecting it waits for the link first.
        A request answered ``unavailable`` is sent again on the :class:`Resend` schedule (each copy with a
        fresh ``ref`` unless ``msg`` has its own) when it is safe to (:func:`is_safe_to_resend`), until it
        gets another answer or the schedule's ``for_s`` has passed (then it raises that ``unavailable``).
        A copy waiting for its turn is sent at once when its room's messages make it moot (a move whose room
        went past its ply, a request of a game that ended): its answer (``stale_ply``, ``game_over``) ends it.
        """
        loop = asyncio.get_running_loop()
        own_ref = getattr(msg, "ref", None) is None
        resend = self.resend
        resending = _Resending(msg) if resend is not None and is_safe_to_resend(msg) else None
        delays: Iterator[float] | None = None
        first_answer: float | None = None
        copies = 0
        try:
            while True:
                copy = msg.model_copy(update={"ref": next(self._refs)}) if own_ref else msg
                reply = await self._ask(copy, timeout, resending)  # (an `unavailable` answer is counted as it comes)
                copies += 1
                if not (isinstance(reply, p.Error) and reply.code == ErrorCode.UNAVAILABLE):
                    break
                if resend is None or resending is None:
                    break
                if delays is None:
                    delays, first_answer = resend.delays(self.rng), loop.time()
                delay = next(delays)
                assert first_answer is not None
                if loop.time() + delay - first_answer > resend.for_s:
                    break
                log.debug("%s: %s answered unavailable; again in %.2f s", self.name, getattr(msg, "type", "?"), delay)
                if resending in self._resending:  # (else made moot already: the copy goes at once)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(resending.wake.wait(), delay)  # (moot, or a close(): at once)
                resending.wake.clear()
                if self._closing:
                    raise LinkClosed.saying(self.lang, "link-closed")
        finally:
            if resending is not None:
                self._resending.discard(resending)
        if isinstance(reply, p.Error):
            raise Refused.of(reply, resent=copies > 1, lang=self.lang)
        return reply

    def _answered(self, ref: Any, reply: BaseModel) -> None:
        """The copy ``ref`` got its ``reply`` (as it comes, before anything read after it): :class:`CatchingUp` for
        an ``unavailable`` (and its request counted as being sent again), else :class:`CaughtUp` if it closes that."""
        sent, resending = self._asked.pop(ref, (None, None))
        if sent is None:
            return
        if isinstance(reply, p.Error) and reply.code == ErrorCode.UNAVAILABLE:
            self._unavailable(sent)
            if resending is not None:
                self._resending.add(resending)
            return
        if resending is not None:
            self._resending.discard(resending)
        self._got_through(sent, ended=isinstance(reply, p.GameOver))

    def _unavailable(self, sent: float) -> None:
        """A request sent at ``sent`` was answered ``unavailable``: :class:`CatchingUp`, once."""
        if self._catching_up_since is None and sent >= self._caught_up_at:
            self._catching_up_since = asyncio.get_running_loop().time()
            self._events.put_nowait(CatchingUp())

    def _got_through(self, sent: float, ended: bool = False) -> None:
        """A request sent at ``sent`` got an answer that is not ``unavailable``: :class:`CaughtUp` if catching up
        and no other request is still being sent again (a read may get through while writes cannot yet)."""
        since = self._catching_up_since
        if since is not None and sent >= since and not self._resending:
            self._caught_up(ended)

    def _caught_up(self, ended: bool) -> None:
        """Close the notice: :class:`CaughtUp`, queued now (before whatever message showed it)."""
        since = self._catching_up_since
        assert since is not None
        now = asyncio.get_running_loop().time()
        self._catching_up_since = None
        self._caught_up_at = now
        self._events.put_nowait(CaughtUp(now - since, ended))

    def _overtaken(self, msg: BaseModel) -> None:
        """A room's message (before it is queued): the requests being sent again that it makes moot are sent at
        once (``protocol.resend.MOOT_ONCE_OVER``), and the notice closes when it shows the store writing again (a
        move stored, a game ended) and no request is still being sent again."""
        room = getattr(msg, "room", None)
        ended = isinstance(msg, p.GameOver) or (isinstance(msg, p.RoomState) and msg.status in ("finished", "aborted"))
        if isinstance(msg, p.MoveMade):
            at = msg.ply + 1
        elif isinstance(msg, p.RoomState):
            at = msg.ply
        else:
            at = -1
        moot = False
        for resending in list(self._resending):
            req = resending.msg
            if getattr(req, "room", None) != room or getattr(req, "type", None) not in resending_rules.MOOT_ONCE_OVER:
                continue
            if ended or (isinstance(req, p.Move) and at > req.ply):
                self._resending.discard(resending)
                resending.wake.set()
                moot = True
        stored = moot or ended or isinstance(msg, p.MoveMade)
        if stored and self._catching_up_since is not None and not self._resending:
            self._caught_up(ended)

    async def _ask(self, msg: BaseModel, timeout: float | None, resending: _Resending | None = None) -> BaseModel:
        """One copy of ``msg`` (with its ``ref``) sent, and its reply (an ``error`` too); ``resending``: its request,
        when it may be sent again."""
        timeout = self.request_timeout if timeout is None else timeout
        ref = getattr(msg, "ref", None)
        if ref in self._pending:
            raise ClientError("a request with this ref is already waiting for its reply", ref)  # (the program's fault)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        await self._wait_ready(timeout)
        fut: asyncio.Future[BaseModel] = loop.create_future()
        self._pending[ref] = fut
        self._asked[ref] = (loop.time(), resending)
        try:
            await self._send_now(msg)
            return await asyncio.wait_for(fut, max(0.0, deadline - loop.time()))
        finally:
            self._pending.pop(ref, None)
            self._asked.pop(ref, None)

    async def send(self, msg: BaseModel) -> None:
        """Send ``msg`` without waiting for a reply (its answer, if any, goes to the event stream)."""
        await self._wait_ready(self.request_timeout)
        await self._send_now(msg)

    async def ping(self) -> float:
        """Round-trip time to the server, seconds."""
        loop = asyncio.get_running_loop()
        t = loop.time()
        await self.request(p.Ping())
        return loop.time() - t

    # ------------------------------------------------------------------ events

    async def events(self) -> AsyncIterator[Event]:
        """Every pushed message and link event, in arrival order, until the connection is over.

        Ends quietly after :meth:`close`; raises LinkClosed when the connection ended
        otherwise (refused, or reconnecting gave up).  One consumer at a time.
        """
        while True:
            item = await self._events.get()
            if item is _END:
                self._events.put_nowait(_END)  # later readers see the end too
                if self._over is not None and not self._closing:
                    raise self._over
                return
            yield item

    async def next_event(self, timeout: float | None = None) -> Event:
        """The next event; TimeoutError after ``timeout`` seconds; LinkClosed when the stream is over."""
        item = await asyncio.wait_for(self._events.get(), timeout)
        if item is _END:
            self._events.put_nowait(_END)
            raise self._over or LinkClosed.saying(self.lang, "link-closed")
        return item  # type: ignore[no-any-return]

    async def wait_for(self, match: Callable[[Event], bool], timeout: float | None = None) -> Event:
        """Skip events until one for which ``match`` is true, and return it (TimeoutError after ``timeout``)."""

        async def scan() -> Event:
            while True:
                ev = await self.next_event()
                if match(ev):
                    return ev

        return await asyncio.wait_for(scan(), timeout)

    def pending_events(self) -> list[Event]:
        """Take every event already queued, without waiting."""
        out: list[Event] = []
        while not self._events.empty():
            item = self._events.get_nowait()
            if item is _END:
                self._events.put_nowait(_END)
                break
            out.append(item)
        return out

    # ------------------------------------------------------------------ internals

    def _targets(self) -> list[str]:
        """Where to reconnect, in turn: the node the link was to, the cluster's other nodes (``welcome.nodes``),
        and the URLs this connection was made with."""
        nodes = self.welcome.nodes if self.welcome is not None else []
        out: list[str] = []
        for url in (self.node_url, *nodes, *self.urls):
            try:
                url = normalize_url(url)
            except ValueError:
                continue
            if url not in out:
                out.append(url)
        return out

    async def _open(self, url: str | None = None) -> ClientConnection:
        return await connect(
            url or self.url,
            max_size=MAX_SERVER_FRAME,
            compression=None,
            open_timeout=self.open_timeout,
            user_agent_header=self.client,
            proxy=None,
        )

    async def _greet(self, ws: ClientConnection) -> p.Welcome:
        """Say hello (or resume) on a fresh link and return the welcome; falls back to hello on bad_token."""
        if self.token is not None:
            try:
                return await self._exchange(ws, p.Resume(versions=self.versions, token=self.token, ref="resume"))
            except Refused as e:
                if e.code != ErrorCode.BAD_TOKEN:
                    raise
                log.warning("%s: the server no longer knows our session (%s); starting a new one", self.name, e)
        secret = self.secret
        for url in (self.node_url, *self.urls):  # (saved for the node, or for one of the cluster's given)
            if secret is not None:
                break
            secret = saved_secret(url, self.name)
        hello = p.Hello(
            versions=self.versions, name=self.name, client=self.client, kind=self.kind, secret=secret, ref="hello",
            lang=self.lang,
        )  # type: ignore[arg-type]
        return await self._exchange(ws, hello)

    async def _exchange(self, ws: ClientConnection, msg: BaseModel) -> p.Welcome:
        await ws.send(p.encode(msg))
        async with asyncio.timeout(self.open_timeout):
            while True:
                reply = _decode(await ws.recv())
                if reply is None:
                    continue
                if isinstance(reply, p.Welcome):
                    return reply
                if isinstance(reply, p.Error):
                    raise Refused.of(reply, lang=self.lang)
                log.debug("%s: ignoring %s before the welcome", self.name, reply.type)  # type: ignore[attr-defined]

    def _up(self, ws: ClientConnection, welcome: p.Welcome) -> None:
        self._ws = ws
        self.welcome = welcome
        self.session = welcome.session
        self.token = welcome.token
        self.version = welcome.version
        self.name = welcome.name
        self.player = welcome.player
        self._ready.set()

    async def _wait_ready(self, timeout: float) -> None:
        if self._over is not None:
            raise self._over
        if self._reader is None:
            raise ClientError("not connected: call connect() first (or use `async with`)")
        if self._ready.is_set():
            return
        over = asyncio.ensure_future(self._done.wait())
        ready = asyncio.ensure_future(self._ready.wait())
        try:
            done, _ = await asyncio.wait({over, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            over.cancel()
            ready.cancel()
        if self._over is not None:
            raise self._over
        if not done:
            raise NoLink.saying(self.lang, "link-none-within", url=self.node_url, seconds=_number(timeout))

    async def _send_now(self, msg: BaseModel) -> None:
        ws = self._ws
        if ws is None or not self._ready.is_set():
            raise LinkLost.saying(self.lang, "link-down", url=self.node_url)
        try:
            await ws.send(p.encode(msg))
        except ws_errors.ConnectionClosed:
            raise LinkLost.saying(self.lang, "link-dropped-sending", url=self.node_url) from None

    async def _read_loop(self) -> None:
        while True:
            ws = self._ws
            assert ws is not None
            try:
                async for frame in ws:
                    self._dispatch(frame)
            except ws_errors.ConnectionClosed:
                pass
            except Exception:  # a bug here must not leave requests hanging
                log.exception("%s: reading from %s failed", self.name, self.node_url)
            if ws is self._moving_from and self._moving is not None:  # (closed for the move: the new link reads)
                await asyncio.wait({self._moving})
                moved = not self._moving.cancelled() and self._moving.exception() is None and self._moving.result()
                if moved or self._closing:
                    return
            if ws is not self._ws:  # a link left behind by a move: the new one has its own reader
                return
            self._ready.clear()
            if self._closing:
                return
            code, reason = ws.close_code, ws.close_reason or ""
            self._fail_pending(LinkLost.saying(self.lang, "link-dropped", url=self.node_url, code=str(code)))
            if not self.reconnect or code in FINAL_CLOSE_CODES:
                said = {"code": str(code), "reason": reason, "given": "yes" if reason else "no"}
                self._finish(LinkClosed.saying(self.lang, "link-server-closed", **said))
                return
            log.info("%s: link down (code %s); reconnecting", self.name, code)
            self._events.put_nowait(LinkDown(code, reason))
            if not await self._come_back():
                return

    async def _come_back(self) -> bool:
        """Reconnect with backoff and resume; False (and the connection finished) when giving up."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        limit = self.backoff.give_up_after_s
        attempts = 0
        for delay in self.backoff.delays(self.rng):
            if limit is not None and loop.time() - start + delay > limit:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing_now.wait(), delay)  # a close() cuts the wait short
            if self._closing:
                return False
            attempts += 1
            old_session = self.session
            targets = self._targets()
            target = targets[(attempts - 1) % len(targets)]
            try:
                ws = await self._open(target)
            except (OSError, TimeoutError, ws_errors.InvalidHandshake) as e:
                log.debug("%s: reconnect attempt %d to %s failed: %s", self.name, attempts, target, e)
                continue
            try:
                welcome = await self._greet(ws)
            except Refused as e:
                await ws.close()
                if e.code in RETRY_CODES:  # (a cluster whose store is away for a moment: try again)
                    log.debug("%s: reconnect attempt %d refused for now: %s", self.name, attempts, e)
                    continue
                self._finish(LinkClosed.saying(self.lang, "link-resume-refused", why=e))
                return False
            except (OSError, TimeoutError, ws_errors.ConnectionClosed) as e:
                log.debug("%s: reconnect attempt %d failed during resume: %s", self.name, attempts, e)
                await ws.close()
                continue
            if self._closing:
                await ws.close()
                return False
            self._up(ws, welcome)
            self.node_url = target
            self.reconnects += 1
            resumed = welcome.resumed and welcome.session == old_session
            self._events.put_nowait(LinkUp(welcome, resumed))
            log.info("%s: link back to %s after %d attempt(s) (resumed: %s)", self.name, target, attempts, resumed)
            return True
        self._finish(LinkClosed.saying(self.lang, "link-gave-up", url=self.node_url, seconds=_number(limit or 0)))
        return False

    async def _move(self, nodes: list[str], within_s: float) -> bool:
        """The node is leaving: resume on another (one of ``nodes`` at random, the others in turn) before the
        link here closes, so nothing waits for a reconnection.  It starts at a random moment of the first fifth
        of ``within_s`` (at most 2 s): a node's clients do not all land on the others at once, while these are
        taking its rooms over.  Requests made meanwhile wait for the new link;
        those already sent here get their answers on either link (answers follow the session).  True once moved;
        False leaves the link here as it is (it closes later and reconnecting takes over)."""
        old = self._ws
        if old is None or self.token is None:
            return False
        self._moving_from = old
        old_session = self.session
        here = normalize_url(self.node_url)
        targets: list[str] = []
        for url in nodes:
            try:
                url = normalize_url(url)
            except ValueError:
                continue
            if url != here and url not in targets:
                targets.append(url)
        self.rng.shuffle(targets)
        loop = asyncio.get_running_loop()
        if targets:
            await asyncio.sleep(self.rng.uniform(0.0, min(2.0, max(0.0, within_s) / 5)))
        for target in targets:
            try:
                ws = await self._open(target)
            except (OSError, TimeoutError, ws_errors.InvalidHandshake) as e:
                log.debug("%s: moving to %s failed: %s", self.name, target, e)
                continue
            if self._closing or self._ws is not old:
                await ws.close()
                return False
            # Hold new requests, and give those on their way a moment to be answered here.
            self._ready.clear()
            quiet_by = loop.time() + 2.0
            while self._pending and loop.time() < quiet_by and not old.close_code:
                await asyncio.sleep(0.01)
            try:
                welcome = await self._exchange(ws, p.Resume(versions=self.versions, token=self.token, ref="resume"))
            except (Refused, OSError, TimeoutError, ws_errors.ConnectionClosed) as e:
                log.info("%s: moving to %s failed: %s", self.name, target, e)
                await ws.close()
                if self._ws is old and old.close_code is None:
                    self._ready.set()
                continue
            if self._closing:
                await ws.close()
                return False
            old_url = self.node_url
            self._up(ws, welcome)
            self.node_url = target
            self.moves += 1
            self._reader = asyncio.create_task(self._read_loop(), name=f"grundy-reader-{self.name}")
            if welcome.resumed and welcome.session == old_session:
                self._events.put_nowait(Moved(welcome, old_url, target))
            else:  # (the other node no longer knew the session: a new one, as after a lost link)
                self._events.put_nowait(LinkUp(welcome, False))
            log.info("%s: moved from %s to %s (the node is leaving)", self.name, old_url, target)
            loop.create_task(old.close())  # (the node closes it too, once the session is here)
            return True
        return False

    def _start_move(self, msg: p.NodeLeaving) -> None:
        if self._moving is not None and not self._moving.done():
            return
        if self._closing or not self.reconnect:
            return
        move = self._move(list(msg.nodes), msg.within_s)
        self._moving = asyncio.get_running_loop().create_task(move, name=f"grundy-move-{self.name}")

    def _dispatch(self, frame: bytes | str) -> None:
        msg = _decode(frame)
        if msg is None:
            return
        if isinstance(msg, p.NodeLeaving):
            self._start_move(msg)
        ref = getattr(msg, "ref", None)
        fut = self._pending.pop(ref, None) if ref is not None else None
        if fut is not None and not fut.done():
            self._answered(ref, msg)
            fut.set_result(msg)
        if isinstance(msg, ROOM_CHANGES) and (self._resending or self._catching_up_since is not None):
            self._overtaken(msg)
        if fut is None or isinstance(msg, ROOM_MESSAGES):
            self._events.put_nowait(msg)

    def _fail_pending(self, error: ClientError) -> None:
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(error)
        self._pending.clear()

    def _finish(self, error: ClientError) -> None:
        if self._over is not None:
            return
        self._over = error
        self._done.set()
        self._ready.clear()
        self._fail_pending(error)
        self._events.put_nowait(_END)


def _decode(frame: bytes | str) -> BaseModel | None:
    """The server message in a frame, or None (logged) for a frame this client cannot read."""
    try:
        return p.decode_server(frame)  # type: ignore[return-value]
    except ProtocolError as e:
        log.warning("dropping a server frame this client cannot read: %s", e.message)
        return None
