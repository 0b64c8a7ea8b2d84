/**
 * Stand-in for `game.users` (Foundry's `Users` collection): several users with roles and who is
 * logged in (`User#active`), `activeGM` as v12 documents it ("one User who is an active
 * Gamemaster (non-assistant if possible), or null": the highest role, then the lowest id; v13
 * defines it as `getDesignatedUser(u => u.active && u.isGM)`, the same choice), v13's
 * `getDesignatedUser`, and the `userConnected` hook when a user joins or leaves.
 * @module harness/foundry/users
 */

import { Collection } from "./collection.mjs";
import { Document, DOCUMENT_CLASSES } from "./documents.mjs";
import { OWNERSHIP_LEVELS, USER_ROLES } from "./permissions.mjs";

/** The highest role, then the lowest id, among `users` (Foundry compares ids character by character). */
function designated(users) {
  const sorted = [...users].sort((a, b) => (b.role - a.role) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted[0] ?? null;
}

export class Users extends Collection {
  /** @returns {User|null} */
  get activeGM() {
    return designated(this.filter((u) => u.active && u.isGM));
  }

  /** Those logged in. */
  get active() {
    return this.filter((u) => u.active);
  }

  /**
   * Mark a user as joined or gone, firing `userConnected` as Foundry does on the other clients.
   * @param {string} id
   * @param {boolean} connected
   */
  connect(id, connected) {
    const user = this.get(id, { strict: true });
    user._active = connected;
    Hooks.callAll("userConnected", user, connected);
  }
}

/** v13 only: `Users#getDesignatedUser(condition)`, the highest role among those that qualify. */
export function addDesignatedUser(users) {
  users.getDesignatedUser = (condition) => designated(users.filter(condition));
  return users;
}

export class User extends Document {
  static documentName = "User";

  /** Foundry's ASSISTANT role (3) and above count as GM. */
  get isGM() {
    return this.role >= USER_ROLES.ASSISTANT;
  }

  /** Whether the user is logged in (the test stages who is). */
  get active() {
    return this._active === true;
  }

  /** A user document is its own; players may not change other users. */
  getUserLevel(user) {
    return user?.isGM || user?.id === this.id ? OWNERSHIP_LEVELS.OWNER : OWNERSHIP_LEVELS.NONE;
  }

  get isSelf() {
    return game.user?.id === this.id;
  }

  /** v13 only (foundryvtt/foundryvtt#11678): whether this user is `game.users.activeGM`. */
  get isActiveGM() {
    if (game.release.generation < 13) return undefined;
    return game.users.activeGM === this;
  }
}

DOCUMENT_CLASSES.User = User;
