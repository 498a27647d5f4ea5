# Outages of a cluster's store (docs/PROTOCOL.md 2.1): how the clients close their "catching up" notice.

outage-caught-up-game-over = сервер надолужив за { NUMBER($seconds, maximumFractionDigits: 0) } с; гру закінчено
