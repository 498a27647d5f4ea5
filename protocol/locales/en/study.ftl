# The study area in English: the teacher's board, its puzzles, and what every client shows by the
# board before the first move and on the Hint control (client/controls.py).

## A player's page

study-puzzles-solved = Puzzles solved: { $count }

## Before the first move, and the Hint control

study-notation-example = moves are written like { $moves }
study-hint-spectator = spectators get no hints
study-hint-not-playing = hints are for a game in progress
study-hint-rated = no hints in a rated game: its result counts for the ratings (the review comes after the end)
study-hint-hidden = no hints in { $game }: it is a game of hidden information, and the solver cannot see the hidden part
study-hint-not-your-turn = hints come on your turn; { $who } is to move
study-hint-no-bot = no hints against { $others }: hints are for casual games against a hosted bot
study-list-and = { $first } and { $second }
study-nobody = nobody
