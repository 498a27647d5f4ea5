// The game of bench/peers/game.js as a boardgame.io game: one move, take(k), one move a turn.
"use strict";

const { INVALID_MOVE } = require("boardgame.io/core");
const { HEAP, TAKE } = require("./game.js");

const Subtraction = {
  name: "subtraction",
  setup: () => ({ heap: HEAP, ply: 0 }),
  moves: {
    take: ({ G }, k) => {
      if (!Number.isInteger(k) || !TAKE.includes(k) || k > G.heap) return INVALID_MOVE;
      G.heap -= k;
      G.ply += 1;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }) => (G.heap === 0 ? { winner: String((ctx.turn + 1) % 2) } : undefined),
};

module.exports = { Subtraction };
