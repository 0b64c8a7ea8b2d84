/**
 * Installs the Foundry globals and boots one module as Foundry v12/v13 would: globals first, the
 * module's `esmodules` imported in order, then `init`, language files, packs and world
 * documents, `setup`, `ready`. To stand in for more of the API, add the member to the stand-in
 * file it belongs to, or a new global to `GLOBALS` below.
 *
 * The world runs one game system (`worldbuilding` unless the test says otherwise), and Foundry's
 * package rules for it are applied: an Actor or Item pack loads only in a world of its `system`
 * (foundryvtt/foundryvtt#12649) and must name one; pack names and paths are unique (#9560); a
 * module whose `relationships.systems` is non-empty cannot be enabled in a world of another
 * system (#10385); pf2e refuses module Actor and Item sub-types (foundryvtt/pf2e#14795), so such
 * world documents stay unloaded there. Users: the GM unless the test stages several
 * (`stage.mjs`), with who is logged in (`active`), `game.users.activeGM` and `game.socket`.
 * @module harness/foundry/game
 */

import {
  ActorSheetV2, ApplicationV2, DialogV2, DocumentSheetV2, HandlebarsApplicationMixin, ItemSheetV2,
} from "./applications.mjs";
import { emptyCanvas } from "./canvas.mjs";
import { ChatMessage } from "./chat.mjs";
import "./combat.mjs";
import "./macro.mjs";
import { installClipboard } from "./clipboard.mjs";
import { Collection } from "./collection.mjs";
import { Die, FateDie, NumericTerm, OperatorTerm, Roll } from "./dice.mjs";
import { DOCUMENT_CLASSES } from "./documents.mjs";
import { DataModel, FIELDS, TypeDataModel } from "./fields.mjs";
import { Hooks } from "./hooks.mjs";
import { ClientKeybindings } from "./keybindings.mjs";
import { Localization } from "./i18n.mjs";
import { Notifications } from "./notifications.mjs";
import { CompendiumCollection } from "./packs.mjs";
import { applicationNamespaces, installMovedGlobals, RELEASES, utilsNamespace } from "./release.mjs";
import { ClientSettings } from "./settings.mjs";
import { WorldCollection } from "./scenes.mjs";
import { Socket } from "./socket.mjs";
import { CombatTracker } from "./tracker.mjs";
import { addDesignatedUser, Users } from "./users.mjs";
import { fromUuid } from "./uuid.mjs";
import { getProperty, getRoute, setProperty } from "./utils.mjs";

/** The logged-in user: a GM without an assigned character. */
export const USER = Object.freeze({ _id: "harnessUser00001", name: "Gamemaster", role: 4 });
/** CONST.SYSTEM_SPECIFIC_COMPENDIUM_TYPES (v13): packs that load only in worlds of their system. */
const SYSTEM_SPECIFIC = Object.freeze(["Actor", "Item"]);

/**
 * The world's rules about documents: pf2e's actor and item proxies refuse module sub-types
 * ("Actor type ${type} does not exist and actor module sub-types are not supported").
 * @param {string} system
 */
function worldFor(system) {
  return {
    id: "harness",
    checkType(doc) {
      if (system !== "pf2e" || !["Actor", "Item"].includes(doc.documentName) || !String(doc.type).includes(".")) return;
      const kind = doc.documentName.toLowerCase();
      throw new Error(`${doc.documentName} type ${doc.type} does not exist and ${kind} module sub-types are not supported`);
    },
  };
}

function buildConfig() {
  const config = { debug: { hooks: false }, Dice: { rolls: [Roll], terms: { d: Die, f: FateDie } } };
  for (const [name, cls] of Object.entries(DOCUMENT_CLASSES)) {
    config[name] = { documentClass: cls, dataModels: {}, typeLabels: {}, sheetClasses: {} };
  }
  return config;
}

function buildGame(manifest, release, system) {
  const game = {
    ready: false,
    release,
    version: `${release.generation}.${release.build}`,
    system: { id: system },
    world: worldFor(system),
    modules: new Collection([[manifest.id, { ...manifest, active: true }]]),
    i18n: new Localization("en"),
    settings: new ClientSettings(release.generation),
    keybindings: new ClientKeybindings(),
    // Connected before `init`, as Foundry's client is.
    socket: new Socket(),
  };
  game.settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
  return game;
}

