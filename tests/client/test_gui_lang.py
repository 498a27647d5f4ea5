"""The pygame window in each language: Cyrillic drawn by its bundled font (no missing-glyph boxes), the
turn, the result and the lobby in the catalogs' words, long words shrunk to fit their button; a game
against a bot on a real node (dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import asyncio  # noqa: E402
import re  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from grundy import protocol as p  # noqa: E402
from grundy import rules  # noqa: E402
from grundy.client import gui  # noqa: E402
from grundy.client.analysis import AnalysisBoard  # noqa: E402
from grundy.client.connection import Connection  # noqa: E402
from grundy.client.controls import game_notation, notation_lines  # noqa: E402
from grundy.client.gui import board as board_module  # noqa: E402
from grundy.client.gui import said  # noqa: E402
from grundy.client.gui.app import SIZE, GuiApp, parse_vs, status_line  # noqa: E402
from grundy.client.gui.board import fit_size, font  # noqa: E402
from grundy.client.gui.lobby import Lobby  # noqa: E402
from grundy.client.gui.tree import FoldingTree  # noqa: E402
from grundy.protocol import i18n  # noqa: E402
from grundy.server.node import Node  # noqa: E402
from tests.client.test_gui import click, until  # noqa: E402
from tests.client.test_tui import SCREENSHOTS  # noqa: E402
from tests.server.e2e.conftest import url  # noqa: E402
from tests.web.test_tourney_model import states  # noqa: E402

_SAMPLES = {name: 2 for name in ("n", "heaps", "objects", "up", "free", "players", "pursuers", "mines", "rounds",
                                   "first", "last", "total", "ply", "plies", "depth", "k", "radius", "goal")}
_SAMPLES |= {name: "Ann" for name in ("mark", "move", "scores", "game", "names", "name", "room", "share", "param",
                                      "why", "rule", "opening", "outcome", "reason", "url", "code", "verb", "what",
                                      "error", "sent", "hint", "text", "keys", "take", "at", "piece", "choice",
                                      "clock", "params", "vs", "levels", "where", "limit", "round", "left", "message")}
_SAMPLES |= {"alone": "yes"}


def shoot(name: str, surface: pygame.Surface | None = None) -> None:
    """``GRUNDY_SCREENSHOTS=1 pytest tests/client/test_gui_lang.py`` rewrites docs/screenshots/NAME (the window as
    it is now, or ``surface``)."""
    if os.environ.get("GRUNDY_SCREENSHOTS"):
        pygame.image.save(surface or pygame.display.get_surface(), str(SCREENSHOTS / name))


def _glyphs(text: str) -> bytes:
    img = font(20).render(text, True, (0, 0, 0), (255, 255, 255))
    return pygame.image.tobytes(img, "RGB")


def test_the_bundled_font_draws_every_letter_of_every_catalog() -> None:
    """Each letter used by a catalog renders as itself, not as the font's box for a missing glyph."""
    missing = _glyphs("\ue000")  # (a private-use code point: no font has it)
    letters = {ch for lang in i18n.LANGS for ch in i18n.catalog_text(lang) if ch.isalpha()}
    assert {"ї", "Ґ", "є", "ы", "ъ", "щ"} <= letters  # (Ukrainian, Russian and Bulgarian letters)
    boxes = sorted(ch for ch in letters if _glyphs(ch) == missing)
    assert boxes == []
    # and every sign of the window's own words (arrows, dots, dashes), in every language
    signs = {ch for lang in i18n.LANGS for msg in i18n.message_ids(lang) if msg.startswith("gui-")
             for ch in i18n.tr(lang, msg, **_SAMPLES) if not ch.isspace()}
    assert sorted(ch for ch in signs if _glyphs(ch) == missing) == []


def test_long_words_shrink_to_their_button() -> None:
    label = i18n.tr("ru", "gui-create-room")
    assert font(22, True).size(label)[0] > font(22, True).size(i18n.tr("en", "gui-create-room"))[0]
    size = fit_size(label, 160, 22, bold=True)
    assert size < 22 and font(size, True).size(label)[0] <= 160
    assert fit_size(i18n.tr("en", "gui-create-room"), 160, 22, bold=True) == 22


@pytest.mark.parametrize(("lang", "turn", "won"), [("uk", "ваш хід", "Ви виграли"), ("ru", "ваш ход", "Вы выиграли"),
                                                    ("bg", "вие сте на ход", "Вие спечелихте")])
