/**
 * Shows pack documents the way Foundry's sheets and directories would: names (plain-text fields)
 * as text, HTML fields as HTML appended the jQuery way (scripts in them would run). Used by the
 * XSS test to prove the author text in a built module stays inert.
 * @module harness/render
 */

import { appendHTML } from "./foundry/utils.mjs";

/** HTML fields of core documents (v12 `text`, v13 `description` for table results). */
const CORE_HTML_FIELDS = Object.freeze({
  RollTable: ["description"],
  TableResult: ["text", "description"],
  JournalEntryPage: ["text.content"],
  ActiveEffect: ["description"],
});

/** module.json `documentTypes` htmlFields, which are paths inside `system`. */
function moduleHtmlFields(manifest, doc) {
  const [owner, subtype] = String(doc.type ?? "").split(".");
  if (owner !== manifest.id) return [];
  const fields = manifest.documentTypes?.[doc.documentName]?.[subtype]?.htmlFields ?? [];
  return fields.map((f) => `system.${f}`);
}

function field(doc, path) {
  return path.split(".").reduce((value, part) => value?.[part], doc);
}

/**
 * @param {HTMLElement} parent
 * @param {object} manifest
 * @param {object} doc
 * @returns {{uuid: string, name: string|undefined, shown: string|null}[]}
 */
function renderDocument(parent, manifest, doc) {
  const article = parent.appendChild(document.createElement("article"));
  article.dataset.uuid = doc.uuid;
  const title = article.appendChild(document.createElement("h3"));
  title.textContent = doc.name ?? "";
  const paths = [...(CORE_HTML_FIELDS[doc.documentName] ?? []), ...moduleHtmlFields(manifest, doc)];
  for (const path of paths) {
    const html = field(doc, path);
    if (typeof html !== "string") continue;
    const box = article.appendChild(document.createElement("div"));
    box.className = "html-field";
    box.dataset.field = path;
    appendHTML(box, html);
  }
  const shown = [{ uuid: doc.uuid, name: doc.name, shown: doc.name === undefined ? null : title.textContent }];
  for (const collection of Object.keys(doc.constructor.embedded)) {
    for (const child of doc[collection]) shown.push(...renderDocument(article, manifest, child));
  }
  return shown;
}

/**
 * Render the module's title and description, then every document of every pack.
 * @param {object} manifest
 * @returns {Promise<{uuid: string, name: string|undefined, shown: string|null}[]>}
 */
export async function renderDocuments(manifest) {
  const root = document.getElementById("documents");
  const header = root.appendChild(document.createElement("header"));
  header.appendChild(document.createElement("h2")).textContent = manifest.title;
  appendHTML(header.appendChild(document.createElement("div")), manifest.description ?? "");
  const shown = [{ uuid: `module.${manifest.id}`, name: manifest.title, shown: header.firstChild.textContent }];
  for (const pack of game.packs) {
    const section = root.appendChild(document.createElement("section"));
    section.appendChild(document.createElement("h2")).textContent = pack.metadata.label;
    for (const doc of await pack.getDocuments()) shown.push(...renderDocument(section, manifest, doc));
  }
  return shown;
}
