"""The message registry: each message is declared once, and everything that lists messages reads it."""

from __future__ import annotations

import typing
from typing import Literal

import pytest

import grundy.protocol as p
from grundy.protocol import messages


def _tag(model: type) -> str:
    return model.model_fields["type"].default  # type: ignore[attr-defined, no-any-return]


def _declared(base: type) -> list[type]:
    """The classes deriving from ``base`` in messages.py, in the order they are declared there."""
    return [v for v in vars(messages).values() if isinstance(v, type) and v is not base and issubclass(v, base)]


def _members(union: object) -> tuple[type, ...]:
    """The classes of a discriminated union ``Annotated[A | B | ..., Field(discriminator="type")]``."""
    inner, *_ = typing.get_args(union)
    return typing.get_args(inner)


@pytest.mark.parametrize(
    ("registered", "base", "union"),
    [
        (p.CLIENT_MESSAGES, messages._ClientBase, p.ClientMessage),
        (p.SERVER_MESSAGES, messages._ServerBase, p.ServerMessage),
    ],
)
def test_each_side_lists_every_message_once_in_declaration_order(
    registered: tuple[type, ...], base: type, union: object
) -> None:
    assert list(registered) == _declared(base)
    assert _members(union) == registered
    tags = [_tag(m) for m in registered]
    assert len(set(tags)) == len(tags)


def test_parts_are_every_nested_structure_in_declaration_order() -> None:
    assert list(p.PARTS) == _declared(messages._Part)


def test_the_package_exports_every_message_and_part_by_name() -> None:
    for model in (*p.CLIENT_MESSAGES, *p.SERVER_MESSAGES, *p.PARTS):
        assert getattr(p, model.__name__) is model
        assert model.__name__ in p.__all__
    assert len(set(p.__all__)) == len(p.__all__)
    for name in p.__all__:
        assert hasattr(p, name), name
    from grundy.protocol import ChatSend, Move, TimeControl, Welcome  # the static names stay importable

    assert (Move, ChatSend, Welcome, TimeControl) == (p.Move, p.ChatSend, p.Welcome, p.TimeControl)


def test_no_message_or_part_can_be_declared_after_the_registry_is_read() -> None:
    with pytest.raises(TypeError, match="declared in grundy.protocol.messages"):

        class Late(messages._ClientBase):
            type: Literal["late"] = "late"

    with pytest.raises(TypeError, match="declared in grundy.protocol.messages"):

        class LatePart(messages._Part):
            x: int

    assert "late" not in messages._CLIENT
    assert all(_tag(m) != "late" for m in p.CLIENT_MESSAGES)


def test_a_message_needs_its_own_literal_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(messages, "_sealed", False)
    monkeypatch.setattr(messages, "_CLIENT", dict(messages._CLIENT))  # (a copy: the real registry is left alone)
    with pytest.raises(TypeError, match="already Move"):

        class Twin(messages._ClientBase):
            type: Literal["move"] = "move"

    with pytest.raises(TypeError, match="declares its tag"):

        class Untagged(messages._ClientBase):
            room: str

    with pytest.raises(TypeError, match="declares its tag"):

        class Loose(messages._ClientBase):
            type: str = "loose"
