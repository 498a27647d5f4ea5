"""Every message of the grundy protocol, as pydantic v2 models in two discriminated unions.

A frame carries one message: a msgpack map whose ``type`` field names the model.
:data:`ClientMessage` is what a client may send, :data:`ServerMessage` what the server sends.
Moves travel as the game's own move text plus the ``ply`` they were made at; positions
travel as the receiving seat's *view* (a map whose shape the game defines); game schemas
travel as maps.  So the protocol knows no game, and a new game needs no protocol change.

Client messages are strict (no type coercion, unknown fields rejected: a typo is an error);
server messages ignore unknown fields, so a server may add fields within a version.

Each message is declared once, as a class: deriving from its side's base registers it by its
``type`` tag, and the unions, :data:`CLIENT_MESSAGES`, :data:`SERVER_MESSAGES`, :data:`PARTS`
and ``__all__`` (which the package re-exports) are read from that registry, in declaration order.
docs/PROTOCOL.md is the reference for people writing clients; its message tables are
generated from these models by ``python -m grundy.protocol.gendoc``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from grundy.protocol.errors import ErrorCode

# The protocol versions this code speaks, newest last.  ``hello`` offers a list; the
# server picks the highest version both sides know.
PROTOCOL_VERSION = 1
SUPPORTED_VERSIONS: tuple[int, ...] = (1,)

# Largest frame (bytes) a server accepts from a client; larger frames get `too_large`.
MAX_FRAME_BYTES = 64 * 1024
# Bounds (in characters) of a room id, a move's text and a request's ``ref`` string: the models below use
# them, and the server's native move decoder is given them (server/native.py), so both accept the same.
MAX_ROOM_ID_CHARS = 64
MAX_MOVE_CHARS = 64
MAX_REF_CHARS = 64

Ref = Annotated[str, StringConstraints(max_length=MAX_REF_CHARS)] | int
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
# A registered player's name: 1-32 letters, digits, `_`, `.` or `-`, starting with a letter or digit
# (unique without regard to case: `Ann` and `ann` are one player).
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")]
# A registered player's secret, as `registered` gave it (the server's are 32 characters).
Secret = Annotated[str, StringConstraints(min_length=1, max_length=128)]
RoomId = Annotated[str, StringConstraints(min_length=1, max_length=MAX_ROOM_ID_CHARS)]
GameName = Annotated[str, StringConstraints(min_length=1, max_length=64)]
MoveText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_MOVE_CHARS)]
Level = Annotated[str, StringConstraints(min_length=1, max_length=16)]
Outcome = Literal["win", "loss", "draw"]
RoomStatus = Literal["waiting", "playing", "finished", "aborted"]
SeatKind = Literal["open", "invite", "bot"]
# Why a game ended: by the game's rules, a resignation (or leaving a game in progress),
# running out of time, not coming back within the grace period, a draw by agreement, or
# an abort (no first move in time, or a player left before it): aborted games have no result.
Ending = Literal["rules", "resign", "flag", "disconnect", "draw_agreed", "aborted"]
# How a bot's engine failed, when its client gives up a game for it (`resign` with `timeout`).
EngineFailure = Literal["crashed", "silent"]
# Who is behind a session: a person, or a program (a bot client says so in `hello`).
ClientKind = Literal["human", "bot"]
SessionId = Annotated[str, StringConstraints(min_length=1, max_length=64)]
TournamentId = Annotated[str, StringConstraints(min_length=1, max_length=64)]
# How a tournament pairs its entrants: everyone against everyone, by score (Swiss), knock-out,
# or one challenger against everyone else (gauntlet).
TournamentFormat = Literal["round-robin", "swiss", "knockout", "gauntlet"]
TOURNAMENT_FORMATS: tuple[str, ...] = get_args(TournamentFormat)  # what clients offer: read here, never copied
# The hosted bots' levels, weakest first (a `bot` seat's `level`); clients read them here, never copy them.
BotLevel = Literal["random", "easy", "medium", "hard", "max"]
BOT_LEVELS: tuple[str, ...] = get_args(BotLevel)
TournamentStatus = Literal["open", "running", "finished"]
# The language a client speaks: a BCP 47 tag (`uk`, `ru-RU`, `bg-BG`), at most 35 characters.
LangTag = Annotated[str, StringConstraints(min_length=2, max_length=35, pattern=r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$")]
# A message id of the catalogs (protocol/locales/*/grundy.ftl): lowercase letters, digits, `-` and `_`.
MessageId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_-]*$")]
SayArgName = Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=r"^[a-z][a-z0-9_]*$")]
SayArg = Annotated[str, StringConstraints(max_length=500)] | int | float

_REF_DOC = "Client-chosen request id (string of at most 64 chars, or integer); echoed in the reply and in errors."
_ECHO_DOC = "The `ref` of the request this message answers; null when not a reply to this recipient's request."


# The registry: each message is declared once, as a class deriving from its side's base below, which
# records it by its ``type`` tag; parts likewise.  The unions, the tuples and ``__all__`` at the end
# of this module are built from it, in declaration order (the order of docs/PROTOCOL.md).
_CLIENT: dict[str, type[BaseModel]] = {}
_SERVER: dict[str, type[BaseModel]] = {}
_PARTS: list[type[BaseModel]] = []
_sealed = False  # set once the unions are built: a message declared later would be in none of them


def _register(registry: dict[str, type[BaseModel]], cls: type[BaseModel]) -> None:
    if _sealed:
        raise TypeError(f"{cls.__name__}: protocol messages are declared in grundy.protocol.messages only")
    field = cls.model_fields.get("type")
    tag = None if field is None else field.default
    if field is None or not isinstance(tag, str) or field.annotation != Literal[tag]:
        raise TypeError(f'{cls.__name__}: a message declares its tag as `type: Literal["tag"] = "tag"`')
    if tag in registry:
        raise TypeError(f"{cls.__name__}: message type {tag!r} is already {registry[tag].__name__}")
    registry[tag] = cls


class _ClientBase(BaseModel):
    """Base of every client message; deriving from it registers the message."""

    model_config = ConfigDict(strict=True, extra="forbid")

    ref: Ref | None = Field(default=None, description=_REF_DOC)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        _register(_CLIENT, cls)


class _ServerBase(BaseModel):
    """Base of every server message; deriving from it registers the message."""

    model_config = ConfigDict(strict=True, extra="ignore")

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        _register(_SERVER, cls)


class _Part(BaseModel):
    """A structure nested in messages (not a message itself)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if _sealed:
            raise TypeError(f"{cls.__name__}: protocol parts are declared in grundy.protocol.messages only")
        _PARTS.append(cls)


# ===================================================================== shared structures


class Say(_Part):
    """Words as a message id of the catalogs and its arguments, rendered in the reader's language.

    Every client renders it with the catalog of its own language (`protocol/locales/<lang>/grundy.ftl`,
    served to the page as `/locales/<lang>.ftl`), falling back to English for a message its language
    lacks, and to the plain-text field beside it for an id it does not know (a newer server).
    At most 16 arguments, each a number or a string of at most 500 characters.
    """

    id: MessageId = Field(description="The message id, e.g. `error-not_your_turn`.")
    args: dict[SayArgName, SayArg] = Field(
        default_factory=dict, max_length=16, description="The message's named arguments (numbers stay numbers)."
    )


class TimeControl(_Part):
    """A Fischer clock: every seat starts with `initial_s` seconds and gains `increment_s` after each of its moves.

    People write it `minutes+seconds` (`5+2` is `initial_s=300, increment_s=2`), or `30s+1` for seconds.
    """

    initial_s: float = Field(gt=0, le=86400, description="Starting time per seat, seconds.")
    increment_s: float = Field(
        default=0.0, ge=0, le=3600, description="Seconds added to the mover's clock after each move."
    )


class SeatRequest(_Part):
    """How one seat of a new room is to be filled."""

    kind: SeatKind = Field(
        default="open",
        description="`open`: anyone may join; `invite`: only with the room's join code; `bot`: a hosted bot.",
    )
    level: Level | None = Field(
        default=None, description="Bot strength for `bot` seats: `random`, `easy`, `medium`, `hard` or `max`."
    )


class SeatInfo(_Part):
    """One seat of a room as everyone may see it."""

    seat: int = Field(description="Seat number, 0-based; seat 0 moves first unless the game says otherwise.")
    kind: SeatKind = Field(description="How the seat was declared when the room was created.")
    player: str | None = Field(description="Display name of whoever holds the seat; null while the seat is free.")
    level: str | None = Field(default=None, description="Bot level for `bot` seats.")
    player_say: Say | None = Field(
        default=None,
        description="A hosted bot's name as a message of the catalogs (`lobby-bot`, its `level` said in the "
        "reader's language), which a client says in its own language; null for a person (a name is never "
        "translated) and a free seat.",
    )
    connected: bool = Field(description="Whether the holder is connected now (always true for bots, false if free).")
    grace_until: float | None = Field(
        default=None, description="While disconnected during a game: server time (Unix s) at which the seat forfeits."
    )
    bot: bool = Field(
        default=False,
        description="The holder is a bot client (a session that said `kind: \"bot\"` in `hello`), in `rooms` "
        "listings and `room_state` alike.  Hosted bots are seats of kind `bot`.",
    )


class ResultInfo(_Part):
    """How a game ended: an outcome per seat, scores where the game keeps them, and why."""

    outcomes: list[Outcome] = Field(description="`win`, `loss` or `draw` for each seat, in seat order.")
    scores: list[float] | None = Field(default=None, description="Score per seat for games that keep one, else null.")
    reason: str = Field(
        description="Why, in words, naming the players as the room shows them: `Ann moved the king onto a1`, "
        "`bot (hard) (white) made five in a row`, `Bob ran out of time`."
    )
    ending: Ending = Field(description="Machine-readable cause: see the `Ending` values.")
    reason_say: Say | None = Field(
        default=None,
        description="`reason` as a message of the catalogs (`lobby-end-...`, or the game's own `words-end-...`) "
        "and its arguments, which a client says in its own language (see \"Words the server says\"); null where "
        "the server has no message for it (then `reason`, in English).",
    )
    line: list[str] | None = Field(
        default=None,
        description="A line game won by a line (gomoku, m,n,k, tic-tac-toe): the line's cells in the game's "
        "notation, from one end to the other (`[\"d8\", \"e8\", \"f8\", \"g8\", \"h8\"]`), for clients to mark on "
        "the board; null otherwise.",
    )


