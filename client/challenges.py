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
from grundy.client.words import game_name
from grundy.protocol import i18n

GUEST_RATED = i18n.tr("en", "screen-rated-guest")


def _game(game: str, lang: str | None) -> str:
    """A game's name: the rules' in English (as one types it), as it is taught in another language."""
    return game if i18n.pick(lang) == i18n.DEFAULT else game_name(game, lang)


def rated_refusal(player: str | None, game: str, params: dict[str, Any], lang: str | None = "en") -> str | None:
    """Why a rated game of ``game`` with ``params`` cannot be asked for, in words (``lang``); None if it can.

    ``player`` is the registered player the session is (``welcome.player``), None for a guest.
    """
    if player is None:
        return i18n.tr(lang, "screen-rated-guest")
    try:
        seats = rules.create(game, **params).seats
    except (ValueError, rules.RulesError) as e:
        return i18n.error_text(lang, e)
    if seats != 2:
        return i18n.tr(lang, "web-rated-seats", game=_game(game, lang), seats=seats)
    return None


def is_you(player: p.PlayerInfo, you: str | None, registered: str | None = None) -> bool:
    """Whether a listed person is you: this session, or (``registered``: the player you are) another device."""
    if you is not None and (player.session == you or you in player.sessions):
        return True
    return registered is not None and player.player == registered


def where_text(player: p.PlayerInfo, lang: str | None = "en") -> str:
    """Where a person is, in words (playing, watching, idle), and on how many devices when more than one.

    >>> where_text(p.PlayerInfo(session="s-1", name="Bob", kind="human", playing=2, where="playing",
    ...                         sessions=["s-1", "s-2"]))
    'playing 2 games · on 2 devices'
    """
    where = "playing" if player.playing and player.where == "idle" else player.where
    said = (i18n.tr(lang, "web-where-playing-games", n=player.playing) if where == "playing" and player.playing > 1
            else i18n.tr(lang, "web-where-is", where=where))
    devices = len(player.sessions)
    return i18n.tr(lang, "web-where-devices", where=said, n=devices) if devices > 1 else said


def player_row(player: p.PlayerInfo, you: str | None, registered: str | None = None,
               lang: str | None = "en") -> tuple[str, str, str, str]:  # fmt: skip
    """One line of the players list (a person): name (``(you)`` marked), human or bot, where, ratings."""
    name = i18n.tr(lang, "web-you-suffix", name=player.name) if is_you(player, you, registered) else player.name
    kind = player.kind if i18n.pick(lang) == i18n.DEFAULT else i18n.tr(lang, "web-kind-of", kind=player.kind)
    return (name, kind, where_text(player, lang), format_ratings(player_ratings(player)))


def link_text(code: str, challenged: str | None, lang: str | None = "en") -> str:
    """What a room's code does when shared, in words: a challenge's is for the challenged person alone (anyone
    else who comes with it watches); an invitation's is for anyone who has it.

    >>> link_text("abc", "Bob")
    "code abc: Bob's seat (on any of their devices); anyone else with it watches"
    """
    if challenged is not None:
        return i18n.tr(lang, "screen-link-challenge", code=code, name=challenged)
    return i18n.tr(lang, "screen-link-invite", code=code)


def sent_text(name: str, game: str, rated: bool, lang: str | None = "en") -> str:
    """A challenge sent, in words."""
    return i18n.tr(lang, "screen-challenge-sent", name=name, game=_game(game, lang), rated="yes" if rated else "no")


def refused_text(name: str, code: str, message: str, lang: str | None = "en") -> str:
    """A challenge the server would not send (the player left, a rated game for a guest...), in words."""
    return i18n.tr(lang, "web-challenge-refused", name=name, why=message, code=str(code))


def answer_refused_text(challenger: str, code: str, message: str, lang: str | None = "en") -> str:
    """An answer to a challenge the server refused: one that no longer stands is said as such."""
    if code == p.ErrorCode.NO_CHALLENGE:
        return i18n.tr(lang, "web-challenge-gone", name=challenger)
    return i18n.tr(lang, "web-answer-refused", name=challenger, why=message, code=str(code))


def answered_text(challenger: str | None, accepted: bool, lang: str | None = "en") -> str:
    """A challenge to us answered on another of our devices, in words."""
    said = "yes" if accepted else "no"
    if challenger:
        return i18n.tr(lang, "web-their-challenge-answered-elsewhere", name=challenger, accepted=said)
    return i18n.tr(lang, "web-challenge-answered-elsewhere", accepted=said)


def declined_text(name: str, reason: str, lang: str | None = "en") -> str:
    """Our challenge turned down (``declined``) or lapsed (``expired``), in words."""
    if reason == "expired":
        return i18n.tr(lang, "screen-challenge-lapsed", name=name)
    return i18n.tr(lang, "web-challenge-declined", name=name, expired="no")


class Challenges:
    """The challenges of one session: received ones waiting for our answer, sent ones waiting for theirs."""

    lang: str | None = "en"  # the language of its words (the client's)

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
        return answered_text(None if waiting is None else waiting.challenger, event.accepted, self.lang)

    def declined(self, event: p.ChallengeDeclined) -> str:
        """Our challenge was declined or lapsed: forgotten, and said in words."""
        name = self.outgoing.pop(event.room, None) or event.player
        return declined_text(name, event.reason, self.lang)
