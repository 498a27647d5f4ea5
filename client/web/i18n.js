// The page's words: the same Fluent catalogs as every other client (protocol/locales/<lang>/grundy.ftl),
// fetched from the node (/locales/<lang>.ftl) and rendered here by a small interpreter of the Fluent
// subset the catalogs use: text over several lines, { $var }, { "literal" }, { NUMBER($n, opts) } and
// selects ({ $n -> [one] ... *[other] ... }) whose numeric selectors go through Intl.PluralRules.
// Numbers are formatted by Intl.NumberFormat in the page's language.  A message the language lacks
// (or cannot format) is said in English; never an empty string or a message id (docs/LANGUAGES.md).

export const LANGS = ["en", "uk", "ru", "bg"];  // protocol.i18n.LANGS: English first, the fallback
const STORE_KEY = "grundy.lang";
const catalogs = new Map();  // lang -> Map(id -> pattern)
let current = "en";

// --------------------------------------------------------------------------- parsing

/** The messages of a Fluent source: Map(id -> pattern). */
export function parseFtl(source) {
  const messages = new Map();
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^([a-zA-Z][a-zA-Z0-9_-]*)\s*=\s?(.*)$/.exec(lines[i]);
    if (!m) continue;
    let block = m[2];
    while (i + 1 < lines.length && (/^(\s+\S|\})/.test(lines[i + 1]) || (lines[i + 1] === "" && /^\s+\S/.test(lines[i + 2] || "")))) {
      block += "\n" + lines[++i].replace(/^\s+/, "");
    }
    try {
      messages.set(m[1], parsePattern({ s: block.trim(), i: 0 }, false));
    } catch (e) {
      console.warn(`i18n: cannot read message ${m[1]}: ${e.message}`);
    }
  }
  return messages;
}

function parsePattern(p, inVariant) {
  const parts = [];
  let text = "";
  while (p.i < p.s.length) {
    const c = p.s[p.i];
    if (c === "{") {
      if (text) parts.push(text);
      text = "";
      parts.push(parsePlaceable(p));
    } else if (c === "}") {
      break;
    } else if (c === "\n") {
      const next = p.s[p.i + 1];
      if (inVariant && (next === "[" || next === "*" || next === "}")) break;
      text += "\n";
      p.i++;
    } else {
      text += c;
      p.i++;
    }
  }
  if (text) parts.push(text);
  return parts;
}

function skipBlank(p) {
  while (p.i < p.s.length && /\s/.test(p.s[p.i])) p.i++;
}

function expect(p, ch) {
  if (p.s[p.i] !== ch) throw new Error(`expected ${ch} at ${p.i}`);
  p.i++;
}

function parsePlaceable(p) {
  expect(p, "{");
  skipBlank(p);
  const expr = parseExpression(p);
  skipBlank(p);
  if (p.s.startsWith("->", p.i)) {
    p.i += 2;
    skipBlank(p);
    const variants = [];
    let fallback = 0;
    while (p.i < p.s.length && p.s[p.i] !== "}") {
      if (p.s[p.i] === "*") {
        fallback = variants.length;
        p.i++;
      }
      expect(p, "[");
      const end = p.s.indexOf("]", p.i);
      if (end < 0) throw new Error("a variant's key is not closed");
      const key = p.s.slice(p.i, end).trim();
      p.i = end + 1;
      while (p.s[p.i] === " ") p.i++;
      variants.push({ key, pattern: parsePattern(p, true) });
      skipBlank(p);
    }
    expect(p, "}");
    return { select: expr, variants, fallback };
  }
  expect(p, "}");
  return expr;
}

