// assimp-retro: lists of indices and small values kept in aiMetadata strings.
//
// aiMetadata has no array type and an aiString holds at most 1023 bytes, so a
// list (a selection's vertices, say) is written as compact text and, when
// longer than one aiString, split over several entries: "key", "key#2",
// "key#3", ... Readers join them back. The texts:
//   index ranges   "0-5 7 9-12"          sorted, distinct indices
//   value runs     "255*12 128 64*3"     one value per element, runs counted
//   floats         "1.5 0 -2.25"         shortest text that reads back exactly
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

struct aiMetadata;

namespace assimp_retro {

class MetaBuilder;

/// Sorted, distinct indices as ranges ("0-5 7 9-12").
std::string FormatIndexRanges(const std::vector<uint32_t> &sorted);
/// The indices of a FormatIndexRanges text; false on anything else, on
/// unsorted or repeated indices, an index >= `limit` or more than `maxCount`
/// indices.
bool ParseIndexRanges(const std::string &text, uint32_t limit, std::vector<uint32_t> &out,
        size_t maxCount = SIZE_MAX);

/// Values 0..255 as runs ("255*12 128").
std::string FormatByteRuns(const std::vector<uint8_t> &values);
/// False on malformed text or more than `maxCount` values.
bool ParseByteRuns(const std::string &text, size_t maxCount, std::vector<uint8_t> &out);

/// Floats separated by spaces, each exact (%.9g).
std::string FormatFloats(const std::vector<float> &values);
/// False on malformed text, non-finite values or more than `maxCount` values.
bool ParseFloats(const std::string &text, size_t maxCount, std::vector<float> &out);

/// Adds `text` under `key`, split over "key", "key#2", ... at spaces so that
/// each part fits an aiString.
void AddLongString(MetaBuilder &meta, const std::string &key, const std::string &text);
/// Joins what AddLongString wrote; false if `key` is absent.
bool GetLongString(const aiMetadata *meta, const std::string &key, std::string &text);

} // namespace assimp_retro
