"""The smallest grundy bot: it plays a random legal move, in any game.

    python examples/random_bot.py --server ws://localhost:8765 --name dice          # answer challenges
    python examples/random_bot.py --game nim --vs bot:easy --games 3 -v            # play a hosted bot
    python examples/random_bot.py --tournament t-Xa9                               # play a tournament
"""

import random

from grundy.client.sdk import Bot, Turn


class RandomBot(Bot):
    """Plays a random legal move."""

    name = "random-bot"

    def choose(self, view: Turn) -> str:
        return random.choice(view.legal_moves or [])


if __name__ == "__main__":
    raise SystemExit(RandomBot().main())
