/**
 * Stand-ins for the world's scenes as a GM opens a shipped fight: `game.scenes` (a
 * `WorldCollection`: `importFromCompendium`, `fromCompendium`, `viewed`, `active`), `Scene#view`
 * and `Scene#activate`, the canvas drawn from the viewed scene (its grid and its tokens), and the
 * tracker's way into a fight: `TokenDocument.createCombatants` (Toggle Combat State on selected
 * tokens) and `Combat#startCombat` (combat.mjs).
 *
 * As Foundry behaves:
 * - `importFromCompendium(pack, id, updateData, options)` makes a world document from the pack's
 *   (`fromCompendium`: a new `_id` unless `keepId`, `_stats.compendiumSource` the pack
 *   document's uuid, the sort cleared, owned by the importer, a scene inactive), creates it as the user
 *   (only a GM may create a Scene), and `create<Document>` fires with the user's id. A compendium
 *   scene brings no actors: a token whose `actorId` names no world actor has no actor.
 * - A token's `delta` stored as null is its empty ActorDelta once loaded (the field's initial
 *   value: canvas.mjs `TokenDocument.migrateData`).
 * - The viewed scene's grid measures with Foundry's own geometry (v12/v13 `SquareGrid`,
 *   `HexagonalGrid` for `CONST.GRID_TYPES.HEXODDR`: pointy-topped rows, the even rows half a space
 *   left): a token's `center` is its top left (`x`, `y`) plus half its width and height in
 *   pixels, and `getOffset` finds the space under any point, as Foundry's does, instead of
 *   the staged canvas's exact-centre rule (canvas.mjs `stageScene`).
 * - `Token#control` selects a token (releasing the others unless told not to) and
 *   `Token#setTarget` targets it for the user, as clicking them does.
 * Sources: v12 https://foundryvtt.com/api/v12/classes/client.WorldCollection.html
 * (importFromCompendium, fromCompendium), https://foundryvtt.com/api/v12/classes/client.Scene.html
 * (view, activate), https://foundryvtt.com/api/v12/classes/client.TokenDocument.html
 * (createCombatants), https://foundryvtt.com/api/v12/classes/foundry.grid.HexagonalGrid.html.
 * @module harness/foundry/scenes
 */

import { Collection } from "./collection.mjs";

/** CONST.GRID_TYPES (as canvas.mjs, which imports this file: kept here to avoid the cycle). */
const GRID_TYPES = Object.freeze({ GRIDLESS: 0, SQUARE: 1, HEXODDR: 2 });

/** cos(30°) and 2/√3: the hex's row step and height per grid size (pointy-topped rows). */
const HALF_ROOT3 = Math.sqrt(3) / 2;
const TWO_OVER_ROOT3 = 2 / Math.sqrt(3);

/** `foundry.grid.HexagonalGrid.cubeRound`. */
function cubeRound({ q, r, s }) {
  let [iq, ir, is] = [Math.round(q), Math.round(r), Math.round(s)];
  const [dq, dr, ds] = [Math.abs(iq - q), Math.abs(ir - r), Math.abs(is - s)];
  if ((dq > dr) && (dq > ds)) iq = -ir - is;
  else if (dr > ds) ir = -iq - is;
  else is = -iq - ir;
  return { q: iq | 0, r: ir | 0, s: is | 0 };
}

