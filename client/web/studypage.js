// The study page (study.html): the analysis board of any position of any game at its own address, its
// game tree (foldable; a move opens its position), and the exam's table with its answers.  No name is
// needed: the page asks the node's catalog and `analyze` without a room (docs/PROTOCOL.md) before any
// hello (a signed-in player's page says hello first: their solved puzzles count).  Addresses and words: study.js.
import { decorate, explanationView, nimTableView } from "./analysis.js";
import { saidText } from "./explained.js";
import { drawBoard, el } from "./boards.js";
import { about, fillGames, paramFields, paramsOf } from "./forms.js";
import { Link } from "./net.js";
import { gameName, initLanguage, language, languageMenu, onLanguage, t } from "./i18n.js";
import * as St from "./study.js";

const $ = (id) => document.getElementById(id);
const S = {
  games: [],
  ready: null, // a promise: the catalog is here
  answers: new Map(), // address of a position -> the node's answer (or {refused})
  trees: new Map(), // address with the tree's depth -> answer
  puzzles: null, // the list of puzzles, once asked
  asked: 0, // the latest render's number: an answer for an older one is not drawn
};

const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
let opened;
const open = new Promise((resolve) => { opened = resolve; });
// The account the main page keeps for this node ({name, secret}; accounts.js), or null: a signed-in player
// says hello, so that the puzzles they solve here count on their page; anyone else asks without a name.
function keptAccount() {
  try {
    const a = JSON.parse(localStorage.getItem("grundy.accounts") || "{}")[location.origin];
    return a && typeof a.name === "string" && typeof a.secret === "string" ? a : null;
  } catch {
    return null;
  }
}
const link = new Link(wsUrl, {
  opened: () => {
    status("");
    const a = keptAccount();
    const hello = a ? link.request({ type: "hello", versions: [1], name: a.name, secret: a.secret, client: "grundy-web/0.1", lang: language() }) : null;
    Promise.resolve(hello).catch(() => null).then(() => opened()); // (a refused secret: still answered, nameless)
  },
  message: () => {},
  closed: (code, reason, retry) => status(retry ? t("web-study-reconnecting") : t("web-study-disconnected", { reason: reason || code })),
  token: () => null,
  catchingUp: () => status(t("web-study-catching-up")),
  caughtUp: () => status(""),
});

function status(text) { $("link-status").textContent = text; }
function notice(text, error = false) {
  const n = $("notice");
  n.textContent = text;
  n.className = text ? (error ? "error" : "info") : "";
}

async function ask(msg) {
  await open;
  return link.request(msg).catch((err) => ({ refused: err?.message || String(err), error: err?.code ?? null }));
}

const seatName = (seat) => t("web-study-seat", { seat });

// ------------------------------------------------------------------ going from address to address

function go(address, { replace = false } = {}) {
  if (address !== location.pathname + location.search) history[replace ? "replaceState" : "pushState"](null, "", address);
  render();
}

function render() {
  const r = St.route(location.pathname, location.search);
  for (const page of ["analysis", "exam", "puzzles", "puzzle"]) $(`${page}-page`).hidden = r.page !== page;
  for (const a of document.querySelectorAll("#study-nav a")) a.classList.toggle("here", a.dataset.page === r.page);
  notice("");
  S.asked += 1;
  if (r.page === "exam") renderExam(r, S.asked);
  else if (r.page === "analysis") renderAnalysis(r, S.asked);
  else if (r.page === "puzzles") renderPuzzles(S.asked);
  else if (r.page === "puzzle") renderPuzzle(r, S.asked);
  else {
    $("analysis-page").hidden = false;
    notice(t("web-study-no-page"), true);
    renderAnalysis({ ...r, page: "analysis", game: null, params: {}, moves: [], tree: null }, S.asked);
  }
}

// ------------------------------------------------------------------ the analysis board

function schemaOf(name) {
  return S.games.find((g) => g.name === name || (g.aliases || []).includes(name)) ?? null;
}

function fillSetup(r) {
  const select = $("study-game");
  fillGames(select, S.games);  // (again: in the page's language)
  const found = schemaOf(r.game);
  const schema = found ?? S.games[0];
  select.value = schema.name;
  $("study-about").textContent = about(schema);
  paramFields($("study-params"), schema, "sp");
  for (const [k, v] of Object.entries(r.params)) {
    const input = $("study-params").querySelector(`[data-param="${CSS.escape(k)}"]`);
    if (!input) continue;
    if (input.type === "checkbox") input.checked = v === "true" || v === true;
    else input.value = v;
  }
  $("study-moves").value = r.moves.join(", ");
  return { schema, found: found !== null };
}

