# The pygame window in English (client/gui/*): the panel, its buttons, questions and messages, the boards'
# captions, the lobby's pages, the review and the analysis board.  The turn, the result and the lobby's
# titles are the `gui-` messages of grundy.ftl.

## The panel beside the board (client/gui/app.py)
gui-who-where = { $name } on { $url }
gui-keys-lobby = F8: tournaments  F9: players  F10: games
gui-keys-lobby-more = F11: analysis board  Esc: quit
gui-keys-tournaments = F8: games and rooms   Esc: back
gui-keys-players = F9: games and rooms   Esc: back
gui-keys-games = F10: games and rooms   Esc: back
gui-keys-desk = T: the tree   Esc: back
gui-keys-desk-tree = Esc: back to the board
gui-keys-quit = Esc: quit
gui-keys-typing = Enter: send   Esc: stop typing
gui-chat-placeholder = F5: chat (Enter sends)
gui-seat-you = { $name } (you)
gui-seat-away = { $name } - away
gui-waiting-challenge = waiting for { $name } to answer your challenge
gui-scores = scores: { $scores }
gui-last-move = last move: { $move }
gui-last-move-by = last move: { $move } ({ $name })
gui-share-anyone = anyone may take the free seat
gui-code-theirs = code { $code }: { $name }'s seat (on any of their devices); anyone else with it watches
gui-code-anyone = code { $code }: anyone who has it may take the free seat
gui-room-share = room { $room }  { $share }
gui-you-play = you play { $mark }
gui-you-are = you are { $mark }
gui-nobody = nobody
gui-bot = bot
gui-open-seat = (open seat)
gui-invite-seat = (invite seat)

## Questions in the panel
gui-yes = Yes (Y)
gui-no = No (N, Esc)
gui-accept = Accept (Y)
gui-decline = Decline (N)
gui-resign-question = Resign this { $game } game against { $names }? It cannot be taken back.

## What the window says on the message line and in the room's log
gui-watching = you are watching this game
gui-not-started = the game has not started
gui-is-over = the game is over
gui-not-your-turn = not your turn
gui-not-your-turn-name = not your turn: { $name } is to move
gui-still-sending = still sending your last move
gui-illegal = { $move } is not a legal move here
gui-choose-player-first = choose a player to challenge first
gui-spectators = spectators watch: the players' actions are theirs
gui-nothing-to-resign = nothing to resign: the game is not in progress
gui-rematch-after = a rematch is asked for after the game
gui-play-on = you play on
gui-thinking = thinking...
gui-review-after = the review comes when the game is over
gui-move-unsent = { $move } may not have been sent ({ $error }); the board will catch up
gui-no-room-to-talk = no room to talk to
gui-draws-during = draws are agreed during a game
gui-draw-stands = your draw offer stands; waiting for { $names }
gui-failed-create = create: { $why }
gui-failed-join = join { $room }: { $why }
gui-failed-watch = watch { $room }: { $why }
gui-choose-game-first = choose a game first
gui-bad-param = parameter { $param }: write KEY=VALUE, like heaps=3,4,5
gui-bad-vs = --vs { $vs }: write human or bot:LEVEL with LEVEL one of { $levels }
gui-no-room-join = no room '{ $code }' to join on this server: check the room id or code
gui-no-room-watch = no room '{ $code }' to watch on this server: check the room id or code
gui-type-name-first = type a player's name first (N)
gui-that-player = that player
gui-that-is-you = that is you: choose someone else to challenge
gui-sent-withdraw = { $sent } (F7 withdraws it)
gui-game-on = the game is on: resign (F3) first, or play on
gui-no-room-list = no room list: { $why }
gui-entered = you have entered { $name }
gui-withdrawn = you have withdrawn from { $name }
gui-declined-challenge = you declined { $name }'s challenge
gui-no-rematch = no rematch: { $why }
gui-following = following the players into their rematch
gui-reconnecting = connection lost; reconnecting...
gui-moved = this server is restarting: moved to { $url } without a break
gui-reconnected = reconnected
gui-session-lost = reconnected, but the session was lost
gui-rating-yours = your rating { $before } -> { $after } ({ $change })
gui-rating-theirs = { $name }'s rating { $before } -> { $after } ({ $change })
gui-rating-won-side-yours = the start is won for your side: its win counts as a draw for the ratings
gui-rating-won-side = the start is won for { $name }'s side: its win counts as a draw for the ratings