/** The grid of a viewed scene, measured as Foundry's square and odd-row hex grids measure. */
export class SceneGrid {
  /** @param {{type: number, size: number, distance: number, units: string}} grid  the scene's */
  constructor({ type, size, distance, units }) {
    if (![GRID_TYPES.GRIDLESS, GRID_TYPES.SQUARE, GRID_TYPES.HEXODDR].includes(type)) {
      throw new Error(`harness grid: no stand-in for grid type ${type}`);
    }
    Object.assign(this, { type, size, distance, units });
    this.sizeX = size;
    this.sizeY = this.isHexagonal ? size * TWO_OVER_ROOT3 : size;
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

  /** `getOffset`: the space {i: row, j: column} under a point. */
  getOffset({ x, y }) {
    if (this.isGridless) throw new Error("harness grid: a gridless scene has no offsets");
    if (this.isSquare) return { i: Math.floor(y / this.size), j: Math.floor(x / this.size) };
    // HexagonalGrid#pointToCube (rows, odd), cubeRound, cubeToOffset.
    const r = (TWO_OVER_ROOT3 * (y / this.size)) - (2 / 3);
    const q = (-0.5 * r) + (x / this.size);
    const cube = cubeRound({ q, r, s: -q - r });
    return { i: cube.r, j: cube.q + ((cube.r - (cube.r & 1)) >> 1) };
  }

  /** `HexagonalGrid#offsetToCube` (odd rows): hex grids only. */
  offsetToCube({ i, j }) {
    if (!this.isHexagonal) throw new Error("harness grid: offsetToCube is a HexagonalGrid method");
    const q = j - ((i - (i & 1)) >> 1);
    return { q, r: i, s: -q - i };
  }

  /** `getTopLeftPoint` of an offset. */
  getTopLeftPoint({ i, j }) {
    if (this.isSquare) return { x: j * this.size, y: i * this.size };
    return { x: (j - ((i % 2 === 0) ? 0.5 : 0)) * this.size, y: HALF_ROOT3 * i * this.size };
  }

  /** Spaces between two points' spaces: cube distance on hexes, Chebyshev on squares. */
  #spaces(a, b) {
    if (this.isGridless) return 0;
    const [p, q] = [this.getOffset(a), this.getOffset(b)];
    if (this.isSquare) return Math.max(Math.abs(p.i - q.i), Math.abs(p.j - q.j));
    const [c, d] = [this.offsetToCube(p), this.offsetToCube(q)];
    return (Math.abs(c.q - d.q) + Math.abs(c.r - d.r) + Math.abs(c.s - d.s)) / 2;
  }

  /** `measurePath` (equidistant diagonals, the default `core.gridDiagonals`); v13 adds fields. */
  measurePath(waypoints) {
    let spaces = 0;
    let euclidean = 0;
    for (let n = 1; n < waypoints.length; n++) {
      const [a, b] = [waypoints[n - 1], waypoints[n]];
      euclidean += Math.hypot(b.x - a.x, b.y - a.y) / this.size * this.distance;
      spaces += this.#spaces(a, b);
    }
    const distance = this.isGridless ? euclidean : spaces * this.distance;
    const result = { waypoints: [], segments: [], distance, spaces, cost: distance };
    return game.release.generation < 13 ? result : { ...result, diagonals: 0, euclidean };
  }
}

/**
 * A token drawn on the viewed scene (the `Token` placeable: `id`, `name`, `actor`, `document`,
 * `center`): centred on its box, selectable and targetable.
 */
export class SceneToken {
  /** @param {TokenDocument} document  @param {SceneGrid} grid */
  constructor(document, grid) {
    this.document = document;
    this.id = document.id;
    this.grid = grid;
  }

  get name() {
    return this.document.name;
  }

  get actor() {
    return this.document.actor;
  }

  get center() {
    return this.getCenterPoint();
  }

  /**
   * `Token#getCenterPoint(position)`: "Get the center point for a given position or the current
   * position": the top left plus half the token's size in pixels.
   * @param {{x: number, y: number}} [position]
   */
  getCenterPoint(position = this.document) {
    const { width = 1, height = 1 } = this.document;
    return { x: position.x + (width * this.grid.sizeX) / 2, y: position.y + (height * this.grid.sizeY) / 2 };
  }

  /** `Token#control`: select this token (alone unless `releaseOthers` is false). */
  control({ releaseOthers = true } = {}) {
    const layer = canvas.tokens;
    if (releaseOthers) layer.controlled.length = 0;
    if (!layer.controlled.includes(this)) layer.controlled.push(this);
    return true;
  }

