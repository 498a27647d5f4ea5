// People in the page: who is online (`list_players`, asked again while the lobby shows and when a seat's
// connection changes: persons, a registered player once however many devices it is signed in on, with where
// they are), a challenge to one of them (game, parameters, clock, rated: a rated game refused in
// words for a guest or a game of other than two seats, as the terminal client does), a challenge received
// (accept or decline, until it lapses), and the challenges this page made, with their answer in words.
import { showPlayer } from "./accounts.js";
import { el } from "./boards.js";
import { about, clockOf, fillClocks, fillGames, paramFields, paramsOf, seatsOf } from "./forms.js";
import { gameName, t, tSay } from "./i18n.js";
import { heading } from "./room.js";
import { clockText, ratingText } from "./tourney.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000; // how often the list is asked for again while the lobby shows

let ctx = null; // {link, me(), games(), ask(msg), notice(text, error), openRoom(room)}
let target = null; // the player the challenge dialog is for
let listed = []; // the last `players`
const outgoing = new Map(); // room -> {name, box, title}: challenges this page made, until answered
const incoming = new Map(); // room -> {box, timer, msg}: challenges received, until answered or lapsed
const challengedBy = new Map(); // room -> the name this page challenged in it (the room's link is theirs alone)

// What a room's join link does, in words, where it is shown: a challenge's is for the challenged person alone
// (anyone else who opens it watches); an invitation's is for anyone who has it.
export function linkWords(room) {
  const who = challengedBy.get(room);
  return who ? t("web-link-theirs", { name: who }) : t("web-link-anyone");
}

const lobbyShown = () => !$("lobby-view").hidden;

// ------------------------------------------------------------------ who is online

export async function refreshPeople() {
  if (!ctx.link.isOpen || !ctx.me()) return;
  try {
    const reply = await ctx.link.request({ type: "list_players" });
    listed = reply.players;
    drawPeople();
  } catch {
    // (a dropped link: the next refresh asks again)
  }
}

function ratingsText(p) {
  const full = p.rating_info && Object.keys(p.rating_info).length ? p.rating_info : p.ratings ?? {};
  const games = Object.keys(full).sort();
  if (!games.length) return "-";
  return games.slice(0, 3).map((g) => `${g} ${ratingText(full[g])}`).join(", ") + (games.length > 3 ? ` +${games.length - 3}` : "");
}

// Whether a listed person is the one this page is signed in as (this session, or another device of its player).
export function isMe(p) {
  const me = ctx.me();
  if (!me) return false;
  return p.session === me.session || (p.sessions ?? []).includes(me.session) || (me.player != null && p.player === me.player);
}

// Where a person is, in words: playing (how many games), watching, idle; and on how many devices.
function whereText(p) {
  const where = p.where ?? (p.playing ? "playing" : "idle");
  const words = where === "playing" && p.playing > 1 ? t("web-where-playing-games", { n: p.playing })
    : t("web-where-is", { where });
  const devices = (p.sessions ?? []).length;
  return devices > 1 ? t("web-where-devices", { where: words, n: devices }) : words;
}

function drawPeople() {
  const others = listed.filter((p) => !isMe(p));
  $("people-empty").hidden = others.length > 0;
  $("people").querySelector("tbody").replaceChildren(
    ...listed.map((p) => {
      const name = p.player
        ? el("button", { type: "button", class: "link", "data-player": p.player, text: p.name,
          "aria-label": t("web-player-page", { name: p.name }), onclick: () => showPlayer(p.player) })
        : p.name;
      const action = isMe(p) ? el("span", { class: "about", text: t("web-you") })
        : el("button", { type: "button", class: "small", "data-challenge": p.name, text: t("web-challenge"),
          "aria-label": t("web-challenge-who", { name: p.name }), onclick: () => openChallenge(p) });
      return el("tr", { "data-session": p.session, "data-person": p.player ?? p.session },
        el("td", {}, name, p.player ? null : el("small", { class: "about", text: ` ${t("web-guest")}` })),
        el("td", { text: t("web-kind-of", { kind: p.kind }) }), el("td", { class: "where", text: whereText(p) }),
        el("td", { class: "rating", text: ratingsText(p) }), el("td", {}, action));
    }),
  );
}

