/**
 * Run a built Danger Room module's secret-pick commitments (`foundry/danger_room/commit.mjs`) in
 * Node, as every client runs them. Usage:
 *   node commit_probe.mjs <module folder>   (stdin: {"cards": [card key, ...]})
 * Prints, for each card committed with a fresh nonce: the nonce, the hash, and whether each
 * reveal matches it: the card itself, every other card with the same nonce, the card with a
 * nonce one hex digit off, and the card with no nonce.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const folder = path.resolve(process.argv[2]);
const { hashOf, matches, newNonce } = await import(pathToFileURL(path.join(folder, "scripts/foundry/danger_room/commit.mjs")).href);
const { cards } = JSON.parse(readFileSync(0, "utf-8"));

/** The nonce with its first hex digit changed. */
function offByOne(nonce) {
  return (nonce[0] === "0" ? "1" : "0") + nonce.slice(1);
}

const report = [];
for ( const card of cards ) {
  const nonce = newNonce();
  const hash = await hashOf({ card, nonce });
  const others = {};
  for ( const other of cards ) if ( other !== card ) others[other] = await matches({ card: other, nonce }, hash);
  report.push({
    card, nonce, hash, itself: await matches({ card, nonce }, hash), others,
    wrongSalt: await matches({ card, nonce: offByOne(nonce) }, hash),
    noSalt: await matches({ card }, hash)
  });
}
process.stdout.write(JSON.stringify(report));
