"""The protocol's one error path: a stable code from `ErrorCode` plus a human message.

Every failure a client can cause or meet is one `error` message carrying an
`ErrorCode`.  Codes are part of the protocol and never change meaning; messages are
for people and may be reworded.  `ProtocolError` is what the codec raises for a frame
it cannot accept (a server answers its own refusals with the same codes, from its own errors).
"""

from __future__ import annotations

import enum


class ErrorCode(enum.StrEnum):
    """Stable error codes; `ERROR_MEANINGS` documents each."""

    BAD_FRAME = "bad_frame"
    BAD_MESSAGE = "bad_message"
    TOO_LARGE = "too_large"
    UNSUPPORTED_VERSION = "unsupported_version"
    NOT_AUTHENTICATED = "not_authenticated"
    ALREADY_AUTHENTICATED = "already_authenticated"
    BAD_TOKEN = "bad_token"
    RATE_LIMITED = "rate_limited"
    UNKNOWN_GAME = "unknown_game"
    BAD_PARAMS = "bad_params"
    TOO_MANY_ROOMS = "too_many_rooms"
    UNKNOWN_ROOM = "unknown_room"
    ROOM_FULL = "room_full"
    SEAT_TAKEN = "seat_taken"
    NOT_INVITED = "not_invited"
    ALREADY_SEATED = "already_seated"
    NOT_IN_QUEUE = "not_in_queue"
    NOT_A_PLAYER = "not_a_player"
    NOT_STARTED = "not_started"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_PLY = "stale_ply"
    ILLEGAL_MOVE = "illegal_move"
    GAME_OVER = "game_over"
    NOT_FINISHED = "not_finished"
    DRAW_NOT_ALLOWED = "draw_not_allowed"
    NO_DRAW_OFFER = "no_draw_offer"
    SHUTTING_DOWN = "shutting_down"
    UNKNOWN_PLAYER = "unknown_player"
    NO_CHALLENGE = "no_challenge"
    SELF_CHALLENGE = "self_challenge"
    TOO_MANY_CHALLENGES = "too_many_challenges"
    UNKNOWN_TOURNAMENT = "unknown_tournament"
    TOURNAMENT_NOT_OPEN = "tournament_not_open"
    TOURNAMENT_OVER = "tournament_over"
    TOURNAMENT_FULL = "tournament_full"
    ALREADY_ENTERED = "already_entered"
    NOT_ENTERED = "not_entered"
    NOT_ORGANISER = "not_organiser"
    TOO_FEW_ENTRANTS = "too_few_entrants"
    TOO_MANY_TOURNAMENTS = "too_many_tournaments"
    NAME_TAKEN = "name_taken"
    BAD_SECRET = "bad_secret"
    NOT_REGISTERED = "not_registered"
    BANNED = "banned"
    UNAVAILABLE = "unavailable"
    INTERNAL = "internal"


