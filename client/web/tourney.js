// What the page shows of tournaments, as text: pure functions of the server's `tournaments` summaries and
// `tournament_state` (no DOM, no I/O).  The browser's copy of client/tournament_view.py (the terminal and
// pygame clients' view), with the crosstable of the `grundy tournament` command (cli/tournament.py); the
// two are checked against each other on the same states (tests/web/tourney.test.mjs).

export const NONE = "-";
const STATE_ORDER = { open: 0, running: 1, finished: 2 };
const RESULTS = { win: "1", loss: "0", draw: "½" };

// Open tournaments first, then running, then finished; newest first within each.
export function ordered(tournaments) {
  const rank = (t) => STATE_ORDER[t.status] ?? 3;
  return [...tournaments].sort((a, b) => rank(a) - rank(b) || b.created_at - a.created_at);
}

// A clock in seconds as the grundy clients write it (protocol/clock.py): `5+2`, `1.5+0`, `30s+1`, `untimed`.
export function clockText(tc) {
  if (!tc) return "untimed";
  const minutes = tc.initial_s / 60;
  const start = minutes < 1 || Math.abs(minutes * 4 - Math.round(minutes * 4)) > 1e-9
    ? `${g(tc.initial_s)}s` : g(minutes) + (minutes > MAX_BARE_MINUTES ? "m" : "");
  return `${start}+${g(tc.increment_s)}`;
}

const MAX_BARE_MINUTES = 180;
// Python's `{x:g}`, for the numbers the page shows (clocks, tie-breaks): `5`, `1.5`, `0.25`.
const g = (x) => String(Number(Number(x).toPrecision(6)));

// The format with its options: `round-robin`, `swiss 5`, `round-robin ×2` (games per pairing).
export function formatText(t) {
  const words = t.format !== "swiss" || t.rounds == null ? t.format : `swiss ${t.rounds}`;
  return words + (t.games_per_pairing > 1 ? ` ×${t.games_per_pairing}` : "");
}

// Where it stands: `-` before the start, `2/3` while running, `3/3` finished.
export function roundText(t) {
  if (!t.round) return NONE;
  return t.rounds ? `${t.round}/${t.rounds}` : String(t.round);
}

// `open`, `running` or `finished` (`stopped` when its creator stopped it).
export const stateText = (t) => (t.stopped && t.status === "finished" ? "stopped" : t.status);

// One line of the tournament list: state, name, game, format, clock, entrants, round.
export function summaryRow(t) {
  return [stateText(t), t.name, t.game, formatText(t), t.time_control ? clockText(t.time_control) : NONE, String(t.entrants), roundText(t)];
}

// Its state and round: `open`, `running, round 2/3`.
export const standingText = (t) => stateText(t) + (t.round ? `, round ${roundText(t)}` : "");

const value = (v) => (Array.isArray(v) ? v.map(value).join(",") : typeof v === "boolean" ? String(v) : String(v));

// What is played: the game with its parameters, the format, entrants, rated or casual, the clock.
export function details(t) {
  const params = Object.entries(t.params ?? {}).filter(([, v]) => v != null).map(([k, v]) => `${k}=${value(v)}`).join(" ");
  return [`${t.game} ${params}`.trim(), formatText(t), `${t.entrants} entrants`, t.rated ? "rated" : "casual",
    t.time_control ? clockText(t.time_control) : "untimed"].join(" · ");
}

// `2`, `1½`, `½`.
export function pointsText(points) {
  const whole = Math.trunc(points);
  if (points - whole >= 0.5) return whole ? `${whole}½` : "½";
  return String(whole);
}

// Python's round(): half to even (`1522.5` is `1522`), so the page shows the figures the server and the
// terminal clients show.
const whole = (x) => {
  const f = Math.floor(x);
  return x - f > 0.5 || (x - f === 0.5 && f % 2 !== 0) ? f + 1 : f;
};
const finite = (x) => typeof x === "number" && Number.isFinite(x);

// The one way every list shows a rating (the server's): rating ± 2·RD, `?` after a provisional rating
// (`1623 ± 94`, `1500? ± 700`), from anything with `rating`, `rd`, `provisional` (a leaderboard entry, a
// player's `rating_info`, a tournament standing); a bare number as `1523`; `-` when unknown.
export function ratingText(r) {
  if (typeof r === "number") return finite(r) ? String(whole(r)) : NONE;
  if (!r || !finite(r.rating)) return NONE;
  const text = `${whole(r.rating)}${r.provisional ? "?" : ""}`;
  return finite(r.rd) ? `${text} ± ${whole(2 * r.rd)}` : text;
}

