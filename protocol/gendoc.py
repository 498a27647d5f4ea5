"""Generate the message reference, error-code table and game views of docs/PROTOCOL.md.

    python -m grundy.protocol.gendoc            # rewrite the generated sections in docs/PROTOCOL.md
    python -m grundy.protocol.gendoc --check    # exit 1 if the file is out of date

Only the text between ``<!-- BEGIN GENERATED: name -->`` and ``<!-- END GENERATED: name -->``
is replaced; everything else in the document is written by hand.  The game views come from
the rules engine (each game's parameters, ``view_keys`` and a sample position played here);
this build tool is the one place in ``protocol/`` that reads ``rules``, and only when run.
"""

from __future__ import annotations

import argparse
import enum
import inspect
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

import annotated_types as at
from pydantic import BaseModel, StringConstraints
from pydantic.fields import FieldInfo

from grundy.protocol.errors import ERROR_MEANINGS, ErrorCode
from grundy.protocol.messages import CLIENT_MESSAGES, PARTS, SERVER_MESSAGES


def _doc() -> Path:
    """The checkout's docs/PROTOCOL.md: the working directory's when run from a checkout (the installed
    package has no docs/), else beside the source folder (an editable install)."""
    here = Path.cwd() / "docs" / "PROTOCOL.md"
    return here if here.is_file() else Path(__file__).resolve().parent.parent / "docs" / "PROTOCOL.md"


DOC = _doc()


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


# ----- game views ----------------------------------------------------------------------------------


def _json_value(v: Any) -> str:
    """One value as compact JSON; a long list of strings (a board) one item per line."""
    text = json.dumps(v, ensure_ascii=False)
    if isinstance(v, list) and len(text) > 60 and all(isinstance(x, str) for x in v) and len(v) > 1:
        return "[\n" + ",\n".join("    " + json.dumps(x, ensure_ascii=False) for x in v) + "\n  ]"
    return text


def pretty_json(view: dict[str, Any]) -> str:
    """A view as JSON with one key per line, in the order the game builds it."""
    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {_json_value(v)}" for k, v in view.items()) + "\n}"


def _params_table(cls: Any) -> list[str]:
    lines = ["| parameter | type | default | allowed | meaning |", "|---|---|---|---|---|"]
    for p in cls.parameters:
        sch = p.schema()
        default = "none" if sch["default"] is None else f"`{_json(sch['default'])}`"
        row = [f"`{p.name}`", f"`{sch['type']}`", default, sch["allowed"], p.help + (" (secret)" if p.secret else "")]
        lines.append("| " + " | ".join(_cell(str(c)) for c in row) + " |")
    return lines


def game_section(cls: Any) -> str:
    """One game: description, seats, parameters, move notation, who sees what, a sample view, the keys."""
    from grundy.rules.base import ALL

    sample = cls.doc_sample  # each game declares its sample next to its class (rules.base.DocSample)
    if sample is None:
        raise SystemExit(f"{cls.name} declares no doc_sample: add one next to its class (see docs/ADDING_A_GAME.md)")
    game = cls(**sample.params)
    state = game.replay(sample.moves)
    seats = cls.min_seats if cls.min_seats == cls.max_seats else f"{cls.min_seats} to {cls.max_seats}"
    params = ", ".join(f"{k}={_json(v)}" for k, v in sample.params.items()) or "the defaults"
    moves = ", ".join(f"`{m}`" for m in sample.moves)
    out = [f"### {cls.name}", "", cls.description, ""]
    out += [f"**Seats:** {seats}. **View kind:** `{cls.view_kind}`. **Parameters** (the `games` schema):", ""]
    out += _params_table(cls) if cls.parameters else ["none"]
    out += ["", f"**Moves.** {sample.notation}", "", f"**Who sees what.** {sample.seeing}", ""]
    for caption, seat in sample.views:
        view = game.full_view(state) if seat == ALL else game.view(state, seat)  # type: ignore[arg-type]
        out += [f"Sample: {params}, after {moves} — the view of {caption}:", ""]
        out += ["```json", pretty_json(view), "```", ""]
    legal = game.legal_texts(state)
    shown = ", ".join(f"`{m}`" for m in legal[:10]) + (f" … ({len(legal)} in all)" if len(legal) > 10 else "")
    out += [f"Legal moves there: {shown}.", ""]
    if sample.end:
        end = game.replay(sample.end, state)
        ends = ", ".join(f"`{m}`" for m in sample.end)
        out += [f"After {ends} the game is over ({game.result(end).reason}); every view is now complete:", ""]
        out += ["```json", pretty_json(game.view(end, None)), "```", ""]
    out += ["| key | meaning |", "|---|---|"]
    out += [f"| `{k}` | {_cell(v)} |" for k, v in cls.view_keys.items()]
    return "\n".join(out) + "\n"


