"""The lobby: the game catalog, the room and player lists, creating rooms, join codes, quick
match, challenges and rematches.

Rooms are found by id or by an unguessable join code (private rooms and invite seats).  The
quick-match queue pairs sessions asking for the same game, public parameters and clock, in
the order they asked.  A challenge is a private room with the challenger seated and the next
seat kept (by the room's code) for the challenged player, who is told with ``challenged``
and accepts (takes the seat) or declines (the room is aborted).  A challenge goes to the
person: a registered player is told on every session (device) it is signed in on, any of them
answers, the first answer wins and the others are told (``challenge_answered``).  The kept seat
is the challenged person's alone: anyone else who comes with the room's code (a shared link)
watches instead, and nobody can challenge themself (``self_challenge``).  A challenge nobody answers
lapses after ``challenge_ttl_s`` (the room is aborted and the challenger told, reason
``expired``), and a session may have at most ``max_pending_challenges`` waiting.  A cap limits
the unfinished rooms one session may create or sit in.

A **person** is a registered player (whatever number of sessions it has) or a guest's one session:
``players`` lists persons, with where they are (playing, watching, idle).  A session that opens a
room in which its registered player holds a seat from another session sees it as that seat (its
view, its colour, its moves): the room's ``devices``.

A room, quick match or challenge may be asked for **rated** (``rated: true``; casual by
default): every player must then be registered (a guest gets ``not_registered``), the game
two-seated, with at most one hosted bot seat (a registered player's game against a hosted bot
is rated for both: the bot's rating is ``bot:<level>``'s).  Rated and casual players never
meet in quick match.  A rematch is casual.  The node applies the ratings when a rated room's
game finishes (``server.node.Node.game_ended``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from grundy import protocol as p
from grundy import rules
from grundy.protocol import ErrorCode, i18n
from grundy.server import matchmaking as mm
from grundy.server.actor import RoomActor
from grundy.server.admission import Admission
from grundy.server.errors import LobbyError
from grundy.server.ports import Directory, Player
from grundy.server.ratings import Glicko
from grundy.server.refusals import game_refusal, refusal, rules_refusal
from grundy.server.room import (
    WAITING,
    Abort,
    GameEnded,
    Join,
    RematchAgreed,
    Room,
    SeatSpec,
    Watch,
    check_fair,
)
from grundy.server.tournaments import Tournaments

if TYPE_CHECKING:
    from grundy.server.background import Background
    from grundy.server.config import NodeConfig
    from grundy.server.ports import Link, Running, Store
    from grundy.server.room import RoomConfig
    from grundy.server.room_table import RoomTable
    from grundy.server.sessions import Session, Sessions

MAX_LISTED_PLAYERS = 500


class Lobby(Admission):
    """Making and finding rooms, and matchmaking, on one node (players and queues through the directory port).
    What it checks before it makes a room or gives a seat is :class:`~grundy.server.admission.Admission`'s."""

    def __init__(
        self,
        config: NodeConfig,
        sessions: Sessions,
        rooms: RoomTable,
        store: Store,
        life: Running,
        room_config: RoomConfig,
        background: Background,
        directory: Directory | None = None,
        rooms_elsewhere: bool = False,
    ) -> None:
        self.config = config
        self.sessions = sessions
        self.rooms = rooms
        self.store = store
        self.life = life
        self.room_config = room_config
        self.matchmaking = mm.Matchmaking()  # the pure core: queues and pending challenges
        self.directory: Directory = directory or LocalDirectory(self)  # (the directory port: players and queues)
        self._lapse: dict[str, asyncio.TimerHandle] = {}  # room id -> the timer that ends its challenge
        self.tournaments = Tournaments(
            config, sessions, rooms, store, life, room_config, background, self.directory, rooms_elsewhere
        )

    # ------------------------------------------------------------------ catalog and listing

    def games(self) -> list[dict[str, Any]]:
        return [rules.game_class(name).schema() for name in rules.names(aliases=False)]

    def list_rooms(self, msg: p.ListRooms) -> list[p.RoomSummary]:
        game = None if msg.game is None else _canonical(msg.game, msg.ref)
        out = []
        for actor in self.rooms.values():
            room = actor.room
            if not listed(room):
                continue
            if (game is not None and room.game.name != game) or (msg.status is not None and room.status != msg.status):
                continue
            out.append(room)
        out.sort(key=lambda r: r.created_at, reverse=True)
        return [self.summary(r) for r in out[: self.config.max_listed_rooms]]

    def summary(self, room: Room) -> p.RoomSummary:
        """How a room is listed (bot clients' seats marked)."""
        return self.mark_bots(room, room.summary())

    def is_bot_client(self, session_id: str | None) -> bool:
        s = None if session_id is None else self.sessions.by_id.get(session_id)
        return s is not None and s.kind == "bot"

    def mark_bots(self, room: Room, summary: p.RoomSummary) -> p.RoomSummary:
        """The summary with ``bot`` set on the seats that bot clients hold."""
        bots = {i for i, seat in enumerate(room.seats) if self.is_bot_client(seat.session)}
        if not bots:
            return summary
        seats = [si.model_copy(update={"bot": True}) if si.seat in bots else si for si in summary.seats]
        return summary.model_copy(update={"seats": seats})

    async def list_players(self, conn: Link, session: Session, msg: p.ListPlayers) -> None:
        """``players``: the connected persons (a registered player once, whatever its sessions; a guest per
        session), with their sessions, games in play and watched, where they are, and ratings."""
        now = time.time()
        people: dict[tuple[str, str], list[Player]] = {}
        registered: dict[tuple[str, str], str] = {}
        for pl in await self.directory.players(MAX_LISTED_PLAYERS * (10 if msg.kind is not None else 4)):
            if msg.kind is not None and pl.kind != msg.kind:
                continue
            player = pl.player
            here = self.sessions.by_id.get(pl.id)
            if player is None and (here is None or here.conn is None):  # (connected here: its player is known)
                player = await self.sessions.player_of(pl.id)
            key = ("player", player) if player is not None else ("guest", pl.id)
            if key not in people:
                if len(people) >= MAX_LISTED_PLAYERS:
                    continue
                people[key] = []
                if player is not None:
                    registered[key] = player
            people[key].append(pl)
        out = []
        for key, rows in people.items():
            player = registered.get(key)
            first = rows[0]
            rated = {} if player is None else await self.store.glicko_of(player)
            info = {game: rating_info(game, r, now) for game, r in sorted(rated.items())}
            playing = sum(r.playing for r in rows)
            watching = sum(r.watching for r in rows)
            out.append(
                p.PlayerInfo(
                    session=first.id,
                    name=player if player is not None else first.name,
                    kind="bot" if first.kind == "bot" else "human",
                    playing=playing,
                    ratings={game: i.rating for game, i in info.items()},
                    player=player,
                    rating_info=info,
                    sessions=[r.id for r in rows],
                    watching=watching,
                    where="playing" if playing else "watching" if watching else "idle",
                )
            )
        conn.send(p.encode(p.Players(ref=msg.ref, players=out)))

    # ------------------------------------------------------------------ leaderboards and players' ratings

    async def leaderboard(self, conn: Link, msg: p.GetLeaderboard) -> None:
        """``leaderboard``: the best Glicko-2 ratings of a game family (its RDs as they stand now)."""
        game = _canonical(msg.game, msg.ref)
        now = time.time()
        entries = []
        for rank, (name, stored) in enumerate(await self.store.leaderboard(game, msg.top), start=1):
            r = stored.at(now)
            entries.append(
                p.LeaderboardEntry(
                    rank=rank,
                    name=name,
                    rating=round(r.rating, 1),
                    rd=round(r.rd, 1),
                    games=r.games,
                    provisional=r.is_provisional,
                )
            )
        conn.send_message(p.Leaderboard(ref=msg.ref, game=game, entries=entries))

    async def player_profile(self, conn: Link, msg: p.GetPlayer) -> None:
        """``player``: a registered player's (or a hosted bot's) ratings, latest rated games and puzzles solved."""
        game = None if msg.game is None else _canonical(msg.game, msg.ref)
        registered_at = None
        if msg.name.startswith("bot:"):
            name = msg.name
        else:
            stored = await self.store.load_player(msg.name)
            if stored is None:
                raise refusal(LobbyError, ErrorCode.UNKNOWN_PLAYER, msg.ref, "refuse-no-player", name=repr(msg.name))
            name, registered_at = stored.name, stored.created_at
        rated = await self.store.glicko_of(name)
        if registered_at is None and not rated:
            raise refusal(LobbyError, ErrorCode.UNKNOWN_PLAYER, msg.ref, "refuse-no-rated-game", name=repr(msg.name))
        now = time.time()
        history: list[p.RatedGameInfo] = []
        if msg.history:
            for family in sorted(rated) if game is None else [game]:
                for g in await self.store.rating_history(name, family, msg.history):
                    history.append(
                        p.RatedGameInfo(
                            game=family,
                            room=g.room,
                            at=g.at,
                            opponent=g.opponent,
                            outcome=g.outcome,  # type: ignore[arg-type]
                            rating=round(g.rating, 1),
                            rd=round(g.rd, 1),
                        )
                    )
            history = sorted(history, key=lambda h: (h.at, h.room))[-msg.history :]
        conn.send_message(
            p.PlayerProfile(
                ref=msg.ref,
                name=name,
                registered_at=registered_at,
                ratings=[rating_info(family, r, now) for family, r in sorted(rated.items())],
                history=history,
                puzzles_solved=0 if registered_at is None else await self.store.puzzles_solved(name),
            )
        )

    def playing(self, session: Session) -> int:
        """How many of this node's rooms the session plays in now."""
        n = 0
        for rid in session.seated:
            actor = self.rooms.get(rid)
            if actor is not None and actor.room.status == "playing":
                n += 1
        return n

    def watching(self, session: Session) -> int:
        """How many of this node's rooms in progress the session watches (and does not play in)."""
        n = 0
        for rid in session.watching - session.seated:
            actor = self.rooms.get(rid)
            if actor is not None and actor.room.status == "playing" and actor.room.seat_of(session.id) is None:
                n += 1
        return n

    def tell(self, session_id: str, data: bytes) -> None:
        """A frame to a session wherever it is connected (dropped if it is connected nowhere)."""
        self.rooms.services.delivery.send(session_id, data)

    # ------------------------------------------------------------------ finding rooms

    def find(self, room_id: str | None, code: str | None, ref: Any) -> tuple[RoomActor, bool]:
        """The room a ``join``/``spectate`` names, and whether it was named by its code."""
        if code is not None:
            actor = self.rooms.by_code(code)
            if actor is None or (room_id is not None and room_id != actor.id):
                raise refusal(LobbyError, ErrorCode.UNKNOWN_ROOM, ref, "refuse-no-code")
            return actor, True
        if room_id is None:
            raise refusal(LobbyError, ErrorCode.BAD_MESSAGE, ref, "refuse-room-or-code")
        return self.rooms.require(room_id, ref), False

    # ------------------------------------------------------------------ joining and watching

    def join(self, conn: Link, session: Session, msg: p.Join) -> Coroutine[Any, Any, None] | None:
        actor, invited = self.find(msg.room, msg.code, msg.ref)
        bot = session.kind == "bot"
        if actor.id in session.seated or actor.room.holder_of(session.id) is not None:  # back in its own seat
            actor.put(Join(session.id, session.name, time.time(), seat=msg.seat, invited=invited, ref=msg.ref, bot=bot))
            return None
        return self._join(session, msg, actor, invited)

    async def _join(self, session: Session, msg: p.Join, actor: RoomActor, invited: bool) -> None:
        """A seat for a session that holds none here: its player's own seat (held from another device) is watched
        as that seat, so a player never takes two seats of a room; a challenge's kept seat is the challenged
        person's alone (anyone else watches, or takes another free seat); a seat in a rated room is for
        registered players only."""
        me = await self.player_of(session.id)
        mine = await self.seat_of_person(me, session.id, actor.room)
        if mine is not None:  # another device of a player seated here: the game is its own
            actor.put(Watch(session.id, time.time(), True, msg.ref, seat=mine))
            return
        seat = msg.seat
        ch = self.matchmaking.challenges.get(actor.id)
        if ch is not None and actor.room.status == WAITING:
            if ch.is_for(session.id, me):  # the challenged person came with the code: it accepts
                if seat is not None and seat != ch.seat:
                    raise refusal(LobbyError, ErrorCode.BAD_PARAMS, msg.ref, "refuse-kept-seat", seat=seat,
                                  kept=ch.seat)
                self._accept(session, ch, msg.ref)
                await self._answered(ch, session, True)
                return
        if ch is not None and actor.room.status == WAITING and invited:  # someone else came with the code
            others = [i for i, st in enumerate(actor.room.seats) if st.is_free and i != ch.seat]
            if seat == ch.seat:
                if ch.target_name:
                    raise refusal(LobbyError, ErrorCode.NOT_INVITED, msg.ref, "refuse-seat-kept-for", seat=seat,
                                  name=ch.target_name)
                raise refusal(LobbyError, ErrorCode.NOT_INVITED, msg.ref, "refuse-seat-kept", seat=seat)
            if seat is None and not others:  # a shared link to someone else's challenge: watch it
                actor.put(Watch(session.id, time.time(), invited, msg.ref))
                return
            seat = others[0] if seat is None else seat
        self.check_cap(session, msg.ref)
        if actor.room.rated and me is None:  # (one seat per player: its other sessions see its seat, above)
            self.check_registered(session, msg.ref)
        bot = session.kind == "bot"
        actor.put(Join(session.id, session.name, time.time(), seat=seat, invited=invited, ref=msg.ref, bot=bot))

    async def player_of(self, session_id: str) -> str | None:
        """The registered player a session is, None for a guest: known at once for a session connected here
        (its hello said), else from the store (a session of another node, or one away)."""
        here = self.sessions.by_id.get(session_id)
        if here is not None and here.conn is not None:
            return here.player
        return await self.sessions.player_of(session_id)

    async def seat_of_person(self, me: str | None, session_id: str, room: Room) -> int | None:
        """The seat the registered player ``me`` holds in ``room`` from another session (device), or None
        (a guest is its one session)."""
        if me is None:
            return None
        for i, seat in enumerate(room.seats):
            if seat.session is not None and seat.session != session_id and not seat.is_bot:
                if await self.player_of(seat.session) == me:
                    return i
        return None

    async def rewatch(self, session_id: str, actor: RoomActor) -> None:
        """A watcher let back in (a room taken over, a connection back): as its player's seat again if it is
        that player's other device (a plain watcher otherwise, as it was put back)."""
        mine = await self.seat_of_person(await self.player_of(session_id), session_id, actor.room)
        if mine is not None:
            actor.put(Watch(session_id, time.time(), True, seat=mine))

    def spectate(self, conn: Link, session: Session, msg: p.Spectate) -> Coroutine[Any, Any, None]:
        actor, invited = self.find(msg.room, msg.code, msg.ref)
        invited = invited or actor.id in session.watching  # let in before (with the code): it may come back
        return self.watch(session, actor, invited, msg.ref)

    async def watch(self, session: Session, actor: RoomActor, invited: bool, ref: Any = None) -> None:
        """The session watches the room: as its player's seat if that player holds one from another device."""
        mine = await self.seat_of_person(await self.player_of(session.id), session.id, actor.room)
        actor.put(Watch(session.id, time.time(), invited or mine is not None, ref, seat=mine))

    async def quick_match_cancel(self, conn: Link, session: Session, msg: p.QuickMatchCancel) -> None:
        if not await self.cancel(session):
            raise refusal(LobbyError, ErrorCode.NOT_IN_QUEUE, msg.ref, "refuse-not-in-queue")
        conn.send_message(p.Ok(ref=msg.ref))

    # ------------------------------------------------------------------ creating

    def create(self, conn: Link, session: Session, msg: p.CreateRoom) -> None:
        self.check_accepting(msg.ref)
        if msg.rated:
            self.check_registered(session, msg.ref)
        self.check_cap(session, msg.ref)
        self.check_room_budget(msg.ref)
        seats = msg.seats
        needs_code = msg.private or any(s.kind == "invite" for s in seats or ())
        code = secrets.token_urlsafe(12) if needs_code else None
        room, effects = Room.create(
            self.rooms.new_id(),
            msg.game,
            time.time(),
            params=msg.params,
            seats=seats,
            time_control=msg.time_control,
            private=msg.private,
            code=code,
            config=self.room_config,
            creator=session.id,
            rated=msg.rated,
        )
        self.check_size(room.game, room.state, msg.ref)
        if msg.rated:
            self.check_rateable(room.game, sum(1 for s in room.seats if s.is_bot), msg.ref)
        seat = msg.seat
        if seat is not None:
            if seat >= len(room.seats):
                raise refusal(LobbyError, ErrorCode.BAD_PARAMS, msg.ref, "refuse-room-seats", seat=seat,
                              last=len(room.seats) - 1)
            if room.seats[seat].is_bot:
                raise refusal(LobbyError, ErrorCode.BAD_PARAMS, msg.ref, "refuse-bot-seat", seat=seat)
        created = p.RoomCreated(ref=msg.ref, room=room.id, code=code, seat=seat)
        session.created.add(room.id)
        actor = self.rooms.open(room, effects, lambda a: a.reply(session.id, created))
        if seat is not None:
            actor.put(_seat(session, seat, msg.ref))

    # ------------------------------------------------------------------ challenges

    async def challenge(self, conn: Link, session: Session, msg: p.Challenge) -> None:
        """A private room with the challenger seated; the challenged player is told and its seat kept."""
        self.check_accepting(msg.ref)
        if msg.to == session.id:
            raise refusal(LobbyError, ErrorCode.SELF_CHALLENGE, msg.ref, "refuse-self-challenge")
        if msg.rated:
            self.check_registered(session, msg.ref)
        target = await self.directory.player(msg.to)
        if target is None:
            raise refusal(LobbyError, ErrorCode.UNKNOWN_PLAYER, msg.ref, "refuse-no-session", session=repr(msg.to))
        person = target.player if target.player is not None else await self.player_of(target.id)
        me = await self.player_of(session.id)
        if person is not None and person == me:
            raise refusal(LobbyError, ErrorCode.SELF_CHALLENGE, msg.ref, "refuse-self-elsewhere",
                          name=repr(target.name))
        if msg.rated and person is None:
            raise refusal(LobbyError, ErrorCode.NOT_REGISTERED, msg.ref, "refuse-rated-guest", name=repr(target.name))
        self.check_cap(session, msg.ref)
        self.check_room_budget(msg.ref)
        most = self.config.max_pending_challenges
        if self._waiting_from(session.id) >= most:
            raise refusal(LobbyError, ErrorCode.TOO_MANY_CHALLENGES, msg.ref, "refuse-challenges-waiting", n=most)
        code = secrets.token_urlsafe(12)
        try:
            probe = rules.create(msg.game, **msg.params)
        except rules.ParameterError as e:
            raise game_refusal(msg.ref, msg.game, e) from None
        if msg.seat >= probe.seats:
            raise refusal(LobbyError, ErrorCode.BAD_PARAMS, msg.ref, "refuse-game-seats", seat=msg.seat,
                          game=probe.name, last=probe.seats - 1)
        check_fair(probe, msg.params)
        if msg.rated:
            self.check_rateable(probe, 0, msg.ref)
        room, effects = Room.create(
            self.rooms.new_id(),
            probe,
            time.time(),
            seats=[SeatSpec("invite")] * probe.seats,
            time_control=msg.time_control,
            private=True,
            code=code,
            config=self.room_config,
            creator=session.id,
            rated=msg.rated,
        )
        self.check_size(room.game, room.state, msg.ref)
        theirs = (msg.seat + 1) % probe.seats
        created = p.RoomCreated(ref=msg.ref, room=room.id, code=code, seat=msg.seat)
        # every device of the person, asked before the room opens: from the room's opening (its answer to the
        # challenger) to the challenge being kept there is no wait, so an answer at once finds it pending
        devices = await self.sessions_of(person, target.id)
        session.created.add(room.id)
        actor = self.rooms.open(room, effects, lambda a: a.reply(session.id, created))
        actor.put(_seat(session, msg.seat, msg.ref))
        ttl = self.config.challenge_ttl_s
        told = p.encode(
            p.Challenged(
                room=room.id,
                code=code,
                game=room.game.name,
                title=room.game.title(),
                params=room.game.public_params(),
                time_control=msg.time_control,
                seat=theirs,
                challenger=session.name,
                challenger_session=session.id,
                challenger_kind="bot" if session.kind == "bot" else "human",
                expires_at=time.time() + ttl,
                rated=msg.rated,
            )
        )
        name = person or target.name
        challenge = mm.Challenge(room.id, session.id, target.id, theirs, time.time() + ttl, told, name, person)
        self._feed(mm.Challenged(challenge))
        for sid in devices:
            self.tell(sid, told)

    async def sessions_of(self, person: str | None, session_id: str) -> list[str]:
        """The connected sessions of a person: every session of the registered player ``person`` (anywhere),
        ``session_id`` first; a guest's one session."""
        out = [session_id]
        if person is not None:
            for pl in await self.directory.players(10 * MAX_LISTED_PLAYERS):
                if pl.player == person and pl.id != session_id:
                    out.append(pl.id)
        return out

    def _waiting_from(self, challenger: str) -> int:
        """The challenger's challenges still waiting for an answer (their room not started)."""
        n = 0
        for ch in self.matchmaking.challenges_from(challenger):
            actor = self.rooms.get(ch.room)
            if actor is not None and actor.room.status == WAITING:
                n += 1
        return n

    def _feed(self, event: mm.Event) -> list[mm.Effect]:
        """Hand the matchmaking core one event and execute its effects (returned for the caller to read)."""
        self.matchmaking, effects = self.matchmaking.handle(event)
        loop = asyncio.get_running_loop()
        for e in effects:
            if isinstance(e, mm.ArmLapse):
                self._lapse[e.room] = loop.call_later(max(0.0, e.at - time.time()), self._feed, mm.Lapse(e.room))
            elif isinstance(e, mm.DisarmLapse):
                timer = self._lapse.pop(e.room, None)
                if timer is not None:
                    timer.cancel()
            elif isinstance(e, mm.Expired):
                self._lapse.pop(e.challenge.room, None)
                self._expire(e.challenge)
            elif isinstance(e, mm.Retell):
                self.tell(e.session or e.challenge.target, e.challenge.told)
        return effects

    def _expire(self, ch: mm.Challenge) -> None:
        """Nobody answered in time: the room is aborted and the challenger told (reason ``expired``)."""
        actor = self.rooms.get(ch.room)
        if actor is None or self.life.stopping:
            return
        target = self.sessions.by_id.get(ch.target)
        name = ch.target_name or (target.name if target is not None else ch.target)
        lapsed = p.encode(p.ChallengeDeclined(room=ch.room, player=name, session=ch.target, reason="expired"))
        now = time.time()
        ttl = self.config.challenge_ttl_s

        def expire(a: RoomActor) -> None:
            if a.room.status != WAITING:  # the seat was taken with the code meanwhile: the game is on
                return
            a.send_to_session(ch.challenger, lapsed)
            expired = {"id": "lobby-end-challenge-expired", "args": {"name": name, "s": ttl}}
            a.handle(Abort(now, i18n.tr(i18n.DEFAULT, expired["id"], name=name, s=ttl), expired))

        actor.put(expire)

    def resumed(self, session: Session) -> None:
        """A session came back, or a registered player signed in on another device: tell it again of the
        challenges still waiting for its answer."""
        self._feed(mm.Resumed(session.id, session.player))

    def _pending(self, session: Session, person: str | None, room_id: str, ref: Any) -> mm.Challenge:
        ch = self.matchmaking.challenge_to(session.id, room_id, person)
        if ch is None or ch.room not in self.rooms:
            raise refusal(LobbyError, ErrorCode.NO_CHALLENGE, ref, "refuse-no-challenge", room=repr(room_id))
        return ch

    async def accept_challenge(self, conn: Link, session: Session, msg: p.AcceptChallenge) -> None:
        """The challenged person takes the kept seat from this session: the game starts (the first answer wins)."""
        ch = self._pending(session, await self.player_of(session.id), msg.room, msg.ref)
        self._accept(session, ch, msg.ref)
        await self._answered(ch, session, True)

    def _accept(self, session: Session, ch: mm.Challenge, ref: Any) -> None:
        self.check_cap(session, ref)
        self._feed(mm.Settle(ch.room))
        actor = self.rooms[ch.room]
        actor.put(_seat(session, ch.seat, ref))

    async def _answered(self, ch: mm.Challenge, session: Session, accepted: bool) -> None:
        """The challenged person's other sessions are told that one of them answered."""
        if ch.person is None:
            return
        told = p.encode(p.ChallengeAnswered(room=ch.room, accepted=accepted, session=session.id))
        for sid in await self.sessions_of(ch.person, ch.target):
            if sid != session.id:
                self.tell(sid, told)

    async def decline_challenge(self, conn: Link, session: Session, msg: p.DeclineChallenge) -> None:
        """The room is aborted and the challenger told with ``challenge_declined``."""
        ch = self._pending(session, await self.player_of(session.id), msg.room, msg.ref)
        self._feed(mm.Settle(ch.room))
        declined = p.encode(p.ChallengeDeclined(room=ch.room, player=session.name, session=session.id))
        now = time.time()

        def decline(a: RoomActor) -> None:
            a.send_to_session(ch.challenger, declined)
            a.reply(session.id, p.Ok(ref=msg.ref, room=a.id))
            if not a.room.is_ended:
                said = {"id": "lobby-end-challenge-declined", "args": {"name": session.name}}
                a.handle(Abort(now, i18n.tr(i18n.DEFAULT, said["id"], name=session.name), said))

        self.rooms[ch.room].put(decline)
        await self._answered(ch, session, False)

    def game_ended(self, room_id: str, ended: GameEnded) -> None:
        """A room ended: its challenge, if any, is void (a tournament game reports through the results port)."""
        self._feed(mm.Settle(room_id))

    # ------------------------------------------------------------------ quick match

    async def quick_match(self, conn: Link, session: Session, msg: p.QuickMatch) -> None:
        self.check_accepting(msg.ref)
        if msg.rated:
            self.check_registered(session, msg.ref)
        self.check_cap(session, msg.ref)
        self.check_room_budget(msg.ref)
        try:
            game = rules.create(msg.game, **msg.params)
        except rules.ParameterError as e:
            raise game_refusal(msg.ref, msg.game, e) from None
        check_fair(game, msg.params)
        if msg.rated:
            self.check_rateable(game, 0, msg.ref)
        self.check_size(game, game.initial(), msg.ref)
        params = game.public_params()
        tc = msg.time_control
        wanted: list[Any] = [game.name, params, None if tc is None else [tc.initial_s, tc.increment_s]]
        key = json.dumps(wanted + (["rated"] if msg.rated else []), sort_keys=True)  # (rated players meet only)
        me = await self.player_of(session.id)
        if me is not None:  # a person waits once: its other devices' waits end (it never meets itself)
            for sid in (await self.sessions_of(me, session.id))[1:]:
                await self.directory.cancel(sid)
        matched = await self.directory.ask(Player(session.id, session.name, session.kind), key, game.seats)
        # "queued" once the asker is in the queue (in a cluster the queue is in Redis: a player told it is queued
        # is found by the next to ask, on any node), and before the room of a match made now says anything.
        conn.send_message(p.Queued(ref=msg.ref, game=game.name, params=params, time_control=tc, rated=msg.rated))
        if matched is None:
            return
        room, effects_ = Room.create(
            self.rooms.new_id(),
            game.name,
            time.time(),
            params=params,
            time_control=tc,
            config=self.room_config,
            rated=msg.rated,
        )
        actor = self.rooms.open(room, effects_)
        for i, who in enumerate(matched):
            actor.put(Join(who.id, who.name, time.time(), seat=i, bot=who.kind == "bot"))

    async def cancel(self, session: Session) -> bool:
        """Take the session out of its quick-match queue; False if it was not waiting."""
        return await self.directory.cancel(session.id)

    # ------------------------------------------------------------------ rematch

    def rematch(self, old: Room, agreed: RematchAgreed) -> None:
        """Every seat asked for a rematch: a new room with the seats rotated, each player seated again."""
        if self.life.stopping:
            return
        specs = [SeatSpec("bot", s.level) if s.is_bot else SeatSpec(s.kind) for s in agreed.seats]
        code = secrets.token_urlsafe(12) if agreed.private or any(s.kind == "invite" for s in specs) else None
        room, effects = Room.create(
            self.rooms.new_id(),
            agreed.game,
            time.time(),
            params=agreed.params,
            seats=specs,
            time_control=agreed.time_control,
            private=agreed.private,
            code=code,
            config=old.config,
            rematch_of=old.id,
        )
        actor = self.rooms.open(room, effects)
        now = time.time()
        for i, seat in enumerate(agreed.seats):
            if seat.session is not None:
                actor.put(Join(seat.session, seat.name or "player", now, seat=i, invited=True, bot=seat.bot))
        for sid in sorted(old.watchers):  # the spectators follow the players into the rematch
            actor.put(Watch(sid, now, invited=True))


