// assimp-retro tests: the old name of unit/LithTech/AbcLt2TestHelpers.h, kept
// only for AbcV9NulNamesTest.cpp until the cross-format tests become one
// parameterised test; include AbcLt2TestHelpers.h instead.
#pragma once

#include "unit/LithTech/AbcLt2TestHelpers.h"
