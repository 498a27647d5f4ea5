"""`grundy tournament` and `grundy match`: run a tournament or a match between bots and engines from one command.

    grundy tournament tictactoe --player bot:easy --player bot:medium --player bot:hard --tc 10s+0.1
    grundy match gomoku pbrain:./pbrain-wine bot:hard --games 52 --openings builtin --sprt elo0=0 elo1=20

What it does, in the manner of cutechess-cli and fastchess: starts a node in this process
(in-memory store, its own bot workers) unless ``--server URL`` names one; creates the
tournament there (openings, concurrency, clock); brings every player in — hosted bots by
level, Gomocup engines through the bridge (:mod:`grundy.client.gomocup`), SDK bots started
as processes, players already online — starts it, and watches it: a live table (redrawn in
place on a terminal, a line per finished game otherwise), the records of the games as they
end (``--out``), and for a match the Elo difference, LOS and the SPRT, which stops the match
early (``stop_tournament``: no new game starts, the games in play end).  docs/MATCH.md
documents the commands, the player specs, the openings format, the statistics and the output.

Exit status: 0 done, 2 a usage error (a bad spec, openings file, option or game), 1 a
failure at run time (the server cannot be reached, an engine is missing or cannot start).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import math
import os
import shlex
import shutil
import signal
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from typing import Any, TextIO

from grundy import protocol as p
from grundy import rules
from grundy.cli import matchstats as ms
from grundy.cli.common import cannot_reach, fail, lang, parse_settings, rules_text, t
from grundy.protocol import i18n

log = logging.getLogger("grundy.match")

LEVELS = p.BOT_LEVELS
SPEC_KINDS = ("bot", "pbrain", "cmd", "player")
FORMATS = p.TOURNAMENT_FORMATS
OUT_FORMATS = ("pgn", "psq")
MAX_PLAYERS = 64
MAX_GAMES = 1000  # games per pairing (the protocol's bound)
MAX_CONCURRENCY = 1024
MAX_SWISS_ROUNDS = 256
DEFAULT_TC = "1+0.1"
ENTRY_TIMEOUT_S = 60.0  # a started engine or SDK bot has this long to enter the tournament
STOP_GRACE_S = 5.0  # an SDK bot process still running after the end is terminated after this long
ORGANISER = "grundy-match"


class SpecError(ValueError):
    """A player spec that cannot be read; the message says how to write one."""


class RunError(Exception):
    """A failure at run time (exit status 1): the message is the one line printed."""


# ====================================================================== player specs


@dataclasses.dataclass(frozen=True)
class PlayerSpec:
    """One ``--player``: ``bot:LEVEL``, ``pbrain:PATH[ ARGS]``, ``cmd:COMMAND`` or ``player:NAME``, with an
    optional trailing ``name=NAME`` (the display name)."""

    kind: str
    value: str
    name: str | None = None
    text: str = ""

    def argv(self) -> list[str]:
        """The program and its arguments (``pbrain`` and ``cmd``)."""
        return shlex.split(self.value)


def parse_spec(text: str) -> PlayerSpec:
    """``"bot:hard name=Hard"`` -> PlayerSpec; SpecError naming the spec when it cannot be read."""
    raw = text.strip()
    kind, sep, rest = raw.partition(":")
    kind = kind.strip().lower()
    spec = repr(text)
    if not sep or kind not in SPEC_KINDS:
        raise SpecError(t("contest-spec-how", spec=spec))
    name: str | None = None
    words = rest.split()
    if words and words[-1].startswith("name="):
        name = words[-1][len("name=") :]
        rest = rest[: rest.rstrip().rfind(words[-1])]
        if not 1 <= len(name) <= 32:
            raise SpecError(t("contest-spec-display-name", spec=spec))
    value = rest.strip()
    if not value:
        raise SpecError(t("contest-spec-needs-level", spec=spec) if kind == "bot"
                        else t("contest-spec-needs-value", spec=spec, kind=kind))  # fmt: skip
    if kind == "bot" and value not in LEVELS:
        raise SpecError(t("contest-spec-levels", spec=spec, levels=", ".join(LEVELS)))
    if kind in ("pbrain", "cmd"):
        try:
            shlex.split(value)
        except ValueError:
            raise SpecError(t("contest-spec-quote", spec=spec)) from None
    if kind == "player" and not 1 <= len(value) <= 32:
        raise SpecError(t("contest-spec-name", spec=spec))
    return PlayerSpec(kind, value, name, raw)


def default_name(spec: PlayerSpec, about: dict[str, str] | None = None) -> str:
    """A player's display name unless ``name=`` gives one: ``bot (hard)``, the engine's ABOUT name, the program."""
    if spec.name:
        return spec.name
    if spec.kind == "bot":
        return f"bot ({spec.value})"
    if spec.kind == "player":
        return spec.value
    if about and about.get("name"):
        from grundy.client.gomocup import display_name

        return display_name(about, spec.value)
    program = os.path.basename(spec.argv()[0]) or spec.kind
    return os.path.splitext(program)[0][:32]


def label_of(spec: PlayerSpec, name: str) -> str:
    """A player's name as the table says it: a hosted bot's default name in the command's language."""
    if spec.kind == "bot" and not spec.name and i18n.has(f"contest-bot-{spec.value}"):
        return t(f"contest-bot-{spec.value}")
    return name


