"""A perfect nim player: it moves to a position whose nim-sum (XOR of the heaps) is zero.

    python examples/nimsum_bot.py --game nim --set heaps=3,4,5 --vs bot:random -v

From a position with nim-sum zero every move leaves a non-zero sum, and from a non-zero
sum some move restores zero; so the player who can always make the sum zero takes the
last object.  Misère nim is played the same way until only heaps of one are left, when
the bot leaves an odd number of them instead.
"""

from functools import reduce
from operator import xor

from grundy.client.sdk import Bot, Turn


def nim_move(heaps: list[int], misere: bool = False) -> str:
    """The winning move `H:N` when there is one, else a small move from the biggest heap."""
    big = [h for h in heaps if h > 1]
    if misere and len(big) <= 1:
        # Endgame: leave an odd number of heaps of one.
        ones = sum(1 for h in heaps if h == 1)
        if big:
            i = heaps.index(big[0])
            keep = 1 if ones % 2 == 0 else 0
            return f"{i + 1}:{heaps[i] - keep}"
        i = heaps.index(1)
        return f"{i + 1}:1"
    total = reduce(xor, heaps, 0)
    if total:
        for i, h in enumerate(heaps):
            if h ^ total < h:
                return f"{i + 1}:{h - (h ^ total)}"
    i = max(range(len(heaps)), key=lambda j: heaps[j])
    return f"{i + 1}:1"


class NimSumBot(Bot):
    """Plays nim perfectly by the nim-sum."""

    name = "nimsum-bot"
    games = ("nim",)

    def choose(self, view: Turn) -> str:
        return nim_move(list(view["heaps"]), bool(view.params.get("misere")))


if __name__ == "__main__":
    raise SystemExit(NimSumBot().main())