class MoveMode(_Part):
    """One way of moving, in a game that has several (minesweeper: reveal and flag)."""

    prefix: str = Field(description="What a move of this mode starts with, before a space and the target: `f`.")
    name: str = Field(description="The mode's name, e.g. `flag`.")
    help: str = Field(description="What a move of this mode does, in words.")


class Traits(_Part):
    """What a client needs to draw and play a game without knowing its name."""

    view: str = Field(
        description="The view's kind, which says which keys the view carries and so which renderer draws it: "
        "`heaps`, `take-away`, `sums`, `pins`, `piece`, `pawn`, `coins`, `line`, `pursuit` or `minefield` "
        "(see \"Kinds of view\").  A client that knows no renderer for a kind shows the view as data."
    )
    can_draw: bool = Field(description="The game can end level, so a draw may be offered.")
    public_moves: bool = Field(description="Move texts reveal nothing hidden: every seat and spectator sees them.")
    scores: bool = Field(description="The game keeps a score per seat (the view's `scores`, the result's `scores`).")
    hidden_information: bool = Field(description="Seats may see different views (a secret layout, a blind figure).")
    move_modes: list[MoveMode] = Field(
        default_factory=list,
        description="The ways of moving where a game has several (a move is `PREFIX TARGET`); empty otherwise.",
    )


class MoveInfo(_Part):
    """One move of a game's history."""

    ply: int = Field(description="The ply it was made at (0 = the first move of the game).")
    seat: int = Field(description="The seat that made it.")
    move: str | None = Field(description="Move text; null when hidden from this recipient (hidden-information games).")
    at: float = Field(description="Server time (Unix s) it was accepted.")


class ChatLine(_Part):
    """One line of a room's chat, as the `chat` message said it."""

    seat: int | None = Field(description="The speaker's seat; null for a spectator.")
    name: str = Field(description="The speaker's display name.")
    text: str = Field(description="What was said (1-500 characters).")
    at: float = Field(description="Server time (Unix s) it was said.")


class RoomSummary(_Part):
    """A room as the lobby lists it."""

    room: str = Field(description="Room id.")
    game: str = Field(description="Game name (canonical, e.g. `mnk` for a room created as `tictactoe`).")
    title: str = Field(
        default="",
        description="The game with its parameters in words, what a client shows as the room's title: "
        "`King race to a1, 8x8`, `Nim 3, 4, 5`, `Gomoku 15x15, renju`.  Never shows a secret parameter.",
    )
    params: dict[str, Any] = Field(description="The game's parameters, without secret ones (e.g. a layout seed).")
    time_control: TimeControl | None = Field(description="The clock, or null for an untimed game.")
    status: RoomStatus = Field(description="`waiting` for players, `playing`, `finished` or `aborted`.")
    seats: list[SeatInfo] = Field(description="Every seat, in order.")
    ply: int = Field(description="Moves played so far.")
    spectators: int = Field(default=0, description="Number of connections watching.")
    created_at: float = Field(description="Server time (Unix s) the room was created.")


class Limits(_Part):
    """Limits the server enforces on this connection."""

    max_frame_bytes: int = Field(description="Largest frame the server accepts; larger ones get `too_large`.")
    max_rooms: int = Field(description="Most unfinished rooms a session may create or sit in at once.")
    requests_per_s: float = Field(description="Sustained request rate allowed; bursts above it get `rate_limited`.")


class RatingInfo(_Part):
    """A player's Glicko-2 rating in one game family, as it stands now.

    People read it as `rating ± 2·RD` (`1623 ± 94`), with `?` while provisional.
    """

    game: str = Field(description="Game family: the catalog name (`gomoku`), whatever its parameters.")
    rating: float = Field(description="The rating (1500 for a newcomer), to one decimal.")
    rd: float = Field(
        description="Rating deviation, grown for the days without a rated game since the last one (at most 350)."
    )
    volatility: float = Field(description="How erratic the player's results are (0.06 for a newcomer).")
    games: int = Field(description="Rated games played in this family.")
    provisional: bool = Field(description="True while `rd` is above 110 (the first games, or after a long absence).")
    last: float | None = Field(default=None, description="Server time (Unix s) of the last rated game.")


class PlayerInfo(_Part):
    """A connected person as `players` lists it (never a token): a registered player once, however many
    sessions (devices) it is signed in on; a guest is its one session."""

    session: str = Field(
        description="A session of this person (the first of `sessions`): what `challenge` names as `to`."
    )
    name: str = Field(description="Display name.")
    kind: ClientKind = Field(description="`human`, or `bot` for a bot client.")
    playing: int = Field(default=0, description="Games in progress the person sits in (on any of its sessions).")
    sessions: list[str] = Field(
        default_factory=list,
        description="Every connected session of this person (a registered player signed in on several devices); "
        "a challenge to any of them reaches them all.",
    )
    watching: int = Field(default=0, description="Games in progress the person watches (and does not play in).")
    where: Literal["playing", "watching", "idle"] = Field(
        default="idle",
        description="Where the person is: `playing` a game, else `watching` one, else `idle` (in the lobby).",
    )
    ratings: dict[str, float] = Field(
        default_factory=dict,
        description="Glicko-2 rating per game family, as a bare number (see `rating_info` for the deviation); "
        "empty for a guest.",
    )
    player: str | None = Field(default=None, description="The registered player it is; null for a guest.")
    rating_info: dict[str, RatingInfo] = Field(
        default_factory=dict, description="The ratings in full, by game family: rating, deviation, provisional."
    )


class LeaderboardEntry(_Part):
    """One line of a leaderboard."""

    rank: int = Field(description="Place, 1 first (by rating; equal ratings by name).")
    name: str = Field(description="The player (`bot:LEVEL` for a hosted bot).")
    rating: float = Field(description="Glicko-2 rating, to one decimal.")
    rd: float = Field(description="Rating deviation now (grown for the days without a rated game).")
    games: int = Field(description="Rated games played in this family.")
    provisional: bool = Field(description="True while `rd` is above 110.")


class RatedGameInfo(_Part):
    """One rated game of a player's history, with the rating it left the player at."""

    game: str = Field(description="Game family.")
    room: str = Field(description="The room (its record: `get_record`).")
    at: float = Field(description="Server time (Unix s) the game was rated.")
    opponent: str = Field(description="The opponent (`bot:LEVEL` for a hosted bot).")
    outcome: Outcome = Field(description="`win`, `loss` or `draw` for this player.")
    rating: float = Field(description="The player's rating after the game.")
    rd: float = Field(description="The player's rating deviation after the game.")


class PlayerGameInfo(_Part):
    """One finished game of a player's list (`player_games`): what a list shows, and the room that opens it."""

    room: str = Field(description="The room: its page (`/r/ROOM`), its record (`get_record`), its review (`analyze`).")
    game: str = Field(description="Game name (canonical).")
    title: str = Field(description="The game with its parameters in words, as `rooms` lists it.")
    ended_at: float = Field(description="Server time (Unix s) the game ended.")
    seats: list[str] = Field(description="Every seat's player as people see it (`bot (LEVEL)` for a hosted bot).")
    seats_say: list[Say | None] = Field(
        default_factory=list,
        description="Beside each of `seats`, a hosted bot's name as a message of the catalogs (`lobby-bot`), else "
        "null; empty for a game listed before the server kept it.",
    )
    seat: int = Field(description="The seat this player played.")
    outcome: Outcome = Field(description="`win`, `loss` or `draw` for this player.")
    reason: str = Field(description="Why the game ended, in English words.")
    reason_say: Say | None = Field(
        default=None,
        description="`reason` as a message of the catalogs (as `game_over`'s `reason_say`); null for a game listed "
        "before the server kept it, or one it has no message for.",
    )
    rated: bool = Field(description="True for a rated game.")
    moves: int = Field(description="Moves made.")


class Standing(_Part):
    """One entrant of a tournament with its score so far (`standings` are in rank order)."""

    rank: int = Field(description="Place in the table, 1 first (ties broken as the format says).")
    entrant: str = Field(
        description="The entrant id: its session id, or `hosted:LEVEL` (`#2`, `#3`... when repeated) for a hosted bot."
    )
    name: str = Field(description="Display name.")
    name_say: Say | None = Field(
        default=None,
        description="A hosted bot's default name as a message of the catalogs (`lobby-bot`, `lobby-bot-nth`), "
        "said in the reader's language; null for a name someone gave (never translated).",
    )
    kind: Literal["human", "bot", "hosted"] = Field(
        description="`human`, `bot` (a bot client) or `hosted` (a bot the server runs)."
    )
    points: float = Field(description="1 per win, 1/2 per draw, 0 per loss (a Swiss bye scores 1).")
    games: int = Field(description="Games finished (forfeits included).")
    wins: int = Field(description="Games won.")
    draws: int = Field(description="Games drawn.")
    losses: int = Field(description="Games lost (forfeits included).")
    tiebreak: float = Field(
        default=0.0,
        description="The format's tie-break: Sonneborn-Berger (round robin, gauntlet), Buchholz (Swiss), or the "
        "round reached (knockout, where it ranks before points).",
    )
    rating: float | None = Field(
        default=None,
        description="The entrant's Glicko-2 rating in this game now: the figure leaderboards, player pages and "
        "`players` show (1500 for a newcomer).",
    )
    rd: float | None = Field(default=None, description="Its deviation now, as `rating_info`'s `rd`.")
    provisional: bool = Field(default=False, description="True while `rd` is above 110, as everywhere else.")
    rating_change: float | None = Field(
        default=None,
        description="What this tournament's rated games did to the rating: the sum of their changes (rated "
        "tournaments; null when unrated).  Not the change since entry: games elsewhere do not count.",
    )
    withdrawn: bool = Field(default=False, description="The entrant withdrew: its later games are lost by forfeit.")


class TournamentGame(_Part):
    """One game of a pairing."""

    seats: list[str] = Field(description="Entrant ids in seat order (colours alternate from game to game).")
    room: str | None = Field(default=None, description="Its room (watch it with `spectate`); null until it exists.")
    status: Literal["pending", "playing", "finished"] = Field(
        description="`pending` until its room exists, `playing`, or `finished`."
    )
    outcomes: list[Outcome] | None = Field(default=None, description="`win`/`loss`/`draw` per seat once finished.")
    forfeit: bool = Field(
        default=False, description="Decided without a game (a withdrawal, or a game aborted again and again)."
    )
    opening: int | None = Field(
        default=None,
        description="The index (from 0) in the tournament's `openings` of the opening this game starts from; "
        "null for a tournament without openings.",
    )


