// Boards drawn to scale from a seat's view: heaps, pins, grids, stones, mines.
// drawBoard(room, options) -> { element, used }: `used` are the legal moves the board offers
// as clicks (the page shows the others as buttons).  options.play(move) plays a move;
// options.mode is the prefix of the chosen move mode in a game that has several (a click on a
// cell plays `MODE CELL`; the right button plays the next mode).  The renderer is chosen by the
// view's kind (room.traits.view), never by the game's name: a kind with no renderer here is
// shown as data.
//
// Every board is played with the keyboard too: one tab stop per board, the arrows move a cursor over
// its items (cells; a heap's objects, up and down choosing the heap; pins; buttons), Enter or Space
// plays the item under the cursor (Shift+Enter the other move mode's move).  The cursor is kept
// across redraws (by room and kind of view); refocus() puts the focus back after the page redraws.
// A click plays without moving the focus; Escape hands the keys back to the page.
import { t } from "./i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function columnName(x) {
  let s = "";
  x += 1;
  while (x > 0) {
    const r = (x - 1) % 26;
    s = String.fromCharCode(97 + r) + s;
    x = Math.floor((x - 1) / 26);
  }
  return s;
}

export const cellName = (x, y) => `${columnName(x)}${y + 1}`;

function cellIndex(name, width) {
  const m = /^([a-z]+)(\d+)$/.exec(name);
  if (!m) return -1;
  let x = 0;
  for (const ch of m[1]) x = x * 26 + (ch.charCodeAt(0) - 96);
  return (Number(m[2]) - 1) * width + (x - 1);
}

// A phone-sized screen: one column, boards as wide as the screen, targets a finger can hit.
export const isNarrow = () => window.innerWidth <= 760;
export const MIN_TAP = 32; // px: the smallest target on a phone

// The side of a board's square cell, so the whole board fits the screen's width.  On a phone the board
// fills the width, but a cell is never smaller than MIN_TAP: a board too big for that (15x15 gomoku)
// keeps its cells at MIN_TAP and scrolls sideways in its box (#board), coordinates and all.
function cellSize(width, height) {
  const tall = Math.max(window.innerHeight - 260, 260);
  // The board's box on the page (its column's width never depends on the board), else the window's.
  const box = document.getElementById("board")?.clientWidth || 0;
  if (isNarrow()) {
    const wide = box > 0 ? box : window.innerWidth - 16;
    return Math.max(MIN_TAP, Math.min(96, Math.floor(wide / (width + 1)), Math.floor(tall / (height + 1))));
  }
  const room = Math.min(box > 0 ? box - 4 : window.innerWidth - 40, 620);
  return Math.max(14, Math.min(56, Math.floor(room / (width + 1)), Math.floor(tall / (height + 1))));
}

function clickable(node, move, legal, used, play) {
  if (!legal.has(move)) return node;
  used.add(move);
  node.classList.add("legal");
  node.dataset.move = move;
  node.addEventListener("click", (e) => {
    e.preventDefault();
    play(move);
  });
  if (node.tagName !== "BUTTON" && !node.hasAttribute("role")) node.setAttribute("role", "button");
  return node;  // (the keys: keyboard() below)
}

// Where an item sits for the arrow keys: column and row as drawn.
function at(node, kx, ky) {
  node.dataset.kx = kx;
  node.dataset.ky = ky;
  return node;
}

const cursors = new Map(); // `room|kind` -> [kx, ky]: where the cursor was, kept across redraws

