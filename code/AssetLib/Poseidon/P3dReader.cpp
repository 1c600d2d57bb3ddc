// assimp-retro: ODOL v7 and MLOD readers (layout: docs/formats/P3D.md).
//
// Everything read from the file is untrusted: each count is checked against
// the bytes left before anything is allocated (compressed arrays against the
// largest size LZSS can expand the remaining bytes to), every index against
// its table, every compressed block against its checksum, and an ODOL file
// must end exactly after its ModelInfo.
//
// LODs the caller does not want (ReadP3d's `choose`) are walked, not decoded:
// every count, bound, LZSS stream length and index the walk can see is
// checked with the same message as decoding gives, but not the LZSS checksums
// nor the index values inside selection arrays (see WalkOdolLod).
#include "P3dReader.h"

#include "Common/BinaryReader.h"
#include "Common/LittleEndian.h"
#include "Common/Lzss.h"
#include "Common/Vec3.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace assimp_retro {
namespace p3d {

namespace {

constexpr uint32_t kMaxLods = 100; // CWR's tools allow 1..100 LODs
constexpr size_t kCompressThreshold = 1024; // ODOL arrays of >= 1024 bytes are LZSS-compressed
// LZSS expands at most 8 items of 18 bytes from 17 input bytes (flag byte +
// 8 matches): a compressed array can never be more than 9x its input.
constexpr uint64_t kMaxLzssRatio = 9;
// An empty ODOL LOD still stores 19 counts and flags, its hints and its
// bounds: 116 bytes. Each LOD claimed needs at least this many bytes left.
constexpr size_t kMinOdolLodBytes = 100;

std::string Str(size_t value) {
    return std::to_string(value);
}

// ---- ODOL --------------------------------------------------------------------

/// A compressed array's size against the most the bytes left can expand to.
void CheckCompressedFits(const BinaryReader &r, size_t countAt, uint32_t count, size_t elemSize, const char *field) {
    if (uint64_t(count) * elemSize > uint64_t(r.Remaining()) * kMaxLzssRatio) {
        r.FailAt(countAt,
                "compressed array of " + Str(count) + " x " + Str(elemSize) + " bytes cannot fit in the " +
                        Str(r.Remaining()) + " bytes left",
                field);
    }
}

/// Moves past an LZSS stream that decoded (or was walked) to `result`, or
/// fails with what went wrong at `r`'s offset, the stream's start.
void FinishLzss(BinaryReader &r, const LzssResult &result, uint32_t count, size_t elemSize, const char *field) {
    if (!result.Ok()) {
        std::string message = std::string("LZSS: ") + LzssStatusText(result.status) + " (" + Str(count) +
                " elements of " + Str(elemSize) + " bytes";
        if (result.status == LzssStatus::BadChecksum) {
            message += ", stored " + Str(result.stored) + ", computed " + Str(result.computed);
        }
        r.FailAt(r.Offset(), message + ")", field);
    }
    r.Skip(result.consumed, field);
}

/// A CompArray (the wiki's "CompressedStruct"): u32 count, then count *
/// elemSize bytes, LZSS-compressed with a u32 checksum iff that is >= 1024.
/// With `out`, its raw little-endian element bytes are decoded into it;
/// without, it is stepped over with the same checks but its checksum
/// (LzssSkip cannot verify it). Returns the element count.
uint32_t CompArray(BinaryReader &r, size_t elemSize, const char *field, std::vector<uint8_t> *out) {
    const size_t countAt = r.Offset();
    const uint32_t count = r.U32(field);
    const uint64_t bytes = uint64_t(count) * elemSize;
    if (bytes < kCompressThreshold) {
        r.CheckCount(uint64_t(count), elemSize, field);
        if (out) {
            const uint8_t *p = r.Bytes(static_cast<size_t>(bytes), field);
            out->assign(p, p + bytes);
        } else {
            r.Skip(static_cast<size_t>(bytes), field);
        }
        return count;
    }
    CheckCompressedFits(r, countAt, count, elemSize, field);
    if (out) {
        out->resize(static_cast<size_t>(bytes));
        FinishLzss(r, LzssDecode(r.Here(), r.Remaining(), out->data(), out->size(), LzssChecksum::UnsignedBytes), count,
                elemSize, field);
    } else {
        FinishLzss(r, LzssSkip(r.Here(), r.Remaining(), static_cast<size_t>(bytes), LzssChecksum::UnsignedBytes), count,
                elemSize, field);
    }
    return count;
}

std::vector<uint16_t> U16Values(const std::vector<uint8_t> &raw) {
    std::vector<uint16_t> values(raw.size() / 2);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = LoadU16LE(&raw[2 * i]);
    }
    return values;
}

std::vector<uint32_t> U32Values(const std::vector<uint8_t> &raw) {
    std::vector<uint32_t> values(raw.size() / 4);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = LoadU32LE(&raw[4 * i]);
    }
    return values;
}

/// A u32 count of Vec3s, decoded into `out` (any float, as stored) when
/// given, else stepped over; returns the count.
size_t Vec3Array(BinaryReader &r, const char *field, std::vector<Vec3> *out) {
    const size_t count = r.CheckCount(uint64_t(r.U32(field)), 12, field);
    const uint8_t *bytes = r.Bytes(count * 12, field); // cannot fail after CheckCount
    if (out) {
        out->resize(count);
        for (size_t i = 0; i < count; ++i) {
            (*out)[i] = Vec3{LoadF32LE(bytes + 12 * i), LoadF32LE(bytes + 12 * i + 4), LoadF32LE(bytes + 12 * i + 8)};
        }
    }
    return count;
}

/// A NUL-terminated string, kept in `out` when given, else stepped over.
std::string_view CStringOrSkip(BinaryReader &r, const char *field, std::string *out) {
    if (!out) {
        return r.CStringView(field);
    }
    *out = r.CString(field);
    return *out;
}

void CheckVertexArrays(const BinaryReader &r, size_t positionsAt, size_t nVerts, size_t nClip, size_t nUvs) {
    if (nClip != nVerts || nUvs != nVerts) {
        r.FailAt(positionsAt,
                "vertex arrays disagree: " + Str(nVerts) + " positions, " + Str(nClip) + " clip flags, " + Str(nUvs) +
                        " UVs",
                "positions");
    }
    if (nVerts > 65536) {
        r.FailAt(positionsAt, Str(nVerts) + " vertices; face indices are 16-bit", "positions");
    }
}