// ------------------------------------------------------------------ a challenge

function schema() {
  return ctx.games().find((g) => g.name === $("challenge-game").value);
}

function drawChallengeParams() {
  const s = schema();
  $("challenge-about").textContent = about(s);
  paramFields($("challenge-params"), s, "challenge-param");
  checkRated();
}

// Why a rated game of `schema` with `params` cannot be asked for, in words (a guest, not two seats); null if it can.
export function ratedRefusal(s, params) {
  if (ctx.me()?.player == null) {
    return t("web-rated-guest");
  }
  const seats = s ? seatsOf(s, params) : 2;
  return seats === 2 ? null : t("web-rated-seats", { game: gameName(s.name), seats });
}

// While Rated is ticked, the reason it cannot be, in words.
function checkRated() {
  const why = $("challenge-rated").checked ? ratedRefusal(schema(), paramsOf($("challenge-params"), schema())) : null;
  $("challenge-error").textContent = why ?? "";
  return why;
}

function openChallenge(player) {
  target = player;
  $("challenge-title").textContent = t("web-challenge-who", { name: player.name });
  fillGames($("challenge-game"), ctx.games());
  drawChallengeParams();
  $("challenge-error").textContent = "";
  $("challenge-dialog").showModal();
}

async function sendChallenge(event) {
  event.preventDefault();
  const s = schema();
  if (!s || !target) return;
  const params = paramsOf($("challenge-params"), s);
  const rated = $("challenge-rated").checked;
  const why = rated ? ratedRefusal(s, params) : null;
  if (why) {
    $("challenge-error").textContent = why;
    return;
  }
  const msg = { type: "challenge", to: target.session, game: s.name, params, time_control: clockOf($("challenge-clock")), rated };
  const who = target.name;
  let made;
  try {
    made = await ctx.link.request(msg);
  } catch (err) {
    $("challenge-error").textContent = t("web-challenge-refused", { name: who, why: tSay(err.say, err.message), code: err.code });
    return;
  }
  $("challenge-dialog").close();
  const words = t("web-challenge-sent", { name: who, game: gameName(s.name), rated: rated ? "yes" : "no",
    clock: clockText(msg.time_control) });
  challengedBy.set(made.room, who);
  const box = el("div", { class: "challenge outgoing", "data-outgoing": made.room, role: "status" });
  outgoing.set(made.room, { name: who, box, words });
  drawOutgoing(made.room, t("web-challenge-waiting", { words }), true);
  $("challenges").append(box);
}

// An outgoing challenge's line: while it stands, a button to withdraw it; once answered, one to dismiss the words.
function drawOutgoing(room, text, standing) {
  const c = outgoing.get(room);
  if (!c) return;
  c.answered = !standing;
  const button = standing
    ? el("button", { type: "button", class: "small", text: t("web-withdraw"), "aria-label": t("web-challenge-withdraw", { name: c.name }),
      onclick: async () => {
        if (await ctx.ask({ type: "leave", room })) drawOutgoing(room, t("web-challenge-withdrawn", { name: c.name }), false);
      } })
    : el("button", { type: "button", class: "small", text: t("web-dismiss"), "aria-label": t("web-dismiss-why"),
      onclick: () => { c.box.remove(); outgoing.delete(room); } });
  c.box.replaceChildren(el("span", { class: "words", text }), button);
}

// ------------------------------------------------------------------ challenges received

function receivedText(msg) {
  return t("web-challenge-received", { name: msg.challenger, bot: msg.challenger_kind === "bot" ? "yes" : "no",
    game: heading(msg), rated: msg.rated ? "yes" : "no", clock: clockText(msg.time_control) });
}

