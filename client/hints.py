"""When the clients give a hint, and the words for why they do not: one decision for both.

The hint key asks the local solver for a move.  It answers only a player, on its turn, in a
casual game against a hosted bot whose whole position it can see.  Otherwise it says the
real reason, the lasting ones (a rated game, hidden information) before the passing one
(whose turn it is):

    >>> hint_refusal(game="nim", you=0, status="playing", rated=True, hidden=False, turn=0,
    ...              names=["Ann", "bot (easy)"], has_bot=True)
    'no hints in a rated game: its result counts for the ratings (the review comes after the end)'
    >>> hint_refusal(game="nim", you=0, status="playing", rated=False, hidden=False, turn=1,
    ...              names=["Ann", "bot (easy)"], has_bot=True)
    'hints come on your turn; bot (easy) is to move'
"""

from __future__ import annotations

from collections.abc import Sequence

from grundy.client.controls import hint_refusal_in
from grundy.protocol.i18n import tr

RATED = tr("en", "study-hint-rated")


def hidden_refusal(game: str) -> str:
    """Why a game that hides part of its position gets no hint."""
    return tr("en", "study-hint-hidden", game=game)


def hint_refusal(
    *,
    game: str,
    you: int | None,
    status: str,
    rated: bool,
    hidden: bool,
    turn: int | None,
    names: Sequence[str],
    has_bot: bool,
) -> str | None:
    """Why no hint can be given now, in words (English: a client in another language asks
    :func:`grundy.client.controls.hint_refusal_in`); None when one can.

    ``you``: our seat (None: a spectator); ``rated``: the room's ``room_state`` says so;
    ``hidden``: the game hides part of its position; ``names``: every seat's name.
    """
    return hint_refusal_in("en", game=game, you=you, status=status, rated=rated, hidden=hidden, turn=turn,
                           names=names, has_bot=has_bot)
