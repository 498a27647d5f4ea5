// The page's room model (client/web/room.js) replays the recorded server streams and reaches the same
// rooms as the Python model: node --test tests/web/room.test.mjs
// (tests/web/test_room_model.py runs this).  The recordings are read from GRUNDY_RECORDINGS, or from
// tests/client/recordings/ in this checkout; without them every test is skipped, saying why.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { reduce } from "../../client/web/room.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DIR = process.env.GRUNDY_RECORDINGS || join(ROOT, "tests", "client", "recordings");
const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith(".json")).sort() : [];

if (files.length === 0) {
  test("the recorded server streams", { skip: `no recordings in ${DIR}` }, () => {});
}

for (const file of files) {
  const recording = JSON.parse(readFileSync(join(DIR, file), "utf-8"));
  test(`${file}: ${recording.description}`, () => {
    assert.equal(recording.states.length, recording.messages.length, "a state after every message");
    let room = null;
    recording.messages.forEach((msg, i) => {
      const frozen = structuredClone(room);
      const [after, sends] = reduce(room, msg);
      assert.deepEqual(room, frozen, `message ${i} (${msg.type}) changed the room it was given`);
      assert.deepEqual(after, recording.states[i], `the room after message ${i} (${msg.type})`);
      if (recording.sends) assert.deepEqual(sends, recording.sends[i], `what is sent after message ${i} (${msg.type})`);
      room = after;
    });
  });
}
