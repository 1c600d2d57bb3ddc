# GLB files as the add-on needs them: the JSON document, the binary chunk,
# float accessors, and P3D's metadata texts. No bpy here.
import json
import os
import struct

# aiString holds 1023 bytes: the library splits a long metadata text over
# "key", "key#2", ... at spaces (code/Common/MetadataLists.cpp), and so does
# the add-on.
PART_BYTES = 1023


class GlbError(Exception):
    pass


_shared = {}  # the last GLB read_shared read: {(path, mtime, size): (document, binary)}


def read_shared(path):
    """read(path), kept while the file stays as it is: one import's steps read
    the same GLB, and a motion library's takes seconds to parse. Callers must
    not change what it returns."""
    stat = os.stat(path)
    key = (os.path.realpath(path), stat.st_mtime_ns, stat.st_size)
    if key not in _shared:
        _shared.clear()
        _shared[key] = read(path)
    return _shared[key]


def forget_shared():
    """Frees what read_shared keeps (a motion library's document: hundreds of MB as Python objects)."""
    _shared.clear()


def read(path):
    """(JSON document, binary chunk) of a GLB."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 20 or data[:4] != b"glTF":
        raise GlbError("%s is not a GLB" % path)
    length = struct.unpack_from("<I", data, 12)[0]
    document = json.loads(data[20:20 + length].decode("utf-8"))
    rest = data[20 + length:]
    binary = rest[8:8 + struct.unpack_from("<I", rest, 0)[0]] if len(rest) >= 8 else b""
    return document, binary


def write(path, document, binary):
    text = json.dumps(document, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    binary += b"\0" * (-len(binary) % 4)
    chunks = struct.pack("<I4s", len(text), b"JSON") + text
    if binary:
        chunks += struct.pack("<I4s", len(binary), b"BIN\0") + binary
    with open(path, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks)


_COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}


def floats(document, binary, index):
    """A float accessor's elements, as tuples (SCALAR: 1-tuples)."""
    accessor = document["accessors"][index]
    if accessor.get("componentType") != 5126 or "bufferView" not in accessor:
        raise GlbError("accessor %d is not a plain float accessor" % index)
    width = _COMPONENTS[accessor["type"]]
    view = document["bufferViews"][accessor["bufferView"]]
    offset = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    stride = view.get("byteStride", 4 * width)
    return [struct.unpack_from("<%df" % width, binary, offset + k * stride) for k in range(accessor["count"])]


def mesh_positions(document, binary, node):
    """The positions of a node's mesh, its primitives one after the other (as
    Assimp's glTF importer makes meshes of them, in order)."""
    if "mesh" not in node:
        return []
    positions = []
    for primitive in document["meshes"][node["mesh"]].get("primitives", []):
        positions += floats(document, binary, primitive["attributes"]["POSITION"])
    return positions


# ---- the texts of code/Common/MetadataLists.h --------------------------------------

def long_text(extras, key):
    """What the library split over key, key#2, ...; None when absent."""
    if key not in extras:
        return None
    parts = [str(extras[key])]
    part = 2
    while "%s#%d" % (key, part) in extras:
        parts.append(str(extras["%s#%d" % (key, part)]))
        part += 1
    return " ".join(p for p in parts if p)


def set_long_text(extras, key, text):
    remove_long_text(extras, key)
    part = 1
    while True:
        piece = text
        if len(piece.encode("utf-8")) > PART_BYTES:
            cut = text.rfind(" ", 0, PART_BYTES)
            piece = text[:cut]
            text = text[cut + 1:]
        else:
            text = ""
        extras[key if part == 1 else "%s#%d" % (key, part)] = piece
        if not text:
            return
        part += 1


def remove_long_text(extras, key):
    extras.pop(key, None)
    part = 2
    while extras.pop("%s#%d" % (key, part), None) is not None:
        part += 1


def parse_ranges(text):
    """"0-5 7" -> [0, 1, 2, 3, 4, 5, 7]."""
    out = []
    for item in text.split():
        first, _, last = item.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def format_ranges(indices):
    items = []
    ordered = sorted(set(indices))
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1] == ordered[end] + 1:
            end += 1
        items.append(str(ordered[start]) if start == end else "%d-%d" % (ordered[start], ordered[end]))
        start = end + 1
    return " ".join(items)


def parse_runs(text):
    """"255*3 128" -> [255, 255, 255, 128]."""
    out = []
    for item in text.split():
        value, _, count = item.partition("*")
        out += [int(value)] * int(count or 1)
    return out