async function renderAnalysis(r, asked) {
  boardIn("analysis-board-spot");
  await S.ready;
  if (!r.game) {  // the bare /analysis: the catalog's first game (nim) at its start
    go(St.analysisAddress(S.games[0]?.name ?? "", {}), { replace: true });
    return;
  }
  const { schema, found } = fillSetup(r);
  if (!found) {
    $("board").replaceChildren();
    $("study-words").replaceChildren(el("p", { class: "refused", text: t("web-study-no-game", { game: r.game }) }));
    return;
  }
  const key = St.analysisAddress(schema.name, r.params, r.moves);
  $("study-link").value = location.href;
  let answer = S.answers.get(key);
  if (!answer) {
    $("study-words").replaceChildren(el("p", { class: "waiting", text: t("web-an-looking") }));
    $("board").classList.add("pending");
    answer = await ask({ type: "analyze", kind: "position", game: schema.name, params: r.params, moves: r.moves });
    if (!answer.refused) S.answers.set(key, answer);
    if (asked !== S.asked) return;
  }
  $("board").classList.remove("pending");
  drawPosition(schema, r, answer);
  drawTree(schema, r, asked);
}

// The page's one board (#board, styled by style.css and analysis.css), moved into the page shown.
function boardIn(spot) {
  const board = $("board");
  if (board.parentNode !== $(spot)) $(spot).prepend(board);
  return board;
}

function drawPosition(schema, r, answer) {
  const words = $("study-words");
  const steps = $("study-steps");
  steps.replaceChildren(...stepButtons(schema, r));
  if (answer.refused) {
    $("board").replaceChildren();
    $("study-extras").replaceChildren();
    words.replaceChildren(el("p", { class: "refused", text: t("web-study-no-position", { why: answer.refused }) }));
    return;
  }
  const play = (move) => go(St.analysisAddress(schema.name, r.params, [...r.moves, move], r.tree));
  const position = { room: "study", traits: schema.traits, view: answer.view, legal_moves: answer.legal_moves, result: null };
  const { element, used } = drawBoard(position, { play });
  const expl = answer.explanation ?? null;
  const unplaced = decorate(element, expl);
  $("board").replaceChildren(el("div", { class: "analysis-board" }, element, nimTableView(expl)));
  $("study-extras").replaceChildren(...(answer.legal_moves || []).filter((m) => !used.has(m)).slice(0, 60)
    .map((m) => el("button", { type: "button", class: "small move-button", "data-move": m, text: m, onclick: () => play(m) })));
  const example = (answer.legal_moves || [])[0];
  const said = example ? element.querySelector(`[data-move="${CSS.escape(example)}"]`)?.getAttribute("title") : null;
  $("study-notation").textContent = example
    ? t("web-study-notation", { move: said && said !== example ? `${example} (${said})` : example })
    : "";
  const where = r.moves.length ? t("web-study-after", { moves: r.moves.join(", ") }) : t("web-an-start");
  words.replaceChildren(el("p", { id: "study-where", "data-ply": r.moves.length, text: `${where}.` }),
    expl ? explanationView(expl, { name: seatName, board: element, unplaced }) : el("p", { text: t("web-study-over") }));
}

function stepButtons(schema, r) {
  const to = (n) => () => go(St.analysisAddress(schema.name, r.params, r.moves.slice(0, n), r.tree));
  const button = (id, text, title, onclick, disabled) => el("button", { type: "button", class: "small", id, title, text, onclick, disabled });
  return [
    button("st-start", "|◀", t("web-an-first"), to(0), r.moves.length === 0),
    button("st-back", `◀ ${t("web-study-back")}`, t("web-study-back-title"), to(r.moves.length - 1), r.moves.length === 0),
    ...r.moves.map((m, i) => el("a", { href: St.analysisAddress(schema.name, r.params, r.moves.slice(0, i + 1), r.tree),
      class: `step-move${i === r.moves.length - 1 ? " current" : ""}`, "data-ply": i + 1, text: `${i + 1}. ${m}` })),
  ];
}

// ------------------------------------------------------------------ the tree

