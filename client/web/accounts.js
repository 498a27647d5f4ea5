// Accounts in the page: register a name, sign in with a secret (from another device), sign out; the rated
// choice of the new-game form; leaderboards per game and a player's page (ratings and recent rated games).
// The secret of each registered name is kept in localStorage per node (this page's origin): the node shows
// it once, at `registered`, and keeps only a hash of it.
import { el } from "./boards.js";
import { drawPlayerGames, initGames } from "./games.js";
import { gameName, t } from "./i18n.js";
import { ratingText } from "./tourney.js";

const ACCOUNTS = "grundy.accounts"; // localStorage: {origin: {name, secret}}
const TOKEN = "grundy.token";
const NAME = "grundy.name";
const $ = (id) => document.getElementById(id);

let ctx = null; // {link, games(), notice(text, error), ask(msg), openRecord(room)}
let me = null; // the last welcome

function stored() {
  try {
    const all = JSON.parse(localStorage.getItem(ACCOUNTS) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}

// The account kept for this node: {name, secret}, or null.
export function account() {
  const a = stored()[location.origin];
  return a && typeof a.name === "string" && typeof a.secret === "string" ? a : null;
}

function keep(name, secret) {
  const all = stored();
  if (name === null) delete all[location.origin];
  else all[location.origin] = { name, secret };
  localStorage.setItem(ACCOUNTS, JSON.stringify(all));
}

// The `hello` fields for `name`: its secret when this page keeps one for it on this node.
export function helloSecret(name) {
  const a = account();
  return a && a.name.toLowerCase() === String(name).toLowerCase() ? { secret: a.secret } : {};
}

// A hello that failed: a kept secret the node refuses is dropped (the page then asks for a name again).
export function helloFailed(name, err) {
  if (err && err.code === "bad_secret" && Object.keys(helloSecret(name)).length) {
    keep(null);
    localStorage.removeItem(NAME); // (a reconnect must not say hello as that name again)
    ctx?.notice(t("web-acc-secret-refused", { name }), true);
  }
}

// A new session as `name` (with its kept secret): the page starts over on a fresh connection.
function restartAs(name) {
  sessionStorage.removeItem(TOKEN);
  if (name) localStorage.setItem(NAME, name);
  else localStorage.removeItem(NAME);
  location.assign(location.pathname); // (the address stays: signing in from a game's link comes back to it)
}

export function welcomed(msg) {
  me = msg;
  const signed = msg.player != null;
  $("account-state").textContent = signed ? t("web-signed-in-as", { name: msg.player }) : t("web-guest");
  $("me-account").textContent = signed ? t("web-registered") : t("web-guest");
  $("account-register").hidden = signed;
  $("account-signed").hidden = !signed;
  $("register-name").value = signed ? "" : /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/.test(msg.name) ? msg.name : "";
  updateRated();
  fillLeaderboardGames();
}

// How many seats the new-game form's game has with the parameters chosen (a game of a range reads `players`).
function seatsChosen() {
  const g = ctx.games().find((x) => x.name === $("game").value);
  if (!g) return 2;
  if (!Array.isArray(g.seats)) return g.seats;
  const input = document.querySelector('#params [data-param="players"]');
  const n = Number(input?.value || g.parameters.find((q) => q.name === "players")?.default || g.seats[0]);
  return Number.isFinite(n) ? n : g.seats[0];
}

// The rated box: disabled, with the reason, for a guest and for a game of other than two seats.
function updateRated() {
  const signed = me?.player != null;
  const seats = seatsChosen();
  const why = !signed ? t("web-rated-why-guest")
    : seats !== 2 ? t("web-rated-why-seats", { seats }) : "";
  const rated = $("rated");
  rated.disabled = why !== "";
  if (rated.disabled) rated.checked = false;
  $("rated-why").textContent = why;
}

// Whether the new-game form asks for a rated game.
export function ratedChosen() {
  return !$("rated").disabled && $("rated").checked;
}

// ------------------------------------------------------------------ register, sign in, sign out

async function register(event) {
  event.preventDefault();
  const name = $("register-name").value.trim();
  if (!name) return;
  const reply = await ctx.ask({ type: "register", name });
  if (!reply) return;
  keep(reply.name, reply.secret);
  $("secret-name").textContent = reply.name;
  $("secret-text").value = reply.secret;
  $("secret-dialog").showModal();
}

function copySecret(text) {
  navigator.clipboard?.writeText(text).then(() => ctx.notice(t("web-acc-secret-copied")), () => {});
}

function signIn(event) {
  event.preventDefault();
  const form = event.target;
  const name = form.elements.name.value.trim();
  const secret = form.elements.secret.value.trim();
  if (!name || !secret) return;
  keep(name, secret);
  restartAs(name);
}

function signOut() {
  keep(null);
  restartAs(null);
}

// ------------------------------------------------------------------ leaderboards

function fillLeaderboardGames() {
  const select = $("board-game");
  const chosen = select.value;
  const names = ctx.games().map((g) => g.name);
  select.replaceChildren(...names.map((n) => el("option", { value: n, text: gameName(n) })));
  if (names.includes(chosen)) select.value = chosen;
  showLeaderboard();
}


const nameButton = (name) =>
  el("button", { type: "button", class: "link", "data-player": name, text: name, onclick: () => showPlayer(name) });

// (asked again on its own, a failure says nothing: the next time asks again)
const quietly = (msg) => ctx.link.request(msg).catch(() => null);

async function showLeaderboard(ask = ctx.ask) {
  const chosen = $("board-game").value;
  if (!chosen || !ctx.link.isOpen) return;
  const reply = await (typeof ask === "function" ? ask : ctx.ask)({ type: "get_leaderboard", game: chosen, top: 20 });
  if (!reply || chosen !== $("board-game").value) return; // (another was chosen meanwhile)
  $("board-empty").hidden = reply.entries.length > 0;
  $("leaderboard").querySelector("tbody").replaceChildren(
    ...reply.entries.map((e) => el("tr", { class: e.provisional ? "provisional" : "" },
      el("td", { text: e.rank }), el("td", {}, nameButton(e.name)),
      el("td", { class: "rating", text: ratingText(e), title: e.provisional ? t("web-acc-provisional") : "" }),
      el("td", { text: e.games }))),
  );
}

// ------------------------------------------------------------------ a player's page

const when = (t) => new Date(t * 1000).toISOString().slice(0, 16).replace("T", " ");

export async function showPlayer(name, ask = ctx.ask) {
  shownPlayer = name;
  const reply = await ask({ type: "get_player", name, history: 20 });
  if (!reply || shownPlayer !== name) return;
  $("player-name").textContent = reply.name;
  $("player-since").textContent = reply.registered_at ? t("web-acc-registered", { when: when(reply.registered_at) }) : t("web-acc-hosted-bot");
  $("player-puzzles").textContent = t("study-puzzles-solved", { count: reply.puzzles_solved ?? 0 });
  $("player-puzzles").hidden = reply.registered_at == null; // (a hosted bot solves none)
  $("player-ratings").replaceChildren(
    ...reply.ratings.map((r) => el("tr", {}, el("td", { text: r.game }), el("td", { class: "rating", text: ratingText(r) }),
      el("td", { text: r.provisional ? "provisional" : "" }), el("td", { text: r.games }))),
  );
  $("player-no-ratings").hidden = reply.ratings.length > 0;
  $("player-history").replaceChildren(
    ...[...reply.history].reverse().map((g) => el("tr", {},
      el("td", { text: when(g.at) }), el("td", { text: g.game }), el("td", {}, nameButton(g.opponent)),
      el("td", { class: `outcome-${g.outcome}`, text: g.outcome }), el("td", { text: ratingText(g.rating) }),
      el("td", {}, el("button", { type: "button", class: "small", "data-record": g.room, text: "Record",
        onclick: () => ctx.openRecord(g.room) }), " ", gameLink(g.room)))),
  );
  $("player-no-games").hidden = reply.history.length > 0;
  const dialog = $("player-dialog");
  const page = `/p/${encodeURIComponent(reply.name)}`; // (the page's address, while it is open: a reload opens it)
  if (location.pathname !== page) {
    playerBack = location.pathname;
    history.replaceState(null, "", page);
  }
  if (!dialog.open) dialog.showModal();
  await drawPlayerGames(reply.name);
}

// A link to a game's lasting address (/r/ROOM): opened in this page by a click, in a new tab by a middle click.
const gameLink = (room) => el("a", { href: `/r/${room}`, class: "button small", "data-open-game": room, text: "Open",
  onclick: (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    $("player-dialog").close();
    ctx.openGame(room);
  } });

let playerBack = "/"; // the address the player's page was opened from (it goes back there when closed)

// ------------------------------------------------------------------ following rated results

// The leaderboard and an open player's page show the ratings as they are: asked again when a rated game this
// page saw ends (`game_rated`), and every REFRESH_MS while they show, for the games others play.
const REFRESH_MS = 5000;
const boardShown = () => !$("lobby-view").hidden;
let shownPlayer = null; // the name whose page the dialog shows

function followRatings() {
  if (!ctx.link.isOpen) return;
  if (boardShown()) showLeaderboard(quietly);
  if ($("player-dialog").open && shownPlayer) showPlayer(shownPlayer, quietly);
}

export function accountsMessage(msg) {
  if (msg.type === "game_rated") followRatings();
}

// ------------------------------------------------------------------ wiring

export function initAccounts(deps) {
  ctx = deps;
  $("register-form").addEventListener("submit", register);
  for (const form of document.querySelectorAll("form.signin-form")) form.addEventListener("submit", signIn);
  $("sign-out").addEventListener("click", signOut);
  $("my-page").addEventListener("click", () => me?.player && showPlayer(me.player));
  $("copy-my-secret").addEventListener("click", () => account() && copySecret(account().secret));
  $("secret-copy").addEventListener("click", () => copySecret($("secret-text").value));
  $("secret-done").addEventListener("click", () => $("secret-dialog").close());
  // However the dialog closes (the button, Escape), the page goes on signed in as the name just registered.
  $("secret-dialog").addEventListener("close", () => restartAs($("secret-name").textContent));
  $("board-game").addEventListener("change", showLeaderboard);
  $("game").addEventListener("change", updateRated);
  for (const id of ["to-lobby", "home"]) $(id).addEventListener("click", () => setTimeout(showLeaderboard, 0));
  $("params").addEventListener("change", updateRated);
  $("params").addEventListener("input", updateRated);
  $("board-refresh").addEventListener("click", showLeaderboard);
  $("player-close").addEventListener("click", () => $("player-dialog").close());
  $("player-dialog").addEventListener("close", () => {
    shownPlayer = null;
    if (location.pathname.startsWith("/p/")) history.replaceState(null, "", playerBack);
  });
  initGames({ ask: ctx.ask, games: ctx.games, openGame: (room) => {
    $("player-dialog").close();
    ctx.openGame(room);
  } });
  setInterval(() => !document.hidden && followRatings(), REFRESH_MS);
}
