# Outages of a cluster's store (docs/PROTOCOL.md 2.1): how the clients close their "catching up" notice.

# The notice closed by the game's end (a move sent again through the outage was overtaken: played, or the game ended).
outage-caught-up-game-over = the server caught up after { NUMBER($seconds, maximumFractionDigits: 0) } s; the game is over