## The room's events (client/gui/session.py)
gui-player-back = { $name } is back
gui-player-away = { $name } lost the connection
gui-draw-offered = you offered a draw; waiting for { $names }
gui-draw-offer = { $name } offers a draw
gui-draw-offer-to-you = { $name } offers a draw: F8 accepts, F9 declines
gui-you-declined-draw = you declined the draw
gui-declined-draw = { $name } declined the draw
gui-rematch-asked = you asked for a rematch; waiting for { $names }
gui-rematch-asked-room = you asked for a rematch; waiting for the new room
gui-rematch-offer = { $name } asks for a rematch
gui-rematch-to-you = { $name } asks for a rematch (F4 accepts)

## The boards' captions (client/gui/heaps.py, grids.py, draw.py)
gui-nim-caption = { $heaps ->
        [one] { NUMBER($heaps) } heap
       *[other] { NUMBER($heaps) } heaps
    }, { $objects ->
        [one] { NUMBER($objects) } object
       *[other] { NUMBER($objects) } objects
    }; click an object to take it and all after it
gui-subtraction-caption = take { $take }; the heap stops at { $goal } ({ $rule })
gui-stones-caption = total { $total }, the game ends at { $goal } ({ $rule })
gui-kayles-caption = { NUMBER($up) } of { $n ->
        [one] { NUMBER($n) } pin stand
       *[other] { NUMBER($n) } pins stand
    }; click a pin, right-click for it and the next
gui-pins = pins
gui-mnk-caption = { $k } in a row wins
gui-choice-more = place two more
gui-choice-play = play { $choice }
gui-gomoku-opening = { $rule }, opening { $opening }
gui-coins-caption = coins of radius { $radius }; { $free ->
        [one] { NUMBER($free) } free centre
       *[other] { NUMBER($free) } free centres
    }
gui-corner-caption = one-way { $piece } on { $at }, { $players ->
        [one] { NUMBER($players) } player
       *[other] { NUMBER($players) } players
    }
gui-pawn-caption = Max (seat 0) moves up or right, Min (seat 1) too; the diagonal pays Max
gui-pursuit-caption = { $pursuers ->
        [one] { NUMBER($pursuers) } pursuer
       *[other] { NUMBER($pursuers) } pursuers
    }{ $alone ->
        [yes] {" "}(each alone)
       *[no] {""}
    } vs the evader; round { $round } of { $limit }
gui-mines-caption = { $mines ->
        [one] { NUMBER($mines) } mine
       *[other] { NUMBER($mines) } mines
    }, { $left } left
gui-no-picture = no picture for this game: the view as text

## The game tree (client/gui/tree.py)
gui-tree-caption = the game tree: arrows choose, Enter folds, O opens on the board, D deeper, Esc back
gui-tree-title = the tree to { NUMBER($depth) } { $depth ->
        [one] ply
       *[other] plies
    }  (K: the mover wins by their K-th move; -K: loses by the K-th)

## The lobby (client/gui/lobby.py)
gui-lobby-caption = choose a game and its settings, then create the room; or join or watch a room
gui-games = Games
gui-lobby-keys-games = Up/Down: game   Enter: create   Tab: rooms
gui-lobby-keys-settings = Left/Right: opponent   P: params   C: clock   R: rated
gui-lobby-keys-rooms = Tab, Up/Down: room   Enter: join or watch
gui-params-hint = key=value ... (P edits)
gui-clock-hint = 5+2 or 30s+1; blank: untimed (C edits)
gui-rated-box = rated (R)
gui-vs-human = human
gui-level-random = random
gui-level-easy = easy
gui-level-medium = medium
gui-level-hard = hard
gui-level-max = max
gui-room-line = { $game }: { $players }
gui-room-join = join · { $clock } · { $params }
gui-room-watch = watch · { $clock } · { $params }

