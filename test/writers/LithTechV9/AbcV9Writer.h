// assimp-retro tests: the old name of writers/LithTech/AbcLt2Fixtures.h, kept
// only for the two cross-format tests in unit/LithTechV9 until they become
// one parameterised test; include AbcLt2Fixtures.h instead.
#pragma once

#include "writers/LithTech/AbcLt2Fixtures.h"