def unique_names(names: Sequence[str]) -> list[str]:
    """The names with ``#2``, ``#3``... added to repeats, each at most 32 characters."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        n = seen.get(name, 0) + 1
        seen[name] = n
        out.append(name if n == 1 else f"{name[:28]} #{n}")
    return out


# ====================================================================== options


@dataclasses.dataclass
class Options:
    """Everything a run needs, checked."""

    game: rules.Game
    params: dict[str, str]
    players: list[PlayerSpec]
    match: bool
    format: str = "round-robin"
    rounds: int | None = None
    games: int = 2
    concurrency: int = 1
    time_control: p.TimeControl | None = None
    openings: Any = None  # an openings.OpeningSet
    sprt: ms.Sprt | None = None
    server: str | None = None
    out: str | None = None
    format_out: str = "pgn"
    rated: bool = False
    name: str | None = None
    verbose: bool = False


def helped(msg_id: str, /, **args: Any) -> str:
    """A catalog message as an option's help (argparse reads ``%`` in help as a format)."""
    return t(msg_id, **args).replace("%", "%%")


def add_arguments(p_: argparse.ArgumentParser, match: bool) -> None:
    """The options both commands share (docs/MATCH.md), their help in the command's language."""
    p_.add_argument("game", metavar=t("eng-metavar-game"), help=helped("contest-help-game"))
    if match:
        p_.add_argument("first", metavar=t("eng-metavar-spec"), help=helped("contest-help-first"))
        p_.add_argument("second", metavar=t("eng-metavar-spec"), help=helped("contest-help-second"))
    else:
        p_.add_argument("--player", dest="players", action="append", default=[], metavar=t("eng-metavar-spec"),
                        help=helped("contest-help-player"))  # fmt: skip
        p_.add_argument("--format", choices=FORMATS, default="round-robin", help=helped("contest-help-format"))
        p_.add_argument("--rounds", type=int, default=None, metavar="N", help=helped("contest-help-rounds"))
    p_.add_argument("--games", type=int, default=None, metavar="N",
                    help=helped("contest-help-games-match" if match else "contest-help-games", most=str(MAX_GAMES)))
    p_.add_argument("--concurrency", type=int, default=1, metavar="N",
                    help=helped("contest-help-concurrency", most=str(MAX_CONCURRENCY)))
    p_.add_argument("--tc", default=DEFAULT_TC, metavar=t("eng-metavar-min-inc"),
                    help=helped("contest-help-tc", default=DEFAULT_TC))
    p_.add_argument("--set", dest="settings", action="append", default=[], metavar=t("eng-metavar-set"),
                    help=helped("contest-help-set"))
    p_.add_argument("--openings", default=None, metavar=t("eng-metavar-openings"), help=helped("contest-help-openings"))
    if match:
        p_.add_argument("--sprt", nargs="+", default=None, metavar=t("eng-metavar-set"),
                        help=helped("contest-help-sprt"))
    p_.add_argument("--server", action="append", metavar="URL[,URL...]", help=helped("contest-help-server"))
    p_.add_argument("--out", default=None, metavar=t("eng-metavar-path"), help=helped("contest-help-out"))
    p_.add_argument("--format-out", choices=OUT_FORMATS, default="pgn", help=helped("contest-help-format-out"))
    g = p_.add_mutually_exclusive_group()
    g.add_argument("--rated", dest="rated", action="store_true", help=helped("contest-help-rated"))
    g.add_argument("--casual", dest="rated", action="store_false", help=helped("contest-help-casual"))
    p_.set_defaults(rated=False)
    p_.add_argument("--name", default=None, metavar=t("eng-metavar-name"), help=helped("contest-help-name"))
    p_.add_argument("-v", "--verbose", action="store_true", help=helped("contest-help-verbose"))


def check_args(args: argparse.Namespace, match: bool) -> Options:
    """Every usage error (exit status 2) is found here, before anything starts."""
    from grundy.cli import openings as op
    from grundy.server.record_formats import PSQ_GAMES

    params = parse_settings(args.settings)
    try:
        game = rules.create(args.game, **params)
    except rules.RulesError as e:
        fail(rules_text(e))
    if game.seats != 2:
        fail(t("tour-two-seats", game=args.game, seats=game.seats))
    texts = [args.first, args.second] if match else list(args.players)
    if len(texts) < 2:
        fail(t("tour-two-players"))
    if len(texts) > MAX_PLAYERS:
        fail(t("tour-max-players", n=MAX_PLAYERS))
    try:
        players = [parse_spec(t) for t in texts]
    except SpecError as e:
        fail(str(e))
    opts = Options(game=game, params=params, players=players, match=match, verbose=args.verbose)
    if not match:
        opts.format = args.format
        opts.rounds = args.rounds
        if args.rounds is not None:
            if args.format == "swiss" and not 1 <= args.rounds <= MAX_SWISS_ROUNDS:
                fail(t("tour-swiss-rounds", rounds=args.rounds, n=MAX_SWISS_ROUNDS))
            if args.format == "round-robin" and args.rounds not in (1, 2):
                fail(t("tour-robin-rounds", rounds=args.rounds))
            if args.format in ("knockout", "gauntlet"):
                fail(t("tour-no-rounds", format=args.format))
        if args.format == "swiss" and opts.rounds is None:
            opts.rounds = max(1, math.ceil(math.log2(len(players))))
    sprt_items = getattr(args, "sprt", None)
    if sprt_items is not None:
        try:
            opts.sprt = ms.parse_sprt(sprt_items)
        except ms.StatsError as e:
            fail("--sprt: " + e.text(lang()))
    games = args.games if args.games is not None else (MAX_GAMES if opts.sprt else 10 if match else 2)
    if not 1 <= games <= MAX_GAMES:
        fail(t("tour-games", games=games, n=MAX_GAMES))
    if opts.sprt is not None and opts.sprt.model == "pentanomial" and games < 2:
        fail(t("tour-sprt-pairs"))
    opts.games = games
    if not 1 <= args.concurrency <= MAX_CONCURRENCY:
        fail(t("tour-concurrency", given=args.concurrency, n=MAX_CONCURRENCY))
    opts.concurrency = args.concurrency
    try:
        opts.time_control = p.parse_time_control(args.tc)
    except ValueError:
        fail(t("contest-tc", given=repr(args.tc)))
    if args.openings is not None:
        try:
            opts.openings = op.load(args.openings, game)
        except op.OpeningsError as e:
            fail(str(e))
    if args.server:
        from grundy.client.connection import parse_servers

        try:
            opts.server = ",".join(parse_servers(args.server, lang()))
        except ValueError:
            fail(t("contest-server-bad", given=repr(",".join(args.server))))
    if any(s.kind == "player" for s in players) and not opts.server:
        fail(t("tour-player-needs-server"))
    if any(s.kind == "pbrain" for s in players):
        from grundy.client.gomocup import RULE_BITS

        if (
            game.name not in PSQ_GAMES
            or game.params.get("opening", "none") != "none"
            or game.params["rule"] not in RULE_BITS
        ):
            fail(t("tour-pbrain-gomoku"))
    opts.format_out = args.format_out
    if args.out:
        opts.out = args.out
        if args.format_out == "psq" and game.name not in PSQ_GAMES:
            fail(t("tour-psq-gomoku", game=game.name))
    elif args.format_out != "pgn":
        fail(t("tour-format-needs-out"))
    opts.rated = args.rated
    if args.name is not None:
        if not 1 <= len(args.name.strip()) <= 64:
            fail(t("tour-name-length", given=repr(args.name)))
        opts.name = args.name.strip()
    if opts.format == "gauntlet":
        # The server's challenger is the first entrant that is not a hosted bot (hosted bots are its opponents).
        if players[0].kind == "bot" and any(s.kind != "bot" for s in players[1:]):
            fail(t("tour-gauntlet-first"))
    return opts


