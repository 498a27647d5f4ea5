// The analysis board of a finished game, and the solver's explanations drawn on boards: the map's
// codes on cells (won / lost coloured), the best move lit, a line numbered, marks, the nim-sum
// table beside the board, the reason and the notation in words; the review's table and summary; the
// hint.  Everything is drawn from the explanation's data when it is there, never by the game's name
// (docs/PROTOCOL.md 4.14); the words and tables come from teach.js.
//
// The board at a past ply is the `view` the node sends with each `analyze {kind: "position", moves}`
// answer (with the legal moves there, for a "what if"): the page has no rules of its own.
import { drawBoard, el } from "./boards.js";
import * as X from "./explained.js";
import { language, t, t as tr } from "./i18n.js";
import * as T from "./teach.js";

const q = (root, attr, value) => root.querySelectorAll(`[${attr}="${CSS.escape(value)}"]`);

// ------------------------------------------------------------------ an explanation on a board

// The element of `board` that plays `move` (or shows its cell); null when the board shows no such thing.
function moveNode(board, move) {
  const direct = q(board, "data-move", move)[0] || q(board, "data-alt", move)[0] || q(board, "data-cell", move)[0];
  if (direct) return direct;
  const last = String(move).split(/\s+/).pop();  // `MODE CELL`: its cell
  return last !== move ? q(board, "data-cell", last)[0] || null : null;
}

// Draw `expl` on `board` (an element drawBoard made): the map's codes, marks, the line's order, the
// best moves (and `played`, the move the game took from here).  Returns the cell notes the board has
// no cell for (pairs of cells, say), for a table beside it.
export function decorate(board, expl, { played = null } = {}) {
  const unplaced = [];
  if (!expl) return unplaced;
  for (const note of expl.cells || []) {
    const cell = q(board, "data-cell", note.cell)[0];
    if (!cell) {
      unplaced.push(note);
      continue;
    }
    cell.classList.add("noted", `map-${T.cellTone(note)}`);
    cell.append(el("span", { class: "note", text: note.code }));
    cell.dataset.words = cell.title;
    cell.title = `${cell.title} · ${note.code}`;
  }
  for (const mark of expl.marks || []) {
    const node = moveNode(board, mark.cell);
    if (node) node.classList.add(`mk-${mark.role}`);
  }
  (expl.line || []).forEach((move, i) => {
    const node = moveNode(board, move);
    if (node && node.classList.contains("cell")) node.append(el("span", { class: `step step-${i % 2}`, text: i + 1 }));
  });
  const parts = expl.components || [];
  for (const m of (expl.moves || []).filter((n) => !n.also)) {
    const part = m.component === null || m.component === undefined ? null : parts[m.component];
    if (part && part.index !== null && part.index !== undefined) q(board, "data-heap", String(part.index + 1)).forEach((n) => n.classList.add("lit"));
  }
  for (const move of expl.also || []) moveNode(board, move)?.classList.add("also");  // also winning, slower
  for (const move of expl.best || []) moveNode(board, move)?.classList.add("best");
  if (played !== null) moveNode(board, played)?.classList.add("played");
  return unplaced;
}

// The nim-sum table: a row per part with its Grundy value in binary, and the nim-sum.
export function nimTableView(expl) {
  const t = T.nimTable(expl);
  if (!t) return null;
  const bitCells = (bits, sum = false) => bits.map((b, i) => el("td", { class: `bit${t.odd[i] ? " odd" : ""}${sum ? " sum" : ""}`, text: b }));
  return el("table", { class: "nim-table", "data-nim-sum": t.sum.value },
    el("thead", {}, el("tr", {}, el("th", { text: tr("web-an-part") }), el("th", { text: tr("web-an-size") }), el("th", { text: "Grundy" }),
      el("th", { colspan: t.width, text: tr("web-an-binary") }))),
    el("tbody", {},
      ...t.rows.map((r) => el("tr", { class: r.lit ? "lit" : "" }, el("td", { text: X.labelText(r.label) }), el("td", { text: r.size ?? "" }),
        el("td", { text: r.grundy }), ...bitCells(r.bits))),
      el("tr", { class: "nim-sum" }, el("td", { text: tr("solve-nim-sum") }), el("td", { text: "" }), el("td", { text: t.sum.value }),
        ...bitCells(t.sum.bits, true))));
}