void CheckNormalCount(const BinaryReader &r, size_t normalsAt, size_t nNormals, size_t nVerts) {
    if (nNormals != nVerts) {
        r.FailAt(normalsAt, Str(nNormals) + " normals for " + Str(nVerts) + " vertices", "normals");
    }
}

// ---- One ODOL LOD -------------------------------------------------------------
//
// The layout of an ODOL LOD (docs/formats/P3D.md §2) is described once, by
// WalkOdolLod and the WalkOdol* steps below: given a Lod they decode into it,
// given none they walk the LOD for a LOD that is not wanted. A walk makes the
// same checks with the same messages as decoding, except what needs decoded
// data: the LZSS checksums and the face / vertex index values of the
// selection arrays. Nothing is kept but the face offsets of the one LOD being
// walked (which the sections refer to).

/// ODOL LOD sections 5-7: hints and bounds (recomputed by the scene builder when needed).
void SkipHintsAndBounds(BinaryReader &r) {
    r.U32("orHints");
    r.U32("andHints");
    r.Skip(24, "minPos/maxPos");
    r.Skip(16, "bCenter/bRadius");
}

/// ODOL LOD sections 1-7: clip flags, UVs, positions, normals, hints and
/// bounds. Returns the vertex count.
size_t WalkOdolVertices(BinaryReader &r, Lod *lod) {
    std::vector<uint8_t> clipRaw, uvRaw;
    const uint32_t nClip = CompArray(r, 4, "clipFlags", lod ? &clipRaw : nullptr);
    const uint32_t nUvs = CompArray(r, 8, "uv", lod ? &uvRaw : nullptr);
    const size_t positionsAt = r.Offset();
    const size_t nVerts = Vec3Array(r, "positions", lod ? &lod->positions : nullptr);
    CheckVertexArrays(r, positionsAt, nVerts, nClip, nUvs);
    if (lod) {
        lod->clipFlags = U32Values(clipRaw);
        lod->uvs.resize(nVerts);
        for (size_t i = 0; i < nVerts; ++i) {
            lod->uvs[i] = {LoadF32LE(&uvRaw[8 * i]), LoadF32LE(&uvRaw[8 * i + 4])};
        }
    }
    const size_t normalsAt = r.Offset();
    CheckNormalCount(r, normalsAt, Vec3Array(r, "normals", lod ? &lod->normals : nullptr), nVerts);
    SkipHintsAndBounds(r);
    return nVerts;
}

/// ODOL LOD section 8: the texture table. Returns the texture count.
size_t WalkOdolTextures(BinaryReader &r, Lod *lod) {
    const size_t nTextures = r.CheckCount(uint64_t(r.U32("textures")), 1, "textures");
    if (lod) {
        lod->textures.resize(nTextures);
    }
    for (size_t i = 0; i < nTextures; ++i) {
        CStringOrSkip(r, "texture", lod ? &lod->textures[i] : nullptr);
    }
    return nTextures;
}

/// How ParseOdolFace reads a face list held in one block: each face's bounds
/// checked once, no message; a rejected face makes it false (the hot loop of
/// a LOD).
class OdolFaceBytes {
public:
    OdolFaceBytes(const uint8_t *bytes, size_t size) : mBytes(bytes), mSize(size) {}
    size_t Offset() const { return mAt; }
    bool Fits(size_t bytes) const { return mSize - mAt >= bytes; }
    uint32_t U32(const char *) { return Advance(4, LoadU32LE(mBytes + mAt)); }
    int16_t I16(const char *) { return Advance(2, static_cast<int16_t>(LoadU16LE(mBytes + mAt))); }
    uint8_t U8(const char *) { return Advance(1, mBytes[mAt]); }
    uint16_t U16(const char *) { return Advance(2, LoadU16LE(mBytes + mAt)); }
    template <typename Message>
    bool RejectAt(size_t, const Message &, const char *) const {
        return false;
    }
    template <typename Message>
    bool Reject(const Message &, const char *) const {
        return false;
    }

private:
    template <typename T>
    T Advance(size_t bytes, T value) {
        mAt += bytes;
        return value;
    }
    const uint8_t *mBytes;
    size_t mSize;
    size_t mAt = 0;
};

/// How ParseOdolFace reads a face through the BinaryReader: each field
/// bounds-checked, a rejected face fails with its exact message.
class OdolFaceReader {
public:
    explicit OdolFaceReader(BinaryReader &r) : mReader(r) {}
    size_t Offset() const { return mReader.Offset(); }
    bool Fits(size_t) const { return true; } // each read checks its own bytes
    uint32_t U32(const char *field) { return mReader.U32(field); }
    int16_t I16(const char *field) { return mReader.I16(field); }
    uint8_t U8(const char *field) { return mReader.U8(field); }
    uint16_t U16(const char *field) { return mReader.U16(field); }
    template <typename Message>
    [[noreturn]] bool RejectAt(size_t offset, const Message &message, const char *field) const {
        mReader.FailAt(offset, message(), field);
    }
    template <typename Message>
    [[noreturn]] bool Reject(const Message &message, const char *field) const {
        mReader.Fail(message(), field);
    }

private:
    BinaryReader &mReader;
};

/// The one description of an ODOL face (section 11): u32 special, i16
/// texture index, u8 n, n u16 vertex indices, checked against the LOD's
/// vertex and texture counts. `In` is OdolFaceBytes or OdolFaceReader.
template <typename In>
bool ParseOdolFace(In &in, uint32_t f, size_t nVerts, size_t nTextures, Polygon &poly) {
    const size_t faceAt = in.Offset();
    if (!in.Fits(7)) {
        return false;
    }
    poly.special = in.U32("face.special");
    poly.texIndex = in.I16("face.texIndex");
    poly.count = in.U8("face.n");
    if (poly.count < 3 || poly.count > 4) {
        return in.RejectAt(
                faceAt, [&] { return "face " + Str(f) + " has " + Str(poly.count) + " vertices (3 or 4 supported)"; },
                "face.n");
    }
    if (poly.texIndex < -1 || poly.texIndex >= static_cast<int32_t>(nTextures)) {
        return in.RejectAt(
                faceAt,
                [&] {
                    return "face " + Str(f) + " texture index " + std::to_string(poly.texIndex) + " out of range (" +
                            Str(nTextures) + " textures)";
                },
                "face.texIndex");
    }
    if (!in.Fits(2 * size_t(poly.count))) {
        return false;
    }
    for (unsigned k = 0; k < poly.count; ++k) {
        poly.index[k] = in.U16("face.index");
        if (poly.index[k] >= nVerts) {
            return in.Reject(
                    [&] {
                        return "face " + Str(f) + " vertex index " + Str(poly.index[k]) + " >= vertex count " +
                                Str(nVerts);
                    },
                    "face.index");
        }
    }
    return true;
}