# ====================================================================== what the tournament says


@dataclasses.dataclass
class GameRow:
    """One game of the tournament as far as it has come."""

    round: int
    board: int
    index: int  # in its pairing, from 0
    seats: list[str]  # entrant ids, seat order
    room: str | None
    status: str
    outcomes: list[str] | None
    forfeit: bool
    opening: int | None
    record: dict[str, Any] | None = None

    def points(self, entrant: str) -> float:
        assert self.outcomes is not None
        return ms.POINTS[self.outcomes[self.seats.index(entrant)]]

    def lost_on_time(self, entrant: str) -> bool:
        if self.record is None or self.outcomes is None or entrant not in self.seats:
            return False
        return self.record.get("ending") == "flag" and self.outcomes[self.seats.index(entrant)] == "loss"


class Progress:
    """The tournament as the latest ``tournament_state`` shows it, with the records fetched so far (pure)."""

    def __init__(self, names: dict[str, str] | None = None, labels: dict[str, str] | None = None) -> None:
        self.state: p.TournamentState | None = None
        self.names: dict[str, str] = dict(names or {})  # entrant id -> display name (the records' too)
        self.labels: dict[str, str] = dict(labels or {})  # entrant id -> its name in the command's language
        self.order: list[str] = []  # entrant ids in the players' order
        self.rows: dict[tuple[int, int, int], GameRow] = {}
        self.records: dict[str, dict[str, Any]] = {}

    def update(self, state: p.TournamentState) -> None:
        """Take in a newer state (an older one, read late from the event stream, is ignored)."""
        if self.state is not None and state.server_time < self.state.server_time:
            return
        self.state = state
        for s in state.standings:
            self.names.setdefault(s.entrant, s.name)
            if s.entrant not in self.order:
                self.order.append(s.entrant)
        for rnd in state.rounds:
            for pairing in rnd:
                for i, g in enumerate(pairing.games):
                    key = (pairing.round, pairing.board, i)
                    self.rows[key] = GameRow(
                        pairing.round, pairing.board, i, list(g.seats), g.room, g.status,
                        None if g.outcomes is None else list(g.outcomes), g.forfeit, getattr(g, "opening", None),
                        self.records.get(g.room or ""),
                    )  # fmt: skip

    def add_record(self, room: str, record: dict[str, Any]) -> None:
        self.records[room] = record
        for row in self.rows.values():
            if row.room == room:
                row.record = record

    def games(self) -> list[GameRow]:
        return [self.rows[k] for k in sorted(self.rows)]

    def label(self, entrant: str) -> str:
        """An entrant's name as the table says it (a hosted bot's in the command's language)."""
        return self.labels.get(entrant) or self.names.get(entrant, entrant)

    def finished(self) -> list[GameRow]:
        return [g for g in self.games() if g.outcomes is not None]

    def planned(self) -> int | None:
        """Games the tournament will play if it runs to the end (None while the rounds are not all known)."""
        if self.state is None:
            return None
        t = self.state.tournament
        if t.rounds is None or t.format == "knockout":
            return None
        n = len(self.order)
        if t.format == "swiss":
            return n // 2 * t.rounds * t.games_per_pairing
        if t.format == "gauntlet":
            return (n - 1) * t.games_per_pairing
        cycles = t.rounds // max(1, n - 1 + n % 2)  # a cycle has n - 1 rounds (n with an odd count: a bye each)
        return n * (n - 1) // 2 * cycles * t.games_per_pairing or None

    def standings(self) -> list[dict[str, Any]]:
        """One row per entrant in rank order: rank, name, points, games, wins, draws, losses, time losses."""
        rows = []
        states = self.state.standings if self.state is not None else []
        for s in states:
            time_losses = sum(1 for g in self.finished() if g.lost_on_time(s.entrant))
            rows.append(dict(rank=s.rank, entrant=s.entrant, name=self.labels.get(s.entrant)
                             or self.names.get(s.entrant, s.name),
                             points=s.points, games=s.games, wins=s.wins, draws=s.draws, losses=s.losses,
                             time=time_losses, withdrawn=s.withdrawn))  # fmt: skip
        return rows

    def crosstable(self) -> dict[tuple[str, str], tuple[float, int]]:
        """(row entrant, column entrant) -> (row's points against column, games)."""
        out: dict[tuple[str, str], tuple[float, int]] = {}
        for g in self.finished():
            a, b = g.seats
            for me, them in ((a, b), (b, a)):
                pts, n = out.get((me, them), (0.0, 0))
                out[(me, them)] = (pts + g.points(me), n + 1)
        return out

    def match_counts(self, first: str) -> tuple[int, int, int, tuple[int, int, int, int, int]]:
        """``first``'s wins, draws, losses and the pentanomial counts of its finished game pairs."""
        w = d = lo = 0
        by_pair: dict[tuple[int, int, int], list[float]] = {}
        for g in self.finished():
            if first not in g.seats:
                continue
            pts = g.points(first)
            w, d, lo = w + (pts == 1.0), d + (pts == 0.5), lo + (pts == 0.0)
            by_pair.setdefault((g.round, g.board, g.index // 2), []).append(pts)
        pairs = [(x[0], x[1]) for x in by_pair.values() if len(x) == 2]
        return w, d, lo, ms.pentanomial(pairs)


# ====================================================================== the table


def render(progress: Progress, opts: Options, sprt_line: str = "") -> list[str]:
    """The table: per player score, games, W/D/L, losses on time; a match's Elo, LOS, draws and SPRT; a crosstable."""
    rows = progress.standings()
    width = max([len(r["name"]) for r in rows] + [4])
    done = len(progress.finished())
    planned = progress.planned()
    st = progress.state
    parts = [t("cli-tour-what-match", game=opts.game.name) if opts.match
             else t("cli-tour-what", game=opts.game.name, format=t("web-tformat", format=opts.format))]
    if st is not None:
        tour = st.tournament
        parts.append(t("cli-tour-round-of", round=tour.round, rounds=tour.rounds) if tour.rounds
                     else t("cli-tour-round", round=tour.round))
    parts.append(games_text(done, planned))
    heads = [t(f"cli-col-{key}") for key in ("name", "score", "games", "wins", "draws", "losses", "draw-share",
                                             "timeouts")]  # fmt: skip
    width = max([width] + [len(heads[0])])
    cols = [max(len(h), n) for h, n in zip(heads[1:], (6, 5, 4, 4, 4, 6, 4), strict=True)]
    lines = [", ".join(parts),
             f"{'#':>3} {heads[0]:<{width}} " + " ".join(f"{h:>{n}}" for h, n in zip(heads[1:], cols, strict=True))]
    for r in rows:
        draws = f"{r['draws'] / r['games'] * 100:.0f}%" if r["games"] else "-"
        mark = " " + t("contest-withdrawn") if r["withdrawn"] else ""
        cells = [f"{r['points']:g}", r["games"], r["wins"], r["draws"], r["losses"], draws, r["time"]]
        lines.append(f"{r['rank']:>3} {r['name']:<{width}} "
                     + " ".join(f"{c:>{n}}" for c, n in zip(cells, cols, strict=True)) + mark)  # fmt: skip
    if opts.match and len(progress.order) >= 2:
        first, second = progress.order[0], progress.order[1]
        w, d, lo, _ = progress.match_counts(first)
        e = ms.estimate(w, d, lo)
        n1, n2 = progress.label(first), progress.label(second)
        score = f"{e.score:.3f}" if e.games else "-"
        lines.append(t("cli-match-score", first=n1, second=n2, w=w, l=lo, d=d, score=score, games=e.games))
        lines.append(elo_text(e))
        if sprt_line:
            lines.append(sprt_line)
    elif not opts.match and rows:
        lines += crosstable_lines(progress, rows, width)
    return lines


def games_text(done: int, planned: int | None) -> str:
    """``6/6 games``, ``3 games`` in the command's language (the plural by the last number)."""
    return t("cli-tour-games", games=f"{done}/{planned}" if planned else str(done), n=planned or done)


def elo_text(e: ms.EloEstimate) -> str:
    """A match's estimate in the command's language: ``Elo +35.2 +/- 20.1, LOS 99.9 %, draw ratio 12.0 %``."""
    return e.text(lang())


def ended_text(reason: str) -> str:
    """A tournament's end reason (English on the wire, docs/LANGUAGES.md) in the command's language: found by
    its English among the catalog's; said as it came otherwise."""
    for msg_id in ("web-tended-all-played", "web-tended-stopped", "web-tended-stopped-early",
                   "web-tended-challenger"):
        if i18n.tr(i18n.DEFAULT, msg_id) == reason:
            return t(msg_id)
    return reason


def crosstable_lines(progress: Progress, rows: list[dict[str, Any]], width: int) -> list[str]:
    """Points of each row's player against each column's (``.`` on the diagonal, blank before they meet)."""
    cross = progress.crosstable()
    ids = [r["entrant"] for r in rows]
    cells = []
    for me in ids:
        line = []
        for them in ids:
            if me == them:
                line.append(".")
            else:
                pts, n = cross.get((me, them), (0.0, 0))
                line.append(f"{pts:g}/{n}" if n else "")
        cells.append(line)
    col = max([len(c) for line in cells for c in line] + [len(str(len(ids)))])
    out = ["", f"{'':>3} {t('cli-col-crosstable'):<{width}} " + " ".join(f"{i + 1:>{col}}" for i in range(len(ids)))]
    for i, (r, line) in enumerate(zip(rows, cells, strict=True)):
        out.append(f"{i + 1:>3} {r['name']:<{width}} " + " ".join(f"{c:>{col}}" for c in line))
    return out


def one_line(progress: Progress, opts: Options, sprt_line: str = "") -> str:
    """One line of progress (for output that is not a terminal): games done and the leaders or the match score."""
    done = len(progress.finished())
    planned = progress.planned()
    games = games_text(done, planned)
    rows = progress.standings()
    if opts.match and len(progress.order) >= 2:
        w, d, lo, _ = progress.match_counts(progress.order[0])
        e = ms.estimate(w, d, lo)
        text = t("cli-progress-match", games=games, name=progress.label(progress.order[0]), w=w, d=d, l=lo,
                 elo=elo_text(e))
        return text + (f"; {sprt_line}" if sprt_line else "")
    return t("cli-progress", games=games, leaders=", ".join(f"{r['name']} {r['points']:g}" for r in rows))


def fit(lines: list[str], width: int) -> list[str]:
    """The lines within ``width`` columns: a longer one (an SPRT line, longer in some languages) wrapped at its
    spaces, the table's rows (which fit) as they are."""
    out = []
    for x in lines:
        out += [x] if len(x) <= width else textwrap.wrap(x, width, break_on_hyphens=False) or [""]
    return out


class Screen:
    """The live table: redrawn in place on a terminal, one line per change otherwise."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.drawn = 0
        self.last = ""

    def show(self, lines: list[str], line: str) -> None:
        if self.tty:
            width = shutil.get_terminal_size().columns
            up = f"\x1b[{self.drawn}F" if self.drawn else ""
            lines = fit(lines, width)
            self.stream.write(up + "\x1b[J" + "\n".join(lines) + "\n")
            self.drawn = len(lines)
        elif line != self.last:
            self.stream.write(line + "\n")
        self.last = line
        self.stream.flush()

    def say(self, text: str) -> None:
        """A line above the table (the table is drawn again below it)."""
        if self.tty and self.drawn:
            self.stream.write(f"\x1b[{self.drawn}F\x1b[J")
            self.drawn = 0
        self.stream.write(text + "\n")
        self.stream.flush()

    def final(self, lines: list[str]) -> None:
        if self.tty and self.drawn:
            self.stream.write(f"\x1b[{self.drawn}F\x1b[J")
        self.stream.write("\n".join(lines) + "\n")
        self.stream.flush()
        self.drawn = 0


# ====================================================================== records


def game_record(row: GameRow, names: dict[str, str]) -> dict[str, Any]:
    """The exported record of a finished game with the players' display names in its seats."""
    from grundy.cli.export import exported

    rec = exported(row.record or {}, {})
    seats = [dict(s) for s in rec.get("seats", [])]
    for i, entrant in enumerate(row.seats):
        if i < len(seats):
            seats[i]["name"] = names.get(entrant, seats[i].get("name"))
    rec["seats"] = seats
    return rec


def write_records(progress: Progress, opts: Options) -> int:
    """Write every finished game's record to ``--out``; returns how many were written."""
    from grundy.cli.export import record_pgn, record_psq

    assert opts.out is not None
    rows = [g for g in progress.finished() if g.record is not None]
    if opts.format_out == "psq":
        os.makedirs(opts.out, exist_ok=True)
        for n, row in enumerate(rows, 1):
            with open(os.path.join(opts.out, f"game-{n:04d}.psq"), "w", encoding="utf-8") as f:
                f.write(record_psq(game_record(row, progress.names)))
        return len(rows)
    folder = os.path.dirname(os.path.abspath(opts.out))
    os.makedirs(folder, exist_ok=True)
    with open(opts.out, "w", encoding="utf-8") as f:
        f.write("\n".join(record_pgn(game_record(row, progress.names)) for row in rows))
    return len(rows)


# ====================================================================== players


@dataclasses.dataclass
class Seat:
    """A player of the run: its spec, display name, and (once known) its entrant id."""

    spec: PlayerSpec
    name: str  # as it enters and as its records name it
    entrant: str | None = None
    label: str = ""  # as the table says it: a hosted bot's name in the command's language
    task: asyncio.Task[Any] | None = None
    process: asyncio.subprocess.Process | None = None
    log_path: str | None = None
    bot: Any = None
    reported: bool = False  # its process's end was told


async def check_engines(seats: list[Seat], size: int) -> None:
    """Start every Gomocup engine once (ABOUT, START) and take its name; RunError when one cannot play."""
    from grundy.client.gomocup import EngineError, GomocupBot, brain_command

    for seat in seats:
        if seat.spec.kind != "pbrain":
            continue
        argv = seat.spec.argv()
        path = argv[0]
        if not os.path.isfile(path):
            raise RunError(t("contest-no-engine", spec=seat.spec.text, path=repr(path)))
        if not path.endswith(".py") and not os.access(path, os.X_OK):
            raise RunError(t("contest-not-executable", spec=seat.spec.text, path=repr(path)))
        bot = GomocupBot(brain_command(os.path.abspath(path), argv[1:]), cwd=os.path.dirname(os.path.abspath(path)),
                         vary_openings=False)  # fmt: skip
        try:
            about = await bot.check(size)
        except EngineError as e:
            raise RunError(t("contest-engine-cannot-play", spec=seat.spec.text, why=str(e))) from None
        seat.bot = bot
        seat.name = default_name(seat.spec, about)


def cmd_argv(spec: PlayerSpec, server: str, tournament: str, name: str) -> list[str]:
    """How an SDK bot is started: its command (a .py file runs with this Python) with the run's options appended."""
    argv = spec.argv()
    if argv and argv[0].endswith(".py"):
        argv = [sys.executable, *argv]
    return [*argv, "--server", server, "--tournament", tournament, "--name", name]


async def launch(seat: Seat, server: str, tournament: str, folder: str) -> None:
    """Start a player that is not hosted: the Gomocup bridge in this process, or an SDK bot's process."""
    if seat.spec.kind == "pbrain":
        seat.task = asyncio.create_task(seat.bot.play(server, seat.name, tournament=tournament))
    elif seat.spec.kind == "cmd":
        argv = cmd_argv(seat.spec, server, tournament, seat.name)
        env = dict(os.environ, GRUNDY_SERVER=server, GRUNDY_TOURNAMENT=tournament, GRUNDY_NAME=seat.name)
        seat.log_path = os.path.join(folder, f"player-{abs(hash(seat.name)) % 10**8}.log")
        out = open(seat.log_path, "wb")  # noqa: SIM115 (kept open for the process's life)
        try:
            seat.process = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out, env=env, start_new_session=True
            )
        except OSError as e:
            raise RunError(t("contest-cannot-start", spec=seat.spec.text, program=repr(argv[0]),
                             why=str(e.strerror or e))) from None
        finally:
            out.close()


def tail(path: str | None, lines: int = 3) -> str:
    if not path or not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as f:
        last = [x.strip() for x in f.read().splitlines() if x.strip()][-lines:]
    return " | ".join(last)


async def stop_players(seats: list[Seat], grace: float = STOP_GRACE_S) -> None:
    """Let the players end (they leave when the tournament has finished); end the ones that do not."""
    tasks = [s.task for s in seats if s.task is not None]
    procs = [s.process for s in seats if s.process is not None]
    if tasks:
        _, pending = await asyncio.wait(tasks, timeout=grace)
        for t in pending:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for proc in procs:
        try:
            await asyncio.wait_for(proc.wait(), grace)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), 2.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
                await proc.wait()


