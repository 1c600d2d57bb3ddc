#!/usr/bin/env python3
"""The two routes give the same files: converts every real model in
../shared/corpus with the assimp-retro tool twice, once with the system's
libassimp and once with another one (a patched Assimp from port/, through
LD_LIBRARY_PATH), and compares the outputs byte for byte.

  tools/compare_routes.py LIBDIR ASSIMP_RETRO OUT_DIR [--formats glb fbx dae]

A file that differs must differ only in one of the known ways (docs/two-routes.md):
GLB: BIN bytes outside every buffer view, or the same content (accessor values,
nodes, meshes, animations) in another layout; FBX: the same node tree (null
records, offsets, footer and the creation time stamp aside); COLLADA: the
<created>/<modified> times aside. Anything else
fails (exit 1).
"""
import json
import os
import re
import pathlib
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = pathlib.Path(os.environ.get("ASSIMP_RETRO_CORPUS_DIR") or ROOT.parent / "shared" / "corpus")
MODEL_SUFFIXES = {".abc", ".p3d", ".oni", ".dat"}

def glb_parts(data):
    """(json, bin) of a GLB."""
    length = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20:20 + length])
    rest = data[20 + length:]
    binary = rest[8:] if len(rest) >= 8 else b""
    return doc, binary


COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}
FORMATS = {5120: "b", 5121: "B", 5122: "h", 5123: "H", 5125: "I", 5126: "f"}
ACCESSOR_KEYS = {"indices", "input", "output", "inverseBindMatrices"}


def decode(doc, binary, index):
    """The values of accessor `index` (tightly packed or strided)."""
    accessor = doc["accessors"][index]
    view = doc["bufferViews"][accessor["bufferView"]]
    fmt = FORMATS[accessor["componentType"]]
    n = COMPONENTS[accessor["type"]]
    size = struct.calcsize(fmt)
    stride = view.get("byteStride", size * n)
    start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    return [list(struct.unpack_from(f"<{n}{fmt}", binary, start + i * stride)) for i in range(accessor["count"])]


def content(doc, binary):
    """The GLB's content without its layout: every accessor reference replaced
    by the values it points to, numbers as float32, no accessor, buffer view
    or buffer lists and no accessor bounds (min/max are optional in glTF)."""
    def walk(value, key=None, parent=None):
        if isinstance(value, dict):
            return {k: walk(v, k, key) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key, parent) for v in value]
        if isinstance(value, int) and not isinstance(value, bool) and (
                key in ACCESSOR_KEYS or parent in ("attributes", "targets")):
            return decode(doc, binary, value)
        if isinstance(value, float):
            return struct.unpack("<f", struct.pack("<f", value))[0]
        return value
    return walk({k: v for k, v in doc.items() if k not in ("accessors", "bufferViews", "buffers")})


def referenced(doc):
    """Byte ranges of the BIN chunk that buffer views use."""
    return [(v.get("byteOffset", 0), v.get("byteOffset", 0) + v["byteLength"]) for v in doc.get("bufferViews", [])]


def explain_glb(a, b):
    """Why two GLBs differ, if the difference is one of the known kinds, else None."""
    ja, ba = glb_parts(a)
    jb, bb = glb_parts(b)
    if ja == jb and len(ba) == len(bb):
        used = referenced(ja)
        if all(not any(lo <= i < hi for lo, hi in used) for i in range(len(ba)) if ba[i] != bb[i]):
            return "only BIN bytes no buffer view uses (left uninitialised by Assimp's glTF exporter)"
    if content(ja, ba) == content(jb, bb):
        return "the same content in another layout (weights channels written by the exporter, not appended by the completion)"
    return None


def fbx_tree(data):
    """A binary FBX as nested (name, properties, children), without the
    offsets, null records and footer, and with the creation time stamp zeroed."""
    width = 8 if struct.unpack_from("<I", data, 23)[0] >= 7500 else 4
    word = "<Q" if width == 8 else "<I"
    header = 3 * width + 1

    def props(pos, count):
        out = []
        for _ in range(count):
            kind = chr(data[pos])
            pos += 1
            if kind in "CYIFDL":
                size = {"C": 1, "Y": 2, "I": 4, "F": 4, "D": 8, "L": 8}[kind]
                out.append((kind, data[pos:pos + size]))
                pos += size
            elif kind in "SR":
                length = struct.unpack_from("<I", data, pos)[0]
                out.append((kind, data[pos + 4:pos + 4 + length]))
                pos += 4 + length
            else:  # arrays: count, encoding, byte length, bytes
                length = struct.unpack_from("<I", data, pos + 8)[0]
                out.append((kind, data[pos:pos + 12 + length]))
                pos += 12 + length
        return out

    def nodes(pos, end):
        out = []
        while pos + header <= end:
            node_end = struct.unpack_from(word, data, pos)[0]
            if node_end == 0:
                break  # a null record: ends the list
            count = struct.unpack_from(word, data, pos + width)[0]
            plen = struct.unpack_from(word, data, pos + 2 * width)[0]
            nlen = data[pos + 3 * width]
            name = data[pos + header:pos + header + nlen]
            start = pos + header + nlen
            properties = props(start, count)
            if name in (b"Year", b"Month", b"Day", b"Hour", b"Minute", b"Second", b"Millisecond"):
                properties = []
            out.append((name, properties, nodes(start + plen, node_end)))
            pos = node_end
        return out

    return nodes(27, len(data))


