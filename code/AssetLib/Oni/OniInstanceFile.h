// assimp-retro: Oni instance files, the container of every Oni resource.
//
// Two flavours share one layout (docs/formats/OBAN.md §2b, §2c):
//   - OniSplit's ".oni" files, version "VR32", one exported resource;
//   - the game's level files "levelN_Final.dat", version "VR31", thousands.
// This reader knows the header, the instance descriptors and the name table;
// it hands out each instance's bytes and knows nothing about OBAN itself.
#pragma once

#include "Common/BinaryReader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace oni {

constexpr size_t kHeaderSize = 0x40;
constexpr size_t kDescriptorSize = 20;
constexpr size_t kNameDescriptorSize = 8;
constexpr size_t kTemplateDescriptorSize = 16;
/// Instance data starts with 8 bytes of "pre-data" (instance ID, file ID);
/// descriptor data offsets point past them.
constexpr size_t kPreDataSize = 8;
/// Longest instance name accepted (the engine's are under 64 characters).
constexpr size_t kMaxNameLength = 1023;

constexpr uint32_t kVersionLevel = 0x56523331; // "VR31", bytes "13RV" on disk
constexpr uint32_t kVersionOniSplit = 0x56523332; // "VR32", bytes "23RV" on disk
constexpr uint64_t kChecksumPc = 0x0003BCDF33DC271Full;
constexpr uint64_t kChecksumMac = 0x0003BCDF23C13061ull;

/// Descriptor flags (engine TMtDescriptorFlags).
enum DescriptorFlags : uint32_t {
    kUnnamed = 0x01, ///< "Unique": nameOffset is meaningless
    kPlaceholder = 0x02, ///< data lives in another file (level0), resolved by name
    kDuplicate = 0x04, ///< dataOffset points at another instance's identical data
    kShared = 0x08, ///< others duplicate this one
};

/// Tags read as little-endian u32 of the on-disk bytes, e.g. OBAN is stored "NABO".
constexpr uint32_t MakeTag(const char (&text)[5]) {
    return (uint32_t(uint8_t(text[0])) << 24) | (uint32_t(uint8_t(text[1])) << 16) | (uint32_t(uint8_t(text[2])) << 8) |
            uint32_t(uint8_t(text[3]));
}
std::string TagText(uint32_t tag);

struct InstanceDescriptor {
    unsigned index = 0;
    uint32_t tag = 0;
    int32_t dataOffset = 0; ///< relative to the data table, 8 past the instance start
    int32_t nameOffset = 0; ///< relative to the name table
    int32_t size = 0; ///< includes the 8-byte pre-data
    uint32_t flags = 0;
    std::string name; ///< tag-prefixed name ("OBANdoor"), or "" when unnamed

    bool IsPlaceholder() const { return (flags & kPlaceholder) || dataOffset == 0 || size == 0; }
};

struct TemplateDescriptor {
    uint64_t checksum = 0;
    uint32_t tag = 0;
    uint32_t instanceCount = 0;
};

class InstanceFile {
public:
    /// Parses the header, descriptors and names of `reader`'s whole buffer.
    /// Throws ImportError for another version, byte order or engine family,
    /// or for tables that do not fit in the file.
    explicit InstanceFile(BinaryReader reader);

    uint32_t Version() const { return mVersion; }
    bool IsLevelFile() const { return mVersion == kVersionLevel; }
    uint64_t TemplateChecksum() const { return mTemplateChecksum; }
    const std::vector<InstanceDescriptor> &Descriptors() const { return mDescriptors; }
    const std::vector<TemplateDescriptor> &Templates() const { return mTemplates; }

    /// A reader over one instance's bytes, starting at its pre-data.
    /// Throws if the descriptor's offsets or size leave the data table.
    BinaryReader Instance(const InstanceDescriptor &descriptor) const;

    /// True if the first bytes look like an Oni instance file of a supported kind.
    static bool LooksLike(const uint8_t *data, size_t size);

private:
    BinaryReader mReader;
    uint32_t mVersion = 0;
    uint64_t mTemplateChecksum = 0;
    size_t mDataTableOffset = 0;
    size_t mDataTableSize = 0;
    BinaryReader mDataTable; ///< the data table (checked by the constructor), read by Instance
    std::vector<InstanceDescriptor> mDescriptors;
    std::vector<TemplateDescriptor> mTemplates;
};

} // namespace oni
} // namespace assimp_retro
