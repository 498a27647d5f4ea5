"""The terminal's game screen, its review and its analysis board in Ukrainian, Russian and Bulgarian: no English
left on screen (but names and notation), all within 80x24 (textual's headless pilot against a real node)."""

from __future__ import annotations

import os
import re

import pytest

from grundy.client.tui import GrundyApp
from grundy.client.tui.analysis import AnalysisScreen, ReviewScreen
from grundy.client.tui.app import GameScreen, screen_text
from grundy.client.tui.confirm import ConfirmScreen
from grundy.protocol import i18n
from grundy.server.node import Node
from tests.client.test_tui import SIZE, finish_nim, room_of, until
from tests.server.e2e.conftest import url

# English words the game screen, the review or the analysis board would show if a line were left unconverted
# (the players' names, the moves' notation and textual's own keys, ^p palette, are not words)
ENGLISH = re.compile(r"\b(the|move|moves|your|you|win|wins|loss|draw|best|kept|threw|heap|heaps|nim-sum|accuracy|"
                     r"turning|before|after|verdict|player|room|rated|watching|waiting|hint|resign|rematch|review|"
                     r"lobby|analysis|board|back|forward|start|end|close|what|if|line|leaves|proven|seat|to|of|in|"
                     r"on|is|and|or|a|an|game|tree|explaining|computing|asks|asked|offers|declined|played|bot|seat)\b")
NAMES = re.compile(r"\bAnn\b|\(random\)|\d+:\d+|\^p|palette|\ba:")


def english_left(text: str) -> list[str]:
    """The English words of a screen, its names and notation left out."""
    return sorted(set(ENGLISH.findall(NAMES.sub(" ", text))))


def fits(text: str) -> None:
    lines = text.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, text


def test_the_english_scan_sees_english() -> None:
    assert english_left("Ann 1:1: threw the win away; best was 1:2") == ["best", "the", "threw", "win"]
    assert english_left("Ann 1:1: упустив виграш; найкращий був 1:2 · бот (random)") == []


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_game_its_review_and_its_analysis_board_have_no_english_left(node: Node, lang: str) -> None:
    app = GrundyApp(url(node), "Ann", game="nim", params={"heaps": "3,4,5"}, vs="bot:random", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.room is not None and app.room.is_my_turn, "the first turn")
        turn, you = i18n.tr(lang, "tui-your-move", ply=0), i18n.tr(lang, "screen-you", name="Ann")
        await until(pilot, lambda: turn in screen_text(app) and you in screen_text(app), "the turn in words")
        assert isinstance(app.screen, GameScreen)
        playing = screen_text(app)
        assert english_left(playing) == [], playing
        fits(playing)

        # The resign question and its buttons, then "no": the game goes on.
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the resign question")
        yes = i18n.tr(lang, "screen-confirm-yes")
        await until(pilot, lambda: yes in screen_text(app), "the question's buttons")
        asked = screen_text(app)
        assert i18n.tr(lang, "screen-confirm-no") in asked and english_left(asked) == [], asked
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")

        await finish_nim(pilot, "1:1")  # not 1:2: Ann throws the win away at once
        await until(pilot, lambda: app.review_rows, "the review")
        over = screen_text(app)
        assert english_left(over) == [], over
        fits(over)

        # The review: the summary, the column heads, each verdict and the lesson of the first move.
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        accuracy = i18n.tr(lang, "screen-review-accuracy", text="")
        lesson = i18n.tr(lang, "screen-lesson-best", moves="1:2")
        threw, head = i18n.tr(lang, "web-verdict-threw-win"), i18n.tr(lang, "screen-review-col-verdict")
        # (all of them: the table's columns are as wide as their heads until the screen is laid out again)
        drawn = (accuracy, lesson, threw, head)
        await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the review's words")
        review = screen_text(app)
        assert english_left(review) == [], review
        fits(review)
        if os.environ.get("GRUNDY_SCREENSHOTS"):
            print(review)

        # The analysis board at the first move: its verdict, the move that was best and why, in words.
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the analysis board")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await pilot.press("home", "right")
        best_was = i18n.tr(lang, "screen-best-was", moves="1:2")
        await until(pilot, lambda: best_was in screen.words and threw in screen.words, "the verdict on 1:1")
        board = screen_text(app)
        assert english_left(board) == [], board
        fits(board)
        await pilot.press("home")
        drawn = (i18n.tr(lang, "solve-best", moves="1:2"), i18n.tr(lang, "solve-nim-sum"))  # (and the table beside)
        await until(pilot, lambda: all(w in screen_text(app) for w in drawn), "the start explained")
        start = screen_text(app)
        assert english_left(start) == [], start
        fits(start)
        assert len(room_of(app).moves) > 1