/** Every global the stand-ins provide; a new one is one more line here. */
function globalsFor(manifest, release, system) {
  return {
    CONFIG: buildConfig(),
    game: buildGame(manifest, release, system),
    ui: { notifications: new Notifications(release.generation), combat: new CombatTracker() },
    Hooks,
    Roll,
    ChatMessage,
    fromUuid,
    ...DOCUMENT_CLASSES,
    foundry: {
      utils: { Collection, getProperty, getRoute, setProperty, ...utilsNamespace(release.generation) },
      dice: { Roll, terms: { Die, FateDie, NumericTerm, OperatorTerm } },
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

/**
 * The module's manifest as Foundry's package checks read it: pack names and paths unique, Actor
 * and Item packs naming a system; refused in a world whose system its `relationships.systems`
 * does not list.
 */
function checkManifest(manifest) {
  const packs = manifest.packs ?? [];
  for (const key of ["name", "path"]) {
    const values = packs.map((p) => p[key]);
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) throw new Error(`${manifest.id}: two packs share the ${key} "${twice}"`);
  }
  const unsystemed = packs.find((p) => SYSTEM_SPECIFIC.includes(p.type) && typeof p.system !== "string");
  if (unsystemed) throw new Error(`${manifest.id}: the ${unsystemed.type} pack "${unsystemed.name}" must designate a system`);
  const systems = (manifest.relationships?.systems ?? []).map((s) => s.id);
  if (systems.length && !systems.includes(game.system.id)) {
    throw new Error(`${manifest.id} cannot be enabled in a ${game.system.id} world: it supports ${systems.join(", ")}`);
  }
}

/**
 * game.packs from module.json's pack entries and the decoded pack documents: an Actor or Item
 * pack only in a world of its system.
 */
function buildPacks(manifest, sources) {
  const packs = new Collection();
  for (const entry of manifest.packs ?? []) {
    if (SYSTEM_SPECIFIC.includes(entry.type) && entry.system !== game.system.id) continue;
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
 * v13's interface theme: `theme-dark` or `theme-light` on `body`, from the user's colour scheme
 * (foundryvtt/foundryvtt#10486); v12 has no themes and sets neither class.
 * @param {number} generation
 * @param {string|undefined} theme
 */
function applyTheme(generation, theme) {
  if (generation < 13) {
    if (theme !== undefined) throw new Error("harness: Foundry v12 has no interface themes");
    return;
  }
  if (!["dark", "light", undefined].includes(theme)) throw new Error(`harness: no theme ${theme}`);
  document.body.classList.add(`theme-${theme ?? "dark"}`);
}

/** World documents as Foundry loads them: one its system refuses stays out (`invalidDocumentIds`). */
function loadWorld(cls, sources) {
  const collection = new Collection();
  collection.invalidDocumentIds = new Set();
  for (const source of sources) {
    try {
      const doc = new cls(source);
      collection.set(doc.id, doc);
    } catch (error) {
      if (game.system.id !== "pf2e") throw error;
      collection.invalidDocumentIds.add(source._id);
    }
  }
  return collection;
}

/**
 * Boot one built module from `/modules/<id>/` with world data from `/world/<id>/`.
 * @param {string} moduleId
 * @param {{generation?: number, system?: string, theme?: string}} [options]  the Foundry
 *   generation to stand in for (12 or 13), the world's game system and, on v13, the interface
 *   theme ("dark" or "light")
 * @returns {Promise<object>} the module's manifest
 */
export async function boot(moduleId, { generation = 12, system = "worldbuilding", theme } = {}) {
  const release = RELEASES[generation];
  if (!release) throw new Error(`harness: no stand-ins for Foundry ${generation}`);
  applyTheme(generation, theme);
  const base = new URL(`/modules/${moduleId}/`, location.origin);
  const manifest = await getJSON(new URL("module.json", base));
  const world = new URL(`/world/${moduleId}/`, location.origin);
  Object.assign(globalThis, globalsFor(manifest, release, system));
  globalThis.canvas = emptyCanvas();
  checkManifest(manifest);
  installMovedGlobals(generation);
  installClipboard();
  addStyles(base, manifest);
  for (const path of manifest.esmodules ?? []) await import(new URL(path, base).href);
  Hooks.callAll("init");
  const languages = (manifest.languages ?? []).filter((l) => l.lang === game.i18n.lang);
  await game.i18n.load(languages.map((l) => new URL(l.path, base).href));
  Hooks.callAll("i18nInit");
  game.packs = buildPacks(manifest, await getJSON(new URL("packs.json", world)));
  const user = new DOCUMENT_CLASSES.User({ ...USER, character: null, _active: true });
  game.users = new Users([[user.id, user]]);
  if (generation >= 13) addDesignatedUser(game.users);
  game.user = user;
  user.targets = new Set();
  game.actors = loadWorld(DOCUMENT_CLASSES.Actor, await getJSON(new URL("actors.json", world)));
  game.items = new Collection();
  game.folders = new Collection();
  game.messages = new Collection();
  game.combat = null;
  game.combats = new Collection();
  game.scenes = new WorldCollection("Scene");
  game.journal = new Collection();
  // Game#setupGame: the keyboard's bindings are set up after init; no keybinding registers since.
  game.keybindings.initialize();
  Hooks.callAll("setup");
  game.ready = true;
  Hooks.callAll("ready");
  return manifest;
}
