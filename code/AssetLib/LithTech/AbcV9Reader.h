// assimp-retro: LithTech ABC v9-v13 / v108 reader (bytes -> AbcV9Model).
//
// Every known section must end exactly at its stored next-section offset (or
// at the end of the file for the last one). Where docs/formats/ABC.md marks a layout UNSURE,
// the reader tries each candidate layout on the section and keeps the one that
// ends exactly there; if none does, it fails naming the section.
#pragma once

#include "AbcV9Model.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace assimp_retro {
namespace abc {
namespace v9 {

/// True if the 16 bytes at the file start look like a v9+ header
/// (06 00 "Header", then a known version at offset 12).
bool LooksLikeV9(const uint8_t *data, size_t size);

/// Parses the whole file. Throws ImportError naming the section, field and offset.
Model ReadModel(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace v9
} // namespace abc
} // namespace assimp_retro
