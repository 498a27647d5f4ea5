// A finished game's record: opened in a dialog, and downloaded in each format `grundy export` writes.
// The node writes them (`get_record {room, format}`, the same code as the export command), and says which
// formats a record can be written in (`formats`), so the page knows nothing of any game here.
import { el } from "./boards.js";
import { language, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SUFFIX = { jsonl: "jsonl", text: "txt", pgn: "pgn", psq: "psq" };
const LABEL = { jsonl: "JSON", pgn: "PGN", psq: ".psq" };  // text: its word from the catalogs

let ctx = null; // {ask(msg), notice(text, error)}
const formats = new Map(); // room id -> the formats its record can be written in

async function formatsOf(room) {
  if (!formats.has(room)) {
    const reply = await ctx.ask({ type: "get_record", room });
    if (!reply) return [];
    formats.set(room, reply.formats || []);
  }
  return formats.get(room);
}

// The record of `room` in `format`, as text (null when refused: the notice says why).
async function recordText(room, format) {
  const reply = await ctx.ask({ type: "get_record", room, format });
  return reply ? reply.text : null;
}

export async function downloadRecord(room, format) {
  const text = await recordText(room, format);
  if (text === null) return;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = el("a", { href: url, download: `${room}.${SUFFIX[format] || format}` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const downloadButtons = (room, list) =>
  list.map((f) => el("button", { type: "button", class: "small", "data-download": f, text: t("web-record-download", { format: f === "text" ? t("web-record-as-text") : LABEL[f] || f }),
    title: t("web-record-download-title", { format: f }), onclick: () => downloadRecord(room, f) }));

// Open the record of `room` (readable text) in the record dialog, with its downloads.
export async function openRecord(room) {
  const [text, list] = await Promise.all([recordText(room, "text"), formatsOf(room)]);
  if (text === null) return;
  $("record-title").textContent = t("web-record-of", { room });
  $("record-text").textContent = text;
  $("record-downloads").replaceChildren(...downloadButtons(room, list));
  const dialog = $("record-dialog");
  if (!dialog.open) dialog.showModal();
}

let shownFor = null;

// The room view's record buttons: shown once the game has ended.
export function drawRecordActions(room) {
  const box = $("record-actions");
  const ended = room && (room.status === "finished" || room.status === "aborted");
  box.hidden = !ended;
  const key = `${room && room.room} ${language()}`;  // drawn again in another language
  if (!ended || shownFor === key) return;
  shownFor = key;
  const open = el("button", { type: "button", class: "small", id: "open-record", text: t("web-record-open"),
    onclick: () => openRecord(room.room) });
  box.replaceChildren(open);
  formatsOf(room.room).then((list) => {
    if (shownFor === key) box.replaceChildren(open, ...downloadButtons(room.room, list));
  });
}

export function initRecords(deps) {
  ctx = deps;
  $("record-close").addEventListener("click", () => $("record-dialog").close());
}
