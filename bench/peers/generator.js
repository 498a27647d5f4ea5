// The load generator of bench/load.py for the peer servers, with their own clients.
//
//   node bench/peers/generator.js --system colyseus-msg|colyseus-schema|boardgameio|grundy --port P [--api-port A]
//        --server-pids PID --connections N --seconds S --warm W --clk-tck 100
//
// It plays what bench/load.py's generator plays (N/2 rooms of subtraction, each move answered
// by the opponent at once for capacity, then the rooms paced to half that rate for latency),
// measures the same way (moves counted where the opponent receives them; the server's CPU and
// RSS from /proc) and prints the same JSON as load.py's generator on its last line.
// The packages come from NODE_PATH (bench/load.py installs them into a temporary folder).
"use strict";

const fs = require("fs");

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const system = arg("system");
const port = Number(arg("port"));
const apiPort = Number(arg("api-port", String(port + 1))); // boardgame.io's lobby API
const serverPids = arg("server-pids").split(",").map(Number);
const connections = Number(arg("connections", "1000"));
const seconds = Number(arg("seconds", "5"));
const warm = Number(arg("warm", "1"));
const clkTck = Number(arg("clk-tck", "100"));
const SETUP_PARALLEL = 50;

// The scripted random takes, as load.py's: the same sequence for every room.
const TAKES = [];
{
  let x = 7;
  for (let i = 0; i < 1 << 16; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    TAKES.push(1 + ((x >> 16) & 1));
  }
}

const sleep = (s) => new Promise((r) => setTimeout(r, 1000 * s));
const now = () => performance.now() / 1000; // seconds

function procCpu(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / clkTck;
}

function rssKb(pid) {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m[1]);
}

