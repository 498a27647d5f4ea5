// The solver's explanations and reviews in the page's language: client/explained.py's rendering, here.
// Each sentence of an explanation is a phrase (an id of solver/phrases.py and named arguments), said from
// the catalogs (`ex-<id>`, dots as dashes); a value ({outcome, k, at_most, score}) and a review's verdict
// are said from their data.  In English, and for a phrase the catalogs have no words for, the
// explanation's own English text is shown, so nothing is left unsaid (docs/LANGUAGES.md).
import { gameName, has, language, t, tIn } from "./i18n.js";

const English = () => language() === "en";

/** The catalog id of phrase `pid`: `nim.move` is `ex-nim-move`. */
export const messageId = (pid) => `ex-${String(pid).replaceAll(".", "-")}`;

// How an argument is written, by its name (the English templates' specs, solver/phrases.py; a phrase
// that writes one otherwise is in SPEC_OF; tests/protocol/test_i18n.py checks both against phrases.py).
export const SPECS = { line: "sp", score: "signed", cells: "list", leaves: "and", lost: "list", moves: "or",
  heaps: "xor", rows: "g", values: "xor", residues: "or", pairs: "pairs" };
export const SPEC_OF = { "value.win": { k: "nth" }, "value.win_at_most": { k: "nth" }, "value.loss": { k: "nth" },
  "value.score": { score: "" }, "rec.keeps_score": { score: "" }, "note.keeps_score": { score: "" }, "lines.lost": { cells: "or" } };
const WORDS = ["piece", "me", "him"];  // arguments from a closed set of words: `ex-word-<value>`

const word = (v) => String(v);

function argument(pid, name, value) {
  if (WORDS.includes(name) && typeof value === "string" && has(`ex-word-${value}`)) return t(`ex-word-${value}`);
  const spec = SPEC_OF[pid]?.[name] ?? SPECS[name] ?? "";
  const list = Array.isArray(value) ? value : null;
  if (spec === "signed" && typeof value === "number") return `${value >= 0 ? "+" : ""}${value}`;
  if (!list) return value;
  if (spec === "xor") return list.map(word).join(" XOR ");
  if (spec === "sp") return list.map(word).join(" ");
  if (spec === "or" || spec === "and") {
    const style = spec === "or" ? "disjunction" : "conjunction";
    return list.length ? new Intl.ListFormat(language(), { type: style }).format(list.map(word)) : "";
  }
  if (spec === "g") return list.map((n) => `G(${n})`).join(" XOR ");
  if (spec === "pairs") return list.map(([a, b]) => `(${a},${b})`).join(" ");
  return list.length ? list.map(word).join(", ") : t("ex-none");
}

/** One phrase ({id, args}) in the page's language; `english` (its own text) where the catalogs have no
 * words for it, or in English. */
export function phraseText(phrase, english = "") {
  if (!phrase || English() || !has(messageId(phrase.id))) return english;
  const args = {};
  for (const [name, value] of Object.entries(phrase.args || {})) args[name] = argument(phrase.id, name, value);
  return t(messageId(phrase.id), args);
}

/** An explanation's reason: its phrases, each a clause, joined by "; " (the English reason when one lacks words). */
export function reasonText(expl) {
  const said = expl?.said || [];
  if (English() || !said.length || !said.every((p) => has(messageId(p.id)))) return expl?.reason || "";
  return said.map((p) => phraseText(p)).join("; ");
}

/** A list of phrases (a hint's `hint_said`, a review row's `why_said`, a summary's `said`, the exam's
 * `why19_said`, a puzzle's `task_said`...), clause by clause joined by "; ": a `teach-` phrase is a catalog
 * message itself (an argument `game` said as the game is taught), any other an explanation phrase
 * (client/explained.py said_text).  `english` (the node's own words) in English or when a phrase lacks words. */
export function saidText(said, english = "") {
  const items = said || [];
  if (!items.length || (English() && english)) return english;
  const out = [];
  for (const p of items) {
    if (String(p.id).startsWith("teach-")) {
      if (!has(p.id)) return english;
      const args = { ...(p.args || {}) };
      if ("game" in args) args.game = gameName(String(args.game));
      out.push(t(p.id, args));
    } else if (has(messageId(p.id))) {
      const args = {};
      for (const [name, value] of Object.entries(p.args || {})) args[name] = argument(p.id, name, value);
      out.push(t(messageId(p.id), args));
    } else return english;
  }
  return out.join("; ");
}

/** A move note's why. */
export const noteText = (note) => phraseText(note.said, note.why || "");

// what decides an answer, beyond `ex-by-<rule>`: found by its English (a rule may be decided several ways)
const BY = ["ex-by-kayles", "ex-by-king-parity", "ex-by-rook-nim", "ex-by-wythoff", "ex-by-symmetry", "ex-by-prices",
  "ex-by-capture-times", "ex-by-fours", "ex-by-win-now", "ex-by-five", "ex-by-their-five", "ex-by-their-fours",
  "ex-by-threat-search", "ex-by-engine", "ex-by-nim-sum", "ex-by-misere-nim", "ex-by-subtraction-period", "ex-by-search"];

/** What decided the answer (`by`) in the page's language. */
export function byText(expl) {
  const by = expl?.by || "";
  if (English()) return by;
  for (const id of [`ex-by-${expl.rule}`, ...BY]) if (has(id) && tIn("en", id) === by) return t(id);
  return by ? t("web-ex-by-other") : "";
}

/** The engine's evaluation: the explanation's phrase whose English is it. */
export function evaluationText(expl) {
  const e = expl?.evaluation || "";
  if (English() || !e) return e;
  const found = (expl.said || []).find((p) => phraseEnglish(p) === e);
  return found ? phraseText(found, e) : e;
}

