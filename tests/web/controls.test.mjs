// The page's notation lines and Hint rule (client/web/controls.js) give the Python clients' answers
// (client/controls.py): node --test tests/web/controls.test.mjs, on the cases tests/web/test_controls.py
// writes to GRUNDY_CONTROLS_CASES.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import "./catalogs.mjs";
import { hintControl, notationLines } from "../../client/web/controls.js";

const F = process.env.GRUNDY_CONTROLS_CASES ? JSON.parse(readFileSync(process.env.GRUNDY_CONTROLS_CASES, "utf-8")) : null;
const needs = { skip: F ? false : "GRUNDY_CONTROLS_CASES is not set (tests/web/test_controls.py sets it)" };

test("the Hint control: the Python clients' state and words in every case", needs, () => {
  assert.ok(F.hints.length > 50);
  for (const c of F.hints) {
    const a = c.args;
    const got = hintControl({ game: a.game, you: a.you, status: a.status, rated: a.rated, hidden: a.hidden,
      turn: a.turn, names: a.names, hasBot: a.has_bot });
    assert.deepEqual(got, c.expected, JSON.stringify(a));
  }
});

test("the lines before the first move: the Python clients' lines for every game", needs, () => {
  assert.ok(F.notation.length > 5);
  for (const c of F.notation) assert.deepEqual(notationLines(c.notation, c.legal), c.expected, c.game);
});
