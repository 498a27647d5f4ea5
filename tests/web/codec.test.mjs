// The page's msgpack codec against the Python codec's bytes: node --test tests/web/codec.test.mjs VECTORS.json
// (tests/web/test_codec_vectors.py writes the vectors from the Python codec and runs this).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { decode, encode, MsgpackError } from "../../client/web/msgpack.js";

const path = process.env.GRUNDY_VECTORS;
const vectors = JSON.parse(readFileSync(path, "utf-8"));

const hex = (bytes) => Buffer.from(bytes).toString("hex");
const bytes = (h) => new Uint8Array(Buffer.from(h, "hex"));

// Tagged JSON -> the value the page works with: {"$bin": hex} is binary, {"$big": "n"} a BigInt.
function value(v) {
  if (Array.isArray(v)) return v.map(value);
  if (v && typeof v === "object") {
    if ("$bin" in v) return bytes(v.$bin);
    if ("$big" in v) return BigInt(v.$big);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
  }
  return v;
}

for (const vec of vectors.values) {
  test(`decodes ${vec.name}`, () => {
    assert.deepStrictEqual(decode(bytes(vec.hex)), value(vec.value));
  });
  if (vec.encode) {
    test(`encodes ${vec.name} to the Python codec's bytes`, () => {
      assert.equal(hex(encode(value(vec.value))), vec.hex);
    });
  }
}

for (const bad of vectors.bad) {
  test(`refuses ${bad.name}`, () => {
    assert.throws(() => decode(bytes(bad.hex)), MsgpackError);
  });
}

test("a map key named __proto__ is an ordinary key", () => {
  const got = decode(encode({ __proto__: null, ["__proto__"]: 1 }));
  assert.equal(Object.getPrototypeOf(got), Object.prototype);
  assert.equal(Object.keys(got).length, 1);
});
