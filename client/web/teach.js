// What the solver's explanations teach, in words and tables, without the DOM: the analysis board's
// steps through a finished game ("what if" lines included), the nim-sum table, a review's rows and
// summary, a move's notation.  Pure functions of the protocol's data (docs/PROTOCOL.md 4.14:
// Explanation, ReviewMove, ReviewSummary): every part is drawn when it is present, whatever the game
// (no game names here), and tested in node (tests/web/teach.test.mjs).

import * as X from "./explained.js";
import { language, t } from "./i18n.js";

// ------------------------------------------------------------------ stepping through a game

// nav: { record: the game's moves, line: the moves of the line shown (the game's, or a "what if"
// that leaves it), ply: how many of `line` are played on the board shown }.
export function startNav(record, ply = record.length) {
  return { record: [...record], line: [...record], ply: clamp(ply, 0, record.length) };
}

const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));

// The key of a position: the moves that lead to it.
export const lineKey = (moves) => JSON.stringify(moves);

export const shownMoves = (nav) => nav.line.slice(0, nav.ply);

// ←/→ one move, Home/End the ends of the line shown; null for any other key.
export function step(nav, key) {
  const to = { ArrowLeft: nav.ply - 1, ArrowRight: nav.ply + 1, Home: 0, End: nav.line.length }[key];
  if (to === undefined) return null;
  return { ...nav, ply: clamp(to, 0, nav.line.length) };
}

// The position after `ply` moves of the game's own line (a click in the move list or the review).
export function goTo(nav, ply) {
  return { ...nav, line: [...nav.record], ply: clamp(ply, 0, nav.record.length) };
}

// Where the line shown leaves the game's: the first ply that differs, or null on the game's line.
export function branchPoint(nav) {
  const n = Math.min(nav.line.length, nav.record.length);
  for (let i = 0; i < n; i++) if (nav.line[i] !== nav.record[i]) return i;
  return nav.line.length > nav.record.length ? nav.record.length : null;
}

export const onGameLine = (nav) => branchPoint(nav) === null;

// The ply shown when the position is one of the game's own (a "what if" stepped back to before it
// left the game's line counts), else null.
export function gamePly(nav) {
  const at = branchPoint(nav);
  return at === null || nav.ply <= at ? nav.ply : null;
}

// A move typed for a "what if", as the legal moves of the position write it (any case); null when
// it is none of them.
export function legalText(text, legal) {
  const t = text.trim();
  return legal.includes(t) ? t : legal.find((m) => m.toLowerCase() === t.toLowerCase()) ?? null;
}

// "What if": play `move` at the position shown. The line continues as before when it is the move the
// line already had there; otherwise a new line leaves from here.
export function tryMove(nav, move) {
  if (nav.line[nav.ply] === move) return { ...nav, ply: nav.ply + 1 };
  return { ...nav, line: [...nav.line.slice(0, nav.ply), move], ply: nav.ply + 1 };
}

// Back to the game's line, at the position where the "what if" left it.
export function backToGame(nav) {
  const at = branchPoint(nav);
  return { ...nav, line: [...nav.record], ply: at === null ? nav.ply : Math.min(at, nav.ply) };
}

// What to ask the solver for next: the position shown, then the next ones along the line (`ahead` of
// them) and the one before, skipping what `known` (a Set or Map of keys) already holds.  The game's
// own end is not asked for when the rules ended it (`skipEnd`: the room shows it); a resigned game's
// last position is, and so is a "what if" that ends.  null when nothing is left.
export function nextWanted(nav, known, ahead = 2, skipEnd = true) {
  const plies = [nav.ply];
  for (let i = 1; i <= ahead; i++) plies.push(nav.ply + i);
  plies.push(nav.ply - 1);
  const onRecord = onGameLine(nav);
  for (const ply of plies) {
    if (ply < 0 || ply > nav.line.length) continue;
    if (onRecord && skipEnd && ply === nav.record.length) continue;
    const moves = nav.line.slice(0, ply);
    if (!known.has(lineKey(moves))) return moves;
  }
  return null;
}

// ------------------------------------------------------------------ values in words

// What a move led to, from the explanation of the position after it: "after 2:1, Bob is to move with
// a win in 5" (`name(seat)` names a seat).  `before` is the explanation where the move was tried,
// for a verdict on it; both may be null (not known yet).
export function afterMove(move, mover, before, after, name) {
  if (!after) return { text: t("web-teach-looking", { move }), verdict: "" };
  if (after.to_move === null || after.to_move === undefined) {
    return { text: t("web-teach-over-after", { move, reason: X.reasonText(after) }), verdict: "" };
  }
  const value = X.valueText(after.value);
  const text = t("web-teach-after", { move, name: name(after.to_move), value, article: /^(win|loss|draw)\b/.test(value) ? "yes" : "no" });
  return { text, verdict: verdictOf(move, mover, before, after) };
}

function verdictOf(move, mover, before, after) {
  if (before && (before.best || []).includes(move)) return t("web-teach-best");
  const theirs = after.to_move !== mover;
  const o = after.value.outcome;
  const won = theirs ? o === "loss" : o === "win";
  const lost = theirs ? o === "win" : o === "loss";
  if (before && before.value.outcome === "win" && lost) return t("web-teach-throws-win");
  if (before && before.value.outcome === "draw" && lost) return t("web-teach-throws-draw");
  if (won) return t("web-teach-keeps-win");
  if (lost) return t("web-teach-losing");
  if (o === "draw") return t("web-teach-draw");
  return "";
}

