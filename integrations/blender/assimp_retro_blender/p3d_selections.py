# P3D named selections <-> Blender vertex groups.
#
# The P3D importer keeps a LOD's selections as node metadata
# (code/AssetLib/Poseidon/P3dMetadataKeys.h): "p3d:selection:<name>:vertices"
# lists indices into the LOD's vertices (its meshes one after the other, then
# its loose points), ":weights" their weights as bytes. Blender's glTF
# importer and exporter both re-split vertices, so indices do not survive;
# positions do (they are copied, only the axes swap). So:
# - import: each selection becomes a vertex group of the LOD's mesh, its
#   members found by position in the GLB the tool wrote;
# - export: each vertex group of a LOD's mesh becomes a selection again, with
#   indices into the GLB Blender wrote; members that are loose points (memory
#   points, which Blender has no vertices for) are kept from the imported
#   metadata, renumbered after the new vertices; vertices of no face made in
#   Blender are in the GLB as points (exporter.py), found by position like
#   the others. The LOD's mesh sizes, quad list and zero-area faces, which
#   only held for the imported meshes, are left out. A mesh made
#   in Blender gets its vertex groups that are not bones' the same way, on
#   its own node (the p3d exporter reads them there too).
from . import glb

RESOLUTION = "p3d:resolution"
MESH_SIZES = "p3d:meshSizes"
QUADS = "p3d:quads"
ZERO_AREA_FACES = "p3d:zeroAreaFaces"
PREFIX, VERTICES, WEIGHTS, TRIANGLES = "p3d:selection:", ":vertices", ":weights", ":triangles"
SUMMARY_PREFIX = "selection:"


def _key(x, y, z):
    """A glTF position, rounded so that the float copies of both sides meet."""
    return (round(x * 1e5), round(y * 1e5), round(z * 1e5))


def _blender_key(co):
    # Blender's glTF importer and exporter: glTF (x, y, z) is Blender (x, -z, y).
    return _key(co.x, co.z, -co.y)


def _lookup(obj, positions):
    """position key -> the object's vertices there, in the space the GLB's
    positions are in: the mesh's own, or for a mesh skinned to its parent
    armature (Blender's glTF exporter writes those in the armature's space)
    that one; the space that matches more of `positions` wins."""
    spaces = [None]
    if obj.parent is not None and obj.parent.type == "ARMATURE":
        spaces.append(obj.parent.matrix_world.inverted() @ obj.matrix_world)
    wanted = {_key(*p) for p in positions}
    best = {}
    for space in spaces:
        lookup = {}
        for vertex in obj.data.vertices:
            lookup.setdefault(_blender_key(vertex.co if space is None else space @ vertex.co), []).append(vertex.index)
        if len(wanted & lookup.keys()) > len(wanted & best.keys()):
            best = lookup
    return best


def selection_names(extras):
    return sorted(k[len(PREFIX):-len(VERTICES)] for k in extras
                  if k.startswith(PREFIX) and k.endswith(VERTICES) and "#" not in k)


def _members(extras, name):
    """[(index, weight byte)] of a selection in the metadata."""
    ids = glb.parse_ranges(glb.long_text(extras, PREFIX + name + VERTICES) or "")
    weights = glb.long_text(extras, PREFIX + name + WEIGHTS)
    bytes_ = glb.parse_runs(weights) if weights else [255] * len(ids)
    return [(i, w) for i, w in zip(ids, bytes_) if w > 0]


def _by_name(objects):
    return {o.name: o for o in objects if o.type == "MESH"}


