"""What the pygame client shows of its room: the shared room model plus the window's words.

``Table.apply(message, now)`` folds a server message in with the one reducer of every client
(:mod:`client.room`, through :class:`client.live.LiveRoom`); ``now`` is the local monotonic
time, so the clock of the seat to move ticks between messages.  Here only the message line and
the room's log are added.  No pygame, no network: tested on literal messages.
"""

from __future__ import annotations

import re
from typing import Any

from grundy import protocol as p
from grundy.client import words
from grundy.client.live import LiveRoom
from grundy.client.names import name_seats, say_text
from grundy.protocol.i18n import tr

_COLOUR = re.compile(r"^(black|white)\b")  # a line game's colour, the first word of a mark (``black (X)``)


class Table(LiveRoom):
    """The room as this client sees it (the shared reducer's), plus the window's message line and log."""

    def __init__(self, status: str = "connecting", lang: str = "en") -> None:
        super().__init__()
        self.lang = lang  # the language of the window's words (the connection's: --lang or the locale)
        self._status = status  # shown until the first snapshot
        self._room: str | None = None  # a room created or joined whose snapshot has not come yet
        self.message = ""
        self.log: list[str] = []  # the room's chat and events, oldest first

    # ------------------------------------------------------------------ reading

    @property  # type: ignore[override]
    def room(self) -> str | None:
        return self._room if self.state is None else self.state.room

    @room.setter
    def room(self, value: str | None) -> None:
        self._room = value

    @property  # type: ignore[override]
    def status(self) -> str:
        return self._status if self.state is None else self.state.status

    @status.setter
    def status(self, value: str) -> None:
        """What the window shows before a room (``lobby``, ``connecting``)."""
        self._status = value

    @property
    def legal(self) -> list[str] | None:
        moves = self.legal_moves
        return None if moves is None else list(moves)

    @property
    def move_list(self) -> list[str | None]:
        """Every move's text (None where hidden from us)."""
        return [m.move for m in self.moves]

    @property
    def movers(self) -> list[int]:
        """The seat that made each move."""
        return [m.seat for m in self.moves]

    def clock(self, seat: int, now: float) -> float | None:
        """Seconds left on ``seat``'s clock at local time ``now`` (None when untimed)."""
        return self.clock_left(seat, now)

    @property
    def reason_named(self) -> str:
        """Why the game ended, with the players' names for the seat numbers: the node's own words in English;
        in another language the catalog's, from the result's ending and outcomes (as the terminal says it)."""
        if self.lang == "en":
            return name_seats(self.reason, self.names())
        if self.reason_say is not None:  # (the node's message: said in this window's language)
            return say_text(self.lang, self.reason_say, self.reason)
        if self.status == "aborted" or self.result is None:
            return tr(self.lang, "end-aborted")
        outs = self.result.outcomes
        losers = [self.seat_name(i) for i, o in enumerate(outs) if o == "loss"]
        winners = [self.seat_name(i) for i, o in enumerate(outs) if o == "win"]
        ending = self.result.ending
        if ending in ("resign", "flag", "disconnect") and losers:
            return tr(self.lang, f"end-{ending}", name=self.listed(losers))
        if ending == "draw_agreed":
            return tr(self.lang, "end-draw-agreed")
        if winners:
            return tr(self.lang, "end-rules-win", name=self.listed(winners))
        return tr(self.lang, "end-rules-draw")

    def outcome_line(self) -> str:
        """The result in a few words, from this client's point of view."""
        if self.status == "aborted":
            return words.say(self.lang, "end-game-aborted")
        if self.result is None:
            return ""
        outs = self.result.outcomes
        if self.you is not None and self.you < len(outs):
            return words.say(self.lang, f"gui-you-{outs[self.you]}")
        winners = [self.seat_name(s) for s, o in enumerate(outs) if o == "win"]
        if not winners:
            return words.say(self.lang, "end-draw")
        names = winners[0] if len(winners) == 1 else words.say(self.lang, "tui-and", first=", ".join(winners[:-1]),
                                                                last=winners[-1])
        return words.say(self.lang, "gui-wins", names=names, n=len(winners))

    def seat_name(self, seat: int) -> str:
        """How a seat is shown in the window's language: its player's name, a hosted bot by its level
        (``бот (легкий)``), an open or invite seat."""
        seats = self.seats
        if self.lang == "en" or not 0 <= seat < len(seats):
            return super().seat_name(seat)
        info = seats[seat]
        hosted = info.level and info.player in ("bot", f"bot ({info.level})")  # (a hosted bot, by the node's words)
        if info.kind == "bot" and (not info.player or hosted):
            if not info.level:
                return tr(self.lang, "gui-bot")
            return tr(self.lang, "lobby-bot", level=info.level)
        if not info.player:
            return tr(self.lang, "gui-invite-seat" if info.kind == "invite" else "gui-open-seat")
        return info.player

    def listed(self, names: list[str]) -> str:
        """``Ann``, ``Ann and Bob``, ``Ann, Bob and Eve`` in the window's language."""
        if len(names) < 2:
            return "".join(names)
        return tr(self.lang, "tui-and", first=", ".join(names[:-1]), last=names[-1])

    def others(self) -> str:
        """The names of the seats that are not ours (everyone, for a spectator), in the window's language."""
        names = [self.seat_name(i) for i in range(len(self.seats)) if i != self.you]
        return self.listed(names) if names else tr(self.lang, "gui-nobody")

    def mark_of(self, seat: int | None) -> str | None:
        """``seat``'s mark in a line game (``black (X)``, ``X``) with its colour in the window's language."""
        mark = super().mark_of(seat)
        if mark is None:
            return None
        return _COLOUR.sub(lambda m: tr(self.lang, f"ex-word-{m[1]}"), mark)

    def your_mark(self) -> str:
        """What this player plays, in words: ``you play black (X)``, ``you are X``; ``""`` for a spectator
        and in games without marks."""
        mark = self.mark_of(self.you)
        if mark is None or self.state is None:
            return ""
        return tr(self.lang, "gui-you-play" if "colours" in self.state.view else "gui-you-are", mark=mark)

    def say(self, text: str) -> None:
        """Show ``text`` on the message line and keep it in the room's log."""
        self.message = text
        if text:
            self.log = [*self.log[-99:], text]

    # ------------------------------------------------------------------ folding messages in

    def apply(self, msg: Any, now: float | None = None) -> bool:
        """Fold one server message in (the reducer's rules); False for messages about another room."""
        if self.state is None and self._room is not None and isinstance(msg, p.RoomState) and msg.room != self._room:
            return False
        before = self.room
        if not super().apply(msg, now):
            return False
        if before is not None and self.room != before:
            self.log, self.message = [], ""  # a rematch: the last game's words are not about this one
        if isinstance(msg, p.RoomState) and before != self.room:  # a room first seen here: what was said in it
            self.log = [f"{c.name}: {c.text}" for c in msg.chat][-100:]
        if isinstance(msg, p.MoveMade):
            self.message = ""
        elif isinstance(msg, p.PlayerStatus):
            name = self.seat_name(msg.seat)
            self.say(tr(self.lang, "gui-player-back" if msg.connected else "gui-player-away", name=name))
        elif isinstance(msg, p.DrawOffered):
            if msg.seat == self.you:
                self.say(tr(self.lang, "gui-draw-offered", names=self.others()))
            elif self.you is not None:
                self.say(tr(self.lang, "gui-draw-offer-to-you", name=self.seat_name(msg.seat)))
            else:
                self.say(tr(self.lang, "gui-draw-offer", name=self.seat_name(msg.seat)))
        elif isinstance(msg, p.DrawDeclined):
            if msg.seat == self.you:
                self.say(tr(self.lang, "gui-you-declined-draw"))
            else:
                self.say(tr(self.lang, "gui-declined-draw", name=self.seat_name(msg.seat)))
        elif isinstance(msg, p.RematchOffered):
            if msg.seat == self.you:
                waiting = [self.seat_name(i) for i in range(len(self.seats)) if i not in msg.agreed]
                self.say(tr(self.lang, "gui-rematch-asked", names=self.listed(waiting))
                         if waiting else tr(self.lang, "gui-rematch-asked-room"))
            elif self.you is not None and self.you not in msg.agreed:
                self.say(tr(self.lang, "gui-rematch-to-you", name=self.seat_name(msg.seat)))
            else:
                self.say(tr(self.lang, "gui-rematch-offer", name=self.seat_name(msg.seat)))
        elif isinstance(msg, p.Chat):
            self.log = [*self.log[-99:], f"{msg.name}: {msg.text}"]
        return True
