// The page says a refusal of the node from its `say` (an illegal move's: the rules' own words) in its language,
// as the Python clients do: node --test tests/web/refusal.test.mjs, on the refusals and Python's words that
// tests/web/test_refusals_page.py writes to GRUNDY_REFUSAL_FIXTURES.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { loadCatalog } from "./catalogs.mjs";
import { LANGS, setLanguage, tSay } from "../../client/web/i18n.js";

const F = process.env.GRUNDY_REFUSAL_FIXTURES ? JSON.parse(readFileSync(process.env.GRUNDY_REFUSAL_FIXTURES, "utf-8")) : null;
const needs = { skip: F ? false : "GRUNDY_REFUSAL_FIXTURES is not set (tests/web/test_refusals_page.py sets it)" };
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };  // (setLanguage says the page's words)
const plain = (s) => s.replace(/[\u00a0\u202f]/g, " ");

test("every refusal reads as in Python, in every language", needs, async () => {
  let n = 0;
  for (const lang of LANGS) {
    loadCatalog(lang);
    await setLanguage(lang, false);
    for (const [say, message, words] of F[lang]) {
      assert.equal(plain(tSay(say, message)), plain(words), `${lang} ${say.id}`);
      n++;
    }
  }
  assert.ok(n > 40, `only ${n} refusals compared`);
});