class Pairing(_Part):
    """Two entrants meeting in a round (they play `games_per_pairing` games), or a bye."""

    round: int = Field(description="Round number, from 1.")
    board: int = Field(description="Board number within the round, from 1.")
    entrants: list[str] = Field(description="The two entrant ids, first-seat entrant first; one id for a bye.")
    names: list[str] = Field(description="Their display names, in the same order.")
    names_say: list[Say | None] = Field(
        default_factory=list,
        description="Beside each name, a hosted bot's default name as a message of the catalogs (as `Standing`'s "
        "`name_say`), else null; empty from a server that does not send it.",
    )
    games: list[TournamentGame] = Field(default_factory=list, description="The games so far; empty for a bye.")


class TournamentSummary(_Part):
    """A tournament as `tournaments` lists it."""

    tournament: str = Field(description="Tournament id.")
    name: str = Field(description="Its title.")
    name_say: Say | None = Field(
        default=None,
        description="The default title (its creator gave none: `nim round-robin`) as a message of the catalogs "
        "(`wire-tournament-name`, with the `game` and the `format`), said in the reader's language; null for a "
        "title someone gave (never translated).",
    )
    game: str = Field(description="Game name (canonical).")
    params: dict[str, Any] = Field(description="The game's parameters (public ones).")
    time_control: TimeControl | None = Field(description="The clock of every game, or null for untimed games.")
    format: TournamentFormat = Field(description="`round-robin`, `swiss`, `knockout` or `gauntlet`.")
    rounds: int | None = Field(description="Rounds planned; null while the entrants still decide it.")
    round: int = Field(default=0, description="The round being played (0 before the start).")
    games_per_pairing: int = Field(description="Games each pairing plays (colours alternate).")
    rated: bool = Field(description="Whether the games change ratings.")
    status: TournamentStatus = Field(description="`open` for entries, `running` or `finished`.")
    openings: int = Field(default=0, description="How many openings the games start from (0: the initial position).")
    concurrency: int | None = Field(
        default=None, description="At most this many of its games are played at once; null: a whole round at once."
    )
    stopped: bool = Field(
        default=False, description="Its creator stopped it (`stop_tournament`): no game starts any more."
    )
    entrants: int = Field(description="Entrants so far.")
    creator: str = Field(description="Display name of the player who created it.")
    created_at: float = Field(description="Server time (Unix s) it was created.")


# ===================================================================== client -> server


class Hello(_ClientBase):
    """First message of a new session: the versions the client speaks and a display name.  Reply: `welcome`."""

    type: Literal["hello"] = "hello"
    versions: list[int] = Field(min_length=1, max_length=16, description="Protocol versions the client speaks.")
    name: Name = Field(description="Display name shown to other players (1-32 characters).")
    client: Annotated[str, StringConstraints(max_length=64)] | None = Field(
        default=None, description="Client software and version, for the server's logs (e.g. `grundy-tui/0.1`)."
    )
    kind: ClientKind = Field(
        default="human",
        description="`bot` for a program playing on its own (an SDK bot): it is listed as a bot in `players` and "
        "its seats show `bot: true`.",
    )
    secret: Secret | None = Field(
        default=None,
        description="The secret of the registered player `name` (from `registered`): the session is that player, "
        "its ratings and history.  A registered name without it (or with a wrong one) is refused (`name_taken`, "
        "`bad_secret`); without a secret, an unregistered name is a guest (never rated).",
    )
    lang: LangTag | None = Field(
        default=None,
        description="The language the client speaks, a BCP 47 tag (`uk`, `ru-RU`; at most 35 characters).  The "
        "session keeps it: the server words its `error` messages' `message` in it (English, the default, for a "
        "language it has no catalog for: `en`, `uk`, `ru`, `bg`).",
    )


class Register(_ClientBase):
    """Register a player name once, for a lasting identity (ratings, history) on every connection and node.

    May come before `hello`.  Reply: `registered` with the player's secret, shown this once (the server
    keeps only a slow salted hash of it); then say `hello` with the name and the secret.  A name already
    registered (in any case) gets `name_taken`.
    """

    type: Literal["register"] = "register"
    name: PlayerName = Field(
        description="The name: 1-32 letters, digits, `_`, `.` or `-`, starting with a letter or digit; unique "
        "without regard to case."
    )


class GetLeaderboard(_ClientBase):
    """Ask for the best rated players of a game family.  May come before `hello`.  Reply: `leaderboard`."""

    type: Literal["get_leaderboard"] = "get_leaderboard"
    game: GameName = Field(description="Game name (aliases such as `tictactoe` name their family, `mnk`).")
    top: int = Field(default=20, ge=1, le=100, description="How many players, 1-100.")


class GetPlayer(_ClientBase):
    """Ask for a player's ratings and latest rated games.  May come before `hello`.  Reply: `player`."""

    type: Literal["get_player"] = "get_player"
    name: Annotated[str, StringConstraints(min_length=1, max_length=40)] = Field(
        description="A registered player's name (in any case), or `bot:LEVEL` for a hosted bot."
    )
    game: GameName | None = Field(default=None, description="Only this game family's history; null for all.")
    history: int = Field(default=20, ge=0, le=100, description="How many of the latest rated games, 0-100.")


class GetPlayerGames(_ClientBase):
    """Ask for a page of a player's finished games, newest first.  May come before `hello`.  Reply: `player_games`.

    Every finished game of a registered player (or a hosted bot) is listed, rated or not; each opens
    at its room's address for anyone, however long ago it ended.
    """

    type: Literal["get_player_games"] = "get_player_games"
    name: Annotated[str, StringConstraints(min_length=1, max_length=40)] = Field(
        description="A registered player's name (in any case), or `bot:LEVEL` for a hosted bot."
    )
    game: GameName | None = Field(default=None, description="Only games of this game (its name); null for all.")
    offset: int = Field(default=0, ge=0, le=100_000, description="Games to skip (the newest first), 0-100000.")
    limit: int = Field(default=20, ge=1, le=50, description="Games on the page, 1-50.")


class Resume(_ClientBase):
    """First message of a reconnecting client: takes back the session (and its seats) the token names.

    Reply: `welcome` with `resumed: true`, then a `room_state` for every room the session is in.
    """

    type: Literal["resume"] = "resume"
    versions: list[int] = Field(min_length=1, max_length=16, description="Protocol versions the client speaks.")
    token: Annotated[str, StringConstraints(min_length=1, max_length=128)] = Field(
        description="The `token` from an earlier `welcome`."
    )


class Ping(_ClientBase):
    """Liveness and latency check.  Reply: `pong`."""

    type: Literal["ping"] = "ping"


class ListGames(_ClientBase):
    """Ask for the game catalog with parameter schemas.  May come before `hello` (a study page needs no name).
    Reply: `games`."""

    type: Literal["list_games"] = "list_games"


class ListRooms(_ClientBase):
    """Ask for the public rooms, optionally filtered.  Reply: `rooms`."""

    type: Literal["list_rooms"] = "list_rooms"
    game: GameName | None = Field(default=None, description="Only rooms of this game.")
    status: Literal["waiting", "playing"] | None = Field(default=None, description="Only rooms in this status.")


class CreateRoom(_ClientBase):
    """Create a room.  Reply: `room_created`, then (if `seat` was given) a `room_state` as for `join`."""

    type: Literal["create_room"] = "create_room"
    game: GameName = Field(description="Game name from `games` (aliases such as `tictactoe` are accepted).")
    params: dict[str, Any] = Field(
        default_factory=dict,
        description="Game parameters by name; omitted ones take their defaults.  Values as in the schema "
        '(native values, or strings as on the command line: `heaps: [3,4,5]` or `heaps: "3,4,5"`).',
    )
    time_control: TimeControl | None = Field(default=None, description="The clock; null for an untimed game.")
    seats: list[SeatRequest] | None = Field(
        default=None,
        max_length=8,
        description="One entry per seat of the game, in seat order; null makes every seat `open`.",
    )
    seat: int | None = Field(
        default=None, ge=0, description="Seat the creator takes at once; null to create a room without sitting in it."
    )
    private: bool = Field(
        default=False, description="Private rooms are not listed and can only be joined or watched with their code."
    )
    rated: bool = Field(
        default=False,
        description="A rated game: its result changes both players' Glicko-2 ratings.  Every player must be "
        "registered (else `not_registered`), the game two-seated, with at most one hosted bot seat.  Default: "
        "casual.",
    )


class Join(_ClientBase):
    """Take a seat in a room.  Give `room` or `code` (the code also opens `invite` seats and private rooms).

    Reply: `room_state`.  When the last seat is filled the game starts and everyone gets a `room_state`.
    Joining a room where the session already holds a seat just answers with a fresh `room_state`.
    """

    type: Literal["join"] = "join"
    room: RoomId | None = Field(default=None, description="Room id.")
    code: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = Field(
        default=None, description="The room's join code (from `room_created`)."
    )
    seat: int | None = Field(
        default=None, ge=0, description="The seat wanted; null for the first free seat you may take."
    )


class Spectate(_ClientBase):
    """Watch a room without a seat.  Give `room` or `code` (private rooms need the code).  Reply: `room_state`."""

    type: Literal["spectate"] = "spectate"
    room: RoomId | None = Field(default=None, description="Room id.")
    code: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = Field(
        default=None, description="The room's join code."
    )


class Leave(_ClientBase):
    """Leave a room (a seat or spectating).  Reply: `ok`.

    Before the game starts this frees the seat.  During a game it resigns — or aborts the game
    if no move has been made yet.
    """

    type: Literal["leave"] = "leave"
    room: RoomId = Field(description="Room id.")


class QuickMatch(_ClientBase):
    """Queue for a game against the next player asking for the same game, parameters and clock.

    Reply: `queued`.  When matched, a `room_state` of the new room arrives (seats in queue order).
    """

    type: Literal["quick_match"] = "quick_match"
    game: GameName = Field(description="Game name.")
    params: dict[str, Any] = Field(default_factory=dict, description="Game parameters (as in `create_room`).")
    time_control: TimeControl | None = Field(default=None, description="The clock; null for untimed.")
    rated: bool = Field(
        default=False,
        description="Match only with players asking for a rated game (registered players only: `not_registered` "
        "otherwise); default casual.",
    )


class QuickMatchCancel(_ClientBase):
    """Leave the quick-match queue.  Reply: `ok`, or error `not_in_queue`."""

    type: Literal["quick_match_cancel"] = "quick_match_cancel"


