"""The tournaments of one node: the protocol requests and the effects of the pure core.

:mod:`server.tournament` decides everything (pairings, standings, when a round starts) and
:mod:`server.tournament.present` what clients are shown; this shell feeds the core events and
executes its effects, in the order it gives them:

* ``RatingChange`` — the ratings table in the store (``server.ratings.record_game``);
* ``Announce`` — the tournament is stored and a ``tournament_state`` goes to every entrant
  and watcher (the requester's copy carries its ``ref``);
* ``ResignGame`` — a withdrawn entrant resigns its game in progress (even before the first move: its opponent wins);
* ``CreateGame`` — a room whose seats are kept for the entrants (``invite`` seats behind a
  code nobody is told; hosted bots get bot seats).  Each entrant's session is seated at once
  and gets its ``room_state`` as if it had joined; an entrant who is offline is seated as
  disconnected, so the room's grace period runs and it forfeits unless it comes back.  The
  room is tagged with the tournament and round in the store (records show them), and a rated
  tournament's room is made ``rated`` (its ``room_state`` says so: clients give no hints in it);
* ``Refused`` — an ``error`` with the core's code (``server.errors.refusal_message``).

(``Schedule`` never comes: the protocol offers no start time, so tournaments start when
their creator says.)

Rooms report back through :meth:`Tournaments.game_ended` (``GameFinished``).  The Elo the
standings show is kept per player: a registered player's name (a guest's session id, for as
long as the session lasts; ``hosted:LEVEL`` bots as ``bot:LEVEL``), and a registered player
enters once.  A rated tournament's rooms are rated: the node applies the players' Glicko-2
ratings when each game finishes, as for any rated game (a guest's games change none).
Tournaments live in memory; the store keeps each one's latest state (with its title, creator
and watchers), and after a restart :meth:`Tournaments.restore` brings back every unfinished
one: games whose room the node restored go on in it, games whose room ended while the
tournament was not told are reported from the store's record, games whose room is lost are
made again, and the rounds after go on as usual.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server import ratings
from grundy.server import tournament as core
from grundy.server.clock import TimeControl
from grundy.server.errors import RoomError, TournamentError, in_language, refusal_message
from grundy.server.ratings import Glicko
from grundy.server.refusals import refusal
from grundy.server.room import ABORTED, FINISHED, Disconnect, GameEnded, Join, Resign, Room, SeatSpec
from grundy.server.tournament import present

if TYPE_CHECKING:
    from grundy.server.actor import RoomActor
    from grundy.server.background import Background
    from grundy.server.config import NodeConfig
    from grundy.server.ports import Directory, Link, Running, Store
    from grundy.server.room import RoomConfig
    from grundy.server.room_table import RoomTable
    from grundy.server.sessions import Session, Sessions

log = logging.getLogger("grundy.tournaments")

MAX_LISTED_TOURNAMENTS = 200
# Finished tournaments kept in memory (for get_tournament and the list); older ones live on only in the store.
KEEP_FINISHED = 200


class StoreRatings:
    """The store's ratings seen as a ``server.ratings.RatingTable``: read once into memory, written through.

    The pure rating code reads synchronously, so a player's rating is loaded (:meth:`load`)
    when the player enters a tournament or a tournament is restored; writes go to the store
    in the background, in order.  The table is Elo, which seeds and breaks ties; the standings show
    each player's Glicko-2 rating (:meth:`glicko`), read again once a rated game has changed it.
    """

    def __init__(self, store: Store, background: Background) -> None:
        self.store = store
        self.background = background
        self.known: dict[tuple[str, str], ratings.Rating | None] = {}
        # The players' Glicko-2 ratings, what the standings show (the Elo above seeds and breaks ties, unshown).
        self.shown: dict[tuple[str, str], Glicko | None] = {}

    async def load(self, player: str, game: str) -> None:
        if (player, game) not in self.known:
            self.known[(player, game)] = await self.store.get_rating(player, game)
        if (player, game) not in self.shown:
            await self.reload(player, game)

    async def reload(self, player: str, game: str) -> None:
        """Read the player's Glicko-2 rating again (a rated game changed it)."""
        self.shown[(player, game)] = (await self.store.glicko_of(player)).get(game)

    def glicko(self, player: str, game: str) -> Glicko | None:
        """The player's Glicko-2 rating as last read: what the standings show (the one every list shows)."""
        return self.shown.get((player, game))

    def get(self, player: str, game: str) -> ratings.Rating | None:
        return self.known.get((player, game))

    def put(self, player: str, game: str, rating: ratings.Rating) -> None:
        self.known[(player, game)] = rating
        store = self.store
        self.background.put(f"rating of {player} in {game}", lambda: store.put_rating(player, game, rating))