# ====================================================================== the run


class Runner:
    """One run: the node (or the server), the organiser's connection, the players, the table, the records."""

    def __init__(self, opts: Options, stream: TextIO = sys.stdout) -> None:
        self.opts = opts
        self.screen = Screen(stream)
        self.seats = [Seat(s, default_name(s)) for s in opts.players]
        self.progress = Progress()
        self.conn: Any = None
        self.node: Any = None
        self.tid = ""
        self.url = ""
        self.folder = tempfile.mkdtemp(prefix="grundy-match-")
        self.verdict: str | None = None
        self.sprt_text = ""
        self.stopping = False
        self.stopped_sent = False
        self._fetching: set[str] = set()
        self._records: asyncio.Queue[str] = asyncio.Queue()

    # ------------------------------------------------------------ start

    async def start_node(self) -> None:
        if self.opts.server:
            from grundy.client.connection import probe

            problems = []
            for url in self.opts.server.split(","):  # (one that answers is enough: the others are for failover)
                problem = await probe(url, lang=lang())
                if problem is None:
                    break
                problems.append(problem)
            else:
                raise RunError(cannot_reach(self.opts.server, problems))
            self.url = self.opts.server
            return
        from grundy.server.node import Node, NodeConfig

        hosted = sum(1 for s in self.seats if s.spec.kind == "bot")
        workers = max(1, min(self.opts.concurrency, os.cpu_count() or 1)) if hosted else 1
        cfg = NodeConfig(host="127.0.0.1", port=0, db=":memory:", workers=workers, requests_per_s=1000.0,
                         burst=2000.0, grace_s=10.0)  # fmt: skip
        self.node = Node(cfg)
        try:
            await self.node.start()
        except Exception as e:
            raise RunError(t("contest-node-failed", why=str(e))) from None
        self.url = f"ws://127.0.0.1:{self.node.port}/"

    async def connect(self) -> None:
        from grundy.client.connection import Connection

        self.conn = Connection(self.url, ORGANISER, client="grundy-match/0.1")
        try:
            await self.conn.connect()
        except (OSError, TimeoutError) as e:
            from grundy.client.connection import why_unreachable

            raise RunError(cannot_reach(self.url, [why_unreachable(self.url, e, lang())])) from None

    def names(self) -> None:
        """Display names: the spec's or a default, with repeats numbered; and as the table says them."""
        for seat, name in zip(self.seats, unique_names([s.name for s in self.seats]), strict=True):
            seat.name = name
        labels = [label_of(s.spec, s.name) for s in self.seats]
        for seat, label in zip(self.seats, unique_names(labels), strict=True):
            seat.label = label

    async def create(self) -> p.TournamentState:
        o = self.opts
        levels = [s.spec.value for s in self.seats if s.spec.kind == "bot"]
        msg = p.CreateTournament(
            name=o.name or (t("contest-title-match", game=o.game.name) if o.match
                            else t("contest-title", game=o.game.name, format=t("web-tformat", format=o.format))),
            game=o.game.name,
            params=dict(o.params),
            time_control=o.time_control,
            format="round-robin" if o.match else o.format,  # type: ignore[arg-type]
            rounds=o.rounds if o.format == "swiss" else None,
            double=o.format == "round-robin" and o.rounds == 2,
            games_per_pairing=o.games,
            rated=o.rated,
            bots=levels,  # type: ignore[arg-type]
            openings=o.openings.moves() if o.openings is not None else None,
            concurrency=o.concurrency,
        )
        state = await self.conn.request(msg)
        assert isinstance(state, p.TournamentState)
        self.tid = state.tournament.tournament
        counts: dict[str, int] = {}
        for seat in self.seats:  # hosted bots: hosted:LEVEL, then hosted:LEVEL#2 ...
            if seat.spec.kind == "bot":
                n = counts[seat.spec.value] = counts.get(seat.spec.value, 0) + 1
                seat.entrant = f"hosted:{seat.spec.value}" + (f"#{n}" if n > 1 else "")
        self.progress = Progress({s.entrant: s.name for s in self.seats if s.entrant},
                                 {s.entrant: s.label for s in self.seats if s.entrant and s.label})
        self.progress.update(state)
        return state

    async def gather_players(self) -> None:
        """Start the engines and SDK bots, tell how players online can enter, and wait until everyone has."""
        waiting = [s for s in self.seats if s.entrant is None]
        sequential = self.opts.format == "gauntlet"  # the first to enter is the challenger
        for seat in waiting:
            if seat.spec.kind == "player":
                self.screen.say(t("contest-waiting", name=seat.spec.value, id=self.tid, url=self.url))
            else:
                await launch(seat, self.url, self.tid, self.folder)
            if sequential:
                await self.wait_entered([seat])
        await self.wait_entered(waiting)
        order = [s.entrant for s in self.seats if s.entrant is not None]
        self.progress.order = order + [e for e in self.progress.order if e not in order]

    async def wait_entered(self, seats: list[Seat]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ENTRY_TIMEOUT_S
        while True:
            self.match_entrants()
            missing = [s for s in seats if s.entrant is None]
            if not missing:
                return
            for s in missing:
                self.check_alive(s, entered=False)
            timed = [s for s in missing if s.spec.kind != "player"]
            if timed and loop.time() > deadline:
                raise RunError(t("contest-not-entered", spec=timed[0].spec.text, seconds=f"{ENTRY_TIMEOUT_S:g}")
                               + self.log_hint(timed[0]))  # fmt: skip
            await self.next_state(0.2)

    def match_entrants(self) -> None:
        st = self.progress.state
        if st is None:
            return
        taken = {s.entrant for s in self.seats if s.entrant}
        for s in self.seats:
            if s.entrant is None:
                want = s.spec.value if s.spec.kind == "player" else s.name
                for standing in st.standings:
                    if standing.entrant not in taken and standing.name == want and standing.kind != "hosted":
                        s.entrant = standing.entrant
                        taken.add(standing.entrant)
                        self.progress.names[standing.entrant] = s.name
                        self.progress.labels[standing.entrant] = s.label or s.name
                        break

    def check_alive(self, seat: Seat, entered: bool) -> None:
        """RunError when a player's process or bridge has ended before it entered."""
        if seat.process is not None and seat.process.returncode is not None and not entered:
            raise RunError(t("contest-exited-before", spec=seat.spec.text, code=seat.process.returncode)
                           + self.log_hint(seat))  # fmt: skip
        if seat.task is not None and seat.task.done() and not entered:
            error = None if seat.task.cancelled() else seat.task.exception()
            raise RunError(t("contest-stopped-before", spec=seat.spec.text, why=str(error)))

    def log_hint(self, seat: Seat) -> str:
        last = tail(seat.log_path)
        return f": {last}" if last else ""

    async def next_state(self, timeout: float) -> None:
        """Read the organiser's events for up to ``timeout`` s, taking in every tournament state."""
        from grundy.client.connection import LinkClosed, LinkLost, LinkUp, Refused

        try:
            ev = await self.conn.next_event(timeout)
        except TimeoutError:
            return
        except LinkClosed as e:
            raise RunError(t("contest-connection-ended", url=self.url, why=str(e))) from None
        if isinstance(ev, LinkUp) and self.tid:  # back (maybe on another node): what was missed, and its pushes again
            try:
                ev = await self.conn.request(p.GetTournament(tournament=self.tid))
            except (Refused, LinkLost, TimeoutError):
                return
        if isinstance(ev, p.TournamentState) and ev.tournament.tournament == self.tid:
            self.progress.update(ev)

    # ------------------------------------------------------------ play

    async def play(self) -> None:
        state = await self.conn.request(p.StartTournament(tournament=self.tid))
        assert isinstance(state, p.TournamentState)
        self.progress.update(state)
        fetcher = asyncio.create_task(self.fetch_records())
        try:
            self.redraw()
            while self.progress.state is None or self.progress.state.tournament.status != "finished":
                await self.next_state(0.5)
                self.queue_records()
                self.check_sprt()
                if self.stopping and not self.stopped_sent:
                    await self.stop_tournament(t("cli-stopped-by-user"))
                for seat in self.seats:
                    if seat.process is not None and seat.process.returncode is not None and not seat.reported:
                        seat.reported = True
                        self.screen.say(t("cli-exited", name=seat.name, spec=seat.spec.text,
                                          code=seat.process.returncode) + self.log_hint(seat))  # fmt: skip
                self.redraw()
            self.queue_records()
            await self.records_done()
        finally:
            fetcher.cancel()
            await asyncio.gather(fetcher, return_exceptions=True)

    async def stop_tournament(self, why: str) -> None:
        from grundy.client.connection import Refused
        from grundy.protocol import ErrorCode

        self.stopped_sent = True
        self.screen.say(t("cli-stopping", why=why))
        for attempt in range(3):
            try:
                await self.conn.request(p.StopTournament(tournament=self.tid))
                return
            except Refused as e:
                if attempt == 2 or e.code not in (ErrorCode.INTERNAL, ErrorCode.RATE_LIMITED):
                    self.screen.say(t("cli-not-stopped", error=str(e)))
                    return
                await asyncio.sleep(0.5)

    def check_sprt(self) -> None:
        sprt = self.opts.sprt
        if sprt is None or len(self.progress.order) < 2:
            return
        w, d, lo, pairs = self.progress.match_counts(self.progress.order[0])
        llr = sprt.llr(w, d, lo, pairs)
        self.sprt_text = t("words-sprt", elo0=f"{sprt.elo0:g}", elo1=f"{sprt.elo1:g}", alpha=f"{sprt.alpha:g}",
                           beta=f"{sprt.beta:g}", model=t(f"words-sprt-{sprt.model}"), llr=f"{llr:.2f}",
                           lower=f"{sprt.lower:.2f}", upper=f"{sprt.upper:.2f}")
        verdict = sprt.verdict(llr)
        if verdict is not None and self.verdict is None:
            self.verdict = verdict
            if not self.stopped_sent:
                asyncio.ensure_future(self.stop_tournament(t("words-sprt-stop", verdict=verdict)))
        if self.verdict:
            self.sprt_text = t("words-sprt-h1" if self.verdict == "H1" else "words-sprt-h0", line=self.sprt_text,
                               elo0=f"{sprt.elo0:g}", elo1=f"{sprt.elo1:g}")

    def redraw(self) -> None:
        self.screen.show(render(self.progress, self.opts, self.sprt_text),
                         one_line(self.progress, self.opts, self.sprt_text))  # fmt: skip

    # ------------------------------------------------------------ records

    def queue_records(self) -> None:
        for g in self.progress.finished():
            if g.room and not g.forfeit and g.room not in self._fetching and g.record is None:
                self._fetching.add(g.room)
                self._records.put_nowait(g.room)

    async def fetch_records(self) -> None:
        from grundy.client.connection import LinkLost, Refused
        from grundy.protocol import ErrorCode

        while True:
            room = await self._records.get()
            for attempt in range(20):
                try:
                    reply = await self.conn.request(p.GetRecord(room=room))
                except Refused as e:
                    if e.code == ErrorCode.RATE_LIMITED:
                        await asyncio.sleep(0.5 * (attempt + 1))
                        continue
                    log.warning("no record of %s: %s", room, e)
                    break
                except (LinkLost, TimeoutError):
                    await asyncio.sleep(0.5)
                    continue
                assert isinstance(reply, p.Record)
                self.progress.add_record(room, reply.record)
                break
            self._records.task_done()

    async def records_done(self, timeout: float = 60.0) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._records.join(), timeout)

    # ------------------------------------------------------------ end

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()
        await stop_players(self.seats)
        if self.node is not None:
            self.node.request_stop()
            await self.node.shutdown()
        shutil.rmtree(self.folder, ignore_errors=True)

    async def run(self) -> int:
        o = self.opts
        size = int(o.game.params.get("size", 15))
        try:
            await check_engines(self.seats, size)
            self.names()
            await self.start_node()
            await self.connect()
            await self.create()
            clock = p.format_time_control(o.time_control) if o.time_control else t("web-untimed")
            details = [o.game.name, clock, t("cli-games-a-pairing", n=o.games)]
            if o.openings:
                details.append(t("cli-openings", n=len(o.openings.openings)))
            players = ", ".join(s.label or s.name for s in self.seats)
            if o.match:
                said = t("cli-run-match", id=self.tid, url=self.url, players=players, details=", ".join(details))
            else:
                said = t("cli-run-tournament", format=t("web-tformat", format=o.format), id=self.tid, url=self.url,
                         players=players, details=", ".join(details))
            self.screen.say(said)
            await self.gather_players()
            await self.play()
            final = self.progress.state
            lines = render(self.progress, o, self.sprt_text)
            if final is not None and final.reason:
                lines.append(t("cli-finished", reason=ended_text(final.reason)))
            self.screen.final(lines)
            if o.out:
                n = write_records(self.progress, o)
                self.screen.say(t("cli-wrote", n=n, path=o.out))
            return 0
        finally:
            await self.close()


def run_command(args: argparse.Namespace, match: bool) -> int:
    """Both commands: check the arguments (exit 2), run (exit 1 on a failure, with one line), print the table."""
    from grundy.client.connection import ClientError

    opts = check_args(args, match)
    if opts.verbose:
        logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    else:
        logging.basicConfig(level=logging.CRITICAL)
    runner = Runner(opts)

    async def main() -> int:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        assert task is not None

        def interrupted() -> None:
            if runner.stopping or not runner.tid:
                task.cancel()
            else:
                runner.stopping = True

        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signal.SIGINT, interrupted)
        return await runner.run()

    try:
        return asyncio.run(main())
    except RunError as e:
        return fail(str(e), code=1)
    except ClientError as e:
        return fail(f"{e}", code=1)
    except OSError as e:
        return fail(f"{e.strerror or e}", code=1)
    except asyncio.CancelledError:
        return 130


def register(sub: Any) -> None:
    p_ = sub.add_parser("tournament", help=helped("contest-tournament-help"), description=t("contest-tournament-about"))
    add_arguments(p_, match=False)
    p_.set_defaults(run=lambda args: run_command(args, match=False))
