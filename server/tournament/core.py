"""The tournament itself: the state machine ``Tournament.handle(event) -> (new tournament, effects)``.

Creation (:meth:`Tournament.create`, settings checked by :func:`~server.tournament.values.check_settings`),
the queries, the stored form (:meth:`Tournament.to_dict`, :meth:`Tournament.from_dict`,
:meth:`Tournament.resume`), one handler per event and the transitions between rounds.  Who
meets whom is :mod:`~server.tournament.pairing`'s; the table is :mod:`~server.tournament.standings`'s.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any

from grundy.protocol import ErrorCode, i18n
from grundy.server.clock import TimeControl
from grundy.server.refusals import said
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
    gauntlet_rounds,
    knockout_pairs,
    swap_colours,
    swiss_pairs,
)
from grundy.server.tournament.standings import standings
from grundy.server.tournament.values import (
    ENTRANT_KINDS,
    FINISHED,
    HOSTED_LEVELS,
    MAX_ENTRANTS,
    MAX_GAMES,
    MAX_RESTARTS,
    OPEN,
    RUNNING,
    Entrant,
    Format,
    Outcome,
    Pairing,
    Round,
    Standing,
    Status,
    TournamentError,
    TournamentGame,
    check_openings,
    check_settings,
)

Handled = tuple["Tournament", list[Effect]]


@dataclasses.dataclass(frozen=True, slots=True)
class Tournament:
    """One tournament.  Build with :meth:`create`; advance with :meth:`handle`."""

    id: str
    game: str
    params: dict[str, Any]
    time_control: TimeControl | None
    format: Format
    created_at: float
    status: Status = OPEN
    entrants: tuple[Entrant, ...] = ()
    withdrawn: frozenset[str] = frozenset()
    rounds: tuple[Round, ...] = ()
    games_per_pairing: int = 1
    swiss_rounds: int = 0
    double: bool = False
    replays: int = 2
    challenger: str | None = None
    rated: bool = True
    organiser: str | None = None
    starts_at: float | None = None
    max_entrants: int = MAX_ENTRANTS
    schedule: tuple[tuple[tuple[str, str | None], ...], ...] = ()  # round robin / gauntlet: planned rounds
    started_at: float | None = None
    finished_at: float | None = None
    end_reason: str | None = None  # (English: what older clients read)
    end_say: dict[str, Any] | None = None  # the end reason as a message id and its arguments (``wire-tournament-``)
    openings: tuple[tuple[str, ...], ...] = ()  # each in the game's notation, checked at creation
    concurrency: int | None = None  # at most this many games in play at once (None: a whole round)
    stopped: bool = False  # its organiser stopped it: no game starts any more
    next_opening: int = 0  # the first opening of the next pairing paired

    # ------------------------------------------------------------------ construction

    @classmethod
    def create(
        cls,
        id: str,
        game: str,
        now: float,
        *,
        format: str,
        params: dict[str, Any] | None = None,
        time_control: TimeControl | None = None,
        games_per_pairing: int = 1,
        rounds: int | None = None,
        double: bool = False,
        replays: int = 2,
        challenger: str | None = None,
        rated: bool = True,
        organiser: str | None = None,
        starts_at: float | None = None,
        max_entrants: int = MAX_ENTRANTS,
        openings: Sequence[Sequence[str]] | None = None,
        concurrency: int | None = None,
    ) -> Handled:
        """A new ``open`` tournament.  Raises :class:`TournamentError` for unusable settings.

        ``rounds`` is for ``swiss`` only (required there); ``double`` for ``round-robin``;
        ``replays`` for ``knockout``; ``challenger`` (an entrant id) for ``gauntlet``;
        ``openings`` are checked against the game (:func:`~server.tournament.values.check_openings`);
        ``concurrency`` limits the games in play at once.
        Effects: Announce, and Schedule("start") when ``starts_at`` is given.
        """
        g = check_settings(
            game,
            format,
            params,
            games_per_pairing=games_per_pairing,
            rounds=rounds,
            double=double,
            replays=replays,
            challenger=challenger,
            max_entrants=max_entrants,
            concurrency=concurrency,
        )
        checked = check_openings(g, openings or ())
        t = cls(
            id=id,
            game=game,
            params=g.public_params(),
            time_control=time_control,
            format=format,  # type: ignore[arg-type]
            created_at=now,
            games_per_pairing=games_per_pairing,
            swiss_rounds=rounds or 0,
            double=double,
            replays=replays,
            challenger=challenger,
            rated=rated,
            organiser=organiser,
            starts_at=starts_at,
            max_entrants=max_entrants,
            openings=checked,
            concurrency=concurrency,
        )
        effects: list[Effect] = [Announce(t)]
        if starts_at is not None:
            effects.append(Schedule("start", starts_at))
        return t, effects

    # ------------------------------------------------------------------ queries

    def entrant(self, id: str) -> Entrant | None:
        return next((e for e in self.entrants if e.id == id), None)

    def entrant_of(self, session: str | None) -> Entrant | None:
        """The entrant whose games ``session`` plays (the session that entered, or the one it moved to)."""
        if session is None:
            return None
        return next((e for e in self.entrants if e.session == session), None)

    @property
    def round(self) -> Round | None:
        """The round being played (or the last one)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def planned_rounds(self) -> int:
        """How many rounds the tournament will have (known once it runs)."""
        n = len(self.entrants)
        if self.format == "swiss":
            return self.swiss_rounds
        if self.format == "knockout":
            return max(1, math.ceil(math.log2(max(n, 2))))
        return len(self.schedule)

    def planned_games(self, entrants: int) -> int:
        """The games it would plan with ``entrants`` entrants (knockout replays and restarts aside)."""
        n = entrants
        if self.format == "round-robin":
            pairings = n * (n - 1) // 2 * (2 if self.double else 1)
        elif self.format == "swiss":
            pairings = self.swiss_rounds * (n // 2)
        else:  # knockout, gauntlet
            pairings = max(0, n - 1)
        return pairings * self.games_per_pairing

    def in_play(self) -> int:
        """Games of the round being played that were asked for and are not decided yet."""
        rnd = self.round
        return 0 if rnd is None or self.status != RUNNING else sum(p.in_play for p in rnd.pairings)

    def finished_games(self) -> list[TournamentGame]:
        return [g for r in self.rounds for p in r.pairings for g in p.games if g.is_done]

    def standings(self) -> tuple[Standing, ...]:
        """The table now, best first (see the module docstring for the order)."""
        return standings(self)

    def to_dict(self) -> dict[str, Any]:
        """Everything a client or the store needs, as plain data (:meth:`from_dict` reads it back)."""
        return {
            "id": self.id,
            "game": self.game,
            "params": dict(self.params),
            "time_control": None if self.time_control is None else self.time_control.to_dict(),
            "format": self.format,
            "status": self.status,
            "games_per_pairing": self.games_per_pairing,
            "rounds_planned": self.planned_rounds if self.status != OPEN else self.swiss_rounds or None,
            "swiss_rounds": self.swiss_rounds,
            "max_entrants": self.max_entrants,
            "schedule": [[list(p) for p in r] for r in self.schedule],
            "double": self.double,
            "replays": self.replays,
            "challenger": self.challenger,
            "rated": self.rated,
            "organiser": self.organiser,
            "starts_at": self.starts_at,
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "end_reason": self.end_reason,
            "end_say": self.end_say,
            "openings": [list(o) for o in self.openings],
            "concurrency": self.concurrency,
            "stopped": self.stopped,
            "next_opening": self.next_opening,
            "entrants": [e.to_dict() | {"withdrawn": e.id in self.withdrawn} for e in self.entrants],
            "rounds": [r.to_dict() for r in self.rounds],
            "standings": [s.to_dict() for s in self.standings()],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tournament:
        """The tournament :meth:`to_dict` wrote (restoring after a restart; standings are recomputed).

        Then execute :meth:`resume`'s effects; for games whose room was lost in the restart,
        feed ``GameFinished(room, None, now)`` and they are made again.  Raises
        :class:`TournamentError` (``internal``) for a malformed dict.
        """
        try:
            return cls(
                id=d["id"],
                game=d["game"],
                params=dict(d["params"]),
                time_control=TimeControl.from_dict(d.get("time_control")),
                format=d["format"],
                created_at=float(d["created_at"]),
                status=d["status"],
                entrants=tuple(Entrant.from_dict(e) for e in d["entrants"]),
                withdrawn=frozenset(e["id"] for e in d["entrants"] if e.get("withdrawn")),
                rounds=tuple(Round.from_dict(r) for r in d["rounds"]),
                games_per_pairing=int(d["games_per_pairing"]),
                swiss_rounds=int(d.get("swiss_rounds") or 0),
                double=bool(d.get("double")),
                replays=int(d.get("replays", 2)),
                challenger=d.get("challenger"),
                rated=bool(d.get("rated", True)),
                organiser=d.get("organiser"),
                starts_at=d.get("starts_at"),
                max_entrants=int(d.get("max_entrants", MAX_ENTRANTS)),
                schedule=tuple(tuple((p[0], p[1]) for p in r) for r in d.get("schedule") or ()),
                started_at=d.get("started_at"),
                finished_at=d.get("finished_at"),
                end_reason=d.get("end_reason"),
                end_say=d.get("end_say"),
                openings=tuple(tuple(str(m) for m in o) for o in d.get("openings") or ()),
                concurrency=None if d.get("concurrency") is None else int(d["concurrency"]),
                stopped=bool(d.get("stopped")),
                next_opening=int(d.get("next_opening") or 0),
            )
        except (KeyError, TypeError, ValueError, IndexError) as e:
            why = f"tournament {d.get('id')!r}: the stored form is malformed: {e!r}"
            raise TournamentError(ErrorCode.INTERNAL, why) from None

    def resume(self) -> list[Effect]:
        """After :meth:`from_dict`: CreateGame again for the games asked for whose room was never reported."""
        return [
            self._create(r.number, g)
            for r in self.rounds[-1:]
            for p in r.pairings
            for g in p.games
            if self.status == RUNNING and g.room is None and not g.is_done
        ]

    # ------------------------------------------------------------------ events

    def handle(self, event: Event) -> Handled:
        """Apply one event; never raises for client input (see the module docstring)."""
        handler = _HANDLERS.get(type(event))
        if handler is None:
            return self, []
        new, effects = handler(self, event)
        # one Announce, of the final value, whenever anything changed
        effects = [e for e in effects if not isinstance(e, Announce)]
        if new is not self:
            effects.append(Announce(new))
        effects.sort(key=lambda e: ORDER.index(type(e)))  # stable: keeps each kind's own order
        return new, effects

    def _refuse(self, session: str | None, code: ErrorCode, ref: Any, msg_id: str, /, **args: Any) -> Handled:
        """Refuse ``session``'s request, said as the catalog message ``msg_id`` (``refuse.ftl``: every one is
        about tournament ``id``) with ``args``."""
        say = said(msg_id, id=self.id, **args)
        return self, [Refused(session, code, i18n.tr(i18n.DEFAULT, msg_id, **say.args), ref, say=say)]

    def _on_enter(self, ev: Enter) -> Handled:
        if self.status != OPEN:
            code = ErrorCode.TOURNAMENT_OVER if self.status == FINISHED else ErrorCode.TOURNAMENT_NOT_OPEN
            return self._refuse(ev.session, code, ev.ref, "refuse-t-started")
        if ev.kind not in ENTRANT_KINDS:
            return self._refuse(ev.session, ErrorCode.BAD_PARAMS, ev.ref, "refuse-t-kind", kind=repr(ev.kind))
        if len(self.entrants) >= self.max_entrants:
            return self._refuse(ev.session, ErrorCode.TOURNAMENT_FULL, ev.ref, "refuse-t-full", n=self.max_entrants)
        if self.planned_games(len(self.entrants) + 1) > MAX_GAMES:
            return self._refuse(ev.session, ErrorCode.TOURNAMENT_FULL, ev.ref, "refuse-t-games", n=len(self.entrants),
                                most=MAX_GAMES)
        name = ev.name.strip()
        if ev.kind == "hosted":
            if self.organiser is not None and ev.session != self.organiser:
                return self._refuse(ev.session, ErrorCode.NOT_ORGANISER, ev.ref, "refuse-t-organiser-bots")
            if ev.level not in HOSTED_LEVELS:
                return self._refuse(ev.session, ErrorCode.BAD_PARAMS, ev.ref, "refuse-t-level", level=repr(ev.level),
                                    levels=", ".join(HOSTED_LEVELS))
            base = f"hosted:{ev.level}"
            taken = {e.id for e in self.entrants}
            eid, n = base, 1
            while eid in taken:
                n += 1
                eid = f"{base}#{n}"
            entrant = Entrant(eid, name or f"bot ({ev.level})" + (f" #{n}" if n > 1 else ""), "hosted",
                              float(ev.rating), ev.level, ev.player or f"bot:{ev.level}")
        else:
            if ev.level is not None:
                return self._refuse(ev.session, ErrorCode.BAD_PARAMS, ev.ref, "refuse-t-level-hosted-only")
            if not name:
                return self._refuse(ev.session, ErrorCode.BAD_PARAMS, ev.ref, "refuse-t-no-name")
            if self.entrant(ev.session) is not None or self.entrant_of(ev.session) is not None:
                return self._refuse(ev.session, ErrorCode.ALREADY_ENTERED, ev.ref, "refuse-t-entered")
            entrant = Entrant(ev.session, name, ev.kind, float(ev.rating), None, ev.player or name)
        t = dataclasses.replace(self, entrants=self.entrants + (entrant,))
        return t, [Announce(t)]

    def _on_withdraw(self, ev: Withdraw) -> Handled:
        own = self.entrant_of(ev.session)
        target = ev.entrant if ev.entrant is not None else (own.id if own is not None else ev.session)
        if self.status == FINISHED:
            return self._refuse(ev.session, ErrorCode.TOURNAMENT_OVER, ev.ref, "refuse-t-finished")
        unknown = target is None or self.entrant(target) is None or (ev.entrant is None and own is None)
        if unknown or target in self.withdrawn:
            return self._refuse(ev.session, ErrorCode.NOT_ENTERED, ev.ref, "refuse-t-not-entrant", who=repr(target))
        mine = own is not None and own.id == target
        if not mine and target != ev.session and ev.session is not None and ev.session != self.organiser:
            return self._refuse(ev.session, ErrorCode.NOT_ORGANISER, ev.ref, "refuse-t-organiser-withdraws")
        if self.status == OPEN:
            t = dataclasses.replace(self, entrants=tuple(e for e in self.entrants if e.id != target))
            return t, [Announce(t)]
        t = dataclasses.replace(self, withdrawn=self.withdrawn | {target})
        effects: list[Effect] = []
        rnd = t.round
        if rnd is not None:
            session = t.entrant(target).session  # type: ignore[union-attr]
            for p in rnd.pairings:
                for g in p.games:
                    if not g.is_done and target in g.seats and g.room is not None and session is not None:
                        effects.append(ResignGame(g.room, session))
        if t.format == "gauntlet" and target == t.challenger:
            return t._finish(ev.now, "the challenger withdrew", effects, ended("challenger"))
        t, more = t._advance(ev.now)
        return t, effects + more

    def _on_rebind(self, ev: Rebind) -> Handled:
        if self.status == FINISHED:
            return self._refuse(ev.session, ErrorCode.TOURNAMENT_OVER, ev.ref, "refuse-t-finished")
        e = self.entrant(ev.entrant)
        if e is None or e.kind == "hosted":
            return self._refuse(ev.session, ErrorCode.NOT_ENTERED, ev.ref, "refuse-t-not-entrant", who=repr(ev.entrant))
        taken = self.entrant_of(ev.session)
        if taken is not None and taken.id != e.id:
            return self._refuse(ev.session, ErrorCode.ALREADY_ENTERED, ev.ref, "refuse-t-plays-another")
        if e.session == ev.session:
            return self._refuse(ev.session, ErrorCode.ALREADY_ENTERED, ev.ref, "refuse-t-entered")
        moved = dataclasses.replace(e, at=None if ev.session == e.id else ev.session)
        t = dataclasses.replace(self, entrants=tuple(moved if x.id == e.id else x for x in self.entrants))
        return t, [Announce(t)]

    def _on_start(self, ev: Start) -> Handled:
        if self.status != OPEN:
            code = ErrorCode.TOURNAMENT_OVER if self.status == FINISHED else ErrorCode.TOURNAMENT_NOT_OPEN
            return self._refuse(ev.session, code, ev.ref, "refuse-t-started")
        if ev.session is not None and self.organiser is not None and ev.session != self.organiser:
            return self._refuse(ev.session, ErrorCode.NOT_ORGANISER, ev.ref, "refuse-t-organiser-starts")
        why = _why_not_started(self)
        if why is not None:
            return self._refuse(ev.session, ErrorCode.TOO_FEW_ENTRANTS, ev.ref, f"refuse-t-cannot-start-{why[1]}",
                                **why[2])
        return self._start(ev.now)

    def _on_stop(self, ev: Stop) -> Handled:
        if self.status == FINISHED:
            return self._refuse(ev.session, ErrorCode.TOURNAMENT_OVER, ev.ref, "refuse-t-finished")
        if ev.session is not None and self.organiser is not None and ev.session != self.organiser:
            return self._refuse(ev.session, ErrorCode.NOT_ORGANISER, ev.ref, "refuse-t-creator-stops")
        if self.stopped:
            return self, []  # already stopping: its games in play end it
        t = dataclasses.replace(self, stopped=True)
        if t.status == OPEN:
            return t._finish(ev.now, "stopped by its creator before the start", [], ended("stopped-early"))
        return t._advance(ev.now)

    def _on_tick(self, ev: Tick) -> Handled:
        if self.status != OPEN or self.starts_at is None or ev.now < self.starts_at:
            return self, []
        why = _why_not_started(self)
        if why is not None:
            return self._finish(ev.now, f"not started: {why[0]}", [], ended(why[1], **why[2]))
        return self._start(ev.now)

    def _on_game_created(self, ev: GameCreated) -> Handled:
        found = self._find(lambda g: g.key == ev.key)
        if found is None:
            return self, []
        ri, pi, gi = found
        g = self.rounds[ri].pairings[pi].games[gi]
        if g.is_done or g.room is not None:
            return self, []
        t = self._with_game(ri, pi, gi, dataclasses.replace(g, room=ev.room))
        effects: list[Effect] = [Announce(t)]
        for eid in g.seats:
            e = t.entrant(eid)
            if eid in t.withdrawn and e is not None and e.session is not None:
                effects.append(ResignGame(ev.room, e.session))
        return t, effects

    def _on_game_finished(self, ev: GameFinished) -> Handled:
        found = self._find(lambda g: g.room == ev.room and not g.is_done)
        if found is None:
            return self, []
        ri, pi, gi = found
        g = self.rounds[ri].pairings[pi].games[gi]
        effects: list[Effect] = []
        if ev.outcomes is None:
            # a withdrawn entrant forfeits its aborted game; its opponent never loses it for being absent
            out = (set(g.seats) & self.withdrawn) or {g.seats[i] for i in ev.absent if i in (0, 1)}
            if out:
                done = dataclasses.replace(g, outcomes=_forfeited(g.seats, out), forfeit=True)
            elif self.stopped:  # stopped: an aborted game is not made again, and counts for nothing
                p = self.rounds[ri].pairings[pi]
                t = self._with_pairing(ri, pi, dataclasses.replace(p, games=p.games[:gi] + p.games[gi + 1 :]))
                return t._advance(ev.now)
            elif g.restarts < MAX_RESTARTS:
                again = dataclasses.replace(g, key=f"{g.key.split('~')[0]}~{g.restarts + 1}", room=None,
                                            restarts=g.restarts + 1)
                t = self._with_game(ri, pi, gi, again)
                return t, [t._create(self.rounds[ri].number, again)]
            else:
                done = dataclasses.replace(g, outcomes=("loss", "loss"), forfeit=True)
        else:
            outs = tuple(ev.outcomes)
            if outs not in _DECISIVE:
                return self, []
            done = dataclasses.replace(g, outcomes=outs)  # type: ignore[arg-type]
            if self.rated:
                a, b = (self.entrant(s) for s in g.seats)
                assert a is not None and b is not None
                effects.append(RatingChange(self.id, ev.room, self.game, (a.rating_key, b.rating_key), done.outcomes))  # type: ignore[arg-type]
        t = self._with_game(ri, pi, gi, done)
        t, more = t._advance(ev.now)
        return t, effects + more

    # ------------------------------------------------------------------ transitions

    def _start(self, now: float) -> Handled:
        order = {e.id: i for i, e in enumerate(self.entrants)}
        seeded = tuple(sorted(self.entrants, key=lambda e: (-e.rating, order[e.id])))
        t = dataclasses.replace(self, status=RUNNING, started_at=now, entrants=seeded)
        ids = [e.id for e in seeded]
        if t.format == "round-robin":
            cycle = berger_rounds(ids)
            schedule = cycle + (tuple(tuple(swap_colours(p) for p in r) for r in cycle) if t.double else ())
            t = dataclasses.replace(t, schedule=tuple(schedule))
        elif t.format == "gauntlet":
            # The first entrant who entered by itself: hosted bots added with the tournament are its
            # opponents (with hosted bots only, the first of them).
            first = next((e.id for e in self.entrants if e.kind != "hosted"), self.entrants[0].id)
            champ = t.challenger or first
            others = [i for i in ids if i != champ]
            t = dataclasses.replace(t, challenger=champ, schedule=gauntlet_rounds(champ, others))
        return t._next_round(now)

    def _next_round(self, now: float) -> Handled:
        """Pair the next round (or finish when there is none)."""
        number = len(self.rounds) + 1
        pairs = self._pairs_for(number)
        if pairs is None:
            return self._finish(now, "all rounds played", [], ended("all-played"))
        share = (self.games_per_pairing + 1) // 2 if self.openings else 0  # openings per pairing
        first = self.next_opening
        pairings = []
        for i, (w, b) in enumerate(pairs):
            pairings.append(Pairing(i, w, b, opening=first % len(self.openings) if self.openings else 0))
            if b is not None:
                first += share
        t = dataclasses.replace(
            self,
            rounds=self.rounds + (Round(number, tuple(pairings)),),
            next_opening=first % len(self.openings) if self.openings else 0,
        )
        return t._advance(now)

    def _pairs_for(self, number: int) -> list[tuple[str, str | None]] | None:
        if self.format in ("round-robin", "gauntlet"):
            return list(self.schedule[number - 1]) if number <= len(self.schedule) else None
        if self.format == "swiss":
            if number > self.swiss_rounds:
                return None
            return swiss_pairs(self)
        return knockout_pairs(self, number)

    def _fill(self) -> Handled:
        """Start games in the round being played while the concurrency limit allows.

        One game per pairing in turn (board order), as often as it takes: a pairing between
        bots may have several games in play, a pairing with a human entrant one at a time, and
        a knockout replay waits for the games before it.  A game with a withdrawn entrant is
        forfeited at once (it takes no room and does not count against the limit).
        """
        if self.stopped or self.status != RUNNING or not self.rounds:
            return self, []
        ri = len(self.rounds) - 1
        t: Tournament = self
        effects: list[Effect] = []
        busy = t.in_play()
        added = True
        while added:
            added = False
            for p in t.rounds[ri].pairings:
                if t.concurrency is not None and busy >= t.concurrency:
                    return t, effects
                if not t._can_add_game(p):
                    continue
                t, game = t._add_game(ri, p.index)
                added = True
                if not game.is_done:
                    busy += 1
                    effects.append(t._create(t.rounds[ri].number, game))
        return t, effects

    def _can_add_game(self, p: Pairing) -> bool:
        """Whether the pairing's next game may start now."""
        if p.is_bye or not self._pairing_needs_game(p):
            return False
        if p.in_play == 0:
            return True
        if len(p.games) >= self.games_per_pairing:  # a knockout replay: one at a time, after the others
            return False
        return not any(e is not None and e.kind == "human" for e in map(self.entrant, p.entrants))

    def _add_game(self, ri: int, pi: int) -> tuple[Tournament, TournamentGame]:
        """The pairing's next game (forfeited at once if an entrant withdrew): colours alternate,
        games 2k and 2k+1 play the same opening."""
        rnd = self.rounds[ri]
        p = rnd.pairings[pi]
        assert p.black is not None
        k = len(p.games)
        seats = (p.white, p.black) if k % 2 == 0 else (p.black, p.white)
        key = f"{self.id}/r{rnd.number}/p{p.index}/g{k + 1}"
        opening = (p.opening + k // 2) % len(self.openings) if self.openings else None
        out = set(seats) & self.withdrawn
        if out:
            game = TournamentGame(key, seats, None, _forfeited(seats, out), forfeit=True, opening=opening)
        else:
            game = TournamentGame(key, seats, opening=opening)
        return self._with_pairing(ri, pi, dataclasses.replace(p, games=p.games + (game,))), game

    def _pairing_needs_game(self, p: Pairing) -> bool:
        played = len(p.games)
        if played < self.games_per_pairing:
            return True
        if self.format != "knockout" or p.black is None or set(p.entrants) & self.withdrawn or p.in_play:
            return False
        level = p.points(p.white) == p.points(p.black)
        return level and played < self.games_per_pairing + self.replays

    def _advance(self, now: float) -> Handled:
        """After a change: start the games the limit allows; when the round is over, start the next.

        Once stopped, no game starts, and the tournament finishes when its games in play have ended.
        """
        rnd = self.round
        if self.status != RUNNING or rnd is None:
            return self, []
        if self.stopped:
            if self.in_play() == 0:
                return self._finish(now, "stopped by its creator", [], ended("stopped"))
            return self, []
        t, effects = self._fill()
        if all(p.is_over for p in t.rounds[-1].pairings) and not any(map(t._can_add_game, t.rounds[-1].pairings)):
            t, more = t._next_round(now)
            return t, effects + more
        return t, effects

    def _finish(self, now: float, reason: str, effects: list[Effect], say: dict[str, Any]) -> Handled:
        t = dataclasses.replace(self, status=FINISHED, finished_at=now, end_reason=reason, end_say=say)
        return t, [*effects, Announce(t), Finished(t.id, t.standings())]

    def _create(self, number: int, game: TournamentGame) -> CreateGame:
        a, b = (self.entrant(s) for s in game.seats)
        assert a is not None and b is not None
        opening = self.openings[game.opening] if game.opening is not None and self.openings else ()
        return CreateGame(self.id, number, game.key, (a, b), self.game, dict(self.params), self.time_control,
                          self.rated, opening)

    # ------------------------------------------------------------------ helpers

    def _find(self, pred: Callable[[TournamentGame], bool]) -> tuple[int, int, int] | None:
        for ri in range(len(self.rounds) - 1, -1, -1):
            for pi, p in enumerate(self.rounds[ri].pairings):
                for gi, g in enumerate(p.games):
                    if pred(g):
                        return ri, pi, gi
        return None

    def _with_pairing(self, ri: int, pi: int, p: Pairing) -> Tournament:
        r = self.rounds[ri]
        nr = dataclasses.replace(r, pairings=r.pairings[:pi] + (p,) + r.pairings[pi + 1 :])
        return dataclasses.replace(self, rounds=self.rounds[:ri] + (nr,) + self.rounds[ri + 1 :])

    def _with_game(self, ri: int, pi: int, gi: int, g: TournamentGame) -> Tournament:
        p = self.rounds[ri].pairings[pi]
        return self._with_pairing(ri, pi, dataclasses.replace(p, games=p.games[:gi] + (g,) + p.games[gi + 1 :]))


_DECISIVE = (("win", "loss"), ("draw", "draw"), ("loss", "win"))


def _forfeited(seats: tuple[str, str], out: set[str]) -> tuple[Outcome, Outcome]:
    """Outcomes when the entrants in ``out`` forfeit (both out: both lose)."""
    a, b = (("loss" if s in out else "win") for s in seats)
    return a, b  # type: ignore[return-value]


_HANDLERS: dict[type, Callable[[Tournament, Any], Handled]] = {
    Enter: Tournament._on_enter,
    Withdraw: Tournament._on_withdraw,
    Rebind: Tournament._on_rebind,
    Start: Tournament._on_start,
    Stop: Tournament._on_stop,
    Tick: Tournament._on_tick,
    GameCreated: Tournament._on_game_created,
    GameFinished: Tournament._on_game_finished,
}


def ended(why: str, **args: Any) -> dict[str, Any]:
    """A tournament's end reason as a message id of the catalogs (``wire-tournament-ended-<why>``) and its
    arguments: each client says it in its own language (``reason`` stays the English, for older clients)."""
    return {"id": f"wire-tournament-ended-{why}", "args": args}


def _why_not_started(t: Tournament) -> tuple[str, str, dict[str, Any]] | None:
    """Why ``t`` cannot start (None: it can): the English, and its ``wire-tournament-ended-`` message's end of id
    and arguments (said "not started: ..." when it finishes for it)."""
    n = len(t.entrants)
    if n < 2:
        return f"{t.format} needs at least 2 entrants, {n} entered", "too-few", {"format": t.format, "entered": n}
    if t.format == "swiss":
        most = n - 1 if n % 2 == 0 else n
        if t.swiss_rounds > most:
            english = f"{t.swiss_rounds} swiss rounds without repeats need more than {n} entrants (at most {most})"
            return english, "swiss-rounds", {"rounds": t.swiss_rounds, "entered": n, "most": most}
    if t.format == "gauntlet" and t.challenger is not None and t.entrant(t.challenger) is None:
        return f"the challenger {t.challenger!r} has not entered", "no-challenger", {"challenger": t.challenger}
    return None
