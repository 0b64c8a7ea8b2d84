/**
 * Secret cards by commitment (DR-R07 step 1), with no GM round trip and nothing another client
 * can read: the picking client keeps `{card, nonce}` in its own `localStorage` and publishes only
 * `sha256(card|nonce)` on the Combatant. On its turn it publishes `{card, nonce}`; every client
 * checks the hash before trusting the card, so a card swapped after the pick is reported and
 * never used. The nonce (128 random bits) keeps the hash from being guessed by hashing every card.
 * The hash is computed in plain JavaScript (`foundry/sha256.mjs`): `crypto.subtle` exists only in
 * a secure context, and Foundry self-hosted over plain http is not one.
 * @module foundry/danger_room/commit
 */

import { MODULE_ID } from "../../config.mjs";
import { sha256Hex } from "../sha256.mjs";

/**
 * @typedef {{card: string, nonce: string}} Choice  a secret pick and the nonce that hides it
 * @typedef {{round: number, hash: string}} Commitment  what the Combatant shows of it
 */

/**
 * Bytes as lowercase hex.
 * @param {ArrayBuffer|Uint8Array} bytes
 * @returns {string}
 */
function hex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A fresh nonce: 16 random bytes from the platform's cryptographic source
 * (`crypto.getRandomValues`, which every context has).
 * @returns {string}
 */
export function newNonce() {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * The commitment of a choice: SHA-256 of `card|nonce` (UTF-8), in hex.
 * @param {Choice} choice
 * @returns {Promise<string>}
 */
export async function hashOf({ card, nonce }) {
  return sha256Hex(`${card}|${nonce}`);
}

/**
 * Whether a revealed choice is the one committed: its hash matches.
 * @param {Choice} choice
 * @param {string} hash
 * @returns {Promise<boolean>}
 */
export async function matches(choice, hash) {
  if ( typeof choice?.card !== "string" || typeof choice?.nonce !== "string" ) return false;
  return (await hashOf(choice)) === hash;
}

/**
 * Where this client keeps a Combatant's pick for one round: world, Combat, round, Combatant.
 * @param {Combat} combat
 * @param {Combatant} combatant
 * @returns {string}
 */
function storageKey(combat, combatant) {
  return [MODULE_ID, "choice", game.world.id, combat.id, combat.round, combatant.id].join(".");
}

/**
 * Keep a pick on this client only.
 * @param {Combat} combat
 * @param {Combatant} combatant
 * @param {Choice} choice
 */
export function keepChoice(combat, combatant, choice) {
  localStorage.setItem(storageKey(combat, combatant), JSON.stringify(choice));
}

/**
 * This client's pick for a Combatant this round, or null (picked elsewhere, or not yet).
 * @param {Combat} combat
 * @param {Combatant} combatant
 * @returns {Choice|null}
 */
export function keptChoice(combat, combatant) {
  const raw = localStorage.getItem(storageKey(combat, combatant));
  if ( !raw ) return null;
  try {
    const choice = JSON.parse(raw);
    return typeof choice?.card === "string" && typeof choice?.nonce === "string" ? choice : null;
  } catch {
    return null;
  }
}

/**
 * Forget this client's pick (once it is revealed, nothing secret is left).
 * @param {Combat} combat
 * @param {Combatant} combatant
 */
export function forgetChoice(combat, combatant) {
  localStorage.removeItem(storageKey(combat, combatant));
}

/**
 * A Combatant's flag for this round (commit, speed, reveal, wait, began), or null.
 * @param {Combat} combat
 * @param {Combatant} combatant
 * @param {"commit"|"speed"|"reveal"|"wait"|"began"} key
 * @returns {Record<string, any>|null}
 */
export function roundFlag(combat, combatant, key) {
  const value = combatant.getFlag(MODULE_ID, key);
  return value && value.round === combat.round ? value : null;
}
