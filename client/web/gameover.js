// The end of a game in words for the one who reads it: "You won" / "You lost" / "Draw" for a player,
// the winners' names for a spectator; the reason (the server's, with the players' names); and, in a
// rated game, how each rating moved (the node's `game_rated`).
import { isPlayer } from "./room.js";

export function headline(room, name) {
  if (room.status === "aborted") return "Game aborted";
  const outcomes = room.result?.outcomes ?? [];
  if (isPlayer(room)) {
    const mine = outcomes[room.you];
    return mine === "win" ? "You won" : mine === "loss" ? "You lost" : "Draw";
  }
  const won = outcomes.flatMap((o, i) => (o === "win" ? [name(i)] : []));
  return won.length ? `${won.join(" and ")} won` : "Draw";
}

// The sound of this end for this reader: "lost" for a player who lost, "end" otherwise.
export const endSound = (room) => (isPlayer(room) && room.result?.outcomes?.[room.you] === "loss" ? "lost" : "end");

// (as the node says it: a sentence that may start with a player's name, never recased)
export function reasonText(room) {
  return (room.status === "aborted" ? room.reason || room.result?.reason : room.result?.reason || room.reason) || "";
}

const signed = (d) => `${d >= 0 ? "+" : "−"}${Math.abs(d).toFixed(1)}`;

// Why a rated game of a game won from its start moved the ratings as it did (`game_rated`'s `won_side`), or null.
export function wonSideNote(rated, room, name) {
  if (!rated || !Number.isInteger(rated.won_side)) return null;
  const whose = isPlayer(room) && rated.won_side === room.you ? "your" : `${name(rated.won_side)}'s`;
  return `The start is won for ${whose} side: its win counts as a draw for the ratings.`;
}

// One line per seat of a `game_rated` (yours first): "Your rating: 1500 → 1662? (+162.3)".
export function ratingLines(rated, room, name) {
  const mine = (r) => isPlayer(room) && r.seat === room.you;
  return [...rated.ratings].sort((a, b) => Number(mine(b)) - Number(mine(a))).map((r) => ({
    seat: r.seat,
    change: r.after - r.before,
    text: `${mine(r) ? "Your rating" : `${name(r.seat)}'s rating`}: ${Math.round(r.before)} → ${Math.round(r.after)}${r.provisional ? "?" : ""} (${signed(r.after - r.before)})`,
  }));
}