def format_runs(values):
    items = []
    k = 0
    while k < len(values):
        run = 1
        while k + run < len(values) and values[k + run] == values[k]:
            run += 1
        items.append(str(values[k]) if run == 1 else "%d*%d" % (values[k], run))
        k += run
    return " ".join(items)


_INDEX_FORMATS = {5121: "B", 5123: "H", 5125: "I"}


def triangles(document, binary, node):
    """The triangles of a node's mesh as vertex-index triples, over its
    primitives one after the other (indices offset as mesh_positions)."""
    if "mesh" not in node:
        return []
    out = []
    base = 0
    for primitive in document["meshes"][node["mesh"]].get("primitives", []):
        count = document["accessors"][primitive["attributes"]["POSITION"]]["count"]
        if primitive.get("mode", 4) == 4:
            if "indices" in primitive:
                accessor = document["accessors"][primitive["indices"]]
                view = document["bufferViews"][accessor["bufferView"]]
                fmt = _INDEX_FORMATS[accessor["componentType"]]
                offset = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
                ids = struct.unpack_from("<%d%s" % (accessor["count"], fmt), binary, offset)
            else:
                ids = range(count)
            out += [(base + ids[k], base + ids[k + 1], base + ids[k + 2]) for k in range(0, len(ids) - 2, 3)]
        base += count
    return out


_COMPONENT_BYTES = {5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4}


def _elements(document, binary, index):
    """An accessor's elements as raw bytes each; None if sparse or empty."""
    accessor = document["accessors"][index]
    if "bufferView" not in accessor or "sparse" in accessor:
        return None
    size = _COMPONENTS.get(accessor["type"], 0) * _COMPONENT_BYTES[accessor["componentType"]]
    view = document["bufferViews"][accessor["bufferView"]]
    offset = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    stride = view.get("byteStride", size)
    return [binary[offset + k * stride:offset + (k + 1) * stride][:size] for k in range(accessor["count"])]


def _append(document, binary, data, template, count):
    """`data` as a new accessor like `template` (a dict) in a new buffer view;
    returns (accessor index, binary)."""
    binary += b"\0" * (-len(binary) % 4)
    document["bufferViews"].append({"buffer": 0, "byteOffset": len(binary), "byteLength": len(data)})
    accessor = {k: v for k, v in template.items() if k in ("componentType", "type", "normalized", "min", "max")}
    accessor.update(bufferView=len(document["bufferViews"]) - 1, count=count)
    document["accessors"].append(accessor)
    return len(document["accessors"]) - 1, binary + data


def separate_shared_faces(document, binary):
    """Gives each triangle that uses the same three vertices as an earlier one
    (the back of a double-sided face) its own copies of them: a Blender mesh
    holds no two faces on the same vertices, and its glTF importer would drop
    them. Returns the new binary chunk and how many triangles got copies."""
    separated = 0
    for mesh in document.get("meshes", []):
        for primitive in mesh.get("primitives", []):
            if primitive.get("mode", 4) != 4 or "indices" not in primitive:
                continue
            accessor = document["accessors"][primitive["indices"]]
            view = document["bufferViews"][accessor["bufferView"]]
            fmt = _INDEX_FORMATS[accessor["componentType"]]
            ids = list(struct.unpack_from("<%d%s" % (accessor["count"], fmt), binary,
                                          view.get("byteOffset", 0) + accessor.get("byteOffset", 0)))
            count = document["accessors"][primitive["attributes"]["POSITION"]]["count"]
            seen, copies = set(), []
            for k in range(0, len(ids) - 2, 3):
                corners = frozenset(ids[k:k + 3])
                if corners in seen:
                    for c in range(k, k + 3):
                        copies.append(ids[c])
                        ids[c] = count + len(copies) - 1
                seen.add(corners)
            sources = [primitive["attributes"]] + primitive.get("targets", [])
            columns = [(attributes, name, _elements(document, binary, attributes[name]))
                       for attributes in sources for name in attributes]
            if not copies or any(elements is None for _, _, elements in columns):
                continue
            for attributes, name, elements in columns:
                data = b"".join(elements) + b"".join(elements[i] for i in copies)
                template = document["accessors"][attributes[name]]
                attributes[name], binary = _append(document, binary, data, template, count + len(copies))
            primitive["indices"], binary = _append(document, binary, struct.pack("<%dI" % len(ids), *ids),
                                                   {"componentType": 5125, "type": "SCALAR"}, len(ids))
            separated += len(copies) // 3
    if document.get("buffers"):
        document["buffers"][0]["byteLength"] = len(binary)
    return binary, separated
