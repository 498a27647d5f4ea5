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
