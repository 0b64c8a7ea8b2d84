/**
 * What the Hazard Dice macros read off the canvas: the attacker (the one controlled token), the
 * target (the one targeted token), a selected measured template and the tokens inside it, and
 * the distance between two points in whole grid spaces. One grid space is one combat hex
 * (HZ-R05, HZ-G32: the engine turns hexes into metres with `metres_per_hex`), so a measured
 * distance reaches the rules as an exact integer; a gridless scene measures nothing exactly,
 * so there the distance is typed in the attack window instead.
 * @module foundry/hazard_location/canvas
 */

/**
 * @typedef {import("./numbers.mjs").Length} Length
 */

/**
 * The single controlled token, or null when none or several are controlled.
 * @returns {Token|null}
 */
export function controlledToken() {
  const controlled = canvas?.tokens?.controlled ?? [];
  return controlled.length === 1 ? controlled[0] : null;
}

/**
 * The single token the user targets, or null when none or several are targeted.
 * @returns {Token|null}
 */
export function targetedToken() {
  const targets = [...(game.user?.targets ?? [])];
  return targets.length === 1 ? targets[0] : null;
}

/**
 * Every token the user targets.
 * @returns {Token[]}
 */
export function targetedTokens() {
  return [...(game.user?.targets ?? [])];
}

/**
 * Whether the viewed scene's grid is a hex grid, whose spaces are combat hexes.
 * @returns {boolean}
 */
export function onHexes() {
  return canvas?.grid?.isHexagonal === true;
}

/**
 * Why the distance must be typed on this scene: no grid, or a square one.
 * @returns {string}  localised
 */
export function typeDistanceNote() {
  if ( canvas?.grid?.isGridless === false ) return game.i18n.localize("RULEPACK.Hazard.TypeDistanceSquare");
  return game.i18n.localize("RULEPACK.Hazard.TypeDistance");
}

/**
 * The distance from `from` to `to` in hexes, exactly, or null off a hex grid (a square grid's
 * spaces are not hexes; a gridless one measures no spaces). Foundry's `measurePath` counts every
 * step between neighbouring spaces as one space, which on a hex grid is the hex distance between
 * centres (HZ-G32).
 * @param {{x: number, y: number}} from
 * @param {{x: number, y: number}} to
 * @returns {Length|null}
 */
export function hexesBetween(from, to) {
  const grid = canvas?.grid;
  if ( !grid || !onHexes() ) return null;
  const { spaces } = grid.measurePath([from, to]);
  return Number.isSafeInteger(spaces) && (spaces >= 0) ? { value: spaces, unit: "hex" } : null;
}

/**
 * The single controlled measured template, or null.
 * @returns {MeasuredTemplate|null}
 */
export function selectedTemplate() {
  const controlled = canvas?.templates?.controlled ?? [];
  return controlled.length === 1 ? controlled[0] : null;
}

/**
 * The template's origin, where the blast detonates.
 * @param {MeasuredTemplate} template
 * @returns {{x: number, y: number}}
 */
export function templateOrigin(template) {
  return { x: template.document.x, y: template.document.y };
}

/**
 * The tokens whose centre lies within the template's radius, in grid spaces (a token on the edge
 * is inside). The template's `distance` is in the scene's units; a grid space is `grid.distance`
 * of them.
 * @param {MeasuredTemplate} template
 * @returns {Token[]}
 */
export function tokensInTemplate(template) {
  const grid = canvas?.grid;
  if ( !grid || !onHexes() ) return [];
  const origin = templateOrigin(template);
  const radius = template.document.distance;
  return (canvas?.tokens?.placeables ?? []).filter((token) => {
    const length = hexesBetween(origin, token.center);
    return (length !== null) && (Number(length.value) * grid.distance <= radius);
  });
}
