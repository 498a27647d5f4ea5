"""`grundy games` and `grundy show`: the catalog and positions, locally."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from typing import Any

from grundy import rules
from grundy.cli.common import add_game_arguments, fail, lang, make_game, print_json, split_moves, t
from grundy.protocol import i18n


def register(sub: Any) -> None:
    p = sub.add_parser("games", help=t("cmd-games-help"))
    p.add_argument("--json", action="store_true", help=t("cmd-help-json"))
    p.set_defaults(run=run_games)

    p = sub.add_parser("show", help=t("cmd-show-help"))
    add_game_arguments(p)
    p.add_argument(
        "--as",
        dest="as_seat",
        default=None,
        metavar=t("eng-metavar-seat"),
        help=t("cmd-show-help-as"),
    )
    p.add_argument("--json", action="store_true", help=t("cmd-help-json"))
    p.set_defaults(run=run_show)


def run_games(args: argparse.Namespace) -> int:
    entries = []
    for name in rules.names():
        cls = rules.game_class(name)
        entry = cls.schema()
        if name != cls.name:
            entry = {**entry, "name": name, "alias_of": cls.name}
        entries.append(entry)
    if args.json:
        print_json(entries)
        return 0
    for e in entries:
        seats = e["seats"] if isinstance(e["seats"], int) else f"{e['seats'][0]}-{e['seats'][1]}"
        if "alias_of" in e:
            print(t("cmd-games-alias", name=e["name"], of=e["alias_of"]) + "\n")
            continue
        print(t("cmd-games-seats", name=e["name"], seats=str(seats)))
        about = t(f"game-about-{e['name']}") if i18n.has(f"game-about-{e['name']}") else e["description"]
        print(textwrap.indent(textwrap.fill(about, 86), "    "))
        for p in e["parameters"]:
            default = t("cmd-games-none") if p["default"] is None else _text(p["default"])
            print(f"    --set {p['name']}=…  {p['help']}; {t('cmd-games-default', value=default)}; {p['allowed']}")
        print()
    return 0


def _text(value: Any) -> str:
    """A parameter value as it is written on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_text(v) for v in value)
    return str(value)


def _bar(size: int) -> str:
    """A heap drawn as strokes, as the rules draw it (at most 40, then an ellipsis)."""
    return "|" * min(size, 40) + ("…" if size > 40 else "")


def _nim_lines(game: rules.Game, name: str, view: dict[str, Any]) -> list[str]:
    lines = [t("tui-show-nim", game=name, misere="yes" if game.params.get("misere") else "no")]
    return lines + [f"{t('tui-show-heap', n=i)}: {_bar(size):<6} ({size})" for i, size in enumerate(view["heaps"], 1)]


def _subtraction_lines(game: rules.Game, name: str, view: dict[str, Any]) -> list[str]:
    return [t("tui-show-subtraction", game=name, take=",".join(map(str, view["take"])), goal=view["goal"],
              rule=view["rule"]),
            f"{t('tui-show-the-heap')}: {_bar(view['heap'])} ({view['heap']})"]


def _stones_lines(game: rules.Game, name: str, view: dict[str, Any]) -> list[str]:
    lines = [t("tui-show-stones", game=name, ops=",".join(view["ops"]), goal=view["goal"], rule=view["rule"])]
    lines += [f"{t('tui-show-heap', n=i)}: {size}" for i, size in enumerate(view["heaps"], 1)]
    return [*lines, f"{t('tui-show-total')}: {view['total']}"]


# The heap games ``show`` draws from their view with the catalog's words (a game in one line: its drawer).
HEAP_PICTURES: dict[str, Callable[[rules.Game, str, dict[str, Any]], list[str]]] = {
    "nim": _nim_lines,
    "subtraction": _subtraction_lines,
    "stones": _stones_lines,
}


def _picture(game: rules.Game, state: Any, seat: int | None | str) -> str:
    """The position as ``show`` draws it: in English the rules' own picture; in another language the heap games
    (:data:`HEAP_PICTURES`) drawn from the same view with the catalog's labels and the game's taught name, the
    board games from their rules' :meth:`~rules.Game.picture` (symbols as they are, words from the catalogs)."""
    picture = game.render(state, seat)
    if lang() == i18n.DEFAULT:
        return picture
    view = game.full_view(state) if seat == rules.ALL else game.view(state, seat)  # type: ignore[arg-type]
    drawer = HEAP_PICTURES.get(game.name)
    if drawer is not None:
        return "\n".join(drawer(game, t(f"game-{game.name}"), view))
    lines = game.picture(view)
    return picture if lines is None else "\n".join(_said(line) for line in lines)


