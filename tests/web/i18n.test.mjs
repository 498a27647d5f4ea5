// The page's Fluent interpreter (client/web/i18n.js) says every message of every catalog as the Python
// renderer (protocol/i18n.py, fluent.runtime + Babel) does: node --test tests/web/i18n.test.mjs, on the
// renderings tests/web/test_i18n_page.py writes to GRUNDY_I18N_FIXTURES.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as I from "../../client/web/i18n.js";

const F = process.env.GRUNDY_I18N_FIXTURES ? JSON.parse(readFileSync(process.env.GRUNDY_I18N_FIXTURES, "utf-8")) : null;
const needs = { skip: F ? false : "GRUNDY_I18N_FIXTURES is not set (tests/web/test_i18n_page.py sets it)" };
const plain = (s) => s.replace(/[\u00a0\u202f]/g, " ");

test("every message in every language reads as in Python", needs, () => {
  for (const [lang, source] of Object.entries(F.sources)) I.addCatalog(lang, source);
  let n = 0;
  for (const [lang, rows] of Object.entries(F.rendered)) {
    for (const [id, args, text] of rows) {
      assert.equal(plain(I.tIn(lang, id, args)), plain(text), `${lang} ${id}`);
      n++;
    }
  }
  assert.ok(n > 400, `only ${n} renderings compared`);
});

test("plurals by Intl.PluralRules, English for what a language lacks, never an id", needs, () => {
  for (const [lang, source] of Object.entries(F.sources)) I.addCatalog(lang, source);
  assert.deepEqual([1, 2, 5, 21].map((n) => I.tIn("ru", "moves-count", { n })), ["1 ход", "2 хода", "5 ходов", "21 ход"]);
  assert.deepEqual([1, 3, 11].map((n) => I.tIn("uk", "moves-count", { n })), ["1 хід", "3 ходи", "11 ходів"]);
  I.addCatalog("bg", "lang-name = Български\n");  // a catalog missing everything else
  assert.equal(I.tIn("bg", "web-hint"), "Hint");
  assert.equal(I.tIn("uk", "no-such-message"), "(a message this version does not know)");
  const unsaid = I.tIn("uk", "end-resign", {});  // an argument missing: neither the id nor nothing
  assert.ok(unsaid && !unsaid.includes("end-resign"), unsaid);
  // a say's `game` is a game's canonical name, said as the game is taught (docs/PROTOCOL.md)
  assert.equal(I.tSay({ id: "refuse-rated-seats", args: { game: "tictactoe", seats: 3 } }, "the node's"),
    "rated: Tic-tac-toe here has 3 seats; a rated game has two");
  assert.equal(I.tSay({ id: "refuse-no-such-id", args: {} }, "the node's words"), "the node's words");
  assert.equal(I.pick(["de-DE", "uk-UA"]), "uk");
  assert.equal(I.pick(["fr"]), "en");
});