// One tab stop per board: the arrows move the cursor (a roving tabindex), Enter or Space plays.
function keyboard(box, key, play) {
  const items = [...box.querySelectorAll("[data-kx]")].filter((n) => !n.disabled);
  if (items.length === 0) return;
  const pos = (n) => [Number(n.dataset.kx), Number(n.dataset.ky)];
  const find = ([kx, ky]) => items.find((n) => pos(n)[0] === kx && pos(n)[1] === ky);
  const saved = cursors.get(key);
  const first = (saved && find(saved)) || box.querySelector("[data-start]:not([disabled])") || items[0];
  for (const n of items) n.tabIndex = n === first ? 0 : -1;
  box.addEventListener("focusin", (e) => {
    const n = e.target.closest?.("[data-kx]");
    if (!n || !items.includes(n)) return;
    for (const m of items) m.tabIndex = m === n ? 0 : -1;
    cursors.set(key, pos(n));
  });
  // A click plays without taking the focus: the keys stay the page's for a mouse user (on an analysis
  // board, ← and → step through the game); the cursor is the keyboard's, reached with Tab.
  box.addEventListener("mousedown", (e) => {
    if (!e.target.closest?.("[data-kx]")) return;
    e.preventDefault();
    document.activeElement?.blur();  // (as a click on the page: the focus leaves a text box)
  });
  const rows = [...new Set(items.map((n) => pos(n)[1]))].sort((a, b) => a - b);
  const row = (ky) => items.filter((n) => pos(n)[1] === ky).sort((a, b) => pos(a)[0] - pos(b)[0]);
  box.addEventListener("keydown", (e) => {
    const n = e.target.closest?.("[data-kx]");
    if (!n || !items.includes(n) || e.altKey || e.ctrlKey || e.metaKey) return;
    const [x, y] = pos(n);
    let next = null;
    if (e.key === "Escape") {  // the keys back to the page (an analysis board's ← and → step through the game)
      n.blur();
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      if (n.tagName === "BUTTON") return;  // (a button plays itself)
      e.preventDefault();
      e.stopPropagation();
      const move = e.shiftKey && n.dataset.alt ? n.dataset.alt : n.dataset.move;
      if (move) play(move);
      return;
    }
    if (e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "Home" || e.key === "End") {
      const line = row(y);
      const i = line.indexOf(n);
      next = { ArrowLeft: line[i - 1], ArrowRight: line[i + 1], Home: line[0], End: line[line.length - 1] }[e.key];
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      const other = rows[rows.indexOf(y) + (e.key === "ArrowUp" ? -1 : 1)];
      if (other !== undefined) {  // the nearest item of that row
        next = row(other).reduce((best, m) => (Math.abs(pos(m)[0] - x) < Math.abs(pos(best)[0] - x) ? m : best));
      }
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();  // (the arrows here move the cursor, not the analysis board)
    next?.focus();
  });
}

// After the page replaced a board it had the focus in: the focus back on the board's cursor.
export function refocus(container) {
  container.querySelector('[data-kx][tabindex="0"]')?.focus({ preventScroll: false });
}

// ------------------------------------------------------------------ heaps and pins

// A heap's objects: the j-th from the left takes it and every one to its right.  By keyboard: up and
// down choose the heap, left and right the amount (the cursor starts on "take 1" of the first heap).
function heapRow(index, count, legal, used, play, label) {
  const row = el("div", { class: "heap", "data-heap": index + 1, role: "group", "aria-label": `${t("ex-heap", { n: index + 1 })}: ${count}` });
  row.append(el("span", { class: "heap-label", "aria-hidden": "true", text: label ?? `${index + 1}` }));
  const objects = el("span", { class: "objects" });
  for (let j = 0; j < count; j++) {
    const take = count - j;
    const move = `${index + 1}:${take}`;
    const words = t("web-board-take-from", { n: take, heap: index + 1 });
    const obj = at(el("span", { class: "obj", title: words, "aria-label": t("web-board-of", { words, n: count }) }), j, index);
    objects.append(clickable(obj, move, legal, used, play));
  }
  row.append(objects, el("span", { class: "heap-count", "aria-hidden": "true", text: count }));
  return row;
}

function heaps(room, legal, used, play) {
  const box = el("div", { class: "heaps", role: "group", "aria-label": t("web-board-heaps-keys") });
  room.view.heaps.forEach((n, i) => box.append(heapRow(i, n, legal, used, play)));
  box.querySelector(".heap:has(.obj) .obj:last-child")?.setAttribute("data-start", "");
  return box;
}

function takeAway(room, legal, used, play) {
  const v = room.view;
  const box = el("div", { class: "heaps" });
  const row = el("div", { class: "heap" }, el("span", { class: "heap-label", text: t("web-board-heap") }));
  const objects = el("span", { class: "objects" });
  for (let j = 0; j < v.heap; j++) {
    const move = `${v.heap - j}`;
    const words = t("web-board-take", { n: move });
    const obj = at(el("span", { class: "obj", title: words, "aria-label": t("web-board-of", { words, n: v.heap }) }), j, 0);
    objects.append(clickable(obj, move, legal, used, play));
  }
  objects.lastChild?.setAttribute("data-start", "");
  row.append(objects, el("span", { class: "heap-count", text: v.heap }));
  box.append(row, el("p", { class: "about", text: t("web-board-takeaway", { take: v.take.join(", "), goal: v.goal, rule: v.rule }) }));
  return box;
}

function sums(room, legal, used, play) {
  const v = room.view;
  const box = el("div", { class: "heaps" });
  v.heaps.forEach((n, i) => {
    const ops = v.ops.map((op, j) => {
      const move = `${i + 1}:${op}`;
      // (a move that cannot be played now, the game over among them, is a disabled button)
      const button = el("button", { type: "button", class: "op", text: op, "aria-label": `${t("ex-heap", { n: i + 1 })}: ${op}`, disabled: !legal.has(move) });
      return clickable(at(button, j, i), move, legal, used, play);
    });
    box.append(el("div", { class: "heap", "data-heap": i + 1, role: "group", "aria-label": `${t("ex-heap", { n: i + 1 })}: ${n}` },
      el("span", { class: "heap-label", "aria-hidden": "true", text: `${i + 1}` }),
      el("span", { class: "stones-count", "aria-hidden": "true", text: n }), ...ops));
  });
  box.append(el("p", { class: "about", text: t("web-board-sums", { total: v.total, goal: v.goal, rule: v.rule }) }));
  return box;
}

// Pins, numbered under each (the numbers the moves name), with a target between two neighbours that
// knocks both.
function pins(room, legal, used, play) {
  const row = el("div", { class: "pins", role: "group", "aria-label": t("web-board-pins-keys") });
  const pins = room.view.pins;
  pins.forEach((up, i) => {
    const pin = el("span", { class: `pin ${up ? "up" : "down"}`, title: t("web-board-pin", { n: i + 1 }), "aria-label": t("web-board-pin-state", { n: i + 1, up: up ? "yes" : "no" }) },
      el("span", { class: "pin-shape" }), el("span", { class: "pin-no", text: i + 1 }));
    row.append(clickable(at(pin, 2 * i, 0), `${i + 1}`, legal, used, play));
    if (i + 1 < pins.length) {
      const pair = `${i + 1}-${i + 2}`;
      const link = el("span", { class: "pair", title: t("web-board-knock", { pair }), "aria-label": t("web-board-pair", { pair }) }, el("span", { class: "pair-shape" }));
      row.append(clickable(at(link, 2 * i + 1, 0), pair, legal, used, play));
    }
  });
  row.querySelector(".legal")?.setAttribute("data-start", "");
  return row;
}

// ------------------------------------------------------------------ grids

const PIECES = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞" };

// Stones' colours by seat, where a line game's marks are drawn as stones (a big m,n,k board).
const SEAT_STONES = ["black", "white", "red", "blue"];
// A line game whose board is at least this wide (or high) is a go board: stones on the intersections.
const GOBAN_FROM = 7;

// What stands on a cell of each kind of grid view: [text, css classes] (the function's `style`, if
// any, is one more class of the board: "goban" puts stones on the intersections of lines).
const CONTENT = {
  line(v) {
    if (!Array.isArray(v.symbols)) {  // stones named by colour: {"black": "X", "white": "O"}
      const colour = new Map(Object.entries(v.symbols).map(([c, s]) => [s, c]));
      const forbidden = new Set(v.forbidden || []);
      return Object.assign((x, y) => {
        const c = v.board[y][x];
        const name = cellName(x, y);
        if (colour.has(c)) return ["", `stone ${colour.get(c)}${v.last === name ? " last" : ""}`];
        return forbidden.has(name) ? ["×", "forbidden"] : ["", "point"];
      }, { style: "goban" });  // a go board: stones on points
    }
    const [w, h] = dims(v);
    if (Math.max(w, h) >= GOBAN_FROM && v.symbols.length <= SEAT_STONES.length) {  // stones, each with its letter
      return Object.assign((x, y) => {
        const seat = v.symbols.indexOf(v.board[y][x]);
        const last = v.last === cellName(x, y) ? " last" : "";
        return seat < 0 ? ["", "point"] : ["", `stone ${SEAT_STONES[seat]} sym${last}`, v.symbols[seat]];
      }, { style: "goban" });
    }
    return (x, y) => {
      const c = v.board[y][x];
      const seat = v.symbols.indexOf(c);
      return seat < 0 ? ["", ""] : [c, `mark mark-${seat}`];
    };
  },
  piece(v) {
    const blocked = new Set(v.blocked);
    const goal = new Set(v.goal);
    return (x, y) => {
      const name = cellName(x, y);
      if (v.at === name) return [PIECES[v.piece] || v.piece[0].toUpperCase(), "piece"];
      if (blocked.has(name)) return ["", "blocked"];
      return goal.has(name) ? ["◎", "goal"] : ["", ""];
    };
  },
  pawn(v) {
    const pay = new Map(v.diagonal.map((c, i) => [c, v.payoffs[i]]));
    return (x, y) => {
      const name = cellName(x, y);
      if (v.pawn === name) return ["♟", "piece"];
      return pay.has(name) ? [String(pay.get(name)), "goal"] : ["", ""];
    };
  },
  coins(v) {
    const coins = new Set(v.coins);
    return (x, y) => (coins.has(cellName(x, y)) ? ["●", "coin"] : ["", ""]);
  },
  pursuit(v) {
    const blocked = new Set(v.blocked);
    const n = v.figures.length;
    return (x, y) => {
      const name = cellName(x, y);
      const i = v.figures.indexOf(name);
      if (i >= 0) return i === n - 1 ? ["E", "piece evader"] : [v.pursuers > 1 ? `P${i + 1}` : "P", "piece pursuer"];
      return blocked.has(name) ? ["", "blocked"] : ["", ""];
    };
  },
  minefield(v) {
    const flags = new Set(v.flags || []);
    return (x, y) => {
      const name = cellName(x, y);
      const c = v.cells[y * v.width + x];
      if (c === null || c === undefined) return flags.has(name) ? ["⚑", "flag"] : ["", "hidden"];
      if (c === "*") return ["⚑", `flag by-${(v.flags_by_seat || []).findIndex((f) => f.includes(name))}`];
      if (c === "m") return ["✹", "mine"];
      if (c === "x") return ["✹", "mine exploded"];
      return [c === 0 ? "" : String(c), `open n${c}`];
    };
  },
};

// A grid's width and height: a square board says only its size.
const dims = (v) => [v.width ?? v.size, v.height ?? v.size];

// The lines of a go board, under its cells: a line through the centre of each row and column of
// cells, so a stone (centred in its cell) sits on a crossing.
function gobanLines(w, h) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const attrs = (node, a) => { for (const [k, v] of Object.entries(a)) node.setAttribute(k, String(v)); return node; };
  attrs(svg, { class: "goban-lines", viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: "none", "aria-hidden": "true" });
  const line = (x1, y1, x2, y2, data) => {
    const l = attrs(document.createElementNS(NS, "line"), { x1, y1, x2, y2, "vector-effect": "non-scaling-stroke" });
    for (const [k, v] of Object.entries(data)) l.dataset[k] = v;
    svg.append(l);
  };
  for (let x = 0; x < w; x++) line(x + 0.5, 0.5, x + 0.5, h - 0.5, { col: columnName(x) });
  for (let y = 0; y < h; y++) line(0.5, h - y - 0.5, w - 0.5, h - y - 0.5, { row: y + 1 });
  return svg;
}

