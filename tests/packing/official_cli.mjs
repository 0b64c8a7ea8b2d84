// Runs the official foundryvtt-cli on a list of jobs in one Node process (start-up is the cost):
// node official_cli.mjs jobs.json, where jobs.json is [{op: "extract" | "compile", src, dest}].
import { readFileSync } from "node:fs";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";

const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const { op, src, dest } of jobs) {
  if (op === "extract") await extractPack(src, dest, {});
  else if (op === "compile") await compilePack(src, dest, {});
  else throw new Error(`unknown job ${op}`);
}
