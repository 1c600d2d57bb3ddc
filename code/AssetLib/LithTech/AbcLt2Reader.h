// assimp-retro: LithTech ABC v9-v13 / v108 reader (bytes -> AbcLt2Model).
//
// Every known section must end exactly at its stored next-section offset (or
// at the end of the file for the last one). Where docs/formats/ABC.md marks a layout UNSURE,
// the reader tries each candidate layout on the section and keeps the one that
// ends exactly there; if none does, it fails naming the section.
#pragma once

#include "AbcLt2Model.h"

#include "Common/BinaryReader.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace assimp_retro {
namespace abc {
namespace lt2 {

/// True if the 16 bytes at the file start look like a v9+ header
/// (06 00 "Header", then a known version at offset 12).
bool LooksLikeLt2(const uint8_t *data, size_t size);

/// The node tree (depth-first, parents rebuilt from NumChildren, header
/// NodeCount nodes) followed by the weight sets, as v9-v13 store them; the
/// LTB reader reads the same layout (LtbReader.cpp).
void ReadNodeTree(BinaryReader &r, const Header &h, std::vector<Node> &nodes, std::vector<WeightSet> &weightSets);

/// `lists` animation binding lists (u32 count; name, dims, translation each),
/// shared with the LTB reader.
void ReadAnimBindingLists(BinaryReader &r, std::vector<std::vector<AnimBinding>> &animBindings, size_t lists);

/// Parses the whole file. Throws ImportError naming the section, field and offset.
Model ReadModel(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