// A small table of the map's notes that have no cell on the board (pairs of cells, say).
function cellTable(notes) {
  if (!notes.length) return null;
  return el("table", { class: "cell-map" },
    el("tbody", {}, ...notes.slice(0, 200).map((n) => el("tr", { class: `map-${T.cellTone(n)}` }, el("td", { text: n.cell }), el("td", { text: n.code })))));
}

// The board's own words for a move (a heap object's "take 2 from heap 1"), when they say more than
// the notation (a cell's title is only its name).
function meaningOn(board) {
  return (move) => {
    const node = board ? q(board, "data-move", move)[0] : null;
    const title = node?.dataset.words ?? node?.getAttribute("title");
    return title && !move.includes(title) ? title : null;
  };
}

// An explanation in words: the value, the rule, the reason, each good move with its notation
// explained, the line, the engine's view and what the map shows.
export function explanationView(expl, { name, board = null, unplaced = [], said: told = "" }) {
  if (!expl) return el("div", { class: "explanation" });
  const who = expl.to_move === null || expl.to_move === undefined ? null : name(expl.to_move);
  const by = X.byText(expl);
  const head = who === null ? by : t("web-an-head", { name: who, value: X.valueText(expl.value), by: expl.rule === "over" ? "" : by });
  const said = { ...expl, moves: (expl.moves || []).map((n) => ({ ...n, why: X.noteText(n) })) };  // in the page's language
  const all = T.notation(said, meaningOn(board));
  const item = (n) => el("li", { "data-note": n.move }, el("b", { text: n.move }), n.means ? ` = ${n.means}` : "", n.why ? `: ${n.why}` : "");
  const notes = all.filter((n) => !n.also);
  const slower = all.filter((n) => n.also);
  return el("div", { class: "explanation", "data-rule": expl.rule },
    el("p", { class: "value", "data-outcome": expl.value.outcome }, el("b", { text: head })),
    told.includes(expl.reason) ? null : el("p", { class: "reason", text: X.reasonText(expl) }),  // (not twice)
    notes.length && expl.rule !== "over" ? el("ul", { class: "notes" }, ...notes.map(item)) : null,
    slower.length ? el("p", { class: "also-head", text: t("solve-also-heading") }) : null,
    slower.length ? el("ul", { class: "notes also" }, ...slower.map(item)) : null,
    expl.line?.length ? el("p", { class: "line", text: t("solve-line", { moves: expl.line.map((m, i) => `${i + 1}. ${m}`).join("  ") }) }) : null,
    expl.evaluation ? el("p", { class: "evaluation", text: t("solve-evaluation", { text: X.evaluationText(expl) }) }) : null,
    expl.map_of ? el("p", { class: "map-of", text: t("web-an-map", { what: X.mapText(expl.map_of) }) }) : null,
    cellTable(unplaced));
}

// A board with an explanation on it and the nim-sum table beside it.
function boardWith(element, expl, played) {
  const unplaced = decorate(element, expl, { played });
  const table = nimTableView(expl);
  return { element: el("div", { class: "analysis-board" }, element, table), unplaced };
}

// ------------------------------------------------------------------ the hint

// A hint that teaches: the move drawn on the live board, the reason, the notation explained.
// Draws on `board` (the room's board element) and returns the words for beside it.
export function hintView(hint, board, name) {
  if (hint.refused) return el("p", { class: "hint", text: t("web-an-no-hint", { why: hint.refused }) });
  if (!hint.explanation) return el("p", { class: "hint", text: t("web-an-hint", { move: hint.hint ?? "" }) });
  const { unplaced } = decorateInPlace(board, hint.explanation);
  const english = hint.hint ?? hint.explanation.best.join(", ");
  const text = language() === "en" ? english : X.saidText((hint.hint_said || []).slice(0, 1)) || hint.explanation.best.join(", ");
  return el("div", { class: "hint" }, el("p", { class: "hint-move", text: t("web-an-hint", { move: text }) }),
    explanationView(hint.explanation, { name, board, unplaced, said: english }));
}

