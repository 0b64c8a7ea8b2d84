/**
 * Live reload (issue 15): with the client setting `liveReload` on, this browser reloads itself
 * once whenever `rulepack build` (or `build --watch`) publishes a new build of the module.
 *
 * Every build writes `build.json` into the module folder: a digest of the whole module and one
 * per pack. Foundry's server serves the module folder as static files, so the page polls that
 * file (`cache: "no-store"`) every `POLL_MS`; when the digest differs from the one the page
 * started with, it reloads, and Foundry (which serves every file `Cache-Control: no-cache` since
 * 11.302, foundryvtt/foundryvtt#9642) hands it the new scripts, templates, styles and strings.
 * Packs are the server's: it opened their LevelDB folders when the world launched and reads the
 * new ones only at the next launch, so when a pack changed the reloaded page says so once, to a
 * GM, naming the packs (Return to Setup, then Launch World).
 *
 * A polled file, not a socket signal: the build is no Foundry client, and the module socket only
 * relays what a logged-in client emits; nor Foundry's own `hotReload` flag, which covers styles,
 * templates and strings only and watches files in place, while a build swaps the whole folder.
 * The setting is per browser (`client`): a reload is the author's choice for their own tab, never
 * pressed on the players at the table.
 * @module foundry/live-reload
 */

import { MODULE_ID } from "../config.mjs";
import * as notices from "./notices.mjs";

/** The setting key, as `game.settings.get(MODULE_ID, key)` reads it. */
export const LIVE_RELOAD = "liveReload";
/** How often an enabled page asks for the build stamp. */
export const POLL_MS = 1000;
/** Where the page that reloads leaves the names of the packs that changed, for after the reload. */
const PENDING_KEY = `${MODULE_ID}.liveReload.packs`;

/**
 * @typedef {object} BuildStamp
 * @property {string} build                   a digest of the whole module as built
 * @property {Record<string, string>} packs   a digest of each pack's records, by pack name
 */

/** @type {{stamp: BuildStamp | null, timer: ReturnType<typeof setInterval> | null}} */
const state = { stamp: null, timer: null };

/** The build stamp now published, or null when it cannot be read now. */
async function publishedStamp() {
  const url = foundry.utils.getRoute(`modules/${MODULE_ID}/build.json`);
  const response = await fetch(url, { cache: "no-store" });
  if ( !response.ok ) return null;
  /** @type {BuildStamp} */
  const stamp = await response.json();
  return stamp;
}

/**
 * The packs whose records differ between two stamps.
 * @param {BuildStamp} before
 * @param {BuildStamp} after
 * @returns {string[]}
 */
function changedPacks(before, after) {
  const names = new Set([...Object.keys(before.packs), ...Object.keys(after.packs)]);
  return [...names].filter(name => before.packs[name] !== after.packs[name]).sort();
}

async function poll() {
  const stamp = await publishedStamp().catch(() => null);  // a folder mid-swap: the next poll
  if ( !stamp ) return;
  if ( !state.stamp ) {
    state.stamp = stamp;
    return;
  }
  if ( stamp.build === state.stamp.build ) return;
  stop();
  const packs = changedPacks(state.stamp, stamp);
  if ( packs.length ) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(packs));
  window.location.reload();
}

function start() {
  if ( state.timer !== null ) return;
  state.stamp = null;
  state.timer = setInterval(poll, POLL_MS);
  poll();
}

function stop() {
  if ( state.timer !== null ) clearInterval(state.timer);
  state.timer = null;
}

/** Tell a GM, once, which packs the last live reload could not bring in. */
function notePendingPacks() {
  const pending = window.sessionStorage.getItem(PENDING_KEY);
  if ( pending === null ) return;
  window.sessionStorage.removeItem(PENDING_KEY);
  if ( !game.user?.isGM ) return;
  /** @type {string[]} */
  const names = JSON.parse(pending);
  const packs = names.map(name => `${MODULE_ID}.${name}`).join(", ");
  notices.info(game.i18n.format("RULEPACK.LiveReload.Packs", { packs }));
}

/** Register the setting (on `init`) and start polling on `ready` when it is on. */
export function registerLiveReload() {
  game.settings.register(MODULE_ID, LIVE_RELOAD, {
    name: "RULEPACK.Settings.LiveReload.Name", hint: "RULEPACK.Settings.LiveReload.Hint",
    scope: "client", config: true, type: Boolean, default: false,
    onChange: (/** @type {unknown} */ on) => (on === true ? start() : stop())
  });
  Hooks.once("ready", () => {
    notePendingPacks();
    if ( game.settings.get(MODULE_ID, LIVE_RELOAD) === true ) start();
  });
}
