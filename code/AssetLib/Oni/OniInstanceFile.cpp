#include "OniInstanceFile.h"

#include "Common/LittleEndian.h"

#include <cstdio>
#include <cstring>

namespace assimp_retro {
namespace oni {

std::string TagText(uint32_t tag) {
    std::string text;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const char c = static_cast<char>((tag >> shift) & 0xff);
        text += (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    return text;
}

namespace {

std::string Hex64(uint64_t value) {
    char text[32];
    std::snprintf(text, sizeof(text), "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

// Checks that [offset, offset+size) lies inside the file; both come from the header.
void CheckTable(const BinaryReader &reader, int32_t offset, int32_t size, const char *field) {
    if (offset < 0 || size < 0 || static_cast<uint64_t>(offset) + static_cast<uint64_t>(size) > reader.Size()) {
        reader.Fail("table at " + HexOffset(static_cast<uint32_t>(offset)) + " of " + std::to_string(size) +
                        " bytes does not fit in the file of " + std::to_string(reader.Size()) + " bytes",
                field);
    }
}

/// The NUL-terminated name at `offset` (inside) of the name table; the reader
/// with its section named after the instance only makes the error message.
std::string NameAt(const BinaryReader &nameTable, size_t offset, size_t instance) {
    const char *start = reinterpret_cast<const char *>(nameTable.Data()) + offset;
    const void *nul = std::memchr(start, 0, nameTable.Size() - offset);
    if (!nul) {
        BinaryReader name = nameTable;
        name.SetSection("name of instance " + std::to_string(instance));
        name.Seek(offset, "nameOffset");
        name.CString("name"); // throws: no NUL before the end of the table
    }
    return std::string(start, static_cast<const char *>(nul));
}

} // namespace

bool InstanceFile::LooksLike(const uint8_t *data, size_t size) {
    if (size < kHeaderSize) {
        return false;
    }
    // Read in place: a BinaryReader would allocate its names on every import.
    const uint64_t checksum = LoadU32LE(data) | (uint64_t(LoadU32LE(data + 4)) << 32);
    const uint32_t version = LoadU32LE(data + 8);
    return (checksum == kChecksumPc || checksum == kChecksumMac) &&
            (version == kVersionLevel || version == kVersionOniSplit);
}

InstanceFile::InstanceFile(BinaryReader reader) : mReader(std::move(reader)), mDataTable(mReader) {
    BinaryReader &r = mReader;
    r.SetSection("file header");
    if (r.Size() < kHeaderSize) {
        r.Fail("file of " + std::to_string(r.Size()) + " bytes is shorter than the 64-byte Oni instance file header");
    }
    mTemplateChecksum = r.U64("template checksum");
    mVersion = r.U32("version");
    if (mVersion == 0x31335256u || mVersion == 0x32335256u) {
        r.FailAt(8,
                "big-endian Oni instance file; only little-endian files (every known PC and Mac release) are supported",
                "version");
    }
    if (mVersion != kVersionLevel && mVersion != kVersionOniSplit) {
        r.FailAt(8, "unsupported version '" + TagText(mVersion) + "' (expected VR31 level file or VR32 .oni file)",
                "version");
    }
    if (mTemplateChecksum != kChecksumPc && mTemplateChecksum != kChecksumMac) {
        r.FailAt(0,
                "template checksum " + Hex64(mTemplateChecksum) +
                        " is not Oni PC (0x0003bcdf33dc271f) or Mac/demo (0x0003bcdf23c13061); PS2 and OniX files are "
                        "not supported",
                "template checksum");
    }
    const uint16_t headerSize = r.U16("header size");
    const uint16_t descriptorSize = r.U16("instance descriptor size");
    const uint16_t templateDescriptorSize = r.U16("template descriptor size");
    const uint16_t nameDescriptorSize = r.U16("name descriptor size");
    // OniSplit checks these only for level files; old .oni writers may differ.
    if (mVersion == kVersionLevel &&
            (headerSize != kHeaderSize || descriptorSize != kDescriptorSize ||
                    templateDescriptorSize != kTemplateDescriptorSize || nameDescriptorSize != kNameDescriptorSize)) {
        r.FailAt(0x0c,
                "unexpected table entry sizes " + std::to_string(headerSize) + "/" + std::to_string(descriptorSize) +
                        "/" + std::to_string(templateDescriptorSize) + "/" + std::to_string(nameDescriptorSize) +
                        " (expected 64/20/16/8)",
                "descriptor sizes");
    }
    const int32_t instanceCount = r.I32("instance descriptor count");
    const int32_t nameCount = r.I32("name descriptor count");
    const int32_t templateCount = r.I32("template descriptor count");
    const size_t countsOffset = 0x14;
    const int32_t dataTableOffset = r.I32("data table offset");
    const int32_t dataTableSize = r.I32("data table size");
    const int32_t nameTableOffset = r.I32("name table offset");
    const int32_t nameTableSize = r.I32("name table size");
    CheckTable(r, dataTableOffset, dataTableSize, "data table");
    CheckTable(r, nameTableOffset, nameTableSize, "name table");
    mDataTableOffset = static_cast<size_t>(dataTableOffset);
    mDataTableSize = static_cast<size_t>(dataTableSize);
    mDataTable = mReader.Sub(mDataTableOffset, mDataTableSize, "data table"); // fits: checked above

    r.Seek(kHeaderSize, "instance descriptors");
    r.SetSection("instance descriptors");
    if (instanceCount < 0 || nameCount < 0 || templateCount < 0) {
        r.FailAt(countsOffset, "negative descriptor count", "descriptor counts");
    }
    const size_t instances =
            r.CheckCount(static_cast<uint64_t>(instanceCount), kDescriptorSize, "instance descriptor count");
    const BinaryReader nameTable =
            r.Sub(static_cast<size_t>(nameTableOffset), static_cast<size_t>(nameTableSize), "name table");
    mDescriptors.reserve(instances);
    // The reads cannot fail (CheckCount): each descriptor's section name is
    // only made for the checks that can.
    for (size_t i = 0; i < instances; ++i) {
        InstanceDescriptor d;
        d.index = static_cast<unsigned>(i);
        d.tag = r.U32("tag");
        d.dataOffset = r.I32("dataOffset");
        d.nameOffset = r.I32("nameOffset");
        d.size = r.I32("size");
        d.flags = r.U32("flags");
        if (!(d.flags & kUnnamed)) {
            if (d.nameOffset < 0 || static_cast<size_t>(d.nameOffset) >= nameTable.Size()) {
                r.SetSection("instance descriptor", i);
                r.FailAt(r.Offset() - 12,
                        "name offset " + std::to_string(d.nameOffset) + " is outside the name table of " +
                                std::to_string(nameTable.Size()) + " bytes",
                        "nameOffset");
            }
            d.name = NameAt(nameTable, static_cast<size_t>(d.nameOffset), i);
            // Oni names are short; a long one is corruption (and would be
            // copied once per descriptor pointing at it).
            if (d.name.size() > kMaxNameLength) {
                r.SetSection("instance descriptor", i);
                r.FailAt(r.Offset() - 12,
                        "name of " + std::to_string(d.name.size()) + " bytes is longer than " +
                                std::to_string(kMaxNameLength),
                        "nameOffset");
            }
        }
        mDescriptors.push_back(std::move(d));
    }

    // Level files list the templates they use, with each template's checksum;
    // a wrong checksum means a different layout of that resource type.
    if (mVersion == kVersionLevel) {
        r.SetSection("template descriptors");
        const size_t names =
                r.CheckCount(static_cast<uint64_t>(nameCount), kNameDescriptorSize, "name descriptor count");
        r.Skip(names * kNameDescriptorSize, "name descriptors");
        const size_t templates = r.CheckCount(static_cast<uint64_t>(templateCount), kTemplateDescriptorSize,
                "template descriptor count");
        for (size_t i = 0; i < templates; ++i) { // reads that cannot fail (CheckCount)
            TemplateDescriptor t;
            t.checksum = r.U64("checksum");
            t.tag = r.U32("tag");
            t.instanceCount = r.U32("instance count");
            mTemplates.push_back(t);
        }
    }
}

BinaryReader InstanceFile::Instance(const InstanceDescriptor &d) const {
    const BinaryReader &dataTable = mDataTable;
    // "<tag> instance <index> (<name>)": the section of the instance's reader.
    std::string what = TagText(d.tag);
    what.reserve(what.size() + 24 + d.name.size());
    what.append(" instance ").append(std::to_string(d.index));
    if (!d.name.empty()) {
        what.append(" (").append(d.name).append(")");
    }
    if (d.dataOffset < static_cast<int32_t>(kPreDataSize) || d.size < static_cast<int32_t>(kPreDataSize)) {
        dataTable.FailAt(0,
                what + ": data offset " + std::to_string(d.dataOffset) + " / size " + std::to_string(d.size) +
                        " cannot hold the 8-byte pre-data");
    }
    const size_t start = static_cast<size_t>(d.dataOffset) - kPreDataSize;
    if (start > mDataTableSize || static_cast<size_t>(d.size) > mDataTableSize - start) {
        dataTable.FailAt(0,
                what + ": " + std::to_string(d.size) + " bytes at data offset " + std::to_string(d.dataOffset) +
                        " run past the data table of " + std::to_string(mDataTableSize) + " bytes");
    }
    return dataTable.Sub(start, static_cast<size_t>(d.size), std::move(what));
}

} // namespace oni
} // namespace assimp_retro