// ------------------------------------------------------------------ the nim-sum table

const bits = (n) => (n >>> 0).toString(2);

// The explanation's components as a table: a row per part (label, size, Grundy value, its binary
// digits) and the nim-sum row; `lit` marks the part a good move changes, `odd` the columns with an
// odd number of ones (where the nim-sum has a 1).  null when the explanation has no components.
export function nimTable(expl) {
  const parts = expl?.components;
  if (!Array.isArray(parts) || parts.length === 0) return null;
  const sum = expl.nim_sum ?? parts.reduce((x, c) => x ^ c.grundy, 0);
  const width = Math.max(1, bits(sum).length, ...parts.map((c) => (c.binary ?? bits(c.grundy)).length),
    (expl.nim_sum_binary ?? "").length);
  const digits = (binary, value) => [...(binary ?? bits(value)).padStart(width, "0")];
  const lit = new Set((expl.moves || []).filter((m) => !m.also).map((m) => m.component).filter((c) => c !== null && c !== undefined));
  const rows = parts.map((c, i) => ({
    label: c.label, size: c.size ?? null, grundy: c.grundy, bits: digits(c.binary, c.grundy), lit: lit.has(i), index: c.index ?? null,
  }));
  const sumBits = digits(expl.nim_sum_binary, sum);
  return { rows, sum: { value: sum, bits: sumBits }, odd: sumBits.map((b) => b === "1"), width };
}

// ------------------------------------------------------------------ notation

// Each good move with what its notation means and why it is good: "1:2 = take 2 from heap 1: 3
// becomes 1, leaving nim-sum 0".  `meaning(move)` says a move in words (the board's own title for it,
// or null), written unless the why says it already; the notes are the explanation's `moves`, or its
// `best` moves when it has no notes.
export function notation(expl, meaning = () => null) {
  if (!expl) return [];
  const notes = (expl.moves || []).length ? expl.moves : (expl.best || []).map((move) => ({ move, why: "" }));
  return notes.map((n) => {
    const words = meaning(n.move);
    const means = words && words !== n.move && !(n.why || "").includes(words) ? words : null;
    const text = [n.move, means ? ` = ${means}` : "", n.why ? `: ${n.why}` : ""].join("");
    return { move: n.move, means, why: n.why || "", after: n.after ?? null, also: Boolean(n.also), text };
  });
}

// What a map of cells shows, for one cell: won / lost / drawn for the player to move, safe / mined,
// or plain (a price, a time, a probability).
export function cellTone(note) {
  if (note.outcome === "win") return "won";
  if (note.outcome === "loss") return "lost";
  if (note.outcome === "draw") return "drawn";
  if (/^safe$/i.test(note.code)) return "safe";
  if (/^mine/i.test(note.code)) return "mined";
  return "plain";
}

// ------------------------------------------------------------------ the review

// A review's row as the table shows it: the value before and after (the words of the older servers'
// `before` when there is no `value_before`), the verdict, and when the move was not best the better
// moves (the row's `best`, which the server fills only then) and why.
export function reviewRow(row) {
  const better = (row.best || []).filter((m) => m !== row.move);
  return {
    ply: row.ply,
    number: row.ply + 1,
    seat: row.seat,
    move: row.move,
    before: row.value_before ? X.valueText(row.value_before) : X.beforeText(row.before ?? ""),
    after: X.valueText(row.value_after),
    verdict: X.verdictText(row.verdict),
    better: better.join(", "),
    why: better.length ? X.whyText(row) : "",
    tone: `verdict-${(row.verdict.split(" ")[0] || "").toLowerCase().replace(/[^a-z]/g, "")}`,
  };
}

// A review's summary in lines, with the players' names: who was winning when, the moves that threw
// a win or a draw away (and by whom, from the review's rows), each player's accuracy.
export function summaryLines(summary, name, rows = []) {
  if (!summary) return null;
  const byPly = new Map(rows.map((r) => [r.ply, r]));
  const span = (s) => (s.start === s.end ? t("web-teach-move-n", { n: s.start + 1 }) : t("web-teach-moves-span", { from: s.start + 1, to: s.end + 1 }));
  const nobody = (s) => (language() === "en" ? s.text : /^worth /.test(s.text || "") ? t("web-teach-worth")
    : s.text === "drawn" ? t("web-value-draw") : t("web-value-unknown"));  // (the node's English words)
  return {
    text: language() === "en" ? summary.text || "" : X.saidText(summary.said),  // (the node's English, or its phrases)
    stretches: (summary.stretches || []).map((s) => ({
      plies: span(s), who: s.seat === null || s.seat === undefined ? nobody(s) : t("web-teach-winning", { name: name(s.seat) }), seat: s.seat ?? null, start: s.start,
    })),
    turning: (summary.turning || []).map((ply) => {
      const r = byPly.get(ply);
      return { ply, text: r ? t("web-teach-turning", { n: ply + 1, move: r.move, name: name(r.seat), verdict: X.verdictText(r.verdict) })
        : t("web-teach-move-n", { n: ply + 1 }) };
    }),
    accuracy: (summary.accuracy || []).map((a) => ({
      seat: a.seat, text: t("web-teach-accuracy", { name: name(a.seat), percent: a.percent, best: a.best, moves: a.moves }),
    })),
  };
}
