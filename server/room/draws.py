"""A room's draw offers (a base of :class:`server.room.core.Room`): offered, accepted, declined; the game ends
drawn once every seat agreed.  Pure, as the rest of the room's core: event -> (new room, effects)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.protocol.messages import Ref
from grundy.rules.base import Game, Result
from grundy.server.room.events import AcceptDraw, DeclineDraw, Effect, OfferDraw, Send, ToSession
from grundy.server.room.present import Presenter
from grundy.server.room.values import FINISHED, Status

Handled = tuple[Any, list[Effect]]  # (the room after the event, and the effects)


def can_be_drawn(game: Game) -> bool:
    """Whether a game with these parameters can end in a draw (so draw offers are allowed)."""
    return game.can_draw and game.seats >= 2


class DrawOffers(Presenter):
    """The room's draw offers (the fields are :class:`server.room.core.Room`'s)."""

    __slots__ = ()

    def _ended(
        self, status: Status, result: Result | None, ending: p.Ending, reason: str, now: float, say: Any = None
    ) -> Any:
        raise NotImplementedError  # (the room's: server.room.core.Room._ended)

    def _on_offer_draw(self, ev: OfferDraw) -> Handled:
        seat, refused = self._draw_checks(ev.session, ev.ref)
        if refused is not None:
            return refused
        assert seat is not None
        if self.draw_agreed and seat in self.draw_agreed:
            return self, [
                Send(
                    ToSession(ev.session),
                    p.DrawOffered(ref=ev.ref, room=self.id, seat=seat, agreed=sorted(self.draw_agreed)),
                )
            ]
        return self._agree_draw(seat, ev.now, ev.ref)

    def _on_accept_draw(self, ev: AcceptDraw) -> Handled:
        seat, refused = self._draw_checks(ev.session, ev.ref)
        if refused is not None:
            return refused
        assert seat is not None
        if not self.draw_agreed:
            return self._refuse(ev.session, ErrorCode.NO_DRAW_OFFER, "rules-room-no-draw-offer", ev.ref)
        return self._agree_draw(seat, ev.now, ev.ref)

    def _on_decline_draw(self, ev: DeclineDraw) -> Handled:
        seat, refused = self._draw_checks(ev.session, ev.ref)
        if refused is not None:
            return refused
        assert seat is not None
        if not self.draw_agreed:
            return self._refuse(ev.session, ErrorCode.NO_DRAW_OFFER, "rules-room-no-draw-offer", ev.ref)
        room = dataclasses.replace(self, draw_agreed=frozenset())
        return room, room._to_room(
            lambda s, r: p.DrawDeclined(ref=r, room=self.id, seat=seat), seat, ev.ref, ev.session
        )

    def _draw_checks(self, session: str, ref: Ref | None) -> tuple[int | None, Handled | None]:
        seat = self.seat_of(session)
        if seat is None:
            return None, self._refuse(session, ErrorCode.NOT_A_PLAYER, "rules-room-no-seat-held", ref, room=self.id)
        refused = self._check_playing(session, ref)
        if refused is not None:
            return None, refused
        if not can_be_drawn(self.game):
            return None, self._refuse(session, ErrorCode.DRAW_NOT_ALLOWED, "rules-room-no-draws", ref,
                                      game=self.game.name)
        if any(s.is_bot for s in self.seats):
            return None, self._refuse(session, ErrorCode.DRAW_NOT_ALLOWED, "rules-room-bots-play-on", ref)
        return seat, None

    def _agree_draw(self, seat: int, now: float, ref: Ref | None) -> Handled:
        agreed = self.draw_agreed | {seat}
        if len(agreed) == len(self.seats):
            res = Result.draw(len(self.seats), "draw by agreement")
            said = {"id": "lobby-end-draw-agreed", "args": {}}
            room = self._ended(FINISHED, res, "draw_agreed", res.reason, now, said)
            return room, room._game_over_sends(now, seat, ref)
        room = dataclasses.replace(self, draw_agreed=agreed)
        msg: Callable[[int | None, Ref | None], BaseModel] = lambda s, r: p.DrawOffered(  # noqa: E731
            ref=r, room=self.id, seat=seat, agreed=sorted(agreed)
        )
        return room, room._to_room(msg, seat, ref, self.seats[seat].session)
