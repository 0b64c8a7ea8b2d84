/**
 * Stand-in for `foundry.utils.Collection`: a Map that iterates over its values, which is what
 * `[...table.results]` in module code relies on.
 * @module harness/foundry/collection
 */

export class Collection extends Map {
  /** Iterate values, not entries, as Foundry's Collection does. */
  *[Symbol.iterator]() {
    yield* this.values();
  }

  /** @returns {unknown[]} the values as an array */
  get contents() {
    return Array.from(this.values());
  }

  /**
   * @param {string} key
   * @param {{strict?: boolean}} [options]  strict: throw when the key is missing, as Foundry does
   */
  get(key, { strict = false } = {}) {
    const value = super.get(key);
    if (strict && value === undefined) {
      throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    }
    return value;
  }

  find(predicate) {
    return this.contents.find(predicate);
  }

  filter(predicate) {
    return this.contents.filter(predicate);
  }

  map(transform) {
    return this.contents.map(transform);
  }

  some(predicate) {
    return this.contents.some(predicate);
  }

  /** @param {string} name  the first value whose `name` is `name` */
  getName(name) {
    return this.find((value) => value.name === name);
  }
}
