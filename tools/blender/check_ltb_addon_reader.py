# An independent reader of the files the LTB exporter writes: io_scene_lithtech's
# reader_ltb_pc.py (the add-on docs/formats/LTB.md cites; not part of this
# project, never copied into it) reads each original CrossFire file and the
# exporter's file of it, and both must give the same model (docs/export-lithtech.md,
# "LTB", how it was checked). Run in Blender (the reader needs mathutils):
#
#   blender -b --factory-startup --python tools/blender/check_ltb_addon_reader.py -- \
#       --addon PATH/io_scene_lithtech/src/io_scene_lithtech ORIGINAL EXPORTED [ORIGINAL EXPORTED ...]
#
# --addon: the folder holding the add-on's reader_ltb_pc.py, abc.py and io.py
# (a checkout of MelissaAutumn/io_scene_lithtech). They are copied into a
# temporary package of their own (the add-on's __init__ registers Blender UI).
# Packed files are unpacked with Python's lzma first (the reader reads plain
# files only). Compared, both read by the add-on: node names, indices, flags
# and bind matrices; weight sets; child models; pieces and each LOD's type,
# triangle count and face corners (position, UV and the vertex's weights by
# node, which the add-on resolves from the bone sets itself); animations: names, keyframe times
# and commands, every node's location and rotation at every keyframe; sockets
# (by name); the first animation-binding list. Prints "FAIL ..." per
# difference and "RESULT N file pair(s), M failure(s)".
import importlib
import lzma
import os
import shutil
import sys
import tempfile

FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL " + message, flush=True)


def load_reader(addon):
    package = tempfile.mkdtemp(prefix="ltb_addon_reader_")
    folder = os.path.join(package, "io_scene_lithtech_reader")
    os.makedirs(folder)
    for name in ("abc.py", "io.py", "reader_ltb_pc.py"):
        shutil.copyfile(os.path.join(addon, name), os.path.join(folder, name))
    open(os.path.join(folder, "__init__.py"), "w").close()
    sys.path.insert(0, package)
    return importlib.import_module("io_scene_lithtech_reader.reader_ltb_pc"), package


def plain_copy(path, work):
    data = open(path, "rb").read()
    if not (len(data) > 2 and data[0] == 1 and data[1] == 0):
        data = lzma.LZMADecompressor(format=lzma.FORMAT_ALONE).decompress(data)
    out = os.path.join(work, "%d_%s" % (len(os.listdir(work)), os.path.basename(path)))
    with open(out, "wb") as f:
        f.write(data)
    return out


