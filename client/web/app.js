// The grundy web client: a name, the lobby, and rooms played with the mouse, over the node's websocket.
// One module holds the page's state (S) and draws it; net.js carries the messages, boards.js the boards,
// room.js folds the server's messages into each room (the clients' one room model).
import { accountsMessage, helloFailed, helloSecret, initAccounts, ratedChosen, showPlayer, welcomed as accountWelcomed } from "./accounts.js";
import { Analysis, hintView, reviewView } from "./analysis.js";
import { drawBoard, el, refocus } from "./boards.js";
import { endSound, headline, ratingLines, reasonText, wonSideNote } from "./gameover.js";
import { hintControl, notationLines } from "./controls.js";
import { drawMoveList } from "./movelist.js";
import { Link } from "./net.js";
import { paramAbout, paramName } from "./forms.js";
import { initPeople, linkWords, peopleMessage } from "./people.js";
import { drawRecordActions, initRecords, openRecord } from "./records.js";
import { canDraw, clockLeft as secondsLeft, heading, isMyTurn, isOver, isPlayer, moveModes, reduce, roomKey, seatMarks } from "./room.js";
import { isMuted, setMuted, sound } from "./sounds.js";
import { gamePly } from "./teach.js";
import { initTournaments, tournamentMessage, tournamentShown } from "./tournaments.js";
import { gameAbout, gameName, initLanguage, language, languageMenu, onLanguage, t, tSay } from "./i18n.js";

const VERSIONS = [1];
const TOKEN = "grundy.token"; // sessionStorage: each tab is its own session, and a reload keeps it
const NAME = "grundy.name"; // localStorage: the name is remembered for next time
const TITLE = "grundy";
const LOW_TIME_S = 10; // a clock below this is low: shown red, with a sound for its player
const $ = (id) => document.getElementById(id);
// Said once through a cluster's outage (docs/PROTOCOL.md 2.1): the link sends the moves again by itself.
const CATCHING_UP = () => t("web-catching-up");
const CAUGHT_UP = (seconds) => t("client-caught-up", { seconds });
const NOT_DONE = (what) => t("client-not-done", { what });
const MOVE_NOT_STORED = (move) => t("client-move-not-stored", { move });

const S = {
  me: null, // the welcome
  games: [],
  rooms: new Map(), // room id -> the room as room.js's reducer made it from the server's messages
  received: new Map(), // room id -> performance.now() when its clocks last came (the clock faces run from there)
  current: null,
  view: "name",
  codes: new Map(), // room id -> join code of rooms this page created
  hints: new Map(),
  reviews: new Map(),
  analyses: new Map(), // room id -> its analysis board (analysis.js), once the game is finished
  mode: null, // the chosen move mode's prefix, in a game that has several (null: the first)
  linkCode: null, // the code of a /r/CODE join link, until it is used
  linkPlayer: null, // the name of a /p/NAME player's page, until it is opened
  resumed: new Set(), // rooms given back on resume whose room_state has not come yet (the address says what shows)
  endedHere: new Set(), // rooms whose end this page saw come (a rated one's new ratings are on their way)
  roomsList: [],
  rated: new Map(), // room id -> its `game_rated` (how a rated game moved the ratings)
  overClosed: new Set(), // rooms whose game-over dialog was closed
  lowTime: new Set(), // rooms whose low-time sound has sounded (until the clock is above the line again)
  seen: new Map(), // room id -> Map(moves made -> view): the positions of a live game this page was shown
  peek: null, // {room, ply}: a past position of a live game shown instead of the current one
  sending: new Map(), // room id -> the ply of a move of ours waiting for its answer
};

const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
const link = new Link(wsUrl, {
  opened,
  message,
  closed,
  token: () => sessionStorage.getItem(TOKEN),
  catchingUp: () => status(CATCHING_UP()),
  caughtUp: (seconds, ended) => {
    status("");
    notice(ended ? t("outage-caught-up-game-over", { seconds }) : CAUGHT_UP(seconds));
  },
});

// ------------------------------------------------------------------ session

function opened() {
  status("");
  const token = sessionStorage.getItem(TOKEN);
  if (token) {
    link.request({ type: "resume", versions: VERSIONS, token }).catch((err) => {
      if (err.code === "unavailable") {  // (the session is kept: said again once the server has caught up)
        status(CATCHING_UP());
        setTimeout(opened, 1000);
        return;
      }
      sessionStorage.removeItem(TOKEN);
      if (err.code === "bad_token") greet();
      else notice(errorText(err), true);
    });
  } else greet();
}

function greet() {
  const name = localStorage.getItem(NAME);
  if (name) hello(name);
  else show("name");
}

function hello(name) {
  link
    .request({ type: "hello", versions: VERSIONS, name, client: "grundy-web/0.1", lang: language(), ...helloSecret(name) })
    .catch((err) => {
      if (err.code === "unavailable") {
        status(CATCHING_UP());
        setTimeout(() => hello(name), 1000);
        return;
      }
      notice(errorText(err), true);
      helloFailed(name, err);
      show("name");
    });
}

function closed(code, reason, retry) {
  if (retry) status(t("web-status-reconnecting"));
  else if (code === 1000) status(t("web-status-other-tab"));
  else status(t("web-status-disconnected", { reason: reason || String(code) }));
}

