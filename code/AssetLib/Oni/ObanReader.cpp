#include "ObanReader.h"

#include "OniInstanceFile.h"

#include "Common/LittleEndian.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace assimp_retro {
namespace oni {

std::string ObanFlagNames(uint32_t flags) {
    static const struct {
        uint32_t bit;
        const char *name;
    } kNames[] = {{kObanLoop, "NormalLoop"}, {kObanPingpong, "BackToBackLoop"}, {kObanRandomStart, "RandomStartFrame"},
            {kObanAutostart, "Autostart"}, {kObanLocal, "ZAxisUp"}};
    std::string text;
    uint32_t rest = flags;
    for (const auto &entry : kNames) {
        if (flags & entry.bit) {
            text += (text.empty() ? "" : " ") + std::string(entry.name);
            rest &= ~entry.bit;
        }
    }
    if (rest) {
        char hex[16];
        std::snprintf(hex, sizeof(hex), "0x%x", rest);
        text += (text.empty() ? "" : " ") + std::string(hex);
    }
    return text;
}

namespace {

Matrix4x3 ReadMatrix(BinaryReader &r, const char *field) {
    Matrix4x3 m;
    for (auto &column : m) {
        for (float &value : column) {
            value = r.FiniteF32(field);
        }
    }
    return m;
}

/// The largest float whose square root is at most 1e-6f. sqrt is monotonic
/// and correctly rounded, so a squared norm above it is exactly a norm above
/// 1e-6f, FailAtFirstInvalidKey's test for a zero rotation, without a square
/// root per key.
constexpr float kMaxZeroSquaredNorm = 0x1.19799ap-40f;

/// True when the seven floats of each of `count` keys are finite: the test of
/// AllFiniteF32LE over each key's eight words, its frame masked out (written
/// so that the compiler checks several words at once).
bool KeyValuesFinite(const uint8_t *bytes, size_t count) {
    static constexpr uint32_t kExponent[8] = {0x7F800000u, 0x7F800000u, 0x7F800000u, 0x7F800000u, 0x7F800000u,
            0x7F800000u, 0x7F800000u, 0u};
    uint32_t carries = 0;
    for (size_t k = 0; k < count; ++k) {
        for (size_t i = 0; i < 8; ++i) {
            carries |= (LoadU32LE(bytes + 4 * i) & kExponent[i]) + 0x00800000u;
        }
        bytes += kObanKeySize;
    }
    return (carries & 0x80000000u) == 0;
}

/// True when none of the `count` keys at `bytes` fails a check of
/// FailAtFirstInvalidKey (non-finite values, a zero rotation, a negative or
/// non-increasing frame), which then finds the first; the checks are
/// accumulated without branches per key.
bool KeysValid(const uint8_t *bytes, size_t count) {
    if (!KeyValuesFinite(bytes, count)) {
        return false;
    }
    uint32_t invalid = 0;
    int32_t previousFrame = -1; // the first frame must be >= 0, every other one above the previous
    for (size_t k = 0; k < count; ++k, bytes += kObanKeySize) {
        const float x = LoadF32LE(bytes), y = LoadF32LE(bytes + 4), z = LoadF32LE(bytes + 8), w = LoadF32LE(bytes + 12);
        const int32_t frame = static_cast<int32_t>(LoadU32LE(bytes + 0x1c));
        invalid |= uint32_t(!(x * x + y * y + z * z + w * w > kMaxZeroSquaredNorm)) | uint32_t(frame <= previousFrame);
        previousFrame = frame;
    }
    return invalid == 0;
}

/// Reads the `keyCount` keys at the reader's position value by value and
/// fails at the first one a check rejects, with its exact byte offset.
[[noreturn]] void FailAtFirstInvalidKey(const BinaryReader &r, size_t keyCount) {
    const size_t keysStart = r.Offset();
    const uint8_t *bytes = r.Here();
    int32_t previousFrame = 0;
    for (size_t k = 0; k < keyCount; ++k) {
        const size_t keyOffset = keysStart + k * kObanKeySize;
        const uint8_t *p = bytes + k * kObanKeySize;
        float value[7];
        for (size_t i = 0; i < 7; ++i) { // rotation x, y, z, w, then translation x, y, z
            const uint32_t bits = LoadU32LE(p + 4 * i);
            if ((bits & 0x7F800000u) == 0x7F800000u) { // all exponent bits: infinity or NaN
                r.FailNotFiniteAt(keyOffset + 4 * i, i < 4 ? "key rotation" : "key translation");
            }
            std::memcpy(&value[i], &bits, sizeof(float));
        }
        const int32_t frame = static_cast<int32_t>(LoadU32LE(p + 0x1c));
        const float norm =
                std::sqrt(value[0] * value[0] + value[1] * value[1] + value[2] * value[2] + value[3] * value[3]);
        if (!(norm > 1e-6f)) {
            r.FailAt(keyOffset, "keyframe " + std::to_string(k) + " has a zero rotation quaternion", "key rotation");
        }
        if (frame < 0) {
            r.FailAt(keyOffset + 0x1c, "keyframe " + std::to_string(k) + " has negative frame " + std::to_string(frame),
                    "key frame");
        }
        if (k > 0 && frame <= previousFrame) {
            r.FailAt(keyOffset + 0x1c,
                    "keyframe " + std::to_string(k) + " at frame " + std::to_string(frame) + " does not follow frame " +
                            std::to_string(previousFrame),
                    "key frame");
        }
        previousFrame = frame;
    }
    r.FailAt(keysStart, "internal error: the keys failed a check no key fails", "keys");
}

} // namespace

ObanAnimation ReadObanInstance(BinaryReader r) {
    ObanAnimation oban;
    if (r.Size() < kObanFixedSize) {
        r.Fail("instance of " + std::to_string(r.Size()) + " bytes is shorter than the fixed OBAN part (128 bytes)");
    }
    r.Seek(0x14, "flags");
    oban.flags = r.U32("flags");
    oban.initialTransform = ReadMatrix(r, "InitialTransform");
    oban.baseTransform = ReadMatrix(r, "BaseTransform");
    oban.ticksPerFrame = r.U16("FrameLength");
    oban.frameCount = r.U16("FrameCount");
    oban.halfStopFrame = r.U16("HalfStopFrame");
    const size_t countOffset = r.Offset();
    const uint16_t keyCount = r.U16("key count");
    if (keyCount == 0) {
        r.FailAt(countOffset, "OBAN has no keyframes", "key count");
    }
    if (static_cast<size_t>(keyCount) * kObanKeySize > r.Remaining()) {
        r.FailAt(countOffset,
                std::to_string(keyCount) + " keyframes need " + std::to_string(keyCount * kObanKeySize) +
                        " bytes, the instance has " + std::to_string(r.Remaining()) + " left",
                "key count");
    }
    // The block is checked at once; when a key fails a check the keys are
    // read again value by value for the exact message and byte.
    if (!KeysValid(r.Here(), keyCount)) {
        FailAtFirstInvalidKey(r, keyCount);
    }
    oban.keys = ObanKeys(r.Here(), keyCount);
    r.Skip(size_t(keyCount) * kObanKeySize, "keys");
    return oban;
}

ObanFileContents ReadObanFile(const BinaryReader &reader) {
    const InstanceFile file(reader);
    ObanFileContents contents;
    contents.levelFile = file.IsLevelFile();
    const uint32_t obanTag = MakeTag("OBAN");

    for (const TemplateDescriptor &t : file.Templates()) {
        if (t.tag == obanTag && t.checksum != kObanTemplateChecksum) {
            char text[64];
            std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(t.checksum));
            reader.Fail(std::string("the OBAN template checksum is ") + text +
                    " instead of 0x4e0c24: a different OBAN layout this importer does not know");
        }
    }

