/**
 * Stand-ins for `Combat` and its `Combatant`s: the tracker's order (`turns`: initiative high to
 * low, then id, as Foundry's `_sortCombatants`), the current `combatant`, `started`,
 * `round`/`turn`, `updateEmbeddedDocuments`, and what the tracker's buttons call: `rollAll`,
 * `rollInitiative`, `resetAll` (Reset), `nextTurn` (a player's End Turn), `previousTurn`,
 * `nextRound`. Updates go through `Document#update`: recorded, permission-checked,
 * `preUpdate<Document>` hooks may cancel them, `update<Document>` hooks fire, and an open tracker
 * (`tracker.mjs`, `ui.combat`) renders again.
 *
 * Permissions as Foundry's server applies them: a GM may change anything; a player may change,
 * on a Combatant whose actor they own, only its `initiative`, `flags` and `defeated` (v13 also
 * `system`), and on the Combat only `turn` and `round`, when the current combatant is theirs. A
 * Combat's own flags are the GM's.
 *
 * A test lays a fight out with `stageFight`: one Combatant per token of the staged scene
 * (canvas.mjs), the Combat viewed as `game.combat`.
 * @module harness/foundry/combat
 */

import { Document, DOCUMENT_CLASSES } from "./documents.mjs";

/** What a player may change on a Combatant they own, by generation. */
const PLAYER_COMBATANT_KEYS = Object.freeze({
  12: Object.freeze(["_id", "initiative", "flags", "defeated"]),
  13: Object.freeze(["_id", "initiative", "flags", "defeated", "system"]),
});
/** What a player may change on the Combat: the turn and the round. */
const PLAYER_COMBAT_KEYS = Object.freeze(["_id", "round", "turn"]);

export class Combatant extends Document {
  static documentName = "Combatant";

  get combat() {
    return this.parent;
  }

  /** The token's actor: the world actor for a linked token, its synthetic actor otherwise. */
  get actor() {
    const token = this.token;
    if (token) return token.actor;
    return game.actors.get(this.actorId) ?? null;
  }

  /** The TokenDocument of the combatant's token on the staged scene. */
  get token() {
    return globalThis.canvas?.scene?.tokens?.get(this.tokenId) ?? null;
  }

  /** As Foundry's Combatant: a user's level over it is their level over its actor. */
  getUserLevel(user) {
    if (user?.isGM) return 3;
    return this.actor?.getUserLevel(user) ?? 0;
  }

  /** Foundry renders the Combat's apps, the tracker among them, after a change. */
  _onUpdate() {
    globalThis.ui?.combat?.refresh();
  }

  canUserModify(user, action, data = {}) {
    if (user?.isGM) return true;
    if (!this.testUserPermission(user, "OWNER")) return false;
    const allowed = PLAYER_COMBATANT_KEYS[game.release.generation >= 13 ? 13 : 12];
    return Object.keys(data).every((key) => allowed.includes(key));
  }
}

export class Combat extends Document {
  static documentName = "Combat";
  static embedded = { combatants: "Combatant" };

  /** A Combat belongs to the GM (players own none by default). */
  getUserLevel(user) {
    return user?.isGM ? 3 : 0;
  }

  /** Foundry renders the Combat's apps, the tracker among them, after a change. */
  _onUpdate() {
    globalThis.ui?.combat?.refresh();
  }

  canUserModify(user, action, data = {}) {
    if (user?.isGM) return true;
    if (!Object.keys(data).every((key) => PLAYER_COMBAT_KEYS.includes(key))) return false;
    return this.combatant?.testUserPermission(user, "OWNER") === true;
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

  /** One update per embedded document, each checked, recorded and hooked, as Foundry does. */
  async updateEmbeddedDocuments(name, updates = [], options = {}) {
    if (name !== "Combatant") throw new Error(`harness Combat: no embedded ${name}`);
    const done = [];
    for (const { _id, ...changes } of updates) {
      const combatant = this.combatants.get(_id, { strict: true });
      const updated = await combatant.update(changes, options);
      if (updated) done.push(updated);
    }
    return done;
  }

  /**
   * The tracker's Roll button and Roll All: roll each combatant's initiative (`1d20` here, the
   * core formula), post the rolls and write them.
   * @param {string[]} ids
   */
  async rollInitiative(ids, { formula = null } = {}) {
    const updates = [];
    const messages = [];
    for (const id of ids) {
      const combatant = this.combatants.get(id, { strict: true });
      const roll = await new Roll(formula ?? "1d20").evaluate();
      updates.push({ _id: id, initiative: roll.total });
      messages.push({ flavor: `${combatant.name} rolls for Initiative!`, content: String(roll.total), rolls: [roll] });
    }
    // As Foundry: the initiatives first, then the roll messages.
    await this.updateEmbeddedDocuments("Combatant", updates);
    for (const data of messages) await ChatMessage.implementation.create(data);
    return this;
  }

  /** Roll All: every combatant the user owns that has no initiative yet. */
  async rollAll() {
    const ids = [...this.combatants].filter((c) => c.isOwner && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids);
  }

  /** Reset: every initiative cleared, in one Combat update carrying the combatants. */
  async resetAll() {
    const combatants = [...this.combatants].map((c) => ({ _id: c.id, initiative: null }));
    return this.update({ turn: this.started ? 0 : null, combatants });
  }

  /** End Turn / Next Turn: the next combatant, or the next round after the last. */
  async nextTurn() {
    const turn = this.turn ?? -1;
    const next = turn + 1;
    if (next >= this.turns.length) return this.nextRound();
    const data = { round: this.round, turn: next };
    const options = { direction: 1 };
    Hooks.callAll("combatTurn", this, data, options);
    return this.update(data, options);
  }

  async previousTurn() {
    if (this.turn === 0 && this.round <= 1) return this;
    const data = this.turn === 0 ? { round: this.round - 1, turn: this.turns.length - 1 } : { turn: this.turn - 1 };
    return this.update(data, { direction: -1 });
  }

  async nextRound() {
    const data = { round: this.round + 1, turn: 0 };
    const options = { direction: 1 };
    Hooks.callAll("combatRound", this, data, options);
    return this.update(data, options);
  }
}

DOCUMENT_CLASSES.Combat = Combat;
DOCUMENT_CLASSES.Combatant = Combatant;

/**
 * Lay out the viewed Combat, one Combatant per entry; each names its token (looked up on the
 * scene when read, so the scene may be staged before or after) and the token's actor.
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
