// A game's moves as people write them: a numbered row per round ("1. e4 e5" in a two-seat game; a row
// of three moves in a three-seat game), each move in its seat's column.  A click on a move (in a
// finished game) shows the position after it; the arrow keys step (app.js).  The list scrolls by
// itself to the move shown, within its own box: the page never moves, and the first rows stay reachable.
import { el } from "./boards.js";
import { t } from "./i18n.js";

// The rows of `moves` ({seat, move}, in order) with `seats` columns: a row is a round, so a new one
// starts when a seat moves that does not come after the last one in the row (a seat moving twice, or
// the first seat again).  Each cell is {seat, move, ply} (ply: the position after it), or null.
export function moveRows(moves, seats) {
  const rows = [];
  let row = null;
  let last = -1;
  moves.forEach((m, i) => {
    if (row === null || m.seat <= last) {
      row = { number: rows.length + 1, cells: Array.from({ length: Math.max(seats, m.seat + 1) }, () => null) };
      rows.push(row);
    }
    if (m.seat >= row.cells.length) row.cells.push(...Array.from({ length: m.seat + 1 - row.cells.length }, () => null));
    row.cells[m.seat] = { seat: m.seat, move: m.move, ply: i + 1 };
    last = m.seat;
  });
  return rows;
}

// Draw the list into `list` (an <ol>) and the seats' names over its columns into `head`.
// name(seat) -> words; current: the ply shown (null: the live game, whose last move is kept in view);
// open(ply): show the position after that move (null: moves are not clickable).
export function drawMoveList(list, head, room, { name, current = null, open = null }) {
  const seats = Math.max(1, room.seats.length);
  const rows = moveRows(room.moves, seats);
  const columns = Math.max(seats, ...rows.map((r) => r.cells.length));
  for (const box of [list, head]) box.style.setProperty("--seats", String(columns));
  head.replaceChildren(el("span", {}), ...Array.from({ length: columns }, (_, i) => el("span", { text: name(i), title: name(i) })));
  head.hidden = rows.length === 0;
  const lastPly = room.moves.length;
  list.replaceChildren(...rows.map((r) => el("li", { class: "round", "data-round": r.number },
    el("span", { class: "num", "aria-hidden": "true", text: `${r.number}.` }),
    ...r.cells.map((c, seat) => {
      if (c === null) return el("span", { class: "ply empty", "aria-hidden": "true", text: seat === 0 ? "…" : "" });
      const text = c.move ?? t("web-move-hidden");
      return el("span", {
        class: `ply${open ? " clickable" : ""}${current === c.ply ? " current" : ""}${c.ply === lastPly ? " last" : ""}`,
        "data-ply": c.ply, "data-seat": seat, "aria-label": `${r.number}. ${name(seat)}: ${text}`,
        title: open ? t("web-move-show-after") : null, role: open ? "button" : null,
        onclick: open ? () => open(c.ply) : null, text,
      });
    }))));
  // The move shown (or the last one) in view, scrolling the list only.
  const target = list.querySelector(".ply.current") ?? (current === null ? list.lastElementChild : null);
  if (target) {
    const row = target.closest("li") ?? target;
    const top = row.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + row.offsetHeight - list.clientHeight;
  }
}
