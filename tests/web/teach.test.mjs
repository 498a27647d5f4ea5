// The page's teaching words and tables (client/web/teach.js): node --test tests/web/teach.test.mjs,
// on the solver's answers that tests/web/test_teach.py writes to GRUNDY_TEACH_FIXTURES.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import "./catalogs.mjs";
import * as T from "../../client/web/teach.js";

const F = process.env.GRUNDY_TEACH_FIXTURES ? JSON.parse(readFileSync(process.env.GRUNDY_TEACH_FIXTURES, "utf-8")) : null;
const needs = { skip: F ? false : "GRUNDY_TEACH_FIXTURES is not set (tests/web/test_teach.py sets it)" };
const names = ["Ann", "Bob"];
const name = (i) => names[i];

test("stepping through a game: ←/→, Home/End, a click, bounds", () => {
  let nav = T.startNav(["3:4", "2:2", "1:3", "2:1"]);
  assert.equal(nav.ply, 4);
  assert.equal(T.step(nav, "ArrowRight").ply, 4); // not past the end
  nav = T.step(nav, "ArrowLeft");
  assert.deepEqual(T.shownMoves(nav), ["3:4", "2:2", "1:3"]);
  nav = T.step(nav, "Home");
  assert.equal(nav.ply, 0);
  assert.equal(T.step(nav, "ArrowLeft").ply, 0);
  assert.equal(T.step(nav, "End").ply, 4);
  assert.equal(T.step(nav, "Enter"), null);
  assert.equal(T.goTo(nav, 2).ply, 2);
  assert.equal(T.goTo(nav, 99).ply, 4);
  assert.equal(T.lineKey(["1:2"]), '["1:2"]');
});

test("a what-if leaves the game's line and comes back where it left", () => {
  let nav = T.goTo(T.startNav(["3:4", "2:2", "1:3", "2:1"]), 1);
  assert.equal(T.tryMove(nav, "2:2").line.length, 4); // the game's own move: the same line, one on
  assert.ok(T.onGameLine(T.tryMove(nav, "2:2")));
  nav = T.tryMove(nav, "1:1");
  assert.deepEqual(nav.line, ["3:4", "1:1"]);
  assert.equal(nav.ply, 2);
  assert.equal(T.branchPoint(nav), 1);
  assert.equal(T.gamePly(nav), null);
  nav = T.tryMove(nav, "2:3");
  assert.deepEqual(T.shownMoves(nav), ["3:4", "1:1", "2:3"]);
  assert.equal(T.step(nav, "End").ply, 3); // the ends are the what-if's
  assert.equal(T.gamePly(T.step(T.step(nav, "ArrowLeft"), "ArrowLeft")), 1); // stepped back before it left
  const back = T.backToGame(nav);
  assert.deepEqual(back.line, ["3:4", "2:2", "1:3", "2:1"]);
  assert.equal(back.ply, 1);
  assert.ok(T.onGameLine(back));
});

test("what to ask the solver next: the position shown, then the next ones, then the one before", () => {
  const nav = T.goTo(T.startNav(["a", "b", "c", "d"]), 1);
  const known = new Set();
  const asked = [];
  for (let moves = T.nextWanted(nav, known); moves !== null; moves = T.nextWanted(nav, known)) {
    asked.push(moves);
    known.add(T.lineKey(moves));
  }
  assert.deepEqual(asked, [["a"], ["a", "b"], ["a", "b", "c"], []]);
  const end = T.startNav(["a", "b"]); // the game's own end is never asked for (the room shows it)
  assert.deepEqual(T.nextWanted(end, new Set([T.lineKey(["a"])])), null);
  const whatIf = T.tryMove(T.goTo(end, 1), "x"); // a what-if that may end: asked
  assert.deepEqual(T.nextWanted(whatIf, new Map()), ["a", "x"]);
});

test("the nim-sum table of nim 3, 4, 5: binary rows, the nim-sum 2, the heap 1:2 changes", needs, () => {
  const t = T.nimTable(F.nim_start);
  assert.deepEqual(t.rows.map((r) => [r.label, r.size, r.grundy, r.bits.join("")]), [
    ["heap 1", 3, 3, "011"], ["heap 2", 4, 4, "100"], ["heap 3", 5, 5, "101"],
  ]);
  assert.deepEqual([t.sum.value, t.sum.bits.join("")], [2, "010"]);
  assert.deepEqual(t.odd, [false, true, false]);
  assert.deepEqual(t.rows.map((r) => r.lit), [true, false, false]);
  assert.equal(T.nimTable(F.corner), null); // no components: no table
  assert.equal(T.nimTable(null), null);
});

test("a table for parts without binary rows: their Grundy values in binary, as wide as the widest", needs, () => {
  const t = T.nimTable(F.kayles);
  assert.ok(t.rows.length >= 1);
  for (const r of t.rows) assert.equal(parseInt(r.bits.join(""), 2), r.grundy);
  assert.equal(parseInt(t.sum.bits.join(""), 2), t.rows.reduce((x, r) => x ^ r.grundy, 0));
  assert.ok(t.rows.every((r) => r.bits.length === t.width));
});

