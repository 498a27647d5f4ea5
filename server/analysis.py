"""Hints and post-game reviews for clients without a solver of their own (the web client): ``analyze``.

A client asks ``analyze {room, kind}`` with ``kind`` ``hint``, ``review``, ``position`` or ``tree``; the
node answers ``analysis`` with the hint's text, the review's verdict on every move, a position's
explanation, the game tree (solver/tree.py), or ``refused`` with the reason in words.  Without a room
(``analyze {game, params, moves, kind}``, before ``hello`` too) any position of any game is explained
or drawn as a tree: the game is checked as for a new room (its size bound), the rest as below.
The rules are the terminal client's, word for word (client/hints.py):

* a **hint** goes only to a player, in a game in progress that is not rated, of a game that
  hides nothing, on the player's turn, against a hosted bot; the lasting reasons (rated,
  hidden information) are given before the passing one (whose turn it is).  So the solver
  never sees more than the asking seat sees: a game with hidden information gets no hint;
* a **review** is of a finished game only (its whole record is public then), for anyone; the
  worker is told which seat resigned, when the game ended so (the review's last row judges the
  resignation: resigning a won game throws the win away), and the players' names for the
  summary's words.

What the solver is given is taken inside the room's turn (a snapshot of the moves at that
ply); the answer says which ``ply`` it is about.  The solver runs in a worker process of
its own (one, started at the first request; :data:`MAX_WAITING` requests wait at most, more
are refused as busy), not in the hosted bots' pool: a review may take seconds, and a bot's
move on a running clock must never wait behind one.  A hint searches for at most
:data:`HINT_BUDGET_S`, a review at most :data:`REVIEW_BUDGET_S` (an exact review is bounded
by positions); a worker that overruns by :data:`MARGIN_S` is replaced and the answer is refused.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import hashlib
import logging
import multiprocessing
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grundy import protocol as p
from grundy import rules
from grundy.protocol import i18n
from grundy.server import refusals
from grundy.server.errors import RoomError, Unavailable
from grundy.server.store import StoreError

if TYPE_CHECKING:
    from grundy.server.gateway import Connection
    from grundy.server.ports import Store
    from grundy.server.room import Room
    from grundy.server.room.values import Seat
    from grundy.server.room_table import RoomTable
    from grundy.server.sessions import Session

log = logging.getLogger("grundy.analysis")

HINT_BUDGET_S = 2.0
REVIEW_BUDGET_S = 20.0
POSITION_BUDGET_S = 2.0
TREE_BUDGET_S = 5.0
EXAM_BUDGET_S = 10.0  # seconds for the exam's whole table (every S)
EXAM_NODES = 2_000_000
EXAM_KEYS = ("heaps", "ops", "goal", "rule", "range")
PUZZLE_BUDGET_S = 10.0  # the solver's puzzles are made at the first request (a few seconds)
MAX_FOUND = 200  # puzzles from real games kept (the newest)
MARGIN_S = 10.0
MAX_WAITING = 8


Params = dict[str, Any]
Moves = list[str]


@dataclasses.dataclass(frozen=True)
class EndOfGame:
    """What the worker is told of how a finished game ended: the seat that resigned, the players' names."""

    resigned: int | None = None
    names: list[str] | None = None


def seat_label(seat: Seat) -> str:
    """A seat as people see it: its player's name, ``bot (LEVEL)`` for a hosted bot, or ``(open seat)``."""
    return seat.label