// A refusal in the page's language: the catalog's words for its `say`, the node's own words otherwise.
function errorText(err) {
  return err?.say ? tSay(err.say, err.message) : err?.message || String(err);
}

// The opponent list: people, then one entry a hosted bot's level as the node names them (never a copy here).
function fillLevels(levels) {
  const select = $("opponent");
  const chosen = select.value;
  for (const option of [...select.options]) if (option.value.startsWith("bot:")) option.remove();
  for (const level of levels) select.append(el("option", { value: `bot:${level}`, text: t("web-bot-option", { level }) }));
  if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
}

async function welcomed(msg) {
  S.me = msg;
  S.resumed = new Set(msg.resumed ? msg.rooms : []);
  link.setNodes(msg.nodes); // (where to resume when this node is gone)
  sessionStorage.setItem(TOKEN, msg.token);
  localStorage.setItem(NAME, msg.name);
  $("me").textContent = msg.name;
  try {
    const games = await link.request({ type: "list_games" });
    S.games = games.games;
    fillGames();
    fillLevels(games.bot_levels || []);
  } catch (err) {
    notice(errorText(err), true);
  }
  accountWelcomed(msg);
  // The address is what shows (a page that comes back after a drop stays where it was): a game's link opens
  // that game, a player's page that page over the lobby, anything else the lobby; the rooms given back on
  // resume stay in the lobby's "your games" (roomState).
  if (S.linkCode) {
    const code = S.linkCode;
    S.linkCode = null;
    await openLink(code);
  } else if (S.view === "name") {
    show("lobby");
    if (S.linkPlayer) showPlayer(S.linkPlayer);
    S.linkPlayer = null;
  }
}

// A join link: take a seat with its code (or by the room's id); when no seat is left, watch.
async function openLink(code) {
  const tries = [
    { type: "join", code },
    { type: "join", room: code },
    { type: "spectate", code },
    { type: "spectate", room: code },
  ];
  let last = null;
  for (const t of tries) {
    try {
      await link.request(t);
      return;
    } catch (err) {
      last = err;
    }
  }
  notice(t("web-app-bad-link", { why: last ? tSay(last.say, last.message) : t("say-unknown") }), true);
  show("lobby");
}

// ------------------------------------------------------------------ messages from the node

function message(msg) {
  if (msg.room != null) roomMessage(msg);
  peopleMessage(msg); // challenges, who is online (people.js)
  accountsMessage(msg); // the leaderboard and a player's page follow rated results (accounts.js)
  tournamentMessage(msg); // tournaments (tournaments.js)
  switch (msg.type) {
    case "welcome":
      welcomed(msg);
      break;
    case "rooms":
      S.roomsList = msg.rooms;
      drawRoomsList();
      break;
    case "room_created":
      if (msg.code) S.codes.set(msg.room, msg.code);
      break;
    case "draw_declined":
      if (msg.room === S.current) notice(t("web-app-draw-declined", { name: seatName(S.rooms.get(msg.room), msg.seat) }));
      break;
    case "queued":
      $("queued").hidden = false;
      break;
    case "game_rated":
      S.rated.set(msg.room, msg);
      if (msg.room === S.current) drawRoom();
      break;
    case "analysis":
      if (msg.kind === "position") break; // the analysis board's own answers (through their requests)
      if (msg.kind === "hint") S.hints.set(msg.room, msg);
      else S.reviews.set(msg.room, msg);
      if (msg.room === S.current) drawRoom();
      break;
    case "error":
      if (!msg.answered) notice(errorText(msg), true);
      break;
    default:
      break;
  }
}

// A message about a room goes through the room model; the page keeps what it returns, sends what it
// asks for, and redraws.
function roomMessage(msg) {
  const key = roomKey(S.rooms, msg);
  if (key === null && msg.type !== "room_state") return;
  const before = key === null ? null : S.rooms.get(key);
  const [room, sends] = reduce(before, msg);
  for (const request of sends) ask(request);
  if (room === before || room === null) return;
  if (key !== null && key !== room.room) S.rooms.delete(key); // a rematch replaces the room it follows
  S.rooms.set(room.room, room);
  if (before === null || room.server_time !== before.server_time || room.clocks !== before.clocks) {
    S.received.set(room.room, performance.now());
  }
  if (room.ply !== before?.ply || room.status !== before?.status) S.hints.delete(room.room);
  if (before && isOver(room) && !isOver(before)) S.endedHere.add(room.room);
  if (room.room === S.current && before !== null && before.room === room.room) told(before, room, msg);
  if (!S.seen.has(room.room)) S.seen.set(room.room, new Map());
  S.seen.get(room.room).set(room.moves.length, room.view);
  if (msg.type === "room_state") roomState(msg, key);
  else if (room.room === S.current) {
    if (msg.type === "chat") drawChat();
    else drawRoom();
  }
  drawTitle();
}

// What the room shown just did, heard and said: a move (a sound, and words for a screen reader), the
// end of the game.
function told(before, room, msg) {
  if (msg.type === "move_made" && room.ply > before.ply) {
    sound("move");
    const played = msg.move ? t("web-played", { name: seatName(room, msg.seat), move: msg.move }) : t("web-played-hidden", { name: seatName(room, msg.seat) });
    announce(`${played}${isMyTurn(room) ? ` ${t("web-your-move-now")}` : ""}`);
  } else if (isOver(room) && !isOver(before)) {
    sound(endSound(room));
    announce(`${headline(room, (i) => seatName(room, i))}. ${reasonText(room, (i) => seatName(room, i))}`);
  }
}

