"""The sentences of explanations, each a phrase: an id from :data:`PHRASES` and named arguments.

An explanation's ``reason`` is its ``said`` phrases written in English and joined by ``"; "``
(every phrase is a whole clause); a move note's ``why`` is its one phrase.  Clients that show
another language look a phrase up by its id and fill in the same arguments: no sentence is
built here by gluing words, so every one can be translated whole (docs/SOLVER.md,
"Explanations for players").

Arguments are numbers, move or cell texts in the game's notation, words from a closed set
(``piece``: ``king``, ``queen``, ``rook``, ``knight``; ``who``: ``Max``, ``Min``), or lists
of them.  A placeholder may name how a list is written: ``{heaps:xor}`` is ``3 XOR 4 XOR 5``,
``{cells:or}`` is ``c3 or a1``, ``{leaves:and}`` is ``2 and 3``, ``{lost:list}`` is
``0, 3, 6``, ``{rows:g}`` is ``G(3) XOR G(4)``, ``{pairs:pairs}`` is ``(0,0) (1,2)``, and
``{k:nth}`` is ``3rd``.
"""

from __future__ import annotations

import string
from typing import Any

PHRASES: dict[str, str] = {
    # ---------------------------------------------------------------- any game
    "over": "the game is over: {how}",
    "value.win": "the player to move wins, by the {k:nth} own move at the latest",
    "value.win_at_most": "the player to move wins, by the {k:nth} own move at the latest (a faster win is not "
                         "ruled out)",
    "value.win_plain": "the player to move wins",
    "value.loss": "every move loses against best play: the opponent wins by their {k:nth} move at the latest",
    "value.loss_now": "every move ends the game in a loss",
    "value.loss_plain": "every move loses against best play",
    "value.draw": "neither side can force a win",
    "value.score": "with best play on both sides the player to move gets {score}",
    "only": "{move} is the only move",
    "rec.wins_now": "{move} wins at once",
    "rec.leaves_loss": "{move} leaves the opponent a loss in {k}",
    "rec.keeps_win": "{move} keeps the win",
    "rec.keeps_score": "{move} keeps the value {score}",
    "rec.holds_draw": "{move} holds the draw",
    "rec.holds_out": "{move} holds out longest: the opponent needs {k} moves to win",
    "rec.holds_out_plain": "{move} holds out longest",
    "rec.faster": "{move} wins faster, in {k}",
    # move notes (a MoveNote's why)
    "note.wins_now": "wins at once",
    "note.only": "the only move",
    "note.only_loses_now": "the only move, and it ends the game in a loss",
    "note.loses_now": "ends the game in a loss, as every move does",
    "note.leaves_loss": "leaves the opponent a loss in {k}",
    "note.keeps_win": "keeps the win",
    "note.keeps_score": "keeps the value {score}",
    "note.holds_draw": "holds the draw",
    "note.holds_out": "holds out longest: the opponent needs {k} moves to win",
    "note.holds_out_plain": "holds out longest",
    "note.slower": "also wins, but in {k} instead of {best}",
    "note.slower_plain": "also wins, but more slowly",
    "note.engine": "the engine's choice",
    # the whole position as one game (impartial games without a known sum)
    "grundy.whole_win": "its Grundy value is {g}, not 0: a move to a position of value 0 wins",
    "grundy.whole_loss": "its Grundy value is 0: every move leads to a non-zero value",
    # the engine
    "engine.plays": "too large to solve exactly here; the engine searched {nodes} positions in {seconds} s and "
                    "plays {move}",
    "eval.none": "no evaluation; the engine plays {move}",
    "eval.wins": "the player to move wins as far as the engine sees",
    "eval.wins_deep": "the player to move wins as far as the engine sees (searched {depth} plies deep)",
    "eval.loses": "the opponent wins as far as the engine sees",
    "eval.loses_deep": "the opponent wins as far as the engine sees (searched {depth} plies deep)",
    "eval.wins_within": "the player to move wins within {plies} plies as far as the engine sees",
    "eval.wins_within_deep": "the player to move wins within {plies} plies as far as the engine sees "
                             "(searched {depth} plies deep)",
    "eval.loses_within": "the opponent wins within {plies} plies as far as the engine sees",
    "eval.loses_within_deep": "the opponent wins within {plies} plies as far as the engine sees "
                              "(searched {depth} plies deep)",
    "eval.even": "even",
    "eval.even_deep": "even (searched {depth} plies deep)",
    "eval.better": "better for the player to move (engine score {score:signed})",
    "eval.better_deep": "better for the player to move (engine score {score:signed}) (searched {depth} plies deep)",
    "eval.worse": "better for the opponent (engine score {score:signed})",
    "eval.worse_deep": "better for the opponent (engine score {score:signed}) (searched {depth} plies deep)",
    # ---------------------------------------------------------------- line games beyond the exact table
    "lines.five": "{me} makes five at {move}",
    "lines.fours": "{me} wins by continuous fours in {k}: each four leaves {him} one reply, and the last makes "
                   "five: {line:sp}",
    "lines.fours_at_most": "{me} wins by continuous fours in at most {k}: each four leaves {him} one reply, and the "
                           "last makes five: {line:sp}",
    "lines.lost": "{him} makes five next at {cells:or}: one stone cannot stop it",
    "lines.lost_any": "{him} makes five next at a cell no block covers: one stone cannot stop it",
    "lines.threat_five": "{him} threatens five at {move}",
    "lines.threat_fours": "{him} threatens to win by continuous fours: {line:sp}",
    "lines.must_stop": "{me} must stop it: after {moves:or} {him} has no win at once or by continuous fours",
    "lines.no_stop": "no move tried was proven to stop it",
    "lines.engine_plays": "the engine plays {move}",
    "lines.threes": "{me} wins by threats (fours and open threes) against the usual defences: {line:sp}; not "
                    "proven against every reply",
    "lines.engine_none": "nothing proven (no win at once or by continuous fours was found); the engine's choice is "
                         "{move}, expecting {line:sp}",
    "lines.engine_colour": "nothing proven (a colour is chosen here; threats prove nothing yet); the engine's choice "
                           "is {move}, expecting {line:sp}",
    "lines.winning_line": "the winning line: {first}-{last}",
    "lines.note_five": "starts the five",
    "lines.note_fours": "starts the continuous fours",
    "lines.note_stops_five": "stops {him}'s five",
    "lines.note_stops_fours": "stops {him}'s continuous fours",
    "lines.note_threes": "starts a win by threats",
    # ---------------------------------------------------------------- minesweeper (from what the player sees)
    # ---------------------------------------------------------------- what a map of the board shows (map_said)
    "map.corner": "the result for the player to move with the {piece} on each cell (W3: wins by the 3rd own move; "
                  "L2: loses by the opponent's 2nd move at the latest; L0: the game is over there); the lost cells "
                  "are those of Grundy value 0",
    "map.corner_near": "the result for the player to move with the {piece} on each cell (W3: wins by the 3rd own "
                       "move; L2: loses by the opponent's 2nd move at the latest; L0: the game is over there); the "
                       "lost cells are those of Grundy value 0; the {n} cells nearest the piece, lost cells first",
    "map.pawn": "the price of each cell: what Max gets from there with best play",
    "map.pawn_near": "the price of each cell: what Max gets from there with best play (the {n} cells nearest the "
                     "pawn, those it can still reach first)",
    "map.pursuit": "rounds for the pursuer on {at}, to move, to catch the evader on each cell ('-': never); the "
                   "outcome is the pursuer's",
    "map.cells": "the result for the player to move of playing on each empty cell (W3: wins by the 3rd own move "
                 "counting this one; L2: loses by the opponent's 2nd move at the latest; D: a draw)",
    "map.mines": "the mine probability of each covered cell, from what the player to move sees",
    "mines.first": "nothing is revealed yet: the first reveal is always safe (the mines are laid after it); "
                   "best: {move}",
    "mines.note_first": "the first reveal is safe; the centre tends to open a region",
    "mines.seen": "everything here follows from what the player to move sees",
    "mines.safe_list": "proven safe: {cells:list}",
    "mines.safe_list_more": "proven safe: {cells:list} and {more} more",
    "mines.mine_list": "proven mines: {cells:list}",
    "mines.mine_list_more": "proven mines: {cells:list} and {more} more",
    "mines.none_proven": "no covered cell is proven safe or mined",
    "mines.odds": "the other cells' odds count every way to place the {left} mines left",
    "mines.odds_one": "the other cells' odds count every way to place the last mine",
    "mines.best": "best: {move}",
    "mines.safe_zero": "proven safe: the 0 at {at} already touches no mine",
    "mines.safe_one": "proven safe: the 1 at {at} already touches its mine",
    "mines.safe_many": "proven safe: the {n} at {at} already touches its {n} mines",
    "mines.safe_all": "proven safe: in every arrangement of the mines that fits the counts",
    "mines.mine_last": "a proven mine: the {n} at {at} has no other covered cell left for its mine",
    "mines.mine_room": "a proven mine: the {n} at {at} has exactly {room} covered cells left for its {room} mines",
    "mines.mine_all": "a proven mine: in every arrangement of the mines that fits the counts",
    "mines.flag_last": "a proven mine, a sure point: the {n} at {at} has no other covered cell left for its mine",
    "mines.flag_room": "a proven mine, a sure point: the {n} at {at} has exactly {room} covered cells left for its "
                       "{room} mines",
    "mines.flag_all": "a proven mine, a sure point: in every arrangement of the mines that fits the counts",
    "mines.sure_point": "a proven mine: a sure point",
    "mines.flag_odds": "the likeliest mine ({percent}%); a wrong flag only opens a safe cell",
    "mines.reveal_odds": "no cell is proven safe; this one is the least likely mine ({percent}%)",
    # ---------------------------------------------------------------- nim
    "nim.sum": "the nim-sum {heaps:xor} = {nim_sum}",
    "nim.sum_one": "one heap: the nim-sum is its size, {nim_sum}",
    "nim.sum_many": "the nim-sum of the {count} heaps is {nim_sum}",
    "nim.move": "take {take} from heap {heap} to leave nim-sum 0 ({size} XOR {nim_sum} = {to}): every answer makes "
                "it non-zero again",
    "nim.take_last": "take all {take} from heap {heap}, the last objects: whoever takes the last object wins",
    "nim.lost": "every move changes one heap, so it changes a bit of the nim-sum and leaves it non-zero, and the "
                "opponent makes it 0 again",
    "nim.note": "take {take} from heap {heap}: {size} becomes {to}, leaving nim-sum {after}",
    "nim.note_slower": "take {take} from heap {heap}: {size} becomes {to}, leaving nim-sum {after}; also wins, but "
                       "in {k} instead of {best}",
    "nim.note_hold": "holds out longest (leaves nim-sum {after}): the opponent needs {k} moves to win",
    # misère nim
    "misere.big": "misère nim: a heap has 2 or more, so the nim-sum decides as in normal play: it is {nim_sum}",
    "misere.big_lost": "every move leaves the nim-sum non-zero, or leaves single objects in an even number",
    "misere.move": "take {take} from heap {heap} to leave nim-sum 0, with a heap of 2 or more still standing",
    "misere.exception": "take {take} from heap {heap} to leave {ones} single objects, an odd number: here the "
                        "misère exception applies (nim-sum {after}, not 0), and the opponent takes the last one",
    "misere.exception_one": "take {take} from heap {heap} to leave a single object: here the misère exception "
                            "applies (nim-sum {after}, not 0), and the opponent must take it",
    "misere.note_one": "take {take} from heap {heap}: leaves a single object (the misère exception: nim-sum {after})",
    "misere.ones_odd": "misère nim: only single objects remain ({ones}), an odd number: whoever faces an odd "
                       "number of them takes the last one and loses",
    "misere.ones_even": "misère nim: only single objects remain ({ones}), an even number: take one to leave an odd "
                        "number, and the opponent takes the last one",
    "misere.last": "misère nim: one object is left, and whoever takes the last object loses",
    "misere.note": "take {take} from heap {heap}: {size} becomes {to}, leaving nim-sum 0",
    "misere.note_odd": "take {take} from heap {heap}: leaves {ones} single objects, an odd number (the misère "
                       "exception: nim-sum {after})",
    # ---------------------------------------------------------------- kayles
    "kayles.rule": "a row of n pins has the Grundy value G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...)",
    "kayles.value": "the row's value G({pins}) = {nim_sum}",
    "kayles.values": "the rows' values {rows:g} = {values:xor} = {nim_sum}",
    "kayles.values_many": "the nim-sum of the {count} rows' values is {nim_sum}",
    "kayles.throw": "throw {move} in the row {row}, leaving rows of {leaves:and}, to make the nim-sum 0",
    "kayles.throw_last": "throw {move} in the row {row}: it knocks down the last pins",
    "kayles.throw_clear": "throw {move} in the row {row}, clearing it, to make the nim-sum 0",
    "kayles.note_clear": "clears the row {row}: nim-sum 0",
    "kayles.lost": "every throw changes one row's value and leaves a non-zero nim-sum",
    "kayles.note": "in the row {row}, leaves rows of {leaves:and}: nim-sum 0",
    # ---------------------------------------------------------------- subtraction
    "sub.period": "above the goal the lost sizes below {below} are {lost:list}, and from {start} on the pattern "
                  "repeats with period {period}: a size n is lost when n mod {period} is {residues:or}",
    "sub.period_won": "above the goal the lost sizes below {below} are {lost:list}, and from {start} on the pattern "
                      "repeats with period {period}: every size from there is won",
    "sub.won": "the heap is {size} above the goal, a won size: take {take} to leave {left}, a lost size",
    "sub.won_ends": "the heap is {size} above the goal: take {take} to leave {left}, where no allowed amount fits "
                    "above the goal, so it is the last move and wins",
    "sub.lost": "the heap is {size} above the goal, a lost size: every take leaves a won one",
    "sub.note": "leaves {left} above the goal, a lost size",
    "sub.note_heap": "leaves {left} above the goal ({heap} in the heap), a lost size",
    # ---------------------------------------------------------------- stones
    "stones.reach_loses": "whoever reaches the goal loses, so the player facing it avoids it as long as possible",
    "stones.grundy_win": "the Grundy value of the position is {g}: not 0, a move to value 0 wins",
    "stones.grundy_loss": "the Grundy value of the position is 0: every move leads to a value other than 0",
    # ---------------------------------------------------------------- corner
    "corner.at": "{cell} is ({x}, {y}) counted from a1",
    "corner.king": "a cell is lost for the player to move exactly when both distances to a1 are even",
    "corner.rook": "the rook is 2-heap Nim with heaps {x} and {y}: nim-sum {x} XOR {y} = {nim_sum}; the lost cells "
                   "are the diagonal x = y",
    "corner.queen": "the lost cells are Wythoff's pairs (floor(k*phi), floor(k*phi^2)) and their mirrors; with "
                    "difference {d} the pair is ({a}, {b}), so ({x}, {y}) is one",
    "corner.queen_not": "the lost cells are Wythoff's pairs (floor(k*phi), floor(k*phi^2)) and their mirrors; with "
                        "difference {d} the pair is ({a}, {b}), so ({x}, {y}) is not one",
    "corner.pairs": "the pairs on this board: {pairs:pairs}",
    "corner.search": "no classical rule for the {piece}: every cell solved backwards from a1 (a cell is lost when "
                     "every move from it reaches a won cell)",
    "corner.search_blocked": "no classical rule with blocked cells: every cell solved backwards from a1 (a cell is "
                             "lost when every move from it reaches a won cell)",
    "corner.win": "with the {piece} on {cell} the player to move wins in {k}: move to {move}, a lost cell",
    "corner.win_now": "with the {piece} on {cell} the player to move wins at once: move to {move}, where the game "
                      "ends",
    "corner.loss": "with the {piece} on {cell} every move leaves a won cell: the player to move loses in {k}",
    "corner.note": "moves to a lost cell (loss in {k} for the opponent, Grundy value {g})",
    "corner.note_slower": "moves to a lost cell (loss in {k} for the opponent, Grundy value {g}); also wins, but "
                          "in {mine} instead of {best}",
    "corner.note_hold": "holds out longest (the opponent has a win in {k} there)",
    # ---------------------------------------------------------------- pawn
    "pawn.rule": "the price of a cell is what Max gets from there with best play: on the diagonal its payoff, "
                 "elsewhere the larger of the two next prices where Max moves (x + y even) and the smaller where "
                 "Min moves",
    "pawn.max": "Max to move on {cell}, price {price}: {move} keeps it (Max wants it high)",
    "pawn.min": "Min to move on {cell}, price {price}: {move} keeps it (Min wants it low)",
    "pawn.note": "price {price} (the other cell: {other} {other_price})",
    "pawn.note_only": "the only move: price {price}",
    "pawn.note_same": "price {price}",
    # ---------------------------------------------------------------- pursuit
    "pursuit.catch": "capture times (retrograde over every pair of cells, pursuer to move): the pursuer catches "
                     "the evader in {t} rounds",
    "pursuit.never": "capture times (retrograde over every pair of cells, pursuer to move): the evader can run "
                     "for ever",
    "pursuit.within": "capture times (retrograde over every pair of cells, pursuer to move): wherever the evader "
                      "steps, it is caught within {t} rounds",
    "pursuit.escape": "capture times (retrograde over every pair of cells, pursuer to move): the evader has a "
                      "step from which it can run for ever",
    "pursuit.left": "{left} rounds are left, this one included",
    "pursuit.left_after": "the pursuer has {left} more rounds after this step",
    "pursuit.note_after": "rounds to the capture after it: {t}",
    "pursuit.note_from": "rounds to the capture from there: {t}",
    "pursuit.note_never": "the capture never comes from there",
    # ---------------------------------------------------------------- coins
    "coins.centre": "take the centre {centre}; then answer every coin with its mirror image through the centre: "
                    "the mirror cell is always free, so the opponent runs out of room first",
    "coins.mirror": "the centre {centre} is taken and the coins are symmetric through it but for {coin}: its "
                    "mirror image {move} makes them symmetric again and is always free",
    "coins.lost": "the centre {centre} is taken and the coins are symmetric through it: every coin placed now "
                  "has a free mirror image for the opponent, who therefore never runs out of room first",
    "coins.note_centre": "the centre: every later coin has a free mirror image",
    "coins.note_mirror": "the mirror image of {coin} through the centre",
    "coins.note_mirror_slower": "the mirror image of {coin} through the centre; also wins, but in {k} instead of "
                                "{best}",
}


