// Boards drawn to scale from a seat's view: heaps, pins, grids, stones, mines.
// drawBoard(room, options) -> { element, used }: `used` are the legal moves the board offers
// as clicks (the page shows the others as buttons).  options.play(move) plays a move;
// options.mode is the prefix of the chosen move mode in a game that has several (a click on a
// cell plays `MODE CELL`; the right button plays the next mode).  The renderer is chosen by the
// view's kind (room.traits.view), never by the game's name: a kind with no renderer here is
// shown as data.

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

// The side of a board's square cell, so the whole board fits the screen's width.
function cellSize(width, height) {
  const room = Math.min(window.innerWidth - 40, 620);
  const tall = Math.max(window.innerHeight - 260, 260);
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
  if (node.tagName !== "BUTTON") {  // playable from the keyboard too
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      play(move);
    });
  }
  return node;
}

// ------------------------------------------------------------------ heaps and pins

function heapRow(index, count, legal, used, play, label) {
  const row = el("div", { class: "heap", "data-heap": index + 1 });
  row.append(el("span", { class: "heap-label", text: label ?? `${index + 1}` }));
  const objects = el("span", { class: "objects" });
  for (let j = 0; j < count; j++) {
    const take = count - j;
    const move = `${index + 1}:${take}`;
    const obj = el("span", { class: "obj", title: `take ${take} from heap ${index + 1}`, "aria-label": move });
    objects.append(clickable(obj, move, legal, used, play));
  }
  row.append(objects, el("span", { class: "heap-count", text: count }));
  return row;
}

function heaps(room, legal, used, play) {
  const box = el("div", { class: "heaps" });
  room.view.heaps.forEach((n, i) => box.append(heapRow(i, n, legal, used, play)));
  return box;
}

function takeAway(room, legal, used, play) {
  const v = room.view;
  const box = el("div", { class: "heaps" });
  const row = el("div", { class: "heap" }, el("span", { class: "heap-label", text: "heap" }));
  const objects = el("span", { class: "objects" });
  for (let j = 0; j < v.heap; j++) {
    const move = `${v.heap - j}`;
    const obj = el("span", { class: "obj", title: `take ${move}`, "aria-label": `take ${move}` });
    objects.append(clickable(obj, move, legal, used, play));
  }
  row.append(objects, el("span", { class: "heap-count", text: v.heap }));
  box.append(row, el("p", { class: "about", text: `take ${v.take.join(", ")} · goal ${v.goal} · ${v.rule}` }));
  return box;
}

function sums(room, legal, used, play) {
  const v = room.view;
  const box = el("div", { class: "heaps" });
  v.heaps.forEach((n, i) => {
    const ops = v.ops.map((op) => {
      const move = `${i + 1}:${op}`;
      return clickable(el("button", { type: "button", class: "op", text: op }), move, legal, used, play);
    });
    box.append(el("div", { class: "heap", "data-heap": i + 1 }, el("span", { class: "heap-label", text: `${i + 1}` }),
      el("span", { class: "stones-count", text: n }), ...ops));
  });
  box.append(el("p", { class: "about", text: `total ${v.total} · goal ${v.goal} · ${v.rule}` }));
  return box;
}

function pins(room, legal, used, play) {
  const row = el("div", { class: "pins" });
  const pins = room.view.pins;
  pins.forEach((up, i) => {
    const pin = el("span", { class: up ? "pin up" : "pin down", title: `pin ${i + 1}`, "aria-label": `pin ${i + 1}` });
    row.append(clickable(pin, `${i + 1}`, legal, used, play));
    if (i + 1 < pins.length) {
      const pair = `${i + 1}-${i + 2}`;
      const link = el("span", { class: "pair", title: `knock pins ${pair}`, "aria-label": `pins ${pair}` });
      row.append(clickable(link, pair, legal, used, play));
    }
  });
  return row;
}

// ------------------------------------------------------------------ grids

const PIECES = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞" };

// What stands on a cell of each kind of grid view: [text, css classes] (the function's `style`, if
// any, is one more class of the board).
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

// A cell's moves: the cell's name, or in a game with move modes `PREFIX CELL` for each mode.
function grid(room, legal, used, play, options) {
  const v = room.view;
  const kind = room.traits.view;
  const [w, h] = dims(v);
  const content = CONTENT[kind](v);
  const size = cellSize(w, h);
  const board = el("div", { class: `grid ${kind}${content.style ? ` ${content.style}` : ""}`, role: "grid" });
  board.style.setProperty("--cell", `${size}px`);
  board.style.setProperty("--cols", String(w + 1));
  const modes = (room.traits.move_modes || []).map((m) => m.prefix);
  const mode = modes.includes(options.mode) ? options.mode : modes[0];
  // The line that won the game, marked on the board (the result's, or the final view's before it comes).
  const won = new Set(room.result?.line ?? v.result?.line ?? []);
  const other = modes.length > 1 ? modes[(modes.indexOf(mode) + 1) % modes.length] : null;
  for (let y = h - 1; y >= 0; y--) {
    board.append(el("span", { class: "coord", text: y + 1 }));
    for (let x = 0; x < w; x++) {
      const name = cellName(x, y);
      const [text, cls] = content(x, y);
      const win = won.has(name);
      const cell = el("span", {
        class: `cell ${cls}${win ? " win" : ""}`, "data-cell": name, title: win ? `${name}: the winning line` : name,
        "aria-label": win ? `${name}, winning line` : name, "data-win": win, text,
      });
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
      board.append(cell);
    }
  }
  board.append(el("span", { class: "coord" }));
  for (let x = 0; x < w; x++) board.append(el("span", { class: "coord", text: columnName(x) }));
  if (kind === "minefield" && v.mines_left !== undefined) {
    return el("div", {}, board, el("p", { class: "about", "data-mines-left": v.mines_left, text: `${v.mines_left} mines left` }));
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
  return { element, used };
}

export { cellIndex };