function challenged(msg) {
  incoming.get(msg.room)?.box.remove();
  const close = () => {
    const c = incoming.get(msg.room);
    if (!c) return;
    clearInterval(c.timer);
    c.box.remove();
    incoming.delete(msg.room);
  };
  const answer = async (accept) => {
    close();
    try {
      await ctx.link.request({ type: accept ? "accept_challenge" : "decline_challenge", room: msg.room });
      if (accept) ctx.openRoom(msg.room);
    } catch (err) {
      ctx.notice(err.code === "no_challenge" ? t("web-challenge-gone", { name: msg.challenger })
        : t("web-answer-refused", { name: msg.challenger, why: tSay(err.say, err.message), code: err.code }), true);
    }
  };
  const left = el("span", { class: "left" });
  const box = el("div", { class: "challenge incoming", "data-incoming": msg.room, role: "alert" },
    el("span", { class: "words", text: receivedText(msg) }), left,
    el("button", { type: "button", class: "small", text: t("web-accept"), "data-accept": msg.room,
      "aria-label": t("web-challenge-accept", { name: msg.challenger }), onclick: () => answer(true) }),
    el("button", { type: "button", class: "small", text: t("web-decline"), "data-decline": msg.room,
      "aria-label": t("web-challenge-decline", { name: msg.challenger }), onclick: () => answer(false) }));
  const tick = () => {
    if (msg.expires_at == null) return;
    const s = Math.round(msg.expires_at - Date.now() / 1000);
    if (s >= 0) left.textContent = ` ${t("web-challenge-stands", { s })} `;
    else {
      close();
      ctx.notice(t("web-challenge-lapsed", { name: msg.challenger }));
    }
  };
  incoming.set(msg.room, { box, timer: setInterval(tick, 1000), msg });
  $("challenges").append(box);
  tick(); // (registered first: one that came lapsed is closed at once, its lapse said once)
}

// ------------------------------------------------------------------ the node's messages

let statusTimer = null;

export function peopleMessage(msg) {
  switch (msg.type) {
    case "challenged":
      challenged(msg);
      break;
    case "challenge_answered": {  // another device of ours answered first
      const c = incoming.get(msg.room);
      const which = c ? c.msg.challenger : null;
      if (c) {
        clearInterval(c.timer);
        c.box.remove();
        incoming.delete(msg.room);
      }
      const accepted = msg.accepted ? "yes" : "no";
      ctx.notice(which === null ? t("web-challenge-answered-elsewhere", { accepted })
        : t("web-their-challenge-answered-elsewhere", { name: which, accepted }));
      break;
    }
    case "challenge_declined": {
      const words = t("web-challenge-declined", { name: msg.player, expired: msg.reason === "expired" ? "yes" : "no" });
      ctx.notice(words);
      if (outgoing.has(msg.room)) drawOutgoing(msg.room, words, false);
      break;
    }
    case "room_state":
      if (outgoing.has(msg.room) && msg.status === "playing") {  // accepted: the game is on
        outgoing.get(msg.room).box.remove();
        outgoing.delete(msg.room);
      }
      break;
    case "game_over":  // aborted before an answer came (the answer, when there is one, comes first)
      if (outgoing.has(msg.room) && !outgoing.get(msg.room).answered) {
        drawOutgoing(msg.room, t("web-challenge-ended", { name: outgoing.get(msg.room).name,
          why: msg.reason || msg.status }), false);
      }
      break;
    case "game_rated":  // a rated result: the ratings in the list moved
      if (lobbyShown()) refreshPeople();
      break;
    case "player_status":  // someone came or went: the list may have changed
      if (lobbyShown()) {
        clearTimeout(statusTimer);
        statusTimer = setTimeout(refreshPeople, 300);
      }
      break;
    default:
      break;
  }
}

export function initPeople(deps) {
  ctx = deps;
  fillClocks($("challenge-clock"));
  $("challenge-game").addEventListener("change", drawChallengeParams);
  for (const kind of ["change", "input"]) $("challenge-params").addEventListener(kind, checkRated);
  $("challenge-rated").addEventListener("change", checkRated);
  $("challenge-form").addEventListener("submit", sendChallenge);
  $("challenge-cancel").addEventListener("click", () => $("challenge-dialog").close());
  $("people-refresh").addEventListener("click", refreshPeople);
  setInterval(() => lobbyShown() && refreshPeople(), REFRESH_MS);
  new MutationObserver(() => lobbyShown() && refreshPeople()).observe($("lobby-view"), { attributes: true, attributeFilter: ["hidden"] });
}
