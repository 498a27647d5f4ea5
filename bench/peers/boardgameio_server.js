// A boardgame.io 0.50 server for bench/load.py, playing the game of bench/peers/game.js:
// its own server (Koa, socket.io, the lobby API), in-memory storage; boardgame.io checks the
// turn (only the current player may move) and the move's legality (INVALID_MOVE).
//
//   node bench/peers/boardgameio_server.js --port 9200 --api-port 9201
//
// The lobby API (creating and joining matches) runs on its own port: with the Koa releases
// npm installs today it is not reachable on the game server's port (the socket.io transport
// builds the HTTP server before the API's routes are added).
// The packages come from NODE_PATH (bench/load.py installs them into a temporary folder).
"use strict";

const { Server, Origins } = require("boardgame.io/server");
const { Subtraction } = require("./boardgameio_game.js");

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const port = Number(arg("port", "9200"));
const apiPort = Number(arg("api-port", String(port + 1)));
const server = Server({ games: [Subtraction], origins: [Origins.LOCALHOST] });
server.run({
  port,
  lobbyConfig: { apiPort },
  callback: () => console.log(`boardgame.io on http://127.0.0.1:${port}/, its lobby API on port ${apiPort}`),
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(0));
