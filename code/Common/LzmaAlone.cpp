#include "LzmaAlone.h"

#include "BinaryReader.h" // HexOffset
#include "ImportError.h"

#include <lzma.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace assimp_retro {

namespace {

constexpr uint8_t kMaxProperties = 9 * 5 * 5; // lc < 9, lp < 5, pb < 5
constexpr uint64_t kUnknownSize = ~uint64_t(0);

uint64_t ReadLittleEndian(const uint8_t *p, size_t bytes) {
    uint64_t value = 0;
    for (size_t i = bytes; i-- > 0;) {
        value = (value << 8) | p[i];
    }
    return value;
}

/// xz and the LZMA SDK write 2^n or 2^n + 2^(n-1) (liblzma rounds others up
/// the same way, so this only narrows what detection accepts).
bool PlausibleDictionary(uint32_t size) {
    if (size < 4096) {
        return false;
    }
    const uint32_t high = uint32_t(1) << (31 - __builtin_clz(size));
    return size == high || size == high + (high >> 1);
}

/// Frees liblzma's coder however the decoding ends.
struct StreamGuard {
    lzma_stream stream = LZMA_STREAM_INIT;
    ~StreamGuard() { lzma_end(&stream); }
};

const char *LzmaErrorText(lzma_ret ret) {
    switch (ret) {
    case LZMA_DATA_ERROR:
        return "corrupt data";
    case LZMA_FORMAT_ERROR:
        return "not an LZMA-alone stream";
    case LZMA_OPTIONS_ERROR:
        return "unsupported properties";
    case LZMA_MEM_ERROR:
        return "out of memory";
    case LZMA_MEMLIMIT_ERROR:
        return "needs more memory than the limit";
    case LZMA_BUF_ERROR:
        return "stream truncated";
    default:
        return "liblzma error";
    }
}

} // namespace

LzmaAloneHeader ReadLzmaAloneHeader(const uint8_t *data) {
    LzmaAloneHeader header;
    header.properties = data[0];
    header.dictionarySize = static_cast<uint32_t>(ReadLittleEndian(data + 1, 4));
    header.unpackedSize = ReadLittleEndian(data + 5, 8);
    return header;
}

bool LooksLikeLzmaAlone(const uint8_t *data, size_t size) {
    if (size < kLzmaAloneHeaderBytes) {
        return false;
    }
    const LzmaAloneHeader header = ReadLzmaAloneHeader(data);
    return header.properties < kMaxProperties && PlausibleDictionary(header.dictionarySize) &&
            header.unpackedSize != kUnknownSize;
}

std::vector<uint8_t> DecodeLzmaAlonePrefix(const uint8_t *data, size_t size, size_t count) {
    std::vector<uint8_t> out(count);
    StreamGuard guard;
    if (!LooksLikeLzmaAlone(data, size) || lzma_alone_decoder(&guard.stream, kLzmaMemoryLimit) != LZMA_OK) {
        return {};
    }
    lzma_stream &s = guard.stream;
    s.next_in = data;
    s.avail_in = size;
    s.next_out = out.data();
    s.avail_out = out.size();
    while (s.avail_out > 0) {
        const lzma_ret ret = lzma_code(&s, LZMA_FINISH);
        if (ret != LZMA_OK) {
            break;
        }
    }
    out.resize(static_cast<size_t>(s.total_out));
    return out;
}

