// assimp-retro: aiMaterial::AddProperty that cannot fail silently.
#pragma once

#include <assimp/material.h>

#include <new>
#include <utility>

namespace assimp_retro {

/// aiMaterial::AddProperty(args...), but a failure throws std::bad_alloc.
/// Assimp 5.2.5 reports an allocation failure while growing the property
/// array as AI_OUTOFMEMORY after it has already doubled its capacity count,
/// so the next AddProperty on that material writes past the array (heap
/// corruption, found by test/alloc): never go on after one fails.
template <typename... Args>
void AddMaterialProperty(aiMaterial &material, Args &&...args) {
    if (material.AddProperty(std::forward<Args>(args)...) != AI_SUCCESS) {
        throw std::bad_alloc();
    }
}

} // namespace assimp_retro
