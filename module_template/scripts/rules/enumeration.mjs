/**
 * Exact distributions of a rule's outcome, by enumerating its dice queue; mirror of
 * `compiler/rules/enumeration.py`.
 *
 * The rule itself runs, unchanged, once per distinct way its dice can fall: a `ReplayQueue` hands
 * it faces from a script of choices, and every choice it has not made yet is opened as a branch.
 * Faces a rule cannot tell apart form one class; a pool (`takeMany`) is exchangeable after its
 * first `prefix` dice and branches once per multiset of classes (`counts`) or once per sum of the
 * classes' scores (`score`), with the exact number of face sequences behind each branch. A rule
 * whose pools are rolled by different fighters may give each pool, in the order the rule draws
 * them, classes and a mode of its own: the lumping's `schedule`.
 */

import { BAD_INPUT, RuleError } from "./errors.mjs";
import { fromLeaves, poolCounts, poolScores } from "./exact.mjs";
import { readInput, resolve } from "./harness.mjs";
import { DiceQueue, dieLabel, faceRange, isDie } from "./queue.mjs";
import { canonicalJson } from "./shapes.mjs";

export const POOL_MODES = Object.freeze(["faces", "counts", "score"]);
export const TOO_MANY = "too_many_outcomes";
/** A query whose dice tree has more leaves than this is refused (Monte Carlo is the tool then). */
export const LEAF_LIMIT = 200000;
/** A run drawing more dice than this never ends (P10 roll-offs repeat ties without bound). */
export const DRAW_LIMIT = 10000;

/**
 * @typedef {object} FaceClass  Faces a rule cannot tell apart.
 * @property {number} face    The face shown to the rule.
 * @property {number} weight  How many faces it stands for.
 * @property {number} score   What one die of it adds to a pool's sum.
 */

/**
 * @typedef {object} Lumping  How dice branch.
 * @property {Array<[string, FaceClass[]]>} classes  Die label -> classes.
 * @property {number} prefix  A pool's positional dice.
 * @property {string} pools   One of POOL_MODES.
 * @property {Array<[FaceClass[], string]|null>} schedule  The n-th pool's classes and mode.
 */

/**
 * C1: a lumping from die label (`d10`, `dF`) -> classes; other dice keep every face.
 * `schedule[n]` gives the n-th pool (`takeMany` past its prefix, counted from 0 in the order the
 * rule draws them) its own classes and mode.
 * @param {Record<string, FaceClass[]>} classes
 * @param {number} [prefix=0]
 * @param {string} [pools="counts"]
 * @param {Array<[FaceClass[], string]|null>} [schedule=[]]
 * @returns {Lumping}
 */
export function lumping(classes, prefix = 0, pools = "counts", schedule = []) {
  const modes = [pools, ...schedule.filter(plan => plan !== null).map(plan => plan[1])];
  if ( modes.some(mode => !POOL_MODES.includes(mode)) ) throw new RuleError(BAD_INPUT, `pools must be one of ${POOL_MODES.join(", ")}`);
  const plans = schedule.map(plan => (plan === null ? null : [[...plan[0]], plan[1]]));
  return { classes: Object.entries(classes).map(([label, found]) => [label, [...found]]), prefix, pools, schedule: plans };
}

/** Every face of every die its own branch: the enumeration the lumpings are checked against. */
export const BRUTE_FORCE = lumping({}, 0, "faces");

/**
 * C1: classes of `die` starting at each face of `starts` (ascending, the first its lowest face),
 * each running to the next start; class i scores `scores[i]` and shows its first face.
 * @param {number|string} die
 * @param {number[]} starts
 * @param {number[]} scores
 * @returns {FaceClass[]}
 */
export function partition(die, starts, scores) {
  const [lo, hi] = faceRange(die);
  if ( !starts.length || (starts[0] !== lo) || (scores.length !== starts.length) ) {
    throw new RuleError(BAD_INPUT, "a partition starts at the die's lowest face, one score each");
  }
  const ends = [...starts.slice(1), hi + 1];
  if ( starts.some((start, i) => ends[i] <= start) || (ends.at(-1) !== hi + 1) ) {
    throw new RuleError(BAD_INPUT, "a partition's starts must rise within the die's faces");
  }
  return starts.map((start, i) => ({ face: start, weight: ends[i] - start, score: scores[i] }));
}

