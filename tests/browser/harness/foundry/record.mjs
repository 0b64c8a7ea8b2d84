/**
 * What a macro run did, as the stand-ins saw it: chat messages, document updates and creations,
 * socket messages sent, notifications, clipboard writes and the dialogs it showed.
 * The test reads it after each run and resets it before the next.
 * @module harness/foundry/record
 */

export const record = {
  /** @type {object[]} ChatMessage.create calls, as stored (rolls as JSON) */
  messages: [],
  /** @type {{uuid: string, documentName: string, changes: object}[]} */
  updates: [],
  /** @type {{uuid: string, documentName: string, data: object}[]} documents created (not messages) */
  created: [],
  /** @type {{event: string, data: unknown}[]} what this client emitted on `game.socket` */
  socket: [],
  /** @type {{type: string, message: string}[]} */
  notifications: [],
  /** @type {string[]} texts written to `navigator.clipboard` */
  clipboard: [],
  /** @type {{title: string, text: string, fields: object[]}[]} dialogs `DialogV2.wait` showed */
  dialogs: [],

  reset() {
    this.messages.length = 0;
    this.updates.length = 0;
    this.created.length = 0;
    this.socket.length = 0;
    this.notifications.length = 0;
    this.clipboard.length = 0;
    this.dialogs.length = 0;
  },
};