async def test_a_game_against_a_bot_in_each_language(node: Node, lang: str, turn: str, won: str,
                                                    drawn: list[str]) -> None:
    async with Connection(url(node), "Ann", lang=lang) as conn:
        app = gui.GuiApp(conn)
        await app.open_room(game="nim", params={"heaps": [2]}, vs="bot:random", join=None, spectate=None)
        window = asyncio.create_task(app.run())
        t = app.table
        await until(lambda: t.is_my_turn and app.drawn == (t.room, 0), "our turn on the screen")
        assert status_line(t) == turn
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
        said = i18n.tr(lang, "gui-hint", hint="1:2 (")  # the move and its value, then why
        await until(lambda: any(line.startswith(said) for line in t.log), "the hint in words")
        assert not any("take" in line for line in t.log)  # the solver's phrases in the player's language
        await app._send_move(t.room, 0, "1:5")  # an illegal move: refused in the rules' own words, in the language
        refused = i18n.tr(lang, "gui-refused", message=i18n.tr(lang, "rules-nim-too-many", move="1:5", heap=1, left=2))
        await until(lambda: refused in t.log, "the refusal in words")
        assert app.panel is not None and "button resign" in app.panel.keys()
        assert app.board is not None
        click(app.board.center("heap 1 object 1"))  # takes both: the last object
        await until(lambda: t.is_over, "the end")
        assert t.outcome_line() == won and status_line(t) == won
        await until(lambda: app.drawn == (t.room, t.ply), "the end on the screen")
        drawn.clear()
        await until(lambda: won in drawn, "a frame of the end")
        english = {said: _english(said) for said in drawn if _english(said)}
        assert english == {}, "English on the game screen"
        shoot(f"pygame-{lang}.png")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F6, mod=0, unicode="", scancode=0))
        await until(lambda: app.reviewing and app.analysis is not None and app.analysis.summary is not None,
                    "the review", timeout=30)
        await until(lambda: i18n.tr(lang, "gui-review-computing") != app.review_title, "the review's title")
        drawn.clear()
        await until(lambda: app.review_title in drawn, "a frame of the review")
        b = app.analysis
        theirs = [b.accuracy_text(), b.turning_text(), b.summary.text or b.stretches_text(),
                  *(b.lesson(r) for r in app.review_rows or [])]  # (client/analysis.py's words)
        prefixes = [i18n.tr(lang, f"gui-review-{k}", text="") for k in ("accuracy", "turning")]

        def from_analysis(w: str) -> bool:
            core = next((w[len(pre):] for pre in prefixes if w.startswith(pre)), w).strip()
            return bool(_ANALYSIS_ROW.match(w)) or bool(core and any(core in said for said in theirs if said))

        said = [w for w in drawn if not from_analysis(w)]
        english = {w: _english(w) for w in said if _english(w)}
        assert english == {}, "English on the review panel"
        assert i18n.tr(lang, "gui-review-keys") in drawn
        shoot(f"pygame-review-{lang}.png")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert await asyncio.wait_for(window, 10) == 0


# ---------------------------------------------------------------------------------- every screen, offline


class _Conn:
    """What the window reads of its connection, without a node (the screens are drawn from literal messages)."""

    def __init__(self, lang: str) -> None:
        self.lang, self.name, self.node_url = lang, "Ann", "ws://localhost:8765/ws"
        self.session, self.player, self.welcome = "s-ann", None, None