def near(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def same_rotation(a, b, tolerance):
    """The same rotation: unit quaternions within `tolerance`, either sign (some
    game files store keys a little off unit length; the importer normalises them)."""
    unit = lambda q: [c / max(sum(x * x for x in q) ** 0.5, 1e-12) for c in q]
    a, b = unit(a), unit(b)
    return near(a, b, tolerance) or near(a, [-c for c in b], tolerance)


def summary(model):
    """What the add-on read, as comparable values (file space)."""
    nodes = [(n.name, n.index, n.flags, [round(v, 3) for row in n.bind_matrix for v in row], n.child_count)
             for n in model.nodes]
    pieces = []
    for piece in model.pieces:
        lods = []
        for lod in piece.lods:
            corners = []  # (position, uv, {node: weight}) of every face corner
            for face in lod.faces:
                for fv in face.vertices:
                    v = lod.vertices[fv.vertex_index]
                    merged = {}
                    for w in v.weights:
                        if w.bias > 1e-4:
                            merged[w.node_index] = merged.get(w.node_index, 0.0) + w.bias
                    corners.append((tuple(v.location), tuple(fv.texcoord), merged))
            lods.append((lod.type, len(lod.faces), corners))
        pieces.append((piece.name, lods))
    animations = []
    for a in model.animations:
        keys = [(k.time, k.string) for k in a.keyframes]
        tracks = [[(list(t.location), list(t.rotation)) for t in node] for node in a.node_keyframe_transforms]
        animations.append((a.name, keys, tracks))
    sockets = {s.name: (s.node_index, list(s.location), list(s.rotation)) for s in model.sockets}
    return {"nodes": nodes, "weight sets": [(w.name, [round(x, 4) for x in w.node_weights]) for w in model.weight_sets],
            "child models": [c.name for c in model.child_models], "pieces": pieces, "animations": animations,
            "sockets": sockets, "bindings": [b.name for b in model.anim_bindings]}


def match_corners(a, b, tolerance=1e-3):
    """Every corner of `a` has one of `b` at its position (within `tolerance`)
    with its UV and weights; None, or what differs."""
    grid = {}
    for i, (p, _, _) in enumerate(b):
        grid.setdefault(tuple(int(c // tolerance) for c in p), []).append(i)
    used = [False] * len(b)
    for p, uv, weights in a:
        cell = tuple(int(c // tolerance) for c in p)
        found = None
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for dz in (-1, 0, 1):
                    for i in grid.get((cell[0] + dx, cell[1] + dy, cell[2] + dz), []):
                        q, quv, qw = b[i]
                        if found is None and not used[i] and near(p, q, tolerance) and near(uv, quv, 1e-4) and \
                                all(abs(weights.get(n, 0) - qw.get(n, 0)) <= 2e-3 for n in set(weights) | set(qw)):
                            found = i
        if found is None:
            return "no corner at %s uv %s weights %s" % (p, uv, weights)
        used[found] = True
    return None


def compare_animations(where, a, b):
    if [x[0] for x in a] != [x[0] for x in b]:
        fail("%s: animations %s, the original %s" % (where, [x[0] for x in b], [x[0] for x in a]))
        return
    for (name, keys_a, tracks_a), (_, keys_b, tracks_b) in zip(a, b):
        # The importer keeps the first of keyframes of equal times (the scene needs increasing times).
        kept = [i for i, k in enumerate(keys_a) if i == 0 or k[0] > keys_a[i - 1][0]]
        if [keys_a[i] for i in kept] != keys_b:
            fail("%s: animation %s keyframes %s, the original %s" % (where, name, keys_b[:5], keys_a[:5]))
            continue
        for n, (ta, tb) in enumerate(zip(tracks_a, tracks_b)):
            for k, i in enumerate(kept):
                (la, ra), (lb, rb) = ta[i], tb[k]
                if not near(la, lb, 0.07) or not same_rotation(ra, rb, 2e-3):
                    fail("%s: animation %s node %d key %d: %s %s, the original %s %s" % (where, name, n, k, lb, rb, la, ra))
                    break


def compare(where, a, b):
    for key in ("weight sets", "child models", "bindings"):
        if a[key] != b[key]:
            fail("%s: %s %s, the original %s" % (where, key, b[key], a[key]))
    if [n[:3] + n[4:] for n in a["nodes"]] != [n[:3] + n[4:] for n in b["nodes"]]:
        fail("%s: nodes differ" % where)
    for na, nb in zip(a["nodes"], b["nodes"]):
        if not near(na[3], nb[3], 2e-3):
            fail("%s: node %s bind %s, the original %s" % (where, na[0], nb[3], na[3]))
    if [p[0] for p in a["pieces"]] != [p[0] for p in b["pieces"]]:
        fail("%s: pieces %s, the original %s" % (where, [p[0] for p in b["pieces"]], [p[0] for p in a["pieces"]]))
    for (name, lods_a), (_, lods_b) in zip(a["pieces"], b["pieces"]):
        for l, (la, lb) in enumerate(zip(lods_a, lods_b)):
            if la[:2] != lb[:2]:
                fail("%s: piece %s LOD %d: type %d, %d triangles; the original type %d, %d" % (
                    where, name, l, lb[0], lb[1], la[0], la[1]))
                continue
            problem = match_corners(la[2], lb[2])
            if problem:
                fail("%s: piece %s LOD %d: %s" % (where, name, l, problem))
    if set(a["sockets"]) != set(b["sockets"]):
        fail("%s: sockets %s, the original %s" % (where, sorted(b["sockets"]), sorted(a["sockets"])))
    for name in set(a["sockets"]) & set(b["sockets"]):
        (na, la, ra), (nb, lb, rb) = a["sockets"][name], b["sockets"][name]
        if na != nb or not near(la, lb, 1e-3) or not same_rotation(ra, rb, 1e-4):
            fail("%s: socket %s differs" % (where, name))
    compare_animations(where, a["animations"], b["animations"])


def main():
    args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    addon = args[args.index("--addon") + 1]
    files = [f for i, f in enumerate(args) if f != "--addon" and (i == 0 or args[i - 1] != "--addon")]
    reader_module, package = load_reader(addon)
    work = tempfile.mkdtemp(prefix="ltb_addon_files_")
    pairs = 0
    try:
        for original, exported in zip(files[0::2], files[1::2]):
            where = os.path.basename(exported)
            read = []
            for path in (original, exported):
                try:
                    read.append(summary(reader_module.PCLTBModelReader().from_file(plain_copy(path, work))))
                except Exception as error:  # the reader asserts and raises on what it cannot read
                    fail("%s: io_scene_lithtech cannot read %s: %r" % (where, path, error))
            if len(read) == 2:
                before = len(FAILURES)
                compare(where, read[0], read[1])
                a = read[1]
                print("READ %s: %d nodes, %d pieces, %d triangles, %d animations, %d keys, %d sockets%s" % (
                    where, len(a["nodes"]), len(a["pieces"]),
                    sum(l[1] for p in a["pieces"] for l in p[1]), len(a["animations"]),
                    sum(len(t) for x in a["animations"] for t in x[2]), len(a["sockets"]),
                    "" if len(FAILURES) == before else " (differences above)"), flush=True)
            pairs += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(package, ignore_errors=True)
    print("RESULT %d file pair(s), %d failure(s)" % (pairs, len(FAILURES)), flush=True)
    return 1 if FAILURES else 0


sys.exit(main())
