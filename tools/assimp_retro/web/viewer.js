// assimp-retro 3D view: the live view of a model that `assimp-retro view`
// adds to its gallery (docs/gallery.md). three.js comes from the tool's
// server (npm's three, installed by tools/install_deps.sh), through the
// gallery page's import map; nothing is loaded from the network.
//
// It reads what the importers record in the GLB's node extras (three.js
// puts them in userData): LOD nodes ("abc:lod" > 0; P3D's LODs are the
// root's children with "p3d:resolution"), sockets ("abc:socket"), P3D
// memory points ("p3d:points") and named selections ("selection:<name>").
import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { CSS2DRenderer, CSS2DObject } from "three/addons/renderers/CSS2DRenderer.js";

const style = document.createElement("style");
style.textContent = `
#retro-viewer { position: fixed; inset: 24px; z-index: 10; display: grid; grid-template-columns: 1fr 260px;
  grid-template-rows: auto 1fr; background: #15171c; border: 1px solid #444; border-radius: 8px; overflow: hidden; }
#retro-viewer .bar { grid-column: 1 / 3; display: flex; gap: 12px; align-items: center; padding: 6px 10px; background: #22252c; }
#retro-viewer .bar h2 { margin: 0; font-size: 15px; flex: 1; }
#retro-viewer .stage { position: relative; min-height: 0; }
#retro-viewer canvas { display: block; width: 100%; height: 100%; }
#retro-viewer .labels { position: absolute; inset: 0; pointer-events: none; }
#retro-viewer .labels div { font-size: 11px; color: #fff; background: rgba(40, 90, 160, 0.85); padding: 1px 4px; border-radius: 3px; }
#retro-viewer aside { overflow: auto; padding: 8px; font-size: 13px; border-left: 1px solid #333; }
#retro-viewer aside h3 { font-size: 13px; margin: 10px 0 4px; color: #9aa1ad; }
#retro-viewer aside label { display: block; }
#retro-viewer select, #retro-viewer button { background: #2a2e36; color: #e4e6ea; border: 1px solid #444; border-radius: 4px; padding: 2px 6px; font: inherit; }
#retro-viewer .status { color: #9aa1ad; font-size: 12px; }
#retro-viewer .selection { cursor: pointer; text-decoration: underline dotted; }
`;
document.head.append(style);

const root = document.createElement("div");
root.id = "retro-viewer";
root.hidden = true;
root.innerHTML = `<div class="bar"><h2></h2><span class="status"></span><button class="close">Close</button></div>
<div class="stage"><canvas></canvas><div class="labels"></div></div>
<aside><h3>Animation</h3><select class="animation"></select> <button class="play">Pause</button>
<h3>LOD</h3><select class="lod"></select>
<h3>Sockets</h3><div class="sockets"></div>
<h3>Named selections</h3><div class="selections"></div><div class="selected status"></div></aside>`;
document.body.append(root);
const $ = selector => root.querySelector(selector);

const canvas = $("canvas");
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
const labels = new CSS2DRenderer({ element: $(".labels") });
const camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
const controls = new OrbitControls(camera, canvas); // drag: rotate, wheel: zoom
const timer = new THREE.Timer();
const loader = new GLTFLoader();

const state = { status: "idle", card: null, scene: null, model: null, mixer: null, clips: [], action: null,
  playing: true, levels: [], markers: [] };

function setStatus(text) {
  state.status = text;
  $(".status").textContent = text === "ready" ? "" : text;
}

function newScene() {
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x3a3f49);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x444455, 2.0));
  const key = new THREE.DirectionalLight(0xffffff, 2.0);
  key.position.set(-1, 2, 3);
  scene.add(key);
  return scene;
}

// The front three-quarter view of a model facing +Z, as the thumbnails show it.
function frame(model) {
  const box = new THREE.Box3().setFromObject(model);
  const size = box.isEmpty() ? 1 : box.getSize(new THREE.Vector3()).length() || 1;
  const centre = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
  const direction = new THREE.Vector3(0.5 * 0.94, 0.34, 0.866 * 0.94).normalize();
  camera.near = size / 1000;
  camera.far = size * 100;
  camera.position.copy(centre).addScaledVector(direction, size * 1.4);
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
  controls.update();
  return size;
}

// LOD levels: ABC/LTB nodes marked "abc:lod" (level 0: the meshes outside
// them), else P3D's LOD nodes (the root's children with a resolution).
function findLevels(model) {
  const marked = [];
  const p3d = [];
  model.traverse(o => {
    if (typeof o.userData["abc:lod"] === "number" && o.userData["abc:lod"] > 0) marked.push(o);
    if (o.userData["p3d:resolution"] !== undefined) p3d.push(o);
  });
  if (marked.length) {
    const inLod = o => { for (let p = o; p; p = p.parent) if (marked.includes(p)) return true; return false; };
    const base = [];
    model.traverse(o => { if (o.isMesh && !inLod(o)) base.push(o); });
    const levels = [{ name: "LOD 0", objects: base }];
    for (const o of marked) {
      const level = o.userData["abc:lod"];
      levels[level] = levels[level] || { name: "LOD " + level, objects: [] };
      levels[level].objects.push(o);
    }
    return levels.filter(l => l);
  }
  return p3d.map(o => ({ name: o.name, objects: [o] }));
}