function parseExpression(p) {
  const rest = p.s.slice(p.i);
  let m;
  if (rest[0] === "\"") {
    let out = "";
    p.i++;
    while (p.i < p.s.length && p.s[p.i] !== "\"") {
      if (p.s[p.i] === "\\") p.i++;
      out += p.s[p.i++];
    }
    expect(p, "\"");
    return { literal: out };
  }
  if ((m = /^\$([a-zA-Z][a-zA-Z0-9_-]*)/.exec(rest))) {
    p.i += m[0].length;
    return { variable: m[1] };
  }
  if ((m = /^-?[0-9]+(\.[0-9]+)?/.exec(rest))) {
    p.i += m[0].length;
    return { number: Number(m[0]) };
  }
  if ((m = /^([A-Z][A-Z0-9_-]*)\(/.exec(rest))) {
    p.i += m[0].length;
    const positional = [];
    const named = {};
    skipBlank(p);
    while (p.s[p.i] !== ")") {
      const n = /^([a-zA-Z][a-zA-Z0-9_-]*)\s*:\s*/.exec(p.s.slice(p.i));
      if (n) {
        p.i += n[0].length;
        const v = parseExpression(p);
        named[n[1]] = v.number ?? v.literal;
      } else {
        positional.push(parseExpression(p));
      }
      skipBlank(p);
      if (p.s[p.i] === ",") p.i++;
      skipBlank(p);
    }
    p.i++;
    return { call: m[1], positional, named };
  }
  if ((m = /^-?[a-zA-Z][a-zA-Z0-9_-]*/.exec(rest))) {
    p.i += m[0].length;
    return { reference: m[0] };
  }
  throw new Error(`cannot read an expression at ${p.i}`);
}

// --------------------------------------------------------------------------- formatting

class Missing extends Error {}

function formatPattern(lang, pattern, args, depth = 0) {
  if (depth > 8) throw new Missing("references nest too deep");
  return pattern.map((part) => (typeof part === "string" ? part : formatPart(lang, part, args, depth))).join("");
}

function resolve(lang, expr, args, depth) {
  if ("literal" in expr) return expr.literal;
  if ("number" in expr) return expr.number;
  if ("variable" in expr) {
    if (!(expr.variable in args)) throw new Missing(`argument ${expr.variable} not given`);
    return args[expr.variable];
  }
  if ("call" in expr) {
    const value = resolve(lang, expr.positional[0], args, depth);
    if (expr.call === "NUMBER") return { number: Number(value), options: expr.named };
    throw new Missing(`no function ${expr.call}`);
  }
  const found = catalogs.get(lang)?.get(expr.reference);
  if (!found) throw new Missing(`no message ${expr.reference}`);
  return formatPattern(lang, found, args, depth + 1);
}

function show(lang, value) {
  if (value !== null && typeof value === "object") return new Intl.NumberFormat(lang, value.options).format(value.number);
  if (typeof value === "number") return new Intl.NumberFormat(lang).format(value);
  return String(value);
}

function formatPart(lang, part, args, depth) {
  if (!part.select) return show(lang, resolve(lang, part, args, depth));
  const value = resolve(lang, part.select, args, depth);
  const n = value !== null && typeof value === "object" ? value.number : value;
  let chosen = part.variants.find((v) => v.key === String(n));
  if (!chosen && typeof n === "number") {
    const category = new Intl.PluralRules(lang).select(n);
    chosen = part.variants.find((v) => v.key === category);
  }
  return formatPattern(lang, (chosen || part.variants[part.fallback]).pattern, args, depth + 1);
}

function render(lang, id, args) {
  const pattern = catalogs.get(lang)?.get(id);
  if (!pattern) return null;
  try {
    const text = formatPattern(lang, pattern, args);
    return text.trim() ? text : null;
  } catch (e) {
    if (!(e instanceof Missing)) throw e;
    console.warn(`i18n: ${lang} ${id}: ${e.message}`);
    return null;
  }
}

/** Message `id` in `lang` with `args`; English where that language lacks it. */
export function tIn(lang, id, args = {}) {
  return render(lang, id, args) ?? render("en", id, args) ?? render("en", "say-unknown", {}) ?? "…";
}

/** Message `id` in the page's language with `args`; English where that language lacks it. */
export function t(id, args = {}) {
  return tIn(current, id, args);
}

/** Whether the catalogs (English, the fallback) have message `id`. */
export function has(id) {
  return Boolean(catalogs.get("en")?.has(id));
}

/** Use the Fluent `source` as `lang`'s catalog (what loading it from the node does; the tests call it). */
export function addCatalog(lang, source) {
  catalogs.set(lang, parseFtl(source));
}

/** A game's name as it is taught in the page's language (`game-<name>`), its catalog name otherwise. */
export function gameName(name) {
  return catalogs.get("en")?.has(`game-${name}`) ? t(`game-${name}`) : name;
}

/** What a game is, in the page's language (`game-about-<name>`); the node's own words for a game the
 * catalogs do not describe. */
export function gameAbout(game) {
  return catalogs.get("en")?.has(`game-about-${game.name}`) ? t(`game-about-${game.name}`) : game.description;
}

/** A protocol `say` ({id, args}) in the page's language; `fallback` (the server's words) for an id the
 * catalogs do not have (a newer node).  An argument `X` given with `X_bot` names a hosted bot: said as
 * `lobby-bot` with that level; an argument `game` is a game's canonical name, said as the game is taught
 * (`game-<name>`; docs/PROTOCOL.md, section 3). */
export function tSay(say, fallback = "") {
  if (!say || !catalogs.get("en")?.has(say.id)) return fallback || t("say-unknown");
  const args = { ...(say.args || {}) };
  if ("game" in args) args.game = gameName(String(args.game));
  for (const key of Object.keys(args)) {
    const named = key.slice(0, -4);
    if (key.endsWith("_bot") && named in args) {
      args[named] = t("lobby-bot", { level: args[key] });
      delete args[key];
    }
  }
  return t(say.id, args);
}

// --------------------------------------------------------------------------- choosing the language

/** The language for a list of BCP 47 tags: the first whose primary language has a catalog, else English. */
export function pick(tags) {
  for (const tag of tags || []) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGS.includes(primary)) return primary;
  }
  return "en";
}

