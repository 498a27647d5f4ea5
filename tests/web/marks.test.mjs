// The page's room model names what a room shows: its title, its winner's line, each seat's mark.
// node --test tests/web/marks.test.mjs (tests/web/test_room_model.py runs it).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { heading, reduce, seatMarks, winningLine } from "../../client/web/room.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIR = join(ROOT, "tests", "client", "recordings");

test("a finished line game names its winner, carries its winning line, and each seat knows its mark", () => {
  const file = join(DIR, "line_win.json");
  assert.ok(existsSync(file), "the line_win recording is committed");
  const recording = JSON.parse(readFileSync(file, "utf-8"));
  let room = null;
  for (const msg of recording.messages) [room] = reduce(room, msg);
  assert.equal(heading(room), "Gomoku 15x15");
  assert.equal(room.reason, "Ann (black) made five in a row");
  assert.deepEqual(winningLine(room), ["h8", "i8", "j8", "k8", "l8"]);
  assert.deepEqual(seatMarks(room.view), ["black (X)", "white (O)"]);
  assert.equal(room.you, 1);
});

test("seat marks: letters of m,n,k; colours of gomoku once chosen; none elsewhere", () => {
  assert.deepEqual(seatMarks({ symbols: ["X", "O", "Y"] }), ["X", "O", "Y"]);
  assert.deepEqual(seatMarks({ symbols: { black: "X", white: "O" }, colours: ["white", "black"], colours_chosen: true }), ["white (O)", "black (X)"]);
  assert.equal(seatMarks({ symbols: { black: "X", white: "O" }, colours: ["black", "white"], colours_chosen: false }), null);
  assert.equal(seatMarks({ heaps: [1, 2] }), null);
  assert.equal(heading({ title: "", game: "nim" }), "nim");
});