class Rematch(_ClientBase):
    """After a game ends, ask to play again with the same seats rotated by one (colours swap in 2-seat games).

    Reply: `rematch_offered` to everyone in the room.  When every player has asked (bots always
    agree), a new room is created and each player gets its `room_state` (with `rematch_of` set).
    """

    type: Literal["rematch"] = "rematch"
    room: RoomId = Field(description="The finished room.")


class Move(_ClientBase):
    """Play a move.  Reply: `move_made` (to everyone; the mover's copy carries `ref`), or an `error`."""

    type: Literal["move"] = "move"
    room: RoomId = Field(description="Room id.")
    ply: int = Field(
        ge=0,
        description="The room's current ply (number of moves made so far): the move is played only at this "
        "ply, so a resent move can never be played twice (it gets `stale_ply`).",
    )
    move: MoveText = Field(description="The move in the game's notation, e.g. `2:3` (nim) or `c5` (grid games).")


class Resign(_ClientBase):
    """Give up the game.  Reply: `game_over` to everyone (the resigner's copy carries `ref`).

    A bot whose engine crashed or fell silent sends `timeout: true` (and what happened in
    `failure`): the game is then recorded as a loss on time (ending `flag`), not a resignation.
    """

    type: Literal["resign"] = "resign"
    room: RoomId = Field(description="Room id.")
    timeout: bool = Field(
        default=False,
        description="The client declares that it could not move in time: its engine crashed or fell silent.  "
        "Recorded as a loss on time (ending `flag`), the reason naming the engine's failure.",
    )
    failure: EngineFailure | None = Field(
        default=None,
        description="With `timeout`: how the engine failed (`crashed`: its process ended; `silent`: it did not "
        "answer in time), named in the result's reason.",
    )


class OfferDraw(_ClientBase):
    """Offer a draw (games that can be drawn only).  Reply: `draw_offered` to everyone in the room.

    The offer stands until every other seat accepts, someone declines, or a seat that has not
    agreed makes a move.
    """

    type: Literal["offer_draw"] = "offer_draw"
    room: RoomId = Field(description="Room id.")


class AcceptDraw(_ClientBase):
    """Agree to the pending draw offer.  Reply: `draw_offered` (more seats must agree) or `game_over`."""

    type: Literal["accept_draw"] = "accept_draw"
    room: RoomId = Field(description="Room id.")


class DeclineDraw(_ClientBase):
    """Turn down (or, by the offerer, withdraw) the pending draw offer.  Reply: `draw_declined` to everyone."""

    type: Literal["decline_draw"] = "decline_draw"
    room: RoomId = Field(description="Room id.")


class GetState(_ClientBase):
    """Ask for a fresh snapshot of a room you sit in or watch.  Reply: `room_state`."""

    type: Literal["get_state"] = "get_state"
    room: RoomId = Field(description="Room id.")


class GetRecord(_ClientBase):
    """Ask for the record of a finished game.  Reply: `record`, or `not_finished` while it is in play."""

    type: Literal["get_record"] = "get_record"
    room: RoomId = Field(description="Room id.")
    format: Literal["jsonl", "text", "pgn", "psq"] | None = Field(
        default=None,
        description="Also the record written in this format, as `grundy export --format` writes it (docs/RECORDS.md): "
        "the reply's `text`.  `psq` holds gomoku games only (else `bad_params`; the reply's `formats` lists what a "
        "record can be written in).  Null: the record only.",
    )


class ChatSend(_ClientBase):
    """Say something to the room (players and spectators).  Reply: `chat` to everyone in the room."""

    type: Literal["chat"] = "chat"
    room: RoomId = Field(description="Room id.")
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)] = Field(
        description="The text, 1-500 characters."
    )


class ListPlayers(_ClientBase):
    """Ask who is connected (to find someone, or a bot, to challenge).  Reply: `players`."""

    type: Literal["list_players"] = "list_players"
    kind: ClientKind | None = Field(default=None, description="Only players of this kind (`human` or `bot`).")


class Challenge(_ClientBase):
    """Challenge a connected player to a game.

    The server creates a private room with you seated and the other seat kept for the person
    you named, and sends `challenged` to every session (device) that person is signed in on.
    Reply: `room_created` (with the room's code), then `room_state` of your seat.  The game starts
    when they `accept_challenge` (the first answer wins; their other sessions get
    `challenge_answered`); if they `decline_challenge` the room is aborted and you get
    `challenge_declined`.  Leaving the room before then withdraws the challenge.  The kept seat is
    theirs alone: anyone else who comes with the room's code (a shared link) watches.  Challenging
    yourself (this session or another of your registered player's) is refused with `self_challenge`.
    """

    type: Literal["challenge"] = "challenge"
    to: SessionId = Field(
        description="A session id of the challenged person (from `players`: its `session`, or any of its `sessions`)."
    )
    game: GameName = Field(
        description="Game name.  In games of more than two seats the other seats are taken with the room's code."
    )
    params: dict[str, Any] = Field(default_factory=dict, description="Game parameters (as in `create_room`).")
    time_control: TimeControl | None = Field(default=None, description="The clock; null for untimed.")
    seat: int = Field(default=0, ge=0, description="The seat you take; the challenged player gets the next one.")
    rated: bool = Field(
        default=False,
        description="A rated game: you and the challenged player must both be registered (`not_registered` "
        "otherwise); default casual.",
    )


class AcceptChallenge(_ClientBase):
    """Accept a challenge you received: you take your seat and the game starts.  Reply: `room_state`."""

    type: Literal["accept_challenge"] = "accept_challenge"
    room: RoomId = Field(description="The room from `challenged`.")


class DeclineChallenge(_ClientBase):
    """Turn down a challenge: the room is aborted and the challenger gets `challenge_declined`.  Reply: `ok`."""

    type: Literal["decline_challenge"] = "decline_challenge"
    room: RoomId = Field(description="The room from `challenged`.")


class CreateTournament(_ClientBase):
    """Create a tournament that players (and bots) enter until its creator starts it.

    Reply: `tournament_state` (you watch the tournament from now on).
    """

    type: Literal["create_tournament"] = "create_tournament"
    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)] | None = Field(
        default=None, description="A title; null for one made from the game and format."
    )
    game: GameName = Field(description="Game name (a two-seat game).")
    params: dict[str, Any] = Field(default_factory=dict, description="Game parameters (as in `create_room`).")
    time_control: TimeControl | None = Field(default=None, description="The clock of every game; null for untimed.")
    format: TournamentFormat = Field(
        default="round-robin",
        description="`round-robin` (everyone meets everyone), `swiss` (`rounds` rounds paired by score), `knockout` "
        "(seeded by rating; level pairings replay) or `gauntlet` (the first entrant meets every other; hosted "
        "bots added with the tournament are its opponents when anyone else enters).",
    )
    rounds: int | None = Field(
        default=None, ge=1, le=256, description="Rounds of a `swiss` tournament (required there, refused elsewhere)."
    )
    double: bool = Field(default=False, description="`round-robin` only: a second cycle with the colours swapped.")
    games_per_pairing: int = Field(
        default=1,
        ge=1,
        le=1000,
        description="Games each pairing plays (1-1000), colours alternating.  The games of a pairing between bots "
        "are played at the same time (up to `concurrency`); a human entrant plays its games one after another.  "
        "A tournament takes entrants only while all its games number at most 10000.",
    )
    rated: bool = Field(default=True, description="Whether the games change the players' ratings.")
    bots: list[Level] = Field(
        default_factory=list,
        max_length=16,
        description="Hosted bot entrants to add, by level (e.g. `[\"easy\"]`).",
    )
    openings: list[Annotated[list[MoveText], Field(max_length=60)]] | None = Field(
        default=None,
        max_length=1000,
        description="Openings the games start from (at most 1000, each at most 60 moves in the game's notation, "
        "as in `move`); null: every game starts from the initial position.  Each is checked at creation: an "
        "illegal move, or an opening that ends the game, is refused (`bad_params`, naming `openings[i]` and the "
        "move).  Games 2k and 2k+1 of a pairing play the same opening, the second with the colours swapped; the "
        "pairings take the openings in turn (round 1 board 1 first, each pairing the next ceil(games_per_pairing/2) "
        "of them, wrapping around), so an odd `games_per_pairing` plays its last opening from one side only.",
    )
    concurrency: int | None = Field(
        default=None,
        ge=1,
        le=1024,
        description="At most this many of the tournament's games are played at the same time (1-1024); the others "
        "of the round wait and start as games end.  Null: every game of a round at once.",
    )


class EnterTournament(_ClientBase):
    """Enter an open tournament.  Reply: `tournament_state` (to every entrant and watcher).

    An entry belongs to the player: a registered player who entered from another connection (and
    lost it, or keeps it) moves its entry to this one, at any time before the end; its later games
    seat this connection, and a game already in play stays with the connection it was seated from.
    """

    type: Literal["enter_tournament"] = "enter_tournament"
    tournament: TournamentId = Field(description="Tournament id.")


class Withdraw(_ClientBase):
    """Leave a tournament: before the start your entry is removed; once it runs, your game in progress is
    resigned and your later games are lost by forfeit.

    Reply: `tournament_state`.
    """

    type: Literal["withdraw"] = "withdraw"
    tournament: TournamentId = Field(description="Tournament id.")


class StartTournament(_ClientBase):
    """Start a tournament you created: the entries close and the first round is paired.

    Reply: `tournament_state`; every entrant gets a `room_state` for each of its games as the round begins.
    """

    type: Literal["start_tournament"] = "start_tournament"
    tournament: TournamentId = Field(description="Tournament id.")


class StopTournament(_ClientBase):
    """Stop a tournament you created: no new game starts, the games in progress are played out, then it
    finishes (`stopped`) with final standings.  An open tournament finishes at once.

    Reply: `tournament_state`.
    """

    type: Literal["stop_tournament"] = "stop_tournament"
    tournament: TournamentId = Field(description="Tournament id.")


class ListTournaments(_ClientBase):
    """Ask for the tournaments.  Reply: `tournaments`."""

    type: Literal["list_tournaments"] = "list_tournaments"
    status: TournamentStatus | None = Field(default=None, description="Only tournaments in this status.")


class GetTournament(_ClientBase):
    """Ask for a tournament's standings and rounds, and watch it.

    Reply: `tournament_state`, and another one whenever the tournament changes.
    """

    type: Literal["get_tournament"] = "get_tournament"
    tournament: TournamentId = Field(description="Tournament id.")


