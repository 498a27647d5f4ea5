// The page's tournament view (client/web/tourney.js) against the terminal client's (client/tournament_view.py):
// tests/web/test_tourney_model.py writes the states and what Python makes of them, and runs this file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as tv from "../../client/web/tourney.js";

const vectors = JSON.parse(readFileSync(process.env.GRUNDY_TOURNEY_VECTORS, "utf-8"));

test("the same rows, details, standings, games and crosstable for every state", () => {
  for (const c of vectors.cases) {
    const s = c.state;
    const t = s.tournament;
    assert.deepEqual(tv.summaryRow(t), c.row, "list row");
    assert.equal(tv.details(t), c.details, "details");
    assert.equal(tv.standingText(t), c.standing, "state and round");
    assert.deepEqual(tv.standingsRows(s), c.standings, "standings");
    for (const [n, rows] of Object.entries(c.rounds)) assert.deepEqual(tv.roundGames(s, Number(n)), rows, `round ${n}`);
    assert.deepEqual(tv.roundGames(s), c.latest, "the latest round");
    for (const [who, yes] of Object.entries(c.entrants)) assert.equal(tv.isEntrant(s, who), yes, `entrant ${who}`);
    assert.deepEqual(tv.crosstable(s), c.crosstable, "crosstable");
  }
});

test("a rating in the one format every list shows", () => {
  for (const [rating, text] of vectors.ratings) assert.equal(tv.ratingText(rating), text, JSON.stringify(rating));
});

test("the same order of the list, and the same refusals in words", () => {
  const order = tv.ordered(vectors.cases.map((c) => c.state.tournament)).map((t) => t.tournament);
  assert.deepEqual(order, vectors.order);
  for (const [verb, code, message, words] of vectors.refusals) assert.equal(tv.refusal(verb, code, message), words);
});
