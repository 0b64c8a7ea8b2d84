/**
 * Stand-in for `game.socket`, the socket.io client of Foundry's server, for module events. As
 * Foundry's server does, it relays only `module.<id>` events of an active module whose manifest
 * says `"socket": true` (anything else is silently dropped), passes every other connected client
 * the JSON the sender emitted (nothing else: who sent it is for the data to say, as socketlib's
 * messages do), and never delivers an event back to the client that emitted it. Between pages
 * the test plays the server: it reads what a client emitted (`record.socket`) and hands it to the
 * others' `deliver`.
 * @module harness/foundry/socket
 */

import { record } from "./record.mjs";

export class Socket {
  constructor() {
    /** @type {Map<string, Function[]>} */
    this.handlers = new Map();
  }

  /** @param {string} event @param {(data: unknown) => void} fn */
  on(event, fn) {
    if (typeof fn !== "function") throw new Error(`socket: the handler for "${event}" is not a function`);
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }

  off(event, fn) {
    this.handlers.set(event, (this.handlers.get(event) ?? []).filter((f) => f !== fn));
    return this;
  }

  /**
   * Send `data` to the other clients. Only one JSON value travels (an acknowledgement callback
   * has no one to answer it on a broadcast); the server drops an event it does not relay.
   * @param {string} event
   * @param {unknown} data
   */
  emit(event, data, ...more) {
    if (more.length) throw new Error(`socket: "${event}" carries more than one value (acks are not relayed)`);
    if (!relayed(event)) return this;
    record.socket.push({ event, data: JSON.parse(JSON.stringify(data ?? null)) });
    return this;
  }

  /**
   * Another client's event arriving here (called by the test, playing the server).
   * @param {string} event
   * @param {unknown} data
   */
  deliver(event, data) {
    for (const fn of this.handlers.get(event) ?? []) {
      try {
        fn(structuredClone(data));
      } catch (error) {
        console.error(`socket handler for "${event}" threw`, error);
      }
    }
  }
}

/** Whether Foundry's server relays `event`: a `module.<id>` of an active module with `socket: true`. */
function relayed(event) {
  const match = /^module\.(.+)$/.exec(String(event));
  const module = match ? game.modules.get(match[1]) : undefined;
  return module?.active === true && module.socket === true;
}
