## What the node says of rooms, games and tournaments (server/room, server/lobby.py, server/tournament):
## sent as a message id and its arguments (`reason_say`, `player_say`, `name_say`), said in the reader's language.
## A player's name is an argument as typed (never translated); a hosted bot's is lobby-bot, its level translated.

# A hosted bot as a seat or an entrant shows it; $level: random, easy, medium, hard or max
lobby-bot = bot ({ $level ->
    [random] random
    [easy] easy
    [medium] medium
    [hard] hard
    [max] max
   *[other] { $level }
})
# The same bot entered a tournament again: its $n-th entry (2, 3, ...)
lobby-bot-nth = bot ({ $level ->
    [random] random
    [easy] easy
    [medium] medium
    [hard] hard
    [max] max
   *[other] { $level }
}) #{ NUMBER($n) }

# Why a game ended or was aborted ($name: a player's name, or a hosted bot's lobby-bot)
lobby-end-resigned = { $name } resigned
lobby-end-left = { $name } left the game
lobby-end-left-early = { $name } left before the first move
lobby-end-flag = { $name } ran out of time
lobby-end-gone = { $name } did not come back in time
lobby-end-engine-failed = { $name }'s engine failed — loss on time
# $failure: what the bot client said went wrong, as it said it
lobby-end-engine-failed-how = { $name }'s engine failed ({ $failure }) — loss on time
lobby-end-draw-agreed = draw by agreement
lobby-end-no-first-move = no first move within { NUMBER($s) } s
lobby-end-challenge-expired = the challenge expired: { $name } did not answer within { NUMBER($s) } s
lobby-end-challenge-declined = { $name } declined the challenge
lobby-end-all-left = every player left before the start
lobby-end-closed = the room was closed
# $reason: the administrator's own words, as typed
lobby-end-admin = aborted by an administrator: { $reason }
lobby-end-creator-closed = its creator closed the room
