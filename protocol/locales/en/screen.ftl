# The terminal client's game screen and review, and the analysis lines the terminal and pygame share
# (client/tui/app.py, client/tui/analysis.py, client/analysis.py): in English.

## The analysis lines (client/analysis.py)
screen-verdict-not-yet = not judged yet
screen-verdict-still-lost = still lost
screen-verdict-kept-draw = kept the draw
screen-the-mover = the mover
screen-seat = seat { $n }
screen-or = { $first } or { $second }
screen-move-verdict = { $what_if ->
        [yes] what if {""}
       *[no] {""}
    }{ $name } { $move }: { $verdict }
screen-value-for = ({ $value } for { $name })
screen-leaves = (leaves { $name } a { $value })
screen-nothing-proven = (nothing proven after it)
screen-best-was = best was { $moves }
screen-lesson-best = best { $moves }
screen-explaining = explaining...
screen-over-here = the game is over here: step back to try another move
screen-solver-failed = the solver failed: { $why }
screen-solver-none = the solver gave none
screen-no-explanation = no explanation
screen-no-review = no review: { $why }
screen-accuracy = { $name } { $best }/{ $moves } best ({ $percent }%)
screen-turning = move { $n }, { $name }'s { $move }: { $verdict }
screen-from-move = { $what } from move { $n }
screen-turning-by = move { $n } ({ $move }) by { $name } { $verdict }
screen-drawn = drawn

## The analysis board and the review (client/tui/analysis.py)
screen-an-start = start
screen-an-back = back on the game's line
screen-review-col-ply = #
screen-review-col-move = move
screen-review-col-before = before
screen-review-col-after = after
screen-review-col-verdict = verdict
screen-review-col-best = best
screen-review-foot = Enter: this move on the analysis board · a: the board · Esc: back
screen-review-accuracy = accuracy: { $text }
screen-review-turning = turning: { $text }
screen-review-lesson = move { $n }, { $name } { $move }: { $verdict }
screen-review-computing = computing the review...
screen-review-not-over = the review comes when the game is over
screen-board-not-over = the analysis board opens when the game is over
screen-board-making = the analysis board is being made...
screen-moves-unread = the game's moves could not be read

## The keys of the analysis board and the review (their descriptions in the footer and in F1's help)
screen-key-step-minus1 = back
screen-key-step-1 = forward
screen-key-home = start
screen-key-end = end
screen-key-back-to-game = game's line
screen-key-what-if = what if
screen-key-tree = game tree
screen-key-close = close
screen-key-dismiss = close
screen-key-board = analysis board
screen-help-step = a move back, a move on
screen-help-ends = the start, the end

## The game screen (client/tui/app.py)
screen-you = you: { $name }
screen-watching = watching
screen-code = code { $code }
screen-room = room { $room }
screen-f1-notation = { $line } (F1: notation)
screen-waiting-challenge = waiting for { $name } to accept your challenge (F7 withdraws it)
screen-waiting-players = waiting for players;
    share { $share }
screen-rematch-you-asked = you asked for a rematch; waiting for { $names }
screen-rematch-the-room = the room
screen-rematch-new-room = the new room
screen-rematch-asked = { $name } asked for a rematch{ $player ->
        [yes] {" "}(F4 accepts)
       *[no] {""}
    }
screen-rematch-asks = { $name } asks for a rematch{ $player ->
        [yes] {" "}(F4 accepts)
       *[no] {""}
    }
screen-rematch-again = a rematch: { $names } again
screen-same-players = the same players
screen-rematch-not-found = the rematch room could not be found (a private room?)
screen-following = following the players into their rematch
screen-away = { $name } (away)
screen-first-move-within = first move within { $seconds } s
screen-link-lost = connection lost (code { $code }); reconnecting...
screen-moved = this server is restarting: moved to { $url } without a break
screen-reconnected = reconnected
screen-session-lost = reconnected, but the session was lost
screen-goes-on = the game goes on
screen-played = { $name } played { $move }
screen-hidden = (hidden)
screen-player-back = { $name } is back
screen-player-away = { $name } lost the connection
screen-draw-offered = { $name } offers a draw{ $player ->
        [yes] : F8 accepts, F9 declines
       *[no] {""}
    }