/// `nFaces` faces read with `in` into `faces` (sized nFaces) when given;
/// `faceOffset` gets their offsets in the engine's Σ(10+2n) face buffer,
/// then the end. False at the first face `in` rejects without a message.
template <typename In>
bool ParseOdolFaces(In &in, uint32_t nFaces, size_t nVerts, size_t nTextures, std::vector<Polygon> *faces,
        std::vector<uint32_t> &faceOffset) {
    Polygon scratch;
    uint32_t offset = 0; // mod 2^32, as the engine's buffer offsets
    for (uint32_t f = 0; f < nFaces; ++f) {
        Polygon &poly = faces ? (*faces)[f] : scratch;
        if (!ParseOdolFace(in, f, nVerts, nTextures, poly)) {
            return false;
        }
        faceOffset[f] = offset;
        offset += 10 + 2 * poly.count;
    }
    faceOffset[nFaces] = offset;
    return true;
}

/// Section 11: `nFaces` faces at `r`, checked and, with `faces` (sized
/// nFaces), decoded; returns their offsets in the engine's Σ(10+2n) buffer,
/// then the end. The faces are parsed from their block at once; a face that
/// is rejected makes them be read again through `r`, for the exact message.
std::vector<uint32_t> ReadOdolFaceList(BinaryReader &r, uint32_t nFaces, size_t nVerts, size_t nTextures,
        std::vector<Polygon> *faces) {
    std::vector<uint32_t> faceOffset(size_t(nFaces) + 1);
    OdolFaceBytes block(r.Here(), r.Remaining());
    if (ParseOdolFaces(block, nFaces, nVerts, nTextures, faces, faceOffset)) {
        r.Skip(block.Offset(), "faces");
        return faceOffset;
    }
    OdolFaceReader reader(r);
    ParseOdolFaces(reader, nFaces, nVerts, nTextures, faces, faceOffset); // fails where the block did
    return faceOffset;
}

/// ODOL LOD sections 9-11: the point <-> vertex tables and the faces. Returns
/// each face's byte offset in the engine's face buffer (sum of 10 + 2n), plus
/// the end offset, for the sections that refer to faces by offset.
std::vector<uint32_t> WalkOdolFaces(BinaryReader &r, Lod *lod, size_t nVerts, size_t nTextures) {
    // 9-10: MLOD point <-> vertex tables, decoded (checksums) but not needed to build the scene
    std::vector<uint8_t> pointToVertex, vertexToPoint;
    const uint32_t nPoints = CompArray(r, 2, "pointToVertex", lod ? &pointToVertex : nullptr);
    CompArray(r, 2, "vertexToPoint", lod ? &vertexToPoint : nullptr);
    if (lod) {
        lod->pointCount = nPoints;
    }

    // 11: faces, variable length; offsets in the engine's Σ(10+2n) buffer
    const uint32_t nFaces = r.U32("faces");
    // rawSize == Σ(10+2n) in every binarised file, but Bohemia's own synthetic
    // fixture writes 0: it is only an allocation hint, so it is not checked.
    r.U32("faces.rawSize");
    r.CheckCount(uint64_t(nFaces), 13, "faces");
    if (lod) {
        lod->faces.resize(nFaces);
    }
    return ReadOdolFaceList(r, nFaces, nVerts, nTextures, lod ? &lod->faces : nullptr);
}

/// The index of the face at `byteOffset` of the face buffer (exact face
/// boundaries only; the end offset gives the face count).
uint32_t FaceAtOffset(const BinaryReader &r, const std::vector<uint32_t> &faceOffset, uint32_t byteOffset,
        const char *field, size_t at) {
    const auto it = std::lower_bound(faceOffset.begin(), faceOffset.end(), byteOffset);
    if (it == faceOffset.end() || *it != byteOffset) {
        r.FailAt(at, "offset " + Str(byteOffset) + " is not a face boundary", field);
    }
    return static_cast<uint32_t>(it - faceOffset.begin());
}

/// ODOL LOD section 12: sections (runs of faces with one texture and flags),
/// checked and skipped: each face carries its own texture and flags.
void WalkOdolSections(BinaryReader &r, size_t nTextures, const std::vector<uint32_t> &faceOffset) {
    const size_t nSections = r.CheckCount(uint64_t(r.U32("sections")), 18, "sections");
    for (size_t s = 0; s < nSections; ++s) {
        const size_t at = r.Offset();
        const uint32_t beginFace = FaceAtOffset(r, faceOffset, r.U32("section.begin"), "section.begin", at);
        const uint32_t endFace = FaceAtOffset(r, faceOffset, r.U32("section.end"), "section.end", at + 4);
        if (endFace < beginFace) {
            r.FailAt(at, "section " + Str(s) + " ends before it begins", "section.end");
        }
        r.I32("section.material");
        const size_t texIndexAt = r.Offset();
        const int32_t texIndex = r.I16("section.texIndex");
        if (texIndex < -1 || texIndex >= static_cast<int32_t>(nTextures)) {
            r.FailAt(texIndexAt,
                    "section " + Str(s) + " texture index " + std::to_string(texIndex) + " out of range (" +
                            Str(nTextures) + " textures)",
                    "section.texIndex");
        }
        r.U32("section.special");
    }
}

void CheckSelectionWeights(const BinaryReader &r, size_t weightsAt, std::string_view name, size_t nWeights,
        size_t nVerts) {
    if (nWeights != 0 && nWeights != nVerts) {
        r.FailAt(weightsAt,
                "selection '" + std::string(name) + "' has " + Str(nWeights) + " weights for " + Str(nVerts) +
                        " vertices",
                "selection.vertexWeights");
    }
}

