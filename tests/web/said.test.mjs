// The page says the solver's phrase lists (a hint's `hint_said`, a review row's `why_said`, a summary's
// `said`, the exam's `why19_said`, a puzzle's `task_said` and `verdict_said`) as client/explained.py
// `said_text` does, in every language: node --test tests/web/said.test.mjs, on the phrases and Python's
// words that tests/web/test_teach_said.py writes to GRUNDY_SAID_FIXTURES.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { loadCatalog } from "./catalogs.mjs";
import { saidText } from "../../client/web/explained.js";
import { LANGS, setLanguage } from "../../client/web/i18n.js";

const F = process.env.GRUNDY_SAID_FIXTURES ? JSON.parse(readFileSync(process.env.GRUNDY_SAID_FIXTURES, "utf-8")) : null;
const needs = { skip: F ? false : "GRUNDY_SAID_FIXTURES is not set (tests/web/test_teach_said.py sets it)" };
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };  // (setLanguage says the page's words)

test("every phrase list reads as in Python, in every language", needs, async () => {
  for (const lang of LANGS) {
    loadCatalog(lang);
    await setLanguage(lang, false);
    for (const [said, english, words] of F[lang]) assert.equal(saidText(said, english), words, `${lang}: ${JSON.stringify(said)}`);
  }
});
