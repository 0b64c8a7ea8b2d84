/**
 * Foundry's permission constants and the server's refusal, for the document stand-ins.
 * @module harness/foundry/permissions
 */

export const OWNERSHIP_LEVELS = Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });
/** CONST.USER_ROLES. */
export const USER_ROLES = Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 });
/**
 * CONST.USER_PERMISSIONS defaults this harness needs: the lowest role allowed to create each
 * world document (ACTOR_CREATE and ITEM_CREATE default to Assistant, JOURNAL_CREATE to Trusted).
 */
export const CREATE_ROLE = Object.freeze({
  Actor: USER_ROLES.ASSISTANT, Item: USER_ROLES.ASSISTANT, Folder: USER_ROLES.ASSISTANT,
  JournalEntry: USER_ROLES.TRUSTED, ChatMessage: USER_ROLES.PLAYER
});

/**
 * Foundry's refusal of an operation the user may not make: an error notification (which logs to
 * the console, so a test sees it) and the error the awaited promise rejects with.
 * @param {string} action  "update" | "create" | "delete"
 * @param {Document} doc
 */
export function permissionError(action, doc) {
  const user = game.user;
  const parent = doc.parent ? ` in parent ${doc.parent.documentName} [${doc.parent.id}]` : "";
  const message = `User ${user?.name} lacks permission to ${action} ${doc.documentName} [${doc.id}]${parent}`;
  ui.notifications.error(message);
  return new Error(message);
}