# ===================================================================== server -> client


class Welcome(_ServerBase):
    """Answer to `hello`/`resume`: the chosen version and the session.  Keep `token` to resume later."""

    type: Literal["welcome"] = "welcome"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    version: int = Field(description="The protocol version chosen: the highest one both sides speak.")
    session: str = Field(description="Session id (public: identifies you in logs and records).")
    token: str = Field(description="Resume token (secret: whoever holds it acts for this session).")
    name: str = Field(description="Your display name as the server will show it.")
    player: str | None = Field(
        default=None,
        description="The registered player this session is (its name as registered); null for a guest.",
    )
    resumed: bool = Field(default=False, description="True when an existing session was taken back with `resume`.")
    rooms: list[str] = Field(default_factory=list, description="Rooms this session sits in or watches.")
    server: str = Field(default="grundy", description="Server software and version.")
    limits: Limits | None = Field(default=None, description="Limits enforced on this connection.")
    nodes: list[str] = Field(
        default_factory=list,
        description="Cluster mode: where the cluster's live nodes are reached (`ws://` or `wss://` URLs, each node's "
        "`--public-url`), this node first.  A client whose node is gone resumes on the others in turn.  Empty on a "
        "node alone.",
    )


class NodeLeaving(_ServerBase):
    """Cluster mode: this node is stopping (SIGTERM, `grundy admin drain`) and its rooms already run on the others.

    Move without a pause: at a random moment of the first fifth of `within_s` (at most 2 s: the node's
    clients do not all land at once on the nodes taking its rooms over), open a connection to one of
    `nodes`, `resume` there with your token, and the
    connection here is closed (1000) once the other node has your session.  Until then this connection
    goes on carrying your requests (to the rooms' new nodes); after `within_s` seconds it is closed
    (1001) whatever happened, and a client that did not move reconnects as after any lost link.
    """

    type: Literal["node_leaving"] = "node_leaving"
    nodes: list[str] = Field(
        description="The cluster's other live nodes (`ws://` or `wss://` URLs): resume on one of them (any; "
        "choosing one at random spreads the load)."
    )
    within_s: float = Field(description="Seconds from now until this node closes the connection (1001).")


class Registered(_ServerBase):
    """A player name was registered: keep `secret` (it is shown this once) and say `hello` with it."""

    type: Literal["registered"] = "registered"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    name: str = Field(description="The name as registered.")
    secret: str = Field(description="The player's secret: whoever holds it plays as this player.")


class Leaderboard(_ServerBase):
    """The best rated players of a game family (provisional ratings included, marked)."""

    type: Literal["leaderboard"] = "leaderboard"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    game: str = Field(description="Game family (canonical name).")
    entries: list[LeaderboardEntry] = Field(description="Best first; empty when nobody is rated yet.")


class PlayerProfile(_ServerBase):
    """A player's ratings (every game family it is rated in) and its latest rated games."""

    type: Literal["player"] = "player"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    name: str = Field(description="The player's name as registered (`bot:LEVEL` for a hosted bot).")
    registered_at: float | None = Field(
        default=None, description="Server time (Unix s) the name was registered; null for a hosted bot."
    )
    ratings: list[RatingInfo] = Field(description="One per game family it has played rated games of.")
    history: list[RatedGameInfo] = Field(description="The latest rated games, oldest first.")
    puzzles_solved: int = Field(
        default=0,
        ge=0,
        description="How many puzzles (`analyze {kind: \"puzzle\"}`) the player answered right while signed in, "
        "each counted once; 0 for a hosted bot.",
    )


class PlayerGames(_ServerBase):
    """A page of a player's finished games, newest first (the answer to `get_player_games`)."""

    type: Literal["player_games"] = "player_games"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    name: str = Field(description="The player's name as registered (`bot:LEVEL` for a hosted bot).")
    game: str | None = Field(default=None, description="The game asked for; null: every game.")
    offset: int = Field(description="Games skipped, as asked.")
    total: int = Field(description="How many finished games the player has (of that game).")
    games: list[PlayerGameInfo] = Field(description="The page, newest first (empty past the last).")


class Error(_ServerBase):
    """A request failed, or a frame was rejected.  Nothing changed on the server because of it."""

    type: Literal["error"] = "error"
    ref: Ref | None = Field(default=None, description="The `ref` of the request that failed, when known.")
    # Lax for this field only, so a client decoding msgpack gets the enum from its string.
    code: Annotated[ErrorCode, Field(strict=False)] = Field(description="Stable error code (see the table of codes).")
    message: str = Field(
        description="Human explanation naming the input and why it was refused, in the session's language "
        "(`hello.lang`; English before `hello`)."
    )
    room: str | None = Field(default=None, description="The room the failed request was about, if any.")
    say: Say | None = Field(
        default=None,
        description="The same refusal as a catalog message (`error-<code>` or a more precise one) for a client to "
        "render in its own language; null from a server that does not send it.",
    )


class Pong(_ServerBase):
    """Answer to `ping`."""

    type: Literal["pong"] = "pong"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    server_time: float = Field(description="Server time (Unix s) when the ping was handled.")


class Games(_ServerBase):
    """The game catalog."""

    type: Literal["games"] = "games"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    games: list[dict[str, Any]] = Field(
        description="One schema per game: `name`, `description`, `parameters` (each with `name`, `type`, "
        "`default`, `allowed`, `choices`, `min`, `max`, `optional`, `help`), `seats` (a number, or [min, max] "
        "when a parameter chooses it), `impartial`, `hidden_information`, `traits` (a `Traits` map as the "
        "game declares it; a room's `room_state` carries them for its parameters) and `notation` (how a move is "
        "written, in words with an example; null when the game gives none)."
    )
    bot_levels: list[str] = Field(
        default_factory=lambda: list(BOT_LEVELS),
        description="The hosted bots' levels, weakest first (a `bot` seat's `level`): what a client offers.",
    )
    tournament_formats: list[str] = Field(
        default_factory=lambda: list(TOURNAMENT_FORMATS),
        description="The tournament formats a node runs (`create_tournament`'s `format`): what a client offers.",
    )


class Rooms(_ServerBase):
    """Public rooms (private ones are never listed)."""

    type: Literal["rooms"] = "rooms"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    rooms: list[RoomSummary] = Field(description="Matching rooms, newest first.")


class RoomCreated(_ServerBase):
    """A room was created."""

    type: Literal["room_created"] = "room_created"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    code: str | None = Field(
        default=None,
        description="Join code (unguessable) for private rooms and `invite` seats; share it with invitees.",
    )
    seat: int | None = Field(default=None, description="The seat the creator took, if any.")


class RoomState(_ServerBase):
    """A complete snapshot of a room for its recipient.

    Sent on join, spectate, resume/reconnect, `get_state`, when the room starts, and when its
    seats change before the start.  Replaces everything the client knew about the room.
    """

    type: Literal["room_state"] = "room_state"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    game: str = Field(description="Game name (canonical).")
    title: str = Field(
        default="",
        description="The game with its parameters in words (`King race to a1, 8x8`): the room's title, as "
        "`rooms` lists it.",
    )
    params: dict[str, Any] = Field(
        description="Game parameters; secret ones (a hidden layout's seed) only after the game has ended."
    )
    time_control: TimeControl | None = Field(description="The clock, or null for an untimed game.")
    status: RoomStatus = Field(description="`waiting`, `playing`, `finished` or `aborted`.")
    seats: list[SeatInfo] = Field(description="Every seat, in order.")
    you: int | None = Field(description="Your seat in this room; null when you are a spectator.")
    turn: int | None = Field(description="The seat to move; null unless playing.")
    ply: int = Field(description="Moves made so far; the next move must carry this ply.")
    clocks: list[float] | None = Field(
        description="Seconds left per seat at `server_time` (null when untimed).  Only the `turn` seat's clock "
        "runs, and not before the first move (see `abort_at`)."
    )
    server_time: float = Field(description="Server time (Unix s) this snapshot was taken.")
    view: dict[str, Any] = Field(
        description="The position as you may see it (the game's view for your seat, the public view for "
        "spectators; the full position once the game has ended)."
    )
    legal_moves: list[str] | None = Field(
        default=None, description="Your legal moves in notation when it is your turn, else null."
    )
    moves: list[MoveInfo] = Field(default_factory=list, description="Every move so far, as you may see them.")
    draw_offer: list[int] = Field(
        default_factory=list, description="Seats agreeing to a pending draw offer; empty when none is pending."
    )
    rematch: list[int] = Field(default_factory=list, description="Seats that asked for a rematch (after the end).")
    result: ResultInfo | None = Field(default=None, description="The result once finished; null otherwise.")
    abort_at: float | None = Field(
        default=None, description="Until the first move: server time (Unix s) at which the game is aborted without it."
    )
    rematch_of: str | None = Field(default=None, description="The room this one is a rematch of, if any.")
    rated: bool = Field(
        default=False,
        description="True for a rated game (created rated, or a game of a rated tournament): its result changes "
        "the players' ratings, and clients give no hints during it (a review after the end is fine).  A rematch "
        "is never rated.",
    )
    opening: int = Field(
        default=0,
        description="How many of `moves` (the first ones) are an opening the server played in before the first "
        "player moved (a tournament's `openings`); the clocks and `abort_at` start after them.",
    )
    traits: Traits | None = Field(
        default=None,
        description="The game's traits with this room's parameters (a draw and hidden information may depend on "
        "them): what a client needs to draw and play it.  Servers always send it.",
    )
    chat: list[ChatLine] = Field(
        default_factory=list,
        description="The room's last chat lines, oldest first (at most 100: older ones are dropped), as the `chat` "
        "messages said them; the room keeps them through a node's restart.",
    )


class MoveMade(_ServerBase):
    """A move was accepted (already stored: it can never be lost)."""

    type: Literal["move_made"] = "move_made"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    ply: int = Field(description="The ply the move was made at; the room's ply is now `ply + 1`.")
    seat: int = Field(description="The seat that moved.")
    move: str | None = Field(
        description="The move text (normalised); null when hidden from you (hidden-information games)."
    )
    turn: int | None = Field(description="The seat to move next; null when the move ended the game.")
    clocks: list[float] | None = Field(description="Seconds left per seat at `server_time`, or null when untimed.")
    server_time: float = Field(description="Server time (Unix s) the move was accepted.")
    view: dict[str, Any] = Field(description="The new position as you may see it.")
    legal_moves: list[str] | None = Field(
        default=None, description="Your legal moves when it is now your turn, else null."
    )