async function drawTree(schema, r, asked) {
  const box = $("tree");
  const depth = $("tree-depth");
  depth.replaceChildren(...Array.from({ length: St.MAX_TREE_DEPTH }, (_, i) => el("option", { value: i + 1, text: t("web-study-plies", { n: i + 1 }) })));
  depth.value = String(r.tree ?? St.TREE_DEPTH);
  if (r.tree === null) {
    box.replaceChildren();
    return;
  }
  const key = St.analysisAddress(schema.name, r.params, r.moves, r.tree);
  let answer = S.trees.get(key);
  if (!answer) {
    box.replaceChildren(el("p", { class: "waiting", text: t("web-study-drawing") }));
    answer = await ask({ type: "analyze", kind: "tree", game: schema.name, params: r.params, moves: r.moves, depth: r.tree });
    if (!answer.refused) S.trees.set(key, answer);
    if (asked !== S.asked) return;
  }
  if (answer.refused) {
    box.replaceChildren(el("p", { class: "refused", text: t("web-study-no-tree", { why: answer.refused }) }));
    return;
  }
  const opener = (path) => St.analysisAddress(schema.name, r.params, [...r.moves, ...path], r.tree);
  box.replaceChildren(el("ul", { class: "game-tree", role: "tree" }, treeNode(answer.tree, [], opener, 0)));
}

function treeNode(node, path, opener, level) {
  const label = node.move === null ? t("web-study-this-position") : node.move;
  const code = el("span", { class: `tree-code ${St.codeTone(node)}`, title: St.codeWords(node), text: St.codeText(node) });
  const open = el("a", { href: opener(path), class: "tree-move", title: t("web-study-open-position"), text: label });
  const head = [open, " ", code, node.more ? el("a", { href: opener(path), class: "tree-more", title: t("web-study-open-further"), text: " …" }) : null];
  const attrs = { class: "tree-node", role: "treeitem", "data-path": path.join(","), "data-code": node.code ?? "" };
  if (!(node.children || []).length) return el("li", attrs, el("span", { class: "tree-leaf" }, ...head));
  const details = el("details", { open: level < 3 },
    el("summary", {}, ...head),
    el("ul", { role: "group" }, ...node.children.map((c) => treeNode(c, [...path, c.move], opener, level + 1))));
  return el("li", attrs, details);
}

// ------------------------------------------------------------------ the exam

function fillExam(params) {
  for (const k of St.EXAM_KEYS) $(`exam-${k}`).value = params[k] ?? St.EXAM_DEFAULTS[k];
}

async function renderExam(r, asked) {
  fillExam(r.params);
  const out = $("exam-out");
  out.replaceChildren(el("p", { class: "waiting", text: t("web-exam-solving") }));
  const answer = await ask({ type: "analyze", kind: "exam", params: r.params });
  if (asked !== S.asked) return;
  if (answer.refused) {
    out.replaceChildren(el("p", { class: "refused", text: t("web-exam-no-table", { why: answer.refused }) }));
    return;
  }
  const exam = answer.exam;
  const rows = St.examRows(exam, r.params, answer.game);
  const english = language() === "en";
  const answers = [
    ["19", exam.task19 ?? t("exam-none"), english ? exam.why19 : saidText(exam.why19_said) || t("web-exam-why19")],
    ["20", exam.task20.length ? exam.task20.join(" ") : t("exam-none"), english ? exam.why20 : saidText(exam.why20_said) || t("web-exam-why20")],
    ["21", exam.task21 ?? t("exam-none"), english ? exam.why21 : saidText(exam.why21_said) || t("web-exam-why21")],
  ];
  out.replaceChildren(
    el("div", { class: "panel", id: "exam-answers" },
      el("h2", { text: t("web-exam-answers") }),
      el("p", { class: "about", text: examGame(exam.game) }),
      el("table", { class: "exam-answers" }, el("tbody", {}, ...answers.map(([task, value, why]) =>
        el("tr", { "data-task": task }, el("th", { text: t("web-exam-task", { n: task }) }), el("td", { class: "answer", text: String(value) }), el("td", { text: why })))))),
    el("div", { class: "panel" },
      el("h2", { text: t("web-exam-codes") }),
      el("p", { class: "about", text: t("web-exam-codes-about") }),
      el("div", { class: "exam-grid", id: "exam-codes" }, ...rows.map((row) =>
        row.tree
          ? el("a", { href: row.tree, class: `exam-cell ${row.tone}`, "data-s": row.s, title: t("web-exam-open-tree", { s: row.s }) },
            el("span", { class: "s", text: `S=${row.s}` }), el("b", { text: row.text }))
          : el("span", { class: `exam-cell ${row.tone}`, "data-s": row.s }, el("span", { class: "s", text: `S=${row.s}` }), el("b", { text: row.text }))))));
}