function ownCpu() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function pct(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

// ============================================================ the measurement, shared by every peer

class Generator {
  constructor() {
    this.rooms = [];
    this.mode = "idle"; // idle | run | paced
    this.interval = 0;
    this.window = [0, 0];
    this.moves = 0;
    this.latencies = [];
    this.errors = {};
    this.firstErrors = [];
    this.closed = 0;
  }

  // A room's player saw the move of ply ``ply`` (made by seat ply % 2); ``seat`` is who saw it.
  seen(room, seat, ply) {
    if (ply < room.seen[seat]) return; // (an old state seen again)
    room.seen[seat] = ply + 1;
    room.ply = Math.max(room.ply, ply + 1);
    if (seat === ply % 2) return; // the mover's own echo
    room.inFlight = false;
    const t = now();
    if (t >= this.window[0] && t < this.window[1]) {
      this.moves += 1;
      this.latencies.push(t - room.sentAt);
    }
    if (this.mode !== "idle") this.play(room, t);
  }

  play(room, t) {
    if (this.mode === "paced") {
      const at = Math.max(t, room.nextAt);
      room.nextAt = at + this.interval;
      if (at > t) {
        const ply = room.ply;
        setTimeout(() => {
          if (this.mode !== "idle" && room.ply === ply) this.send(room);
        }, 1000 * (at - t));
        return;
      }
    }
    this.send(room);
  }

  send(room) {
    room.sentAt = now();
    room.inFlight = true;
    room.move(room.ply % 2, room.ply, TAKES[room.ply & 0xffff]);
  }

  error(kind, detail) {
    this.errors[kind] = (this.errors[kind] || 0) + 1;
    if (this.firstErrors.length < 5) this.firstErrors.push(String(detail).slice(0, 300));
  }

  async phase(mode, interval = 0) {
    this.mode = mode;
    this.interval = interval;
    this.moves = 0;
    this.latencies = [];
    const t = now();
    this.window = [t + warm, t + warm + seconds];
    for (const room of this.rooms) {
      if (room.inFlight) continue;
      if (mode === "paced") room.nextAt = t + Math.random() * interval;
      this.play(room, t);
    }
    await sleep(warm);
    const cpu0 = ownCpu();
    const srv0 = serverPids.map(procCpu);
    await sleep(seconds);
    const cpu1 = ownCpu();
    const srv1 = serverPids.map(procCpu);
    this.mode = "idle";
    await sleep(0.5);
    const lat = this.latencies.sort((a, b) => a - b);
    return {
      moves_per_s: this.moves / seconds,
      p50_ms: 1000 * pct(lat, 0.5),
      p99_ms: 1000 * pct(lat, 0.99),
      max_ms: 1000 * (lat.length ? lat[lat.length - 1] : NaN),
      generator_cpu: (cpu1 - cpu0) / seconds,
      server_cpu: (srv1.reduce((a, b) => a + b, 0) - srv0.reduce((a, b) => a + b, 0)) / seconds,
      server_cpu_each: srv0.map((a, i) => (srv1[i] - a) / seconds),
    };
  }

  // A room's player saw its first move (set-up): once both did, the room is set up.
  firstSeen(room) {
    if (++room.seenFirst === 2) {
      room.onFirst();
      room.onFirst = null;
      room.ply = 1;
      room.seen = [1, 1];
    }
  }

  // A room's first move during set-up, as load.py makes it; resolves once both players saw it.
  async firstMove(room) {
    const seen = new Promise((resolve) => (room.onFirst = resolve));
    room.move(0, 0, TAKES[0]);
    await seen;
  }
}

// ============================================================ Colyseus (colyseus.js)

async function colyseusRoom(gen, client, schema) {
  const a = await client.create("subtraction");
  const b = await client.joinById(a.roomId);
  const players = [a, b];
  const room = { ply: 0, seen: [0, 0], inFlight: false, sentAt: 0, nextAt: 0, onFirst: null, seenFirst: 0 };
  room.move = (seat, ply, take) => players[seat].send("move", { ply, take });
  players.forEach((r, seat) => {
    const saw = (ply) => {
      if (room.onFirst && ply === 0) return gen.firstSeen(room);
      gen.seen(room, seat, ply);
    };
    if (schema) {
      let last = 0;
      r.onStateChange((state) => {
        if (state.ply > last) {
          last = state.ply;
          saw(state.ply - 1);
        }
      });
    } else {
      r.onMessage("move_made", (m) => saw(m.ply));
    }
    r.onMessage("error", (m) => gen.error(`error:${m.code}`, JSON.stringify(m)));
    r.onLeave(() => (gen.closed += 1));
  });
  await gen.firstMove(room);
  return room;
}

// ============================================================ grundy (a plain ws client speaking its msgpack protocol)
//
// The same client stack as the Colyseus rooms above (ws, @colyseus/msgpackr, this process), so that grundy's node
// is measured against the peers with a load generator of the same kind (bench/load.py's system grundy-js).

let grundyCodec = null;

function grundyConnect(gen) {
  const WebSocket = require("ws");
  if (grundyCodec === null) {
    const { Packr, Unpackr } = require("@colyseus/msgpackr"); // (the codec colyseus.js itself uses)
    grundyCodec = { packr: new Packr({ useRecords: false }), unpackr: new Unpackr({ useRecords: false, mapsAsObjects: true }) };
  }
  const { packr, unpackr } = grundyCodec;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false });
    const c = { inbox: [], waiters: [], onMessage: null };
    c.send = (obj) => ws.send(packr.pack(obj));
    c.expect = (pred) =>
      new Promise((res) => {
        const i = c.inbox.findIndex(pred);
        if (i >= 0) res(c.inbox.splice(i, 1)[0]);
        else c.waiters.push({ pred, res });
      });
    ws.on("message", (data) => {
      const m = unpackr.unpack(data);
      if (c.onMessage !== null) return c.onMessage(m);
      const i = c.waiters.findIndex((w) => w.pred(m));
      if (i >= 0) c.waiters.splice(i, 1)[0].res(m);
      else c.inbox.push(m);
    });
    ws.on("open", () => resolve(c));
    ws.on("error", reject);
    ws.on("close", () => (gen.closed += 1));
  });
}

let grundyRooms = 0;

