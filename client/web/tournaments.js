// Tournaments in the page: the list by state (open, running, finished), a new one (format, game, clock,
// rounds, rated, hosted bots), and a tournament's own view: enter, withdraw, start, the live standings and
// crosstable, and every game of a round to watch.  What is shown comes from tourney.js (the terminal
// client's view, mirrored); the node pushes a `tournament_state` on every change, and seats each entrant in
// its games itself (a `room_state`), so a player's next game opens by itself (app.js shows it).
import { el } from "./boards.js";
import { about, clockOf, fillClocks, fillGames, paramFields, paramsOf, twoSeats } from "./forms.js";
import { gameName, language, t as tr, tIn, tSay } from "./i18n.js";
import * as tv from "./tourney.js";

// The words of tourney.js's view in the page's language (tourney.js stays the terminal clients' mirror).
const stateWord = (t) => tr("web-tstate", { state: tv.stateText(t) });
const standingWords = (t) => (t.round ? tr("web-tstanding-round", { state: stateWord(t), round: tv.roundText(t) }) : stateWord(t));
const formatWords = (t) => tr("web-tformat", { format: t.format })
  + (t.format === "swiss" && t.rounds != null ? ` ${t.rounds}` : "") + (t.games_per_pairing > 1 ? ` ×${t.games_per_pairing}` : "");
const clockWords = (tc) => (tc ? tv.clockText(tc) : tr("web-untimed"));
const statusWords = (status) => status.replace(/^(\S+)( forfeit)?$/, (all, word, forfeit) =>
  (/^[a-z]+$/.test(word) ? tr("web-gstatus", { status: word }) : word) + (forfeit ? ` ${tr("web-forfeit")}` : ""));
const refusal = (verb, err) => tr(`web-tcannot-${verb}`, { why: tSay(err.say, `${err.message} (${err.code})`) });

// Why a tournament finished: the node says it as a message of the catalogs (TournamentState.reason_say), said
// in the page's language; an older node says it in English only (reason), the ones the catalogs know found by it.
const ENDED = ["web-tended-all-played", "web-tended-stopped", "web-tended-stopped-early", "web-tended-challenger"];
const reasonWords = (state) => {
  if (state.reason_say) return tSay(state.reason_say, state.reason);
  const id = ENDED.find((m) => tIn("en", m) === state.reason);
  return id ? tr(id) : state.reason;
};