TIME_STAMP = re.compile(rb"(\x04YearI|\x05MonthI|\x03DayI|\x04HourI|\x06MinuteI|\x06SecondI|\x0bMillisecondI)....", re.S)


def without_time_stamp(data):
    """A binary FBX with the values of its CreationTimeStamp zeroed."""
    return TIME_STAMP.sub(lambda m: m.group(1) + b"\0\0\0\0", data)


def explain_fbx(a, b):
    if without_time_stamp(a) == without_time_stamp(b):
        return "the creation time stamp only (Assimp writes the time of export)"
    if fbx_tree(a) == fbx_tree(b):
        return "the same nodes and properties; null records after nodes without properties or children, " \
               "offsets and footer padding differ"
    return None


DAE_TIME = re.compile(rb"<(created|modified)>[^<]*</(created|modified)>")


def explain_dae(a, b):
    if DAE_TIME.sub(b"", a) == DAE_TIME.sub(b"", b):
        return "the created/modified times only (Assimp writes the time of export, to the second)"
    return None


def describe(fmt, a, b):
    """A short account of how two outputs differ."""
    what = [f"{len(a)} vs {len(b)} bytes"]
    if fmt == "glb":
        ja, ba = glb_parts(a)
        jb, bb = glb_parts(b)
        keys = sorted(k for k in set(ja) | set(jb) if ja.get(k) != jb.get(k))
        what.append(f"JSON differs in {keys}" if keys else "JSON equal")
        if ba != bb:
            first = next((i for i in range(min(len(ba), len(bb))) if ba[i] != bb[i]), min(len(ba), len(bb)))
            what.append(f"BIN {len(ba)} vs {len(bb)} bytes, first difference at {first}")
    else:
        first = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
        what.append(f"first difference at byte {first}")
    return "; ".join(what)


def main():
    args = sys.argv[1:]
    formats = ["glb", "fbx", "dae"]
    if "--formats" in args:
        i = args.index("--formats")
        formats = args[i + 1:]
        del args[i:]
    if len(args) != 3:
        sys.exit(__doc__)
    lib_dir, tool, out = args
    if not CORPUS.is_dir():
        sys.exit(f"compare_routes.py: {CORPUS} is missing: the real sample files are needed")
    out = pathlib.Path(out)
    system_env = dict(os.environ)
    system_env.pop("LD_LIBRARY_PATH", None)
    other_env = dict(system_env, LD_LIBRARY_PATH=str(pathlib.Path(lib_dir).resolve()))
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in MODEL_SUFFIXES)
    same = explained = differ = failed = 0
    for n, source in enumerate(files):
        for fmt in formats:
            outputs = []
            for route, env in (("system", system_env), ("other", other_env)):
                path = out / route / f"{n:02d}_{source.stem}.{fmt}"
                path.parent.mkdir(parents=True, exist_ok=True)
                result = subprocess.run([tool, "export", str(source), str(path)], env=env,
                                        capture_output=True, text=True)
                outputs.append(path.read_bytes() if result.returncode == 0 and path.exists() else None)
                if outputs[-1] is None:
                    print(f"FAIL {source.relative_to(CORPUS)} .{fmt} ({route}): exit {result.returncode}: "
                          f"{result.stderr.strip()[-200:]}")
            if None in outputs:
                failed += 1
                continue
            if outputs[0] == outputs[1]:
                same += 1
                continue
            reason = {"glb": explain_glb, "fbx": explain_fbx, "dae": explain_dae}.get(fmt, lambda a, b: None)(*outputs)
            if reason:
                explained += 1
                print(f"same {source.relative_to(CORPUS)} .{fmt}: {reason}")
                continue
            print(f"DIFF {source.relative_to(CORPUS)} .{fmt}: {describe(fmt, *outputs)}")
            differ += 1
    print(f"{same} identical, {explained} differing only as explained, {differ} unexplained differences, "
          f"{failed} failed, of {len(files) * len(formats)} conversions")
    return 1 if differ or failed else 0


if __name__ == "__main__":
    sys.exit(main())
