# The node's and the clients' words for rooms: a room's title from its game and parameters, each
# parameter's name (param-<game>-<name>; the key itself, e.g. heaps, stays the notation of --set).

# a room's title: the game's name and the parameters that differ from the game's defaults
server-room-title = { $game } ({ $params })
server-room-param = { $name }: { $value }
server-param-yes = yes
server-param-no = no

param-nim-heaps = heaps
param-nim-misere = misère

param-subtraction-n = heap
param-subtraction-take = take
param-subtraction-goal = goal
param-subtraction-rule = rule

param-stones-heaps = heaps
param-stones-ops = moves
param-stones-goal = goal
param-stones-rule = rule

param-kayles-pins = pins
param-kayles-start = standing
param-kayles-misere = misère

param-corner-piece = piece
param-corner-width = width
param-corner-height = height
param-corner-start = start
param-corner-players = players
param-corner-blocked = blocked
param-corner-obstacles = obstacles
param-corner-seed = seed

param-pawn-size = size
param-pawn-payoffs = payoffs

param-coins-width = width
param-coins-height = height
param-coins-radius = radius

param-mnk-m = columns
param-mnk-n = rows
param-mnk-k = in a row
param-mnk-players = players

param-gomoku-size = size
param-gomoku-rule = rule
param-gomoku-opening = opening

param-pursuit-width = width
param-pursuit-height = height
param-pursuit-pursuers = pursuers
param-pursuit-coalition = coalition
param-pursuit-blocked = blocked
param-pursuit-obstacles = obstacles
param-pursuit-seed = seed
param-pursuit-starts = starts
param-pursuit-limit = rounds
param-pursuit-evader_sees = evader sees

param-minesweeper-width = width
param-minesweeper-height = height
param-minesweeper-mines = mines
param-minesweeper-players = players
param-minesweeper-seed = seed

# Refusals of game parameters (the rules' ParameterError): $param is the key as written in --set ('heaps').
# What a parameter accepts
server-allowed-int = integer { $lo }..{ $hi }
server-allowed-ints = comma-separated list of at most { NUMBER($most) } integers { $lo }..{ $hi }
server-allowed-nums = comma-separated list of at most { NUMBER($most) } numbers { $lo }..{ $hi }
server-allowed-strs = comma-separated list of at most { NUMBER($most) } items of at most { NUMBER($length) } characters
server-allowed-str = text of at most { NUMBER($length) } characters
server-allowed-cell = a cell such as c5
server-allowed-cells = at most { NUMBER($most) } cells separated by ';' such as c3;d4

# What an explanation's map of the board shows (solver phrases map.*: the English is the phrase's template)
ex-map-corner = the result for the player to move with the { $piece } on each cell (W3: wins by the 3rd own move; L2: loses by the opponent's 2nd move at the latest; L0: the game is over there); the lost cells are those of Grundy value 0
ex-map-corner_near = the result for the player to move with the { $piece } on each cell (W3: wins by the 3rd own move; L2: loses by the opponent's 2nd move at the latest; L0: the game is over there); the lost cells are those of Grundy value 0; the { $n } cells nearest the piece, lost cells first
ex-map-pawn = the price of each cell: what Max gets from there with best play
ex-map-pawn_near = the price of each cell: what Max gets from there with best play (the { $n } cells nearest the pawn, those it can still reach first)
ex-map-pursuit = rounds for the pursuer on { $at }, to move, to catch the evader on each cell ('-': never); the outcome is the pursuer's
ex-map-cells = the result for the player to move of playing on each empty cell (W3: wins by the 3rd own move counting this one; L2: loses by the opponent's 2nd move at the latest; D: a draw)
ex-map-mines = the mine probability of each covered cell, from what the player to move sees

# A challenge received while a game is on screen: the key that answers it
server-challenge-f7 = F7 (lobby) to answer
