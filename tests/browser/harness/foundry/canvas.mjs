/**
 * Stand-ins for the canvas and its scene: `canvas.scene` (a `Scene` with `TokenDocument`s),
 * `canvas.grid` (`type`, `isGridless`, `isSquare`, `isHexagonal`, `distance`, `units`,
 * `measurePath`, `getOffset`, `offsetToCube`), `canvas.tokens` and `canvas.templates`
 * (`controlled`, `placeables`), `Token` (`id`, `name`, `actor`, `center`, `getCenterPoint`,
 * `document`) and
 * `MeasuredTemplate` (`document`: `x`, `y`, `distance`, `t`), and the user's targets
 * (`game.user.targets`, a Set of tokens as Foundry's `UserTargets` is).
 *
 * Tokens are as Foundry makes them from an actor: linked and disposed as its `prototypeToken`
 * says, else Foundry's default, **unlinked and Hostile**. An unlinked token's `actor` is a
 * synthetic actor of its own (`Scene.<s>.Token.<t>.Actor.<a>`) whose changes land in the token's
 * `delta`; `game.actors.get(id)` stays the base actor, which never sees them.
 *
 * A test lays out a scene with `stageScene`. On a hex grid (default) tokens and templates sit on
 * hex centres given in axial coordinates `{q, r}`, laid out as Foundry's odd-row hex grid
 * (offset row i = r, column j = q + (r - (r & 1)) / 2), and `measurePath` counts the hex distance
 * between centres as `spaces`. On a square grid `{q, r}` are column and row, and `spaces` counts
 * a diagonal step as one (as Foundry does whatever `core.gridDiagonals` says; only `distance`
 * follows the rule, equidistant here). A gridless scene measures no spaces. A point off every
 * centre is an error, so a test cannot measure what it did not lay out. v12's `measurePath`
 * result has no `diagonals` or `euclidean` (v13 added them).
 * @module harness/foundry/canvas
 */

import { Actor, Document, DOCUMENT_CLASSES, OWNERSHIP_LEVELS } from "./documents.mjs";
import { Collection } from "./collection.mjs";
import { mergeInto } from "./utils.mjs";

/** CONST.GRID_TYPES. */
export const GRID_TYPES = Object.freeze({ GRIDLESS: 0, SQUARE: 1, HEXODDR: 2 });
/** CONST.TOKEN_DISPOSITIONS. */
export const TOKEN_DISPOSITIONS = Object.freeze({ SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 });
/** Pixel step between neighbouring hex centres in a row, and between rows; a square's side. */
const STEP_X = 100;
const STEP_Y = 75;
const SQUARE = 100;

/** A pixel point → its axial hex, or an error when it is not a hex centre. */
function hexOf({ x, y }) {
  const r = y / STEP_Y;
  const q = (x - (r * STEP_X) / 2) / STEP_X;
  if (!Number.isInteger(r) || !Number.isInteger(q)) throw new Error(`harness grid: (${x}, ${y}) is not a hex centre`);
  return { q, r };
}

/** A pixel point → its square {q: column, r: row}, or an error when it is not a square's centre. */
function squareOf({ x, y }) {
  const q = x / SQUARE - 0.5;
  const r = y / SQUARE - 0.5;
  if (!Number.isInteger(r) || !Number.isInteger(q)) throw new Error(`harness grid: (${x}, ${y}) is not a square's centre`);
  return { q, r };
}