// What a cell holds, in words for a screen reader.
function cellWords(text, cls) {
  const stone = /\bstone (\w+)/.exec(cls);
  if (stone) return t("web-board-stone", { colour: t(`web-board-colour-${stone[1]}`) });
  if (text) return text;
  return /\bblocked\b/.test(cls) ? t("web-board-blocked") : /\bhidden\b/.test(cls) ? t("web-board-covered") : t("web-board-cell-empty");
}

// A cell's moves: the cell's name, or in a game with move modes `PREFIX CELL` for each mode.
function grid(room, legal, used, play, options) {
  const v = room.view;
  const kind = room.traits.view;
  const [w, h] = dims(v);
  const content = CONTENT[kind](v);
  const size = cellSize(w, h);
  const modes = (room.traits.move_modes || []).map((m) => m.prefix);
  const keys = t("web-board-keys", { modes: modes.length > 1 ? "yes" : "no" });
  const board = el("div", { class: `grid ${kind}${content.style ? ` ${content.style}` : ""}`, role: "grid", "aria-label": t("web-board-grid", { w, h, keys }) });
  board.style.setProperty("--cell", `${size}px`);
  board.style.setProperty("--cols", String(w + 1));
  board.style.setProperty("--rows", String(h));
  if (content.style === "goban") board.append(gobanLines(w, h));
  const mode = modes.includes(options.mode) ? options.mode : modes[0];
  // The line that won the game, marked on the board (the result's, or the final view's before it comes).
  const won = new Set(room.result?.line ?? v.result?.line ?? []);
  const other = modes.length > 1 ? modes[(modes.indexOf(mode) + 1) % modes.length] : null;
  const start = v.last ?? cellName(Math.floor((w - 1) / 2), Math.floor((h - 1) / 2));  // the cursor's first cell
  for (let y = h - 1; y >= 0; y--) {
    const row = el("div", { class: "grid-row", role: "row" }, el("span", { class: "coord", "aria-hidden": "true", text: y + 1 }));
    for (let x = 0; x < w; x++) {
      const name = cellName(x, y);
      const [text, cls, sym] = content(x, y);
      const win = won.has(name);
      const cell = at(el("span", {
        class: `cell ${cls}${win ? " win" : ""}`, "data-cell": name, title: win ? t("web-board-winning-line", { cell: name }) : name, role: "gridcell",
        "aria-label": [name, sym, cellWords(text, cls), win ? t("web-board-on-line") : ""].filter(Boolean).join(", "), "data-win": win,
        "data-sym": sym, "data-start": name === start, text,
      }), x, h - 1 - y);
      if (modes.length === 0) {
        clickable(cell, name, legal, used, play);
      } else {
        const chosen = `${mode} ${name}`;
        const first = legal.has(chosen) ? chosen : modes.map((m) => `${m} ${name}`).find((m) => legal.has(m));
        if (first) clickable(cell, first, legal, used, play);
        const alt = other === null ? null : `${other} ${name}`;
        if (alt !== null && legal.has(alt) && alt !== first) {  // the right button plays the other mode
          used.add(alt);
          cell.dataset.alt = alt;
          cell.addEventListener("contextmenu", (e) => {
            e.preventDefault();
            play(alt);
          });
        }
      }
      row.append(cell);
    }
    board.append(row);
  }
  board.append(el("div", { class: "grid-row", "aria-hidden": "true" }, el("span", { class: "coord" }),
    ...Array.from({ length: w }, (_, x) => el("span", { class: "coord", text: columnName(x) }))));
  if (kind === "minefield" && v.mines_left !== undefined) {
    return el("div", {}, board, el("p", { class: "about", "data-mines-left": v.mines_left, text: t("web-board-mines-left", { n: v.mines_left }) }));
  }
  return board;
}

// The renderer of each kind of view (docs/PROTOCOL.md, "Kinds of view").
const RENDERERS = {
  heaps,
  "take-away": takeAway,
  sums,
  pins,
  ...Object.fromEntries(Object.keys(CONTENT).map((kind) => [kind, grid])),
};

export const knownKinds = () => Object.keys(RENDERERS);

export function drawBoard(room, options) {
  const legal = new Set(room.legal_moves || []);
  const used = new Set();
  const render = room.traits && Object.hasOwn(RENDERERS, room.traits.view) ? RENDERERS[room.traits.view] : undefined;
  let element;
  try {
    if (render) element = render(room, legal, used, options.play, options);
  } catch (err) {
    console.error("cannot draw this position", err);
    element = undefined;
    used.clear();
  }
  if (!element) element = el("pre", { class: "raw-view", text: JSON.stringify(room.view, null, 1) });
  else keyboard(element, `${room.room}|${room.traits.view}`, options.play);
  return { element, used };
}

export { cellIndex };
