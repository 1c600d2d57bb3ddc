// assimp-retro tests: writes OBAN instances and the two Oni containers
// (OniSplit .oni "VR32" and level instance files "VR31") from plain values,
// independently of the importer's reader, following docs/formats/OBAN.md.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace retro_test {
namespace oban {

struct Key {
    std::array<float, 4> rotation{0, 0, 0, 1}; // x, y, z, w as stored
    std::array<float, 3> translation{0, 0, 0};
    int32_t frame = 0;
};

struct Animation {
    uint32_t flags = 0;
    std::array<float, 12> initialTransform{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    std::array<float, 12> baseTransform{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    uint16_t frameLength = 80;
    uint16_t frameCount = 1;
    uint16_t halfStopFrame = 0;
    std::vector<Key> keys;
};

/// The OBAN instance bytes including the 8-byte pre-data.
std::vector<uint8_t> WriteInstance(const Animation &animation, uint32_t instanceId = 1, uint32_t fileId = 0);

/// An OniSplit .oni file (VR32) holding one OBAN named `name` (tag-prefixed, e.g. "OBANdoor").
std::vector<uint8_t> WriteOni(const Animation &animation, const std::string &name);

/// One descriptor of a level file.
struct LevelEntry {
    enum Kind { Named, Unnamed, Placeholder, DuplicateOfPrevious, OtherTag } kind = Named;
    std::string name; // tag-prefixed; ignored for Unnamed
    Animation animation;
};

/// A level instance file (VR31): descriptors, name descriptors, template
/// descriptors (OBAN with `obanChecksum`), data table and name table.
std::vector<uint8_t> WriteLevel(const std::vector<LevelEntry> &entries, uint64_t obanChecksum = 0x004E0C24);

/// Little-endian byte pokes for corrupting files in tests.
void PutU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value);
void PutU16(std::vector<uint8_t> &bytes, size_t offset, uint16_t value);

} // namespace oban
} // namespace retro_test