def hint_refusal(room: Room, session_id: str, lang: str | None = i18n.DEFAULT) -> str | None:
    """Why ``session_id`` gets no hint in ``room`` now, in the terminal client's words said in ``lang`` (the
    session's language: the catalogs' ``study-hint-`` messages, those the clients say); None when it may."""
    you = next((i for i, s in enumerate(room.seats) if s.session == session_id and s.kind != "bot"), None)
    names = [seat_label(s) for s in room.seats]
    if you is None:
        return i18n.tr(lang, "study-hint-spectator")
    if room.status != "playing":
        return i18n.tr(lang, "study-hint-not-playing")
    if room.rated:
        return i18n.tr(lang, "study-hint-rated")
    if room.game.hidden_information:
        name = room.game.name
        game = i18n.tr(lang, f"game-{name}") if i18n.pick(lang) != i18n.DEFAULT and i18n.has(f"game-{name}") else name
        return i18n.tr(lang, "study-hint-hidden", game=game)
    turn = room.game.to_move(room.state)
    if turn != you:
        who = names[turn] if turn is not None and 0 <= turn < len(names) else "?"
        return i18n.tr(lang, "study-hint-not-your-turn", who=who)
    if not any(s.kind == "bot" for s in room.seats):
        others = [n for i, n in enumerate(names) if i != you]
        joined = others[0] if others else i18n.tr(lang, "study-nobody")
        for other in others[1:]:
            joined = i18n.tr(lang, "study-list-and", first=joined, second=other)
        return i18n.tr(lang, "study-hint-no-bot", others=joined)
    return None


def refusal(lang: str | None, msg_id: str, args: dict[str, Any]) -> str:
    """A refusal in ``lang``: a ``game`` argument said as the game is taught (its canonical name in English)."""
    game = args.get("game")
    if isinstance(game, str) and i18n.pick(lang) != i18n.DEFAULT and i18n.has(f"game-{game}"):
        args = {**args, "game": i18n.tr(lang, f"game-{game}")}
    return i18n.tr(lang, msg_id, **args)


def _lang(conn: Connection) -> str | None:
    """The language of the session on ``conn`` (its ``hello.lang``): the words of a refusal sent there."""
    return getattr(getattr(conn, "session", None), "lang", None)


def _solve(
    kind: str,
    game: str,
    params: dict[str, Any],
    moves: list[str],
    budget_s: float,
    resigned: int | None = None,
    names: list[str] | None = None,
    depth: int | None = None,
) -> dict[str, Any]:
    """Runs in the worker process."""
    from grundy.solver.review import analyse

    if kind == "tree":
        return _tree(game, params, moves, budget_s, depth)
    if kind == "exam":
        return _exam(params, budget_s)
    if kind == "puzzles":
        from grundy.solver import puzzles

        return {"puzzles": [z.to_dict() for z in puzzles.catalog()]}
    if kind == "puzzle":
        return _puzzle(params, moves)
    out = analyse(kind, game, params, moves, budget_s, resigned=resigned, names=names)
    if kind == "review" and out.get("review"):  # a win thrown away in a real game makes a puzzle
        out["found"] = _found_puzzles(game, params, moves, out["review"])
    return out


def _found_puzzles(game_name: str, params: dict[str, Any], moves: list[str], rows: list[dict[str, Any]]) -> list[Any]:
    """The puzzles of a reviewed game: the positions before its moves that threw a proven win away."""
    from grundy import rules
    from grundy.solver import puzzles

    found = []
    game = rules.create(game_name, **params)
    for row in rows:
        thrown = (row.get("verdict_said") or {}).get("id") == "teach-verdict-threw-win"  # (its verdict, by its id)
        if not thrown or row.get("move") == "resign" or len(found) >= 3:
            continue
        z = puzzles.make(game, list(moves[: row["ply"]]), "", "game")
        if z is not None and row["move"] not in z.winning:
            found.append(z.to_dict() | {"winning": list(z.winning)})
    return found