function showLevel(index) {
  state.levels.forEach((level, i) => level.objects.forEach(o => { o.visible = i === index; }));
}

function addMarker(object, name, size) {
  const marker = new THREE.AxesHelper(size);
  const label = document.createElement("div");
  label.textContent = name;
  const tag = new CSS2DObject(label);
  marker.add(tag);
  object.add(marker);
  marker.visible = true;
  state.markers.push({ name, marker, tag });
  return marker;
}

function listControls(card, size) {
  const animation = $(".animation");
  animation.replaceChildren(new Option("(bind pose)", "-1"));
  state.clips.forEach((clip, i) => animation.append(new Option(clip.name || "animation " + i, String(i))));
  animation.value = state.clips.length ? "0" : "-1";
  const lod = $(".lod");
  lod.replaceChildren(...state.levels.map((level, i) => new Option(level.name, String(i))));
  if (!state.levels.length) lod.append(new Option("(one)", "0"));
  const sockets = $(".sockets");
  sockets.replaceChildren();
  state.model.traverse(o => {
    if (o.userData["abc:socket"] === true || o.userData["p3d:points"] !== undefined) {
      const marker = addMarker(o, o.name, size * 0.05);
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = true;
      box.addEventListener("change", () => { marker.visible = box.checked; marker.children[0].element.hidden = !box.checked; });
      const label = document.createElement("label");
      label.append(box, " " + o.name);
      sockets.append(label);
    }
  });
  if (!sockets.children.length) sockets.textContent = "none";
  const selections = $(".selections");
  selections.replaceChildren();
  const names = (card.summary && card.summary.selections) || [];
  for (const name of names) {
    const item = document.createElement("div");
    item.className = "selection";
    item.textContent = name;
    item.addEventListener("click", () => selectName(name));
    selections.append(item);
  }
  if (!names.length) selections.textContent = "none";
  $(".selected").textContent = "";
}

// A named selection: what each LOD records of it, and its memory point if any.
function selectName(name) {
  const parts = [];
  state.model.traverse(o => {
    const summary = o.userData["selection:" + name];
    if (summary !== undefined) parts.push(o.name + ": " + summary);
  });
  for (const m of state.markers) m.tag.element.style.background = m.name === name ? "rgba(200, 80, 40, 0.9)" : "";
  $(".selected").textContent = name + (parts.length ? " \u2014 " + parts.join("; ") : "");
  state.selected = name;
}

function play(index) {
  if (state.action) state.action.stop();
  state.action = null;
  if (index >= 0 && state.clips[index]) {
    state.action = state.mixer.clipAction(state.clips[index]);
    state.action.play();
  }
  state.mixer && state.mixer.setTime(0);
}

async function open(card) {
  root.hidden = false;
  $(".bar h2").textContent = card.name + " \u2014 " + card.path;
  setStatus("loading");
  state.card = card;
  state.scene = newScene();
  state.markers = [];
  $(".labels").replaceChildren(); // the last model's socket labels
  resize();
  try {
    const gltf = await loader.loadAsync(encodeURI(card.output));
    state.model = gltf.scene;
    // Both sides, as the thumbnails draw them: a one-sided sheet seen from
    // behind would vanish.
    gltf.scene.traverse(o => {
      for (const material of o.isMesh ? [].concat(o.material) : []) material.side = THREE.DoubleSide;
    });
    state.scene.add(gltf.scene);
    state.clips = gltf.animations || [];
    state.mixer = new THREE.AnimationMixer(gltf.scene);
    state.levels = findLevels(gltf.scene);
    showLevel(0);
    const size = frame(gltf.scene);
    listControls(card, size);
    play(state.clips.length ? 0 : -1);
    state.playing = true;
    $(".play").textContent = "Pause";
    setStatus("ready");
  } catch (e) {
    setStatus("error: " + (e && e.message ? e.message : e));
  }
}

function resize() {
  const stage = $(".stage");
  const w = Math.max(1, stage.clientWidth), h = Math.max(1, stage.clientHeight);
  renderer.setSize(w, h, false);
  labels.setSize(w, h);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}

function render() {
  if (!state.scene) return;
  renderer.render(state.scene, camera);
  labels.render(state.scene, camera);
}

renderer.setAnimationLoop(time => {
  timer.update(time);
  const delta = timer.getDelta();
  if (root.hidden || !state.scene) return;
  if (state.playing && state.mixer) state.mixer.update(delta);
  render();
});

$(".close").addEventListener("click", () => { root.hidden = true; state.playing = false; });
$(".animation").addEventListener("change", e => play(Number(e.target.value)));
$(".lod").addEventListener("change", e => showLevel(Number(e.target.value)));
$(".play").addEventListener("click", () => {
  state.playing = !state.playing;
  $(".play").textContent = state.playing ? "Pause" : "Play";
});
window.addEventListener("resize", resize);
document.addEventListener("keydown", e => { if (e.key === "Escape") root.hidden = true; });

// For the page and its tests: open a card, pause at a time, draw now.
window.retroViewer = {
  open, state,
  pauseAt(seconds) { state.playing = false; if (state.mixer) state.mixer.setTime(seconds); render(); },
  playAnimation(index) { $(".animation").value = String(index); play(index); },
  showLevel(index) { $(".lod").value = String(index); showLevel(index); render(); },
  selectName,
};
if (window.retroGallery) window.retroGallery.render(); // the cards get their "View in 3D" buttons
