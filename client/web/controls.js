// What the page shows by the board before the first move, and how it offers Hint: the same rule as
// the terminal's and pygame's (client/controls.py and client/hints.py, word for word;
// tests/web/test_controls.py holds the two to the same answers).
import { language, t } from "./i18n.js";


export const RATED = "web-hint-rated";  // its message

// The first sentence of the game's words on its notation (backticks dropped).
export function firstSentence(words) {
  const plain = words.replaceAll("`", "").trim();
  const end = plain.indexOf(". ");
  return end < 0 ? plain : plain.slice(0, end + 1);
}

// The lines shown before the first move: an example from the position, the game's own words.
export function notationLines(notation, legal) {
  const lines = [];
  const example = (legal || []).slice(0, 2);
  if (example.length) lines.push(t("web-hint-notation", { moves: example.join(", ") }));
  if (notation) lines.push(firstSentence(notation));
  return lines;
}

// Why no hint can be given now, in words; null when one can.
export function hintRefusal({ game, you, status, rated, hidden, turn, names, hasBot }) {
  if (you === null || you === undefined) return t("web-hint-spectators");
  if (status !== "playing") return t("web-hint-in-progress");
  if (rated) return t(RATED);
  if (hidden) return t("web-hint-hidden", { game });
  if (turn !== you) {
    const who = turn !== null && turn !== undefined && turn >= 0 && turn < names.length ? names[turn] : "?";
    return t("web-hint-your-turn", { name: who });
  }
  if (!hasBot) {
    const others = names.filter((_, i) => i !== you);
    return t("web-hint-against", { names: others.length ? new Intl.ListFormat(language(), { type: "conjunction" }).format(others) : t("web-hint-nobody") });
  }
  return null;
}

// How the Hint control is shown: ["enabled" | "disabled" | "hidden", why or null].  Hidden where a hint
// can never come in this game (a spectator, rated, hidden information, no hosted bot), disabled while
// it can only wait (not started, over, not your turn).
export function hintControl(args) {
  const why = hintRefusal(args);
  if (why === null) return ["enabled", null];
  const { you, rated, hidden, hasBot } = args;
  if (you === null || you === undefined || rated || hidden || !hasBot) return ["hidden", why];
  return ["disabled", why];
}