/// A selection's face or vertex indices (u16), decoded into `out` and each
/// checked against `limit` when `out` is given; returns the count.
uint32_t WalkSelectionIndices(BinaryReader &r, const char *field, std::string_view name, const char *what, size_t limit,
        std::vector<uint32_t> *out) {
    const size_t at = r.Offset();
    std::vector<uint8_t> raw;
    const uint32_t count = CompArray(r, 2, field, out ? &raw : nullptr);
    if (out) {
        const std::vector<uint16_t> values = U16Values(raw);
        for (uint16_t value : values) {
            if (value >= limit) {
                r.FailAt(at,
                        "selection '" + std::string(name) + "' " + what + " index " + Str(value) + " >= " + what +
                                " count " + Str(limit),
                        field);
            }
        }
        out->assign(values.begin(), values.end());
    }
    return count;
}

/// One named selection of section 13, into `sel` when given.
void WalkOdolSelection(BinaryReader &r, NamedSelection *sel, size_t nVerts, size_t nFaces) {
    const std::string_view name = CStringOrSkip(r, "selection.name", sel ? &sel->name : nullptr);
    WalkSelectionIndices(r, "selection.faces", name, "face", nFaces, sel ? &sel->faces : nullptr);
    std::vector<uint8_t> unused; // decoded when reading (checksums), not kept
    CompArray(r, 1, "selection.faceWeights", sel ? &unused : nullptr);
    CompArray(r, 4, "selection.faceOffsets", sel ? &unused : nullptr);
    r.U8("selection.needsSections");
    CompArray(r, 4, "selection.sectionIndices", sel ? &unused : nullptr);
    const uint32_t nSelVerts =
            WalkSelectionIndices(r, "selection.vertices", name, "vertex", nVerts, sel ? &sel->vertices : nullptr);
    const size_t weightsAt = r.Offset();
    const uint32_t nWeights = CompArray(r, 1, "selection.vertexWeights", sel ? &sel->vertexWeights : nullptr);
    CheckSelectionWeights(r, weightsAt, name, nWeights, nSelVerts);
}

/// ODOL LOD section 13: named selections. Returns their count.
size_t WalkOdolSelections(BinaryReader &r, Lod *lod, size_t nVerts, size_t nFaces) {
    const size_t nSel = r.CheckCount(uint64_t(r.U32("namedSelections")), 26, "namedSelections");
    if (lod) {
        lod->selections.resize(nSel);
    }
    for (size_t s = 0; s < nSel; ++s) {
        WalkOdolSelection(r, lod ? &lod->selections[s] : nullptr, nVerts, nFaces);
    }
    return nSel;
}

void CheckFrameSize(const BinaryReader &r, size_t at, size_t frame, size_t nPositions, size_t nVerts) {
    if (nPositions != nVerts) {
        r.FailAt(at, "frame " + Str(frame) + " has " + Str(nPositions) + " positions for " + Str(nVerts) + " vertices",
                "frame.positions");
    }
}

/// ODOL LOD sections 14-15: named properties and morph frames (per-vertex positions).
void WalkOdolPropertiesAndFrames(BinaryReader &r, Lod *lod, size_t nVerts) {
    const size_t nProps = r.CheckCount(uint64_t(r.U32("namedProperties")), 2, "namedProperties");
    if (lod) {
        lod->properties.resize(nProps);
    }
    for (size_t i = 0; i < nProps; ++i) {
        CStringOrSkip(r, "property.name", lod ? &lod->properties[i].first : nullptr);
        CStringOrSkip(r, "property.value", lod ? &lod->properties[i].second : nullptr);
    }
    const size_t nFrames = r.CheckCount(uint64_t(r.U32("frames")), 8, "frames");
    if (lod) {
        lod->frames.resize(nFrames);
    }
    for (size_t i = 0; i < nFrames; ++i) {
        const float time = r.F32("frame.time");
        const size_t at = r.Offset();
        Frame *frame = lod ? &lod->frames[i] : nullptr;
        CheckFrameSize(r, at, i, Vec3Array(r, "frame.positions", frame ? &frame->positions : nullptr), nVerts);
        if (frame) {
            frame->time = time;
        }
    }
}

/// One ODOL proxy (section 17), its selection checked against the LOD's.
void ReadOdolProxy(BinaryReader &r, size_t nSelections, Proxy &proxy) {
    proxy.name = r.CString("proxy.name");
    for (float &m : proxy.matrix) {
        m = r.F32("proxy.matrix");
    }
    proxy.id = r.I32("proxy.id");
    const size_t at = r.Offset();
    proxy.selection = r.I32("proxy.selIndex");
    if (proxy.selection < -1 || proxy.selection >= static_cast<int32_t>(nSelections)) {
        r.FailAt(at,
                "proxy '" + proxy.name + "' selection index " + std::to_string(proxy.selection) + " out of range (" +
                        Str(nSelections) + " selections)",
                "proxy.selIndex");
    }
}

/// ODOL LOD sections 16-17: colours, LOD-wide flags and proxies.
void WalkOdolProxies(BinaryReader &r, Lod *lod, size_t nSelections) {
    const uint32_t colorTop = r.U32("colorTop");
    const uint32_t color = r.U32("color");
    const uint32_t special = r.U32("special");
    if (lod) {
        lod->colorTop = colorTop;
        lod->color = color;
        lod->special = special;
    }
    const size_t nProxies = r.CheckCount(uint64_t(r.U32("proxies")), 57, "proxies");
    if (lod) {
        lod->proxies.resize(nProxies);
    }
    Proxy scratch;
    for (size_t i = 0; i < nProxies; ++i) {
        ReadOdolProxy(r, nSelections, lod ? lod->proxies[i] : scratch);
    }
}

/// An ODOL LOD, decoded into `lod`, or walked when `lod` is null.
void WalkOdolLod(BinaryReader &r, Lod *lod) {
    const size_t nVerts = WalkOdolVertices(r, lod);
    const size_t nTextures = WalkOdolTextures(r, lod);
    const std::vector<uint32_t> faceOffset = WalkOdolFaces(r, lod, nVerts, nTextures);
    WalkOdolSections(r, nTextures, faceOffset);
    const size_t nSelections = WalkOdolSelections(r, lod, nVerts, faceOffset.size() - 1);
    WalkOdolPropertiesAndFrames(r, lod, nVerts);
    WalkOdolProxies(r, lod, nSelections);
}

