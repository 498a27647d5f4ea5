// The parts the challenge and tournament forms share: a game's parameter fields from the node's schema, the
// parameters read back (only those that differ from the defaults), the clocks offered, and seat counts.
import { el } from "./boards.js";
import { gameAbout, gameName, has, language, t } from "./i18n.js";

export const CLOCKS = [["", "untimed"], ["30+0", "30s+0"], ["60+0", "1+0"], ["180+2", "3+2"], ["300+3", "5+3"], ["600+5", "10+5"]];

// Fill a <select> with the clocks offered.
export function fillClocks(select) {
  select.replaceChildren(...CLOCKS.map(([value, text]) => (value ? el("option", { value, text })
    : el("option", { value, text: t("web-untimed"), "data-l10n-id": "web-untimed" }))));
}

// The chosen clock as a TimeControl, or null (untimed).
export function clockOf(select) {
  if (!select.value) return null;
  const [initial, inc] = select.value.split("+").map(Number);
  return { initial_s: initial, increment_s: inc };
}

// Fill a <select> with games (names), keeping the one chosen when it is still offered.
export function fillGames(select, games) {
  const chosen = select.value;
  select.replaceChildren(...games.map((g) => el("option", { value: g.name, text: gameName(g.name) })));
  if (games.some((g) => g.name === chosen)) select.value = chosen;
}

// A labelled input per parameter of `schema` (a hidden layout's seed is the node's to pick).
export function paramFields(box, schema, prefix) {
  box.replaceChildren();
  if (!schema) return;
  for (const p of schema.parameters) {
    if (p.name === "seed") continue;
    let input;
    const choices = p.choices || p.allowed;
    if (p.type === "bool") input = el("input", { type: "checkbox", checked: p.default === true });
    else if (Array.isArray(choices) && choices.length > 0 && choices.length <= 40) {
      input = el("select", {}, ...choices.map((c) => el("option", { value: String(c), text: String(c) })));
      input.value = String(p.default);
    } else if (p.type === "int") input = el("input", { type: "number", min: p.min, max: p.max, value: p.default ?? "" });
    else {
      const value = Array.isArray(p.default) ? p.default.join(",") : p.default ?? "";
      input = el("input", { type: "text", value, placeholder: p.optional ? t("web-param-optional") : "", autocomplete: "off" });
    }
    input.dataset.param = p.name;
    input.id = `${prefix}-${p.name}`;
    const about = paramAbout(schema.name, p);
    input.title = about;
    box.append(el("label", { for: input.id, title: about }, `${paramName(schema.name, p.name)} `, input));
  }
}

// A parameter's name in the page's language (`param-<game>-<name>`), else its key (the notation of `--set`).
export function paramName(game, name) {
  return has(`param-${game}-${name}`) ? t(`param-${game}-${name}`) : name;
}

// What a parameter takes: the node's help (English) in English; in another language its values where they are
// notation alone (numbers, ranges), else nothing.
export function paramAbout(game, p) {
  if (language() === "en") return [p.help, p.allowed].filter(Boolean).join(": ");
  return p.allowed && !/[A-Za-z]{2}/.test(String(p.allowed)) ? String(p.allowed) : "";
}

// The parameters typed in `box` that differ from the defaults, numbers as numbers.
export function paramsOf(box, schema) {
  const params = {};
  if (!schema) return params;
  for (const input of box.querySelectorAll("[data-param]")) {
    const p = schema.parameters.find((q) => q.name === input.dataset.param);
    if (!p) continue;
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.value.trim() === "") continue;
    else value = input.value.trim();
    const plain = Array.isArray(p.default) ? p.default.join(",") : String(p.default);
    if (String(value) !== plain) params[p.name] = p.type === "int" && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return params;
}

// How many seats `schema`'s game has with `params` (a game of a range of seats reads `players`).
export function seatsOf(schema, params) {
  if (!Array.isArray(schema.seats)) return schema.seats;
  const n = Number(params.players ?? schema.parameters.find((q) => q.name === "players")?.default ?? schema.seats[0]);
  return Number.isFinite(n) ? n : schema.seats[0];
}

// Whether a game of the catalog can be played by two (tournaments pair two entrants).
export function twoSeats(schema) {
  const seats = schema.seats ?? 2;
  return Array.isArray(seats) ? seats.length > 0 && seats[0] <= 2 && 2 <= seats[seats.length - 1] : seats === 2;
}

// The game described with its seats: "Take objects from heaps… (2 players)".
export function about(schema) {
  if (!schema) return "";
  const seats = Array.isArray(schema.seats) ? t("web-players-range", { lo: schema.seats[0], hi: schema.seats[1] })
    : t("web-players-n", { n: schema.seats });
  return `${gameAbout(schema)} (${seats})`;
}