# What each code means (docs/PROTOCOL.md is generated from this table).
ERROR_MEANINGS: dict[ErrorCode, str] = {
    ErrorCode.BAD_FRAME: (
        "The frame is not one msgpack map (undecodable bytes, trailing data, a text frame, a non-map)."
    ),
    ErrorCode.BAD_MESSAGE: (
        "A map that is not a valid message: unknown or missing `type`, missing field, wrong field type."
    ),
    ErrorCode.TOO_LARGE: "The frame is larger than the maximum frame size (see `welcome.limits`).",
    ErrorCode.UNSUPPORTED_VERSION: (
        "`hello`/`resume` offered no protocol version this server speaks; the message lists the supported ones."
    ),
    ErrorCode.NOT_AUTHENTICATED: "A request was sent before `hello`/`resume` was answered with `welcome`.",
    ErrorCode.ALREADY_AUTHENTICATED: "`hello`/`resume` was sent again on a connection that already has a session.",
    ErrorCode.BAD_TOKEN: (
        "`resume` with a token the server does not know (expired or never issued); say `hello` instead."
    ),
    ErrorCode.RATE_LIMITED: (
        "Too many requests in a short time; the request was dropped unread (the error carries its `ref`).  "
        "Slow down and retry."
    ),
    ErrorCode.UNKNOWN_GAME: "The game name is not in the catalog (`list_games` gives the names).",
    ErrorCode.BAD_PARAMS: (
        "Game parameters, time control, seat list or seat number that cannot be accepted; the message names the field."
    ),
    ErrorCode.TOO_MANY_ROOMS: (
        "The session already has the maximum number of unfinished rooms (created or seated in)."
    ),
    ErrorCode.UNKNOWN_ROOM: "No room with this id or join code (or it is private and was not addressed by its code).",
    ErrorCode.ROOM_FULL: "No seat this session may take is free (or the game has already started).",
    ErrorCode.SEAT_TAKEN: "The requested seat is held by someone else.",
    ErrorCode.NOT_INVITED: "The seat is invite-only (or the room private): join with the room's code.",
    ErrorCode.ALREADY_SEATED: (
        "This session already holds a seat in the room (one seat per session per room; a registered player's "
        "other sessions opening the room see its seat instead of taking another)."
    ),
    ErrorCode.NOT_IN_QUEUE: "`quick_match_cancel` while not waiting in a quick-match queue.",
    ErrorCode.NOT_A_PLAYER: "The session holds no seat in the room (spectators cannot move, resign or offer draws).",
    ErrorCode.NOT_STARTED: "The room is still waiting for players; the game has not started.",
    ErrorCode.NOT_YOUR_TURN: "A move by a seat that is not the seat to move.",
    ErrorCode.STALE_PLY: (
        "The move's `ply` is not the room's current ply (a resend, or made on an old position); nothing was played."
    ),
    ErrorCode.ILLEGAL_MOVE: (
        "The move text does not parse in this game's notation or is not legal in the position; the message says why."
    ),
    ErrorCode.GAME_OVER: "The game has already ended (finished or aborted).",
    ErrorCode.NOT_FINISHED: "The request needs a finished game (`rematch`, `get_record` of a room still in play).",
    ErrorCode.DRAW_NOT_ALLOWED: (
        "This game cannot end in a draw, or an opponent is a hosted bot (bots do not accept draws)."
    ),
    ErrorCode.NO_DRAW_OFFER: "`accept_draw`/`decline_draw` while no draw offer is pending.",
    ErrorCode.SHUTTING_DOWN: "The server is stopping and accepts no new rooms; reconnect later.",
    ErrorCode.UNKNOWN_PLAYER: (
        "`challenge` names no connected player (unknown or offline session id; `list_players` lists "
        "them), or `get_player` names no registered player (or a hosted bot that never played a rated game)."
    ),
    ErrorCode.NO_CHALLENGE: "`accept_challenge`/`decline_challenge` of a room with no pending challenge to you.",
    ErrorCode.SELF_CHALLENGE: (
        "`challenge` names yourself: this session, or another session (device) of the registered player you are."
    ),
    ErrorCode.TOO_MANY_CHALLENGES: (
        "`challenge` while the session already has the maximum number of challenges waiting for an answer."
    ),
    ErrorCode.UNKNOWN_TOURNAMENT: "No tournament with this id (`list_tournaments` lists them).",
    ErrorCode.TOURNAMENT_NOT_OPEN: "Entering or starting a tournament that has already started.",
    ErrorCode.TOURNAMENT_OVER: "The tournament has finished.",
    ErrorCode.TOURNAMENT_FULL: "The tournament has as many entrants as it allows.",
    ErrorCode.ALREADY_ENTERED: "This session has already entered the tournament.",
    ErrorCode.NOT_ENTERED: "`withdraw` from a tournament you have not entered (or have already left).",
    ErrorCode.NOT_ORGANISER: "Only the tournament's creator may start it or add hosted bots.",
    ErrorCode.TOO_FEW_ENTRANTS: "The format needs more entrants than have entered (the message says how many).",
    ErrorCode.TOO_MANY_TOURNAMENTS: (
        "`create_tournament` while the session already has the maximum number of open (not started) tournaments."
    ),
    ErrorCode.NAME_TAKEN: (
        "The name belongs to a registered player: `register` of a name already registered (in any case), or "
        "`hello` with it and no secret (a guest cannot use a registered name).  Say `hello` with the player's "
        "`secret`, or choose another name."
    ),
    ErrorCode.BAD_SECRET: (
        "`hello` with a `secret` that is not the registered player's (or for a name nobody registered).  After "
        "several wrong secrets for one name in a minute, further tries get `rate_limited` for a while."
    ),
    ErrorCode.NOT_REGISTERED: (
        "A rated game (`rated: true`) needs every player to be registered: a guest (or a guest opponent) cannot "
        "play one.  `register` a name, or play casual."
    ),
    ErrorCode.BANNED: (
        "`hello`, `resume` or `register` with a player name the server's administrators banned (in any case); the "
        "message gives their reason.  Nothing was done; the ban holds on every node until it is lifted."
    ),
    ErrorCode.UNAVAILABLE: (
        "Cluster mode: the store the nodes share (Redis) cannot be reached, has just come back and the nodes are "
        "settling (for one lease, `--lease-ms`, after a node sees it answer again), or lacks the replicas a move "
        "waits for (`--redis-replicas`).  Nothing was done (a move sent just as the store went away may have been "
        "stored after all: the room's `room_state` after the outage tells): send the same request again in a "
        "moment, as section 2.1 says (which requests, how often); it succeeds once the store is back, and no clock "
        "ran meanwhile.  Also a request for "
        "a room that a stopping node is handing to another, when no node has taken it over within a few seconds.  "
        "The connection and the session stay."
    ),
    ErrorCode.INTERNAL: "A server fault, not caused by the request; the connection and other rooms are unaffected.",
}


class ProtocolError(Exception):
    """A failure that becomes one `error` message: `code`, human `message`, and the request's `ref`."""

    def __init__(self, code: ErrorCode | str, message: str, ref: str | int | None = None) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message
        self.ref = ref

    def __repr__(self) -> str:
        return f"ProtocolError({self.code.value!r}, {self.message!r}, ref={self.ref!r})"