std::vector<uint8_t> DecodeLzmaAlone(const uint8_t *data, size_t size, const std::string &format,
        const std::string &fileName, uint64_t maxUnpacked) {
    const std::string prefix = format + ": " + fileName + ": LZMA stream: ";
    const auto fail = [&prefix](const std::string &what, size_t offset) -> ImportError {
        return ImportError(prefix + what + " at byte " + HexOffset(offset));
    };
    if (size < kLzmaAloneHeaderBytes) {
        throw fail("header needs " + std::to_string(kLzmaAloneHeaderBytes) + " bytes, " + std::to_string(size) +
                        " present",
                0);
    }
    const LzmaAloneHeader header = ReadLzmaAloneHeader(data);
    if (header.properties >= kMaxProperties) {
        throw fail("properties byte " + std::to_string(header.properties) + " is not below 225", 0);
    }
    if (header.unpackedSize == kUnknownSize) {
        throw fail("unpacked size unknown (all ones); a model must declare it", 5);
    }
    const uint64_t packed = size - kLzmaAloneHeaderBytes;
    const uint64_t justified = packed * kMaxLzmaRatio;
    if (header.unpackedSize > justified || header.unpackedSize > maxUnpacked) {
        throw fail("declared unpacked size " + std::to_string(header.unpackedSize) + " exceeds what " +
                        std::to_string(packed) + " packed bytes justify (" +
                        std::to_string(std::min(justified, maxUnpacked)) + " at most)",
                5);
    }
    if (header.unpackedSize == 0) {
        throw fail("declared unpacked size is 0", 5);
    }
    StreamGuard guard;
    lzma_ret ret = lzma_alone_decoder(&guard.stream, kLzmaMemoryLimit);
    if (ret != LZMA_OK) {
        throw fail(std::string("cannot start the decoder (") + LzmaErrorText(ret) + ")", 0);
    }
    // Reserved, not filled: pages are committed as the data arrives, so a
    // stream that lies about its size costs only what it really holds.
    std::vector<uint8_t> out;
    out.reserve(static_cast<size_t>(header.unpackedSize));
    uint8_t chunk[1 << 16];
    lzma_stream &s = guard.stream;
    s.next_in = data;
    s.avail_in = size;
    // LZMA_FINISH: all input is here. With a known size liblzma ends the
    // stream once that many bytes are out (an end marker is optional).
    do {
        s.next_out = chunk;
        s.avail_out = static_cast<size_t>(std::min<uint64_t>(sizeof(chunk), header.unpackedSize - out.size()));
        if (s.avail_out == 0) {
            s.avail_out = 1; // one byte more than declared: liblzma must end the stream instead
        }
        ret = lzma_code(&s, LZMA_FINISH);
        const size_t produced = static_cast<size_t>(s.next_out - chunk);
        if (out.size() + produced > header.unpackedSize) {
            throw fail("stream holds more than the declared " + std::to_string(header.unpackedSize) + " bytes",
                    static_cast<size_t>(s.total_in));
        }
        out.insert(out.end(), chunk, chunk + produced);
    } while (ret == LZMA_OK);
    if (ret == LZMA_STREAM_END) {
        if (out.size() != header.unpackedSize) {
            throw fail("stream ended after " + std::to_string(out.size()) + " of " +
                            std::to_string(header.unpackedSize) + " declared bytes",
                    static_cast<size_t>(s.total_in));
        }
        return out;
    }
    if (ret == LZMA_BUF_ERROR) {
        throw fail("stream truncated: " + std::to_string(out.size()) + " of " + std::to_string(header.unpackedSize) +
                        " bytes unpacked when the input ended",
                static_cast<size_t>(s.total_in));
    }
    if (ret == LZMA_MEMLIMIT_ERROR) {
        throw fail("dictionary of " + std::to_string(header.dictionarySize) + " bytes needs more than the " +
                        std::to_string(kLzmaMemoryLimit >> 20) + " MiB limit",
                1);
    }
    throw fail(std::string(LzmaErrorText(ret)) + " after " + std::to_string(out.size()) + " unpacked bytes",
            static_cast<size_t>(s.total_in));
}

std::vector<uint8_t> EncodeLzmaAlone(const std::vector<uint8_t> &plain, uint32_t dictionarySize) {
    lzma_options_lzma options;
    if (lzma_lzma_preset(&options, LZMA_PRESET_DEFAULT)) {
        throw std::runtime_error("LZMA encoder: liblzma has no default preset");
    }
    options.dict_size = dictionarySize;
    // LZMA1EXT without LZMA_LZMA1EXT_ALLOW_EOPM: no end marker, the size is in the header.
    options.ext_flags = 0;
    options.ext_size_low = static_cast<uint32_t>(plain.size());
    options.ext_size_high = static_cast<uint32_t>(uint64_t(plain.size()) >> 32);
    const lzma_filter filters[] = {{LZMA_FILTER_LZMA1EXT, &options}, {LZMA_VLI_UNKNOWN, nullptr}};
    StreamGuard guard;
    lzma_stream &s = guard.stream;
    if (lzma_raw_encoder(&s, filters) != LZMA_OK) {
        throw std::runtime_error("LZMA encoder: liblzma refused the LZMA1 options");
    }
    std::vector<uint8_t> out(kLzmaAloneHeaderBytes);
    out[0] = static_cast<uint8_t>(options.lc + 9 * options.lp + 45 * options.pb);
    for (size_t i = 0; i < 4; ++i) {
        out[1 + i] = static_cast<uint8_t>(dictionarySize >> (8 * i));
    }
    for (size_t i = 0; i < 8; ++i) {
        out[5 + i] = static_cast<uint8_t>(uint64_t(plain.size()) >> (8 * i));
    }
    // LZMA's worst case grows incompressible data by a little: the loop grows the buffer.
    out.resize(kLzmaAloneHeaderBytes + plain.size() + plain.size() / 64 + 4096);
    s.next_in = plain.data();
    s.avail_in = plain.size();
    s.next_out = out.data() + kLzmaAloneHeaderBytes;
    s.avail_out = out.size() - kLzmaAloneHeaderBytes;
    for (;;) {
        const lzma_ret ret = lzma_code(&s, LZMA_FINISH);
        if (ret == LZMA_STREAM_END) {
            break;
        }
        if (ret != LZMA_OK) {
            throw std::runtime_error(std::string("LZMA encoder: ") + LzmaErrorText(ret));
        }
        if (s.avail_out == 0) {
            const size_t used = out.size();
            out.resize(used + used / 2);
            s.next_out = out.data() + used;
            s.avail_out = out.size() - used;
        }
    }
    out.resize(kLzmaAloneHeaderBytes + s.total_out);
    return out;
}

} // namespace assimp_retro