function detailsWords(t) {
  const params = Object.entries(t.params ?? {}).filter(([, v]) => v != null)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : String(v)}`).join(" ");
  return [`${gameName(t.game)} ${params}`.trim(), formatWords(t), tr("web-tentrants", { n: t.entrants }),
    tr(t.rated ? "web-rated-suffix" : "web-casual"), clockWords(t.time_control)].join(" · ");
}

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000; // how often the list is asked for again while the lobby shows

let ctx = null; // {link, me(), games(), notice(text, error), show(view), view(), openRoom(room), isMine(room)}
const states = new Map(); // tournament id -> its last tournament_state
let listed = []; // the last `tournaments`
let current = null; // the tournament the view shows
let chosenRound = null; // the round the view shows (null: the latest)
let levels = null; // the hosted bot levels (from list_games)
const dismissed = new Set(); // tournaments whose line above the page was dismissed

const lobbyShown = () => !$("lobby-view").hidden;

// A tournament request: its new state, or null with the refusal said in words.
async function request(msg, verb) {
  try {
    const reply = await ctx.link.request(msg);
    if (reply.type === "tournament_state") keep(reply);
    return reply;
  } catch (err) {
    ctx.notice(refusal(verb, err), true);
    return null;
  }
}

// ------------------------------------------------------------------ the list

export async function refreshTournaments() {
  if (!ctx.link.isOpen || !ctx.me()) return;
  const status = $("tournaments-state").value || null;
  try {
    const reply = await ctx.link.request({ type: "list_tournaments", status });
    listed = reply.tournaments;
    drawList();
  } catch {
    // (a dropped link: the next refresh asks again)
  }
}

function drawList() {
  const rows = tv.ordered(listed).map(titled);
  $("tournaments-empty").hidden = rows.length > 0;
  $("tournaments").querySelector("tbody").replaceChildren(
    ...rows.map((t) => {
      const cells = [stateWord(t), t.name, gameName(t.game), formatWords(t), clockWords(t.time_control), String(t.entrants),
        tv.roundText(t)];
      return el("tr", { "data-tournament": t.tournament, class: `state-${t.status}` },
        ...cells.map((c, i) => el("td", { text: c, class: i === 0 ? "t-state" : null })),
        el("td", {}, el("button", { type: "button", class: "small", text: tr("web-open"), "data-open-tournament": t.tournament,
          "aria-label": tr("web-topen", { name: t.name }), onclick: () => openTournament(t.tournament) })));
    }),
  );
}

// ------------------------------------------------------------------ a new tournament

const tnSchema = () => ctx.games().find((g) => g.name === $("tn-game").value);

function drawNewParams() {
  $("tn-about").textContent = about(tnSchema());
  paramFields($("tn-params"), tnSchema(), "tn-param");
}

function drawRounds() {
  const swiss = $("tn-format").value === "swiss";
  $("tn-rounds-label").hidden = !swiss;
}

async function openNew() {
  if (levels === null) {
    try {
      levels = (await ctx.link.request({ type: "list_games" })).bot_levels ?? [];
    } catch {
      levels = [];
    }
  }
  fillGames($("tn-game"), ctx.games().filter(twoSeats));
  drawNewParams();
  drawRounds();
  $("tn-bots").replaceChildren(el("legend", { text: tr("web-tbots") }),
    ...levels.map((level) => el("label", {}, el("input", { type: "checkbox", "data-bot": level, "aria-label": tr("web-tbot", { level }) }), ` ${level}`)));
  $("tn-error").textContent = "";
  $("tournament-dialog").showModal();
}

// The form as a `create_tournament`, or a string saying what is wrong.
function newRequest() {
  const s = tnSchema();
  if (!s) return tr("web-choose-game");
  const format = $("tn-format").value;
  const whole = (id, name, low, high) => {
    const text = $(id).value.trim();
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < low || n > high) throw new Error(tr("web-not-whole", { name, given: JSON.stringify(text), low, high }));
    return n;
  };
  try {
    const rounds = format === "swiss" ? whole("tn-rounds", tr("web-rounds"), 1, 256) : null;
    const gpp = whole("tn-gpp", tr("web-gpp"), 1, 1000);
    return {
      type: "create_tournament", name: $("tn-name").value.trim() || null, game: s.name, params: paramsOf($("tn-params"), s),
      time_control: clockOf($("tn-clock")), format, rounds, games_per_pairing: gpp, rated: $("tn-rated").checked,
      bots: [...$("tn-bots").querySelectorAll("[data-bot]:checked")].map((b) => b.dataset.bot),
    };
  } catch (err) {
    return err.message;
  }
}

async function create(event) {
  event.preventDefault();
  const msg = newRequest();
  if (typeof msg === "string") {
    $("tn-error").textContent = msg;
    return;
  }
  try {
    const state = await ctx.link.request(msg);
    keep(state);
    $("tournament-dialog").close();
    openTournament(state.tournament.tournament);
    ctx.notice(tr("web-tcreated", { name: titled(state.tournament).name }));
  } catch (err) {
    $("tn-error").textContent = refusal("create", err);
  }
}

// ------------------------------------------------------------------ a tournament's view

export async function openTournament(id) {
  if (current !== id) chosenRound = null;
  current = id;
  if (states.has(id)) draw();
  ctx.show("tournament");
  await request({ type: "get_tournament", tournament: id }, "show"); // (and watch it from now on)
}

function keep(state) {
  states.set(state.tournament.tournament, state);
  const i = listed.findIndex((t) => t.tournament === state.tournament.tournament);
  if (i >= 0) {
    listed[i] = state.tournament;
    if (lobbyShown()) drawList();
  }
  if (state.tournament.tournament === current && ctx.view() === "tournament") draw();
  drawMine();
}

const isCreator = (t) => t.creator === ctx.me()?.name;

// A tournament with its default title said in the page's language (`name_say`: "Нім: коловий турнір"); a title
// someone gave is shown as it is, and in English the node's own (kept with its records).
const titled = (t) => (t.name_say && language() !== "en" ? { ...t, name: tSay(t.name_say, t.name) } : t);

// The state with its hosted bots' names said in the page's language (`name_say`, `names_say`: "бот (легкий)");
// a name someone gave is shown as it is.
function named(state) {
  if (!state) return state;
  const said = (say, name) => (say ? tSay(say, name) : name);
  return {
    ...state,
    tournament: titled(state.tournament),
    standings: state.standings.map((s) => ({ ...s, name: said(s.name_say, s.name) })),
    rounds: state.rounds.map((round) => round.map((p) => ({ ...p, names: p.names.map((n, i) => said(p.names_say?.[i], n)) }))),
  };
}

function draw() {
  const state = named(states.get(current));
  if (!state) return;
  const t = state.tournament;
  const me = ctx.me()?.session;
  const entered = tv.isEntrant(state, me);
  $("t-name").textContent = t.name;
  $("t-state").textContent = standingWords(t) + (state.reason || state.reason_say ? `: ${reasonWords(state)}` : "") + (entered ? ` · ${tr("web-tentered")}` : "");
  $("t-details").textContent = tr("web-tdetails", { details: detailsWords(t), name: t.creator });
  $("t-enter").hidden = !(t.status === "open" && !entered);
  $("t-withdraw").hidden = !(entered && t.status !== "finished");
  $("t-start").hidden = !(t.status === "open" && isCreator(t));

  $("t-standings").querySelector("tbody").replaceChildren(
    ...tv.standingsRows(state).map((row, i) => el("tr", { class: state.standings[i].entrant === me ? "mine" : null, "data-entrant": state.standings[i].entrant },
      ...row.map((c, j) => el("td", { text: j === 1 ? state.standings[i].name + (state.standings[i].withdrawn ? ` ${tr("web-withdrew")}` : "")
        : j === 2 ? tr("web-tkind", { kind: state.standings[i].kind }) : c })))),
  );
  // The crosstable: a row per entrant in rank order, a column per entrant by number.
  const cells = tv.crosstable(state);
  const n = state.standings.length;
  $("t-crosstable").querySelector("thead").replaceChildren(el("tr", {}, el("th", { text: "#" }), el("th", { text: tr("web-player") }),
    ...Array.from({ length: n }, (_, j) => el("th", { text: j + 1, title: state.standings[j].name }))));
  $("t-crosstable").querySelector("tbody").replaceChildren(
    ...state.standings.map((s, i) => el("tr", {}, el("td", { text: i + 1 }), el("td", { text: s.name }),
      ...cells[i].map((c, j) => el("td", { text: c, class: i === j ? "diagonal" : null,
        title: i === j ? null : tr("web-against", { name: s.name, other: state.standings[j].name }) })))),
  );

  const rounds = state.rounds.length;
  const round = chosenRound !== null && chosenRound <= rounds ? chosenRound : rounds;
  $("t-round").replaceChildren(...Array.from({ length: rounds }, (_, i) => el("option", { value: i + 1, text: tr("web-round-n", { n: i + 1 }) })));
  $("t-round").hidden = rounds === 0;
  if (rounds) $("t-round").value = String(round);
  const games = tv.roundGames(state, round);
  $("t-no-games").hidden = games.length > 0;
  $("t-games").querySelector("tbody").replaceChildren(
    ...games.map((g) => {
      const players = g.players.replace(/ \(bye\)$/, ` ${tr("web-bye")}`);
      const what = tr("web-tgame", { round: g.round, board: g.board, game: g.number || 0, players });
      const mine = g.room && ctx.isMine(g.room);
      const button = g.room
        ? el("button", { type: "button", class: "small", "data-watch-game": g.room, text: tr(mine ? "web-open" : "web-watch"),
          "aria-label": `${tr(mine ? "web-open" : "web-watch")} ${what}`, onclick: () => ctx.openRoom(g.room) })
        : null;
      return el("tr", { "data-game": g.key }, el("td", { text: g.number > 1 ? `${g.board}.${g.number}` : g.board }),
        el("td", { text: players }), el("td", { class: "t-result", text: statusWords(g.status) }), el("td", {}, button));
    }),
  );
}

// Above the page, a line for each tournament this page has entered: where it stands, and a way back to it.
function drawMine() {
  const me = ctx.me()?.session;
  let box = $("my-tournaments");
  if (!box) {
    box = el("div", { id: "my-tournaments", role: "region", "aria-label": tr("web-your-tournaments") });
    $("challenges").before(box);
  }
  const mine = [...states.values()].filter((s) => tv.isEntrant(s, me) && !dismissed.has(s.tournament.tournament));
  box.replaceChildren(...mine.map((s) => {
    const t = titled(s.tournament);
    const place = t.status === "finished"
      ? ` · ${tr("web-tplaced", { rank: s.standings.find((x) => x.entrant === me)?.rank ?? "?", n: s.standings.length })}` : "";
    return el("div", { class: "tournament-line", "data-my-tournament": t.tournament },
      el("span", { text: `${tr("web-tline", { name: t.name, state: standingWords(t) })}${place}` }),
      el("button", { type: "button", class: "small", text: tr("web-standings"), "aria-label": tr("web-standings-of", { name: t.name }),
        onclick: () => openTournament(t.tournament) }),
      t.status === "finished" ? el("button", { type: "button", class: "small", text: tr("web-dismiss"), "aria-label": tr("web-tdismiss", { name: t.name }),
        onclick: () => { dismissed.add(t.tournament); drawMine(); } }) : null);
  }));
}

function confirmAsk(text) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
  });
}

async function withdraw() {
  const t = states.get(current)?.tournament;
  if (!t) return;
  const { name } = titled(t);
  if (t.status === "running" && !(await confirmAsk(tr("web-twithdraw-ask")))) return;
  if (await request({ type: "withdraw", tournament: t.tournament }, "withdraw")) ctx.notice(tr("web-twithdrawn", { name }));
}

// ------------------------------------------------------------------ the node's messages

export function tournamentMessage(msg) {
  if (msg.type === "tournament_state") keep(msg);
}

// The page came to a view: the tournament view draws what it knows.
export function tournamentShown(view) {
  if (view === "tournament") {
    history.replaceState(null, "", "/"); // (a reload comes back to the lobby, not to the last room's link)
    draw();
  }
  if (view === "lobby") refreshTournaments();
}

export function initTournaments(deps) {
  ctx = deps;
  fillClocks($("tn-clock"));
  $("tournaments-state").addEventListener("change", refreshTournaments);
  $("tournaments-refresh").addEventListener("click", refreshTournaments);
  $("tournament-new").addEventListener("click", openNew);
  $("tn-game").addEventListener("change", drawNewParams);
  $("tn-format").addEventListener("change", drawRounds);
  $("tournament-form").addEventListener("submit", create);
  $("tn-cancel").addEventListener("click", () => $("tournament-dialog").close());
  $("t-enter").addEventListener("click", async () => {
    if (current && (await request({ type: "enter_tournament", tournament: current }, "enter"))) ctx.notice(tr("web-tentered"));
  });
  $("t-withdraw").addEventListener("click", withdraw);
  $("t-start").addEventListener("click", async () => {
    if (current && (await request({ type: "start_tournament", tournament: current }, "start"))) ctx.notice(tr("web-tstarted"));
  });
  $("t-refresh").addEventListener("click", () => current && openTournament(current));
  $("t-lobby").addEventListener("click", () => ctx.show("lobby"));
  $("t-round").addEventListener("change", () => {
    const n = Number($("t-round").value);
    chosenRound = n === states.get(current)?.rounds.length ? null : n; // (the latest: follow the new rounds)
    draw();
  });
  setInterval(() => lobbyShown() && refreshTournaments(), REFRESH_MS);
}
