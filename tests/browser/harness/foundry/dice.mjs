/**
 * Stand-ins for `Roll` and its die terms, with faces taken from a scripted queue instead of a
 * random source. Queue entries use the rules fixtures' shape `{d: faces, v: face}` (catalogue
 * §0): every die of every term takes the next entry, whose size must match the die.
 * Formulas: `NdX` and `NdF` terms, integer constants, `+` and `-`. A Fate die (`FateDie`,
 * denomination `"f"`) has three faces like a d3 but shows -1, 0 or +1; its queue entries are
 * `{d: "F", v}`. Anything else (modifiers such as `cs>=6`, `@data`, pools) throws, naming the
 * term, so a module that starts using it fails loudly here until this file learns it.
 * @module harness/foundry/dice
 */

/** The scripted faces for the current run. */
export const scriptedDice = {
  /** @type {{d: number, v: number}[]} */
  queue: [],

  /** @param {{d: number, v: number}[]} entries */
  script(entries) {
    this.queue = entries.map((e) => ({ d: e.d, v: e.v }));
  },

  /** @returns {number} the next face for a die of `faces` sides ("F": a Fate die) */
  take(faces) {
    const next = this.queue.shift();
    if (!next) throw new Error(`scripted dice: no face left for a d${faces}`);
    if (next.d !== faces) throw new Error(`scripted dice: the next face is for a d${next.d}, not a d${faces}`);
    const [low, high] = faces === "F" ? [-1, 1] : [1, faces];
    if (!Number.isInteger(next.v) || next.v < low || next.v > high) {
      throw new Error(`scripted dice: ${next.v} is not a face of a d${faces}`);
    }
    return next.v;
  },
};

export class Die {
  constructor({ number = 1, faces }) {
    this.number = number;
    this.faces = faces;
    /** @type {{result: number, active: boolean}[]} */
    this.results = [];
  }

  get expression() {
    return `${this.number}d${this.faces}`;
  }

  get total() {
    return this.results.filter((r) => r.active).reduce((sum, r) => sum + r.result, 0);
  }

  evaluate() {
    for (let i = 0; i < this.number; i++) this.results.push({ result: scriptedDice.take(this.faces), active: true });
    return this;
  }

  toJSON() {
    return { class: "Die", number: this.number, faces: this.faces, results: this.results };
  }
}

/**
 * `foundry.dice.terms.FateDie`: "a three-sided Fate/Fudge die. Mathematically behaves like
 * 1d3-2": `faces` 3, `DENOMINATION` "f", results -1, 0, +1.
 */
export class FateDie extends Die {
  static DENOMINATION = "f";

  constructor({ number = 1 } = {}) {
    super({ number, faces: 3 });
  }

  get expression() {
    return `${this.number}dF`;
  }

  evaluate() {
    for (let i = 0; i < this.number; i++) this.results.push({ result: scriptedDice.take("F"), active: true });
    return this;
  }

  toJSON() {
    return { ...super.toJSON(), class: "FateDie" };
  }
}

Die.DENOMINATION = "d";

export class NumericTerm {
  constructor({ number }) {
    this.number = number;
  }

  get expression() {
    return String(this.number);
  }

  get total() {
    return this.number;
  }

  evaluate() {
    return this;
  }

  toJSON() {
    return { class: "NumericTerm", number: this.number };
  }
}

export class OperatorTerm {
  constructor({ operator }) {
    this.operator = operator;
  }

  get expression() {
    return ` ${this.operator} `;
  }

  evaluate() {
    return this;
  }

  toJSON() {
    return { class: "OperatorTerm", operator: this.operator };
  }
}

const DIE = /^(\d*)[dD](\d+|[fF])$/;

/**
 * Split a formula into terms.
 * @param {string} formula
 * @returns {(Die|NumericTerm|OperatorTerm)[]}
 */
