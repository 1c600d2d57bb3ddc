#include "ObanWriter.h"

#include "writers/LittleEndianWriter.h"

#include <cstring>

namespace retro_test {
namespace oban {

namespace {

using Bytes = LittleEndianWriter;

constexpr uint64_t kPcChecksum = 0x0003BCDF33DC271Full;
constexpr uint32_t kObanTag = 0x4F42414E; // bytes "NABO"

} // namespace

void PutU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes.at(offset + i) = uint8_t(value >> (8 * i));
}

void PutU16(std::vector<uint8_t> &bytes, size_t offset, uint16_t value) {
    for (int i = 0; i < 2; ++i) bytes.at(offset + i) = uint8_t(value >> (8 * i));
}

std::vector<uint8_t> WriteInstance(const Animation &a, uint32_t instanceId, uint32_t fileId) {
    Bytes b;
    b.U32(instanceId);
    b.U32(fileId);
    for (int i = 0; i < 12; ++i) b.U8(0);
    b.U32(a.flags);
    for (float f : a.initialTransform) b.F32(f);
    for (float f : a.baseTransform) b.F32(f);
    b.U16(a.frameLength);
    b.U16(a.frameCount);
    b.U16(a.halfStopFrame);
    b.U16(uint16_t(a.keys.size()));
    for (const Key &k : a.keys) {
        for (float f : k.rotation) b.F32(f);
        for (float f : k.translation) b.F32(f);
        b.U32(uint32_t(k.frame));
    }
    return b.bytes;
}

// Header fields shared by both containers.
static void WriteHeader(Bytes &b, uint32_t versionBytesLE, uint32_t instances, uint32_t names, uint32_t templates,
        uint32_t dataOffset, uint32_t dataSize, uint32_t nameOffset, uint32_t nameSize, uint32_t rawOffset, uint32_t rawSize) {
    b.U64(kPcChecksum);
    b.U32(versionBytesLE);
    b.U16(0x40); b.U16(0x14); b.U16(0x10); b.U16(0x08);
    b.U32(instances); b.U32(names); b.U32(templates);
    b.U32(dataOffset); b.U32(dataSize); b.U32(nameOffset); b.U32(nameSize);
    b.U32(rawOffset); b.U32(rawSize);
    b.U64(0);
}

std::vector<uint8_t> WriteOni(const Animation &animation, const std::string &name) {
    // Current OniSplit layout: descriptors, names at Align32, data at Align32.
    const std::vector<uint8_t> instance = WriteInstance(animation);
    const uint32_t namesOffset = 0x60;                       // Align32(0x40 + 20)
    const uint32_t namesSize = uint32_t(name.size() + 1);
    const uint32_t dataOffset = (namesOffset + namesSize + 31) & ~31u;
    Bytes b;
    WriteHeader(b, 0x56523332, 1, 0, 0, dataOffset, uint32_t(instance.size()), namesOffset, namesSize, 0, 0);
    b.U32(kObanTag); b.U32(8); b.U32(0); b.U32(uint32_t(instance.size())); b.U32(0);
    b.AlignTo(32);
    b.Text(name); b.U8(0);
    b.AlignTo(32);
    b.Raw(instance);
    return b.bytes;
}

std::vector<uint8_t> WriteLevel(const std::vector<LevelEntry> &entries, uint64_t obanChecksum) {
    // Data table: each instance 32-byte aligned; remember where each went.
    Bytes data; // the data table
    Bytes names;
    struct Descriptor { uint32_t tag, dataOffset, nameOffset, size, flags; };
    std::vector<Descriptor> descriptors;
    for (size_t i = 0; i < entries.size(); ++i) {
        const LevelEntry &e = entries[i];
        Descriptor d{kObanTag, 0, 0, 0, 0};
        if (e.kind == LevelEntry::OtherTag) {
            d.tag = 0x54524143; // "TRAC", some other resource
        }
        if (e.kind == LevelEntry::Unnamed) {
            d.flags = 0x01;
        } else {
            d.nameOffset = uint32_t(names.bytes.size());
            names.Text(e.name);
            names.U8(0);
        }
        if (e.kind == LevelEntry::Placeholder) {
            d.flags |= 0x02;
        } else if (e.kind == LevelEntry::DuplicateOfPrevious && !descriptors.empty()) {
            d.flags |= 0x04;
            d.dataOffset = descriptors.back().dataOffset;
            d.size = descriptors.back().size;
            descriptors.back().flags |= 0x08;
        } else {
            const std::vector<uint8_t> instance = WriteInstance(e.animation, uint32_t(i << 8) | 1, (1u << 25) | 1);
            d.dataOffset = uint32_t(data.bytes.size()) + 8;
            d.size = uint32_t(instance.size());
            data.Raw(instance);
            data.AlignTo(32);
        }
        descriptors.push_back(d);
    }
    const uint32_t count = uint32_t(entries.size());
    const uint32_t nameDescriptors = 0; // sorted name index: the importer does not need it
    const uint32_t tablesEnd = 0x40 + 20 * count + 8 * nameDescriptors + 16;
    const uint32_t dataOffset = (tablesEnd + 31) & ~31u;
    const uint32_t nameOffset = dataOffset + uint32_t(data.bytes.size());
    Bytes b;
    WriteHeader(b, 0x56523331, count, nameDescriptors, 1, dataOffset, uint32_t(data.bytes.size()), nameOffset,
            uint32_t(names.bytes.size()), 0, 0);
    for (const Descriptor &d : descriptors) {
        b.U32(d.tag); b.U32(d.dataOffset); b.U32(d.nameOffset); b.U32(d.size); b.U32(d.flags);
    }
    b.U64(obanChecksum); b.U32(kObanTag); b.U32(count);
    b.AlignTo(32);
    b.Raw(data.bytes);
    b.Raw(names.bytes);
    return b.bytes;
}

} // namespace oban
} // namespace retro_test