/**
 * C1: the classes of `die`; a die the lumping does not name keeps each face (score = face).
 * @param {Lumping} lumped
 * @param {number|string} die
 * @returns {FaceClass[]}
 */
export function classesOf(lumped, die) {
  const label = dieLabel(die);
  for ( const [name, found] of lumped.classes ) if ( name === label ) return found;
  const [lo, hi] = faceRange(die);
  const found = [];
  for ( let face = lo; face <= hi; face++ ) found.push({ face, weight: 1, score: face });
  return found;
}

/**
 * The integers `here` in 0..count with lowSide <= here * coefficient <= highSide.
 * @param {number} count
 * @param {number} coefficient
 * @param {number} lowSide
 * @param {number} highSide
 * @returns {[number, number]}
 */
function between(count, coefficient, lowSide, highSide) {
  if ( coefficient === 0 ) return (lowSide <= 0) && (0 <= highSide) ? [0, count] : [1, 0];
  if ( coefficient < 0 ) [coefficient, lowSide, highSide] = [-coefficient, -highSide, -lowSide];
  return [Math.max(0, -Math.floor(-lowSide / coefficient)), Math.min(count, Math.floor(highSide / coefficient))];
}

/**
 * C3: faces of `count` dice, class by class, whose scores add up to `target` (or null).
 * Depth first, the earlier classes taking as many dice as they can, so both engines pick the same;
 * each class tries only the counts that leave the rest within reach.
 * @param {FaceClass[]} classes
 * @param {number} count
 * @param {number} target
 * @returns {number[]|null}
 */
export function representative(classes, count, target) {
  const scores = classes.map(c => c.score);
  const rests = scores.map((_, i) => scores.slice(i + 1));
  const lows = rests.map(rest => (rest.length ? Math.min(...rest) : 0));
  const highs = rests.map(rest => (rest.length ? Math.max(...rest) : 0));
  return place(classes, [lows, highs], 0, count, target);
}

/**
 * One class's share of a representative, and the rest's.
 * @param {FaceClass[]} classes
 * @param {[number[], number[]]} reach
 * @param {number} index
 * @param {number} count
 * @param {number} target
 * @returns {number[]|null}
 */
function place(classes, reach, index, count, target) {
  const head = classes[index];
  if ( index === classes.length - 1 ) return head.score * count === target ? Array(count).fill(head.face) : null;
  const low = reach[0][index];
  const high = reach[1][index];
  // The rest must make up target - here * head: at most high, at least low, per die left.
  const stepHigh = head.score - high;
  const stepLow = head.score - low;
  const [least, most] = between(count, stepHigh, target - (high * count), Math.abs(stepHigh) * count);
  const [floorLo, floorHi] = between(count, stepLow, -Math.abs(stepLow) * count, target - (low * count));
  for ( let here = Math.min(most, floorHi); here >= Math.max(least, floorLo); here-- ) {
    const tail = place(classes, reach, index + 1, count - here, target - (here * head.score));
    if ( tail !== null ) return [...Array(here).fill(head.face), ...tail];
  }
  return null;
}

/** @type {Map<string, Array<[number[], bigint]>>} */
const BRANCHES = new Map();

/**
 * C3: the branches of an exchangeable pool of `count` dice: [faces shown, face sequences].
 * @param {FaceClass[]} classes
 * @param {number} count
 * @param {string} mode
 * @returns {Array<[number[], bigint]>}
 */
export function poolBranches(classes, count, mode) {
  const key = JSON.stringify([classes, count, mode]);
  if ( BRANCHES.has(key) ) return /** @type {Array<[number[], bigint]>} */ (BRANCHES.get(key));
  let found;
  if ( mode === "score" ) {
    const sums = poolScores(count, classes.map(c => [c.score, c.weight]));
    found = [...sums.keys()].sort((a, b) => a - b).map(total => {
      const faces = representative(classes, count, total);
      if ( faces === null ) throw new RuleError(BAD_INPUT, "no faces give a pool sum the kernel reaches");
      return [faces, sums.get(total)];
    });
  } else {
    found = poolCounts(count, classes.map(c => c.weight)).map(([counts, ways]) => [
      classes.flatMap((c, i) => Array(counts[i]).fill(c.face)), ways]);
  }
  BRANCHES.set(key, found);
  return found;
}

