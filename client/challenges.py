"""Challenges as every client sees them: the players one can challenge, why a rated game cannot be asked
for, and what became of a challenge sent or received, in words.

One model for the terminal and the pygame clients (no UI, no network here):

    >>> book = Challenges()
    >>> book.sent("r-1", "Bob")
    >>> book.waiting_for("r-1")
    'Bob'
    >>> book.declined(p.ChallengeDeclined(room="r-1", player="Bob", session="s-2", reason="expired"))
    'Bob did not answer your challenge in time'
    >>> book.waiting_for("r-1") is None
    True

A challenge received waits in :attr:`Challenges.incoming` (oldest first) until it is answered or its
room opens; one sent waits in :attr:`Challenges.outgoing` until it is declined, lapses or is withdrawn.
"""

from __future__ import annotations

from typing import Any

from grundy import protocol as p
from grundy import rules
from grundy.client.ratings_view import format_ratings, player_ratings
from grundy.protocol import i18n

GUEST_RATED = (
    "rated games are for registered players: you play as a guest "
    "(run `grundy register NAME` once, then play with --name NAME)"
)


def rated_refusal(player: str | None, game: str, params: dict[str, Any]) -> str | None:
    """Why a rated game of ``game`` with ``params`` cannot be asked for, in words; None if it can.

    ``player`` is the registered player the session is (``welcome.player``), None for a guest.
    """
    if player is None:
        return GUEST_RATED
    try:
        seats = rules.create(game, **params).seats
    except (ValueError, rules.RulesError) as e:
        return str(e)
    if seats != 2:
        return f"{game} with these settings has {seats} seats; a rated game has two"
    return None


def is_you(player: p.PlayerInfo, you: str | None, registered: str | None = None) -> bool:
    """Whether a listed person is you: this session, or (``registered``: the player you are) another device."""
    if you is not None and (player.session == you or you in player.sessions):
        return True
    return registered is not None and player.player == registered


def where_text(player: p.PlayerInfo) -> str:
    """Where a person is, in words (playing, watching, idle), and on how many devices when more than one.

    >>> where_text(p.PlayerInfo(session="s-1", name="Bob", kind="human", playing=2, where="playing",
    ...                         sessions=["s-1", "s-2"]))
    'playing 2 games · on 2 devices'
    """
    where = "playing" if player.playing and player.where == "idle" else player.where
    words = f"playing {player.playing} games" if where == "playing" and player.playing > 1 else where
    devices = len(player.sessions)
    return f"{words} · on {devices} devices" if devices > 1 else words


def player_row(player: p.PlayerInfo, you: str | None, registered: str | None = None) -> tuple[str, str, str, str]:
    """One line of the players list (a person): name (``(you)`` marked), human or bot, where, ratings."""
    name = player.name + (" (you)" if is_you(player, you, registered) else "")
    return (name, player.kind, where_text(player), format_ratings(player_ratings(player)))


def link_text(code: str, challenged: str | None, lang: str | None = "en") -> str:
    """What a room's code does when shared, in words: a challenge's is for the challenged person alone (anyone
    else who comes with it watches); an invitation's is for anyone who has it.

    >>> link_text("abc", "Bob")
    "code abc: Bob's seat (on any of their devices); anyone else with it watches"
    """
    if challenged is not None:
        return i18n.tr(lang, "screen-link-challenge", code=code, name=challenged)
    return i18n.tr(lang, "screen-link-invite", code=code)


def sent_text(name: str, game: str, rated: bool) -> str:
    """A challenge sent, in words."""
    kind = "a rated game of " if rated else ""
    return f"you challenged {name} to {kind}{game}: waiting for the answer"


def refused_text(name: str, code: str, message: str) -> str:
    """A challenge the server would not send (the player left, a rated game for a guest...), in words."""
    return f"cannot challenge {name}: {message} ({code})"


def answer_refused_text(challenger: str, code: str, message: str) -> str:
    """An answer to a challenge the server refused: one that no longer stands is said as such."""
    if code == p.ErrorCode.NO_CHALLENGE:
        return f"{challenger}'s challenge no longer stands (withdrawn or expired)"
    return f"the answer to {challenger} was refused: {message} ({code})"


def answered_text(challenger: str | None, accepted: bool) -> str:
    """A challenge to us answered on another of our devices, in words."""
    which = f"{challenger}'s challenge" if challenger else "a challenge to you"
    return f"{which} was {'accepted' if accepted else 'declined'} on another of your devices"


def declined_text(name: str, reason: str) -> str:
    """Our challenge turned down (``declined``) or lapsed (``expired``), in words."""
    if reason == "expired":
        return f"{name} did not answer your challenge in time"
    return f"{name} declined your challenge"


class Challenges:
    """The challenges of one session: received ones waiting for our answer, sent ones waiting for theirs."""

    def __init__(self) -> None:
        self.incoming: dict[str, p.Challenged] = {}  # room -> a challenge waiting for our answer, oldest first
        self.outgoing: dict[str, str] = {}  # room -> the name of the player we challenged

    def received(self, challenge: p.Challenged) -> None:
        self.incoming[challenge.room] = challenge

    def next_incoming(self) -> p.Challenged | None:
        """The oldest challenge waiting for our answer, taken off the list (None when none waits)."""
        if not self.incoming:
            return None
        return self.incoming.pop(next(iter(self.incoming)))

    def put_back(self, challenge: p.Challenged) -> None:
        """A challenge that was asked about but not answered waits again, first in line."""
        self.incoming = {challenge.room: challenge, **self.incoming}

    def opened(self, room: str) -> None:
        """The room of a challenge is here (accepted, maybe by its code elsewhere): nothing waits on it."""
        self.incoming.pop(room, None)

    def sent(self, room: str, name: str) -> None:
        self.outgoing[room] = name

    def waiting_for(self, room: str | None) -> str | None:
        """Whom the challenge of ``room`` waits for, or None when ``room`` is no challenge of ours."""
        return self.outgoing.get(room) if room is not None else None

    def withdrawn(self, room: str) -> None:
        """We left the challenge's room: the challenge is withdrawn."""
        self.outgoing.pop(room, None)

    def answered(self, event: p.ChallengeAnswered, asked: p.Challenged | None = None) -> str:
        """A challenge to us was answered on another of our devices: nothing waits on it here; said in words
        (``asked``: the challenge being asked about now, taken off the list)."""
        waiting = self.incoming.pop(event.room, None)
        if waiting is None and asked is not None and asked.room == event.room:
            waiting = asked
        return answered_text(None if waiting is None else waiting.challenger, event.accepted)

    def declined(self, event: p.ChallengeDeclined) -> str:
        """Our challenge was declined or lapsed: forgotten, and said in words."""
        name = self.outgoing.pop(event.room, None) or event.player
        return declined_text(name, event.reason)
