// assimp-retro: LZMA-alone (".lzma", LZMA_Alone) streams through Debian's
// liblzma, for the packed LTB models of CrossFire (docs/formats/LTB.md).
//
// The 13-byte header: a properties byte (lc + lp*9 + pb*45, below 225), a u32
// dictionary size and a u64 unpacked size (all ones: unknown), then LZMA1
// data. Encoding (the LTB exporter) writes the header with the unpacked size
// and no end marker, as CrossFire's packed models are. Decoding refuses, before allocating anything, an unpacked size that is
// unknown, larger than the caller's limit, or larger than the packed bytes can
// justify (kMaxLzmaRatio times their count), and runs liblzma with a memory
// limit, so a small hostile file cannot make the importer allocate much.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

/// Bytes of the LZMA-alone header.
constexpr size_t kLzmaAloneHeaderBytes = 13;
/// The most unpacked bytes per packed byte a stream may declare. LZMA can
/// reach a few thousand on runs of one byte; real models pack 2-4 to 1
/// (CrossFire's in ../shared/corpus/ltb): 256 leaves room for animation
/// libraries without letting 1 MB ask for more than 256 MB.
constexpr uint64_t kMaxLzmaRatio = 256;
/// liblzma's memory limit: a 64 MiB dictionary and its coder state.
constexpr uint64_t kLzmaMemoryLimit = uint64_t(96) << 20;

/// The header's fields, as stored.
struct LzmaAloneHeader {
    uint8_t properties = 0;
    uint32_t dictionarySize = 0;
    uint64_t unpackedSize = 0;
};

/// True if `data` starts with a plausible LZMA-alone header: a properties byte
/// below 225, a dictionary size of 2^n or 2^n + 2^(n-1) (what xz and the LZMA
/// SDK write) and a known unpacked size. For content detection (CanRead).
bool LooksLikeLzmaAlone(const uint8_t *data, size_t size);

/// The header at the start of `data` (needs kLzmaAloneHeaderBytes bytes).
LzmaAloneHeader ReadLzmaAloneHeader(const uint8_t *data);

/// The first `count` unpacked bytes (fewer if the stream fails or ends
/// sooner), for content detection; never throws.
std::vector<uint8_t> DecodeLzmaAlonePrefix(const uint8_t *data, size_t size, size_t count);

/// Unpacks the whole stream. `maxUnpacked` bounds the declared size on top of
/// the ratio check. Throws ImportError "<format>: <file>: LZMA stream: ... at
/// byte 0x..", the offset being the packed byte where the problem showed
/// (header fields, or how far liblzma had read when the data failed).
std::vector<uint8_t> DecodeLzmaAlone(const uint8_t *data, size_t size, const std::string &format,
        const std::string &fileName, uint64_t maxUnpacked);

/// The dictionary CrossFire's packed models declare (docs/formats/LTB.md 1).
constexpr uint32_t kLzmaAloneDictionary = uint32_t(16) << 20;

/// `plain` as an LZMA-alone stream: liblzma's LZMA1 encoder at its default
/// preset (lc 3, lp 0, pb 2: properties byte 0x5d) with `dictionarySize`,
/// the unpacked size in the header and no end marker (LZMA_FILTER_LZMA1EXT),
/// as CrossFire's files are. Deterministic: the same bytes on every run and
/// platform. Throws std::runtime_error if liblzma fails (out of memory).
std::vector<uint8_t> EncodeLzmaAlone(const std::vector<uint8_t> &plain, uint32_t dictionarySize = kLzmaAloneDictionary);

} // namespace assimp_retro
