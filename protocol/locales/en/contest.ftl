# grundy match and grundy tournament: their help, refusals and what they say while they run (contest-...)
# (their live table, progress line and SPRT line are cli-... and words-sprt... messages)

## --help
contest-match-help = play a match between two bots or engines: Elo, LOS, SPRT (like cutechess-cli and fastchess)
contest-match-about = Play a match of --games games between two players (bot:LEVEL, pbrain:PATH, cmd:COMMAND, player:NAME), colours alternating and each opening played from both sides.  Shows the score, the Elo difference with its 95% error, LOS and draw ratio; --sprt stops the match when the test decides.  Without --server a node starts in this process (docs/MATCH.md).
contest-tournament-help = run a tournament between bots, Gomocup engines and SDK bots (like cutechess-cli)
contest-tournament-about = Run a tournament: round robin, swiss, knockout or gauntlet, between hosted bots (bot:LEVEL), Gomocup engines (pbrain:PATH), SDK bots started as processes (cmd:COMMAND) and players already online (player:NAME, with --server).  Without --server a node starts in this process.  A live table while it runs, the final standings and a crosstable at the end; --out writes the records (docs/MATCH.md).
contest-help-game = the game (see `grundy games`), a two-seat one
contest-help-first = the first player (its Elo is measured against the second)
contest-help-second = the second player
contest-help-player = a player: bot:LEVEL, pbrain:PATH[ ARGS], cmd:COMMAND or player:NAME, each with an optional trailing name=NAME (repeat: at least two)
contest-help-format = the pairing (default round-robin)
contest-help-rounds = swiss: rounds (default enough for a winner); round-robin: 1 or 2 (2 plays every pairing again with the colours swapped)
# $most: the most games a pairing may play (1000)
contest-help-games-match = games of the match, colours alternating, 1-{ $most } (default 10, { $most } with --sprt)
contest-help-games = games each pairing plays, colours alternating, 1-{ $most } (default 2)
contest-help-concurrency = games played at the same time, 1-{ $most } (default 1)
contest-help-tc = the clock of every game: 5+2 is 5 minutes and 2 s a move, 30s+1 or 10s+0.1 for seconds, none for untimed (default { $default })
contest-help-set = a game parameter, e.g. --set size=15 (repeatable)
contest-help-openings = start the games from these openings, each played from both sides: a file (docs/MATCH.md) or a built-in set (builtin: the game's own; builtin:renju26, builtin:tictactoe)
contest-help-sprt = stop early by the SPRT: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial|trinomial]
contest-help-server = run on this node (default: start one here); several nodes of a cluster, comma separated or --server repeated: the run and its players go on on another when their node is gone
contest-help-out = write the game records: a file (pgn) or a folder (psq)
contest-help-format-out = pgn: every game in one PGN-like file; psq (gomoku): one Piskvork file per game in the folder --out
contest-help-rated = the games change the players' ratings
contest-help-casual = the games change no rating (the default)
contest-help-name = the tournament's title (1-64 characters)
contest-help-verbose = log what the node, the bots and engines do (stderr)

## a player's spec refused ($spec: the spec as given, quoted)
contest-spec-how = player { $spec }: write bot:LEVEL, pbrain:PATH, cmd:COMMAND or player:NAME (and name=NAME to rename it)
contest-spec-display-name = player { $spec }: a display name has 1 to 32 characters
contest-spec-needs-level = player { $spec }: bot: needs a level; write bot:LEVEL, pbrain:PATH, cmd:COMMAND or player:NAME (and name=NAME to rename it)
contest-spec-needs-value = player { $spec }: { $kind }: needs a value; write bot:LEVEL, pbrain:PATH, cmd:COMMAND or player:NAME (and name=NAME to rename it)
contest-spec-levels = player { $spec }: the bot levels are { $levels }
contest-spec-quote = player { $spec }: no closing quotation mark (or the command ends with a backslash)
contest-spec-name = player { $spec }: a player's name has 1 to 32 characters

## other options refused
contest-tc = --tc { $given }: write MIN+INC like 5+2 (5 minutes, 2 s a move), 30s+1 for seconds or none for no clock; the start is at most 24 hours (a bare number is minutes, at most 180: write 300s+5 for seconds), the increment 0 to 3600 s
contest-server-bad = --server { $given }: write ws://HOST:PORT or wss://HOST:PORT (several: ws://A:8765,ws://B:8765)
contest-sprt-syntax = --sprt { $word }: write elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=pentanomial]
contest-sprt-twice = --sprt: { $key } is given twice
contest-sprt-number = --sprt { $word }: { $value } is not a number
contest-sprt-elo-bound = { $name }={ $value }: an Elo bound is between -{ $most } and { $most }
contest-sprt-order = elo0={ $elo0 }, elo1={ $elo1 }: elo0 must be less than elo1
contest-sprt-rate = { $name }={ $value }: an error rate is between 0 and 1 (exclusive)
contest-sprt-rates = alpha={ $alpha }, beta={ $beta }: alpha + beta must be less than 1
contest-sprt-model = model={ $model }: choose pentanomial or trinomial
# the statistics asked for results that cannot be (a defect of the caller)
contest-stats-negative = a result count is never negative ({ $n })
contest-stats-game = a game scores 0, 1/2 or 1, not { $score }
contest-stats-pairs = pentanomial counts are five numbers (LL, LD, WL+DD, WD, WW), not { $n }

## while it runs
# a hosted bot's name in the table, by its level
contest-bot-random = bot (random)
contest-bot-easy = bot (easy)
contest-bot-medium = bot (medium)
contest-bot-hard = bot (hard)
contest-bot-max = bot (max)
# the tournament's title on the node when --name does not give one
contest-title-match = { $game } match
contest-title = { $game } { $format }
contest-withdrawn = (withdrawn)
# $name: a player online the run waits for; $id: the tournament; $url: the node
contest-waiting = waiting for { $name } to enter tournament { $id } on { $url } (an SDK bot: --server { $url } --tournament { $id }; a Gomocup engine: grundy gomocup-bot PATH --server { $url } --tournament { $id })

## failures at run time ($spec: the player's spec as given)
contest-not-entered = { $spec } did not enter the tournament within { $seconds } s
contest-exited-before = { $spec } exited (code { $code }) before it entered the tournament
contest-stopped-before = { $spec } stopped before it entered the tournament: { $why }
contest-connection-ended = the connection to { $url } ended: { $why }
contest-no-engine = { $spec }: no engine at { $path }
contest-not-executable = { $spec }: { $path } is not executable (chmod +x it)
contest-engine-cannot-play = { $spec }: the engine cannot play: { $why }
contest-cannot-start = { $spec }: cannot start { $program }: { $why }
contest-node-failed = the local node did not start: { $why }
