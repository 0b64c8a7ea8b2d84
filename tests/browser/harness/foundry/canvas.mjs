/**
 * Stand-ins for the canvas: `canvas.grid` (`isGridless`, `isHexagonal`, `distance`, `units`,
 * `measurePath`, `getOffset`, `offsetToCube`), `canvas.tokens` and `canvas.templates`
 * (`controlled`, `placeables`), `Token` (`id`, `name`, `actor`, `center`, `document`) and
 * `MeasuredTemplate` (`document`: `x`, `y`, `distance`, `t`), and the user's targets
 * (`game.user.targets`, a Set of tokens as Foundry's `UserTargets` is).
 *
 * A test lays out a scene with `stageScene`: tokens and templates sit on hex centres given in
 * axial coordinates `{q, r}`, laid out as Foundry's odd-row hex grid (offset row i = r, column
 * j = q + (r - (r & 1)) / 2). The grid maps a centre back to its hex exactly and measures the hex
 * distance between centres, which is what Foundry's `measurePath` counts as `spaces` on a hex
 * grid; a point off every centre is an error, so a test cannot measure what it did not lay out.
 * @module harness/foundry/canvas
 */

import { DOCUMENT_CLASSES } from "./documents.mjs";

/** Pixel step between neighbouring hex centres in a row, and between rows. */
const STEP_X = 100;
const STEP_Y = 75;

/** A pixel point → its axial hex, or an error when it is not a hex centre. */
function hexOf({ x, y }) {
  const r = y / STEP_Y;
  const q = (x - (r * STEP_X) / 2) / STEP_X;
  if (!Number.isInteger(r) || !Number.isInteger(q)) throw new Error(`harness grid: (${x}, ${y}) is not a hex centre`);
  return { q, r };
}

/** The centre of the axial hex `{q, r}`. */
export function centreOf({ q, r }) {
  return { x: q * STEP_X + (r * STEP_X) / 2, y: r * STEP_Y };
}

/** Hex distance between two axial hexes (cube coordinates). */
function hexDistance(a, b) {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export class Grid {
  /** @param {{type?: "hex"|"gridless", distance?: number, units?: string}} [options] */
  constructor({ type = "hex", distance = 10, units = "m" } = {}) {
    this.type = type;
    this.distance = distance;
    this.units = units;
    this.size = STEP_X;
  }

  get isGridless() {
    return this.type === "gridless";
  }

  get isHexagonal() {
    return this.type === "hex";
  }

  /**
   * v12+ `BaseGrid#measurePath`: `spaces` counts steps between neighbouring spaces (0 when
   * gridless), `distance` is in the grid's units.
   * @param {{x: number, y: number}[]} waypoints
   */
  measurePath(waypoints) {
    let spaces = 0;
    let euclidean = 0;
    for (let i = 1; i < waypoints.length; i++) {
      const [a, b] = [waypoints[i - 1], waypoints[i]];
      euclidean += Math.hypot(b.x - a.x, b.y - a.y);
      if (!this.isGridless) spaces += hexDistance(hexOf(a), hexOf(b));
    }
    const distance = this.isGridless ? (euclidean / this.size) * this.distance : spaces * this.distance;
    return { distance, spaces, cost: distance, euclidean, diagonals: 0, waypoints: [], segments: [] };
  }

  /** `BaseGrid#getOffset`: the offset {i, j} (row, column) of the hex at a centre. */
  getOffset(coords) {
    if (this.isGridless) throw new Error("harness grid: a gridless scene has no offsets");
    const { q, r } = hexOf(coords);
    return { i: r, j: q + (r - (r & 1)) / 2 };
  }

  /** `HexagonalGrid#offsetToCube`: odd rows shifted, as the layout above. */
  offsetToCube({ i, j }) {
    const q = j - (i - (i & 1)) / 2;
    return { q, r: i, s: -q - i };
  }
}

export class Token {
  /** @param {{id: string, name?: string, actor: object, q: number, r: number, disposition?: number}} data */
  constructor({ id, name, actor, q, r, disposition = 0 }) {
    this.id = id;
    this.actor = actor;
    this.name = name ?? actor.name;
    const { x, y } = centreOf({ q, r });
    this.document = { _id: id, id, name: this.name, actorId: actor.id, actorLink: true, disposition, x, y };
  }

  get center() {
    return { x: this.document.x, y: this.document.y };
  }
}

export class MeasuredTemplate {
  /** @param {{id: string, q: number, r: number, distance: number, t?: string}} data */
  constructor({ id, q, r, distance, t = "circle" }) {
    this.id = id;
    this.document = { _id: id, id, t, distance, ...centreOf({ q, r }) };
  }

  get center() {
    return { x: this.document.x, y: this.document.y };
  }
}

/** A placeables layer: its objects, and those the user controls. */
class Layer {
  constructor(placeables = [], controlledIds = []) {
    this.placeables = placeables;
    this.controlled = placeables.filter((p) => controlledIds.includes(p.id));
  }
}

/** The canvas before a test stages anything: an empty hex scene. */
export function emptyCanvas() {
  return { ready: true, grid: new Grid(), tokens: new Layer(), templates: new Layer() };
}

/**
 * Lay out the scene for the next macro run: fresh world actors, `canvas` and the user's targets.
 * @param {{grid?: object, actors?: object[], tokens?: object[], templates?: object[],
 *   controlled?: string[], targets?: string[]}} scene
 *   `actors` are stored actor documents put into `game.actors` (replacing any of the same id);
 *   tokens name a world actor by id (`actor`); `controlled` lists token and template ids.
 */
export function stageScene({ grid = {}, actors = [], tokens = [], templates = [], controlled = [], targets = [] } = {}) {
  for (const data of actors) game.actors.set(data._id, new DOCUMENT_CLASSES.Actor(data));
  const placed = tokens.map((t) => new Token({ ...t, actor: game.actors.get(t.actor, { strict: true }) }));
  const drawn = templates.map((t) => new MeasuredTemplate(t));
  globalThis.canvas = {
    ready: true,
    grid: new Grid(grid),
    tokens: new Layer(placed, controlled),
    templates: new Layer(drawn, controlled),
  };
  const unknown = targets.filter((id) => !placed.some((t) => t.id === id));
  if (unknown.length) throw new Error(`harness scene: no token ${unknown.join(", ")} to target`);
  game.user.targets = new Set(placed.filter((t) => targets.includes(t.id)));
}