// ---- MLOD ---------------------------------------------------------------------

/// (point, normal, u, v) of one face corner: MLOD's vertex identity.
struct CornerKey {
    int32_t point, normal;
    uint32_t u, v; // float bits: equal bits = the same vertex
    bool operator==(const CornerKey &o) const { return point == o.point && normal == o.normal && u == o.u && v == o.v; }
};
struct CornerHash {
    size_t operator()(const CornerKey &k) const {
        uint64_t h = uint64_t(uint32_t(k.point)) * 0x9E3779B97F4A7C15ull;
        h ^= (uint64_t(uint32_t(k.normal)) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2));
        h ^= (uint64_t(k.u) * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2));
        h ^= (uint64_t(k.v) * 0x165667B19E3779F9ull + (h << 6) + (h >> 2));
        return static_cast<size_t>(h);
    }
};

/// A face corner as read: signed indices, checked against the point and normal counts after.
struct RawMlodCorner {
    int32_t point, normal;
    float u, v;
};

/// MLOD selection byte: 0 = not selected, 1 = fully, other b = (256-b)/255
/// (Object Builder's weight encoding; only "selected or not" matters here).
uint8_t MlodWeight(uint8_t b) {
    if (b <= 1) {
        return b ? 255 : 0;
    }
    return static_cast<uint8_t>(256 - b);
}

/// The proxy transform from its triangle, as Bohemia's tools place it: the
/// right-angle corner is the origin, the longer leg points along the proxy's
/// Z (dir), the shorter along its Y (up).
void ProxyFromTriangle(const Vec3 &a, const Vec3 &b, const Vec3 &c, float m[12]) {
    const Vec3 p[3] = {a, b, c};
    auto sub = [](const Vec3 &x, const Vec3 &y) { return Vec3{x.x - y.x, x.y - y.y, x.z - y.z}; };
    auto dot = [](const Vec3 &x, const Vec3 &y) { return x.x * y.x + x.y * y.y + x.z * y.z; };
    auto norm = [&](const Vec3 &x) {
        const float l = std::sqrt(dot(x, x));
        return l > 0.f ? Vec3{x.x / l, x.y / l, x.z / l} : Vec3{0.f, 0.f, 0.f};
    };
    // The right angle: the corner whose two edges are closest to perpendicular.
    int origin = 0;
    float best = 2.f;
    for (int i = 0; i < 3; ++i) {
        const Vec3 e1 = norm(sub(p[(i + 1) % 3], p[i]));
        const Vec3 e2 = norm(sub(p[(i + 2) % 3], p[i]));
        const float cosine = std::fabs(dot(e1, e2));
        if (cosine < best) {
            best = cosine;
            origin = i;
        }
    }
    Vec3 leg1 = sub(p[(origin + 1) % 3], p[origin]);
    Vec3 leg2 = sub(p[(origin + 2) % 3], p[origin]);
    if (dot(leg1, leg1) < dot(leg2, leg2)) {
        std::swap(leg1, leg2);
    }
    const Vec3 dir = norm(leg1);
    const Vec3 up = norm(leg2);
    // aside = up x dir (the engine's X from its Y and Z)
    const Vec3 aside{up.y * dir.z - up.z * dir.y, up.z * dir.x - up.x * dir.z, up.x * dir.y - up.y * dir.x};
    const Vec3 cols[4] = {aside, up, dir, p[origin]};
    for (int k = 0; k < 4; ++k) {
        m[3 * k] = cols[k].x;
        m[3 * k + 1] = cols[k].y;
        m[3 * k + 2] = cols[k].z;
    }
}

/// What one MLOD LOD's later parts need from its points and faces.
struct MlodLodState {
    bool p3dm = false; ///< a P3DM LOD (else SP3X)
    size_t points = 0, faces = 0;
    std::vector<Vec3> pointPos, normalVec;
    std::vector<uint32_t> pointFlags;
    std::vector<uint32_t> vertexPoint; ///< vertex -> MLOD point
    std::vector<std::vector<uint32_t>> verticesOfPoint; ///< MLOD point -> its vertices
};

/// The LOD header, its points and its normals. Returns the stored face count.
int32_t ReadMlodHeaderAndPoints(BinaryReader &r, Lod &lod, MlodLodState &m) {
    const size_t lodAt = r.Offset();
    const std::string magic = r.FixedString(4, "LOD signature");
    m.p3dm = magic == "P3DM";
    if (magic != "SP3X" && !m.p3dm) {
        r.FailAt(lodAt, "unknown LOD signature '" + magic + "' (expected SP3X or P3DM)", "LOD signature");
    }
    const int32_t headSize = r.I32("headSize");
    if (headSize != 28) {
        r.FailAt(lodAt + 4, "header size " + std::to_string(headSize) + " (expected 28)", "headSize");
    }
    r.I32("version");
    const int32_t nPoints = r.I32("nPoints");
    const int32_t nNormals = r.I32("nNormals");
    const int32_t nFaces = r.I32("nFaces");
    r.U32("flags");

    // Points: xyz + flags; normals: xyz.
    m.points = r.CheckCount(int64_t(nPoints), 16, "points");
    m.pointPos.resize(m.points);
    m.pointFlags.resize(m.points);
    for (size_t i = 0; i < m.points; ++i) {
        m.pointPos[i] = ReadVec3AnyFloat(r, "point");
        m.pointFlags[i] = r.U32("point.flags");
    }
    const size_t normals = r.CheckCount(int64_t(nNormals), 12, "normals");
    m.normalVec.resize(normals);
    for (size_t i = 0; i < normals; ++i) {
        m.normalVec[i] = ReadVec3AnyFloat(r, "normal");
    }
    lod.pointCount = static_cast<uint32_t>(m.points);
    return nFaces;
}