  /** `Token#setTarget`: target (or untarget) this token for the user. */
  setTarget(targeted = true, { releaseOthers = true } = {}) {
    if (releaseOthers) game.user.targets.clear();
    if (targeted) game.user.targets.add(this);
    else game.user.targets.delete(this);
  }
}

/** `Scene#view`: draw the scene on this client's canvas (its grid, its tokens), nothing selected. */
export async function viewScene(scene) {
  const grid = new SceneGrid(scene.grid);
  const placeables = [...scene.tokens].map((doc) => new SceneToken(doc, grid));
  globalThis.canvas = {
    ready: true, scene, grid,
    dimensions: { width: scene.width, height: scene.height, size: grid.size, distance: grid.distance },
    tokens: { placeables, controlled: [] },
    templates: { placeables: [], controlled: [] },
  };
  game.user.targets = new Set();
  Hooks.callAll("canvasReady", globalThis.canvas);
  return scene;
}

/** `Scene#activate` (GM): this scene becomes the active one, the others not, and is viewed. */
export async function activateScene(scene) {
  for (const other of game.scenes) if (other !== scene && other.active) await other.update({ active: false });
  await scene.update({ active: true });
  return viewScene(scene);
}

/** The world's documents of one type (`game.scenes`), with what a compendium import needs. */
export class WorldCollection extends Collection {
  /** @param {string} documentName */
  constructor(documentName) {
    super();
    this.documentName = documentName;
  }

  get documentClass() {
    return CONFIG[this.documentName].documentClass;
  }

  /** The scene this client shows, and the one the GM made active for everyone (scenes only). */
  get viewed() {
    return this.find((doc) => doc === globalThis.canvas?.scene);
  }

  get active() {
    return this.find((doc) => doc.active === true);
  }

  /**
   * `WorldCollection#fromCompendium`: the pack document's data as a new world document's: a new
   * id unless `keepId`, its sort and (with `clearFolder`) folder cleared, owned by the importing
   * user alone (`clearOwnership`), its source recorded; a scene comes inactive.
   */
  fromCompendium(document, { keepId = false, clearFolder = false, clearSort = true, clearOwnership = true } = {}) {
    const data = document.toObject();
    data._stats = { ...(data._stats ?? {}), compendiumSource: document.uuid };
    if (!keepId) delete data._id;
    if (clearFolder) delete data.folder;
    if (clearSort) delete data.sort;
    if (clearOwnership && ("ownership" in data)) data.ownership = { default: 0, [game.user.id]: 3 };
    if (this.documentName === "Scene") data.active = false;
    return data;
  }

  /** `WorldCollection#importFromCompendium`: create the world copy of one pack document. */
  async importFromCompendium(pack, id, updateData = {}, options = {}) {
    if (pack.documentName !== this.documentName) {
      throw new Error(`The ${pack.documentName} Document type provided by Compendium ${pack.collection} is incorrect for this Collection`);
    }
    const document = await pack.getDocument(id);
    if (!document) throw new Error(`harness: no ${this.documentName} ${id} in ${pack.collection}`);
    const data = { ...this.fromCompendium(document, options), ...structuredClone(updateData) };
    return this.documentClass.create(data, { ...options, fromCompendium: true });
  }
}

/**
 * `TokenDocument.createCombatants`: one Combatant per token in the viewed Combat, which a GM's
 * call creates (active, on the tokens' scene) when there is none.
 * @param {TokenDocument[]} tokens
 */
export async function createCombatants(tokens, { combat = null } = {}) {
  let found = combat ?? game.combat;
  if (!found) {
    if (!game.user.isGM) throw new Error("Only a GM can create a new Combat encounter.");
    found = await CONFIG.Combat.documentClass.create({ scene: tokens[0]?.parent?.id ?? null, active: true });
  }
  const data = tokens.filter((t) => !found.combatants.some((c) => c.tokenId === t.id))
    .map((t) => ({ tokenId: t.id, sceneId: t.parent?.id ?? null, actorId: t.actorId, hidden: t.hidden === true }));
  return CONFIG.Combatant.documentClass.createDocuments(data, { parent: found });
}
