"""``get_record``: a finished game's record, from its room if this node still runs it, else from the store.

A tournament game's record names its tournament and round (``tournament``), a rated game's what it did
to the ratings (``ratings``, once the node has applied them).  Building the record
itself is the pure ``server.records``; with ``format`` the reply also carries it written as
``grundy export`` writes it (``server.record_formats``).
"""

from __future__ import annotations

from typing import Any

from grundy import protocol as p
from grundy.protocol import ErrorCode
from grundy.server.actor import RoomActor
from grundy.server.errors import RoomError, refuse
from grundy.server.gateway import Connection
from grundy.server.ports import Store
from grundy.server.record_formats import formats_of, record_in
from grundy.server.records import record_of, with_ratings
from grundy.server.refusals import refusal
from grundy.server.room import ENDED
from grundy.server.room_table import RoomTable
from grundy.server.sessions import Session

__all__ = ["get_record", "tag"]


async def get_record(store: Store, rooms: RoomTable, conn: Connection, session: Session, msg: p.GetRecord) -> None:
    tagged = await store.tournament_game(msg.room)  # a tournament game's record names it
    ratings = await store.game_ratings(msg.room)  # a rated game's, what it did to the ratings
    actor = rooms.get(msg.room)
    if actor is not None:

        def answer(a: RoomActor) -> None:
            try:
                reply = answer_of(msg, a.id, with_ratings(tag(a.room.record(), tagged), ratings), {})
            except Exception as e:  # (not_finished, bad_params; or a record that cannot be built: this request's fault)
                refuse(conn, e, msg)
                return
            a.reply(session.id, reply)

        actor.put(answer)
        return
    stored = await store.load_room(msg.room)
    if stored is None:
        raise refusal(RoomError, ErrorCode.UNKNOWN_ROOM, msg.ref, "refuse-no-room", room=repr(msg.room))
    if stored.status not in ENDED:
        raise refusal(RoomError, ErrorCode.NOT_FINISHED, msg.ref, "refuse-still-playing", room=msg.room,
                      status=stored.status)
    conn.send_message(answer_of(msg, stored.id, record_of(stored, tagged, ratings), stored.meta))


def answer_of(msg: p.GetRecord, room: str, rec: dict[str, Any], meta: dict[str, Any]) -> p.Record:
    """The ``record`` reply: the record, the formats it can be written in, and the one asked for."""
    formats = formats_of(rec)
    text = None
    if msg.format is not None:
        if msg.format not in formats:
            raise refusal(RoomError, ErrorCode.BAD_PARAMS, msg.ref, "refuse-record-format", format=msg.format,
                          room=room, game=str(rec.get("game")), formats=", ".join(formats))
        text = record_in(rec, msg.format, meta)
    return p.Record(ref=msg.ref, room=room, record=rec, formats=formats, format=msg.format, text=text)


def tag(record: dict[str, Any], tagged: tuple[str, int] | None) -> dict[str, Any]:
    """A game record with ``tournament`` (id and round) added for a tournament game."""
    return record if tagged is None else {**record, "tournament": {"id": tagged[0], "round": tagged[1]}}
