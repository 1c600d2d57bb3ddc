// Benchmark of the gallery (docs/gallery.md, docs/benchmarks.md): the
// thumbnail verb's time per model (whole process, file to PNG, best of
// --runs), and the gallery of a folder of --copies copies of the corpus
// without the motion library (29 models each; 18 copies: 522 models):
// the batch's time, and the page's first paint and all cards in Debian's
// chromium (playwright-core from tools/viewer), from disk.
//   node bench/bench_gallery.mjs --tool build-user/tools/assimp-retro \
//     --corpus ../shared/corpus --work /tmp/gallery-bench [--copies 18] [--runs 9]
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  a.startsWith("--") ? pairs.concat([[a.slice(2), all[i + 1]]]) : pairs, []));
const copies = Number(args.copies || 18), runs = Number(args.runs || 9);
const work = path.resolve(args.work);
const here = path.dirname(fileURLToPath(import.meta.url));

// ---- thumbnails, whole process ----------------------------------------------------
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
for (const model of ["ltb/FoxHowl_Teacher_BODY_GR.LTB", "kpc-tree/MODELS/CREATURES/TIBERIUS.ABC",
  "kpc-tree/MODELS/CREATURES/ARACHNICLOWN.ABC", "ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d",
  "p3d/tzk210_mcar_hmmwv_xj200.p3d", "oban/OBANsyn_scaled_loop.oni"]) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const run = spawnSync(args.tool, ["thumbnail", path.join(args.corpus, model), path.join(work, "t.png")]);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (run.status !== 0) throw new Error(model + ": " + run.stderr);
  }
  times.sort((a, b) => a - b);
  console.log(`thumbnail 256x256 ${model}: best ${times[0].toFixed(1)} ms, median ${times[runs >> 1].toFixed(1)} ms`);
}

// ---- the 500-model gallery -----------------------------------------------------------
const input = path.join(work, "in"), out = path.join(work, "out");
for (let c = 0; c < copies; c++) {
  fs.cpSync(args.corpus, path.join(input, "copy" + String(c).padStart(2, "0")), { recursive: true,
    filter: src => !/M-MOTION_BLUE\.LTB$/i.test(src) });
}
execFileSync("chmod", ["-R", "u+w", input]);
let t0 = Date.now();
const batch = spawnSync(args.tool, ["export", "--recursive", input, out, "-f", "glb", "--gallery"], { encoding: "utf8" });
const summary = (batch.stdout.match(/Summary: .*/) || [""])[0];
console.log(`batch with --gallery: ${((Date.now() - t0) / 1000).toFixed(1)} s (${summary})`);
const { chromium } = await import(pathToFileURL(path.join(here, "..", "tools", "viewer", "node_modules",
  "playwright-core", "index.mjs")).href);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox",
  "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  t0 = Date.now();
  await page.goto(pathToFileURL(path.join(out, "index.html")).href, { waitUntil: "load" });
  const loaded = Date.now() - t0;
  const paint = await page.evaluate(() => {
    const entry = performance.getEntriesByName("first-contentful-paint")[0];
    return entry ? entry.startTime : -1;
  });
  const cards = await page.$$eval("article.card", c => c.length);
  console.log(`gallery of ${cards} cards from disk: first contentful paint ${paint.toFixed(0)} ms, load event ${loaded} ms`);
  await page.close();
}
await browser.close();