def rating_info(game: str, stored: Glicko, now: float) -> p.RatingInfo:
    """A stored Glicko-2 rating as the protocol carries it, its deviation grown up to ``now``."""
    r = stored.at(now)
    return p.RatingInfo(
        game=game,
        rating=round(r.rating, 1),
        rd=round(r.rd, 1),
        volatility=round(r.volatility, 6),
        games=r.games,
        provisional=r.is_provisional,
        last=r.last,
    )


def listed(room: Room) -> bool:
    """Whether a room appears in room lists: public and not over."""
    return not room.private and not room.is_ended


def _bot(session: Session) -> bool:
    """Whether a session is a bot client (its seats say so)."""
    return session.kind == "bot"


def _seat(session: Session, seat: int, ref: Any) -> Join:
    """The session takes a seat kept for it (invited), marked if it is a bot client."""
    return Join(session.id, session.name, time.time(), seat=seat, invited=True, ref=ref, bot=_bot(session))


def _canonical(name: str, ref: Any) -> str:
    try:
        return rules.game_class(name).name
    except rules.ParameterError as e:
        raise rules_refusal(LobbyError, ErrorCode.UNKNOWN_GAME, ref, e) from None


class LocalDirectory:
    """The directory port of one node: its connected sessions, and the queues of the pure matchmaking core."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    async def player(self, session: str) -> Player | None:
        s = self.lobby.sessions.by_id.get(session)
        if s is None or s.conn is None:
            return None
        return self._row(s)

    async def players(self, most: int) -> list[Player]:
        return [self._row(s) for s in self.lobby.sessions.online()[:most]]

    def _row(self, s: Session) -> Player:
        return Player(s.id, s.name, s.kind, self.lobby.playing(s), self.lobby.watching(s), s.player)

    async def ask(self, player: Player, key: str, seats: int) -> list[Player] | None:
        effects = self.lobby._feed(mm.Ask(player.id, key, seats))  # type: ignore[arg-type]
        matched = next((e for e in effects if isinstance(e, mm.Matched)), None)
        if matched is None:
            return None
        by_id = self.lobby.sessions.by_id
        return [Player(sid, by_id[sid].name, by_id[sid].kind) for sid in matched.players]

    async def cancel(self, session: str) -> bool:
        effects = self.lobby._feed(mm.Cancel(session))
        return any(isinstance(e, mm.Left) and e.was_waiting for e in effects)
