// assimp-retro tests: the old name of writers/LithTech/AbcLt1Fixtures.h, kept
// only for the cross-format tests AbcNulNamesTest.cpp and
// AbcV6NormalRepairTest.cpp until they become one parameterised test; include
// AbcLt1Fixtures.h instead.
#pragma once

#include "writers/LithTech/AbcLt1Fixtures.h"