    size_t obanInstances = 0; // with data: the animations to come
    for (const InstanceDescriptor &d : file.Descriptors()) {
        obanInstances += d.tag == obanTag && !d.IsPlaceholder();
    }
    contents.animations.reserve(obanInstances);

    std::string otherTags;
    uint64_t decodedKeys = 0;
    const uint64_t keyLimit = 8 * (reader.Size() / kObanKeySize) + 65536;
    for (const InstanceDescriptor &d : file.Descriptors()) {
        if (d.tag != obanTag) {
            if (otherTags.size() < 40) {
                const std::string tag = TagText(d.tag);
                if (otherTags.find(tag) == std::string::npos) {
                    otherTags += (otherTags.empty() ? "" : ", ") + tag;
                }
            }
            continue;
        }
        if (d.IsPlaceholder()) {
            contents.placeholders.push_back(d.name.empty() ? "OBAN#" + std::to_string(d.index) : d.name);
            continue;
        }
        ObanAnimation oban = ReadObanInstance(file.Instance(d));
        // Duplicates share one instance's data; a hostile file could point
        // thousands of descriptors at one large instance. Real files decode
        // little more than their own size in keys.
        decodedKeys += oban.keys.size();
        if (decodedKeys > keyLimit) {
            reader.FailAt(kHeaderSize + size_t(d.index) * kDescriptorSize,
                    "instance descriptors share OBAN data too often: " + std::to_string(decodedKeys) +
                            " keys decoded from a file of " + std::to_string(reader.Size()) + " bytes");
        }
        oban.descriptorIndex = d.index;
        oban.instanceName = (d.flags & kUnnamed) || d.name.empty() ? "OBAN#" + std::to_string(d.index) : d.name;
        contents.animations.push_back(std::move(oban));
    }
    if (contents.animations.empty()) {
        std::string message = "the file holds no OBAN instance";
        if (!contents.placeholders.empty()) {
            message += " with data (" + std::to_string(contents.placeholders.size()) +
                    " placeholders resolved in other files)";
        }
        if (!otherTags.empty()) {
            message += "; it holds " + otherTags;
        }
        reader.FailAt(0, message);
    }
    return contents;
}

} // namespace oni
} // namespace assimp_retro
