"""The pygame UI: every game drawn graphically from the server's views, played with the mouse.

``run(url, game=..., ...)`` is what ``grundy play --ui pygame`` calls; ``draw(surface, kind,
view)`` paints one view of a kind (``traits.view``) and returns its click map (:class:`Board`),
with no network involved.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported

from grundy.client.gui.app import GuiApp, parse_vs, play, run
from grundy.client.gui.board import Board, Target
from grundy.client.gui.draw import DRAWERS, draw
from grundy.client.gui.session import Table

__all__ = ["DRAWERS", "Board", "GuiApp", "Table", "Target", "draw", "parse_vs", "play", "run"]