/// The faces: each (point, normal, uv) corner becomes its own vertex.
void ReadMlodFaces(BinaryReader &r, Lod &lod, int32_t nFaces, MlodLodState &m) {
    m.faces = r.CheckCount(int64_t(nFaces), m.p3dm ? 74 : 104, "faces");
    const bool p3dm = m.p3dm;
    const size_t points = m.points, normals = m.normalVec.size(), faces = m.faces;
    const std::vector<Vec3> &pointPos = m.pointPos, &normalVec = m.normalVec;
    const std::vector<uint32_t> &pointFlags = m.pointFlags;
    std::vector<uint32_t> &vertexPoint = m.vertexPoint;
    std::unordered_map<CornerKey, uint32_t, CornerHash> vertexOf;
    std::unordered_map<std::string, int32_t> textureIndex;
    lod.faces.resize(faces);
    for (size_t f = 0; f < faces; ++f) {
        const size_t faceAt = r.Offset();
        std::string texture;
        if (!p3dm) {
            texture = r.FixedString(32, "face.texture");
        }
        const int32_t n = r.I32("face.n");
        if (n < 3 || n > 4) {
            r.FailAt(faceAt, "face " + Str(f) + " has " + std::to_string(n) + " vertices (3 or 4)", "face.n");
        }
        RawMlodCorner corner[4];
        for (RawMlodCorner &c : corner) {
            c.point = r.I32("face.point");
            c.normal = r.I32("face.normal");
            c.u = r.F32("face.u");
            c.v = r.F32("face.v");
        }
        const uint32_t faceFlags = r.U32("face.flags");
        if (p3dm) {
            texture = r.CString("face.texture");
            r.CString("face.material");
        }
        Polygon &poly = lod.faces[f];
        poly.count = static_cast<uint8_t>(n);
        poly.mlodFlags = faceFlags;
        if (!texture.empty()) {
            auto it = textureIndex.find(texture);
            if (it == textureIndex.end()) {
                it = textureIndex.emplace(texture, static_cast<int32_t>(lod.textures.size())).first;
                lod.textures.push_back(texture);
            }
            poly.texIndex = it->second;
        }
        uint16_t mlodOrder[4];
        for (int k = 0; k < n; ++k) {
            const RawMlodCorner &c = corner[k];
            if (c.point < 0 || size_t(c.point) >= points) {
                r.FailAt(faceAt,
                        "face " + Str(f) + " point index " + std::to_string(c.point) + " out of range (" + Str(points) +
                                " points)",
                        "face.point");
            }
            if (c.normal < 0 || size_t(c.normal) >= normals) {
                r.FailAt(faceAt,
                        "face " + Str(f) + " normal index " + std::to_string(c.normal) + " out of range (" +
                                Str(normals) + " normals)",
                        "face.normal");
            }
            CornerKey key{c.point, c.normal, 0, 0};
            std::memcpy(&key.u, &c.u, 4);
            std::memcpy(&key.v, &c.v, 4);
            auto it = vertexOf.find(key);
            if (it == vertexOf.end()) {
                if (lod.positions.size() >= 65536) {
                    r.FailAt(faceAt, "more than 65536 distinct vertices in one LOD", "faces");
                }
                it = vertexOf.emplace(key, static_cast<uint32_t>(lod.positions.size())).first;
                lod.positions.push_back(pointPos[c.point]);
                lod.normals.push_back(normalVec[c.normal]);
                lod.uvs.push_back({c.u, c.v});
                lod.clipFlags.push_back(pointFlags[c.point]);
                vertexPoint.push_back(static_cast<uint32_t>(c.point));
            }
            mlodOrder[k] = static_cast<uint16_t>(it->second);
        }
        // The engine reverses every MLOD polygon at load (docs/formats/P3D.md §3.3):
        // ODOL (v0,v1,v2,v3) = MLOD (m1,m0,m3,m2); a triangle (m1,m0,m2).
        if (n == 3) {
            poly.index[0] = mlodOrder[1];
            poly.index[1] = mlodOrder[0];
            poly.index[2] = mlodOrder[2];
        } else {
            poly.index[0] = mlodOrder[1];
            poly.index[1] = mlodOrder[0];
            poly.index[2] = mlodOrder[3];
            poly.index[3] = mlodOrder[2];
        }
    }
}

/// Gives every MLOD point its vertices; points no face uses (memory points,
/// proxies' spare points) become vertices too, so selections and frames reach them.
void AddUnusedPoints(BinaryReader &r, Lod &lod, MlodLodState &m) {
    const size_t points = m.points;
    const std::vector<Vec3> &pointPos = m.pointPos;
    const std::vector<uint32_t> &pointFlags = m.pointFlags;
    std::vector<uint32_t> &vertexPoint = m.vertexPoint;
    std::vector<std::vector<uint32_t>> &verticesOfPoint = m.verticesOfPoint;
    verticesOfPoint.resize(points);
    for (uint32_t v = 0; v < vertexPoint.size(); ++v) {
        verticesOfPoint[vertexPoint[v]].push_back(v);
    }
    for (size_t p = 0; p < points; ++p) {
        if (verticesOfPoint[p].empty()) {
            if (lod.positions.size() >= 65536) {
                r.Fail("more than 65536 distinct vertices in one LOD", "points");
            }
            verticesOfPoint[p].push_back(static_cast<uint32_t>(lod.positions.size()));
            lod.positions.push_back(pointPos[p]);
            lod.normals.push_back({0.f, 0.f, 0.f});
            lod.uvs.push_back({0.f, 0.f});
            lod.clipFlags.push_back(pointFlags[p]);
            vertexPoint.push_back(static_cast<uint32_t>(p));
        }
    }
}

/// An #Animation# tag: one morph frame, expanded from points to vertices.
void ReadMlodFrame(BinaryReader &r, BinaryReader &tag, size_t tagAt, uint32_t size, const MlodLodState &m, Lod &lod) {
    const size_t points = m.points;
    const std::vector<uint32_t> &vertexPoint = m.vertexPoint;
    if (size != 4 + 12 * uint64_t(points)) {
        r.FailAt(tagAt, "#Animation# size " + Str(size) + " for " + Str(points) + " points", "tag.size");
    }
    // Frames are expanded from points to (split) vertices: bound the
    // total, which the tag sizes alone do not (16M target vertices).
    if ((lod.frames.size() + 1) * uint64_t(lod.positions.size()) > (uint64_t(1) << 24)) {
        r.FailAt(tagAt,
                "#Animation# frame " + Str(lod.frames.size()) + " of " + Str(lod.positions.size()) +
                        " vertices exceeds the limit of 16M morph target vertices",
                "tag.size");
    }
    Frame frame;
    frame.time = tag.F32("time");
    std::vector<Vec3> framePoints(points);
    for (Vec3 &p : framePoints) {
        p = ReadVec3AnyFloat(tag, "position");
    }
    frame.positions.resize(lod.positions.size());
    for (size_t v = 0; v < vertexPoint.size(); ++v) {
        frame.positions[v] = framePoints[vertexPoint[v]];
    }
    lod.frames.push_back(std::move(frame));
}

