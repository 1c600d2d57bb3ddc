// The gallery and the 3D viewer in a real browser (docs/gallery.md): Debian's
// chromium, driven by playwright-core (npm, tools/viewer/node_modules). The
// batch converts a copy of the shared corpus (without the motion library)
// plus one broken file with --gallery; then:
//   from disk (file://): every card with the right counts, the failed file's
//   error, the filter, sorting by size, no console error;
//   through `assimp-retro view`: paths outside OUT refused, every thumbnail
//   drawn where the model is, every model with a mesh drawn by the viewer,
//   an animation's frames differ, LODs switch, sockets and selections by
//   name, no console error.
// It writes the screenshots of docs/gallery.md (docs/images/ with
// ASSIMP_RETRO_UPDATE_SCREENSHOTS=1). Ends with "N passed, M failed"; exit 77
// when the corpus, chromium or playwright-core is missing (a failure where
// ASSIMP_RETRO_REQUIRE_CORPUS / ASSIMP_RETRO_REQUIRE_JUDGES is 1).
//
//   node gallery_browser_test.mjs --tool T --corpus C --work W --modules M --docs D
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  a.startsWith("--") ? pairs.concat([[a.slice(2), all[i + 1]]]) : pairs, []));
let passed = 0, failed = 0;
const started = Date.now();