def _nth(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _number(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


class _English(string.Formatter):
    """The English writing of arguments: numbers as digits, lists by the placeholder's spec."""

    def format_field(self, value: Any, spec: str) -> str:
        if spec == "nth":
            return _nth(int(value))
        if spec == "signed":
            return f"{value:+g}"
        if spec == "sp":
            return " ".join(map(_number, value))
        if spec == "xor":
            return " XOR ".join(map(_number, value))
        if spec == "or":
            return " or ".join(map(_number, value))
        if spec == "and":
            return " and ".join(map(_number, value))
        if spec == "list":
            return ", ".join(map(_number, value)) if value else "none"
        if spec == "g":
            return " XOR ".join(f"G({n})" for n in value)
        if spec == "pairs":
            return " ".join(f"({a},{b})" for a, b in value)
        if spec:
            raise ValueError(f"unknown placeholder spec {spec!r}")
        return _number(value)


_ENGLISH = _English()


def placeholders(template: str) -> set[str]:
    """The argument names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def say(pid: str, **args: Any) -> dict[str, Any]:
    """A phrase: its id and arguments (exactly those its template names; tuples become lists)."""
    template = PHRASES[pid]
    need = placeholders(template)
    if set(args) != need:
        raise ValueError(f"phrase {pid!r} takes {sorted(need)}, not {sorted(args)}")
    return {"id": pid, "args": {k: _plain(v) for k, v in args.items()}}


def _plain(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_plain(x) for x in v]
    return v


def text(phrase: dict[str, Any]) -> str:
    """A phrase in English."""
    return _ENGLISH.vformat(PHRASES[phrase["id"]], (), phrase["args"])


def sentence(phrases: list[dict[str, Any]]) -> str:
    """A reason in English: its phrases, each a clause, joined by ``"; "``."""
    return "; ".join(text(p) for p in phrases)


__all__ = ["PHRASES", "placeholders", "say", "sentence", "text"]
