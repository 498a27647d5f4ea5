// msgpack, as the grundy protocol uses it: one map per binary websocket frame.
//
// encode(value) -> Uint8Array, decode(bytes) -> value.  Values: null, booleans, numbers
// (integers in the safe range pack as the smallest integer format, like Python's msgpack;
// other numbers as float64), strings (UTF-8), Uint8Array (bin), arrays and plain objects
// (maps with string keys).  decode also reads float32, 64-bit integers (a BigInt beyond the
// safe range) and every str/bin/array/map width; ext types are refused (the protocol has none).
// Bounds: MAX_DEPTH levels of nesting; a frame that ends early or has bytes left over is an error.

export const MAX_DEPTH = 64;

export class MsgpackError extends Error {}

const utf8Out = new TextEncoder();
const utf8In = new TextDecoder("utf-8", { fatal: true });

class Writer {
  constructor() {
    this.buf = new Uint8Array(256);
    this.view = new DataView(this.buf.buffer);
    this.n = 0;
  }
  room(k) {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.n));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
  u8(b) { this.room(1); this.buf[this.n++] = b; }
  u16(v) { this.room(2); this.view.setUint16(this.n, v); this.n += 2; }
  u32(v) { this.room(4); this.view.setUint32(this.n, v); this.n += 4; }
  bytes(b) { this.room(b.length); this.buf.set(b, this.n); this.n += b.length; }
  result() { return this.buf.slice(0, this.n); }
}

function head(w, len, fix, fixMax, c8, c16, c32) {
  if (len <= fixMax && fix !== null) w.u8(fix | len);
  else if (len < 0x100 && c8 !== null) { w.u8(c8); w.u8(len); }
  else if (len < 0x10000) { w.u8(c16); w.u16(len); }
  else { w.u8(c32); w.u32(len); }
}

function encodeInt(w, v) {
  if (v >= 0) {
    if (v < 0x80) w.u8(v);
    else if (v < 0x100) { w.u8(0xcc); w.u8(v); }
    else if (v < 0x10000) { w.u8(0xcd); w.u16(v); }
    else if (v < 0x100000000) { w.u8(0xce); w.u32(v); }
    else { w.u8(0xcf); w.u32(Math.floor(v / 0x100000000)); w.u32(v >>> 0); }
  } else if (v >= -0x20) w.u8(v & 0xff);
  else if (v >= -0x80) { w.u8(0xd0); w.u8(v & 0xff); }
  else if (v >= -0x8000) { w.u8(0xd1); w.u16(v & 0xffff); }
  else if (v >= -0x80000000) { w.u8(0xd2); w.u32(v >>> 0); }
  else {
    w.u8(0xd3);
    w.room(8);
    w.view.setBigInt64(w.n, BigInt(v));
    w.n += 8;
  }
}

function encodeValue(w, v, depth) {
  if (depth > MAX_DEPTH) throw new MsgpackError(`nested deeper than ${MAX_DEPTH} levels`);
  if (v === null || v === undefined) w.u8(0xc0);
  else if (v === false) w.u8(0xc2);
  else if (v === true) w.u8(0xc3);
  else if (typeof v === "number") {
    if (Number.isSafeInteger(v)) encodeInt(w, v);
    else { w.u8(0xcb); w.room(8); w.view.setFloat64(w.n, v); w.n += 8; }
  } else if (typeof v === "bigint") {
    if (v < -(2n ** 63n) || v >= 2n ** 64n) throw new MsgpackError("integer out of msgpack's range");
    w.room(9);
    if (v >= 0n) { w.u8(0xcf); w.view.setBigUint64(w.n, v); } else { w.u8(0xd3); w.view.setBigInt64(w.n, v); }
    w.n += 8;
  } else if (typeof v === "string") {
    const b = utf8Out.encode(v);
    head(w, b.length, 0xa0, 31, 0xd9, 0xda, 0xdb);
    w.bytes(b);
  } else if (v instanceof Uint8Array) {
    head(w, v.length, null, -1, 0xc4, 0xc5, 0xc6);
    w.bytes(v);
  } else if (Array.isArray(v)) {
    head(w, v.length, 0x90, 15, null, 0xdc, 0xdd);
    for (const item of v) encodeValue(w, item, depth + 1);
  } else if (typeof v === "object") {
    const entries = v instanceof Map ? [...v.entries()] : Object.entries(v).filter(([, x]) => x !== undefined);
    head(w, entries.length, 0x80, 15, null, 0xde, 0xdf);
    for (const [k, x] of entries) {
      encodeValue(w, k, depth + 1);
      encodeValue(w, x, depth + 1);
    }
  } else throw new MsgpackError(`cannot encode a ${typeof v}`);
}