class GameOver(_ServerBase):
    """The game ended (finished with a result, or aborted without one)."""

    type: Literal["game_over"] = "game_over"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    status: Literal["finished", "aborted"] = Field(description="`finished` with a result, or `aborted` without.")
    result: ResultInfo | None = Field(description="The result; null when aborted.")
    reason: str = Field(
        description="Why, in English words, naming the players (the result's reason, or why the game was aborted)."
    )
    reason_say: Say | None = Field(
        default=None,
        description="`reason` as a message of the catalogs and its arguments (`lobby-end-resigned`, `{name: "
        "\"Ann\"}`), which each reader's client says in its own language, so two players of different languages "
        "each read it in theirs; null where the server has no message for it.",
    )
    view: dict[str, Any] = Field(description="The final position in full, secrets included (e.g. every mine).")
    params: dict[str, Any] = Field(description="All game parameters, secret ones included (e.g. the layout seed).")
    clocks: list[float] | None = Field(
        default=None, description="Seconds left per seat at the end, or null when untimed."
    )


class RatingChange(_Part):
    """One seat's Glicko-2 rating before and after a rated game."""

    seat: int = Field(description="The seat.")
    player: str = Field(description="Whose rating: the registered player, or `bot:LEVEL` for a hosted bot.")
    before: float = Field(description="The rating before the game, to one decimal.")
    after: float = Field(description="The rating after the game, to one decimal.")
    rd: float = Field(description="The rating deviation after the game, to one decimal.")
    provisional: bool = Field(description="True while the deviation after the game is above 110.")
    scored: Outcome | None = Field(
        default=None,
        description="What the game counted as for this seat's rating: its outcome, except in a game the solver "
        "decides from its start, where the side the start gives the win winning counts as a draw (4.13).",
    )


class GameRated(_ServerBase):
    """A rated game's ratings were updated: each seat's rating before and after.

    Sent to the room's players and spectators once, soon after its `game_over` (the node applies the
    game to the ratings first).  Not sent for casual games, nor when the game changed no rating.
    """

    type: Literal["game_rated"] = "game_rated"
    room: str = Field(description="Room id.")
    game: str = Field(description="Game family rated: the catalog name (`gomoku`), whatever its parameters.")
    ratings: list[RatingChange] = Field(description="One per seat, by seat.")
    won_side: int | None = Field(
        default=None,
        description="The seat whose side the solver proves won from the start, when it does (4.13: the game was "
        "rated against that start); null otherwise.",
    )


class PlayerStatus(_ServerBase):
    """A player's connection changed."""

    type: Literal["player_status"] = "player_status"
    room: str = Field(description="Room id.")
    seat: int = Field(description="The seat.")
    player: str | None = Field(description="Its holder's display name.")
    connected: bool = Field(description="Whether the holder is connected now.")
    grace_until: float | None = Field(
        default=None,
        description="When disconnected: server time (Unix s) at which the seat forfeits (or, before the "
        "start, is freed) unless the player comes back.",
    )


class DrawOffered(_ServerBase):
    """A draw was offered, or another seat agreed to the pending offer."""

    type: Literal["draw_offered"] = "draw_offered"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    seat: int = Field(description="The seat that offered or agreed just now.")
    agreed: list[int] = Field(description="Every seat agreeing so far; the game is drawn when all seats agree.")


class DrawDeclined(_ServerBase):
    """The pending draw offer was declined (or withdrawn by its offerer); no offer is pending now."""

    type: Literal["draw_declined"] = "draw_declined"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    seat: int = Field(description="The seat that declined.")


class RematchOffered(_ServerBase):
    """A player asked for a rematch."""

    type: Literal["rematch_offered"] = "rematch_offered"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="The finished room.")
    seat: int = Field(description="The seat that asked just now.")
    agreed: list[int] = Field(description="Every seat that has asked so far (bots always agree).")


class Queued(_ServerBase):
    """You are waiting in the quick-match queue."""

    type: Literal["queued"] = "queued"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    game: str = Field(description="Game name (canonical).")
    params: dict[str, Any] = Field(description="The parameters matched on (defaults filled in).")
    time_control: TimeControl | None = Field(description="The clock matched on.")
    rated: bool = Field(default=False, description="Whether you wait for a rated game.")


class Ok(_ServerBase):
    """A request without data to return succeeded (`leave`, `quick_match_cancel`)."""

    type: Literal["ok"] = "ok"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str | None = Field(default=None, description="The room the request was about, if any.")


class Record(_ServerBase):
    """The record of a finished game."""

    type: Literal["record"] = "record"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    record: dict[str, Any] = Field(
        description="`id`, `game`, `params` (all, secrets included), `seats` (each `kind`, `name`, `level`, and "
        "`bot`: true for a hosted bot or a bot client), `time_control`, `rated` (played rated or casual), `ratings` "
        "(a rated game's, one per seat: `seat`, `player`, `before`, `after`, `diff`, `rd`, `provisional`; null for a "
        "casual game and until the node has rated it), `status`, `created_at`, `ended_at`, "
        "`moves` (each `ply`, `seat`, `move`, `at`, `clocks`), `result` (`outcomes`, `scores`, `reason`, `line`), "
        "`reason`, `ending` (see `Ending`), `opening` (how many of the first moves were an opening played in by the "
        "server; 0 for none), for hidden-information games `final` (the full final position), and for tournament "
        "games `tournament` (`id`, `round`)."
    )
    formats: list[str] = Field(
        default_factory=list, description="The formats `get_record` can write this record in (its `format`)."
    )
    format: str | None = Field(default=None, description="The format asked for; null when none was.")
    text: str | None = Field(default=None, description="The record written in `format`; null when none was asked for.")


class Chat(_ServerBase):
    """Someone in the room said something."""

    type: Literal["chat"] = "chat"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str = Field(description="Room id.")
    seat: int | None = Field(description="The speaker's seat; null for a spectator.")
    name: str = Field(description="The speaker's display name.")
    text: str = Field(description="What was said.")
    at: float = Field(description="Server time (Unix s).")


class Players(_ServerBase):
    """The connected players (humans and bot clients), so people can find someone to challenge."""

    type: Literal["players"] = "players"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    players: list[PlayerInfo] = Field(description="Connected players, by name.")


class Challenged(_ServerBase):
    """Someone challenges you to a game: answer with `accept_challenge` or `decline_challenge`."""

    type: Literal["challenged"] = "challenged"
    room: str = Field(description="The room kept for the game.")
    code: str = Field(description="The room's join code (joining with it also accepts).")
    game: str = Field(description="Game name (canonical).")
    title: str = Field(
        default="", description="The game with its parameters in words (`Nim 3, 4, 5`), as rooms show it."
    )
    params: dict[str, Any] = Field(description="The game's parameters (public ones).")
    time_control: TimeControl | None = Field(description="The clock, or null for untimed.")
    seat: int = Field(description="The seat you would take.")
    challenger: str = Field(description="The challenger's display name.")
    challenger_session: str = Field(description="The challenger's session id.")
    challenger_kind: ClientKind = Field(default="human", description="Whether the challenger is a bot client.")
    expires_at: float | None = Field(
        default=None, description="Server time (Unix s) at which the challenge lapses if you have not answered."
    )
    rated: bool = Field(default=False, description="Whether the game would be rated.")


class ChallengeAnswered(_ServerBase):
    """A challenge to you was answered on another of your sessions (another device signed in as the same
    registered player): the first answer wins, and this one needs none."""

    type: Literal["challenge_answered"] = "challenge_answered"
    room: str = Field(description="The challenge's room.")
    accepted: bool = Field(description="True if it was accepted (the game is on there), false if declined.")
    session: str = Field(description="The session that answered.")


class ChallengeDeclined(_ServerBase):
    """The player you challenged declined, or did not answer in time: the room is aborted."""

    type: Literal["challenge_declined"] = "challenge_declined"
    room: str = Field(description="The challenge's room.")
    player: str = Field(description="Display name of the player who declined (or did not answer).")
    session: str = Field(description="Their session id.")
    reason: Literal["declined", "expired"] = Field(
        default="declined", description="`declined` by the player, or `expired`: no answer in time."
    )


class Tournaments(_ServerBase):
    """Tournaments, newest first."""

    type: Literal["tournaments"] = "tournaments"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    tournaments: list[TournamentSummary] = Field(description="Matching tournaments, newest first.")


class TournamentState(_ServerBase):
    """A tournament in full: sent in reply, and pushed to entrants and watchers whenever it changes."""

    type: Literal["tournament_state"] = "tournament_state"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    tournament: TournamentSummary = Field(description="What it is and where it stands.")
    standings: list[Standing] = Field(description="Every entrant, in rank order.")
    rounds: list[list[Pairing]] = Field(description="The pairings of every round so far, round 1 first.")
    reason: str | None = Field(
        default=None, description="Once finished: why, in English (e.g. `all rounds played`): `reason_say` in words."
    )
    reason_say: Say | None = Field(
        default=None,
        description="Once finished: why, as a message id of the catalogs (`wire-tournament-ended-...`) and its "
        "arguments, which a client says in its own language (`reason` for an id it does not know).",
    )
    server_time: float = Field(description="Server time (Unix s) of this state.")


# ===================================================================== the solver, asked by clients without one


class Value(_Part):
    """What a position is worth to the seat to move (or, in a review's `after`, to the seat that moved)."""

    outcome: Literal["win", "loss", "draw", "score", "unknown"] = Field(
        description="`win` / `loss` with best play on both sides, `draw`, `score` (a payoff game: see `score`) "
        "or `unknown` (nothing proven: see the explanation's `evaluation`)."
    )
    k: int | None = Field(
        default=None, description="K of `win in K` / `loss in K`: the mover's own moves to the end with best play."
    )
    at_most: int | None = Field(
        default=None, description="A proven win of at most this many moves whose fastest length is not proven."
    )
    score: float | None = Field(default=None, description="The payoff to the mover with best play (score games).")
    text: str = Field(description="The value in words: `win in 3`, `loss in 2`, `draw`, `value 5`, `not proven`.")


class Component(_Part):
    """One part of a sum of games (a heap, a row of pins) with its Grundy value."""

    label: str = Field(description="Which part, in words: `heap 2`, `pins 3-7`.")
    index: int | None = Field(default=None, description="The part's index in the view (heap index), when it has one.")
    size: int | None = Field(default=None, description="Its size (objects in the heap, pins in the row).")
    grundy: int = Field(description="Its Grundy value (for a nim heap, its size).")
    binary: str | None = Field(
        default=None, description="The Grundy value in binary, right-aligned to the width of the whole table."
    )


