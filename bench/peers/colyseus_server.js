// A Colyseus 0.16 server for bench/load.py, playing the game of bench/peers/game.js.
//
//   node bench/peers/colyseus_server.js --port 9100 --mode msg|schema
//
// Two idiomatic modes of one room type:
//  * msg: the room keeps the game in plain fields; a valid move is broadcast to both players as
//    one "move_made" message (room.broadcast), an invalid one answered with an "error" message;
//  * schema: the game is the room's synchronized state (@colyseus/schema: heap, ply, last take);
//    a valid move changes the state and Colyseus sends the patch at its patch rate (the default
//    50 ms); an invalid one is answered with an "error" message.
// The packages come from NODE_PATH (bench/load.py installs them into a temporary folder).
"use strict";

const { Server, Room } = require("@colyseus/core");
const { WebSocketTransport } = require("@colyseus/ws-transport");
const { Schema, defineTypes } = require("@colyseus/schema");
const { HEAP, refusal } = require("./game.js");

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const port = Number(arg("port", "9100"));
const mode = arg("mode", "msg");
if (mode !== "msg" && mode !== "schema") throw new Error(`--mode msg|schema, not ${mode}`);

class GameState extends Schema {
  constructor() {
    super();
    this.heap = HEAP;
    this.ply = 0;
    this.last = 0;
  }
}
defineTypes(GameState, { heap: "uint32", ply: "uint32", last: "uint8" });

class SubtractionRoom extends Room {
  onCreate() {
    this.maxClients = 2;
    this.seats = new Map(); // sessionId -> seat
    this.game = mode === "schema" ? null : { heap: HEAP, ply: 0, over: false };
    if (mode === "schema") this.setState(new GameState());
    this.onMessage("move", (client, msg) => this.move(client, msg));
  }

  onJoin(client) {
    this.seats.set(client.sessionId, this.seats.size);
    if (this.seats.size === 2) this.lock();
  }

  onLeave(client) {
    this.seats.delete(client.sessionId);
  }

  move(client, msg) {
    const seat = this.seats.get(client.sessionId);
    const ply = msg && msg.ply;
    const take = msg && msg.take;
    if (mode === "schema") {
      const s = this.state;
      const why = refusal({ heap: s.heap, ply: s.ply, over: s.heap === 0 }, seat, ply, take);
      if (why) return client.send("error", { code: why, ply });
      s.heap -= take;
      s.last = take;
      s.ply += 1;
      return;
    }
    const g = this.game;
    const why = refusal(g, seat, ply, take);
    if (why) return client.send("error", { code: why, ply });
    g.heap -= take;
    g.ply += 1;
    g.over = g.heap === 0;
    this.broadcast("move_made", { ply, seat, take });
  }
}

const server = new Server({ transport: new WebSocketTransport({ maxPayload: 4096 }), greet: false });
server.define("subtraction", SubtractionRoom);
server.listen(port, "127.0.0.1").then(() => console.log(`colyseus (${mode}) on ws://127.0.0.1:${port}/`));
// (Colyseus shuts down gracefully on SIGINT and SIGTERM by itself.)
