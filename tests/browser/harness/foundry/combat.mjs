/**
 * Stand-ins for `Combat` and its `Combatant`s, as the Danger Room macros use them: the tracker's
 * order (`turns`: initiative high to low, then id, as Foundry's `_sortCombatants`), the current
 * `combatant`, `started`, `round`/`turn`, `updateEmbeddedDocuments` and `nextRound`. Every update
 * is recorded and fires Foundry's `update<Document>` hook with the expanded changes, so a module's
 * hooks run as they would on the client that made the change.
 *
 * A test lays a fight out with `stageFight`: one Combatant per token of the staged scene
 * (canvas.mjs), the Combat viewed as `game.combat`.
 * @module harness/foundry/combat
 */

import { Document, DOCUMENT_CLASSES } from "./documents.mjs";
import { expandObject } from "./utils.mjs";

/** Foundry's OWNER permission level. */
const OWNER = 3;

export class Combatant extends Document {
  static documentName = "Combatant";

  get combat() {
    return this.parent;
  }

  /** The token's actor (tokens here are linked: the world actor itself). */
  get actor() {
    return game.actors.get(this.actorId) ?? null;
  }

  /** The TokenDocument of the combatant's token on the staged canvas. */
  get token() {
    return globalThis.canvas?.tokens?.placeables.find((t) => t.id === this.tokenId)?.document ?? null;
  }

  get isOwner() {
    if (game.user.isGM) return true;
    const actor = this.actor;
    const level = actor?.ownership?.[game.user.id] ?? actor?.ownership?.default ?? 0;
    return level >= OWNER;
  }

  /** As Foundry's Combatant: a user's permission over it is their permission over its actor. */
  testUserPermission(user, permission) {
    if (user?.isGM) return true;
    return this.actor?.testUserPermission(user, permission) ?? false;
  }

  /** `options.userId`: the user whose client made the change (another client's, when relayed). */
  async update(changes = {}, options = {}) {
    await super.update(changes);
    Hooks.callAll("updateCombatant", this, expandObject(changes), options, options.userId ?? game.user.id);
    return this;
  }
}

export class Combat extends Document {
  static documentName = "Combat";
  static embedded = { combatants: "Combatant" };

  /** A Combat belongs to the GM (players own none by default). */
  get isOwner() {
    return game.user.isGM;
  }

  get started() {
    return this.round > 0;
  }

  /** The tracker's order: initiative high to low (none last), then id. */
  get turns() {
    const value = (c) => (Number.isFinite(c.initiative) ? c.initiative : -Infinity);
    return [...this.combatants].sort((a, b) => (value(b) - value(a)) || (a.id > b.id ? 1 : -1));
  }

  get combatant() {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  /** `options.userId`: the user whose client made the change (another client's, when relayed). */
  async update(changes = {}, options = {}) {
    await super.update(changes);
    Hooks.callAll("updateCombat", this, expandObject(changes), options, options.userId ?? game.user.id);
    return this;
  }

  /** One update per embedded document, each recorded and hooked, as Foundry does. */
  async updateEmbeddedDocuments(name, updates = []) {
    if (name !== "Combatant") throw new Error(`harness Combat: no embedded ${name}`);
    const done = [];
    for (const { _id, ...changes } of updates) {
      const combatant = this.combatants.get(_id, { strict: true });
      done.push(await combatant.update(changes));
    }
    return done;
  }

  async nextRound() {
    return this.update({ round: this.round + 1, turn: 0 });
  }
}

DOCUMENT_CLASSES.Combat = Combat;
DOCUMENT_CLASSES.Combatant = Combatant;

/**
 * Lay out the viewed Combat, one Combatant per entry; each names its token (looked up on the
 * canvas when read, so the scene may be staged before or after) and the token's actor.
 * @param {{id?: string, round?: number, turn?: number|null, flags?: object,
 *   combatants: {id: string, tokenId: string, actorId: string, name: string,
 *   initiative?: number|null, flags?: object}[]}} fight
 * @returns {Combat}
 */
export function stageFight({ id = "harnessCombat001", round = 1, turn = 0, flags = {}, combatants }) {
  const data = combatants.map((c) => ({
    _id: c.id, tokenId: c.tokenId, actorId: c.actorId, name: c.name,
    initiative: c.initiative ?? null, flags: structuredClone(c.flags ?? {}),
  }));
  game.combat = new Combat({ _id: id, round, turn, flags: structuredClone(flags), combatants: data });
  return game.combat;
}
