// The end of a game in words for the one who reads it, in the page's language (client/web/i18n.js):
// "You won" / "You lost" / "Draw" for a player, the winners' names for a spectator; the reason, said from
// the result's `ending` and outcomes with the players' names (the node's own sentence where the catalogs
// cannot say more: a game's rule in English only); and, in a rated game, how each rating moved.
import { language, t, tSay } from "./i18n.js";
import { isPlayer } from "./room.js";

export function headline(room, name) {
  if (room.status === "aborted") return t("end-game-aborted");
  const outcomes = room.result?.outcomes ?? [];
  if (isPlayer(room)) {
    const mine = outcomes[room.you];
    return mine === "win" ? t("end-you-won") : mine === "loss" ? t("end-you-lost") : t("end-draw");
  }
  const won = outcomes.flatMap((o, i) => (o === "win" ? [name(i)] : []));
  return won.length ? t("end-won-by", { name: list(won) }) : t("end-draw");
}

const list = (names) => new Intl.ListFormat(language(), { type: "conjunction" }).format(names);

// The sound of this end for this reader: "lost" for a player who lost, "end" otherwise.
export const endSound = (room) => (isPlayer(room) && room.result?.outcomes?.[room.you] === "loss" ? "lost" : "end");

// Why the game ended, naming the players: the node's message (`reason_say`) in the page's language; from a
// node that sends none, from the result's `ending` and outcomes (its own English sentence only in English).
export function reasonText(room, name = (i) => `${i}`) {
  const said = room.status === "aborted" ? room.reason || room.result?.reason : room.result?.reason || room.reason;
  if (language() === "en") return said || "";
  const message = room.status === "aborted" ? room.reason_say : room.result?.reason_say || room.reason_say;
  if (message) return tSay(message, said);
  if (room.status === "aborted") return t("end-aborted");
  const result = room.result;
  if (!result) return "";
  const losers = result.outcomes.flatMap((o, i) => (o === "loss" ? [name(i)] : []));
  const winners = result.outcomes.flatMap((o, i) => (o === "win" ? [name(i)] : []));
  switch (result.ending) {
    case "resign": return t("end-resign", { name: list(losers) });
    case "flag": return t("end-flag", { name: list(losers) });
    case "disconnect": return t("end-disconnect", { name: list(losers) });
    case "draw_agreed": return t("end-draw-agreed");
    case "aborted": return t("end-aborted");
    default: return winners.length ? t("end-rules-win", { name: list(winners) }) : t("end-rules-draw");
  }
}

const signed = (d) => `${d >= 0 ? "+" : "−"}${Math.abs(d).toFixed(1)}`;

// Why a rated game of a game won from its start moved the ratings as it did (`game_rated`'s `won_side`), or null.
export function wonSideNote(rated, room, name) {
  if (!rated || !Number.isInteger(rated.won_side)) return null;
  if (isPlayer(room) && rated.won_side === room.you) return t("end-won-side-yours");
  return t("end-won-side-theirs", { name: name(rated.won_side) });
}

// One line per seat of a `game_rated` (yours first): "Your rating: 1500 → 1662? (+162.3)".
export function ratingLines(rated, room, name) {
  const mine = (r) => isPlayer(room) && r.seat === room.you;
  return [...rated.ratings].sort((a, b) => Number(mine(b)) - Number(mine(a))).map((r) => {
    const args = { before: String(Math.round(r.before)), after: `${Math.round(r.after)}${r.provisional ? "?" : ""}`,
      change: signed(r.after - r.before) };
    return {
      seat: r.seat,
      change: r.after - r.before,
      text: mine(r) ? t("end-your-rating", args) : t("end-their-rating", { ...args, name: name(r.seat) }),
    };
  });
}