function decorateInPlace(board, expl) {
  const unplaced = decorate(board, expl);
  const table = nimTableView(expl);
  if (table && board.parentNode) {  // the table beside the board
    const box = el("div", { class: "analysis-board" });
    board.replaceWith(box);
    box.append(board, table);
  }
  return { unplaced };
}

// ------------------------------------------------------------------ the review

// The review: its summary on top, then a row per move (value before and after, the verdict, the
// better move and why); a click on a row shows that position on the analysis board.
export function reviewView(review, { name, open, current = null }) {
  const rows = (review.review || []).map(T.reviewRow);
  const summary = T.summaryLines(review.summary, name, review.review || []);
  const goTo = (ply) => () => open(ply);
  return el("div", { class: "review-box" },
    el("h3", { text: t("web-review-title") }),
    summary ? el("div", { class: "review-summary" },
      summary.text ? el("p", { class: "summary-text", text: summary.text }) : null,
      summary.stretches.length ? el("p", { class: "stretches" }, t("web-review-who-winning"), " ",
        ...summary.stretches.map((s, i) => el("span", { class: `stretch seat-${s.seat ?? "none"}`, text: `${i ? " · " : ""}${s.plies}: ${s.who}` }))) : null,
      summary.turning.length ? el("p", { class: "turning" }, t("web-review-turning"), " ",
        ...summary.turning.map((t, i) => el("a", { href: "#", "data-ply": t.ply, text: `${i ? "; " : ""}${t.text}`, onclick: (e) => { e.preventDefault(); open(t.ply); } }))) : null,
      summary.accuracy.length ? el("p", { class: "accuracy" }, t("web-review-accuracy"), " ", summary.accuracy.map((a) => a.text).join(" · ")) : null)
      : null,
    el("table", { class: "review" },
      el("thead", {}, el("tr", {}, ...["#", t("web-review-player"), t("web-review-move"), t("web-review-before"), t("web-review-after"), t("web-review-verdict")].map((h) => el("th", { text: h })))),
      el("tbody", {}, ...rows.flatMap((r) => {
        const attrs = (cls) => ({
          class: `${cls} ${r.tone}${current === r.ply ? " current" : ""}`, "data-ply": r.ply, title: t("web-review-show"),
          onclick: goTo(r.ply),
        });
        const row = el("tr", { ...attrs("move-row"), tabindex: 0, onkeydown: (e) => { if (e.key === "Enter") open(r.ply); } },
          el("td", { text: r.number }), el("td", { text: name(r.seat) }), el("td", { text: r.move }),
          el("td", { class: "before", text: r.before }), el("td", { class: "after", text: r.after }),
          el("td", { class: "verdict", text: r.verdict }));
        if (!r.better && !r.why) return [row];
        // the better move and why, on a line of its own under the move (it is often a sentence)
        return [row, el("tr", attrs("better-row"), el("td", {}), el("td", { colspan: 5, class: "better" },
          r.better ? el("span", {}, t("web-review-better"), " ", el("b", { text: r.better })) : "", r.why ? `: ${r.why}` : ""))];
      }))));
}

// ------------------------------------------------------------------ the analysis board

// One finished room's analysis: where it stands (teach.js's nav) and the answers asked so far.
export class Analysis {
  // request(msg) -> Promise of the reply; redraw() draws the page again.
  constructor(room, request, redraw) {
    this.room = room.room;
    this.request = request;
    this.redraw = redraw;
    this.nav = T.startNav(room.moves.map((m) => m.move));
    this.answers = new Map(); // lineKey -> the `analysis` answer (or {refused})
    this.inflight = null;
    this.shown = null; // the last answer drawn: kept, dimmed, while the next one comes
    // The game's last position is the room's own when the rules ended the game; after a resignation,
    // a flag or an abandonment it was still open, and is explained (and tried) as any other.
    this.endsByRules = (room.result?.ending ?? "rules") === "rules";
  }

  // The game's moves changed (a fuller snapshot after the end): start again from them.
  sync(room) {
    const moves = room.moves.map((m) => m.move);
    if (T.lineKey(moves) !== T.lineKey(this.nav.record)) this.nav = T.startNav(moves);
  }