PhraseArg = int | float | str | list[int] | list[float] | list[str] | list[list[int]] | None


class Phrase(_Part):
    """One sentence of an explanation as data: a phrase id and its named arguments (solver/phrases.py), so a
    client may write it in another language; the English text stands beside it.

    An id that starts with `teach-` is a message of the catalogs itself (`teach.ftl`: a hint's, a review's, the
    exam's and a puzzle's words, solver/teach.py), said with its arguments as they are, but an argument named
    `game` (a game's canonical name) said as the game is taught (`game-<name>`); any other id is an explanation
    phrase, said by the message `ex-<id>` (dots as dashes).  A list of phrases is said clause by clause, joined
    by `; `.
    """

    id: str = Field(min_length=1, max_length=64, description="The phrase's id, e.g. `nim.move` (solver/phrases.py), "
                    "or a catalog message `teach-...`.")
    args: dict[str, PhraseArg] = Field(
        default_factory=dict, max_length=16,
        description="Its arguments by name: numbers, moves or cells in the game's notation, a few closed words "
        "(`piece`, `how`), or lists of them.",
    )


class MoveNote(_Part):
    """One good move and why it is good."""

    move: MoveText = Field(description="The move in the game's notation.")
    why: str = Field(description="Why, in one phrase: `leaves nim-sum 0`, `moves to a lost cell (2, 2)`.")
    said: Phrase | None = Field(default=None, description="`why` as a phrase (its id and arguments).")
    also: bool = Field(
        default=False,
        description="True for a move of the explanation's `also` (it wins too, but more slowly than the best).",
    )
    component: int | None = Field(default=None, description="Index into `components` of the part it changes.")
    after: int | None = Field(
        default=None, description="The Grundy value (nim-sum) of the whole position after it, when known (0 wins)."
    )


class CellNote(_Part):
    """What one cell of the board is worth (a map of the board, drawn on it by clients)."""

    cell: str = Field(description="The cell in the game's notation (`c5`), or `PURSUER-EVADER` for pursuit pairs.")
    code: str = Field(description="Short text to draw on the cell: `W3`, `L2`, `5`, `0.25`, `safe`, `mine`.")
    outcome: Outcome | None = Field(default=None, description="For the player to move with the piece there.")
    k: int | None = Field(default=None, description="K of the outcome, when it has one.")
    grundy: int | None = Field(default=None, description="The cell's Grundy value.")
    value: float | None = Field(default=None, description="A number: a price, a capture time, a mine's probability.")


class Mark(_Part):
    """A cell to highlight on the board, with its role."""

    cell: str = Field(description="The cell in the game's notation.")
    role: Literal["best", "also", "mirror", "threat", "line", "defence", "safe", "mined", "piece"] = Field(
        description="`best` a best move; `also` a move that wins too, more slowly; `mirror` the symmetric answer; "
        "`threat` / `line` the cells of a forcing "
        "or main line, in order of `line`; `defence` a cell that stops the opponent; `safe` / `mined` proven "
        "from what the player sees; `piece` where the piece stands."
    )


class Explanation(_Part):
    """The solver's answer for one position: its value, the best moves and why, as data any client can draw.

    Which keys are set depends on the game's family (see the docs' "Explanations"): heap games fill
    `components` and `nim_sum` (nim also `binary`); boards with one piece, the pawn game, pursuit and
    small m,n,k boards fill `cells` (a map of the board) and `map_of`; coins fills `marks` with the
    mirrored cell; gomoku and big line games fill `line` and `marks` with the forcing line, or the
    engine's main line and `evaluation` in words when nothing is proven; minesweeper fills `cells`
    with the cells the player can prove safe or mined and the mine probability of the others,
    from what that player sees only.  Bounds: at most 1,000 `cells`, 64 `components`, 64 `moves`,
    64 cells in `line`, 130 `marks`, 2,000 characters of `reason`.
    """

    to_move: int | None = Field(description="The seat to move (null once the game is over).")
    value: Value = Field(description="What the position is worth to the seat to move.")
    best: list[str] = Field(
        description="The best moves, in the game's notation (empty when none is known): those that keep `value` "
        "exactly, for a win in K those that win in K; for a win whose K is not known, every winning move."
    )
    also: list[str] = Field(
        default_factory=list, max_length=64,
        description="Also winning, slower: the other winning moves, when they are worth showing (never in `best`).",
    )
    rule: str = Field(
        description="What decided it: a known rule (`nim-sum`, `misere-nim`, `kayles`, `grundy-sum`, "
        "`subtraction-period`, `king-parity`, `rook-nim`, `wythoff`, `symmetry`), `search` (the exact solver), "
        "`threats` (a proof by fours), `engine` (nothing proven: the engine's view), `mines` (minesweeper's "
        "deductions) or `over` (the game is over)."
    )
    by: str = Field(description="The rule in words, to follow `win`: `by the nim-sum`, `by exact search`.")
    reason: str = Field(max_length=2000, description="Why, in one or two sentences: `said` in English.")
    said: list[Phrase] = Field(
        default_factory=list, max_length=16,
        description="`reason` as phrases (each a clause; joined by `; ` in English), for other languages.",
    )
    moves: list[MoveNote] = Field(
        default_factory=list, max_length=64,
        description="The best moves, each with why, then the `also` moves (`also: true`).",
    )
    components: list[Component] | None = Field(
        default=None, max_length=64, description="Heap games: the parts and their values."
    )
    nim_sum: int | None = Field(default=None, description="Heap games: the XOR of the parts' Grundy values.")
    nim_sum_binary: str | None = Field(default=None, description="The nim-sum in binary, as wide as `components`'.")
    cells: list[CellNote] | None = Field(
        default=None, max_length=1000, description="A map of the board: what each cell is worth."
    )
    map_of: str | None = Field(
        default=None, description="What `cells` shows, in words: `the result with the king on each cell`."
    )
    map_said: Phrase | None = Field(
        default=None, description="`map_of` as a phrase (`map.corner`, ...), for a client writing another language."
    )
    line: list[str] | None = Field(
        default=None, max_length=64, description="A forcing line or the engine's main line, in order."
    )
    marks: list[Mark] | None = Field(default=None, max_length=130, description="Cells to highlight on the board.")
    evaluation: str | None = Field(default=None, description="When nothing is proven: the engine's view in words.")


class ReviewMove(_Part):
    """The solver's verdict on one move of a finished game."""

    ply: int = Field(description="The ply the move was made at.")
    seat: int = Field(description="The seat that made it.")
    move: str = Field(
        description="The move text; `resign` in a last row when the game ended by `seat` resigning (or leaving)."
    )
    before: str = Field(description="What the position was worth to the mover before it, e.g. `win in 3`.")
    verdict: str = Field(
        description="`best`, `kept the win`, `threw the win away`, `threw the draw away`, `hurried the loss`, "
        "`gave away N`; for a resignation `resigned a won game` (it throws the win away), `resigned a drawn "
        "game`, `resigned a lost game` or `resigned` (not solved); in big line games `missed a proven win`, "
        "`missed a forced defence`, `allowed a proven win`, `lost anyway`, `stopped the threat`, and where "
        "nothing is proven the engine's view: `engine's choice`, `close to the engine's choice`, `engine prefers "
        "another move` (`no proof` when not judged)."
    )
    value_before: Value | None = Field(default=None, description="The position's value for the mover before the move.")
    value_after: Value | None = Field(default=None, description="What the move left the mover with.")
    best: list[str] = Field(default_factory=list, description="The best moves, when the move was not one.")
    why: str | None = Field(default=None, description="When the move was not best: why the best move is better.")
    before_said: list[Phrase] = Field(
        default_factory=list, max_length=16, description="`before` as phrases (see `Phrase`), for every language."
    )
    verdict_said: Phrase | None = Field(default=None, description="`verdict` as a phrase (`teach-verdict-...`).")
    why_said: list[Phrase] | None = Field(
        default=None, max_length=20, description="`why` as phrases: the explanation's and the review's own."
    )


class Stretch(_Part):
    """A stretch of plies in which the same seat was winning (or nobody was, or it is not known)."""

    start: int = Field(description="The first ply of the stretch (the position before that move).")
    end: int = Field(description="The last ply of the stretch.")
    seat: int | None = Field(description="The seat winning there; null for a draw or when not known.")
    text: str = Field(description="In words: `seat 0 winning`, `drawn`, `not proven`.")
    said: Phrase | None = Field(default=None, description="`text` as a phrase (`teach-stretch-...`).")


class Accuracy(_Part):
    """One seat's share of best moves in a review."""

    seat: int = Field(description="The seat.")
    moves: int = Field(description="Moves judged.")
    best: int = Field(description="Of them, best moves (or keeping the win).")
    percent: int = Field(description="`best` as a whole percentage of `moves` (100 with no moves).")


class ReviewSummary(_Part):
    """A review's summary: who was winning when, where the game was thrown away, each seat's accuracy."""

    stretches: list[Stretch] = Field(description="Who was winning, stretch by stretch, in order.")
    turning: list[int] = Field(
        description="The plies of the moves that threw a win or a draw away (a resignation's row included)."
    )
    accuracy: list[Accuracy] = Field(
        description="Each seat's accuracy, by seat: `best` and `kept the win` count as good; moves with nothing "
        "proven and the resignation of a lost game are not judged."
    )
    text: str = Field(description="The summary in one or two sentences.")
    said: list[Phrase] = Field(
        default_factory=list, max_length=32, description="`text` as phrases (`teach-sum-...`), clause by clause."
    )


MAX_ANALYZE_MOVES = 1000  # moves in an `analyze` of kind `position` or `tree`
MAX_TREE_DEPTH = 12  # plies below the position in an `analyze` of kind `tree` (solver/tree.py holds the same)


class TreeNode(_Part):
    """One node of a game tree (`analyze {kind: "tree"}`): a position, the move that leads to it, its code."""

    move: str | None = Field(description="The move from the parent's position, in notation; null at the root.")
    code: int | None = Field(
        description="The exam's code for the player to move there: K, they win by their K-th move (and not "
        "sooner); -K, they lose by the opponent's K-th move at the latest; 0, the game is over (or drawn, see "
        "`outcome`); null in games with scores."
    )
    outcome: Literal["win", "loss", "draw", "over", "payoff"] = Field(
        description="`win`, `loss` or `draw` for the player to move, `over` for a finished game, `payoff` in "
        "games with scores (then `value`)."
    )
    value: float | None = Field(default=None, description="Games with scores: the payoff for the player to move.")
    children: list[TreeNode] = Field(
        default_factory=list,
        description="The moves shown from here, pruned as the exam prunes: at a won node only the moves that win "
        "as fast, at a lost node every move, at a drawn node the moves that keep the draw.",
    )
    more: bool = Field(default=False, description="It has children the depth or node bound left out.")