/**
 * C1: a dice queue that follows a script of branch choices and opens new ones as it goes.
 * `choices` is the run's full script, `opened` the number of branches of each point the run
 * added past its script, and `num`/`den` the probability of the path taken.
 */
export class ReplayQueue extends DiceQueue {
  /**
   * @param {number[]} script
   * @param {Lumping} lumped
   */
  constructor(script, lumped) {
    super([]);
    this.lumped = lumped;
    this.choices = [...script];
    this.at = 0;
    /** @type {number[]} */
    this.opened = [];
    this.pool = 0;
    this.num = 1n;
    this.den = 1n;
  }

  /**
   * C1: take the scripted option (or the first, opening the point) of `options`.
   * @param {Array<[number[], bigint|number]>} options
   * @param {bigint} total
   * @returns {number[]}
   */
  branch(options, total) {
    if ( this.at >= DRAW_LIMIT ) throw new RuleError(TOO_MANY, "the rule keeps drawing dice: its outcomes have no end");
    if ( this.at >= this.choices.length ) {
      this.choices.push(0);
      this.opened.push(options.length);
    }
    const [faces, weight] = options[this.choices[this.at]];
    this.at += 1;
    this.num *= BigInt(weight);
    this.den *= total;
    return [...faces];
  }

  /**
   * C1: one face of `die`, one branch per class.
   * @param {number|string} die
   * @returns {number}
   */
  take(die) {
    if ( !isDie(die) ) throw new RuleError(BAD_INPUT, 'a rule asked for a die that is not 2..1000 or "F"');
    const classes = classesOf(this.lumped, die);
    const total = classes.reduce((sum, c) => sum + BigInt(c.weight), 0n);
    return this.branch(classes.map(c => [[c.face], c.weight]), total)[0];
  }

  /**
   * C1, C3: `count` faces of `die`; after the prefix, one branch per pool outcome.
   * @param {number|string} die
   * @param {number} count
   * @returns {number[]}
   */
  takeMany(die, count) {
    if ( count <= 0 ) return [];
    const head = [];
    for ( let i = 0; i < Math.min(this.lumped.prefix, count); i++ ) head.push(this.take(die));
    const rest = count - head.length;
    if ( (rest === 0) || (this.lumped.pools === "faces") ) {
      for ( let i = 0; i < rest; i++ ) head.push(this.take(die));
      return head;
    }
    const schedule = this.lumped.schedule;
    const plan = this.pool < schedule.length ? schedule[this.pool] : null;
    this.pool += 1;
    const [classes, mode] = plan ?? [classesOf(this.lumped, die), this.lumped.pools];
    const [lo, hi] = faceRange(die);
    if ( classes.reduce((sum, c) => sum + c.weight, 0) !== hi - lo + 1 ) {
      throw new RuleError(BAD_INPUT, `a pool plan's classes do not cover the ${dieLabel(die)}`);
    }
    const total = classes.reduce((sum, c) => sum + BigInt(c.weight), 0n) ** BigInt(rest);
    return [...head, ...this.branch(poolBranches(classes, rest, mode), total)];
  }

  /**
   * C1: a replayed queue never holds faces the rule did not ask for.
   * @returns {number}
   */
  remaining() {
    return 0;
  }

  /**
   * C1: nothing is ever left over.
   * @returns {void}
   */
  finish() {}
}

/**
 * C1, C2: the exact distribution of `call(queue)` over every way its dice can fall.
 * `call` runs once per leaf of the dice tree; a leaf's probability is the product of its
 * branches' weights over the die sizes. More than `limit` leaves is `too_many_outcomes`.
 * @param {(queue: DiceQueue) => any} call
 * @param {Lumping} lumped
 * @param {number} [limit=LEAF_LIMIT]
 * @returns {import("./exact.mjs").Dist}
 */