  go(nav) {
    if (!nav) return;
    this.nav = nav;
    this.pump();
    this.redraw();
  }

  key(key) { this.go(T.step(this.nav, key)); }
  at(ply) { this.go(T.goTo(this.nav, ply)); }
  // A move may be tried at the position shown (its answer is here and the game is not over there).
  canTry() {
    return (this.answers.get(T.lineKey(T.shownMoves(this.nav)))?.legal_moves || []).length > 0;
  }

  // A "what if": play `move` at the position shown; the reason in words when it cannot be played.
  play(move) {
    const nav = this.nav;
    if (this.endsByRules && T.gamePly(nav) === nav.record.length) return t("web-an-over-here");
    const answer = this.answers.get(T.lineKey(T.shownMoves(nav)));
    if (!answer?.legal_moves) return t("web-an-wait");
    const text = T.legalText(move, answer.legal_moves);
    if (text === null) return t("web-an-illegal", { move });
    this.go(T.tryMove(nav, text));
    return null;
  }
  back() { this.go(T.backToGame(this.nav)); }
  again() {
    this.answers.delete(T.lineKey(T.shownMoves(this.nav)));
    this.pump();
    this.redraw();
  }

  // Ask for the next position wanted, one at a time (the node's solver is one worker for everybody).
  pump() {
    if (this.inflight !== null) return;
    const moves = T.nextWanted(this.nav, this.answers, 2, this.endsByRules);
    if (moves === null) return;
    const key = T.lineKey(moves);
    this.inflight = key;
    this.request({ type: "analyze", room: this.room, kind: "position", moves })
      .then((msg) => msg, (err) => ({ refused: err?.message || String(err) }))
      .then((msg) => {
        this.answers.set(key, msg);
        this.inflight = null;
        if (key === T.lineKey(T.shownMoves(this.nav))) this.redraw();
        this.pump();
      });
  }

  // The board, the buttons under it and the panel of words, for the page to show.
  draw(room, { name, mode, over, review = null }) {
    const nav = this.nav;
    const moves = T.shownMoves(nav);
    const gamePly = T.gamePly(nav);
    const atEnd = this.endsByRules && gamePly === nav.record.length;
    const answer = atEnd ? null : this.answers.get(T.lineKey(moves));
    const waiting = !atEnd && !answer;
    if (waiting) this.pump(); // (the position shown is asked for; the ones around it once the user steps)
    if (answer) this.shown = answer;
    const shown = waiting ? this.shown : answer;
    const expl = shown?.explanation ?? null;
    const played = gamePly !== null && gamePly < nav.record.length && !waiting ? nav.record[gamePly] : null;
    const play = (move) => this.play(move);
    let element;
    let used = new Set();
    if (atEnd || !shown?.view) {
      ({ element, used } = drawBoard({ ...room, legal_moves: null }, { play, mode }));
    } else {  // (while the next answer comes the last board stays, dimmed, and takes no move; the game's
      // result is not this position's: a line that won the game is marked only where the view shows it)
      const position = { ...room, result: null, view: shown.view, legal_moves: waiting ? null : shown.legal_moves };
      ({ element, used } = drawBoard(position, { play, mode }));
    }
    const { element: board, unplaced } = boardWith(element, atEnd || waiting ? null : expl, played);
    if (waiting) board.classList.add("pending");
    const extras = waiting || atEnd ? [] : (shown?.legal_moves || []).filter((m) => !used.has(m)).slice(0, 60)
      .map((m) => el("button", { type: "button", class: "small move-button", "data-move": m, text: m, onclick: () => play(m) }));
    return { board, extras, panel: this.panel(room, { name, over, review, answer, waiting, expl, element, unplaced, atEnd }) };
  }