class ExamCode(_Part):
    """One start of the exam's table: the value of S and the code of the start position."""

    s: int = Field(description="The value of S.")
    code: int | None = Field(
        description="The code for the first player (K: wins by his K-th move; -K: the second player wins by his "
        "K-th move at the latest); null when the game is over at the start."
    )


class ExamTable(_Part):
    """The exam's heap game solved for every S, and the answers of tasks 19, 20 and 21 (solver/exam.py)."""

    game: str = Field(description="The game in words, e.g. `stones heaps=7,S ops=+1,*2, goal >=77, reach-wins`.")
    codes: list[ExamCode] = Field(description="Every S in order with its code.")
    task19: int | None = Field(description="The least S where the second player can win by his first move after "
                               "some first move (null: none).")
    task20: list[int] = Field(description="Every S where the first player wins by his second move, not by his first.")
    task21: int | None = Field(description="The least S where the second player wins by his first or second move, "
                               "not surely by his first (null: none).")
    why19: str = Field(description="Task 19's answer in one sentence.")
    why20: str = Field(description="Task 20's answer in one sentence.")
    why21: str = Field(description="Task 21's answer in one sentence.")
    why19_said: list[Phrase] = Field(default_factory=list, max_length=4, description="`why19` as phrases.")
    why20_said: list[Phrase] = Field(default_factory=list, max_length=4, description="`why20` as phrases.")
    why21_said: list[Phrase] = Field(default_factory=list, max_length=4, description="`why21` as phrases.")


class Puzzle(_Part):
    """A "find the winning move" puzzle (solver/puzzles.py), and the verdict on an answer when one was given."""

    id: str = Field(description="The puzzle's id, for its address `/puzzle/ID`: `nim-3` (made by the solver), `g` "
                    "and ten hex digits (taken from a real game where a win was thrown away; kept by the server).")
    game: str = Field(description="The game.")
    params: dict[str, Any] = Field(description="Its parameters.")
    moves: list[str] = Field(description="The moves from the start to the puzzle's position.")
    k: int = Field(description="The win's length: the player to move wins by their K-th move.")
    grade: Literal["easy", "medium", "hard"] = Field(description="By the win's length: K = 1, 2-3, more.")
    source: Literal["solver", "game"] = Field(description="Made by the solver, or taken from a real finished game.")
    accepts: Literal["one", "any"] = Field(description="`one`: exactly one move wins; `any`: several do, any is right.")
    winning_count: int = Field(description="How many moves win.")
    task: str = Field(description="The task in words.")
    task_said: list[Phrase] = Field(
        default_factory=list, max_length=4, description="`task` as phrases (`teach-puzzle-...`), for every language."
    )
    verdict: Literal["right", "wrong"] | None = Field(default=None, description="The verdict on `answer`, if given.")
    said: str | None = Field(default=None, description="The verdict in words: why it wins, or its refutation.")
    verdict_said: list[Phrase] | None = Field(default=None, max_length=4, description="`said` as phrases.")
    refutation: list[str] | None = Field(
        default=None, description="A wrong answer and the opponent's winning reply, in notation."
    )


class Analyze(_ClientBase):
    """Ask the server's solver for a hint, a post-game review, or the explanation of a position.

    A `hint` is given only to a player, on its turn, in a game in progress that is not rated and hides
    nothing, against a hosted bot; a `review` only once the game is finished; a `position` (the
    analysis board, and its "what if") only once the game is finished, for any line of legal moves
    from the game's start (`moves`, at most 1,000), whether the game took it or not.  In a game of
    hidden information the position is explained from what the seat to move sees there.
    Reply: `analysis`.
    """

    type: Literal["analyze"] = "analyze"
    room: RoomId | None = Field(
        default=None,
        description="Room id; null for any position of any game (`position` and `tree` only, with `game`): no "
        "room is needed, nor a `hello` first.",
    )
    kind: Literal["hint", "review", "position", "tree", "exam", "puzzles", "puzzle"] = Field(
        description="`hint`: a move for you now; `review`: every move judged; `position`: explain the position "
        "after `moves`; `tree`: the game tree of the position after `moves`, with the exam's codes; `exam`: "
        "without a room, the exam's heap game (`params`: `heaps` with one S such as `7,S`, `ops`, `goal`, `rule`, "
        "`range` `LO..HI`) solved for every S, with the answers of tasks 19-21; `puzzles`: the list of puzzles; "
        "`puzzle`: one puzzle (`puzzle`) with its position, and the verdict on `answer` when given."
    )
    moves: list[MoveText] | None = Field(
        default=None,
        max_length=MAX_ANALYZE_MOVES,
        description="For `position` and `tree`: the moves from the start, in the game's notation (null: the game's "
        "own moves; none without a room).",
    )
    game: GameName | None = Field(
        default=None, description="Without a room: the game, by name from `games` (aliases accepted)."
    )
    params: dict[str, Any] | None = Field(
        default=None,
        max_length=16,
        description="Without a room: the game's parameters as in `create_room` (omitted ones take their defaults).",
    )
    puzzle: Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")] | None = (
        Field(default=None, description="For `puzzle`: the puzzle's id.")
    )
    answer: MoveText | None = Field(default=None, description="For `puzzle`: the move the solver is to judge.")
    depth: int | None = Field(
        default=None,
        ge=0,
        le=MAX_TREE_DEPTH,
        description=f"For `tree`: the plies below the position to show (0 to {MAX_TREE_DEPTH}; null: "
        f"{MAX_TREE_DEPTH}).",
    )


class Analysis(_ServerBase):
    """The solver's answer to `analyze`: a hint, a review, an explanation, or why there is none."""

    type: Literal["analysis"] = "analysis"
    ref: Ref | None = Field(default=None, description=_ECHO_DOC)
    room: str | None = Field(default=None, description="Room id; null when asked without a room.")
    kind: Literal["hint", "review", "position", "tree", "exam", "puzzles", "puzzle"] = Field(
        description="What was asked."
    )
    ply: int = Field(
        description="The ply of the position analysed (for a hint: stale once a move is made; for a position: "
        "the number of `moves`)."
    )
    hint: str | None = Field(default=None, description="The suggested move and why, e.g. `2:3 (wins in 5)`.")
    hint_said: list[Phrase] | None = Field(
        default=None, max_length=17,
        description="`hint` as phrases: the move and its value (`teach-hint-...`), then why (the explanation's).",
    )
    review: list[ReviewMove] | None = Field(default=None, description="Every move with its verdict, in order.")
    summary: ReviewSummary | None = Field(default=None, description="A review's summary.")
    explanation: Explanation | None = Field(
        default=None, description="A hint's or a position's explanation: the value, the best moves and why."
    )
    moves: list[str] | None = Field(default=None, description="For `position`: the moves it explains, as asked.")
    view: dict[str, Any] | None = Field(
        default=None,
        description="For `position`: the position itself, a view of the room's kind (`traits.view`), so a client "
        "draws any ply and any line tried from it: what the seat to move saw there (the whole position once the "
        "game is over there).",
    )
    legal_moves: list[str] | None = Field(
        default=None,
        description="For `position`: the legal moves there, in notation (empty once the game is over there), so a "
        "client offers the same input as in play.",
    )
    tree: TreeNode | None = Field(
        default=None,
        description="For `tree`: the game tree of the position (at most 500 nodes; a cut is marked `more`).",
    )
    exam: ExamTable | None = Field(default=None, description="For `exam`: the table of codes and the answers.")
    puzzles: list[Puzzle] | None = Field(
        default=None, description="For `puzzles`: every puzzle, easiest first by game, then those from real games."
    )
    puzzle: Puzzle | None = Field(
        default=None,
        description="For `puzzle`: the puzzle (its position in `view` and `legal_moves`; a right answer's "
        "`explanation` is the position's).",
    )
    game: str | None = Field(default=None, description="Without a room: the game, by its canonical name.")
    params: dict[str, Any] | None = Field(
        default=None, description="Without a room: the game's parameters, every one (defaults filled in)."
    )
    refused: str | None = Field(
        default=None, description="Why no hint or review is given, in words (e.g. `no hints in a rated game: ...`)."
    )


# ===================================================================== the registry, read

CLIENT_MESSAGES: tuple[type[BaseModel], ...] = tuple(_CLIENT.values())
SERVER_MESSAGES: tuple[type[BaseModel], ...] = tuple(_SERVER.values())
# Structures nested inside messages, documented as types.
PARTS: tuple[type[BaseModel], ...] = tuple(_PARTS)
_sealed = True

if TYPE_CHECKING:  # a type checker cannot read a union built at run time: to it, any message of that side
    ClientMessage: TypeAlias = _ClientBase
    ServerMessage: TypeAlias = _ServerBase
else:  # (Union[tuple] is the union of the tuple's classes; `|` has no such form, hence the noqa)
    ClientMessage = Annotated[Union[CLIENT_MESSAGES], Field(discriminator="type")]  # noqa: UP007
    ServerMessage = Annotated[Union[SERVER_MESSAGES], Field(discriminator="type")]  # noqa: UP007


def negotiate(offered: list[int], supported: tuple[int, ...] = SUPPORTED_VERSIONS) -> int | None:
    """The highest version both sides speak, or None when they share none."""
    common = set(offered) & set(supported)
    return max(common) if common else None


__all__ = [
    "BOT_LEVELS",
    "CLIENT_MESSAGES",
    "MAX_FRAME_BYTES",
    "PARTS",
    "PROTOCOL_VERSION",
    "PlayerName",
    "Secret",
    "SERVER_MESSAGES",
    "SUPPORTED_VERSIONS",
    "ClientKind",
    "ClientMessage",
    "Ending",
    "EngineFailure",
    "RoomStatus",
    "SeatKind",
    "ServerMessage",
    "BotLevel",
    "TOURNAMENT_FORMATS",
    "TournamentFormat",
    "TournamentStatus",
    "negotiate",
    *(cls.__name__ for cls in (*PARTS, *CLIENT_MESSAGES, *SERVER_MESSAGES)),
]
