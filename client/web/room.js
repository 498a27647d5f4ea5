// The room the page shows, folded from the server's messages: the browser's copy of the clients' one
// room model.  reduce(room, msg) -> [room, sends] is pure (no DOM, no I/O, no clocks, no game names):
// it takes the room as last known (or null) and one server message, and returns the room after it
// with the requests to send (a get_state after a missed move).  It never modifies `room`: it returns
// a new object, or the same one when nothing changed.  The rules are those of
// tests/client/recordings/README.md, and the recorded streams there are replayed against this module
// (tests/web/room.test.mjs) as they are against the Python model.

import { gameName, has, language, tIn } from "./i18n.js";

export const CHAT_KEPT = 100; // lines of a room's chat a client keeps (as many as the room sends in room_state)

const pick = (obj, fields) => Object.fromEntries(fields.map(([k, d]) => [k, obj?.[k] ?? d]));

const seat = (s) => pick(s, [["seat", 0], ["kind", "open"], ["player", null], ["level", null], ["connected", false], ["grace_until", null], ["bot", false], ["player_say", null]]);
const move = (m) => pick(m, [["ply", 0], ["seat", 0], ["move", null], ["at", 0]]);
const timeControl = (t) => (t == null ? null : pick(t, [["initial_s", 0], ["increment_s", 0]]));
const result = (r) =>
  r == null ? null : { ...pick(r, [["outcomes", []], ["scores", null], ["reason", ""], ["ending", "rules"], ["reason_say", null]]), line: list(r.line) };
const moveMode = (m) => pick(m, [["prefix", ""], ["name", ""], ["help", ""]]);
const traits = (t) =>
  t == null
    ? null
    : {
        ...pick(t, [["view", "data"], ["can_draw", false], ["public_moves", false], ["scores", false], ["hidden_information", false]]),
        move_modes: (t.move_modes ?? []).map(moveMode),
      };
const ascending = (xs) => [...(xs ?? [])].sort((a, b) => a - b);
const list = (xs) => (xs == null ? null : [...xs]);

const chatLine = (c) => pick(c, [["seat", null], ["name", ""], ["text", ""], ["at", 0]]);

// A room from a snapshot, which replaces whatever was known, its chat too (the room's last lines).
function fromState(msg) {
  return {
    room: msg.room,
    game: msg.game,
    params: { ...(msg.params ?? {}) },
    time_control: timeControl(msg.time_control),
    status: msg.status,
    seats: (msg.seats ?? []).map(seat),
    you: msg.you ?? null,
    turn: msg.turn ?? null,
    ply: msg.ply ?? 0,
    clocks: list(msg.clocks),
    server_time: msg.server_time ?? 0,
    view: { ...(msg.view ?? {}) },
    legal_moves: list(msg.legal_moves),
    moves: (msg.moves ?? []).map(move),
    opening: msg.opening ?? 0,
    draw_offer: ascending(msg.draw_offer),
    rematch: ascending(msg.rematch),
    result: result(msg.result),
    reason: msg.result ? msg.result.reason : "",
    reason_say: msg.result?.reason_say ?? null,
    abort_at: msg.abort_at ?? null,
    rematch_of: msg.rematch_of ?? null,
    rated: msg.rated ?? false,
    traits: traits(msg.traits),
    chat: (msg.chat ?? []).map(chatLine).slice(-CHAT_KEPT),
    stale: false,
    title: msg.title ?? "",
  };
}

const getState = (room) => ({ type: "get_state", room: room.room });

// A move was missed (or ours came too late): ask for a snapshot once, until it comes.
function gap(room) {
  if (room.stale) return [room, []];
  return [{ ...room, stale: true }, [getState(room)]];
}

function moved(room, msg) {
  if (msg.ply < room.ply) return [room, []]; // already applied, or from before the last snapshot
  if (msg.ply > room.ply) return gap(room);
  return [
    {
      ...room,
      moves: [...room.moves, move({ ply: msg.ply, seat: msg.seat, move: msg.move, at: msg.server_time })],
      ply: msg.ply + 1,
      turn: msg.turn ?? null,
      view: { ...(msg.view ?? {}) },
      legal_moves: list(msg.legal_moves),
      clocks: list(msg.clocks),
      server_time: msg.server_time,
      abort_at: null,
      // the server keeps an offer when its offerer moves; a move by anyone else lets it lapse
      draw_offer: room.draw_offer.includes(msg.seat) ? room.draw_offer : [],
    },
    [],
  ];
}

