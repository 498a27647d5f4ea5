// A player's finished games on the player's page: newest first, a page at a time, of one game or all
// (`get_player_games`). Each opens at its lasting address, /r/ROOM: the finished game, its review and its
// analysis board, however long ago it ended. The page names no game here: the list is the node's.
import { el } from "./boards.js";
import { t, tSay } from "./i18n.js";

const $ = (id) => document.getElementById(id);
export const PAGE = 10; // games on a page (the node allows up to 50)

let ctx = null; // {ask(msg), games(), openGame(room)}
let shown = { name: null, game: "", offset: 0 };

const when = (t) => new Date(t * 1000).toISOString().slice(0, 16).replace("T", " ");
const OUTCOME = { win: "won", loss: "lost", draw: "draw" };

// The players of a game as the list says them: "Ann vs bot (easy)", the player's own name in bold.
function players(g) {
  const parts = [];
  g.seats.forEach((shown, i) => {
    const name = g.seats_say?.[i] ? tSay(g.seats_say[i], shown) : shown; // (a hosted bot: in the page's language)
    if (i > 0) parts.push(" vs ");
    parts.push(i === g.seat ? el("b", { text: name }) : name);
  });
  return parts;
}

function gameRow(g) {
  const open = el("a", { href: `/r/${g.room}`, class: "button small", "data-open-game": g.room, text: "Open",
    onclick: (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return; // (a new tab: the link)
      event.preventDefault();
      ctx.openGame(g.room);
    } });
  return el("tr", { "data-room": g.room },
    el("td", { text: when(g.ended_at) }),
    el("td", { text: g.title || g.game }),
    el("td", {}, ...players(g)),
    el("td", { class: `outcome-${g.outcome}`, text: OUTCOME[g.outcome] || g.outcome, title: g.reason_say ? tSay(g.reason_say, g.reason) : g.reason }),
    el("td", { text: `${g.moves}${g.rated ? " · rated" : ""}` }),
    el("td", {}, open));
}

// The list of `name`'s games (its first page, or the page at `offset` of the game chosen).
export async function drawPlayerGames(name, offset = 0) {
  if (name !== shown.name) {
    const select = $("player-games-game");
    select.replaceChildren(el("option", { value: "", text: t("web-games-every") }),
      ...ctx.games().map((g) => el("option", { value: g.name, text: g.name })));
    shown = { name, game: "", offset: 0 };
  }
  const game = $("player-games-game").value;
  const reply = await ctx.ask({ type: "get_player_games", name, game: game || null, offset, limit: PAGE });
  if (!reply) return;
  shown = { name, game, offset };
  $("player-games").replaceChildren(...reply.games.map(gameRow));
  $("player-games-none").hidden = reply.games.length > 0;
  const last = Math.min(reply.total, offset + reply.games.length);
  $("player-games-count").textContent = reply.total ? `${offset + 1}-${last} of ${reply.total}` : "";
  $("player-games-newer").disabled = offset === 0;
  $("player-games-older").disabled = last >= reply.total;
}

export function initGames(deps) {
  ctx = deps;
  $("player-games-game").addEventListener("change", () => drawPlayerGames(shown.name, 0));
  $("player-games-newer").addEventListener("click", () => drawPlayerGames(shown.name, Math.max(0, shown.offset - PAGE)));
  $("player-games-older").addEventListener("click", () => drawPlayerGames(shown.name, shown.offset + PAGE));
}
