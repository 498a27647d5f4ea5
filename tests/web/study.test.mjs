// The study pages' addresses and words (client/web/study.js): node --test tests/web/study.test.mjs,
// on a tree and an exam table the node made (tests/web/test_study_model.py writes GRUNDY_STUDY_FIXTURES).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import "./catalogs.mjs";
import * as St from "../../client/web/study.js";

const F = process.env.GRUNDY_STUDY_FIXTURES ? JSON.parse(readFileSync(process.env.GRUNDY_STUDY_FIXTURES, "utf-8")) : null;
const needs = { skip: F ? false : "GRUNDY_STUDY_FIXTURES is not set (tests/web/test_study_model.py sets it)" };

test("an analysis address and back: parameters, moves with a space, a plus kept", () => {
  const address = St.analysisAddress("stones", { heaps: "7,30", ops: "+1,*2" }, ["1:+1", "r a1"], 12);
  assert.equal(address, "/analysis/stones?heaps=7,30&ops=+1,*2&moves=1:+1,r%20a1&tree=12");
  const [path, search] = address.split("?");
  assert.deepEqual(St.route(path, `?${search}`), {
    page: "analysis", game: "stones", params: { heaps: "7,30", ops: "+1,*2" }, moves: ["1:+1", "r a1"], tree: 12,
  });
  assert.equal(St.route("/analysis/nim", "?heaps=1&tree=99").tree, St.MAX_TREE_DEPTH);  // the node's bound
  assert.equal(St.route("/analysis/nim", "").tree, null);
  assert.equal(St.route("/analysis", "").game, null);
  assert.equal(St.route("/analysis/nim", "?heaps=%zz").params.heaps, "%zz");  // a stray % taken as it is
});

test("the exam's address keeps only its keys", () => {
  assert.equal(St.examAddress({ heaps: "7,S", ops: "+1,*2", goal: "77", rule: "", colour: "red" }), "/exam?heaps=7,S&ops=+1,*2&goal=77");
  assert.deepEqual(St.route("/exam", "?heaps=S,5&ops=+2,*3&goal=100&x=1"), { page: "exam", params: { heaps: "S,5", ops: "+2,*3", goal: "100" } });
  assert.deepEqual(St.route("/puzzle/p7", ""), { page: "puzzle", id: "p7" });
});

test("codes in the exam's notation, in words and colour", () => {
  assert.equal(St.codeText({ outcome: "win", code: 2 }), "+2");
  assert.equal(St.codeText({ outcome: "loss", code: -2 }), "-2");
  assert.equal(St.codeText({ outcome: "over", code: 0 }), "0");
  assert.equal(St.codeWords({ outcome: "win", code: 2 }), "the player to move wins by their 2nd move");
  assert.equal(St.codeWords({ outcome: "loss", code: -1 }), "the player to move loses by the opponent's 1st move at the latest");
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(St.ordinal), ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  assert.equal(St.codeTone({ outcome: "loss" }), "lost");
});

test("the node's tree walked with the moves to each node", needs, () => {
  const nodes = St.walk(F.tree);
  assert.equal(St.codeText(nodes[0].node), "-2");
  assert.deepEqual(nodes[1].path, [nodes[1].node.move]);
  for (const { node, path } of nodes) {
    if (path.length) assert.equal(path[path.length - 1], node.move);
    if (node.outcome === "win") assert.ok(node.children.length > 0 || node.more);
  }
});

test("the exam's rows: a code per S, coloured, each opening its tree", needs, () => {
  const rows = St.examRows(F.exam, { heaps: "7,S", ops: "+1,*2", goal: "77" }, "stones");
  const at = (s) => rows.find((r) => r.s === s);
  assert.deepEqual([at(30).text, at(31).text, at(33).text, at(34).text], ["-2", "+2", "-2", "+2"]);
  assert.deepEqual([at(30).tone, at(31).tone], ["lost", "won"]);
  assert.equal(at(33).tree, "/analysis/stones?heaps=7,33&ops=+1,*2&goal=77&rule=reach-wins&tree=12");
});

test("puzzles grouped by game, the next one, solved ones remembered", () => {
  const list = [{ id: "nim-1", game: "nim", source: "solver" }, { id: "nim-2", game: "nim", source: "solver" },
    { id: "g1", game: "nim", source: "game" }];
  assert.deepEqual(St.puzzleGroups(list).map((g) => [g.title, g.items.length]),
    [["nim", 2], [null, 1]]);
  assert.equal(St.nextPuzzle(list, "nim-2").id, "g1");
  assert.equal(St.nextPuzzle(list, "g1"), null);
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  assert.equal(St.solvedPuzzles(storage).size, 0);
  St.markSolved(storage, "nim-1");
  St.markSolved(storage, "nim-1");
  assert.deepEqual([...St.solvedPuzzles(storage)], ["nim-1"]);
  store.set(St.SOLVED_KEY, "not json");
  assert.equal(St.solvedPuzzles(storage).size, 0);
});