def _said(part: Any) -> Any:
    """Words of the rules (:data:`rules.Words`: a message id and its arguments) in the command's language; a
    list said item by item, comma separated; anything else (symbols, numbers for plurals) as it is."""
    if isinstance(part, tuple):
        msg_id, args = part
        return t(msg_id, **{name: _said(value) for name, value in args.items()})
    if isinstance(part, list):
        return ", ".join(str(_said(item)) for item in part)
    return part


SHOWN_LEGAL = 12  # legal moves a refusal lists before "… (N in all)"


def _replay(game: rules.Game, moves: list[str]) -> Any:
    """The position after ``moves``; a move that cannot be played fails the command, saying which one and why:
    in English the rules' own words, in another language the catalog's (a notation it does not read, or a move
    not legal there) with the moves that are."""
    state = game.initial()
    for n, move in enumerate(moves, 1):
        try:
            state = game.play_text(state, move)
        except rules.MoveError as e:
            if lang() == i18n.DEFAULT:
                fail(t("tui-show-refused-told", n=n, why=str(e)))  # (the rules' words name the move)
            legal = game.legal_texts(state)
            shown = legal if len(legal) <= SHOWN_LEGAL else [*legal[:SHOWN_LEGAL], t("show-more", n=len(legal))]
            moves = " ".join(shown) or t("tui-show-no-moves")
            if e.said is not None:  # (the rules' own words, in the language, then the moves that are legal)
                fail(t("rules-show-refused", n=n, why=i18n.error_text(lang(), e), moves=moves))
            why = t("tui-show-unreadable" if isinstance(e, rules.ParseMoveError) else "tui-show-illegal", moves=moves)
            fail(t("tui-show-refused", n=n, move=move, why=why))
    return state


def _seat_arg(game: rules.Game, text: str | None) -> int | None | str:
    if text is None:
        return rules.ALL
    if text.strip().lower() in ("spectator", "none", "-"):
        return None
    try:
        seat = int(text)
    except ValueError:
        fail(t("show-as-form", given=repr(text), last=game.seats - 1))
    if not 0 <= seat < game.seats:
        fail(t("show-as-range", given=repr(text), last=game.seats - 1))
    return seat


def run_show(args: argparse.Namespace) -> int:
    game = make_game(args)
    seat = _seat_arg(game, args.as_seat)
    state = _replay(game, split_moves(args.moves))
    over = game.is_over(state)
    result = game.result(state)
    # Seen as a seat or spectator, the move list is what that viewer may know.
    may_see_moves = seat == rules.ALL or not game.hidden_information or seat == game.to_move(state)
    legal = game.legal_texts(state) if may_see_moves else []
    if args.json:
        out: dict[str, Any] = {
            "game": game.name,
            "params": game.params if seat == rules.ALL else game.public_params(),
            "to_move": game.to_move(state),
            "legal": legal,
            "over": over,
            "result": None if result is None else result.to_dict(),
        }
        if seat != rules.ALL:
            out["view"] = game.view(state, seat)  # type: ignore[arg-type]
        print_json(out)
        return 0
    print(_picture(game, state, seat))
    print()
    if result is not None:
        names = ", ".join(t("show-seat-outcome", seat=i, outcome=t(f"tui-outcome-{o}"))
                          for i, o in enumerate(result.outcomes))
        scores = "" if result.scores is None else t("show-scores", scores=str(list(result.scores)))
        told = _said(result.words) if result.words is not None and lang() != i18n.DEFAULT else result.told()
        print(t("show-over", outcomes=names, scores=scores, reason=told))
    else:
        print(t("show-to-move", seat=game.to_move(state)))
        if may_see_moves:
            shown = legal if len(legal) <= 60 else [*legal[:60], t("show-more", n=len(legal))]
            print(t("show-legal", moves=(", " if any(" " in m for m in legal) else " ").join(shown)))
    return 0