function parse(formula) {
  const tokens = formula.split(/([+-])/).map((t) => t.trim()).filter((t) => t !== "");
  return tokens.map((token) => {
    if (token === "+" || token === "-") return new OperatorTerm({ operator: token });
    if (/^\d+$/.test(token)) return new NumericTerm({ number: Number(token) });
    const die = DIE.exec(token);
    if (!die) throw new Error(`harness Roll: the term "${token}" of "${formula}" is not modelled (dice.mjs)`);
    const number = die[1] === "" ? 1 : Number(die[1]);
    if (/^[fF]$/.test(die[2])) return new FateDie({ number });
    return new Die({ number, faces: Number(die[2]) });
  });
}

/** @param {(Die|NumericTerm|OperatorTerm)[]} terms */
function sumTerms(terms) {
  let total = 0;
  let sign = 1;
  for (const term of terms) {
    if (term instanceof OperatorTerm) sign = term.operator === "-" ? -sign : sign;
    else {
      total += sign * term.total;
      sign = 1;
    }
  }
  return total;
}

export class Roll {
  constructor(formula, data = {}, options = {}) {
    this.data = data;
    this.options = options;
    this.terms = parse(String(formula));
    this._evaluated = false;
    this._total = undefined;
  }

  get formula() {
    return this.terms.map((t) => t.expression).join("");
  }

  /** @returns {Die[]} the die terms */
  get dice() {
    return this.terms.filter((t) => t instanceof Die);
  }

  get total() {
    return this._total;
  }

  /** v12+: always asynchronous; the removed `async` option is warned about as Foundry does. */
  async evaluate(options = {}) {
    if ("async" in options) console.warn("The async option for Roll#evaluate has been removed.");
    if (this._evaluated) throw new Error("The Roll has already been evaluated and is now immutable");
    for (const term of this.terms) term.evaluate();
    this._total = sumTerms(this.terms);
    this._evaluated = true;
    return this;
  }

  /**
   * `Roll.fromData`: an evaluated roll from its JSON (a message another client posted).
   * @param {object} data
   */
  static fromData(data) {
    const roll = new this(data.formula);
    roll.terms.forEach((term, i) => {
      if (term instanceof Die) term.results = structuredClone(data.terms[i].results ?? []);
    });
    roll._total = data.total;
    roll._evaluated = data.evaluated === true;
    return roll;
  }

  toJSON() {
    return {
      class: "Roll",
      formula: this.formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /**
   * Post the roll (evaluating it first if needed): content defaults to the total, so the card
   * shows the roll; with `create: false` the message data comes back instead.
   * @param {object} [messageData]
   * @param {{rollMode?: string, create?: boolean}} [options]
   */
  async toMessage(messageData = {}, { rollMode, create = true } = {}) {
    if (!this._evaluated) await this.evaluate();
    const data = { content: String(this.total), ...messageData, rolls: [this] };
    return create ? ChatMessage.implementation.create(data, { rollMode }) : data;
  }

  /**
   * v12+: asynchronous, Foundry's dice-roll template for this roll (as `renderHTML`).
   * @param {{flavor?: string, template?: string, isPrivate?: boolean}} [options]
   * @returns {Promise<string>}
   */
  async render(options = {}) {
    if (!this._evaluated) await this.evaluate();
    if (options.template) throw new Error("harness Roll#render: custom templates are not modelled");
    return this.renderHTML();
  }

  /** @returns {string} Foundry's dice-roll markup, text escaped by DOM construction */
  renderHTML() {
    const root = document.createElement("div");
    root.className = "dice-roll";
    const result = root.appendChild(document.createElement("div"));
    result.className = "dice-result";
    const formula = result.appendChild(document.createElement("div"));
    formula.className = "dice-formula";
    formula.textContent = this.formula;
    const total = result.appendChild(document.createElement("h4"));
    total.className = "dice-total";
    total.textContent = String(this.total);
    return root.outerHTML;
  }
}