## The players page and the challenge dialog (client/gui/players.py)
gui-players-caption = players online: choose one and challenge them to a game
gui-players-online = Players online
gui-nobody-yet = nobody yet
gui-players-keys = Up/Down: player   F9, Esc: back
gui-challenge = Challenge
gui-choose-player = choose a player to challenge
gui-that-is-you-device = that is you (on this or another device): choose someone else
gui-challenge-keys = Left/Right: game   P: params   C: clock   R: rated
gui-challenge-send = Challenge { $name } (Enter)

## A player's finished games (client/gui/games.py)
gui-games-caption = a player's finished games: choose one and open it
gui-games-name-hint = a registered name, or bot:LEVEL (N edits, Enter lists)
gui-games-type-name = type a player's name and press Enter
gui-open = Open
gui-newer = Newer (PgUp)
gui-older = Older (PgDn)
gui-games-keys = Up/Down: game   Enter: open   F10, Esc: back
gui-pg-page = { $name }: games { $first }-{ $last } of { $total } (newest first)
gui-pg-none = { $name }: no finished game yet
gui-pg-past = { $name }: no games past { $offset } ({ $total } in all)
gui-pg-vs = { $first } vs { $rest }
gui-pg-win = won
gui-pg-loss = lost
gui-pg-draw = draw

## The tournaments page (client/gui/tournaments.py)
gui-tournaments-caption = tournaments: open one to see its standings, live; enter it, or watch its games
gui-tournaments = Tournaments
gui-none-yet = none yet
gui-round-short = round { $n }
gui-entrants = { $n ->
        [one] { NUMBER($n) } entrant
       *[other] { NUMBER($n) } entrants
    }
gui-tournaments-keys = Up/Down, Enter: open   F8, Esc: back
gui-standings = Standings
gui-open-tournament = open a tournament to see its standings
gui-rating-here = rating (± here)
gui-and-more = ... and { $n } more
gui-round = { $rounds ->
        [0] Round { $n }
       *[other] Round { $n } of { $rounds }
    }
gui-not-started-yet = Not started yet
gui-withdraw = Withdraw (W)
gui-enter = Enter (E)
gui-click-to-watch = click a game to watch it

## The analysis board and the review (client/gui/analysis.py)
gui-an-title = analysis · move { $ply } of { $plies } · { $where }
gui-an-what-if = WHAT IF  (B: back to the game)
gui-an-explaining = explaining...
gui-an-lines = lines { $first }-{ $last } of { $total }: wheel or PgUp/PgDn
gui-an-keys = Left/Right Home/End: step · click: what if · B: game line · F6 review · Esc
gui-an-none = no analysis board: { $why }
gui-an-after = the analysis board opens when the game is over
gui-an-making = the analysis board is being made: again in a moment
gui-desk-help = analysis board: a click tries a move, arrows step, B back, T the tree, Esc the lobby
gui-first-player = first player
gui-second-player = second player
gui-review-accuracy = accuracy: { $text }
gui-review-turning = turning: { $text }
gui-review-head = move, player: the move · before -> after · verdict (click: the board there)
gui-review-keys = Esc or F6: back · click a move: the analysis board there
gui-review-keys-more = { $keys } · lines { $first }-{ $last } of { $total } (wheel, PgUp/PgDn)
gui-review-computing = computing the review...
gui-review-unreadable = the game's moves could not be read
gui-review-none = no review: { $why }
gui-review-title = the solver's review: { $outcome }, { $reason }
gui-hint = hint: { $hint }
gui-hint-why = why { $move }: { $why }
gui-hint-hidden = some moves are hidden from you
gui-hint-none = the solver gave none
