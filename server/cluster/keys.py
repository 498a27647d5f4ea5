"""Every Redis key and channel of a cluster, in one place (documented in docs/STORE.md).

All names start with a prefix (``grundy:`` by default) so one Redis may serve other things
too.  Everything is on one Redis primary: the scripts touch several keys at once (a room's
row, its move log, its lease and the live-room index), which Redis Cluster's hash slots would
forbid.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, slots=True)
class Keys:
    prefix: str = "grundy:"

    # ---- rooms: the durable log (kept until deleted by an operator)
    def room(self, rid: str) -> str:
        # hash: format game params meta status created_at updated_at result reason (format: store.ROOM_FORMAT)
        return f"{self.prefix}room:{rid}"

    def moves(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:moves"  # list: one JSON [ply, seat, text, at, clocks] per move

    def chat(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:chat"  # list: one JSON [seq, seat, name, text, at] per line, the last 100

    @property
    def live(self) -> str:
        return f"{self.prefix}rooms:live"  # sorted set: unfinished room ids by creation time

    @property
    def ended(self) -> str:
        return f"{self.prefix}rooms:ended"  # sorted set: finished/aborted room ids by end time

    def code(self, code: str) -> str:
        return f"{self.prefix}code:{code}"  # string: the room id a join code names

    def watchers(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:watchers"  # set: spectating sessions (lasting ones)

    def tournament_game(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:tournament"  # string: JSON [tournament id, round]

    @property
    def replicated(self) -> str:
        return f"{self.prefix}replicated"  # counter: written before each WAIT (replicas that hold it hold the rest)

    # ---- ownership: who runs a room now
    def lease(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:lease"  # string "node|epoch", expires unless renewed

    def epoch(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:epoch"  # counter: bumped by every claim (the fencing token)

    # ---- sessions and players
    def session(self, sid: str) -> str:
        return f"{self.prefix}session:{sid}"  # hash: token name kind created_at

    def token(self, token: str) -> str:
        return f"{self.prefix}token:{token}"  # string: the session id a resume token names

    def rooms_of(self, sid: str) -> str:
        return f"{self.prefix}session:{sid}:rooms"  # set: rooms the session sits in, created or watches

    @property
    def online(self) -> str:
        return f"{self.prefix}online"  # hash: session id -> the node it is connected to

    @property
    def players(self) -> PlayerKeys:
        """The keys of registered players: accounts, ratings, their games and puzzles."""
        return PlayerKeys(self.prefix)

    def rated(self, rid: str) -> str:
        return f"{self.prefix}room:{rid}:rated"  # string: JSON [game, a, b, seats] once the game changed ratings

    # ---- quick match
    def queue(self, key: str) -> str:
        return f"{self.prefix}queue:{key}"  # list: sessions waiting for a quick match of one game, params, clock

    def queued(self, sid: str) -> str:
        return f"{self.prefix}session:{sid}:queue"  # string: the queue the session waits in

    # ---- tournaments
    def tournament(self, tid: str) -> str:
        return f"{self.prefix}tournament:{tid}"  # hash: status data(JSON)

    def tournament_lease(self, tid: str) -> str:
        return f"{self.prefix}tournament:{tid}:lease"  # string "node|epoch": the node that runs the tournament

    def tournament_epoch(self, tid: str) -> str:
        return f"{self.prefix}tournament:{tid}:epoch"  # counter: bumped by every claim (the fencing token)

    @property
    def tournaments_ended(self) -> str:
        return f"{self.prefix}tournaments:ended"  # sorted set: finished tournaments by the time they were saved

    @property
    def tournaments_live(self) -> str:
        return f"{self.prefix}tournaments:live"  # sorted set: unfinished tournaments by creation time

    # ---- nodes
    def node(self, nid: str) -> str:
        # string: where clients reach the node (its public URL, or empty); expires unless renewed (the node is alive)
        return f"{self.prefix}node:{nid}"

    @property
    def nodes(self) -> str:
        return f"{self.prefix}nodes"  # set: every node id that ever joined (alive ones have node:{id})

    def listed(self, nid: str) -> str:
        return f"{self.prefix}node:{nid}:rooms"  # hash: room id -> the listed summary (msgpack) of a node's rooms

    # ---- channels (publish/subscribe: nothing is kept)
    def to_session(self, sid: str) -> str:
        return f"{self.prefix}to:{sid}"  # frames for a session, heard by the node it is connected to

    def inbox(self, nid: str) -> str:
        return f"{self.prefix}inbox:{nid}"  # requests forwarded to a node (for the rooms it runs)

    @property
    def owners(self) -> str:
        return f"{self.prefix}owners"  # heard by every node: "this node runs room R now" after a take-over

    # ---- hosted bots (server/cluster/botqueue.py asks, server/cluster/workers.py answers)
    def bot_jobs(self, level: str) -> str:
        return f"{self.prefix}bots:jobs:{level}"  # stream of move requests at one level, consumer group "workers"

    def bot_answer(self, job: str) -> str:
        return f"{self.prefix}bots:answer:{job}"  # list: the answer to one job (expires)

    def bot_alive(self, level: str) -> str:
        return f"{self.prefix}bots:alive:{level}"  # string: a worker taking this level is up (expires unless renewed)


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerKeys:
    """The keys of registered players (``Keys.players``): accounts and bans, ratings, a player's finished
    games and the puzzles they solved (and the puzzles found in real games)."""

    prefix: str = "grundy:"

    def ratings(self, player: str) -> str:
        return f"{self.prefix}ratings:{player}"  # hash: game -> JSON {value, games} (Elo: tournaments)

    def player(self, key: str) -> str:
        return f"{self.prefix}player:{key}"  # hash: name secret_hash created_at of a registered player (lower-case key)

    @property
    def bans(self) -> str:
        return f"{self.prefix}bans"  # hash: lower-case name -> JSON [name, reason, at] of a banned player name

    def glicko(self, player: str) -> str:
        return f"{self.prefix}glicko:{player}"  # hash: game -> JSON {rating, rd, volatility, games, last}

    def board(self, game: str) -> str:
        return f"{self.prefix}board:{game}"  # sorted set: player -> Glicko-2 rating in one game family

    def history(self, player: str, game: str) -> str:
        return f"{self.prefix}history:{player}:{game}"  # list: JSON rated games, oldest first (the latest 1000)

    def games_of(self, player: str, game: str | None = None) -> str:
        # sorted set: room id -> end time, a registered player's (or hosted bot's) finished games (lower-case
        # key), of every game (``game`` None) or of one
        return f"{self.prefix}player:{player}:games" + ("" if game is None else f":{game}")

    def game_rows(self, player: str) -> str:
        return f"{self.prefix}player:{player}:game_rows"  # hash: room id -> JSON [game, ended_at, summary]

    def solved(self, player: str) -> str:
        return f"{self.prefix}player:{player}:solved"  # hash: puzzle id -> time a registered player first solved it

    @property
    def found_puzzles(self) -> str:
        return f"{self.prefix}puzzles:found"  # hash: puzzle id -> JSON puzzle taken from a real game (with its moves)

    @property
    def found_order(self) -> str:
        return f"{self.prefix}puzzles:found:order"  # sorted set: found puzzle ids by the time they were found