screen-you-offered-draw = you offered a draw
screen-draw-declined = { $name } declined the draw
screen-draw-stands = your draw offer stands; waiting for { $names }
screen-draw-not-playing = draws are agreed between players of a game in progress
screen-rematch-needs = a rematch needs a finished game you played
screen-no-room-chat = no room to talk to
screen-no-game = no game on screen
screen-spectator-move = you are watching: spectators cannot move
screen-dropped = the connection dropped before the answer; reconnecting...
screen-dropped-move = the connection dropped while sending the move; it is checked after reconnecting
screen-no-answer = no answer: { $why }
screen-move-no-answer = the move got no answer: { $why }
screen-game-on = the game is on: resign (F3) first, or play on
screen-left-queue = left the quick-match queue
screen-declined-challenge = you declined { $name }'s challenge
screen-nothing-to-resign = nothing to resign: you are not playing a game
screen-resign-question = Resign this { $game } game against { $names }? It cannot be taken back.
screen-play-on = you play on
screen-thinking = thinking...
screen-hint = hint: { $hint }
screen-nobody = nobody
screen-link-challenge = code { $code }: { $name }'s seat (on any of their devices); anyone else with it watches
screen-link-invite = code { $code }: anyone who has it may take the free seat
screen-bot = bot
screen-open-seat = (open seat)
screen-invite-seat = (invite seat)
screen-you-play = you play { $mark }
screen-you-are = you are { $mark }
screen-stretch = { $who } { $span }
screen-won-by = { $name } won
screen-won-side-yours = the start is won for your side: its win counts as a draw for the ratings
screen-won-side = the start is won for { $name }'s side: its win counts as a draw for the ratings
screen-your-rating = your rating { $change }
screen-rating-of = { $name }'s rating { $change }

## A player's finished games (client/player_games.py)
screen-pg-vs = { $first } vs { $rest }
screen-pg-moves = { $n }{ $rated ->
        [yes] {" "}rated
       *[no] {""}
    }
screen-pg-win = won
screen-pg-loss = lost
screen-pg-draw = draw
screen-pg-none = { $name }: no finished game{ $of ->
        [yes] {" "}of { $game }
       *[no] {""}
    } yet
screen-pg-past = { $name }: no games past { $offset } ({ $total }{ $of ->
        [yes] {" "}of { $game }
       *[no] {""}
    } in all)
screen-pg-page = { $name }: games{ $of ->
        [yes] {" "}of { $game }
       *[no] {""}
    } { $first }-{ $last } of { $total } (newest first)

## The room maker's fields (client/tui/model.py)
screen-bad-param = parameter { $item }: write KEY=VALUE, like heaps=3,4,5
screen-bad-opponent = opponent { $text }: write human, invite or bot:LEVEL ({ $levels })

## Challenges in the terminal (client/challenges.py)
screen-rated-guest = rated games are for registered players: you play as a guest (run `grundy register NAME` once, then play with --name NAME)
screen-challenge-sent = you challenged { $name } to { $rated ->
        [yes] a rated game of { $game }
       *[no] { $game }
    }: waiting for the answer
screen-challenge-lapsed = { $name } did not answer your challenge in time

## The keys of a tournament's page (client/tui/tournaments.py)
screen-key-enter = enter
screen-key-withdraw = withdraw
screen-key-start = start

## A refused tournament request (client/tournament_view.py)
screen-cannot = cannot { $verb }: { $why } ({ $detail })
screen-tverb-enter = enter
screen-tverb-withdraw = withdraw
screen-tverb-start = start
screen-tverb-show-the-tournament = show the tournament
screen-tverb-open-the-tournament = open the tournament
screen-tverb-create-the-tournament = create the tournament
screen-trefusal-tournament_not_open = entries are closed
screen-trefusal-tournament_over = the tournament is over
screen-trefusal-tournament_full = the tournament is full
screen-trefusal-already_entered = you have already entered
screen-trefusal-not_entered = you are not an entrant
screen-trefusal-not_organiser = only its creator can do that
screen-trefusal-too_few_entrants = not enough entrants yet
screen-trefusal-unknown_tournament = the server no longer knows this tournament
screen-trefusal-too_many_tournaments = you have too many tournaments open

## The desk's two sides (client/tui/desk.py)
screen-desk-first = first player
screen-desk-second = second player

## A yes/no question (client/tui/confirm.py; the keys stay y and n)
screen-confirm-yes = Yes (y)
screen-confirm-no = No (n, Esc)

## Why a game ended, said of a name (client/tui/app.py)
screen-end-resign = { $name } resigned
screen-end-flag = { $name } ran out of time
screen-end-disconnect = { $name } left and did not come back in time

## A resignation as a review's last move (client/analysis.py)
screen-move-resign = resign
