#include "Common/FileBuffer.h"
#include "Common/ImportError.h"
#include "support/TestSupport.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/MemoryIOWrapper.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

using assimp_retro::FileBytes;
using assimp_retro::ReadOrMapWholeFile;

namespace {

std::vector<uint8_t> SomeBytes(size_t size = 5000) {
    std::vector<uint8_t> bytes(size);
    for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = static_cast<uint8_t>(i * 7 + 3);
    }
    return bytes;
}

std::string ErrorOf(Assimp::IOSystem *io, const std::string &path, uint64_t maxBytes) {
    try {
        ReadOrMapWholeFile(io, path, "TEST", maxBytes);
    } catch (const assimp_retro::ImportError &e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(FileBytes, PlainFileOfAMebibyteIsMappedWithTheSameBytes) {
    const std::string path = retro_test::OutputPath("file_bytes.bin");
    const std::vector<uint8_t> expected = SomeBytes((size_t(1) << 20) + 5);
    retro_test::WriteFile(path, expected);
    Assimp::DefaultIOSystem io;
    FileBytes bytes = ReadOrMapWholeFile(&io, path, "TEST");
#if defined(__unix__) || defined(__APPLE__)
    EXPECT_TRUE(bytes.mapped());
#endif
    ASSERT_EQ(bytes.size(), expected.size());
    EXPECT_EQ(std::memcmp(bytes.data(), expected.data(), expected.size()), 0);

    FileBytes moved = std::move(bytes); // the mapping moves with the object
    EXPECT_EQ(bytes.data(), nullptr);
    ASSERT_EQ(moved.size(), expected.size());
    EXPECT_EQ(moved.data()[expected.size() - 1], expected.back());
    moved.Release();
    EXPECT_EQ(moved.data(), nullptr);
    EXPECT_EQ(moved.size(), 0u);
    EXPECT_FALSE(moved.mapped());
}

TEST(FileBytes, MappingCanBeSwitchedOff) {
    const std::string path = retro_test::OutputPath("file_bytes_unmapped.bin");
    const std::vector<uint8_t> expected = SomeBytes((size_t(1) << 20) + 5);
    retro_test::WriteFile(path, expected);
    Assimp::DefaultIOSystem io;
    const FileBytes bytes = ReadOrMapWholeFile(&io, path, "TEST", assimp_retro::kMaxInputFileBytes, false);
    EXPECT_FALSE(bytes.mapped());
    ASSERT_EQ(bytes.size(), expected.size());
    EXPECT_EQ(std::memcmp(bytes.data(), expected.data(), expected.size()), 0);
}

TEST(FileBytes, SmallFileIsCopied) {
    const std::string path = retro_test::OutputPath("file_bytes_small.bin");
    const std::vector<uint8_t> expected = SomeBytes((size_t(1) << 20) - 1);
    retro_test::WriteFile(path, expected);
    Assimp::DefaultIOSystem io;
    const FileBytes bytes = ReadOrMapWholeFile(&io, path, "TEST");
    EXPECT_FALSE(bytes.mapped());
    ASSERT_EQ(bytes.size(), expected.size());
    EXPECT_EQ(std::memcmp(bytes.data(), expected.data(), expected.size()), 0);
}

TEST(FileBytes, MemoryStreamIsCopied) {
    const std::vector<uint8_t> expected = SomeBytes();
    Assimp::MemoryIOSystem io(expected.data(), expected.size(), nullptr);
    const FileBytes bytes = ReadOrMapWholeFile(&io, AI_MEMORYIO_MAGIC_FILENAME, "TEST");
    EXPECT_FALSE(bytes.mapped());
    ASSERT_EQ(bytes.size(), expected.size());
    EXPECT_NE(bytes.data(), expected.data());
    EXPECT_EQ(std::memcmp(bytes.data(), expected.data(), expected.size()), 0);
}

TEST(FileBytes, SameErrorsAsReadWholeFile) {
    const std::string path = retro_test::OutputPath("file_bytes_limit.bin");
    retro_test::WriteFile(path, SomeBytes());
    const std::string empty = retro_test::OutputPath("file_bytes_empty.bin");
    retro_test::WriteFile(empty, {});
    Assimp::DefaultIOSystem io;
    EXPECT_EQ(ErrorOf(&io, path, 4999), "TEST: " + path + ": file of 5000 bytes exceeds the limit of 4999");
    EXPECT_EQ(ErrorOf(&io, empty, 4999), "TEST: " + empty + ": file is empty");
    EXPECT_EQ(ErrorOf(&io, path + ".missing", 4999), "TEST: " + path + ".missing: cannot open file");
    EXPECT_EQ(ErrorOf(nullptr, path, 4999), "TEST: " + path + ": no IO system");
}