def game_views() -> str:
    """The generated part of section 8: one schema as the lobby sends it, then every game."""
    from grundy.rules.catalog import GAMES

    first = GAMES[0]
    schema = json.dumps(first.schema(), ensure_ascii=False, indent=2)
    head = [
        f"The lobby's `games` reply carries one schema per game, exactly as below for `{first.name}`; a client "
        "builds its parameter forms from it (`type` is one of `int`, `bool`, `choice`, `str`, `ints`, `nums`, "
        "`strs`, `cell`, `cells`; a null `default` marks an optional parameter).",
        "",
        "```json",
        schema,
        "```",
        "",
    ]
    return "\n".join(head) + "\n" + view_kinds() + "\n" + "\n".join(game_section(cls) for cls in GAMES)


def view_kinds() -> str:
    """The kinds of view: a client chooses its renderer by the view's kind (``traits.view``), never by the game."""
    from grundy.rules import base
    from grundy.rules.catalog import GAMES

    out = [
        "### Kinds of view",
        "",
        "Every game's view is of one kind (`traits.view` in `games` and `room_state`). A client chooses how to "
        "draw a view by its kind, never by the game's name, so a new game whose view is of a known kind needs no "
        "client change; a client that knows no renderer for a kind shows the view as data.",
        "",
        "| kind | what the view carries | games |",
        "|---|---|---|",
    ]
    for kind in base.VIEW_KINDS:
        const = next(name for name in dir(base) if name.startswith("VIEW_") and getattr(base, name) == kind)
        doc = _view_kind_docs().get(const, "")
        games = ", ".join(f"`{cls.name}`" for cls in GAMES if cls.view_kind == kind)
        out.append(f"| `{kind}` | {_cell(doc)} | {games} |")
    return "\n".join(out) + "\n"


def _view_kind_docs() -> dict[str, str]:
    """The docstring under each ``VIEW_*`` constant of rules/base.py, by the constant's name."""
    import ast
    import inspect

    from grundy.rules import base

    tree = ast.parse(inspect.getsource(base))
    docs: dict[str, str] = {}
    body = tree.body
    for node, after in zip(body, body[1:], strict=False):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id.startswith("VIEW_")
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
        ):
            docs[node.targets[0].id] = " ".join(str(after.value.value).split())
    return docs


def resend_section() -> str:
    """The schedule of copies after ``unavailable``, and the requests sent again (``protocol.resend``)."""
    from grundy.protocol import resend as r

    pct = round(r.RESEND_JITTER * 100)
    lines = [
        f"The first copy goes {r.RESEND_FIRST_S:g} s after the first `unavailable`; each pause after that is "
        f"{r.RESEND_FACTOR:g} times the one before, up to one copy every {r.RESEND_EVERY_S:g} s (each pause "
        f"{pct}% longer or shorter at random, so that clients do not all come back at once); copies stop at "
        f"the first answer that is not `unavailable`, or {r.RESEND_FOR_S:g} s after the first answer, when "
        "`unavailable` is the request's answer.",
        "",
        "| request | why a second copy is harmless |",
        "|---|---|",
    ]
    lines += [f"| `{name}` | {_cell(why)} |" for name, why in r.SAFE_TO_RESEND.items()]
    return "\n".join(lines) + "\n"


def generated() -> dict[str, str]:
    """The text of every generated section, by name."""
    errors = ["| code | meaning |", "|---|---|"]
    errors += [f"| `{code.value}` | {_cell(ERROR_MEANINGS[code])} |" for code in ErrorCode]
    return {
        "resend": resend_section(),
        "client-messages": "\n".join(message_section(m, client=True) for m in CLIENT_MESSAGES),
        "server-messages": "\n".join(message_section(m, client=False) for m in SERVER_MESSAGES),
        "types": "\n".join(part_section(m) for m in PARTS),
        "error-codes": "\n".join(errors) + "\n",
        "game-views": game_views(),
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
            print(f"{args.path} is out of date: run python -m grundy.protocol.gendoc", file=sys.stderr)
            return 1
        return 0
    if new != old:
        args.path.write_text(new, encoding="utf-8")
        print(f"updated {args.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