// ------------------------------------------------------------------ puzzles

async function puzzleList() {
  if (!S.puzzles) {
    const answer = await ask({ type: "analyze", kind: "puzzles" });
    if (answer.refused) return answer;
    S.puzzles = answer.puzzles;
  }
  return { puzzles: S.puzzles };
}

async function renderPuzzles(asked) {
  const out = $("puzzles-out");
  out.replaceChildren(el("p", { class: "waiting", text: t("web-puzzles-making") }));
  const answer = await puzzleList();
  if (asked !== S.asked) return;
  if (answer.refused) {
    out.replaceChildren(el("p", { class: "refused", text: t("web-puzzles-none", { why: answer.refused }) }));
    return;
  }
  const solved = St.solvedPuzzles(localStorage);
  const groups = St.puzzleGroups(answer.puzzles);
  out.replaceChildren(el("p", { id: "puzzles-solved", text: t("web-puzzles-solved", { n: answer.puzzles.filter((z) => solved.has(z.id)).length, total: answer.puzzles.length }) }),
    ...groups.map(({ title, items }) => el("div", { class: "puzzle-group" }, el("h3", { text: title === null ? t("web-puzzles-from-games") : gameName(title) }),
      el("div", { class: "puzzle-grid" }, ...items.map((z) => el("a", {
        href: `/puzzle/${encodeURIComponent(z.id)}`, class: `puzzle-card ${z.grade}${solved.has(z.id) ? " solved" : ""}`, "data-puzzle": z.id,
        title: puzzleTask(z),
      }, el("b", { text: puzzleLabel(z) }), el("span", { text: [t(`web-puzzle-grade-${z.grade}`), z.source === "game" ? t("web-puzzle-from-game") : "", solved.has(z.id) ? t("web-puzzle-solved") : ""].filter(Boolean).join(" · ") })))))));
}

async function renderPuzzle(r, asked, answerMove = null) {
  const verdict = $("puzzle-verdict");
  if (!answerMove) verdict.replaceChildren();
  const answer = await ask({ type: "analyze", kind: "puzzle", puzzle: r.id, ...(answerMove ? { answer: answerMove } : {}) });
  if (asked !== S.asked) return;
  if (answer.refused) {
    $("puzzle-title").textContent = t("web-puzzle-none");
    $("puzzle-task").textContent = answer.refused;
    boardIn("puzzle-board").replaceChildren();
    return;
  }
  const z = answer.puzzle;
  await S.ready;
  const schema = schemaOf(z.game);
  $("puzzle-title").textContent = t("web-puzzle-title", { id: `${gameName(z.game)} ${puzzleLabel(z)}` });
  $("puzzle-task").textContent = puzzleTask(z);
  const list = (await puzzleList()).puzzles || [];
  const next = St.nextPuzzle(list, z.id);
  $("puzzle-next").setAttribute("href", next ? `/puzzle/${encodeURIComponent(next.id)}` : "/puzzles");
  const play = (move) => renderPuzzle(r, asked, move);
  if (!answerMove) {
    const position = { room: "puzzle", traits: schema?.traits ?? null, view: answer.view, legal_moves: answer.legal_moves, result: null };
    const { element, used } = drawBoard(position, { play });
    boardIn("puzzle-board").replaceChildren(element);
    $("puzzle-extras").replaceChildren(...(answer.legal_moves || []).filter((m) => !used.has(m)).slice(0, 60)
      .map((m) => el("button", { type: "button", class: "small move-button", "data-move": m, text: m, onclick: () => play(m) })));
    const example = (answer.legal_moves || [])[0];
    $("puzzle-notation").textContent = example ? t("web-puzzle-notation", { move: example }) : "";
    return;
  }
  if (!z.verdict) {
    verdict.replaceChildren(el("p", { class: "refused", text: language() === "en" && z.said ? z.said : t("web-puzzle-not-a-move") }));
    return;
  }
  if (z.verdict === "right") St.markSolved(localStorage, z.id);
  const board = $("board").firstElementChild;
  verdict.replaceChildren(...[
    el("p", { class: `verdict ${z.verdict}`, "data-verdict": z.verdict, text: language() === "en" ? `${t(`web-puzzle-${z.verdict}`)}: ${z.said}` : z.verdict_said?.length ? `${t(`web-puzzle-${z.verdict}`)}: ${saidText(z.verdict_said)}` : z.verdict === "wrong" && z.refutation?.length > 1 ? t("web-puzzle-refuted", { reply: z.refutation[1] }) : t(`web-puzzle-${z.verdict}`) }),
    z.verdict === "right" && answer.explanation ? explanationView(answer.explanation, { name: seatName, board }) : null,
    z.verdict === "wrong" ? el("p", {}, el("a", { href: St.analysisAddress(z.game, z.params, [...z.moves, ...(z.refutation || [])]), text: t("web-puzzle-see-refutation") })) : null,
    z.verdict === "right" ? el("p", {}, el("a", { href: St.analysisAddress(z.game, z.params, z.moves, St.TREE_DEPTH), text: t("web-puzzle-see-tree") })) : null].filter(Boolean));  // (a part left out is null, not the word)
}