function announce(text) {
  $("announce").textContent = text;
}

// The tab's title says when a game waits for this player's move.
function drawTitle() {
  const waiting = [...S.rooms.values()].some(isMyTurn);
  document.title = waiting ? `● ${t("web-app-your-move-title", { title: TITLE })}` : TITLE;
}

// A snapshot: show it when the page shows no other game in play (or this one, or its rematch).
function roomState(msg, key) {
  if (msg.ref == null && S.resumed.delete(msg.room) && msg.room !== S.current) {
    if (S.view === "lobby") drawMyGames();  // (given back on resume: the address, not the last room, says what shows)
    return;
  }
  const cur = S.current ? S.rooms.get(S.current) : null;
  // (a game of one's own, a tournament's next one say, takes the place of one watched: that one is left)
  const seated = cur && !isPlayer(cur) && msg.you != null && msg.room !== S.current;
  const switchTo = S.view !== "room" || msg.room === S.current || !cur || isOver(cur) || key === S.current || seated;
  if (seated && !isOver(cur)) {
    ask({ type: "leave", room: cur.room });
    S.rooms.delete(cur.room);
  }
  if (switchTo) {
    if (S.current !== msg.room) S.mode = null;
    if (S.current !== msg.room) S.peek = null;
    S.current = msg.room;
    $("queued").hidden = true;
    show("room");
  }
}

// ------------------------------------------------------------------ views

function show(view) {
  S.view = view;
  for (const v of ["name", "lobby", "room", "tournament"]) $(`${v}-view`).hidden = v !== view;
  tournamentShown(view);
  if (view === "lobby") {
    history.replaceState(null, "", "/");
    drawMyGames();
    refreshRooms();
  }
  if (view === "room") drawRoom();
  drawTitle();
  if (view === "name") {
    // A suggested name, selected: one click (or Enter) plays, typing replaces it.
    $("name").value = localStorage.getItem(NAME) || `guest${100 + Math.floor(Math.random() * 900)}`;
    $("name").focus();
    $("name").select();
  }
}

let noticeTimer = null;
function notice(text, error = false) {
  const n = $("notice");
  n.textContent = text;
  n.className = error ? "error" : "info";
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    n.textContent = "";
    n.className = "";
  }, 6000);
}

function status(text) {
  $("link-status").textContent = text;
}

async function ask(msg) {
  try {
    return await link.request(msg);
  } catch (err) {
    if (err.code === "unavailable") notice(NOT_DONE(msg.type.replaceAll("_", " ")), true);
    else if (!(err.resent && err.code === "game_over")) notice(errorText(err), true); // (else the game ended meanwhile)
    return null;
  }
}

// ------------------------------------------------------------------ lobby

function gameSchema(name) {
  return S.games.find((g) => g.name === name);
}

function fillGames() {
  const select = $("game");
  const chosen = select.value || S.games[0]?.name;
  select.replaceChildren(...S.games.map((g) => el("option", { value: g.name, text: gameName(g.name) })));
  select.value = gameSchema(chosen) ? chosen : S.games[0]?.name;
  drawParams();
}

function drawParams() {
  const g = gameSchema($("game").value);
  if (!g) return;
  const seats = Array.isArray(g.seats) ? t("web-players-range", { lo: g.seats[0], hi: g.seats[1] }) : t("web-players-n", { n: g.seats });
  $("game-about").textContent = `${gameAbout(g)} (${seats})`;
  const box = $("params");
  box.replaceChildren();
  for (const p of g.parameters) {
    if (p.name === "seed") continue; // a hidden layout's seed: the server picks it
    let input;
    const choices = p.choices || p.allowed;
    if (p.type === "bool") {
      input = el("input", { type: "checkbox", checked: p.default === true });
    } else if (Array.isArray(choices) && choices.length > 0 && choices.length <= 40) {
      input = el("select", {}, ...choices.map((c) => el("option", { value: String(c), text: String(c) })));
      input.value = String(p.default);
    } else if (p.type === "int") {
      input = el("input", { type: "number", min: p.min, max: p.max, value: p.default ?? "" });
    } else {
      const value = Array.isArray(p.default) ? p.default.join(",") : p.default ?? "";
      input = el("input", { type: "text", value, placeholder: p.optional ? t("web-param-optional") : "" });
    }
    input.dataset.param = p.name;
    input.dataset.type = p.type;
    const about = paramAbout(g.name, p);
    input.title = about;
    box.append(el("label", { title: about }, `${paramName(g.name, p.name)} `, input));
  }
}

function chosenParams() {
  const params = {};
  const g = gameSchema($("game").value);
  for (const input of $("params").querySelectorAll("[data-param]")) {
    const p = g.parameters.find((q) => q.name === input.dataset.param);
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.value.trim() === "") continue;
    else value = input.value.trim();
    const plain = Array.isArray(p.default) ? p.default.join(",") : String(p.default);
    if (String(value) !== plain) params[p.name] = p.type === "int" && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return params;
}

function chosenClock() {
  const v = $("clock").value;
  if (!v) return null;
  const [initial, inc] = v.split("+").map(Number);
  return { initial_s: initial, increment_s: inc };
}