async function grundyRoom(gen) {
  const index = grundyRooms++;
  const a = await grundyConnect(gen);
  const b = await grundyConnect(gen);
  const players = [a, b];
  for (const [c, name] of [[a, `a${index}`], [b, `b${index}`]]) {
    c.send({ type: "hello", versions: [1], name });
    await c.expect((m) => m.type === "welcome");
  }
  a.send({ type: "create_room", game: "subtraction", params: { n: 1000000, take: "1,2" }, seat: 0 });
  const rid = (await a.expect((m) => m.type === "room_created")).room;
  b.send({ type: "join", room: rid, seat: 1 });
  for (const c of players) await c.expect((m) => m.type === "room_state" && m.status === "playing");
  const room = { ply: 0, seen: [0, 0], inFlight: false, sentAt: 0, nextAt: 0, onFirst: null, seenFirst: 0 };
  room.move = (seat, ply, take) => players[seat].send({ type: "move", room: rid, ply, move: String(take) });
  players.forEach((c, seat) => {
    c.onMessage = (m) => {
      if (m.type === "move_made") {
        if (room.onFirst && m.ply === 0) return gen.firstSeen(room);
        gen.seen(room, seat, m.ply);
      } else if (m.type === "error") {
        gen.error(`error:${m.code}`, JSON.stringify(m));
      }
    };
  });
  await gen.firstMove(room);
  return room;
}

// ============================================================ boardgame.io (its client over socket.io)

async function boardgameioRoom(gen) {
  const { Client } = require("boardgame.io/client");
  const { SocketIO } = require("boardgame.io/multiplayer");
  const { Subtraction } = require("./boardgameio_game.js");
  const base = `http://127.0.0.1:${port}`;
  const post = async (path, body) => {
    const res = await fetch(`http://127.0.0.1:${apiPort}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { matchID } = await post("/games/subtraction/create", { numPlayers: 2 });
  const players = [];
  for (const playerID of ["0", "1"]) {
    const { playerCredentials } = await post(`/games/subtraction/${matchID}/join`, { playerID, playerName: `p${playerID}` });
    const c = Client({
      game: Subtraction,
      numPlayers: 2,
      multiplayer: SocketIO({ server: base }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    players.push(c);
  }
  const room = { ply: 0, seen: [0, 0], inFlight: false, sentAt: 0, nextAt: 0, onFirst: null, seenFirst: 0 };
  room.move = (seat, ply, take) => players[seat].moves.take(take);
  const ready = players.map(
    (c, seat) =>
      new Promise((resolve) => {
        let last = -1;
        c.subscribe((state) => {
          if (!state || !state.isConnected) return;
          if (last < 0) {
            last = state.G.ply;
            resolve();
            return;
          }
          if (state._stateID === undefined) return;
          const ply = state.G.ply;
          if (ply > last) {
            last = ply;
            if (room.onFirst && ply === 1) return gen.firstSeen(room);
            gen.seen(room, seat, ply - 1);
          }
        });
      })
  );
  players.forEach((c) => c.start());
  await Promise.all(ready);
  await gen.firstMove(room);
  return room;
}

// ============================================================ main

async function main() {
  const gen = new Generator();
  const rss = () => serverPids.map(rssKb).reduce((a, b) => a + b, 0);
  const base = rss();
  const t0 = now();
  let makeRoom;
  if (system === "colyseus-msg" || system === "colyseus-schema") {
    const { Client } = require("colyseus.js");
    const client = new Client(`ws://127.0.0.1:${port}`);
    makeRoom = () => colyseusRoom(gen, client, system === "colyseus-schema");
  } else if (system === "boardgameio") {
    makeRoom = () => boardgameioRoom(gen);
  } else if (system === "grundy") {
    makeRoom = () => grundyRoom(gen);
  } else {
    throw new Error(`unknown system ${system}`);
  }
  const total = Math.floor(connections / 2);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      gen.rooms.push(await makeRoom());
    }
  };
  await Promise.all(Array.from({ length: SETUP_PARALLEL }, worker));
  const setup = now() - t0;
  await sleep(1.0);
  const rssSet = rss();
  const full = await gen.phase("run");
  const interval = full.moves_per_s > 0 ? gen.rooms.length / (full.moves_per_s / 2) : 1.0;
  const half = await gen.phase("paced", interval);
  const rssAfter = rss();
  const out = {
    system,
    connections,
    setup_s: setup,
    rooms: gen.rooms.length,
    capacity: full,
    half,
    rss_base_kb: base,
    rss_kb: rssSet,
    rss_after_kb: rssAfter,
    kb_per_conn: (rssSet - base) / connections,
    kb_per_conn_after: (rssAfter - base) / connections,
    closed: gen.closed,
    errors: gen.errors,
    first_errors: gen.firstErrors,
  };
  console.log(JSON.stringify(out));
  process.exit(0);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