/// A named selection tag: one byte per point, then one per face.
void ReadMlodSelection(BinaryReader &r, BinaryReader &tag, size_t tagAt, uint32_t size, const std::string &name,
        const MlodLodState &m, Lod &lod) {
    const size_t points = m.points, faces = m.faces;
    const std::vector<std::vector<uint32_t>> &verticesOfPoint = m.verticesOfPoint;
    if (size != uint64_t(points) + faces) {
        r.FailAt(tagAt,
                "selection '" + name + "' size " + Str(size) + " != points + faces (" + Str(points + faces) + ")",
                "tag.size");
    }
    NamedSelection sel;
    sel.name = name;
    tag.CheckCount(uint64_t(size), 1, "selection");
    std::vector<uint8_t> pointBytes(points), faceBytes(faces);
    tag.Read(pointBytes.data(), pointBytes.size(), "selection");
    tag.Read(faceBytes.data(), faceBytes.size(), "selection");
    bool weighted = false;
    for (size_t p = 0; p < points; ++p) {
        const uint8_t w = MlodWeight(pointBytes[p]);
        if (w) {
            for (uint32_t v : verticesOfPoint[p]) {
                sel.vertices.push_back(v);
                sel.vertexWeights.push_back(w);
            }
            weighted |= w != 255;
        }
    }
    if (!weighted) {
        sel.vertexWeights.clear();
    }
    for (size_t f = 0; f < faces; ++f) {
        if (faceBytes[f]) {
            sel.faces.push_back(static_cast<uint32_t>(f));
        }
    }
    lod.selections.push_back(std::move(sel));
}

/// A #Mass# tag: one f32 per point (the Geometry LOD's); kept as their sum.
void ReadMlodMass(BinaryReader &r, BinaryReader &tag, size_t tagAt, uint32_t size, const MlodLodState &m, Lod &lod) {
    if (size != 4 * uint64_t(m.points)) {
        r.FailAt(tagAt, "#Mass# size " + Str(size) + " for " + Str(m.points) + " points", "tag.size");
    }
    double sum = 0.0;
    for (size_t p = 0; p < m.points; ++p) {
        const float mass = tag.F32("mass");
        if (std::isfinite(mass)) {
            sum += mass;
        }
    }
    lod.mass = std::isfinite(sum) ? static_cast<float>(sum) : 0.f;
    lod.hasMass = true;
}

/// The tags after the faces, up to #EndOfFile#.
void ReadMlodTags(BinaryReader &r, Lod &lod, size_t lodIndex, const MlodLodState &m) {
    const bool p3dm = m.p3dm;
    // Tags.
    const size_t taggAt = r.Offset();
    if (r.FixedString(4, "TAGG") != "TAGG") {
        r.FailAt(taggAt, "expected 'TAGG' after the faces", "TAGG");
    }
    for (;;) {
        const size_t tagAt = r.Offset();
        std::string name;
        if (p3dm) {
            r.U8("tag.active");
            name = r.CString("tag.name");
        } else {
            name = r.FixedString(64, "tag.name");
        }
        const uint32_t size = r.U32("tag.size");
        if (size > r.Remaining()) {
            r.FailAt(tagAt,
                    "tag '" + name + "' size " + Str(size) + " exceeds the " + Str(r.Remaining()) + " bytes left",
                    "tag.size");
        }
        BinaryReader tag = r.Sub(r.Offset(), size, "LOD " + Str(lodIndex) + " tag '" + name + "'");
        r.Skip(size, "tag.data");
        if (name == "#EndOfFile#") {
            break;
        }
        if (name == "#Property#") {
            std::string key = tag.FixedString(64, "property.name");
            std::string value = tag.FixedString(64, "property.value");
            lod.properties.emplace_back(std::move(key), std::move(value));
        } else if (name == "#Animation#") {
            ReadMlodFrame(r, tag, tagAt, size, m, lod);
        } else if (name == "#Mass#") {
            ReadMlodMass(r, tag, tagAt, size, m, lod);
        } else if (!name.empty() && name[0] != '#') {
            ReadMlodSelection(r, tag, tagAt, size, name, m, lod);
        }
        // #SharpEdges#, #Selected#, #Lock#, #Hide#, #UVSet#: not needed.
    }
}

/// Proxies: selections "proxy:<path>.<nn>" marking one triangle, which the
/// engine hides and replaces by a transform (ODOL stores it ready-made).
void ProxiesFromSelections(Lod &lod) {
    for (size_t s = 0; s < lod.selections.size(); ++s) {
        const NamedSelection &sel = lod.selections[s];
        if (sel.name.compare(0, 6, "proxy:") != 0 || sel.faces.empty()) {
            continue;
        }
        Proxy proxy;
        std::string rest = sel.name.substr(6);
        const size_t dot = rest.rfind('.');
        if (dot != std::string::npos && dot + 1 < rest.size() &&
                rest.find_first_not_of("0123456789", dot + 1) == std::string::npos && rest.size() - dot <= 9) {
            proxy.id = std::stoi(rest.substr(dot + 1));
            rest.resize(dot);
        }
        proxy.name = rest;
        proxy.selection = static_cast<int32_t>(s);
        Polygon &poly = lod.faces[sel.faces.front()];
        ProxyFromTriangle(lod.positions[poly.index[0]], lod.positions[poly.index[1]], lod.positions[poly.index[2]],
                proxy.matrix);
        for (uint32_t f : sel.faces) {
            lod.faces[f].special |= kIsHiddenProxy;
        }
        lod.proxies.push_back(std::move(proxy));
    }
}

void ReadMlodLod(BinaryReader &r, Lod &lod, size_t lodIndex) {
    MlodLodState m;
    const int32_t nFaces = ReadMlodHeaderAndPoints(r, lod, m);
    ReadMlodFaces(r, lod, nFaces, m);
    AddUnusedPoints(r, lod, m);
    ReadMlodTags(r, lod, lodIndex, m);
    ProxiesFromSelections(lod);
}