// ------------------------------------------------------------------ wiring

function wire() {
  document.addEventListener("click", (e) => {  // the page's own addresses open without a reload
    const a = e.target.closest("a[href]");
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    const href = a.getAttribute("href");
    if (!/^\/(analysis|exam|puzzle)/.test(href)) return;
    e.preventDefault();
    go(href);
  });
  window.addEventListener("popstate", render);
  $("study-game").addEventListener("change", () => {
    const schema = schemaOf($("study-game").value);
    $("study-about").textContent = about(schema);
    paramFields($("study-params"), schema, "sp");
    $("study-moves").value = "";
  });
  $("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    const schema = schemaOf($("study-game").value);
    const r = St.route(location.pathname, location.search);
    go(St.analysisAddress(schema.name, paramsOf($("study-params"), schema), St.splitMoves($("study-moves").value), r.tree));
  });
  $("study-copy").addEventListener("click", () => {
    $("study-link").select();
    navigator.clipboard?.writeText($("study-link").value).then(() => notice(t("web-study-copied")), () => {});
  });
  const withTree = (depth) => {
    const r = St.route(location.pathname, location.search);
    go(St.analysisAddress(r.game, r.params, r.moves, depth));
  };
  $("tree-draw").addEventListener("click", () => withTree(Number($("tree-depth").value)));
  $("tree-depth").addEventListener("change", () => {
    if (St.route(location.pathname, location.search).tree !== null) withTree(Number($("tree-depth").value));
  });
  $("tree-open-all").addEventListener("click", () => document.querySelectorAll(".game-tree details").forEach((d) => { d.open = true; }));
  $("tree-close-all").addEventListener("click", () => document.querySelectorAll(".game-tree details").forEach((d) => { d.open = false; }));
  $("exam-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const params = {};
    for (const k of St.EXAM_KEYS) params[k] = $(`exam-${k}`).value.trim();
    go(St.examAddress(params));
  });
}

// The exam's game (`stones heaps=7,S ops=+1,*2, goal >=77, reach-wins`: the notation of `grundy exam`) with the
// form's words for its parts.
function examGame(text) {
  const m = /heaps=(\S+) ops=(\S+), goal (\S+), (\S+)$/.exec(text || "");
  if (language() === "en" || !m) return text;
  return t("web-exam-game", { heaps: m[1], ops: m[2], goal: m[3], rule: m[4] });
}

// A puzzle's number among its game's (`nim-2`: 2); a found puzzle's id (`g1`) as it is.
function puzzleLabel(z) {
  return z.id.startsWith(`${z.game}-`) ? z.id.slice(z.game.length + 1) : z.id;
}

// A puzzle's task in the page's language (the node's English words in English).
function puzzleTask(z) {
  if (language() === "en" && z.task) return z.task;
  return saidText(z.task_said) || t("web-puzzle-task", { game: gameName(z.game) });
}

wire();
initLanguage().catch((e) => console.warn(e)).finally(() => {
  languageMenu($("lang"));
  onLanguage(() => render());
  render();
  link.open();  // (after the language is known: a signed-in player's hello carries it)
});
S.ready = ask({ type: "list_games" }).then((msg) => {
  if (msg.refused) notice(t("web-study-no-catalog", { why: msg.refused }), true);
  S.games = msg.games || [];
});