function finish(code) {
  console.log(`${passed} passed, ${failed} failed`);
  console.log(`browser test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code);
}
function unavailable(reason, requiredBy) {
  console.log(reason);
  if (process.env[requiredBy] === "1") { failed++; finish(1); }
  console.log("SKIPPED: " + reason);
  process.exit(77);
}
function check(name, ok, detail = "") {
  if (ok) { passed++; } else { failed++; console.log(`FAILED ${name}${detail ? ": " + detail : ""}`); }
}

if (!args.corpus || !fs.existsSync(path.join(args.corpus, "ltb"))) {
  unavailable("the shared corpus is not there (ASSIMP_RETRO_CORPUS_DIR)", "ASSIMP_RETRO_REQUIRE_CORPUS");
}
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const playwrightEntry = path.join(args.modules || "", "playwright-core", "index.mjs");
if (!fs.existsSync(chromiumPath) || !fs.existsSync(playwrightEntry)) {
  unavailable("chromium or playwright-core is not installed (tools/install_deps.sh --judges installs both)",
    "ASSIMP_RETRO_REQUIRE_JUDGES");
}
const { chromium } = await import(pathToFileURL(playwrightEntry).href);

// ---- the batch ------------------------------------------------------------------
const work = path.resolve(args.work);
const input = path.join(work, "in"), out = path.join(work, "out");
fs.rmSync(work, { recursive: true, force: true });
fs.cpSync(args.corpus, input, { recursive: true, filter: src => !/M-MOTION_BLUE\.LTB$/i.test(src) });
execFileSync("chmod", ["-R", "u+w", input]);
fs.mkdirSync(path.join(input, "broken"));
fs.writeFileSync(path.join(input, "broken", "BROKEN.ABC"), "MonolithExport Model File v6, then nothing");
try {
  execFileSync(args.tool, ["export", "--recursive", input, out, "-f", "glb", "--gallery", "-j", "2",
    "--set", "IMPORT_ABC_LOD_LEVELS=2", "--set", "IMPORT_P3D_LODS=1"], { stdio: "pipe" });
  check("batch reports the broken file", false, "exit code 0");
} catch (e) {
  check("batch exit code 6 (a file failed)", e.status === 6, String(e.stderr).slice(-500));
}
const html = fs.readFileSync(path.join(out, "index.html"), "utf8");
const json = html.match(/<script id="gallery-data" type="application\/json">([\s\S]*?)<\/script>/);
const data = JSON.parse(json[1]);
const byName = name => data.cards.find(c => c.name === name);
const models = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.(abc|ltb|p3d|oni|dat)$/i.test(entry.name)) models.push(full);
  }
})(input);
check("one card per model file", data.cards.length === models.length, `${data.cards.length} cards, ${models.length} files`);

const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
  "--use-angle=swiftshader", "--enable-unsafe-swiftshader"];
const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
const screenshots = process.env.ASSIMP_RETRO_UPDATE_SCREENSHOTS === "1" && args.docs ? args.docs : work;

async function newPage(label) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const errors = [];
  page.on("console", m => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", e => errors.push(e.message));
  page.errors = errors;
  page.label = label;
  return page;
}

// The counts line a card shows, as gallery.html writes it.
function countsText(s) {
  const plural = (n, w) => n + " " + w + (n === 1 ? "" : "s");
  return [plural(s.triangles, "triangle"), plural(s.nodes, "node"), plural(s.bones, "bone"),
    plural(s.animations.length, "animation"), plural(s.lods, "LOD"), plural(s.sockets.length, "socket"),
    plural(s.selections.length, "selection")].join(" \u00b7 ");
}

// ---- from disk ------------------------------------------------------------------------
{
  const page = await newPage("file");
  const t0 = Date.now();
  await page.goto(pathToFileURL(path.join(out, "index.html")).href);
  await page.waitForSelector("article.card");
  console.log(`gallery from disk: cards shown after ${Date.now() - t0} ms`);
  const shown = await page.$$eval("article.card", cards => cards.map(c => ({
    name: c.querySelector("h2").textContent, counts: (c.querySelector(".counts") || {}).textContent || "",
    error: (c.querySelector(".error") || {}).textContent || "" })));
  check("every card in the page", shown.length === data.cards.length);
  for (const card of data.cards) {
    const s = shown.find(x => x.name === card.name);
    if (card.summary) check(`counts of ${card.path}`, s && s.counts === countsText(card.summary), s && s.counts);
  }
  // Ground truth from the corpus's own tables (STATS.tsv, README.md).
  check("PV-M4A1: 10 animations, the gunfire socket", byName("PV-M4A1.LTB").summary.animations.length === 10 &&
    byName("PV-M4A1.LTB").summary.sockets.includes("gunfire"));
  check("FoxHowl body: 12,476 triangles", byName("FoxHowl_Teacher_BODY_GR.LTB").summary.triangles === 12476);
  check("HMMWV: 10 LODs", byName("tzk210_mcar_hmmwv_xj200.p3d").summary.lods === 10);
  check("TIBERIUS: 12 animations", byName("CREATURES__TIBERIUS.ABC").summary.animations.length === 12);
  const broken = shown.find(x => x.name === "BROKEN.ABC");
  check("the failed file shows its error", broken && broken.error.includes("ABC:"), broken && broken.error);

  await page.fill("#filter", "tiberius");
  const visible = await page.$$eval("article.card:not([hidden]) h2", h => h.map(x => x.textContent));
  const expected = data.cards.filter(c => (c.name + c.path).toLowerCase().includes("tiberius")).map(c => c.name);
  check("the filter shows the matching cards", visible.length === expected.length && expected.length >= 3 &&
    visible.every(n => expected.includes(n)), visible.join(", "));
  await page.fill("#filter", "");
  await page.selectOption("#sort", "size");
  const first = await page.$eval("article.card:not([hidden]) h2", h => h.textContent);
  const largest = data.cards.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  check("sorting by size puts the largest first", first === largest.name, first);
  await page.selectOption("#sort", "errors");
  check("sorting with errors first", (await page.$eval("article.card h2", h => h.textContent)) === "BROKEN.ABC");
  await page.selectOption("#sort", "folder");
  await page.setViewportSize({ width: 960, height: 620 }); // the docs' size: small PNGs
  await page.screenshot({ path: path.join(screenshots, "gallery.png") });
  await page.setViewportSize({ width: 1100, height: 760 });
  check("no console error from disk", page.errors.length === 0, page.errors.join(" | "));
  await page.close();
}

// ---- served by `assimp-retro view` ----------------------------------------------------------
fs.symlinkSync(input, path.join(out, "outside"));
const server = spawn(args.tool, ["view", out, "--port", "0", "--seconds", "240", "--no-open"]);
const url = await new Promise((resolve, reject) => {
  let text = "";
  server.stdout.on("data", d => { text += d; const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//); if (m) resolve(m[0]); });
  server.on("exit", code => reject(new Error("view exited with " + code)));
});
const get = target => new Promise(resolve => {
  const request = http.request(url.slice(0, -1) + target, { method: "GET", insecureHTTPParser: true }, response => {
    let body = "";
    response.on("data", d => { body += d; });
    response.on("end", () => resolve({ status: response.statusCode, body }));
  });
  request.on("error", e => resolve({ status: 0, body: String(e) }));
  request.end();
});
check("view serves the gallery", (await get("/")).status === 200);
for (const target of ["/../in/broken/BROKEN.ABC", "/%2e%2e/in/broken/BROKEN.ABC", "/%2E%2E%2Fin%2Fbroken%2FBROKEN.ABC",
  "//etc/passwd", "/%2Fetc%2Fpasswd", "/outside/broken/BROKEN.ABC", "/abc/..%5c..%5cin",
  "/__assimp_retro__/three/..%2f..%2f..%2fpackage.json"]) {
  const answer = await get(target);
  check(`view refuses ${target}`, answer.status === 404 && !answer.body.includes("MonolithExport") &&
    !answer.body.includes("root:"), `${answer.status}`);
}

const page = await newPage("view");
await page.goto(url);
await page.waitForFunction(() => window.retroViewer && document.querySelector("button.view"));

// Every thumbnail: drawn pixels (alpha > 0) that cover the middle of the picture.
const thumbnails = await page.evaluate(async () => {
  const results = [];
  for (const card of window.retroGallery.cards.filter(c => c.thumbnail)) {
    const image = new Image();
    image.src = card.thumbnail;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let drawn = 0, sx = 0, sy = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3] > 0) { drawn++; sx += (i / 4) % image.width; sy += Math.floor(i / 4 / image.width); }
    }
    results.push({ path: card.path, drawn, fraction: drawn / (image.width * image.height),
      cx: drawn ? sx / drawn / image.width : 0, cy: drawn ? sy / drawn / image.height : 0 });
  }
  return results;
});
check("a thumbnail for every converted file", thumbnails.length === data.cards.filter(c => c.ok).length,
  `${thumbnails.length}`);
for (const t of thumbnails) {
  check(`thumbnail of ${t.path} draws the model`, t.fraction > 0.002 && t.cx > 0.2 && t.cx < 0.8 && t.cy > 0.2 && t.cy < 0.8,
    JSON.stringify(t));
}

// The viewer's canvas: the share of pixels that are not the background, and a digest.
async function canvasPixels() {
  return page.evaluate(() => {
    const source = document.querySelector("#retro-viewer canvas");
    const canvas = document.createElement("canvas");
    canvas.width = source.width; canvas.height = source.height;
    const context = canvas.getContext("2d");
    context.drawImage(source, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0, hash = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const background = Math.abs(pixels[i] - 0x3a) + Math.abs(pixels[i + 1] - 0x3f) + Math.abs(pixels[i + 2] - 0x49) < 6;
      if (!background) drawn++;
      hash = (hash * 31 + pixels[i] + pixels[i + 1] * 7 + pixels[i + 2] * 13) | 0;
    }
    return { fraction: drawn / (pixels.length / 4), hash };
  });
}
async function open(card) {
  await page.evaluate(c => window.retroViewer.open(c), card);
  await page.waitForFunction(() => window.retroViewer.state.status !== "loading");
  return page.evaluate(() => window.retroViewer.state.status);
}

for (const card of data.cards.filter(c => c.ok && c.summary && c.summary.triangles > 0)) {
  const status = await open(card);
  await page.evaluate(() => window.retroViewer.pauseAt(0));
  const pixels = await canvasPixels();
  check(`viewer draws ${card.path}`, status === "ready" && pixels.fraction > 0.005, `${status} ${pixels.fraction}`);
}
// An animation's frames differ between two times.
const animated = byName("TIBERIUS.ABC");
await open(animated);
await page.evaluate(() => window.retroViewer.playAnimation(1));
await page.evaluate(() => window.retroViewer.pauseAt(0.05));
const early = await canvasPixels();
await page.evaluate(() => window.retroViewer.pauseAt(0.6));
const later = await canvasPixels();
check("an animated model's frames differ", early.hash !== later.hash);
await page.setViewportSize({ width: 960, height: 620 });
await page.evaluate(() => { window.dispatchEvent(new Event("resize")); window.retroViewer.pauseAt(0.6); });
await page.screenshot({ path: path.join(screenshots, "viewer.png") });
await page.setViewportSize({ width: 1100, height: 760 });
await page.evaluate(() => window.dispatchEvent(new Event("resize")));
// LODs: STARGRAVE's collapse levels (IMPORT_ABC_LOD_LEVELS=2) give other pictures.
await open(byName("CREATURES__STARGRAVE.ABC"));
const levels = await page.$$eval("#retro-viewer .lod option", o => o.length);
await page.evaluate(() => window.retroViewer.pauseAt(0));
const lod0 = await canvasPixels();
await page.evaluate(() => window.retroViewer.showLevel(2));
const lod2 = await canvasPixels();
check("LODs to switch", levels === 3 && lod0.hash !== lod2.hash && lod2.fraction > 0.005, `${levels} levels`);
// Sockets and named selections by name.
await open(byName("PV-M4A1.LTB"));
const sockets = await page.$$eval("#retro-viewer .sockets label", l => l.map(x => x.textContent.trim()));
const tags = await page.$$eval("#retro-viewer .labels div", l => l.map(x => x.textContent));
check("the gunfire socket by name", sockets.includes("gunfire") && tags.includes("gunfire") &&
  tags.length === byName("PV-M4A1.LTB").summary.sockets.length, sockets.join(",") + " / " + tags.join(","));
await open(byName("tzk210_mcar_hmmwv_xj200.p3d"));
await page.click("#retro-viewer .selection >> text=otocvez");
const selected = await page.$eval("#retro-viewer .selected", e => e.textContent);
check("a named selection by name", selected.startsWith("otocvez") && selected.includes("faces"), selected);
const p3dLevels = await page.$$eval("#retro-viewer .lod option", o => o.map(x => x.textContent));
check("the HMMWV's visual LODs", p3dLevels.length >= 2, p3dLevels.join(","));
check("no console error in the view", page.errors.length === 0, page.errors.join(" | "));

await browser.close();
server.kill();
finish(failed ? 1 : 0);
