"""Generate the message reference and error-code table of docs/PROTOCOL.md from the models.

    python -m protocol.gendoc            # rewrite the generated sections in docs/PROTOCOL.md
    python -m protocol.gendoc --check    # exit 1 if the file is out of date

Only the text between ``<!-- BEGIN GENERATED: name -->`` and ``<!-- END GENERATED: name -->``
is replaced; everything else in the document is written by hand.
"""

from __future__ import annotations

import argparse
import enum
import inspect
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

import annotated_types as at
from pydantic import BaseModel, StringConstraints
from pydantic.fields import FieldInfo

from protocol.errors import ERROR_MEANINGS, ErrorCode
from protocol.messages import CLIENT_MESSAGES, PARTS, SERVER_MESSAGES

DOC = Path(__file__).resolve().parent.parent / "docs" / "PROTOCOL.md"


def type_name(tp: Any) -> str:
    """A field type in words a client author in any language understands."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        base = type_name(args[0])
        notes = [n for n in (_constraint(m) for m in args[1:]) if n]
        return f"{base} ({', '.join(notes)})" if notes else base
    if origin in (typing.Union, types.UnionType):
        parts = [a for a in args if a is not type(None)]
        text = " or ".join(type_name(a) for a in parts)
        return f"{text} or null" if len(parts) < len(args) else text
    if origin is typing.Literal:
        return " | ".join(f"`{a}`" for a in args)
    if origin is list:
        return f"array of {_plural(type_name(args[0]))}"
    if origin is dict:
        return "map"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "string: an error code"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return f"[{tp.__name__}](#{tp.__name__.lower()})"
    names = {str: "string", int: "integer", float: "number", bool: "boolean"}
    if tp in names:
        return names[tp]
    if tp is Any:
        return "any"
    return str(tp)


def _plural(word: str) -> str:
    simple = {"string": "strings", "integer": "integers", "number": "numbers", "map": "maps", "boolean": "booleans"}
    return simple.get(word, word)


def _constraint(m: Any) -> str:
    if isinstance(m, StringConstraints):
        lo, hi = m.min_length, m.max_length
        if lo and hi:
            return f"{lo}-{hi} chars"
        if hi:
            return f"at most {hi} chars"
        if lo:
            return f"at least {lo} chars"
        return ""
    return _bound(m)


def _bound(m: Any) -> str:
    if isinstance(m, at.Gt):
        return f"> {m.gt}"
    if isinstance(m, at.Ge):
        return f">= {m.ge}"
    if isinstance(m, at.Lt):
        return f"< {m.lt}"
    if isinstance(m, at.Le):
        return f"<= {m.le}"
    if isinstance(m, at.MinLen):
        return f"at least {m.min_length} item{'s' if m.min_length > 1 else ''}" if m.min_length else ""
    if isinstance(m, at.MaxLen):
        return f"at most {m.max_length} items"
    return ""


def field_type(info: FieldInfo) -> str:
    text = type_name(info.annotation)
    notes = [n for n in (_constraint(m) for m in info.metadata) if n]
    return f"{text} ({', '.join(notes)})" if notes else text


def default_text(info: FieldInfo) -> str:
    if info.is_required():
        return "**required**"
    if info.default_factory is not None:
        value = info.default_factory()  # type: ignore[call-arg]
        return f"`{_json(value)}`"
    return f"`{_json(info.default)}`"


def _json(v: Any) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list):
        return "[" + ", ".join(_json(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_json(x)}" for k, x in v.items()) + "}"
    return str(v)


def _doc(model: type[BaseModel]) -> str:
    return inspect.cleandoc(model.__doc__ or "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def message_section(model: type[BaseModel], client: bool) -> str:
    tag = model.model_fields["type"].default
    lines = [f"### `{tag}`", "", _doc(model), ""]
    if client:
        lines += ["| field | type | default | meaning |", "|---|---|---|---|"]
    else:
        lines += ["| field | type | meaning |", "|---|---|---|"]
    fields = sorted(model.model_fields.items(), key=lambda kv: (kv[0] != "type", kv[0] == "ref"))
    for name, info in fields:
        if name == "type":
            row = [f"`{name}`", f'string, always `"{tag}"`']
            if client:
                row.append("**required**")
            row.append("Message type tag.")
        else:
            row = [f"`{name}`", field_type(info)]
            if client:
                row.append(default_text(info))
            row.append(info.description or "")
        lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    return "\n".join(lines) + "\n"


def part_section(model: type[BaseModel]) -> str:
    lines = [f"### {model.__name__}", "", _doc(model), "", "| field | type | default | meaning |", "|---|---|---|---|"]
    for name, info in model.model_fields.items():
        row = [f"`{name}`", field_type(info), default_text(info), info.description or ""]
        lines.append("| " + " | ".join(_cell(c) for c in row) + " |")
    return "\n".join(lines) + "\n"


def generated() -> dict[str, str]:
    """The text of every generated section, by name."""
    errors = ["| code | meaning |", "|---|---|"]
    errors += [f"| `{code.value}` | {_cell(ERROR_MEANINGS[code])} |" for code in ErrorCode]
    return {
        "client-messages": "\n".join(message_section(m, client=True) for m in CLIENT_MESSAGES),
        "server-messages": "\n".join(message_section(m, client=False) for m in SERVER_MESSAGES),
        "types": "\n".join(part_section(m) for m in PARTS),
        "error-codes": "\n".join(errors) + "\n",
    }


def _filler(body: str) -> typing.Callable[[re.Match[str]], str]:
    def fill(m: re.Match[str]) -> str:
        return m.group(1) + "\n" + body + "\n" + m.group(2)

    return fill


def render(text: str) -> str:
    """``text`` with every generated section replaced by its current content."""
    for name, body in generated().items():
        pattern = re.compile(
            rf"(<!-- BEGIN GENERATED: {re.escape(name)} -->\n).*?(<!-- END GENERATED: {re.escape(name)} -->)", re.S
        )
        if not pattern.search(text):
            raise ValueError(f"docs/PROTOCOL.md has no generated section {name!r}")
        text = pattern.sub(_filler(body), text)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check that the document is up to date")
    parser.add_argument("path", nargs="?", type=Path, default=DOC)
    args = parser.parse_args(argv)
    old = args.path.read_text(encoding="utf-8")
    new = render(old)
    if args.check:
        if new != old:
            print(f"{args.path} is out of date: run python -m protocol.gendoc", file=sys.stderr)
            return 1
        return 0
    if new != old:
        args.path.write_text(new, encoding="utf-8")
        print(f"updated {args.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
