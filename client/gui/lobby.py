"""The lobby picture: the games, the new room's settings (parameters, clock, opponent) and the open rooms.

A pure drawer like the boards: its click map's moves are ``game NAME`` (choose it), ``vs
KIND`` (the opponent), ``field params`` / ``field clock`` (type into it), ``rated`` (toggle), ``create`` (a new
room with these settings), ``join ROOM`` (a room waiting for a player) and ``watch ROOM`` (a
game in progress); the window turns them into requests.  The keys are drawn on the screen;
F8 turns to the tournaments page (:mod:`client.gui.tournaments`), F9 to the players online and the
challenge dialog (:mod:`client.gui.players`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from grundy import protocol as p
from grundy.client import words
from grundy.client.gui.board import CELL, INK, LABEL, Board, drawing_lang, font, param_text, t, text, wrap_px
from grundy.client.names import seat_label
from grundy.protocol import i18n

OPPONENTS = (*(f"bot:{level}" for level in p.BOT_LEVELS), "human")
SELECTED = (200, 225, 250)
FOCUSED = (60, 120, 200)


@dataclasses.dataclass
class Lobby:
    """What the lobby shows and what the player has set: the chosen game, its parameters, clock and opponent."""

    games: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    rooms: list[p.RoomSummary] = dataclasses.field(default_factory=list)
    chosen: int = 0
    params: str = ""
    clock: str = ""
    vs: str = "bot:medium"
    rated: bool = False  # the new room is rated (R toggles)
    editing: str | None = None  # "params" or "clock" while the player types into it
    room_choice: int | None = None  # the room the arrows chose (Tab moves between games and rooms)
    page: str = "rooms"  # "rooms" (games, settings, open rooms), "tournaments" (F8) or "players" (F9)
    lang: str = "en"  # the language of its words
    tournaments: list[p.TournamentSummary] = dataclasses.field(default_factory=list)
    tournament: p.TournamentState | None = None  # the tournament opened on the tournaments page
    tournament_choice: int | None = None  # the tournament the arrows chose
    players: list[p.PlayerInfo] = dataclasses.field(default_factory=list)  # who is online, on the players page
    player_choice: int | None = None  # the player the challenge dialog is for
    games_name: str = ""  # the player whose finished games the games page (F10) lists
    player_games: p.PlayerGames | None = None  # the page of them shown
    games_choice: int | None = None  # the game the arrows chose

    @property
    def chosen_player(self) -> p.PlayerInfo | None:
        i = self.player_choice
        return self.players[i] if i is not None and 0 <= i < len(self.players) else None

    def show_players(self, players: list[p.PlayerInfo]) -> None:
        """A new list of players online; the chosen one stays chosen while online."""
        chosen = self.chosen_player
        self.players = players
        sessions = [pl.session for pl in players]
        self.player_choice = sessions.index(chosen.session) if chosen and chosen.session in sessions else None

    def choose_player(self, session: str) -> None:
        sessions = [pl.session for pl in self.players]
        if session in sessions:
            self.player_choice = sessions.index(session)

    def show_tournament(self, state: p.TournamentState) -> None:
        """A tournament's new state: the opened one is redrawn from it, and its row in the list too."""
        tid = state.tournament.tournament
        if self.tournament is not None and self.tournament.tournament.tournament == tid:
            self.tournament = state
        self.tournaments = [state.tournament if t.tournament == tid else t for t in self.tournaments]

    @property
    def game(self) -> str | None:
        return str(self.games[self.chosen]["name"]) if 0 <= self.chosen < len(self.games) else None

    def choose(self, index: int) -> None:
        """Choose the game at ``index``; its parameters start at the game's defaults."""
        if not self.games:
            return
        self.chosen = max(0, min(index, len(self.games) - 1))
        self.params = default_params(self.games[self.chosen])

    def choose_game(self, name: str) -> None:
        for i, g in enumerate(self.games):
            if g["name"] == name:
                self.choose(i)

    def step_opponent(self, step: int) -> None:
        i = OPPONENTS.index(self.vs) if self.vs in OPPONENTS else 1
        self.vs = OPPONENTS[(i + step) % len(OPPONENTS)]


