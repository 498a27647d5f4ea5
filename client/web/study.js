// The study pages' addresses and what they show, as pure functions (no DOM, no I/O), tested in node
// (tests/web/study.test.mjs): an analysis board's address and back, a tree node's code in words and
// colour, the exam's address and its table's rows.
//
// Addresses (docs/WEB.md):
//   /analysis/GAME?PARAM=VALUE&...&moves=M1,M2&tree=DEPTH   any position of any game, its tree shown to DEPTH
//   /exam?heaps=7,S&ops=+1,*2&goal=77&rule=reach-wins&range=LO..HI
//   /puzzles, /puzzle/ID

import { language, t } from "./i18n.js";

export const RESERVED = new Set(["moves", "tree"]); // query keys that are not the game's parameters
export const TREE_DEPTH = 4; // the tree's depth when the page first draws it (at most 12: the node's bound)
export const MAX_TREE_DEPTH = 12;
export const EXAM_KEYS = ["heaps", "ops", "goal", "rule", "range"];
export const EXAM_DEFAULTS = { heaps: "7,S", ops: "+1,*2", goal: "77", rule: "reach-wins", range: "" };

// Which study page an address is: {page: "analysis", game, params, moves, tree} | {page: "exam", params} |
// {page: "puzzles"} | {page: "puzzle", id}.  `pathname` and `search` as in `location`.
export function route(pathname, search) {
  const q = query(search);
  const parts = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  if (parts[0] === "exam") {
    const params = {};
    for (const k of EXAM_KEYS) if (q.has(k) && q.get(k) !== "") params[k] = q.get(k);
    return { page: "exam", params };
  }
  if (parts[0] === "puzzles") return { page: "puzzles" };
  if (parts[0] === "puzzle") return { page: "puzzle", id: parts[1] ?? "" };
  const params = {};
  for (const [k, v] of q) if (!RESERVED.has(k)) params[k] = v;
  const moves = splitMoves(q.get("moves") ?? "");
  const depth = q.has("tree") ? clampDepth(q.get("tree")) : null;
  return { page: "analysis", game: parts[1] ?? null, params, moves, tree: depth };
}

// A query's keys and values in order.  A `+` stays a `+` (the exam's operations, `ops=+1,*2`), not a space.
export function query(search) {
  const out = new Map();
  for (const part of String(search).replace(/^\?/, "").split("&")) {
    if (!part) continue;
    const at = part.indexOf("=");
    const [k, v] = at < 0 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
    try {
      out.set(decodeURIComponent(k), decodeURIComponent(v));
    } catch {
      out.set(k, v);  // (a stray % is taken as it is)
    }
  }
  return out;
}

export function clampDepth(text) {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(MAX_TREE_DEPTH, Math.max(1, n)) : TREE_DEPTH;
}

// Moves in an address are separated by commas (no game's notation has one; a move may have a space).
export function splitMoves(text) {
  return String(text).split(",").map((m) => m.trim()).filter(Boolean);
}

// The address of a position: the game, the parameters given (as typed), the moves, the tree's depth.
export function analysisAddress(game, params = {}, moves = [], tree = null) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || RESERVED.has(k)) continue;
    q.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  if (moves.length) q.set("moves", moves.join(","));
  if (tree !== null && tree !== undefined) q.set("tree", String(tree));
  const s = q.toString();
  return `/analysis/${encodeURIComponent(game)}${s ? `?${readable(s)}` : ""}`;
}

export function examAddress(params) {
  const q = new URLSearchParams();
  for (const k of EXAM_KEYS) if (params[k] !== undefined && params[k] !== "") q.set(k, String(params[k]));
  const s = q.toString();
  return `/exam${s ? `?${readable(s)}` : ""}`;
}

// (commas, colons and the like read better unescaped in a shared link, and are safe in a query)
const readable = (s) => s.replace(/\+/g, "%20").replace(/%2B/gi, "+").replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%2A/gi, "*").replace(/%3C/gi, "<")
  .replace(/%3E/gi, ">");

// A tree node's code as the exam writes it, and its tone: "+2" won, "-2" lost, "0" over or drawn.
export function codeText(node) {
  if (node.outcome === "over") return "0";
  if (node.outcome === "draw") return "0 (draw)";
  if (node.outcome === "payoff") return `payoff ${node.value}`;
  if (node.code === null || node.code === undefined) return "?";
  return node.code > 0 ? `+${node.code}` : String(node.code);
}

export function codeTone(node) {
  if (node.outcome === "win") return "won";
  if (node.outcome === "loss") return "lost";
  if (node.outcome === "over") return "over";
  return "plain";
}

// A node's code in words, for the one to move there ("first" / "second" from the exam's seats).
export function codeWords(node) {
  const k = Math.abs(node.code ?? 0);
  if (node.outcome === "over") return t("web-code-over");
  if (node.outcome === "draw") return t("web-code-draw");
  if (node.outcome === "payoff") return t("web-code-payoff", { value: node.value });
  if (node.outcome === "win") return t("web-code-win", { k: language() === "en" ? ordinal(k) : k });
  if (node.outcome === "loss") return k === 0 ? t("web-code-loss-now") : t("web-code-loss", { k: language() === "en" ? ordinal(k) : k });
  return "";
}

export function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${tail}`;
}

// Every node of a tree with the moves that lead to it from the tree's root, depth first.
export function walk(tree, from = []) {
  const out = [{ node: tree, path: from }];
  for (const c of tree.children || []) out.push(...walk(c, [...from, c.move]));
  return out;
}

// The exam's answer as rows: S, its code as text and tone, the address of its tree (`game`: the game the
// node names in its answer).
export function examRows(exam, params, game) {
  return (exam.codes || []).map(({ s, code }) => {
    const heaps = String(params.heaps ?? EXAM_DEFAULTS.heaps).replace("S", String(s));
    const start = { heaps, ops: params.ops ?? EXAM_DEFAULTS.ops, goal: params.goal ?? EXAM_DEFAULTS.goal, rule: params.rule ?? EXAM_DEFAULTS.rule };
    const tone = code === null ? "over" : code > 0 ? "won" : code < 0 ? "lost" : "plain";
    return { s, code, text: code === null ? "over" : code > 0 ? `+${code}` : String(code), tone,
      tree: code === null ? null : analysisAddress(game, start, [], MAX_TREE_DEPTH) };
  });
}

// ------------------------------------------------------------------ puzzles

export const SOLVED_KEY = "grundy.solved-puzzles";

// The puzzles grouped by game, each group easiest first (the node's order), those from real games last.
export function puzzleGroups(puzzles) {
  const groups = new Map();
  for (const z of puzzles) {
    const title = z.source === "game" ? null : z.game;  // null: from real games
    if (!groups.has(title)) groups.set(title, []);
    groups.get(title).push(z);
  }
  return [...groups].map(([title, items]) => ({ title, items }));
}

// The puzzle after `id` in the list (null at the end).
export function nextPuzzle(puzzles, id) {
  const at = puzzles.findIndex((z) => z.id === id);
  return at >= 0 && at + 1 < puzzles.length ? puzzles[at + 1] : null;
}

// The puzzles solved in this browser (a set of ids kept in `storage`).
export function solvedPuzzles(storage) {
  try {
    return new Set(JSON.parse(storage.getItem(SOLVED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

export function markSolved(storage, id) {
  const solved = solvedPuzzles(storage);
  solved.add(id);
  storage.setItem(SOLVED_KEY, JSON.stringify([...solved].slice(-1000)));
}
