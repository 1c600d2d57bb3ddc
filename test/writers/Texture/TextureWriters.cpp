// assimp-retro tests: PAA/PAC and DTX writers (see TextureWriters.h).
#include "TextureWriters.h"

#include "Common/Lzss.h"
#include "writers/LittleEndianWriter.h"

namespace retro_test::tex {

std::vector<uint8_t> LzssEncodeSigned(const std::vector<uint8_t> &raw) {
    return assimp_retro::LzssEncode(raw.data(), raw.size(), assimp_retro::LzssChecksum::SignedBytes);
}

std::vector<uint8_t> RleEncode(const std::vector<uint8_t> &indices) {
    std::vector<uint8_t> out;
    size_t pos = 0;
    while (pos < indices.size()) {
        size_t run = 1;
        while (run < 128 && pos + run < indices.size() && indices[pos + run] == indices[pos]) ++run;
        if (run >= 2) {
            out.push_back(uint8_t(0x80 | (run - 1)));
            out.push_back(indices[pos]);
            pos += run;
            continue;
        }
        size_t literal = 1; // up to the next run of 2
        while (literal < 128 && pos + literal < indices.size() &&
                !(pos + literal + 1 < indices.size() && indices[pos + literal] == indices[pos + literal + 1])) {
            ++literal;
        }
        out.push_back(uint8_t(literal - 1));
        out.insert(out.end(), indices.begin() + long(pos), indices.begin() + long(pos + literal));
        pos += literal;
    }
    return out;
}

PaaTagg U32Tagg(const std::string &name, uint32_t value) {
    return {name, {uint8_t(value), uint8_t(value >> 8), uint8_t(value >> 16), uint8_t(value >> 24)}};
}

std::vector<uint8_t> WritePaa(const Paa &paa) {
    LittleEndianWriter w;
    if (paa.typeTag) w.U16(*paa.typeTag);
    for (const PaaTagg &tagg : paa.taggs) {
        w.Text("GGAT");
        w.Text(std::string(tagg.name.rbegin(), tagg.name.rend()));
        w.U32(uint32_t(tagg.payload.size()));
        w.Raw(tagg.payload);
    }
    w.U16(uint16_t(paa.palette.size()));
    for (uint32_t c : paa.palette) {
        w.U8(uint8_t(c));
        w.U8(uint8_t(c >> 8));
        w.U8(uint8_t(c >> 16));
    }
    for (const PaaLevel &level : paa.levels) {
        if (level.lzssMarker) {
            w.U16(1234);
            w.U16(8765);
        }
        w.U16(level.width);
        w.U16(level.height);
        const uint32_t size = level.storedSizeOverride.value_or(uint32_t(level.stored.size()));
        w.U8(uint8_t(size));
        w.U8(uint8_t(size >> 8));
        w.U8(uint8_t(size >> 16));
        w.Raw(level.stored);
    }
    if (paa.terminator) w.Zeros(6);
    return w.bytes;
}

std::vector<uint8_t> PackNibbles(const std::vector<uint8_t> &alpha4) {
    std::vector<uint8_t> out((alpha4.size() + 1) / 2, 0);
    for (size_t i = 0; i < alpha4.size(); ++i) out[i / 2] |= uint8_t((alpha4[i] & 15u) << ((i & 1) * 4));
    return out;
}

std::vector<uint8_t> WriteDtx(const Dtx &dtx) {
    LittleEndianWriter w;
    w.U32(dtx.resType);
    w.I32(dtx.version);
    w.U16(dtx.width);
    w.U16(dtx.height);
    w.U16(uint16_t(dtx.mips.size()));
    w.U16(dtx.sectionCountOverride.value_or(uint16_t(dtx.sections.size())));
    w.U32(dtx.flags);
    w.U32(0); // userFlags
    uint8_t extra[12] = {};
    extra[2] = dtx.bppIdent;
    w.Raw(extra, sizeof extra);
    if (dtx.version != -2) {
        std::string command = dtx.command.substr(0, 127);
        command.resize(128, '\0');
        w.Text(command);
    }
    if (dtx.version != -5) {
        w.Text("UNKNOWN!"); // the 8 unknown bytes before the LT1 palette
        w.Raw(dtx.palette);
    }
    for (const auto &mip : dtx.mips) w.Raw(mip);
    for (const auto &mask : dtx.alphaMasks) w.Raw(mask);
    for (const DtxSection &section : dtx.sections) {
        std::string type = section.type, name = section.name;
        type.resize(15, '\0');
        name.resize(10, '\0');
        w.Text(type);
        w.Text(name);
        w.Zeros(3);
        w.U32(uint32_t(section.data.size()));
        w.Raw(section.data);
    }
    return w.bytes;
}

} // namespace retro_test::tex