def default_params(game: dict[str, Any]) -> str:
    return " ".join(
        f"{q['name']}={param_text(q['default'])}" for q in game.get("parameters", []) if q.get("default") is not None
    )


def _first_sentence(words: str, limit: int = 70) -> str:
    s = words.split(". ")[0].strip().rstrip(".")
    return s if len(s) <= limit else s[: limit - 3].rstrip() + "..."


def game_words(game: dict[str, Any]) -> tuple[str, str]:
    """A game's name as it is taught and its description, in the language being drawn (the node's words for a
    game the catalogs do not have)."""
    name = str(game["name"])
    about = t(f"game-about-{name}") if i18n.has(f"game-about-{name}") else str(game.get("description", ""))
    return words.game_name(name, drawing_lang()), about


def opponent_label(vs: str) -> str:
    """An opponent's button: a bot's level (``gui-level-<level>``) or a human."""
    level = vs.partition(":")[2]
    if not level:
        return t("gui-vs-human")
    return t(f"gui-level-{level}") if i18n.has(f"gui-level-{level}") else level


def _wrap(words: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def _params(params: dict[str, Any]) -> str:
    return " ".join(f"{k}={param_text(v)}" for k, v in params.items() if v is not None)


def field(surface: pygame.Surface, board: Board, key: str, label: str, value: str, rect: pygame.Rect,
           focused: bool, hint: str) -> None:  # fmt: skip
    text(surface, label, (rect.x, rect.y + 4), INK, 20, bold=True, width=66)
    box = pygame.Rect(rect.x + 70, rect.y, rect.w - 70, rect.h)
    pygame.draw.rect(surface, CELL, box, border_radius=4)
    pygame.draw.rect(surface, FOCUSED if focused else INK, box, 2 if focused else 1, border_radius=4)
    shown = value + ("|" if focused else "")
    while shown and font_width(shown) > box.w - 12:
        shown = shown[1:]
    text(surface, shown or hint, (box.x + 6, box.y + 5), INK if value or focused else LABEL, 18,
         width=None if shown else box.w - 12)
    board.add(f"field {key}", box, f"field {key}")


def checkbox(surface: pygame.Surface, board: Board, box: pygame.Rect, ticked: bool) -> None:
    """The ``rated (R)`` box, ticked or not; a click on it is the move ``rated``."""
    pygame.draw.rect(surface, SELECTED if ticked else CELL, box, border_radius=3)
    pygame.draw.rect(surface, INK, box, 2, border_radius=3)
    if ticked:
        pygame.draw.line(surface, INK, (box.x + 4, box.centery), (box.x + 9, box.bottom - 5), 3)
        pygame.draw.line(surface, INK, (box.x + 9, box.bottom - 5), (box.right - 4, box.y + 4), 3)
    text(surface, t("gui-rated-box"), (box.right + 8, box.y + 1), INK, 18, width=200)
    board.add("rated", pygame.Rect(box.x, box.y, 120, 22), "rated")


def font_width(words: str) -> int:
    from grundy.client.gui.board import font

    return font(18).size(words)[0]


def draw_lobby(surface: pygame.Surface, area: pygame.Rect, lobby: Lobby) -> Board:
    """Games on the left; the chosen game's settings and the open rooms on the right."""
    board = Board(caption=t("gui-lobby-caption"))
    half = area.w * 2 // 5
    text(surface, t("gui-games"), (area.x + 10, area.y + 4), INK, 28, bold=True, width=half - 20)
    y = area.y + 36
    row_h = max(30, min(48, (area.h - 70) // max(1, len(lobby.games))))
    for i, g in enumerate(lobby.games):
        r = pygame.Rect(area.x + 10, y, half - 20, row_h - 4)
        pygame.draw.rect(surface, SELECTED if i == lobby.chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if i == lobby.chosen else 1, border_radius=6)
        shown, about = game_words(g)
        text(surface, shown, (r.x + 8, r.y + 3), INK, 21, bold=True, width=r.w - 16)
        if row_h >= 42:
            text(surface, _first_sentence(about, 30), (r.x + 8, r.y + 21), LABEL, 15, width=r.w - 16)
        board.add(f"game {g['name']}", r, f"game {g['name']}")
        y += row_h
    text(surface, t("gui-lobby-keys-games"), (area.x + 10, area.bottom - 4), LABEL, 16, "bottomleft", width=half - 20)

    x, w = area.x + half + 10, area.w - half - 20
    y = area.y + 4
    game = lobby.games[lobby.chosen] if 0 <= lobby.chosen < len(lobby.games) else None
    title = t("gui-new-room-of", game=game_words(game)[0]) if game else t("gui-new-room")
    text(surface, title, (x, y), INK, 28, bold=True, width=w)
    y += 34
    if game:
        for line in wrap_px(game_words(game)[1], w, 16)[:3]:
            text(surface, line, (x, y), LABEL, 16, width=w)
            y += 16
        y += 6
    field(surface, board, "params", t("tui-lobby-params"), lobby.params, pygame.Rect(x, y, w, 28),
          lobby.editing == "params", t("gui-params-hint"))
    y += 34
    field(surface, board, "clock", t("tui-lobby-clock"), lobby.clock, pygame.Rect(x, y, w, 28),
          lobby.editing == "clock", t("gui-clock-hint"))
    y += 36
    text(surface, t("tui-lobby-vs"), (x, y + 4), INK, 20, bold=True, width=66)
    bx = x + 70
    for vs in OPPONENTS:
        label = opponent_label(vs)
        r = pygame.Rect(bx, y, max(48, font(17).size(label)[0] + 14), 26)
        if r.right > x + w:
            y += 30
            bx = x + 70
            r.topleft = (bx, y)
        pygame.draw.rect(surface, SELECTED if vs == lobby.vs else CELL, r, border_radius=4)
        pygame.draw.rect(surface, INK, r, 2 if vs == lobby.vs else 1, border_radius=4)
        text(surface, label, r.center, INK, 17, "center", width=r.w - 6)
        board.add(f"vs {vs}", r, f"vs {vs}")
        bx = r.right + 4
    y += 32
    checkbox(surface, board, pygame.Rect(x + 70, y, 22, 22), lobby.rated)
    y += 28
    text(surface, t("gui-lobby-keys-settings"), (x + 70, y), LABEL, 15, width=w - 70)
    y += 20
    create = pygame.Rect(x, y, w, 32)
    pygame.draw.rect(surface, (90, 150, 90), create, border_radius=6)
    label = t("gui-create-room")
    text(surface, label, create.center, (255, 255, 255), 22, "center", bold=True, width=w - 12)
    board.add("create", create, "create")
    y += 44

    text(surface, t("web-open-rooms"), (x, y), INK, 26, bold=True, width=w)
    y += 30
    if not lobby.rooms:
        text(surface, t("gui-no-rooms"), (x, y + 4), LABEL, 18, width=w)
    for i, room in enumerate(lobby.rooms[:8]):
        r = pygame.Rect(x, y, w, 40)
        if r.bottom > area.bottom - 22:
            break
        chosen = lobby.room_choice == i
        pygame.draw.rect(surface, SELECTED if chosen else CELL, r, border_radius=6)
        pygame.draw.rect(surface, INK, r, 2 if chosen else 1, border_radius=6)
        players = ", ".join(seat_label(s) for s in room.seats)
        verb = "join" if room.status == "waiting" else "watch"
        clock = p.format_time_control(room.time_control)
        shown = t("gui-room-line", game=words.game_name(room.game, drawing_lang()), players=players)
        text(surface, shown[:40], (r.x + 8, r.y + 3), INK, 19, bold=True, width=r.w - 16)
        said = t(f"gui-room-{verb}", clock=clock, params=_params(room.params))
        text(surface, said[:56], (r.x + 8, r.y + 22), LABEL, 15, width=r.w - 16)
        board.add(f"room {room.room}", r, f"{verb} {room.room}")
        y += 44
    text(surface, t("gui-lobby-keys-rooms"), (x, area.bottom - 4), LABEL, 16, "bottomleft", width=w)
    return board