# A tournament's watchers and entrants get its state at most this often (its changes in between
# are in the next one); a request's own answer goes at once.
ANNOUNCE_EVERY_S = 0.1
# How long the standings wait for a rated game's ratings (applied in the background by the node that ran its room),
# and how often they look.
RATED_WAIT_S = 30.0
RATED_POLL_S = 0.1
# How long after a tournament game's room is made an entrant connected elsewhere then is looked for again.
AWAY_RECHECK_S = 1.0


@dataclasses.dataclass
class Entry:
    """What the shell keeps beside a tournament: its title, creator and watchers."""

    tournament: core.Tournament
    name: str
    creator: str  # display name
    watchers: set[str] = dataclasses.field(default_factory=set)  # session ids
    changes: dict[str, float] = dataclasses.field(default_factory=dict)  # rating key -> this tournament's change
    announced_at: float = -1e9  # monotonic time of the last tournament_state sent to everyone
    announce_pending: bool = False  # a tournament_state to everyone is due (ANNOUNCE_EVERY_S)


class Tournaments:
    """Every tournament of a node, by id, and the rooms their games are played in."""

    def __init__(
        self,
        config: NodeConfig,
        sessions: Sessions,
        rooms: RoomTable,
        store: Store,
        life: Running,
        room_config: RoomConfig,
        background: Background,
        players: Directory,
        rooms_elsewhere: bool = False,
    ) -> None:
        self.config = config
        self.background = background
        self.sessions = sessions
        self.rooms = rooms
        self.store = store
        self.life = life
        self.room_config = room_config
        self.entries: dict[str, Entry] = {}
        self.games: dict[str, str] = {}  # room id of a game -> its tournament id
        self.rooms_elsewhere = rooms_elsewhere  # an unfinished room not run here goes on on another node
        self.players = players  # who is connected (the directory port)
        self.forgotten: list[str] = []  # finished tournaments let go of since the host last looked (cluster)
        self.table = StoreRatings(store, background)
        self._following: set[asyncio.Task[None]] = set()  # rated games whose ratings the standings wait for

    def handlers(self) -> dict[type, Any]:
        """The tournament requests (the node adds them to its dispatch table)."""
        return {
            p.CreateTournament: self.create,
            p.EnterTournament: self.enter,
            p.Withdraw: self.withdraw,
            p.StartTournament: self.start,
            p.StopTournament: self.stop,
            p.ListTournaments: self.list_tournaments,
            p.GetTournament: self.get,
        }

    # ------------------------------------------------------------------ requests

    def _check_accepting(self, ref: Any) -> None:
        if self.life.stopping:
            raise refusal(TournamentError, ErrorCode.SHUTTING_DOWN, ref, "refuse-stopping-tournaments")

    async def create(self, conn: Link, session: Session, msg: p.CreateTournament) -> None:
        self._check_accepting(msg.ref)
        for i, level in enumerate(msg.bots):
            if level not in core.HOSTED_LEVELS:
                raise refusal(TournamentError, ErrorCode.BAD_PARAMS, msg.ref, "refuse-t-bot-level", i=i,
                              level=repr(level), levels=", ".join(core.HOSTED_LEVELS))
        most = self.config.max_open_tournaments
        mine = [e for e in self.entries.values() if e.tournament.organiser == session.id]
        if sum(1 for e in mine if e.tournament.status == core.OPEN) >= most:
            raise refusal(TournamentError, ErrorCode.TOO_MANY_TOURNAMENTS, msg.ref, "refuse-t-too-many", n=most)
        now = time.time()
        tc = None if msg.time_control is None else TimeControl(msg.time_control.initial_s, msg.time_control.increment_s)
        tid = "t-" + secrets.token_urlsafe(6)
        while tid in self.entries:
            tid = "t-" + secrets.token_urlsafe(6)
        t, effects = core.Tournament.create(
            tid,
            msg.game,
            now,
            format=msg.format,
            params=msg.params,
            time_control=tc,
            games_per_pairing=msg.games_per_pairing,
            rounds=msg.rounds,
            double=msg.double,
            rated=msg.rated,
            organiser=session.id,
            openings=msg.openings,
            concurrency=msg.concurrency,
        )
        for level in msg.bots:
            await self.table.load(f"bot:{level}", t.game)
        name = msg.name or present.default_name(t)
        self.entries[tid] = Entry(t, name, session.name, {session.id})
        self._execute(tid, effects)
        for level in msg.bots:
            self._feed(tid, self._hosted_entry(t, session, level, now))
        await self.background.drain()  # stored before anyone hears of it (a cluster finds it from then on)
        self._reply(tid, session, msg.ref)

    async def enter(self, conn: Link, session: Session, msg: p.EnterTournament) -> None:
        """An entry belongs to the player: a registered player enters once, whichever session asks; its
        tournament Elo is the player's (a guest's lasts as long as its session)."""
        game = self._entry(msg.tournament, msg.ref).tournament.game
        registered = await self.sessions.player_of(session.id)  # (a session of another node: from the store)
        player = registered or session.id
        await self.table.load(player, game)
        entry = self._entry(msg.tournament, msg.ref)
        mine = next((e for e in entry.tournament.entrants if e.player == player and e.kind != "hosted"), None)
        if registered is not None and mine is not None and mine.session != session.id:
            # The player entered from another connection: its entry follows it here (its later games
            # seat this session; a game already in play stays with the connection it was seated from).
            if self._feed(msg.tournament, core.Rebind(mine.id, session.id, time.time(), ref=msg.ref), session):
                entry.watchers.add(session.id)
            return
        rating = ratings.current(self.table, player, entry.tournament.game)
        kind: core.EntrantKind = "bot" if session.kind == "bot" else "human"
        event = core.Enter(
            session.id, session.name, time.time(), kind=kind, rating=rating.value, player=player, ref=msg.ref
        )
        if self._feed(msg.tournament, event, session):
            entry.watchers.add(session.id)

    def withdraw(self, conn: Link, session: Session, msg: p.Withdraw) -> None:
        self._entry(msg.tournament, msg.ref)
        self._feed(msg.tournament, core.Withdraw(session.id, time.time(), ref=msg.ref), session)

    def start(self, conn: Link, session: Session, msg: p.StartTournament) -> None:
        self._check_accepting(msg.ref)
        self._entry(msg.tournament, msg.ref)
        self._feed(msg.tournament, core.Start(session.id, time.time(), ref=msg.ref), session)

    def stop(self, conn: Link, session: Session, msg: p.StopTournament) -> None:
        """Its creator stops it: no new game starts; it finishes once the games in play end."""
        entry = self._entry(msg.tournament, msg.ref)
        before = entry.tournament
        if self._feed(msg.tournament, core.Stop(session.id, time.time(), ref=msg.ref), session):
            if entry.tournament is before:  # (already stopping: nothing changed, so nothing was announced)
                self._reply(msg.tournament, session, msg.ref)

    def list_tournaments(self, conn: Link, session: Session, msg: p.ListTournaments) -> None:
        found = [e for e in self.entries.values() if msg.status is None or e.tournament.status == msg.status]
        found.sort(key=lambda e: e.tournament.created_at, reverse=True)
        summaries = [self._summary(e) for e in found[:MAX_LISTED_TOURNAMENTS]]
        conn.send(p.encode(p.Tournaments(ref=msg.ref, tournaments=summaries)))

    def get(self, conn: Link, session: Session, msg: p.GetTournament) -> None:
        entry = self._entry(msg.tournament, msg.ref)
        entry.watchers.add(session.id)
        conn.send(p.encode(self.state(msg.tournament, msg.ref)))

    # ------------------------------------------------------------------ after a restart

    async def restore(self) -> None:
        """Bring back every unfinished tournament from the store (after the node restored its rooms)."""
        for data in await self.store.unfinished_tournaments():
            await self.restore_one(data)

    async def restore_one(self, data: dict[str, Any]) -> bool:
        """Bring back one stored tournament (after a restart, or taken over in a cluster); False if it cannot be."""
        now = time.time()
        try:
            t = core.Tournament.from_dict(data)
        except TournamentError as e:
            log.error("tournament %s cannot be restored: %s", data.get("id"), e.message)
            return False
        name = data.get("name") or present.default_name(t)
        for entrant in t.entrants:
            await self.table.load(entrant.rating_key, t.game)
        self.entries[t.id] = Entry(t, name, data.get("creator") or "", set(data.get("watchers") or ()))
        self.entries[t.id].changes = {str(k): float(v) for k, v in (data.get("rating_changes") or {}).items()}
        reports = [await self._reconnect_game(t, g, now) for g in _games_in_play(t)]
        self._execute(t.id, t.resume())
        for report in reports:
            if report is not None:
                self._feed(t.id, report)
        log.info("restored tournament %s (%s, %s, round %d)", t.id, t.format, t.status, len(t.rounds))
        return True

    def drop(self, tid: str) -> None:
        """Stop running a tournament here (another node runs it now); nothing is written."""
        self.entries.pop(tid, None)
        for rid in [r for r, t in self.games.items() if t == tid]:
            del self.games[rid]

    def report_game(self, tid: str, room_id: str, outcomes: list[Any] | None) -> None:
        """A game of one of this node's tournaments ended in a room run elsewhere (cluster)."""
        if tid in self.entries:
            self.games.pop(room_id, None)
            self._feed(tid, core.GameFinished(room_id, outcomes, time.time()))

    async def _reconnect_game(
        self, t: core.Tournament, g: core.TournamentGame, now: float
    ) -> core.GameFinished | None:
        """Link a game in play to its restored room, or the report of a room that ended or was lost meanwhile."""
        assert g.room is not None
        actor = self.rooms.get(g.room)
        if actor is not None:  # the room goes on (or ends as it is restored): it reports as usual
            self.games[g.room] = t.id
            for eid in g.seats:
                e = t.entrant(eid)
                if eid in t.withdrawn and e is not None and e.session is not None:
                    actor.put(Resign(e.session, now))
            return None
        stored = await self.store.load_room(g.room)
        if stored is not None and stored.status == FINISHED and stored.result is not None:
            return core.GameFinished(g.room, list(stored.result["outcomes"]), now)
        if self.rooms_elsewhere and stored is not None and stored.status in ("waiting", "playing"):
            self.games[g.room] = t.id  # it goes on on another node (cluster), which reports its end here
            return None
        why = "aborted" if stored is not None and stored.status == ABORTED else "lost in the restart"
        log.info("tournament %s: the room %s of game %s was %s", t.id, g.room, g.key, why)
        return core.GameFinished(g.room, None, now)

    # ------------------------------------------------------------------ rooms report back

    def game_ended(self, room_id: str, ended: GameEnded) -> None:
        """A room ended: if it is a tournament game, the tournament hears its outcomes (None if aborted)."""
        tid = self.games.pop(room_id, None)
        if tid is None or tid not in self.entries:
            return
        outcomes = None
        if ended.status == "finished" and ended.result is not None:
            outcomes = list(ended.result["outcomes"])
        self._feed(tid, core.GameFinished(room_id, outcomes, time.time()))

    # ------------------------------------------------------------------ the core's effects

    def _hosted_entry(self, t: core.Tournament, session: Session, level: str, now: float) -> core.Enter:
        rating = ratings.current(self.table, f"bot:{level}", t.game)
        return core.Enter(session.id, "", now, kind="hosted", level=level, rating=rating.value)

    def _feed(self, tid: str, event: core.Event, session: Session | None = None) -> bool:
        """Hand the tournament one event and execute the effects; False if the request was refused."""
        entry = self.entries[tid]
        old = entry.tournament
        new, effects = old.handle(event)
        entry.tournament = new
        ref = getattr(event, "ref", None)
        self._execute(tid, effects, session.id if session is not None else None, ref)
        return not any(isinstance(e, core.Refused) for e in effects)

    def _execute(self, tid: str, effects: list[core.Effect], session: str | None = None, ref: Any = None) -> None:
        for e in effects:
            try:
                if isinstance(e, core.RatingChange):
                    if e.players[0] != e.players[1]:  # two hosted bots of one level share a rating: not rated
                        ratings.record_game(self.table, e.game, e.players, e.outcomes)
                        self._follow_rating(tid, e)
                elif isinstance(e, core.Announce):
                    self._save_entry(tid, e.tournament)
                    self._announce(tid, session, ref)
                elif isinstance(e, core.ResignGame):
                    actor = self.rooms.get(e.room)
                    if actor is not None:
                        actor.put(Resign(e.session, time.time()))
                elif isinstance(e, core.CreateGame):
                    self._create_game(tid, e)
                elif isinstance(e, core.Finished):
                    log.info("tournament %s finished: %s", tid, ", ".join(f"{s.name} {s.points}" for s in e.standings))
                    self._forget_old(keep=tid)
                elif isinstance(e, core.Refused):
                    self._refused(e)
            except Exception:
                log.exception("tournament %s: failed on %r", tid, e)

    def _save_entry(self, tid: str, t: core.Tournament) -> None:
        entry = self.entries[tid]
        shell = {"name": entry.name, "creator": entry.creator, "watchers": sorted(entry.watchers)}
        self._save(tid, t.status, t.to_dict() | shell | {"rating_changes": dict(entry.changes)})

    def _follow_rating(self, tid: str, e: core.RatingChange) -> None:
        """A rated game of the tournament ended: once its node has rated it, the standings show the new ratings."""
        try:
            task = asyncio.get_running_loop().create_task(self._rated(tid, e))
        except RuntimeError:  # (no loop: a test driving the shell by hand)
            return
        self._following.add(task)
        task.add_done_callback(self._following.discard)

    async def _rated(self, tid: str, e: core.RatingChange) -> None:
        """Wait (at most RATED_WAIT_S) for the game's ratings, which the node that ran its room applies in the
        background; then read both players' ratings again, add the changes to the tournament's, keep them and
        push the standings to everyone watching (no refresh needed)."""
        deadline = time.monotonic() + RATED_WAIT_S
        try:
            if all(key.startswith("bot:") for key in e.players):  # (a game between hosted bots changes none)
                return
            for key in e.players:  # (nor does a guest's)
                if not key.startswith("bot:") and await self.store.load_player(key) is None:
                    return
            while (seats := await self.store.game_ratings(e.room)) is None:
                if time.monotonic() > deadline:  # (a guest's game changes no rating)
                    return
                await asyncio.sleep(RATED_POLL_S)
            for player in e.players:
                await self.table.reload(player, e.game)
        except Exception as exc:  # (the standings keep the ratings they had; the next game reads them again)
            log.warning("tournament %s: the ratings of room %s could not be read: %s", tid, e.room, exc)
            return
        entry = self.entries.get(tid)
        if entry is None:
            return
        for key, seat in zip(e.players, seats, strict=False):
            entry.changes[key] = entry.changes.get(key, 0.0) + (seat.after - seat.before)
        self._save_entry(tid, entry.tournament)
        self._announce(tid, None, None)

    def _save(self, tid: str, status: str, data: dict[str, Any]) -> None:
        store = self.store
        self.background.put(f"tournament {tid}", lambda: store.save_tournament(tid, status, data))

    def _forget_old(self, keep: str) -> None:
        """Keep only the KEEP_FINISHED most recently created finished tournaments (and ``keep``) in memory."""
        done = [t for t, entry in self.entries.items() if entry.tournament.status == core.FINISHED and t != keep]
        for tid in done[: max(0, len(done) - KEEP_FINISHED)]:
            del self.entries[tid]
            self.forgotten.append(tid)

    def _refused(self, e: core.Refused) -> None:
        """The core refused a request: the session that asked gets its ``error``."""
        if e.session is not None:
            self.rooms.services.count_error(e.code)
            here = self.sessions.by_id.get(e.session)  # (its words in its language; else the client says them)
            _To(self, e.session).send_message(in_language(refusal_message(e), None if here is None else here.lang))

    def _create_game(self, tid: str, cg: core.CreateGame) -> None:
        """A room for one tournament game, its entrants seated (or, offline, seated and disconnected)."""
        now = time.time()
        seats = [SeatSpec("bot", e.level) if e.kind == "hosted" else SeatSpec("invite") for e in cg.seats]
        try:
            room, effects = Room.create(
                self.rooms.new_id(),
                cg.game,
                now,
                params=cg.params,
                seats=seats,
                time_control=cg.time_control,
                code=secrets.token_urlsafe(12),  # told to nobody: the seats are only for the entrants
                config=self.room_config,
                rated=cg.rated,
                opening=cg.opening,
            )
        except RoomError as e:
            log.error("tournament %s: cannot make the room for %s: %s", tid, cg.key, e.message)
            self._feed(tid, core.GameFinished("", None, now))
            return
        store, rid, rnd = self.store, room.id, cg.round
        self.background.put(f"tournament {tid}: room {rid}", lambda: store.tag_tournament_game(rid, tid, rnd))
        self.games[room.id] = tid
        actor = self.rooms.open(room, effects)
        maybe_away = []
        for i, entrant in enumerate(cg.seats):
            sid = entrant.session
            if sid is None:
                continue
            who = self.sessions.get_or_stub(sid, entrant.name)
            actor.put(Join(sid, who.name, now, seat=i, invited=True, bot=entrant.kind == "bot"))
            if who.conn is None:
                maybe_away.append(sid)
        if maybe_away:  # (not connected here: perhaps to another node of a cluster)
            self.background.put(f"tournament {tid}: who is away in {rid}", lambda: self._away(actor, maybe_away, now))
        self._feed(tid, core.GameCreated(cg.key, room.id, now))

    async def _away(self, actor: RoomActor, sessions: list[str], now: float) -> None:
        """Entrants connected nowhere: once every seat is taken the game has started, and their grace runs out.

        An entrant connected to another node of a cluster is told to the room by that node if it
        drops later; but a connection dropping there just as the room is made may have looked for
        its rooms before this one was known: one more look a moment later settles it.
        """
        online = []
        for sid in sessions:
            if await self.players.player(sid) is None:
                actor.put(Disconnect(sid, now))
            else:
                online.append(sid)
        if online:
            recheck = lambda: self._still_away(actor, online)  # noqa: E731
            asyncio.get_running_loop().call_later(
                AWAY_RECHECK_S, lambda: self.background.put(f"who is still away in {actor.room.id}", recheck)
            )

    async def _still_away(self, actor: RoomActor, sessions: list[str]) -> None:
        for sid in sessions:
            session = self.sessions.by_id.get(sid)
            if session is not None and session.conn is not None:
                continue
            if await self.players.player(sid) is None:
                actor.put(Disconnect(sid, time.time()))

    # ------------------------------------------------------------------ messages

    def _entry(self, tid: str, ref: Any) -> Entry:
        entry = self.entries.get(tid)
        if entry is None:
            raise refusal(TournamentError, ErrorCode.UNKNOWN_TOURNAMENT, ref, "refuse-t-unknown", id=repr(tid))
        return entry

    def _audience(self, entry: Entry) -> set[str]:
        return entry.watchers | {e.session for e in entry.tournament.entrants if e.session is not None}

    def _announce(self, tid: str, session: str | None, ref: Any) -> None:
        """The tournament changed: the requester (if any) gets its answer at once; everyone else a
        ``tournament_state`` at most every :data:`ANNOUNCE_EVERY_S` (a burst of changes, such as a
        round of 256 games starting, is one state: the latest)."""
        entry = self.entries[tid]
        replied = None
        if ref is not None and session is not None:
            self._send(session, p.encode(self.state(tid, ref)))
            replied = session
        if entry.announce_pending:
            return  # the state already due carries this change too
        wait = entry.announced_at + ANNOUNCE_EVERY_S - time.monotonic()
        if wait <= 0:
            self._broadcast(tid, replied)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._broadcast(tid, replied)
            return
        entry.announce_pending = True
        loop.call_later(wait, self._announce_due, tid)

    def _announce_due(self, tid: str) -> None:
        entry = self.entries.get(tid)
        if entry is None or not entry.announce_pending:
            return
        entry.announce_pending = False
        try:
            self._broadcast(tid, None)
        except Exception:
            log.exception("tournament %s: announcing its state failed", tid)

    def _broadcast(self, tid: str, skip: str | None) -> None:
        entry = self.entries[tid]
        entry.announced_at = time.monotonic()
        plain = p.encode(self.state(tid))
        for sid in self._audience(entry) - ({skip} if skip is not None else set()):
            self._send(sid, plain)

    def _reply(self, tid: str, session: Session, ref: Any) -> None:
        self._send(session.id, p.encode(self.state(tid, ref)))

    def _send(self, sid: str, data: bytes) -> None:
        """A frame to a session wherever it is connected (the delivery port)."""
        self.rooms.services.delivery.send(sid, data)

    def _summary(self, entry: Entry) -> p.TournamentSummary:
        return present.summary(entry.tournament, entry.name, entry.creator)

    def state(self, tid: str, ref: Any = None) -> p.TournamentState:
        """The ``tournament_state`` of a tournament now."""
        entry = self.entries[tid]
        return present.state(
            entry.tournament, entry.name, entry.creator, self.table.glicko, time.time(), ref, entry.changes
        )


def _games_in_play(t: core.Tournament) -> list[core.TournamentGame]:
    """The games of an unfinished tournament that have a room and no result yet."""
    if t.status != core.RUNNING:
        return []
    return [g for r in t.rounds for pr in r.pairings for g in pr.games if g.room is not None and not g.is_done]


class _To:
    """A session as somewhere to send an answer (the delivery port: it may be connected to another node)."""

    def __init__(self, shell: Tournaments, session: str) -> None:
        self.shell, self.session = shell, session

    def send_message(self, msg: Any) -> None:
        self.shell._send(self.session, p.encode(msg))