export function enumerateCalls(call, lumped, limit = LEAF_LIMIT) {
  const pending = [[]];
  /** @type {Array<[any, bigint, bigint]>} */
  const leaves = [];
  while ( pending.length ) {
    const script = /** @type {number[]} */ (pending.pop());
    const queue = new ReplayQueue(script, lumped);
    const outcome = call(queue);
    leaves.push([outcome, queue.num, queue.den]);
    if ( leaves.length > limit ) throw new RuleError(TOO_MANY, `more than ${limit} ways for the dice to fall`);
    const base = script.length;
    queue.opened.forEach((options, offset) => {
      const at = base + offset;
      for ( let choice = options - 1; choice > 0; choice-- ) pending.push([...queue.choices.slice(0, at), choice]);
    });
  }
  return fromLeaves(leaves);
}

/** @type {Map<string, [any, Function, Record<string, any>]>} */
const RESOLVED = new Map();
/** The same config object asked again (an odds query's every stage) skips its canonical JSON. */
let BY_OBJECT = new WeakMap();
export const RESOLVED_KEPT = 256;

/**
 * C5: the harness's `resolve` (engine, rule, merged config read through its schema), kept per
 * distinct config: an odds query runs a rule many times, and rules never change their config, so
 * the merged config is shared rather than copied for each run.
 * @param {string} ruleset
 * @param {string} rule
 * @param {object} config
 * @returns {[any, Function, Record<string, any>]}
 */
export function resolved(ruleset, rule, config) {
  const same = BY_OBJECT.get(config)?.get(`${ruleset} ${rule}`);
  if ( same !== undefined ) return same;
  const key = canonicalJson([ruleset, rule, config]);
  if ( !RESOLVED.has(key) ) {
    if ( RESOLVED.size >= RESOLVED_KEPT ) RESOLVED.clear();
    RESOLVED.set(key, resolve(ruleset, rule, config));
    BY_OBJECT = new WeakMap();
  }
  const found = /** @type {[any, Function, Record<string, any>]} */ (RESOLVED.get(key));
  if ( (config !== null) && (typeof config === "object") ) {
    if ( !BY_OBJECT.has(config) ) BY_OBJECT.set(config, new Map());
    BY_OBJECT.get(config).set(`${ruleset} ${rule}`, found);
  }
  return found;
}

/**
 * C5: drop every kept result (resolved configs, pool branches): nothing is reused after.
 * @returns {void}
 */
export function forget() {
  RESOLVED.clear();
  BY_OBJECT = new WeakMap();
  BRANCHES.clear();
}

/**
 * C1, C5: a case's rule as the harness runs it (config merged and read, input read through its
 * shape), its [events, state] projected to the outcome `project` keeps. `case` is a fixture's
 * case without dice: `{ruleset, rule, config, input}`. Rules are pure, so every run reads the
 * same input; `fresh` gives each run its own copy, as each fixture run has.
 * @param {{ruleset: string, rule: string, config: object, input: any}} c
 * @param {(events: any[], state: Record<string, any>) => any} project
 * @param {boolean} [fresh=false]
 * @returns {(queue: DiceQueue) => any}
 */
export function ruleCall(c, project, fresh = false) {
  const [engine, fn, merged] = resolved(c.ruleset, c.rule, c.config);
  const fields = readInput(engine, c.rule, c.input);
  return (queue) => {
    const [events, state] = fn(fresh ? structuredClone(fields) : fields, merged, queue);
    return project(events, state);
  };
}

/**
 * C1, C2: the exact distribution of one case's projected outcome (`ruleCall`).
 * @param {{ruleset: string, rule: string, config: object, input: any}} c
 * @param {(events: any[], state: Record<string, any>) => any} project
 * @param {Lumping} [lumped=BRUTE_FORCE]
 * @param {boolean} [fresh=true]
 * @returns {import("./exact.mjs").Dist}
 */
export function enumerateRule(c, project, lumped = BRUTE_FORCE, fresh = true) {
  return enumerateCalls(ruleCall(c, project, fresh), lumped);
}

/**
 * C1: the projection keeping a rule's final state.
 * @param {any[]} events
 * @param {Record<string, any>} state
 * @returns {Record<string, any>}
 */
export function stateOf(events, state) {
  return { ...state };
}