async function createRoom(event) {
  event.preventDefault();
  const game = $("game").value;
  const params = chosenParams();
  const opponent = $("opponent").value;
  const g = gameSchema(game);
  let seats = null;
  if (opponent !== "open") {
    let n = Array.isArray(g.seats) ? Number(params.players ?? g.parameters.find((p) => p.name === "players")?.default ?? g.seats[0]) : g.seats;
    const other = opponent === "invite" ? { kind: "invite" } : { kind: "bot", level: opponent.split(":")[1] };
    seats = [{ kind: "open" }, ...Array.from({ length: n - 1 }, () => ({ ...other }))];
  }
  await ask({ type: "create_room", game, params, time_control: chosenClock(), seats, seat: 0, private: opponent === "invite", rated: ratedChosen() });
}

async function quickMatch() {
  const ok = await ask({ type: "quick_match", game: $("game").value, params: chosenParams(), time_control: chosenClock(), rated: ratedChosen() });
  if (ok) $("queued").hidden = false;
}

async function refreshRooms() {
  if (link.isOpen && S.me) await ask({ type: "list_rooms" });
}

function clockText(tc) {
  if (!tc) return t("web-untimed");
  const base = tc.initial_s >= 60 && tc.initial_s % 60 === 0 ? `${tc.initial_s / 60}` : `${tc.initial_s}s`;
  return `${base}+${tc.increment_s}`;
}

function drawRoomsList() {
  const body = $("rooms").querySelector("tbody");
  const rooms = S.roomsList.filter((r) => r.status === "waiting" || r.status === "playing");
  $("no-rooms").hidden = rooms.length > 0;
  body.replaceChildren(
    ...rooms.map((r) => {
      const free = r.seats.some((s) => s.kind === "open" && !s.player);
      const players = r.seats.map((s) => (s.player_say ? tSay(s.player_say, s.player) : s.player)
        || (s.kind === "bot" ? t("lobby-bot", { level: s.level }) : "—")).join(" vs ");
      const button = free && r.status === "waiting"
        ? el("button", { type: "button", class: "small", "data-join": r.room, text: t("web-join"), onclick: () => ask({ type: "join", room: r.room }) })
        : el("button", { type: "button", class: "small", "data-watch": r.room, text: t("web-watch"), onclick: () => ask({ type: "spectate", room: r.room }) });
      return el("tr", {}, el("td", {}, el("b", { text: heading(r) })),
        el("td", { text: clockText(r.time_control) }), el("td", { text: players }), el("td", {}, button));
    }),
  );
}

// The games this page sits in or watches that are not over: a way back to each.
function drawMyGames() {
  const mine = [...S.rooms.values()].filter((r) => r.status === "waiting" || r.status === "playing");
  $("my-games-panel").hidden = mine.length === 0;
  $("my-games").replaceChildren(
    ...mine.map((r) => {
      const who = r.you === null || r.you === undefined ? t("web-watching-short") : r.turn === r.you ? t("web-your-move") : t(`web-room-${r.status}`);
      const open = () => {
        S.current = r.room;
        show("room");
      };
      return el("li", {}, el("b", { text: heading(r) }), ` ${r.seats.map((_, i) => seatName(r, i)).join(" vs ")} · ${who} `,
        el("button", { type: "button", class: "small", "data-open": r.room, text: t("web-open"), onclick: open }));
    }),
  );
}

// ------------------------------------------------------------------ a room

function seatName(room, i) {
  const s = room.seats[i];
  if (!s) return t("web-seat", { seat: i });
  if (s.player_say) return tSay(s.player_say, s.player); // (a hosted bot: its level in the page's language)
  if (s.player) return s.kind === "bot" && s.level && s.player === "bot" ? t("lobby-bot", { level: s.level }) : s.player;
  if (s.kind === "bot") return s.level ? t("lobby-bot", { level: s.level }) : t("web-bot");
  return s.kind === "invite" ? t("web-invite-seat") : t("web-open-seat");
}

// Seconds since the room's clocks came.
const elapsed = (room) => (performance.now() - (S.received.get(room.room) ?? performance.now())) / 1000;

const clockLeft = (room, i) => secondsLeft(room, i, elapsed(room));

