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