export function reduce(room, msg) {
  if (msg.type === "room_state") {
    if (room == null) return [fromState(msg), []];
    if (msg.room === room.room || (msg.rematch_of != null && msg.rematch_of === room.room)) return [fromState(msg), []];
    return [room, []];
  }
  if (room == null || msg.room !== room.room) return [room, []];
  switch (msg.type) {
    case "move_made":
      return moved(room, msg);
    case "game_over": {
      const hidden = room.moves.some((m) => m.move === null); // after the end the server shows every move
      return [
        {
          ...room,
          status: msg.status,
          result: result(msg.result),
          reason: msg.reason ?? "",
          reason_say: msg.reason_say ?? null,
          view: { ...(msg.view ?? {}) },
          params: { ...(msg.params ?? {}) },
          clocks: list(msg.clocks),
          turn: null,
          legal_moves: null,
          draw_offer: [],
          abort_at: null,
          seats: room.seats.map((s) => (s.grace_until === null ? s : { ...s, grace_until: null })),
        },
        hidden ? [getState(room)] : [],
      ];
    }
    case "player_status": {
      if (!(msg.seat >= 0 && msg.seat < room.seats.length)) return [room, []];
      const seats = room.seats.map((s, i) =>
        i === msg.seat ? { ...s, player: msg.player ?? null, connected: msg.connected, grace_until: msg.grace_until ?? null } : s,
      );
      return [{ ...room, seats }, []];
    }
    case "draw_offered":
      return [{ ...room, draw_offer: ascending(msg.agreed) }, []];
    case "draw_declined":
      return [{ ...room, draw_offer: [] }, []];
    case "rematch_offered":
      return [{ ...room, rematch: ascending(msg.agreed) }, []];
    case "chat": {
      const line = chatLine(msg);
      return [{ ...room, chat: [...room.chat, line].slice(-CHAT_KEPT) }, []];
    }
    case "error":
      return msg.code === "stale_ply" ? gap(room) : [room, []];
    default:
      return [room, []];
  }
}

// ------------------------------------------------------------------ questions about a room

export const isOver = (room) => room.status === "finished" || room.status === "aborted";

export const isPlayer = (room) => room.you !== null && room.you !== undefined;

export const isMyTurn = (room) => room.status === "playing" && isPlayer(room) && room.turn === room.you;

// A hosted bot holds a seat (hosted bots accept no draws).
export const hasBot = (room) => room.seats.some((s) => s.kind === "bot");

// Draw offers make sense in this room: the game can end level, and no hosted bot sits.
export const canDraw = (room) => room.traits !== null && room.traits.can_draw && !hasBot(room);

// The room's title in words ("King race to a1, 8x8"); the game's name from a server that sends none.
// (in the page's language: the game's name as it is taught in place of the node's English name that starts it)
export function heading(room) {
  const title = room.title || room.game;
  if (language() === "en" || !room.game || !has(`game-${room.game}`)) return title;
  const english = tIn("en", `game-${room.game}`);
  return title.startsWith(english) ? gameName(room.game) + title.slice(english.length) : gameName(room.game);
}

// The cells of the line that won the game (a line game), to mark on the board; empty otherwise.
export const winningLine = (room) => room.result?.line ?? [];

// Each seat's mark in a line game's view, seat 0 first: "black (X)" where stones are named by colour,
// else the stone letter ("X"); null for other views and while an opening may still change the colours.
export function seatMarks(view) {
  const symbols = view?.symbols;
  const colours = view?.colours;
  if (symbols && !Array.isArray(symbols) && typeof symbols === "object" && Array.isArray(colours)) {
    if (view.colours_chosen === false) return null;
    return colours.map((c) => (Object.hasOwn(symbols, c) ? `${c} (${symbols[c]})` : String(c)));
  }
  if (Array.isArray(symbols) && symbols.every((s) => typeof s === "string")) return [...symbols];
  return null;
}

export const viewKind = (room) => (room.traits === null ? null : room.traits.view);

export const moveModes = (room) => (room.traits === null ? [] : room.traits.move_modes);

// Seconds left on `seat`'s clock `elapsed` seconds after the clocks arrived (null untimed).
// Only the seat to move loses time, and not before the first move after the opening.
export function clockLeft(room, seat, elapsed) {
  if (room.clocks === null || !(seat >= 0 && seat < room.clocks.length)) return null;
  let left = room.clocks[seat];
  if (room.status === "playing" && seat === room.turn && room.ply > room.opening) left -= Math.max(0, elapsed);
  return Math.max(0, left);
}

// Which room of the page's `rooms` (a Map by id) a message is about: its own, or for a rematch's
// first snapshot the room it replaces.  null when the page knows none.
export function roomKey(rooms, msg) {
  if (msg.room != null && rooms.has(msg.room)) return msg.room;
  if (msg.type === "room_state" && msg.rematch_of != null && rooms.has(msg.rematch_of)) return msg.rematch_of;
  return null;
}