function formatClock(s) {
  const t = Math.ceil(s);
  return t >= 3600 ? `${Math.floor(t / 3600)}:${String(Math.floor(t / 60) % 60).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}` : `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

function play(move) {
  const room = S.rooms.get(S.current);
  const analysis = room && analysisOf(room);
  if (analysis) {  // a finished game: the move is a "what if" on the analysis board
    const why = analysis.play(move);
    if (why) notice(why, true);
    return;
  }
  if (!room || room.status !== "playing" || room.you === null || room.turn !== room.you) return;
  if (S.sending.get(room.room) === room.ply) return; // (a move of this ply is on its way, maybe sent again)
  S.sending.set(room.room, room.ply);
  sendMove(room.room, room.ply, move).finally(() => {
    if (S.sending.get(room.room) === room.ply) S.sending.delete(room.room);
  });
}

// A move, sent again through an outage by the link: a copy played after all is refused `stale_ply` (the room's
// state, which the room model asks for, shows it), one whose game ended meanwhile `game_over`: not news.
async function sendMove(roomId, ply, move) {
  try {
    await link.request({ type: "move", room: roomId, ply, move });
  } catch (err) {
    if (err.code === "unavailable") notice(MOVE_NOT_STORED(move), true);
    else if (!(err.resent && (err.code === "stale_ply" || err.code === "game_over"))) notice(errorText(err), true);
  }
}

function drawRoom() {
  const room = S.rooms.get(S.current);
  if (!room || S.view !== "room") return;
  const me = room.you;
  const playing = room.status === "playing";
  const player = isPlayer(room);
  // The game's address: a finished game's is its id, for ever (a join code is for joining while it is open).
  const address = `/r/${isOver(room) ? room.room : S.codes.get(room.room) || room.room}`;
  if (S.current && location.pathname !== address && !$("player-dialog").open) history.replaceState(null, "", address);
  $("room-title").textContent = `${heading(room)}${room.rated ? ` · ${t("web-rated-suffix")}` : ""}`;
  const marks = seatMarks(room.view);
  const code = S.codes.get(room.room);
  $("invite").hidden = !(code && room.status === "waiting");
  if (code) $("invite-link").value = `${location.origin}/r/${code}`;
  if (code) $("invite-words").textContent = linkWords(room.room);

  $("seats").replaceChildren(
    ...room.seats.map((s, i) => {
      const clock = clockLeft(room, i);
      return el("div", { class: `seat${room.turn === i ? " to-move" : ""}${i === me ? " mine" : ""}`, "data-seat": i },
        el("span", { class: "seat-name", text: i === me ? t("web-you-suffix", { name: seatName(room, i) }) : seatName(room, i) }),
        marks?.[i] ? el("span", { class: "mark", "data-mark": i, text: marks[i] }) : null,
        s.connected || s.kind === "bot" || !s.player || isOver(room) ? null : el("span", { class: "away", text: ` ${t("web-away")}` }),
        clock === null ? null : el("span", { class: "clock", "data-clock": i, text: formatClock(clock) }));
    }),
  );
  $("room-status").textContent = statusText(room);

  const modes = moveModes(room);
  const mode = modes.some((m) => m.prefix === S.mode) ? S.mode : modes[0]?.prefix ?? null;
  const analysis = analysisOf(room);
  const focused = $("board").contains(document.activeElement);  // (the keyboard's cursor stays on the board)
  const past = pastView(room, analysis);  // (a past position of the live game, when one is chosen)
  const shown = past ? { ...room, view: past, legal_moves: null, result: null } : room;
  const { element, used } = analysis ? { element: null, used: new Set() } : drawBoard(shown, { play, mode });
  let extras = past ? [pastBar(room)] : (room.legal_moves || []).filter((m) => !used.has(m)).map(moveButton);
  if (analysis) {  // a finished game: the analysis board (analysis.js), at the ply chosen
    const drawn = analysis.draw(room, { name: (i) => seatName(room, i), mode, over: statusText(room), review: S.reviews.get(room.room) });
    $("board").replaceChildren(drawn.board);
    extras = drawn.extras;
    $("analysis").replaceChildren(...drawn.panel);
  } else {
    $("board").replaceChildren(element);
    $("analysis").replaceChildren();
  }
  if (focused) refocus($("board"));
  $("analysis").hidden = !analysis;
  // In a game with several ways of moving, a button per way: a click on the board moves the chosen way.
  const modeButtons = modes.length > 1 && ((player && playing) || analysis)
    ? modes.map((m) => el("button", {
      type: "button", class: `small mode${m.prefix === mode ? " on" : ""}`, "data-mode": m.prefix, title: m.help,
      "aria-pressed": m.prefix === mode ? "true" : "false", text: m.name,
      onclick: () => { S.mode = m.prefix; drawRoom(); },
    }))
    : [];
  $("extra-moves").replaceChildren(...modeButtons, ...extras.slice(0, 60));
  $("move-form").hidden = !((player && playing) || analysis?.canTry());
  $("move-text").placeholder = analysis ? t("web-move-try") : t("web-move-placeholder");

  const offer = room.draw_offer || [];
  const myTurnControls = player && playing;
  // Hint: hidden where it never comes in this game, disabled with its reason while it waits (controls.js,
  // the terminal's and pygame's rule).
  const [hintState, hintWhy] = hintControl({
    game: room.game, you: player ? me : null, status: room.status, rated: room.rated,
    hidden: room.traits?.hidden_information === true, turn: room.turn,
    names: room.seats.map((_, i) => seatName(room, i)), hasBot: room.seats.some((s) => s.kind === "bot"),
  });
  $("hint").hidden = hintState === "hidden";
  $("hint").disabled = hintState === "disabled";
  $("hint").title = hintWhy || "";
  $("hint-why").textContent = hintState === "disabled" ? hintWhy : "";
  $("hint-why").hidden = hintState !== "disabled";
  // Before the first move: how moves are written, an example and the game's own words (the catalog's).
  const notation = room.moves.length === 0 && (room.status === "waiting" || playing) && player
    ? notationLines(language() === "en" ? gameSchema(room.game)?.notation : null, room.legal_moves) : [];  // (the game's notation: the node's English)
  $("notation").replaceChildren(...notation.map((line) => el("div", { text: line })));
  $("notation").hidden = notation.length === 0;
  $("resign").hidden = !myTurnControls;
  $("offer-draw").hidden = !myTurnControls || offer.length > 0 || !canDraw(room); // (hosted bots accept none)
  $("accept-draw").hidden = !myTurnControls || offer.length === 0 || offer.includes(me);
  $("decline-draw").hidden = !myTurnControls || offer.length === 0;
  $("decline-draw").textContent = offer.includes(me) ? t("web-withdraw-offer") : t("web-decline");
  const over = isOver(room);
  $("rematch").hidden = !(player && over);
  $("rematch").textContent = room.rematch.length ? t("web-rematch-asked", { names: room.rematch.map((i) => seatName(room, i)).join(", ") }) : t("web-rematch");
  $("review-button").hidden = room.status !== "finished";
  $("leave").hidden = !(room.status === "waiting" || !player);
  $("leave").textContent = player ? t("web-leave") : t("web-stop-watching");

  const hint = S.hints.get(room.room);
  // A hint teaches: its move lit on the board, the reason and the notation in words (analysis.js).
  $("hint-text").replaceChildren(hint && playing ? hintView(hint, element, (i) => seatName(room, i)) : "");
  drawReview(room, analysis);
  drawRecordActions(room);
  drawMoves(room, analysis);
  drawOver(room);
  drawChat();
}

// The game-over dialog (in the page's flow, above the board: it covers nothing): the result for the
// reader, the reason, the ratings' change in a rated game, and the ways on (rematch, review).
function drawOver(room) {
  const dialog = $("game-over");
  if (!isOver(room) || S.overClosed.has(room.room)) {
    dialog.open = false;
    return;
  }
  const name = (i) => seatName(room, i);
  const title = headline(room, name);
  $("over-title").textContent = title;
  const mine = isPlayer(room) && room.status === "finished" ? room.result?.outcomes?.[room.you] : null;
  dialog.dataset.outcome = mine === "win" || mine === "loss" ? mine : "other";
  $("over-reason").textContent = reasonText(room, name);
  const rated = S.rated.get(room.room);
  const lines = rated ? ratingLines(rated, room, name) : [];
  $("over-rating").replaceChildren(
    ...lines.map((l) => el("li", { "data-seat": l.seat, class: l.change >= 0 ? "up" : "down", text: l.text })),
    ...(wonSideNote(rated, room, name) ? [el("li", { class: "note", text: wonSideNote(rated, room, name) })] : []),
    ...(pendingRatings(room, rated) ? [el("li", { class: "pending", text: t("end-rating-pending") })] : []),
  );
  $("over-rating").hidden = !rated && !pendingRatings(room, rated);
  $("over-rematch").hidden = !isPlayer(room);
  $("over-rematch").textContent = $("rematch").textContent;
  $("over-review").hidden = room.status !== "finished";
  dialog.open = true;  // (not showModal: the page stays usable, and the keys keep stepping through the game)
}

// A rated game whose end this page saw, and whose new ratings have not come yet (a game opened later, a reload
// included, says nothing of them rather than "being updated" for ever).
const pendingRatings = (room, rated) => !rated && room.rated && room.status === "finished" && S.endedHere.has(room.room);

const moveButton = (m) => el("button", { type: "button", class: "small move-button", "data-move": m, text: m, onclick: () => play(m) });

// The analysis board of a finished room whose moves are all known (made when first asked for).
function analysisOf(room) {
  if (room.status !== "finished" || room.moves.some((m) => m.move === null)) return null;
  let analysis = S.analyses.get(room.room);
  if (!analysis) {
    analysis = new Analysis(room, (msg) => link.request(msg), () => room.room === S.current && drawRoom());
    S.analyses.set(room.room, analysis);
  }
  analysis.sync(room);
  return analysis;
}

// The moves in rounds (movelist.js); in a finished game a click on one shows the position after it on
// the analysis board.
function drawMoves(room, analysis) {
  drawMoveList($("moves"), $("moves-head"), room, {
    name: (i) => seatName(room, i),
    current: analysis ? gamePly(analysis.nav) : pastView(room, null) ? S.peek.ply : null,
    open: analysis ? (ply) => analysis.at(ply) : (ply) => lookBack(room, ply),
  });
}

// A live game's past: the position after `ply` moves, as this page was shown it (none it never saw).
function pastView(room, analysis) {
  if (analysis || !S.peek || S.peek.room !== room.room || S.peek.ply === room.moves.length) return null;
  return S.seen.get(room.room)?.get(S.peek.ply) ?? null;
}

function lookBack(room, ply) {
  const known = S.seen.get(room.room)?.has(ply);
  S.peek = known && ply !== room.moves.length ? { room: room.room, ply } : null;
  drawRoom();
}

// Under a past position: where it is, and the way back to the game.
function pastBar(room) {
  return el("p", { class: "past-bar", id: "past-bar", "data-ply": S.peek.ply }, `${t("web-past-move", { ply: S.peek.ply, plies: room.moves.length })} `,
    el("button", { type: "button", class: "small", id: "past-back", text: t("web-back-to-game"), onclick: () => lookBack(room, room.moves.length) }));
}

// ←/→, Home/End in a live game: through the positions this page saw; End (or → at the last) back to the game.
function liveKey(room, key) {
  const plies = [...(S.seen.get(room.room)?.keys() ?? [])].filter((p) => p <= room.moves.length).sort((a, b) => a - b);
  const at = S.peek?.room === room.room ? S.peek.ply : room.moves.length;
  const target = {
    ArrowLeft: plies.filter((p) => p < at).pop(),
    ArrowRight: plies.find((p) => p > at),
    Home: plies[0],
    End: room.moves.length,
  }[key];
  if (target !== undefined) lookBack(room, target);
}

function statusText(room) {
  const name = (i) => seatName(room, i);
  if (room.status === "waiting") return t("web-waiting-for-players");
  if (room.status === "aborted") return t("web-aborted-why", { reason: reasonText(room, name) });
  if (room.status === "finished") {
    const r = room.result;
    const won = r.outcomes.map((o, i) => [o, i]).filter(([o]) => o === "win").map(([, i]) => name(i));
    const head = won.length ? t("end-won-by", { name: new Intl.ListFormat(language()).format(won) }) : t("solve-draw");
    const scores = room.traits?.scores && r.scores ? ` (${scoresText(room, r.scores)})` : "";
    // (in another language a game's rule is not named: its reason would only say who won again)
    const why = language() !== "en" && r.ending === "rules" ? "" : `: ${reasonText(room, name)}`;
    return `${head}${scores}${why}`;
  }
  const who = (room.turn === room.you ? t("web-your-move") : t("web-to-move", { name: name(room.turn) })) + yourMark(room);
  const abort = room.abort_at && room.ply === room.opening ? ` · ${t("web-abort-in", { seconds: Math.max(0, Math.round(room.abort_at - room.server_time - elapsed(room))) })}` : "";
  const scores = room.traits?.scores && Array.isArray(room.view.scores) ? ` · ${scoresText(room, room.view.scores)}` : "";
  const offer = room.draw_offer.length ? ` · ${t("web-draw-offered-by", { names: room.draw_offer.map(name).join(", ") })}` : "";
  return `${who}${abort}${scores}${offer}`;
}

// What this player plays, in words: " · you play black (X)" (stones named by colour), " · you are X".
function yourMark(room) {
  const marks = seatMarks(room.view);
  if (!isPlayer(room) || !marks?.[room.you]) return "";
  const mark = marks[room.you];
  const said = Array.isArray(room.view.colours) ? t("web-you-play", { mark }) : t("web-you-are", { mark });
  return ` · ${said}`;
}

// A score per seat, with the players' names: "Ann 2 · Bob 3".
function scoresText(room, scores) {
  return scores.map((n, i) => `${seatName(room, i)} ${n}`).join(" · ");
}

function drawReview(room, analysis) {
  const box = $("review");
  const review = S.reviews.get(room.room);
  if (!review || room.status !== "finished") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  if (review.pending) {
    box.replaceChildren(el("p", { text: t("web-reviewing") }));
    return;
  }
  if (review.refused) {
    box.replaceChildren(el("p", { text: t("web-app-no-review", { why: review.refused }) }));
    return;
  }
  // A review teaches (analysis.js): the summary, each move's values, the better move and why; a
  // click on a row shows the position before that move on the analysis board.
  const current = analysis ? gamePly(analysis.nav) : null;
  box.replaceChildren(reviewView(review, { name: (i) => seatName(room, i), open: (ply) => analysis?.at(ply), current }));
}

function drawChat() {
  const log = $("chat-log");
  const lines = S.rooms.get(S.current)?.chat ?? [];
  log.replaceChildren(...lines.map((c) => el("p", {}, el("b", { text: `${c.name}: ` }), c.text)));
  log.scrollTop = log.scrollHeight;
}

function tick() {
  const room = S.rooms.get(S.current);
  if (!room || S.view !== "room") return;
  if (room.abort_at && room.ply === room.opening && room.status === "playing") $("room-status").textContent = statusText(room);
  if (!room.clocks) return;
  for (const span of document.querySelectorAll("[data-clock]")) {
    const left = clockLeft(room, Number(span.dataset.clock));
    span.textContent = formatClock(left);
    span.classList.toggle("low", left < LOW_TIME_S);
  }
  // Low time on this player's own clock, on its turn: one warning each time it runs below the line.
  const mine = isPlayer(room) ? clockLeft(room, room.you) : null;
  if (mine !== null && mine >= LOW_TIME_S) S.lowTime.delete(room.room);
  else if (mine !== null && isMyTurn(room) && mine > 0 && !S.lowTime.has(room.room)) {
    S.lowTime.add(room.room);
    sound("low");
    announce(t("web-seconds-left", { n: Math.ceil(mine) }));
  }
}

function drawMute() {
  const muted = isMuted();
  $("mute").textContent = muted ? t("web-sound-off") : t("web-sound-on");
  $("mute").setAttribute("aria-pressed", String(muted));
  $("mute").setAttribute("aria-label", muted ? t("web-sound-off-label") : t("web-sound-on-label"));
}

// ←/→ (and Home/End) step through a finished game on the analysis board, unless a text box has the keys.
function analysisKey(event) {
  if (S.view !== "room" || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, textarea, select, dialog:not(#game-over)")) return;
  const room = S.rooms.get(S.current);
  const analysis = room && analysisOf(room);
  if (!room || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  if (!analysis && room.moves.length === 0) return;  // (nothing to step through: the keys scroll the page)
  event.preventDefault();
  if (analysis) analysis.key(event.key);
  else liveKey(room, event.key);
}

function confirmAsk(text) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
  });
}

// ------------------------------------------------------------------ wiring

function wire() {
  $("name-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("name").value.trim();
    if (!name) return;
    localStorage.setItem(NAME, name);
    if (link.isOpen) hello(name);
  });
  $("game").addEventListener("change", drawParams);
  $("create-form").addEventListener("submit", createRoom);
  $("quick").addEventListener("click", quickMatch);
  $("quick-cancel").addEventListener("click", async () => {
    await ask({ type: "quick_match_cancel" });
    $("queued").hidden = true;
  });
  $("refresh").addEventListener("click", refreshRooms);
  $("to-lobby").addEventListener("click", () => show("lobby"));
  $("leave").addEventListener("click", async () => {
    const room = S.rooms.get(S.current);
    if (!room) return;
    if (isOver(room)) link.request({ type: "leave", room: room.room }).catch(() => {}); // (a stored game: no room)
    else if (!(await ask({ type: "leave", room: room.room }))) return;
    S.rooms.delete(room.room);
    S.current = null;
    show("lobby");
  });
  $("home").addEventListener("click", (e) => {
    e.preventDefault();
    if (S.me) show("lobby");
  });
  $("copy-link").addEventListener("click", () => {
    $("invite-link").select();
    navigator.clipboard?.writeText($("invite-link").value).then(() => notice(t("web-link-copied")), () => {});
  });
  $("resign").addEventListener("click", async () => {
    const room = S.rooms.get(S.current);
    if (room && (await confirmAsk(t("web-confirm-resign")))) ask({ type: "resign", room: room.room });
  });
  const roomAction = (type) => () => {
    const room = S.rooms.get(S.current);
    if (room) ask({ type, room: room.room });
  };
  $("offer-draw").addEventListener("click", async () => {
    const room = S.rooms.get(S.current);
    if (!room) return;
    await ask({ type: "offer_draw", room: room.room });
  });
  $("accept-draw").addEventListener("click", roomAction("accept_draw"));
  $("decline-draw").addEventListener("click", roomAction("decline_draw"));
  $("rematch").addEventListener("click", roomAction("rematch"));
  $("hint").addEventListener("click", () => {
    const room = S.rooms.get(S.current);
    if (!room) return;
    S.hints.set(room.room, { hint: t("web-thinking") });
    drawRoom();
    ask({ type: "analyze", room: room.room, kind: "hint" });
  });
  $("review-button").addEventListener("click", () => {
    const room = S.rooms.get(S.current);
    if (!room) return;
    S.reviews.set(room.room, { pending: true });
    drawRoom();
    ask({ type: "analyze", room: room.room, kind: "review" });
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play(text);
    $("move-text").value = "";
  });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (text && S.current) ask({ type: "chat", room: S.current, text });
    $("chat-text").value = "";
  });
  $("mute").addEventListener("click", () => {
    setMuted(!isMuted());
    drawMute();
  });
  drawMute();
  $("over-close").addEventListener("click", () => {
    S.overClosed.add(S.current);
    $("game-over").open = false;
  });
  $("over-rematch").addEventListener("click", () => $("rematch").click());
  $("over-review").addEventListener("click", () => {
    S.overClosed.add(S.current);
    $("review-button").click();  // (the solver's review; the board shows the analysis already)
    $("analysis").scrollIntoView({ block: "nearest" });
  });
  window.addEventListener("resize", () => S.view === "room" && drawRoom());
  document.addEventListener("keydown", analysisKey);
  setInterval(tick, 250);
  setInterval(() => S.view === "lobby" && refreshRooms(), 5000);
}

// What the address names (docs/WEB.md, "The address"): /r/ID a game (or a join code), /p/NAME a player's page.
const linked = /^\/r\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
const playerLinked = /^\/p\/([^/]{1,120})\/?$/.exec(location.pathname);
if (linked) {
  S.linkCode = linked[1];
  $("name-why").dataset.l10nId = "web-invited";
} else if (playerLinked) {
  try {
    S.linkPlayer = decodeURIComponent(playerLinked[1]);
  } catch {
    S.linkPlayer = null;
  }
}
wire();
initAccounts({ link, games: () => S.games, notice, ask, openRecord, openGame: (room) => openRoom(room) });
initRecords({ ask, notice });
// A room by id: the page's own (a game it sits in or watches), else watched.
// (a game chosen is shown, even over a game in play: that one stays in "your games")
async function openRoom(room) {
  if (!S.rooms.has(room) && !(await ask({ type: "spectate", room }))) return;
  if (!S.rooms.has(room)) return;
  if (S.current !== room) {
    S.mode = null;
    S.peek = null;
  }
  S.current = room;
  show("room");
}
initPeople({ link, me: () => S.me, games: () => S.games, ask, notice, openRoom });
initTournaments({ link, me: () => S.me, games: () => S.games, notice, show, view: () => S.view, openRoom,
  isMine: (room) => isPlayer(S.rooms.get(room) ?? { you: null }) });
// The page's words first (the catalogs from the node, in the remembered or the browser's language), then the link.
function redrawWords() {
  drawMute();
  if (S.me) accountWelcomed(S.me);
  if (S.games.length) fillGames();
  if (S.view === "room") drawRoom();
  if (S.view === "lobby") drawRoomsList();
}
initLanguage().catch((e) => console.warn(e)).finally(() => {
  languageMenu($("lang"));
  redrawWords();
  onLanguage(redrawWords);
  link.open();
});