_DRAWERS = ("app", "lobby", "players", "games", "tournaments", "heaps", "grids", "tree", "analysis", "draw")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the window draws (each drawing module's ``text``, spied)."""
    import importlib

    written: list[str] = []
    real = board_module.text

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        written.append(words)
        return real(surface, words, *args, **kwargs)

    for name in _DRAWERS:
        module = importlib.import_module(f"grundy.client.gui.{name}")
        if hasattr(module, "text"):
            monkeypatch.setattr(module, "text", spy)
    return written


def _room(status: str = "playing", result: p.ResultInfo | None = None, heaps: list[int] | None = None) -> p.RoomState:
    seats = [p.SeatInfo(seat=0, kind="open", player="Ann", connected=True),
             p.SeatInfo(seat=1, kind="bot", player="bot", level="random", connected=True)]
    heaps = [3, 4, 5] if heaps is None else heaps
    return p.RoomState(
        room="r-1", game="nim", params={"heaps": [3, 4, 5]}, time_control=p.TimeControl(initial_s=300, increment_s=2),
        status=status, seats=seats, you=0, turn=0 if status == "playing" else None, ply=2, clocks=[280.0, 290.0],
        server_time=0.0, view={"heaps": heaps, "to_move": 0},
        legal_moves=["1:1", "1:2"] if status == "playing" else None,
        moves=[p.MoveInfo(ply=0, seat=0, move="3:1", at=0.0), p.MoveInfo(ply=1, seat=1, move="2:1", at=0.0)],
        draw_offer=[], rematch=[], result=result, abort_at=None, rematch_of=None,
        traits=p.Traits(**rules.create("nim", heaps=[3, 4, 5]).traits()),
    )


def _screens(lang: str) -> dict[str, GuiApp]:
    """The window on every screen a player reads: the lobby's four pages, a game (with a question), its end with
    the review, the analysis board and the game tree of the desk."""
    from grundy.rules import catalog

    games = [{"name": g.name, "description": g.description, "parameters": []} for g in catalog.GAMES]
    out: dict[str, GuiApp] = {}
    for page in ("rooms", "players", "games", "tournaments"):
        app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
        app.in_lobby, app.table.status = True, "lobby"
        app.lobby = Lobby(games=games, lang=lang, page=page)
        app.lobby.choose(0)
        app.table.say(i18n.tr(lang, "gui-choose-game-first"))
        if page == "games":
            played = p.PlayerGameInfo(room="r-9", game="nim", title="Nim 3, 4, 5", ended_at=1_700_000_000.0,
                                      seats=["Ann", "Bob"], seat=0, outcome="win", reason="Ann took the last object",
                                      rated=True, moves=7)
            app.lobby.player_games = p.PlayerGames(name="Ann", offset=0, total=1, games=[played])
            app.lobby.games_choice = 0
        if page == "players":
            app.lobby.show_players([p.PlayerInfo(session="s-bob", name="Bob", kind="human", sessions=["s-bob"])])
            app.lobby.player_choice = 0
        out[page] = app
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.in_lobby, app.table.status = True, "lobby"
    app.lobby = Lobby(games=games, lang=lang, page="tournaments")
    for state in states():
        app.lobby.tournaments.append(state.tournament)
        app.lobby.show_tournament(state)
    app.lobby.tournament = states()[0]
    out["standings"] = app
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.table.apply(_room(), now=0.0)
    app.table.apply(p.DrawOffered(room="r-1", seat=1, agreed=[1]), now=0.0)
    app.table.apply(p.PlayerStatus(room="r-1", seat=1, player="bot", connected=False), now=0.0)
    out["game"] = app
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.table.apply(_room("waiting").model_copy(update={"turn": None, "moves": [], "ply": 0}), now=0.0)
    app.table.code = "k7q2"
    app.challenges.sent("r-1", "Bob")
    app.table.say(said.sent(lang, "Bob", "nim", True, p.TimeControl(initial_s=300, increment_s=2)))
    out["challenge"] = app
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.table.apply(_room(), now=0.0)
    app.act("resign")
    out["question"] = app
    over = p.ResultInfo(outcomes=["win", "loss"], reason="seat 1 resigned", ending="resign")
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.table.apply(_room("finished", over), now=0.0)
    app.table.apply(p.RematchOffered(room="r-1", seat=1, agreed=[1]), now=0.0)
    app.reviewing, app.review_title = True, i18n.tr(lang, "gui-review-title", outcome=app.table.outcome_line(),
                                                    reason=app.table.reason_named)
    out["review"] = app
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.table.apply(_room("finished", over), now=0.0)
    app.analysis = AnalysisBoard("nim", {"heaps": [3, 4, 5]}, ["3:1", "2:1"], ["Ann", "bot"])
    app.analysing = True
    out["analysis"] = app
    app = GuiApp(_Conn(lang))  # type: ignore[arg-type]
    app.in_lobby, app.table.status, app.desk = True, "lobby", True
    app.analysis = AnalysisBoard("nim", {"heaps": [1, 2]}, [], ["Ann", "Bob"])
    app.desk_tree = FoldingTree(rules.create("nim", heaps=[1, 2]), [])
    out["tree"] = app
    return out


# English words a screen may show in any language: names, notation, keys, the product's name.
_NOT_ENGLISH = {"Ann", "Bob", "grundy", "Esc", "Enter", "Tab", "PgUp", "PgDn", "Home", "End",
                "Max", "Min", "KEY", "heaps", "key", "localhost", "human", "LEVEL", "XOR", "UTC"}


# A review's row (``1. Ann: 1:2 · ...``): client/analysis.py's words, converted with the terminal's analysis.
_ANALYSIS_ROW = re.compile(r"^\s*\d+\. ")


def _english(said: str) -> list[str]:
    said = re.sub(r"\bbot:\S+", "", said)  # (a bot's notation, as it is typed: bot:LEVEL)
    return [w for w in re.findall(r"[A-Za-z]{3,}", said) if w not in _NOT_ENGLISH]


@pytest.mark.parametrize("lang", ["ru", "bg", "uk"])
def test_no_label_is_wider_than_its_box_and_no_english_is_left(lang: str, drawn: list[str]) -> None:
    """Every screen drawn in the longest languages: each label drawn to a width (a button, a field, a panel line,
    a heading) measured by the font that draws it fits there; and the words on the game screen, the review and
    the lobby's pages are the catalogs' (the analysis board's explanation lines are client/analysis.py's)."""
    pygame.display.init()
    screen = pygame.Surface(SIZE)
    for name, app in _screens(lang).items():
        board_module.FITTED.clear()
        drawn.clear()
        app.render(screen)
        assert board_module.FITTED, name  # (the check measured something)
        if name in ("rooms", "players"):
            shoot(f"pygame-{'lobby' if name == 'rooms' else name}-{lang}.png", screen)
        wide = [(words, w, room) for words, w, room in board_module.FITTED if w > room]
        assert wide == [], f"{lang} {name}: wider than their box"
        if name in ("analysis", "tree"):  # (their words are client/analysis.py's and the solver's)
            continue
        rules_words = " ".join(notation_lines(game_notation("nim"), app.table.legal, lang))  # (the rules' notation)
        entrants = {"bot", "easy", "Cy", "nim", "cup"} if name == "standings" else set()  # (the node's names)
        english = {w: _english(w) for w in drawn if set(_english(w)) - entrants and w not in rules_words}
        assert english == {}, f"{lang} {name}: English on the screen"
        if name == "question":
            assert any(i18n.tr(lang, "gui-yes") in said for said in drawn)
    assert board_module.drawing_lang() == "en"  # (the language is the frame's only)


def test_the_language_is_chosen_like_the_other_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    """No --lang: the system's locale (LC_ALL, LC_MESSAGES, LANG); --lang wins; a refused --vs says so in it."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "bg_BG.UTF-8")
    assert Connection("ws://localhost:1/ws", "Ann").lang == "bg"
    assert Connection("ws://localhost:1/ws", "Ann", lang="uk").lang == "uk"
    with pytest.raises(ValueError, match="пишіть human або bot:РІВЕНЬ"):
        parse_vs("robot", "uk")
    with pytest.raises(ValueError, match="write human or bot:LEVEL"):
        parse_vs("robot")


def test_the_boards_captions_follow_the_window_and_plurals_the_language() -> None:
    from grundy.client.gui.heaps import draw_kayles, draw_nim

    pygame.display.init()
    screen = pygame.Surface(SIZE)
    area = pygame.Rect(0, 0, 600, 400)
    with board_module.speaking("ru"):
        assert draw_nim(screen, {"heaps": [3, 4, 5]}, area).caption.startswith("3 кучки, 12 предметов")
        assert draw_nim(screen, {"heaps": [1]}, area).caption.startswith("1 кучка, 1 предмет")
    with board_module.speaking("uk"):
        assert draw_kayles(screen, {"pins": [True] * 5}, area).caption.startswith("стоїть 5 з 5 кеглів")
    with board_module.speaking("bg"):
        assert draw_nim(screen, {"heaps": [2, 3]}, area).caption.startswith("2 купчини, 5 предмета")
    assert draw_nim(screen, {"heaps": [2, 3]}, area).caption.startswith("2 heaps, 5 objects")


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
def test_challenges_are_said_in_the_windows_language(lang: str) -> None:
    """A challenge sent, refused, answered elsewhere or declined, and a shared code, in the catalogs' words (the
    terminal's English words in English)."""
    lines = [said.sent(lang, "Bob", "nim", False, None), said.refused(lang, "Bob", "e42", "Bob"),
             said.answered(lang, "Bob", True), said.answered(lang, None, False), said.declined(lang, "Bob", "expired"),
             said.declined(lang, "Bob", "declined"), said.link(lang, "k7q2", "Bob"), said.link(lang, "k7q2", None),
             said.answer_refused(lang, "Bob", p.ErrorCode.NO_CHALLENGE, "")]
    assert [line for line in lines if _english(line)] == []
    assert said.sent("en", "Bob", "nim", True, None) == (
        "you challenged Bob to a rated game of nim: waiting for the answer")
    assert said.declined("en", "Bob", "expired") == "Bob did not answer your challenge in time"


def test_a_rated_games_ratings_are_said_in_the_windows_language() -> None:
    changes = [p.RatingChange(seat=0, player="Ann", before=1500.0, after=1662.0, rd=300.0, provisional=True),
               p.RatingChange(seat=1, player="Bob", before=1500.0, after=1338.0, rd=300.0, provisional=True)]
    names = ["Ann", "Bob"].__getitem__
    assert said.rated("en", changes, 0, names) == "your rating 1500 -> 1662? (+162) · Bob's rating 1500 -> 1338? (-162)"
    line = said.rated("uk", changes, 0, names, won_side=0)
    assert line.startswith("ваш рейтинг 1500 -> 1662? (+162) · рейтинг гравця Bob 1500 -> 1338? (-162) (")
    assert _english(line) == []