def _puzzle(params: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """A puzzle (``params["puzzle"]``: a catalog id, or a found puzzle's fields) and the verdict on ``moves[0]``."""
    from grundy.solver import puzzles

    wanted = params["puzzle"]
    if isinstance(wanted, dict):
        z = puzzles.Puzzle(wanted["id"], wanted["game"], wanted["params"], tuple(wanted["moves"]), wanted["k"],
                           tuple(wanted["winning"]), "game")
    else:
        z = next((x for x in puzzles.catalog() if x.id == wanted), None)
        if z is None:
            return {"refused": ("teach-refused-no-puzzle", {"id": repr(wanted)})}
    out: dict[str, Any] = {"puzzle": z.to_dict(), "game": z.game, "params": z.params, "moves": list(z.moves)}
    if moves:
        verdict = puzzles.check(z, moves[0])
        if "refused" in verdict:
            out["puzzle"]["said"] = verdict["refused"]
        else:
            out["puzzle"].update(verdict=verdict["verdict"], said=verdict["said"], refutation=verdict["refutation"],
                                 verdict_said=verdict["verdict_said"])
            out["explanation"] = verdict["explanation"]
    return out


def _tree(
    game_name: str, params: dict[str, Any], moves: list[str], budget_s: float, depth: int | None
) -> dict[str, Any]:
    """The game tree of the position after ``moves`` (solver/tree.py), or why there is none, in words."""
    from grundy import rules
    from grundy.solver import exact, tree
    from grundy.solver.teach import reason_of

    try:
        game = rules.create(game_name, **params)
        state = game.replay(moves)
        root = tree.build(game, state, depth, solver_seconds=budget_s)
    except rules.RulesError as e:  # (the rules' reason, said in the session's language when they have words for it)
        return {"refused": ("teach-refused-no-replay", {"why": reason_of(e)})}
    except exact.TooLarge as e:
        return {"refused": ("teach-refused-tree-too-large", {"why": str(e)})}
    except ValueError as e:
        return {"refused": str(e)}
    return {"tree": root.to_dict()}


def _exam(params: dict[str, Any], budget_s: float) -> dict[str, Any]:
    """The exam's table (solver/exam.py), or why there is none, in words."""
    from grundy.solver import exact, exam

    try:
        table = exam.table(exam.parse(**params), max_nodes=EXAM_NODES, max_seconds=budget_s)
    except exact.TooLarge as e:
        return {"refused": ("teach-refused-exam-too-large", {"why": str(e)})}
    except ValueError as e:  # (the exam's and the rules' refusals of its parameters, said in the reader's language)
        said = getattr(e, "said", None)
        return {"refused": said if said is not None else str(e)}
    codes = [{"s": int(s), "code": c} for s, c in table.pop("codes").items()]
    return {"exam": {**table, "codes": codes}}


def resigned_seat(room: Room) -> int | None:
    """The seat that resigned (or left a started game, which counts as resigning), when the game ended so."""
    if room.ending != "resign" or room.result is None:
        return None
    losers = [i for i, o in enumerate(room.result.outcomes) if o == "loss"]
    return losers[0] if len(losers) == 1 else None


class Analyst:
    """The node's answerer of ``analyze`` requests (see the module docstring)."""

    def __init__(
        self, hint_budget_s: float = HINT_BUDGET_S, review_budget_s: float = REVIEW_BUDGET_S, margin_s: float = MARGIN_S
    ) -> None:
        self.budgets = {
            "hint": hint_budget_s,
            "review": review_budget_s,
            "position": POSITION_BUDGET_S,
            "tree": TREE_BUDGET_S,
            "exam": EXAM_BUDGET_S,
            "puzzles": PUZZLE_BUDGET_S,
            "puzzle": PUZZLE_BUDGET_S,
        }
        # Puzzles from real games, by id (``g`` and a digest of the position): kept in the store (``store``,
        # set when the node is composed), so they outlive a restart and every node of a cluster knows them;
        # here too, the newest MAX_FOUND (all a node without a store has).
        self.found: dict[str, dict[str, Any]] = {}
        self.store: Store | None = None
        self.margin_s = margin_s
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._lock: asyncio.Lock | None = None  # one job on the worker at a time
        self._waiting = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    def request(self, conn: Connection, session: Session, msg: p.Analyze, rooms: RoomTable) -> None:
        """Take a snapshot of the room in its turn, then answer from a task of its own.

        The connection's other requests never wait for the solver.
        """
        actor = rooms.get(msg.room)
        if actor is None:
            raise refusals.refusal(RoomError, p.ErrorCode.UNKNOWN_ROOM, msg.ref, "refuse-no-room-here",
                                   room=repr(msg.room))

        actor.put(lambda a: self.answer(conn, session, msg, a.room))

    def answer(self, conn: Connection, session: Session, msg: p.Analyze, room: Room) -> None:
        """Answer from a snapshot of ``room`` (taken in its turn; or a finished room read from the store)."""
        if msg.kind == "hint":
            why = hint_refusal(room, session.id, session.lang)
        else:
            later = "words-analysis-review-later" if msg.kind == "review" else "words-analysis-later"
            why = None if room.status == "finished" else i18n.tr(session.lang, later)
        if why is not None:
            conn.send_message(p.Analysis(ref=msg.ref, room=room.id, kind=msg.kind, ply=room.ply, refused=why))
            return
        params = dict(room.game.params)
        moves = [m.text for m in room.moves]
        ply = room.ply
        if msg.kind in ("position", "tree") and msg.moves is not None:
            moves, ply = list(msg.moves), len(msg.moves)
        resigned = resigned_seat(room) if msg.kind == "review" else None
        ending = EndOfGame(resigned, [seat_label(s) for s in room.seats])
        self._start(conn, msg, room.id, room.game.name, params, moves, ply, ending)

    def request_free(
        self, conn: Connection, msg: p.Analyze, check_size: Callable[[Any, Any, Any], None], player: str | None = None
    ) -> None:
        """``analyze`` without a room: any position of any game (``position`` or ``tree``).

        The game and its parameters are checked as for a new room (``check_size``: the lobby's bound on a
        hosted game's size); a bad request is a typed error, moves that do not replay are refused in words.
        ``player``: the registered player asking (None: a guest, or before ``hello``), whose solved puzzles count.
        """
        from grundy import rules

        if msg.kind == "exam":
            self._exam(conn, msg)
            return
        if msg.kind in ("puzzles", "puzzle"):
            self._puzzle(conn, msg, player)
            return
        if msg.kind not in ("position", "tree"):
            raise refusals.refusal(RoomError, p.ErrorCode.BAD_MESSAGE, msg.ref, "refuse-analysis-kind", kind=msg.kind)
        if msg.game is None:
            raise refusals.refusal(RoomError, p.ErrorCode.BAD_MESSAGE, msg.ref, "refuse-analysis-game")
        try:
            game = rules.create(msg.game, **(msg.params or {}))
        except rules.ParameterError as e:
            raise refusals.game_refusal(msg.ref, msg.game, e, RoomError) from None
        check_size(game, game.initial(), msg.ref)
        moves = list(msg.moves or [])
        self._start(conn, msg, None, game.name, dict(game.params), moves, len(moves))

    def _puzzle(self, conn: Connection, msg: p.Analyze, player: str | None) -> None:
        """``puzzles`` (the list) and ``puzzle`` (one, and the verdict on ``answer``): answered in the worker.

        A right answer of a registered ``player`` is kept in the store (each puzzle counts once on their page)."""
        if msg.kind == "puzzles":
            self._start(conn, msg, None, "", {}, [], 0)
            return
        if msg.puzzle is None:
            raise refusals.refusal(RoomError, p.ErrorCode.BAD_MESSAGE, msg.ref, "refuse-analysis-puzzle")
        self._start(conn, msg, None, "", {"puzzle": msg.puzzle}, [msg.answer] if msg.answer else [], 0, player=player)

    async def remember(self, found: list[dict[str, Any]]) -> None:
        """Keep the puzzles a review found, each once (its id a digest of its position), here and in the store."""
        for z in found:
            key = repr((z["game"], sorted(z["params"].items()), z["moves"]))
            pid = "g" + hashlib.sha256(key.encode()).hexdigest()[:10]
            if pid in self.found:
                continue
            self.found[pid] = {**z, "id": pid}
            while len(self.found) > MAX_FOUND:
                self.found.pop(next(iter(self.found)))
            if self.store is not None:
                try:
                    await self.store.keep_found_puzzle(self.found[pid], time.time())
                except (StoreError, Unavailable) as e:  # (kept here meanwhile; the review's answer still goes out)
                    log.warning("puzzle %s from a real game not kept in the store: %s", pid, e)

    async def _found_list(self) -> list[dict[str, Any]]:
        """The puzzles from real games, oldest first: the store's (every node's, from before a restart too),
        else this node's."""
        if self.store is not None:
            try:
                return await self.store.found_puzzles(MAX_FOUND)
            except (StoreError, Unavailable) as e:  # (the store is out: this node's own, for now)
                log.warning("puzzles from real games not read from the store: %s", e)
        return list(self.found.values())

    async def _found_one(self, puzzle_id: str) -> dict[str, Any] | None:
        """A puzzle from a real game by id (None: not one of them)."""
        if puzzle_id in self.found or self.store is None:
            return self.found.get(puzzle_id)
        try:
            return await self.store.found_puzzle(puzzle_id)
        except (StoreError, Unavailable) as e:
            log.warning("puzzle %s not read from the store: %s", puzzle_id, e)
            return None

    def _exam(self, conn: Connection, msg: p.Analyze) -> None:
        """``analyze {kind: "exam", params}``: the parameters checked here (a typed error), the table in the worker."""
        from grundy.solver import exam

        params = {k: str(v) for k, v in (msg.params or {}).items()}
        unknown = sorted(set(params) - set(EXAM_KEYS))
        if unknown:
            raise refusals.refusal(RoomError, p.ErrorCode.BAD_PARAMS, msg.ref, "refuse-exam-keys", key=unknown[0],
                          keys=", ".join(EXAM_KEYS))
        try:
            exam.parse(**{("s_range" if k == "range" else k): v for k, v in params.items()})
        except rules.RulesError as e:
            raise refusals.rules_refusal(RoomError, p.ErrorCode.BAD_PARAMS, msg.ref, e) from None
        except ValueError as e:
            raise RoomError(p.ErrorCode.BAD_PARAMS, str(e), msg.ref) from None
        params = {("s_range" if k == "range" else k): v for k, v in params.items()}
        self._start(conn, msg, None, "stones", params, [], 0)

    def _start(
        self,
        conn: Connection,
        msg: p.Analyze,
        room_id: str | None,
        game: str,
        params: dict[str, Any],
        moves: list[str],
        ply: int,
        ending: EndOfGame | None = None,
        player: str | None = None,
    ) -> None:
        if self._closed:
            why = i18n.tr(_lang(conn), "words-analysis-stopping")
        elif self._waiting >= MAX_WAITING:
            why = i18n.tr(_lang(conn), "words-analysis-busy")
        else:
            why = None
        if why is not None:
            conn.send_message(p.Analysis(ref=msg.ref, room=room_id, kind=msg.kind, ply=ply, refused=why))
            return
        task = asyncio.get_running_loop().create_task(
            self._answer(conn, msg, room_id, game, params, moves, ply, ending or EndOfGame(), player),
            name=f"analyze {room_id or game}",
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(
        self,
        conn: Connection,
        msg: p.Analyze,
        room_id: str | None,
        game: str,
        params: dict[str, Any],
        moves: list[str],
        ply: int,
        ending: EndOfGame,
        player: str | None = None,
    ) -> None:
        budget = self.budgets[msg.kind]
        self._waiting += 1
        try:
            if msg.kind == "puzzle" and isinstance(params.get("puzzle"), str):  # one from a real game: its fields
                params = {"puzzle": await self._found_one(params["puzzle"]) or params["puzzle"]}
            if self._lock is None:
                self._lock = asyncio.Lock()
            async with self._lock:
                out = await self._run(msg.kind, game, params, moves, budget, ending, msg.depth)
        finally:
            self._waiting -= 1
        said = out.get("refused_said")  # the solver's reason as a message
        if isinstance(out.get("refused"), tuple) or said:  # the node's and the solver's words in the session's language
            msg_id, args = out["refused"] if isinstance(out.get("refused"), tuple) else (said["id"], said["args"])
            out = {**out, "refused": refusal(_lang(conn), msg_id, args)}
        if out.get("found"):
            await self.remember(out["found"])
        if msg.kind == "puzzles" and out.get("puzzles") is not None:
            out["puzzles"] = [*out["puzzles"], *(self._shown(z) for z in await self._found_list())]
        if msg.kind == "puzzle" and out.get("puzzle"):  # its position, to draw it
            game, params, moves = out["game"], out["params"], out["moves"]
            out = {**out, **await asyncio.to_thread(position_board, game, params, moves)}
            if msg.answer is None or out["puzzle"].get("verdict") is None:
                out.pop("explanation", None)
        if msg.kind == "position" and out.get("refused") is None:  # the position itself, to draw it
            out = {**out, **await asyncio.to_thread(position_board, game, params, moves)}
        review = [p.ReviewMove(**row) for row in out["review"]] if "review" in out else None
        summary = p.ReviewSummary(**out["summary"]) if out.get("summary") else None
        explanation = p.Explanation(**out["explanation"]) if out.get("explanation") else None
        conn.send_message(
            p.Analysis(
                ref=msg.ref,
                room=room_id,
                kind=msg.kind,
                ply=ply,
                hint=out.get("hint"),
                hint_said=out.get("hint_said"),
                review=review,
                summary=summary,
                explanation=explanation,
                moves=moves if msg.kind in ("position", "tree", "puzzle") else None,
                view=out.get("view"),
                legal_moves=out.get("legal_moves"),
                tree=p.TreeNode(**out["tree"]) if out.get("tree") else None,
                exam=p.ExamTable(**out["exam"]) if out.get("exam") else None,
                puzzles=[p.Puzzle(**z) for z in out["puzzles"]] if out.get("puzzles") is not None else None,
                puzzle=p.Puzzle(**self._shown(out["puzzle"])) if out.get("puzzle") else None,
                game=(game or None) if room_id is None else None,
                params=(params or None) if room_id is None and msg.kind != "exam" else None,
                refused=out.get("refused"),
            )
        )
        solved = out.get("puzzle") or {}
        if player is not None and self.store is not None and solved.get("verdict") == "right":
            try:
                await self.store.solve_puzzle(player, solved["id"], time.time())
            except (StoreError, Unavailable) as e:  # (the answer went out; only the count misses it)
                log.warning("puzzle %s solved by %s not kept: %s", solved["id"], player, e)

    @staticmethod
    def _shown(z: dict[str, Any]) -> dict[str, Any]:
        """A found puzzle as the list shows it (its winning moves stay here)."""
        return {k: v for k, v in z.items() if k != "winning"}

    async def _run(
        self,
        kind: str,
        game: str,
        params: dict[str, Any],
        moves: list[str],
        budget: float,
        ending: EndOfGame,
        depth: int | None = None,
    ) -> dict[str, Any]:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        pool = self._pool
        started = time.monotonic()
        future = asyncio.wrap_future(
            pool.submit(_solve, kind, game, params, moves, budget, ending.resigned, ending.names, depth)
        )
        limit = budget + self.margin_s
        try:
            return await asyncio.wait_for(future, limit)
        except TimeoutError:
            log.warning("analysis of %s (%s) overran %.1f s: replacing the worker", game, kind, limit)
            self._replace(pool)
            return {"refused": ("words-analysis-overran", {"seconds": limit})}
        except concurrent.futures.process.BrokenProcessPool:
            log.warning("the analysis worker died (%s, %s): replacing it", game, kind)
            self._replace(pool)
            return {"refused": ("words-analysis-failed", {})}
        finally:
            log.debug("analysis of %s (%s): %.2f s", game, kind, time.monotonic() - started)

    def _replace(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        if self._pool is pool:
            self._pool = None
        for process in list(getattr(pool, "_processes", {}).values()):  # a stuck search: end it
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Refuse new requests, cancel the waiting ones and stop the worker."""
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=1.0)
        if self._pool is not None:
            self._replace(self._pool)


def position_board(game_name: str, params: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """The position after ``moves`` as a client draws it, for a ``position`` answer (a replay, no search:
    run in a thread, after the solver has replayed the same moves).

    The view is what the seat to move saw there, as its explanation is (the whole position once the
    game is over there), with the legal moves for a "what if".
    """
    from grundy import rules

    game = rules.create(game_name, **params)
    state = game.replay(moves)
    if game.is_over(state):
        return {"view": game.full_view(state), "legal_moves": []}
    return {"view": game.view(state, game.to_move(state)), "legal_moves": game.legal_texts(state)}
