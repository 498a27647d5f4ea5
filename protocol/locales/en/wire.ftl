# Words the node sends as a message id and its arguments (docs/PROTOCOL.md, "Languages"): each client says them
# in its own language. The English of each is what older clients get as plain text beside it.

# Why a tournament finished (TournamentState.reason_say).
wire-tournament-ended-all-played = all rounds played
wire-tournament-ended-stopped = stopped by its creator
wire-tournament-ended-stopped-early = stopped by its creator before the start
wire-tournament-ended-challenger = the challenger withdrew
wire-tournament-ended-too-few = not started: { $format } needs at least 2 entrants, { $entered } entered
wire-tournament-ended-swiss-rounds = not started: { $rounds } swiss rounds without repeats need more than { $entered } entrants (at most { $most })
wire-tournament-ended-no-challenger = not started: the challenger { $challenger } has not entered

# A tournament's title when its creator gave none (TournamentSummary.name_say): $game a game's canonical name, said
# as the game is taught; $format one of round-robin, swiss, knockout, gauntlet.
wire-tournament-name = { $game } { $format }

# Why the node closes a connection: the close frame's reason, in the session's language (every client shows it to its
# reader; a close frame carries no message id). $reason: an administrator's words, as typed; $n: bytes.
wire-close-kicked = kicked by an administrator: { $reason }
wire-close-banned = banned by an administrator: { $reason }
wire-close-unsent = not reading: over { NUMBER($n, useGrouping: 0) } bytes waiting to be sent
wire-close-frames = not reading: too many frames waiting
wire-close-rate = far over the rate limit
wire-close-flood = a flood of frames that are not messages
wire-close-versions = no common protocol version
wire-close-resumed = the session was resumed on another connection
wire-close-shutdown = server shutting down

# Why a room ended when the node failed in it (GameOver.reason_say); $error: the fault's kind, a program's name.
wire-end-fault = internal error: the server failed in this room ({ $error }); the game is aborted
