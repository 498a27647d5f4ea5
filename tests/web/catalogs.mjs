// The English catalog for the page's modules tested in node: every .ftl of protocol/locales/en, grundy.ftl
// first, then the others by name (as protocol/i18n.py and the node's /locales/en.ftl read them).
import { readdirSync, readFileSync } from "node:fs";

import { addCatalog } from "../../client/web/i18n.js";

export function loadCatalog(lang = "en") {
  const dir = new URL(`../../protocol/locales/${lang}/`, import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".ftl")).sort((a, b) => (a === "grundy.ftl" ? -1 : b === "grundy.ftl" ? 1 : a.localeCompare(b)));
  addCatalog(lang, files.map((f) => readFileSync(new URL(f, dir), "utf-8")).join("\n"));
}

loadCatalog("en");