  panel(room, { name, over, review, answer, waiting, expl, element, unplaced, atEnd }) {
    const nav = this.nav;
    const onGame = T.onGameLine(nav);
    const button = (id, text, title, onclick, disabled) => el("button", { type: "button", class: "small", id, title, text, onclick, disabled });
    const mover = nav.ply === 0 ? null : this.moverAt(room, nav.ply - 1);
    const where = nav.ply === 0
      ? t("web-an-start")
      : t("web-an-after", { ply: nav.ply, of: onGame ? nav.record.length : 0, move: mover === null ? nav.line[nav.ply - 1]
        : `${name(mover)}: ${nav.line[nav.ply - 1]}` });
    const bar = el("div", { class: "analysis-nav" },
      button("an-first", "|◀", t("web-an-first"), () => this.key("Home"), nav.ply === 0),
      button("an-prev", "◀", t("web-an-prev"), () => this.key("ArrowLeft"), nav.ply === 0),
      button("an-next", "▶", t("web-an-next"), () => this.key("ArrowRight"), nav.ply >= nav.line.length),
      button("an-last", "▶|", t("web-an-last"), () => this.key("End"), nav.ply >= nav.line.length),
      el("span", { id: "an-where", "data-ply": nav.ply, text: where }));
    const parts = [bar];
    if (!onGame) {
      const from = T.branchPoint(nav);
      const tried = nav.line.slice(from, nav.ply);
      const mover = this.moverAt(room, from);
      const before = from === nav.ply ? null : this.answers.get(T.lineKey(nav.line.slice(0, nav.ply - 1)))?.explanation;
      const last = nav.line[nav.ply - 1];
      const told = nav.ply > from ? T.afterMove(last, this.moverAt(room, nav.ply - 1), before ?? null, waiting ? null : expl, name) : null;
      parts.push(el("div", { class: "what-if" },
        el("p", {}, el("b", { text: t("web-an-what-if") }), " ", tried.length ? tried.join(", ") : t("web-an-no-move-yet"),
          from < nav.record.length ? ` ${t("web-an-instead", { move: nav.record[from] })}` : "",
          mover === null ? "" : ` (${t("web-an-to-move-at", { name: name(mover), n: from + 1 })})`),
        told ? el("p", { class: "what-if-value", text: `${told.text}${told.verdict ? `: ${told.verdict}` : ""}.` }) : null,
        button("an-back", t("web-an-back"), t("web-an-back-title"), () => this.back(), false)));
    } else if (!atEnd) {
      parts.push(el("p", { class: "about", text: t("web-an-about") }));
    }
    if (T.gamePly(nav) === nav.record.length) {
      const back = nav.record.length ? "yes" : "no";
      parts.push(el("p", { class: "explanation-over", text: this.endsByRules ? t("web-an-end", { back }) : t("web-an-last-position", { over, back }) }));
    }
    if (waiting) {
      parts.push(el("p", { class: "waiting", text: t("web-an-looking") }));
    } else if (answer?.refused) {
      parts.push(el("p", { class: "refused", text: `${t("web-an-refused", { why: answer.refused })} ` }, button("an-again", t("web-an-again"), "", () => this.again(), false)));
    }
    const gamePly = T.gamePly(nav);
    if (gamePly !== null && gamePly < nav.record.length && !waiting) parts.push(this.playedHere(room, name, review));
    if (!atEnd && !waiting && expl) parts.push(explanationView(expl, { name, board: element, unplaced }));
    return parts;
  }

  // Who moves at `ply` of the line shown: the game's seat while the line is the game's, else the
  // explanation's seat to move there.
  moverAt(room, ply) {
    const from = T.branchPoint(this.nav);
    if (ply < this.nav.record.length && (from === null || ply <= from)) return room.moves[ply]?.seat ?? null;
    return this.answers.get(T.lineKey(this.nav.line.slice(0, ply)))?.explanation?.to_move ?? null;
  }

  // The move the game took from the position shown, with the review's verdict when there is one.
  playedHere(room, name, review) {
    const ply = this.nav.ply;
    const m = room.moves[ply];
    const row = review?.review?.find((r) => r.ply === ply);
    const r = row ? T.reviewRow(row) : null;
    return el("p", { class: "played-here" }, t("web-an-in-the-game"), " ", el("b", { text: t("web-an-played", { name: name(m.seat), move: m.move }) }),
      r ? ` (${r.verdict}${r.before ? `; ${t("web-an-before-it", { value: r.before })}` : ""})` : "",
      r && r.better ? `; ${t("web-an-better-below", { moves: r.better })}` : "", ".");
  }
}