// A change of a rating (what a tournament's games did to it): `+12`, `-7`, `0`; `-` when unknown.
export function changeText(c) {
  if (typeof c !== "number" || !Number.isFinite(c)) return NONE;
  return Math.abs(c) > 0.5 ? `${c > 0 ? "+" : ""}${c.toFixed(0)}` : "0"; // (Python rounds 0.5 to 0)
}

const KINDS = { hosted: "bot", bot: "bot client" };

// Rank, name (a withdrawn entrant marked), kind, points, games, wins-draws-losses, tie-break, rating, change.
export function standingsRows(state) {
  return state.standings.map((s) => [String(s.rank), s.name + (s.withdrawn ? " (withdrew)" : ""), KINDS[s.kind] ?? s.kind,
    pointsText(s.points), String(s.games), `${s.wins}-${s.draws}-${s.losses}`, g(s.tiebreak ?? 0),
    s.rating != null ? ratingText(s.rd != null ? s : s.rating) : NONE,
    s.rating_change != null ? changeText(s.rating_change) : ""]);
}


// Entrant id -> display name (from the standings and the pairings).
export function entrantNames(state) {
  const names = new Map(state.standings.map((s) => [s.entrant, s.name]));
  for (const round of state.rounds) for (const p of round) p.entrants.forEach((e, i) => i < p.names.length && names.set(e, p.names[i]));
  return names;
}

// A finished game's score in seat order (`1-0`, `½-½`), `forfeit` marked; else its status.
export function resultText(game) {
  if (game.status !== "finished" || !game.outcomes?.length) return game.status;
  return game.outcomes.map((o) => RESULTS[o] ?? "?").join("-") + (game.forfeit ? " forfeit" : "");
}

// The round shown at first: the latest round paired (0 before the start).
export const shownRound = (state) => state.rounds.length;

// The games of round `number` (default: the latest), board by board; a bye is a row without a game.
// Each row: {key, round, board, number, players, status, room}.
export function roundGames(state, number = shownRound(state)) {
  if (!(number >= 1 && number <= state.rounds.length)) return [];
  const names = entrantNames(state);
  const rows = [];
  for (const p of state.rounds[number - 1]) {
    const row = (n, players, status, room) => ({ key: `${number}.${p.board}.${n}`, round: number, board: p.board, number: n, players, status, room });
    if (p.entrants.length < 2) {
      rows.push(row(0, `${p.names.length ? p.names[0] : names.get(p.entrants[0]) ?? "?"} (bye)`, "bye", null));
      continue;
    }
    if (!p.games?.length) rows.push(row(0, p.names.join(" - "), "pending", null));
    (p.games ?? []).forEach((g, i) => rows.push(row(i + 1, g.seats.map((e) => names.get(e) ?? e).join(" - "), resultText(g), g.room ?? null)));
  }
  return rows;
}

// Whether the session `session` is among the entrants (and has not withdrawn).
export const isEntrant = (state, session) => session != null && state.standings.some((s) => s.entrant === session && !s.withdrawn);

const POINTS = { win: 1, draw: 0.5, loss: 0 };

// The crosstable, entrants in rank order: cells[i][j] is the points of entrant i against entrant j out of
// the games they finished (`1½/2`), `.` on the diagonal, "" before they meet.  Forfeits count, as in the
// standings.
export function crosstable(state) {
  const ids = state.standings.map((s) => s.entrant);
  const met = new Map(); // "a\tb" -> [points of a, games]
  for (const round of state.rounds) {
    for (const p of round) {
      for (const g of p.games ?? []) {
        if (g.status !== "finished" || !g.outcomes || g.seats.length !== 2) continue;
        g.seats.forEach((me, i) => {
          const key = `${me}\t${g.seats[1 - i]}`;
          const [pts, n] = met.get(key) ?? [0, 0];
          met.set(key, [pts + (POINTS[g.outcomes[i]] ?? 0), n + 1]);
        });
      }
    }
  }
  return ids.map((me) => ids.map((them) => {
    if (me === them) return ".";
    const [pts, n] = met.get(`${me}\t${them}`) ?? [0, 0];
    return n ? `${pointsText(pts)}/${n}` : "";
  }));
}

const REFUSALS = {
  tournament_not_open: "entries are closed",
  tournament_over: "the tournament is over",
  tournament_full: "the tournament is full",
  already_entered: "you have already entered",
  not_entered: "you are not an entrant",
  not_organiser: "only its creator can do that",
  too_few_entrants: "not enough entrants yet",
  unknown_tournament: "the server no longer knows this tournament",
  too_many_tournaments: "you have too many tournaments open",
};

// A refused tournament request in words: `cannot enter: entries are closed (it has already started)`.
export function refusal(verb, code, message) {
  const words = REFUSALS[code];
  return words ? `cannot ${verb}: ${words} (${message})` : `cannot ${verb}: ${message} (${code})`;
}