/// Decodes the LODs `choose` picks from a walked file (LOD i starts at lodStart[i]).
void ReadChosenOdolLods(BinaryReader &r, const std::vector<size_t> &lodStart, const LodChooser &choose, Model &model) {
    for (size_t i : choose(model)) {
        if (i >= model.lods.size() || !model.lods[i].skipped) {
            continue; // out of range or already read: nothing to do
        }
        r.SetSection("LOD " + Str(i));
        r.Seek(lodStart[i], "LOD");
        Lod &lod = model.lods[i];
        const float resolution = lod.resolution;
        WalkOdolLod(r, &lod);
        lod.resolution = resolution;
        lod.skipped = false;
    }
}

} // namespace

bool LooksLikeP3d(const uint8_t *data, size_t size) {
    return size >= 8 && (std::memcmp(data, "ODOL", 4) == 0 || std::memcmp(data, "MLOD", 4) == 0);
}

Model ReadOdol(const uint8_t *data, size_t size, const std::string &fileName, const LodChooser &choose) {
    BinaryReader r(data, size, "P3D", fileName);
    r.SetSection("header");
    if (r.FixedString(4, "signature") != "ODOL") {
        r.FailAt(0, "not an ODOL file", "signature");
    }
    Model model;
    model.kind = Model::Kind::Odol;
    model.version = r.U32("version");
    if (model.version != 7) {
        r.FailAt(4,
                "ODOL version " + Str(model.version) +
                        " is not supported: only Operation Flashpoint / Cold War Assault ODOL v7 is" +
                        (model.version >= 28 ? " (Arma-era ODOL v28 and later is not supported)" : ""),
                "version");
    }
    const uint32_t nLods = r.U32("nLods");
    if (nLods == 0 || nLods > kMaxLods) {
        r.FailAt(8, "LOD count " + Str(nLods) + " outside 1.." + Str(kMaxLods), "nLods");
    }
    r.CheckCount(uint64_t(nLods), kMinOdolLodBytes, "nLods");
    model.lods.resize(nLods);
    // With a chooser, every LOD is first walked (the resolutions that decide
    // which are wanted come after them), then the chosen ones are decoded.
    std::vector<size_t> lodStart(nLods);
    for (uint32_t i = 0; i < nLods; ++i) {
        r.SetSection("LOD " + Str(i));
        lodStart[i] = r.Offset();
        if (choose) {
            WalkOdolLod(r, nullptr);
            model.lods[i].skipped = true;
        } else {
            WalkOdolLod(r, &model.lods[i]);
        }
    }
    r.SetSection("resolutions");
    for (Lod &lod : model.lods) {
        lod.resolution = r.F32("resolution");
    }
    r.SetSection("ModelInfo");
    r.I32("special");
    model.boundingSphere = r.F32("boundingSphere");
    r.F32("geometrySphere");
    r.I32("remarks");
    r.U32("andHints");
    r.U32("orHints");
    r.Skip(12, "aimingCenter");
    r.U32("color");
    r.U32("colorTop");
    r.F32("viewDensity");
    r.Skip(24, "bbox");
    model.boundingCenter = ReadVec3AnyFloat(r, "boundingCenter");
    r.Skip(12 + 12 + 36, "geometryCenter/centerOfMass/invInertia");
    r.Skip(5, "flags");
    model.mapType = static_cast<int8_t>(r.U8("mapType"));
    std::vector<uint8_t> massArray; // decoded for its checksum, not kept
    CompArray(r, 4, "mass array", &massArray);
    model.mass = r.F32("mass");
    r.F32("invMass");
    model.armor = r.F32("armor");
    r.F32("invArmor");
    r.Skip(12, "lodIndex");
    if (!r.AtEnd()) {
        r.Fail(Str(r.Remaining()) + " unexpected bytes after the ModelInfo (the file must end there)");
    }
    if (!std::isfinite(model.boundingCenter.x) || !std::isfinite(model.boundingCenter.y) ||
            !std::isfinite(model.boundingCenter.z)) {
        model.boundingCenter = Vec3{};
    }
    if (choose) {
        ReadChosenOdolLods(r, lodStart, choose, model);
    }
    return model;
}

Model ReadMlod(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader r(data, size, "P3D", fileName);
    r.SetSection("header");
    if (r.FixedString(4, "signature") != "MLOD") {
        r.FailAt(0, "not an MLOD file", "signature");
    }
    Model model;
    model.kind = Model::Kind::Mlod;
    model.version = r.U32("version");
    if (model.version != 0x100 && model.version != 0x101) {
        r.FailAt(
                4,
                "MLOD version 0x" +
                        [&] {
                            char text[16];
                            std::snprintf(text, sizeof(text), "%x", model.version);
                            return std::string(text);
                        }() +
                        " is not supported (0x100 and 0x101 are)",
                "version");
    }
    const uint32_t nLods = r.U32("nLods");
    if (nLods == 0 || nLods > kMaxLods) {
        r.FailAt(8, "LOD count " + Str(nLods) + " outside 1.." + Str(kMaxLods), "nLods");
    }
    // Smallest LOD: header 28, "TAGG", a P3DM #EndOfFile# tag (1 + 12 + 4), resolution.
    r.CheckCount(uint64_t(nLods), 28 + 4 + 17 + 4, "nLods");
    model.lods.resize(nLods);
    for (uint32_t i = 0; i < nLods; ++i) {
        r.SetSection("LOD " + Str(i));
        ReadMlodLod(r, model.lods[i], i);
        model.lods[i].resolution = r.F32("resolution");
    }
    // OFP files may end with a 32-byte default path: ignored.
    return model;
}

Model ReadP3d(const uint8_t *data, size_t size, const std::string &fileName, const LodChooser &choose) {
    if (size >= 4 && std::memcmp(data, "MLOD", 4) == 0) {
        return ReadMlod(data, size, fileName);
    }
    if (size >= 4 && std::memcmp(data, "ODOL", 4) == 0) {
        return ReadOdol(data, size, fileName, choose);
    }
    throw ImportError("P3D: " + fileName + ": not a P3D file (no 'ODOL' or 'MLOD' signature)");
}

} // namespace p3d
} // namespace assimp_retro
