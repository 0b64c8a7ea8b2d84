/**
 * Installs the Foundry globals and boots one module as Foundry v12/v13 would: globals first, the
 * module's `esmodules` imported in order, then `init`, language files, packs and world
 * documents, `setup`, `ready`. To stand in for more of the API, add the member to the stand-in
 * file it belongs to, or a new global to `GLOBALS` below.
 * @module harness/foundry/game
 */

import {
  ActorSheetV2, ApplicationV2, DialogV2, DocumentSheetV2, HandlebarsApplicationMixin, ItemSheetV2,
} from "./applications.mjs";
import { emptyCanvas } from "./canvas.mjs";
import { ChatMessage } from "./chat.mjs";
import "./combat.mjs";
import { installClipboard } from "./clipboard.mjs";
import { Collection } from "./collection.mjs";
import { Die, NumericTerm, OperatorTerm, Roll } from "./dice.mjs";
import { DOCUMENT_CLASSES } from "./documents.mjs";
import { DataModel, FIELDS, TypeDataModel } from "./fields.mjs";
import { Hooks } from "./hooks.mjs";
import { Localization } from "./i18n.mjs";
import { Notifications } from "./notifications.mjs";
import { CompendiumCollection } from "./packs.mjs";
import { applicationNamespaces, installMovedGlobals, RELEASES, utilsNamespace } from "./release.mjs";
import { ClientSettings } from "./settings.mjs";
import { fromUuid } from "./uuid.mjs";
import { getProperty, setProperty } from "./utils.mjs";

/** The logged-in user: a GM without an assigned character. */
export const USER = Object.freeze({ _id: "harnessUser00001", name: "Gamemaster", role: 4 });

function buildConfig() {
  const config = { debug: { hooks: false }, Dice: { rolls: [Roll], terms: { d: Die } } };
  for (const [name, cls] of Object.entries(DOCUMENT_CLASSES)) {
    config[name] = { documentClass: cls, dataModels: {}, typeLabels: {}, sheetClasses: {} };
  }
  return config;
}

function buildGame(manifest, release) {
  const game = {
    ready: false,
    release,
    version: `${release.generation}.${release.build}`,
    system: { id: "worldbuilding" },
    world: { id: "harness" },
    modules: new Collection([[manifest.id, { ...manifest, active: true }]]),
    i18n: new Localization("en"),
    settings: new ClientSettings(),
  };
  game.settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
  return game;
}

/** Every global the stand-ins provide; a new one is one more line here. */
function globalsFor(manifest, release) {
  return {
    CONFIG: buildConfig(),
    game: buildGame(manifest, release),
    ui: { notifications: new Notifications() },
    Hooks,
    canvas: emptyCanvas(),
    Roll,
    ChatMessage,
    fromUuid,
    ...DOCUMENT_CLASSES,
    foundry: {
      utils: { Collection, getProperty, setProperty, ...utilsNamespace(release.generation) },
      dice: { Roll, terms: { Die, NumericTerm, OperatorTerm } },
      data: { fields: { ...FIELDS } },
      abstract: { DataModel, TypeDataModel },
      applications: {
        api: { ApplicationV2, DialogV2, DocumentSheetV2, HandlebarsApplicationMixin },
        sheets: { ItemSheetV2, ActorSheetV2 },
        ...applicationNamespaces(release.generation),
      },
    },
  };
}

async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** game.packs from module.json's pack entries and the decoded pack documents. */
function buildPacks(manifest, sources) {
  const packs = new Collection();
  for (const entry of manifest.packs ?? []) {
    const id = `${manifest.id}.${entry.name}`;
    const metadata = { ...entry, id, packageName: manifest.id, packageType: "module" };
    packs.set(id, new CompendiumCollection(metadata, sources[entry.name] ?? []));
  }
  return packs;
}

function addStyles(base, manifest) {
  for (const path of manifest.styles ?? []) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(path, base).href;
    document.head.append(link);
  }
}

/**
 * Boot one built module from `/modules/<id>/` with world data from `/world/<id>/`.
 * @param {string} moduleId
 * @param {{generation?: number}} [options]  the Foundry generation to stand in for (12 or 13)
 * @returns {Promise<object>} the module's manifest
 */
export async function boot(moduleId, { generation = 12 } = {}) {
  const release = RELEASES[generation];
  if (!release) throw new Error(`harness: no stand-ins for Foundry ${generation}`);
  const base = new URL(`/modules/${moduleId}/`, location.origin);
  const manifest = await getJSON(new URL("module.json", base));
  const world = new URL(`/world/${moduleId}/`, location.origin);
  Object.assign(globalThis, globalsFor(manifest, release));
  installMovedGlobals(generation);
  installClipboard();
  addStyles(base, manifest);
  for (const path of manifest.esmodules ?? []) await import(new URL(path, base).href);
  Hooks.callAll("init");
  const languages = (manifest.languages ?? []).filter((l) => l.lang === game.i18n.lang);
  await game.i18n.load(languages.map((l) => new URL(l.path, base).href));
  Hooks.callAll("i18nInit");
  game.packs = buildPacks(manifest, await getJSON(new URL("packs.json", world)));
  const user = new DOCUMENT_CLASSES.User({ ...USER, character: null });
  game.users = new Collection([[user.id, user]]);
  game.user = user;
  user.targets = new Set();
  const actors = (await getJSON(new URL("actors.json", world))).map((a) => new DOCUMENT_CLASSES.Actor(a));
  game.actors = new Collection(actors.map((a) => [a.id, a]));
  game.messages = new Collection();
  game.combat = null;
  game.journal = new Collection();
  Hooks.callAll("setup");
  game.ready = true;
  Hooks.callAll("ready");
  return manifest;
}