def to_vertex_groups(glb_path, objects):
    """Import: the selections of each LOD as vertex groups. Returns how many
    groups were made."""
    document, binary = glb.read(glb_path)
    meshes = _by_name(objects)
    made = 0
    for node in document.get("nodes", []):
        extras = node.get("extras") or {}
        obj = meshes.get(node.get("name"))
        names = selection_names(extras)
        if obj is None or not names:
            continue
        positions = glb.mesh_positions(document, binary, node)
        lookup = _lookup(obj, positions)
        for name in names:
            weights = {}
            for index, byte in _members(extras, name):
                if index < len(positions):
                    for vertex in lookup.get(_key(*positions[index]), ()):
                        weights[vertex] = max(weights.get(vertex, 0), byte)
            if weights and name not in obj.vertex_groups:
                group = obj.vertex_groups.new(name=name)
                for vertex, byte in weights.items():
                    group.add([vertex], byte / 255.0, "REPLACE")
                made += 1
    return made


def _old_mesh_vertices(extras):
    """Vertices of the imported meshes (p3d:meshSizes: vertices, faces per
    mesh), after which the loose points were numbered; None when unknown."""
    text = glb.long_text(extras, MESH_SIZES)
    if text is None:
        return None
    sizes = [int(float(v)) for v in text.split()]
    return sum(sizes[0::2])


def _group_weights(obj):
    """group name -> {Blender vertex: weight byte}."""
    names = {g.index: g.name for g in obj.vertex_groups}
    out = {name: {} for name in names.values()}
    for vertex in obj.data.vertices:
        for element in vertex.groups:
            byte = min(255, round(element.weight * 255))
            if byte > 0 and element.group in names:
                out[names[element.group]][vertex.index] = byte
    return out


def _clear(extras):
    for key in list(extras):
        if key.startswith(PREFIX) or key.startswith(SUMMARY_PREFIX) or \
                key.split("#")[0] in (MESH_SIZES, QUADS, ZERO_AREA_FACES):
            extras.pop(key, None)


def from_vertex_groups(document, binary, objects):
    """Export: the vertex groups of each mesh as P3D selections, in the node
    extras of the GLB Blender wrote. An imported LOD (a node with
    p3d:resolution) gets every group, its old lists replaced; another mesh
    the groups that are not skin weights of a bone (bones are selections
    already), counted from its own first vertex."""
    meshes = _by_name(objects)
    bones = {bone.name for o in objects if o.type == "ARMATURE" for bone in o.data.bones}
    for node in document.get("nodes", []):
        obj = meshes.get(node.get("name"))
        if obj is None or "mesh" not in node:
            continue
        extras = node.setdefault("extras", {})
        lod = RESOLUTION in extras
        positions = glb.mesh_positions(document, binary, node)
        lookup = _lookup(obj, positions)
        exported = [lookup.get(_key(*p), []) for p in positions]
        loose = {}
        old_total = _old_mesh_vertices(extras) if lod else None
        if old_total is not None:
            for name in selection_names(extras):
                loose[name] = [(len(positions) + i - old_total, w) for i, w in _members(extras, name) if i >= old_total]
        groups = {name: weights for name, weights in _group_weights(obj).items() if lod or name not in bones}
        if lod:
            _clear(extras)
        faces = glb.triangles(document, binary, node)
        for name in sorted(set(groups) | set(loose)):
            weights = groups.get(name, {})
            members = [(j, max(weights.get(v, 0) for v in vs)) for j, vs in enumerate(exported) if vs]
            _write_selection(extras, name, [(j, w) for j, w in members if w > 0] + loose.get(name, []), faces)
        if not extras:
            del node["extras"]


def _write_selection(extras, name, members, faces):
    """One selection's lists; the triangles are those with all corners in it."""
    if not members:
        return
    inside = {j for j, _ in members}
    glb.set_long_text(extras, PREFIX + name + VERTICES, glb.format_ranges([j for j, _ in members]))
    if any(w != 255 for _, w in members):
        glb.set_long_text(extras, PREFIX + name + WEIGHTS, glb.format_runs([w for _, w in members]))
    chosen = [f for f, corners in enumerate(faces) if all(c in inside for c in corners)]
    if chosen:
        glb.set_long_text(extras, PREFIX + name + TRIANGLES, glb.format_ranges(chosen))