/** Hex distance between two axial hexes (cube coordinates). */
function hexDistance(a, b) {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

const TYPE_NAMES = Object.freeze({ hex: GRID_TYPES.HEXODDR, square: GRID_TYPES.SQUARE, gridless: GRID_TYPES.GRIDLESS });

export class Grid {
  /** @param {{type?: "hex"|"square"|"gridless", distance?: number, units?: string}} [options] */
  constructor({ type = "hex", distance = 10, units = "m" } = {}) {
    if (!(type in TYPE_NAMES)) throw new Error(`harness grid: no grid type "${type}"`);
    this.kind = type;
    this.type = TYPE_NAMES[type];
    this.distance = distance;
    this.units = units;
    this.size = this.isSquare ? SQUARE : STEP_X;
  }

  get isGridless() {
    return this.type === GRID_TYPES.GRIDLESS;
  }

  get isSquare() {
    return this.type === GRID_TYPES.SQUARE;
  }

  get isHexagonal() {
    return this.type === GRID_TYPES.HEXODDR;
  }

  /** The centre of the space `{q, r}` (axial on hex, column and row on square and gridless). */
  centreOf({ q, r }) {
    if (this.isSquare) return { x: (q + 0.5) * SQUARE, y: (r + 0.5) * SQUARE };
    return { x: q * STEP_X + (r * STEP_X) / 2, y: r * STEP_Y };
  }

  /** Spaces between two centres: hex distance, Chebyshev on squares, none when gridless. */
  #spaces(a, b) {
    if (this.isGridless) return 0;
    if (this.isSquare) {
      const [p, q] = [squareOf(a), squareOf(b)];
      return Math.max(Math.abs(p.q - q.q), Math.abs(p.r - q.r));
    }
    return hexDistance(hexOf(a), hexOf(b));
  }

  /**
   * v12+ `BaseGrid#measurePath`: `spaces` counts steps between neighbouring spaces (0 when
   * gridless), `distance` is in the grid's units. v13 adds `diagonals` and `euclidean`.
   * @param {{x: number, y: number}[]} waypoints
   */
  measurePath(waypoints) {
    let spaces = 0;
    let euclidean = 0;
    for (let i = 1; i < waypoints.length; i++) {
      const [a, b] = [waypoints[i - 1], waypoints[i]];
      euclidean += Math.hypot(b.x - a.x, b.y - a.y);
      spaces += this.#spaces(a, b);
    }
    const distance = this.isGridless ? (euclidean / this.size) * this.distance : spaces * this.distance;
    const result = { waypoints: [], segments: [], distance, spaces, cost: distance };
    return game.release.generation < 13 ? result : { ...result, diagonals: 0, euclidean };
  }

  /** `BaseGrid#getOffset`: the offset {i, j} (row, column) of the space at a centre. */
  getOffset(coords) {
    if (this.isGridless) throw new Error("harness grid: a gridless scene has no offsets");
    if (this.isSquare) {
      const { q, r } = squareOf(coords);
      return { i: r, j: q };
    }
    const { q, r } = hexOf(coords);
    return { i: r, j: q + (r - (r & 1)) / 2 };
  }

  /** `HexagonalGrid#offsetToCube`: odd rows shifted, as the layout above (hex grids only). */
  offsetToCube({ i, j }) {
    if (!this.isHexagonal) throw new Error("harness grid: offsetToCube is a HexagonalGrid method");
    const q = j - (i - (i & 1)) / 2;
    return { q, r: i, s: -q - i };
  }
}

/** CONST.TOKEN_DISPOSITIONS.HOSTILE and `actorLink: false`: Foundry's prototype token default. */
const DEFAULT_PROTOTYPE = Object.freeze({ actorLink: false, disposition: TOKEN_DISPOSITIONS.HOSTILE });

export class TokenDocument extends Document {
  static documentName = "Token";

  /**
   * A token's actor: the world actor when linked; else its own synthetic actor, built once from
   * the base actor and this token's `delta`.
   * @returns {Actor|null}
   */
  get actor() {
    const base = this.baseActor;
    if (!base) return null;
    if (this.actorLink) return base;
    if (!this._synthetic) {
      const data = base.toObject();
      mergeInto(data, structuredClone(this.delta ?? {}));
      Object.defineProperty(this, "_synthetic", { value: new Actor(data, { parent: this }), enumerable: false, writable: true });
    }
    return this._synthetic;
  }

  /** The sidebar actor this token was made from. */
  get baseActor() {
    return game.actors.get(this.actorId) ?? null;
  }

  /** A token's permissions are its actor's (an owner of the actor owns the token). */
  getUserLevel(user) {
    if (user?.isGM) return OWNERSHIP_LEVELS.OWNER;
    return this.baseActor?.getUserLevel(user) ?? OWNERSHIP_LEVELS.NONE;
  }

  /** An unlinked token holds its synthetic actor: `Scene.<s>.Token.<t>.Actor.<a>`. */
  embeddedCollection(documentName) {
    if (documentName !== "Actor" || this.actorLink) return undefined;
    const actor = this.actor;
    return new Collection(actor ? [[actor.id, actor]] : []);
  }
}