export function encode(value) {
  const w = new Writer();
  encodeValue(w, value, 0);
  return w.result();
}

class Reader {
  constructor(bytes) {
    this.b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    this.view = new DataView(this.b.buffer, this.b.byteOffset, this.b.byteLength);
    this.i = 0;
  }
  need(k) {
    if (this.i + k > this.b.length) throw new MsgpackError("the frame ends in the middle of a value");
  }
  u8() { this.need(1); return this.b[this.i++]; }
  u16() { this.need(2); const v = this.view.getUint16(this.i); this.i += 2; return v; }
  u32() { this.need(4); const v = this.view.getUint32(this.i); this.i += 4; return v; }
  take(k) { this.need(k); const out = this.b.subarray(this.i, this.i + k); this.i += k; return out; }
}

function big(v) {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

function decodeValue(r, depth) {
  if (depth > MAX_DEPTH) throw new MsgpackError(`nested deeper than ${MAX_DEPTH} levels`);
  const t = r.u8();
  if (t < 0x80) return t;
  if (t >= 0xe0) return t - 0x100;
  if (t >= 0xa0 && t <= 0xbf) return str(r, t & 0x1f);
  if (t >= 0x90 && t <= 0x9f) return array(r, t & 0x0f, depth);
  if (t >= 0x80 && t <= 0x8f) return map(r, t & 0x0f, depth);
  let v;
  switch (t) {
    case 0xc0: return null;
    case 0xc2: return false;
    case 0xc3: return true;
    case 0xc4: return r.take(r.u8()).slice();
    case 0xc5: return r.take(r.u16()).slice();
    case 0xc6: return r.take(r.u32()).slice();
    case 0xca: r.need(4); v = r.view.getFloat32(r.i); r.i += 4; return v;
    case 0xcb: r.need(8); v = r.view.getFloat64(r.i); r.i += 8; return v;
    case 0xcc: return r.u8();
    case 0xcd: return r.u16();
    case 0xce: return r.u32();
    case 0xcf: r.need(8); v = r.view.getBigUint64(r.i); r.i += 8; return big(v);
    case 0xd0: v = r.u8(); return v >= 0x80 ? v - 0x100 : v;
    case 0xd1: v = r.u16(); return v >= 0x8000 ? v - 0x10000 : v;
    case 0xd2: r.need(4); v = r.view.getInt32(r.i); r.i += 4; return v;
    case 0xd3: r.need(8); v = r.view.getBigInt64(r.i); r.i += 8; return big(v);
    case 0xd9: return str(r, r.u8());
    case 0xda: return str(r, r.u16());
    case 0xdb: return str(r, r.u32());
    case 0xdc: return array(r, r.u16(), depth);
    case 0xdd: return array(r, r.u32(), depth);
    case 0xde: return map(r, r.u16(), depth);
    case 0xdf: return map(r, r.u32(), depth);
    default:
      throw new MsgpackError(`type byte 0x${t.toString(16)} is not part of the protocol (ext types are not used)`);
  }
}

function str(r, n) {
  try {
    return utf8In.decode(r.take(n));
  } catch (e) {
    if (e instanceof MsgpackError) throw e;
    throw new MsgpackError("a string is not valid UTF-8");
  }
}

function array(r, n, depth) {
  if (n > r.b.length - r.i) throw new MsgpackError("an array is longer than the frame");
  const out = new Array(n);
  for (let k = 0; k < n; k++) out[k] = decodeValue(r, depth + 1);
  return out;
}

function map(r, n, depth) {
  if (n > r.b.length - r.i) throw new MsgpackError("a map is longer than the frame");
  const out = {};
  for (let k = 0; k < n; k++) {
    const key = decodeValue(r, depth + 1);
    if (typeof key !== "string") throw new MsgpackError("map keys must be strings");
    const value = decodeValue(r, depth + 1);
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export function decode(bytes) {
  const r = new Reader(bytes);
  const value = decodeValue(r, 0);
  if (r.i !== r.b.length) throw new MsgpackError(`${r.b.length - r.i} bytes left over after the value`);
  return value;
}