test("moves that also win, more slowly, are notes of their own and light no heap", needs, () => {
  const notes = T.notation(F.nim_744);
  assert.deepEqual(notes.filter((n) => !n.also).map((n) => n.move), F.nim_744.best);
  assert.deepEqual(notes.filter((n) => n.also).map((n) => n.move), F.nim_744.also);
  assert.deepEqual(F.nim_744.best, ["1:7"]);
  assert.deepEqual(T.nimTable(F.nim_744).rows.map((r) => r.lit), [true, false, false]);
});

test("the notation explained: 1:2 = take 2 from heap 1, and why", needs, () => {
  const meaning = (m) => ({ "1:2": "take 2 from heap 1" })[m] ?? null;
  const [note] = T.notation(F.nim_start, meaning);
  assert.equal(note.move, "1:2");
  assert.match(note.text, /^1:2( = take 2 from heap 1)?: /);
  assert.equal(note.text.split("take 2 from heap 1").length, 2, note.text); // the words once: in the why or added
  assert.match(note.text, /nim-sum 0/);
  assert.equal(note.after, 0);
  assert.equal(T.notation(F.nim_start)[0].text, `1:2: ${F.nim_start.moves[0].why}`); // no words: the move alone
  const bare = { best: ["1:2"], moves: [{ move: "1:2", why: "leaves nim-sum 0" }] }; // a why without the words
  assert.equal(T.notation(bare, meaning)[0].text, "1:2 = take 2 from heap 1: leaves nim-sum 0");
  assert.deepEqual(T.notation({ best: ["g7"], moves: [] }).map((n) => n.text), ["g7"]);
  assert.deepEqual(T.notation(null), []);
});

test("what a tried move leads to, in words, with a verdict", needs, () => {
  const good = T.afterMove("1:2", 0, F.nim_start, F.nim_after_1_2, name);
  assert.match(good.text, /^After 1:2, Bob is to move with a loss\b/);
  assert.equal(good.verdict, "a best move");
  const bad = T.afterMove("3:4", 0, F.nim_start, F.nim_after_3_4, name);
  assert.match(bad.text, /^After 3:4, Bob is to move with a win/);
  assert.equal(bad.verdict, "it throws the win away");
  assert.equal(T.afterMove("3:4", 0, null, F.nim_after_3_4, name).verdict, "a losing move");
  assert.match(T.afterMove("1:1", 0, F.nim_start, null, name).text, /looking at it/);
  const over = { to_move: null, value: { outcome: "unknown", text: "not proven" }, reason: "Bob took the last object" };
  assert.equal(T.afterMove("3:5", 1, null, over, name).text, "After 3:5 the game is over: Bob took the last object");
});

test("a review row: values before and after, the verdict, the better move and why", needs, () => {
  const [bad, best] = F.review.map(T.reviewRow);
  assert.deepEqual([bad.number, bad.before, bad.after, bad.verdict, bad.better, bad.why, bad.tone],
    [1, "win in 6", "loss in 4", "threw the win away", "1:2", "1:2 leaves nim-sum 0", "verdict-threw"]);
  assert.deepEqual([best.better, best.why, best.tone], ["", "", "verdict-best"]);
  const old = T.reviewRow(F.old_review[0]); // a row without values: the words it has
  assert.deepEqual([old.before, old.after, old.better], ["win in 6", "", ""]);
  assert.equal(T.reviewRow({ ...F.review[0], verdict: "engine's choice" }).tone, "verdict-engines");
});

test("a review's summary with the players' names", needs, () => {
  const s = T.summaryLines(F.summary, name, F.review);
  assert.equal(s.text, "seat 0 threw the win away at move 1");
  assert.deepEqual(s.stretches.map((x) => `${x.plies}: ${x.who}`), ["move 1: Ann winning", "move 2: Bob winning"]);
  assert.deepEqual(s.turning.map((x) => x.text), ["move 1, 3:4 by Ann (threw the win away)"]);
  assert.deepEqual(s.accuracy.map((x) => x.text), ["Ann: 0% (0 of 1 move best)", "Bob: 100% (1 of 1 move best)"]);
  const drawn = T.summaryLines({ stretches: [{ start: 0, end: 3, seat: null, text: "drawn" }], turning: [], accuracy: [], text: "" }, name);
  assert.deepEqual(drawn.stretches.map((x) => `${x.plies}: ${x.who}`), ["moves 1-4: drawn"]);
  assert.equal(T.summaryLines(null, name), null);
});

test("a map's cells: won, lost, drawn, safe, mined, or a plain number", () => {
  assert.deepEqual(
    [{ code: "W3", outcome: "win" }, { code: "L2", outcome: "loss" }, { code: "D", outcome: "draw" }, { code: "safe" },
      { code: "mine" }, { code: "0.25" }].map(T.cellTone),
    ["won", "lost", "drawn", "safe", "mined", "plain"]);
});

test("a typed what-if move is taken as the legal moves write it", () => {
  assert.equal(T.legalText(" H8 ", ["h8", "h9"]), "h8");
  assert.equal(T.legalText("1:2", ["1:1", "1:2"]), "1:2");
  assert.equal(T.legalText("9:9", ["1:1"]), null);
});
