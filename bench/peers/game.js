// The game of bench/load.py for the peer servers: subtraction, one heap of a million, take 1 or 2.
// Seat 0 moves at even plies, seat 1 at odd ones; a move names its ply and how many it takes.
"use strict";

const HEAP = 1000000;
const TAKE = [1, 2];

// Why a move is refused, or null when it is legal: the turn, the ply and the rules, checked by the server.
function refusal(state, seat, ply, take) {
  if (state.over) return "game_over";
  if (seat !== state.ply % 2) return "not_your_turn";
  if (ply !== state.ply) return "stale_ply";
  if (!Number.isInteger(take) || !TAKE.includes(take) || take > state.heap) return "illegal_move";
  return null;
}

module.exports = { HEAP, TAKE, refusal };