function phraseEnglish(p) {
  if (!has(messageId(p.id))) return null;
  const args = {};
  for (const [name, value] of Object.entries(p.args || {})) {
    const spec = SPEC_OF[p.id]?.[name] ?? SPECS[name] ?? "";
    args[name] = spec === "nth" ? nth(value) : Array.isArray(value) && (spec === "or" || spec === "and")
      ? new Intl.ListFormat("en", { type: spec === "or" ? "disjunction" : "conjunction" }).format(value.map(word))
      : argument(p.id, name, value);
  }
  return tIn("en", messageId(p.id), args);
}

function nth(k) {
  const n = Number(k);
  const suffix = n % 100 >= 10 && n % 100 <= 20 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

/** A component's label (`heap 2`, `pins 5`, the heap above the goal) in the page's language. */
export function labelText(label) {
  const m = /^(heap|pins) (\d+)$/.exec(label || "");
  if (English()) return label;
  if (label === tIn("en", "ex-heap-above-goal")) return t("ex-heap-above-goal");
  return m ? t(`ex-${m[1]}`, { n: Number(m[2]) }) : label;
}

const pieceWord = (piece) => (has(`ex-word-${piece}`) ? t(`ex-word-${piece}`) : piece);

// A map's caption (`map_of`): the solver's English for each family, said by a message of the page.
const MAPS = [
  [/^the result for the player to move with the (\w+) on each cell \(/, (m, more) => t("web-map-corner", { piece: pieceWord(m[1]), more })],
  [/^the price of each cell/, (m, more) => t("web-map-prices", { more })],
  [/^rounds for the pursuer on (\S+), to move/, (m) => t("web-map-pursuit", { cell: m[1] })],
  [/^the result for the player to move of playing on each empty cell/, () => t("web-map-cells")],
];

/** What the map of cells shows. */
export function mapText(text) {
  if (English() || !text) return text || "";
  const more = /; the \d+ cells nearest|\(the \d+ cells nearest/.test(text) ? "yes" : "no";
  for (const [re, say] of MAPS) {
    const m = re.exec(text);
    if (m) return say(m, more);
  }
  return t("web-map-other");
}

// ------------------------------------------------------------------ values and verdicts

/** A value ({outcome, k, at_most, score, text}) in a few words: "win in 6", "draw", "engine +120". */
export function valueText(v) {
  if (!v) return "";
  if (English()) return v.text ?? "";
  const { outcome, k, at_most: atMost, score } = v;
  if (outcome === "score" && score !== null && score !== undefined) return t("web-value-score", { score });
  if (outcome === "win" || outcome === "loss") {
    if (k !== null && k !== undefined) return t(`web-value-${outcome}-in`, { k });
    if (atMost !== null && atMost !== undefined) return t(`web-value-${outcome}-at-most`, { k: atMost });
    return t(`web-value-${outcome}`);
  }
  if (outcome === "draw") return t("web-value-draw");
  return engineText(v.text);
}

// The words a review puts in an unknown value (`engine +120`, `engine: a win in sight`, `won`, `not proven`).
function engineText(text) {
  const m = /^engine ([+-]\d+)$/.exec(text || "");
  if (m) return t("web-value-engine", { score: m[1] });
  if (text === "engine: a win in sight") return t("web-value-engine-win");
  if (text === "engine: a loss in sight") return t("web-value-engine-loss");
  if (text === "won") return t("web-value-won");
  return t("web-value-unknown");
}

/** The words of a review row's `before` when it has no value (older records): as a value where they read as one. */
export function beforeText(text) {
  if (English() || !text) return text || "";
  let m;
  if ((m = /^(win|loss) in (\d+)$/.exec(text))) return t(`web-value-${m[1]}-in`, { k: Number(m[2]) });
  if ((m = /^value (-?[\d.]+)$/.exec(text))) return t("web-value-score", { score: Number(m[1]) });
  if (text === "draw") return t("web-value-draw");
  return engineText(text);
}

// the review's verdicts (solver/review.py), each a message `web-verdict-<code>`
const VERDICTS = {
  "best": "best", "kept the win": "kept-win", "threw the win away": "threw-win", "threw the draw away": "threw-draw",
  "hurried the loss": "hurried", "resigned a won game": "resigned-won", "resigned a drawn game": "resigned-drawn",
  "resigned a lost game": "resigned-lost", "resigned": "resigned", "missed a proven win": "missed-win",
  "missed a forced defence": "missed-defence", "allowed a proven win": "allowed-win", "lost anyway": "lost-anyway",
  "stopped the threat": "stopped", "engine's choice": "engine", "close to the engine's choice": "engine-close",
  "engine prefers another move": "engine-other", "no proof": "no-proof", "not judged": "not-judged",
};

/** A review's verdict in the page's language. */
export function verdictText(verdict) {
  if (English() || !verdict) return verdict || "";
  if (VERDICTS[verdict]) return t(`web-verdict-${VERDICTS[verdict]}`);
  const m = /^gave away (-?[\d.]+)$/.exec(verdict);
  if (m) return t("web-verdict-gave-away", { score: Number(m[1]) });
  if (verdict.startsWith("no proof")) return t("web-verdict-no-proof");
  return t("web-verdict-other");
}

/** A review row's why: its English, or in another language where the row carries no phrases, a pointer to
 * the analysis board (which explains the position in the page's language). */
export function whyText(row) {
  if (English() || !row.why) return row.why || "";
  if (row.said?.length && row.said.every((p) => has(messageId(p.id)))) return row.said.map((p) => phraseText(p)).join("; ");
  return saidText(row.why_said) || t("web-review-why-board");
}