export class Scene extends Document {
  static documentName = "Scene";
  static embedded = { tokens: "Token" };
}

DOCUMENT_CLASSES.Token = TokenDocument;
DOCUMENT_CLASSES.Scene = Scene;

/** The harness's one scene. */
export const SCENE_ID = "harnessScene0001";

export class Token {
  /** @param {TokenDocument} document  @param {{x: number, y: number}} centre */
  constructor(document) {
    this.document = document;
    this.id = document.id;
  }

  get name() {
    return this.document.name;
  }

  get actor() {
    return this.document.actor;
  }

  get center() {
    return { x: this.document.x, y: this.document.y };
  }

  /**
   * `Token#getCenterPoint(position)`: "Get the center point for a given position or the current
   * position" (v12 https://foundryvtt.com/api/v12/classes/client.Token.html#getCenterPoint,
   * v13 https://foundryvtt.com/api/classes/foundry.canvas.placeables.Token.html#getCenterPoint).
   * Foundry adds half the token's size to a top-left position; the harness stores a token's
   * centre as its `x` and `y` (as `center` reads them), so a position here is already its centre.
   * @param {{x: number, y: number}} [position]
   */
  getCenterPoint(position = this.document) {
    return { x: position.x, y: position.y };
  }
}

export class MeasuredTemplate {
  /** @param {{id: string, distance: number, t?: string}} data  @param {{x: number, y: number}} centre */
  constructor({ id, distance, t = "circle" }, centre) {
    this.id = id;
    this.document = { _id: id, id, t, distance, ...centre };
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
  return { ready: true, scene: new Scene({ _id: SCENE_ID, name: "Harness", tokens: [] }), grid: new Grid(), tokens: new Layer(), templates: new Layer() };
}

/**
 * One token's stored data: what the test gives, the rest from the actor's prototype token, else
 * Foundry's default (unlinked, Hostile).
 * @param {object} spec  `{id, actor, q, r, name?, disposition?, actorLink?, elevation?}`
 * @param {Grid} grid
 */
function tokenData(spec, grid) {
  const actor = game.actors.get(spec.actor, { strict: true });
  const prototype = { ...DEFAULT_PROTOTYPE, ...(actor.prototypeToken ?? {}) };
  const pick = (key) => (spec[key] ?? prototype[key]);
  return {
    _id: spec.id, name: spec.name ?? prototype.name ?? actor.name, actorId: actor.id,
    actorLink: pick("actorLink"), disposition: pick("disposition"), delta: {}, ...grid.centreOf(spec),
    // TokenDocument#elevation: "The vertical elevation of the Token, in distance units", 0 by default.
    elevation: spec.elevation ?? 0
  };
}

/**
 * Lay out the scene for the next macro run: fresh world actors, `canvas` and the user's targets.
 * @param {{grid?: object, actors?: object[], tokens?: object[], templates?: object[],
 *   controlled?: string[], targets?: string[]}} scene
 *   `actors` are stored actor documents put into `game.actors` (replacing any of the same id);
 *   tokens name a world actor by id (`actor`), and may set `disposition` and `actorLink`
 *   (otherwise the actor's prototype token's, else unlinked and Hostile); `controlled` lists
 *   token and template ids.
 */
export function stageScene({ grid = {}, actors = [], tokens = [], templates = [], controlled = [], targets = [] } = {}) {
  for (const data of actors) game.actors.set(data._id, new DOCUMENT_CLASSES.Actor(data));
  const layout = new Grid(grid);
  const scene = new Scene({ _id: SCENE_ID, name: "Harness", tokens: tokens.map((t) => tokenData(t, layout)) });
  const placed = [...scene.tokens].map((doc) => new Token(doc));
  const drawn = templates.map((t) => new MeasuredTemplate(t, layout.centreOf(t)));
  globalThis.canvas = {
    ready: true,
    scene,
    grid: layout,
    tokens: new Layer(placed, controlled),
    templates: new Layer(drawn, controlled),
  };
  const unknown = targets.filter((id) => !placed.some((t) => t.id === id));
  if (unknown.length) throw new Error(`harness scene: no token ${unknown.join(", ")} to target`);
  game.user.targets = new Set(placed.filter((t) => targets.includes(t.id)));
}