export function language() {
  return current;
}

function stored() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

async function load(lang) {
  if (catalogs.has(lang)) return;
  const response = await fetch(`/locales/${lang}.ftl`);
  if (!response.ok) throw new Error(`no catalog for ${lang} (${response.status})`);
  addCatalog(lang, await response.text());
}

/** Load the catalogs (the chosen language and English), say the page's words in it. */
export async function initLanguage() {
  const chosen = pick([stored(), ...(navigator.languages || [navigator.language])].filter(Boolean));
  await Promise.all(LANGS.map((lang) => load(lang).catch((e) => console.warn(`i18n: ${e.message}`))));
  await setLanguage(chosen, false);
}

const listeners = [];

/** Call `fn` (again) whenever the language changes. */
export function onLanguage(fn) {
  listeners.push(fn);
}

/** Speak `lang` from now on (remembered in this browser when `remember`). */
export async function setLanguage(lang, remember = true) {
  lang = LANGS.includes(lang) ? lang : "en";
  try {
    await load(lang);
  } catch (e) {
    console.warn(`i18n: ${e.message}`);
    lang = "en";
  }
  current = lang;
  if (remember) {
    try {
      localStorage.setItem(STORE_KEY, lang);
    } catch { /* private mode: the choice lasts this visit */ }
  }
  document.documentElement.lang = lang;
  translate(document);
  for (const fn of listeners) fn(lang);
}

// An attribute said by a message of its own, beside the element's text: data-l10n-title names the title's, and so on.
const ATTRS = { l10nTitle: "title", l10nLabel: "aria-label", l10nPlaceholder: "placeholder" };

/** Say every element under `root` that names a message (data-l10n-id; data-l10n-args as JSON): its text,
 * or the attributes listed in data-l10n-attr (placeholder, title, aria-label); and the attributes named by
 * data-l10n-title, data-l10n-label and data-l10n-placeholder, each by its own message. */
export function translate(root) {
  for (const [key, attr] of Object.entries(ATTRS)) {
    const name = `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    for (const node of root.querySelectorAll(`[${name}]`)) node.setAttribute(attr, t(node.dataset[key]));
  }
  for (const node of root.querySelectorAll("[data-l10n-id]")) {
    let args = {};
    if (node.dataset.l10nArgs) {
      try {
        args = JSON.parse(node.dataset.l10nArgs);
      } catch { /* no arguments */ }
    }
    const text = t(node.dataset.l10nId, args);
    const attrs = node.dataset.l10nAttr;
    if (attrs) for (const a of attrs.split(",")) node.setAttribute(a.trim(), text);
    else node.textContent = text;
  }
}

/** The language menu: one option per catalog, each named in its own language. */
export function languageMenu(select) {
  select.replaceChildren(...LANGS.filter((lang) => catalogs.has(lang)).map((lang) => {
    const option = document.createElement("option");
    option.value = lang;
    option.textContent = render(lang, "lang-name", {}) || lang;
    return option;
  }));
  select.value = current;
  select.addEventListener("change", () => setLanguage(select.value));
}