def test_every_key_of_the_analysis_board_the_review_and_a_tournament_has_its_words() -> None:
    from grundy.client.tui.keys import key_message
    from grundy.client.tui.tournaments import TournamentScreen

    keys = 0
    for owner in (AnalysisScreen, ReviewScreen, TournamentScreen):
        for binding in vars(owner).get("BINDINGS", []):
            if binding.description:
                assert i18n.has(key_message(binding.action)), (owner.__name__, binding.action)
                keys += 1
    assert keys >= 17


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
def test_the_shared_analysis_lines_of_a_resigned_game_have_no_english_left(lang: str) -> None:
    """client/analysis.py's words (the terminal's and pygame's): a review of a game resigned after a mistake,
    its summary, each row's verdict and values, the lessons and the verdict on the move on the board."""
    from grundy.client.analysis import AnalysisBoard, move_text, verdict_text

    board = AnalysisBoard("nim", {"heaps": "3,4,5"}, ["1:1", "1:1"], ["Ann", "Bob"], resigned=0, lang=lang)
    board.store_review(board.ask_review())
    assert board.review
    for ply in range(len(board.line) + 1):
        board.store(tuple(board.line[:ply]), board.compute(tuple(board.line[:ply])))
    said = [board.accuracy_text(), board.turning_text(), board.stretches_text(), board.summary_text()]
    for row in board.review:
        said += [move_text(row.move, lang), verdict_text(row.verdict, lang), row.before_in(lang),
                 board.after_text(row), board.lesson(row)]
    board.jump(1)
    said.append(board.move_verdict() or "")
    text = "\n".join(said)
    assert i18n.tr(lang, "screen-move-resign") in text and i18n.tr(lang, "web-verdict-threw-win") in text
    assert english_left(text) == [], text


TOURNAMENT_ENGLISH = re.compile(r"\b(open|running|finished|round|entrants?|rated|casual|untimed|pending|playing|bye|"
                                r"withdrew|bot|client|human|chosen|choose|makes|refreshes|list)\b")


@pytest.mark.parametrize("lang", ["uk", "ru", "bg"])
async def test_a_tournaments_page_and_the_lobbys_refusals_have_no_english_left(node: Node, lang: str) -> None:
    """The terminal's tournament page (its state, what is played, the standings and a round's games) and the
    lobby's answer to a key pressed with nothing chosen, in the player's language."""
    from grundy import protocol as p
    from grundy.client.connection import Connection
    from grundy.client.tui.tournaments import TournamentScreen
    from tests.client.test_tui_tournaments import made, rows

    app = GrundyApp(url(node), "Ann", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.link_up and app.games, "the lobby")
        await pilot.press("f8")  # the tournaments: none yet
        await pilot.press("f6")  # open the chosen one: none is
        said = i18n.tr(lang, "tui-say-no-tournament")
        await until(pilot, lambda: said in screen_text(app), "why nothing opened, in words")
        async with Connection(url(node), "Bob") as bob:
            state = await made(bob, name="Кубок", game="nim", params={"heaps": [1, 2]}, bots=["random", "easy"],
                               rated=False)
            await bob.request(p.EnterTournament(tournament=state.tournament.tournament))
            await until(pilot, lambda: rows(app, "#tournaments"), "the tournament listed")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, TournamentScreen) and len(rows(app, "#standings")) == 3,
                        "the tournament's page")  # fmt: skip
            await bob.request(p.StartTournament(tournament=state.tournament.tournament))
            running = i18n.tr(lang, "web-tstate", state="running")
            await until(pilot, lambda: running in screen_text(app) and rows(app, "#round-games"), "the first round")
            text = screen_text(app)
            assert i18n.tr(lang, "web-casual") in text and i18n.tr(lang, "gui-entrants", n=3) in text, text
            kinds = {r[2] for r in rows(app, "#standings")}
            assert kinds == {i18n.tr(lang, "web-tkind", kind="hosted"), i18n.tr(lang, "web-tkind", kind="human")}
            states = {r[3] for r in rows(app, "#round-games")}
            assert states <= {i18n.tr(lang, "web-gstatus", status=s) for s in ("bye", "playing", "pending")} | {
                "1-0", "0-1", "½-½"}, states
            left = TOURNAMENT_ENGLISH.findall(text.replace("Bob", " ")) + english_left(text.replace("Bob", " "))
            assert left == [], text
