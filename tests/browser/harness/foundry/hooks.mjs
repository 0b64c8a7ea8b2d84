/**
 * Stand-in for Foundry's `Hooks`. Like Foundry, an error thrown by a hooked function is caught
 * and logged with `console.error`, which the test collects as a failure.
 * @module harness/foundry/hooks
 */

/** @type {Map<string, {fn: Function, once: boolean, id: number}[]>} */
const registry = new Map();
let nextId = 1;

function add(hook, fn, once) {
  if (typeof fn !== "function") throw new Error(`Hooks: the handler for "${hook}" is not a function`);
  const id = nextId++;
  registry.set(hook, [...(registry.get(hook) ?? []), { fn, once, id }]);
  return id;
}

function run(hook, args, stopOnFalse) {
  for (const entry of [...(registry.get(hook) ?? [])]) {
    if (entry.once) Hooks.off(hook, entry.id);
    let result;
    try {
      result = entry.fn(...args);
    } catch (error) {
      console.error(`Error thrown in hooked function '${entry.fn.name}' for hook '${hook}'`, error);
    }
    if (stopOnFalse && result === false) return false;
  }
  return true;
}

export const Hooks = {
  /** @returns {number} the id to pass to `off` */
  on: (hook, fn) => add(hook, fn, false),
  once: (hook, fn) => add(hook, fn, true),
  /** @param {number|Function} ref  the id or the function itself */
  off(hook, ref) {
    const kept = (registry.get(hook) ?? []).filter((e) => e.id !== ref && e.fn !== ref);
    registry.set(hook, kept);
  },
  /** Call every handler; a handler's return value does not stop the others. */
  callAll: (hook, ...args) => run(hook, args, false),
  /** Call handlers until one returns `false`; returns whether none did. */
  call: (hook, ...args) => run(hook, args, true),
  /** @returns {Record<string, number>} how many handlers each hook has (for harness checks) */
  counts: () => Object.fromEntries([...registry].map(([hook, list]) => [hook, list.length])),
};
