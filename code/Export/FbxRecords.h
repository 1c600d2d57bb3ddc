// The node records of a binary FBX file, for the FBX completion pass
// (FbxCompletion.cpp) and the records it adds (FbxNodeAnimations.cpp,
// FbxMorphTargets.cpp, FbxMetadata.cpp).
//
// Binary FBX (version >= 7500; 32-bit fields before): a 27-byte header, then
// node records { uint64 endOffset, uint64 numProperties, uint64
// propertyListLength, uint8 nameLength, name, properties, children }, where a
// node with children ends with a null record (25 zero bytes, 13 before 7500)
// and the top-level list ends with one too; then a footer. A property is a
// type byte and its value: C (bool byte), Y (int16), I (int32), F (float),
// L (int64), D (double), S/R (uint32 length, bytes), or an array f/d/l/i/b
// (uint32 count, uint32 encoding: 0 raw, 1 zlib; uint32 byte length, data).
// All numbers are little-endian.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace assimp_retro {
namespace fbx {

/// FBX's time unit (KTime) per second.
constexpr double kTicksPerSecond = 46186158000.0;

/// A malformed file: what, and the byte offset where it was found. Bytes of
/// the file quoted in `what` (record names) that are not printable ASCII are
/// shown as '?' (a NUL would end the message).
class FormatError : public std::runtime_error {
public:
    FormatError(const std::string &what, size_t offset) :
            std::runtime_error("FBX: " + Printable(what) + " at byte offset " + std::to_string(offset)) {}

private:
    static std::string Printable(std::string text) {
        for (char &c : text) {
            if (c < 0x20 || c > 0x7E) {
                c = '?';
            }
        }
        return text;
    }
};

/// One node record: read from the input file (its properties are the input's
/// bytes [propertiesBegin, propertiesEnd)) or made by the pass (`owned`: its
/// properties are `ownedProperties`).
struct Record {
    std::string name;
    uint64_t numProperties = 0;
    size_t propertiesBegin = 0; ///< byte offset of the property list in the input
    size_t propertiesEnd = 0;
    bool hadNullRecord = false; ///< the input had a child list (maybe empty)
    bool owned = false;
    std::string ownedProperties;
    std::vector<Record> children;
};

/// Where one property's value lies in the input: `type` and the byte offset
/// of the value (after the type byte).
struct PropertyAt {
    char type = 0;
    size_t at = 0;
};

class RecordReader {
public:
    RecordReader(const std::vector<char> &bytes, bool wide) : bytes_(bytes), wide_(wide) {}

    size_t FieldSize() const { return wide_ ? 8 : 4; }
    size_t NullRecordSize() const { return 3 * FieldSize() + 1; }

    /// A record header field (uint32 or uint64) at `offset`.
    uint64_t Field(size_t offset) const;
    bool IsNullRecord(size_t offset) const;
    /// The record at `offset`, whose end offset must lie in (offset, limit].
    Record Read(size_t offset, size_t limit, unsigned depth) const;

    /// The properties of an input record; throws FormatError if the list does
    /// not parse to exactly its length.
    std::vector<PropertyAt> Properties(const Record &record) const;
    /// A property's value, checked for its type: S or R; L (I accepted); any
    /// number (C, Y, I, F, L, D).
    std::string String(const PropertyAt &property) const;
    int64_t Int64(const PropertyAt &property) const;
    double Number(const PropertyAt &property) const;
    /// The values of an 'i' array (raw encoding only: Assimp writes no
    /// compressed arrays) / the number of elements of any array.
    std::vector<int32_t> Int32Array(const PropertyAt &property) const;
    std::vector<int64_t> Int64Array(const PropertyAt &property) const;
    uint32_t ArrayCount(const PropertyAt &property) const;

private:
    template <typename T>
    std::vector<T> RawArray(const PropertyAt &property, char type, const char *what) const;
    void Need(size_t offset, size_t count, const char *what) const;
    uint32_t U32(size_t offset) const;

    const std::vector<char> &bytes_;
    bool wide_;
};

/// An object record's first three properties: L id, S "name\0\1class", S class.
struct ObjectHeader {
    bool valid = false; ///< false: not an object record of the input (or made by the pass)
    int64_t id = 0;
    std::string name; ///< without "\0\1class"
    std::string objectClass;
};
ObjectHeader ReadObjectHeader(const RecordReader &reader, const Record &record);

/// A Connections "C" record of the input: S type ("OO", "OP"), L child, L
/// parent, and for "OP" S property.
struct Connection {
    bool valid = false;
    std::string type;
    int64_t child = 0;
    int64_t parent = 0;
    std::string property;
};
Connection ReadConnection(const RecordReader &reader, const Record &record);

/// The first top-level record / child named `name`, or nullptr.
Record *TopRecord(std::vector<Record> &top, const char *name);
const Record *Child(const Record &record, const char *name);

/// The property list of a record made by the pass.
class PropertyList {
public:
    PropertyList &Int32(int32_t value);
    PropertyList &Int64(int64_t value);
    PropertyList &Double(double value);
    PropertyList &String(const std::string &value);
    PropertyList &Int32Array(const std::vector<int32_t> &values);
    PropertyList &Int64Array(const std::vector<int64_t> &values);
    PropertyList &FloatArray(const std::vector<float> &values);
    PropertyList &DoubleArray(const std::vector<double> &values);

    uint64_t count = 0;
    std::string bytes;

private:
    void Raw(const void *data, size_t size);
    template <typename T>
    PropertyList &Array(char type, const std::vector<T> &values);
};

/// A record made by the pass, without children.
Record MakeRecord(const std::string &name, const PropertyList &properties);
/// A "P" entry of a Properties70 list: name, type, label, flags, then a number.
Record MakeP70Number(const std::string &name, const std::string &type, const std::string &flags, double value);

/// "name\0\1class", the way binary FBX names objects.
std::string ObjectName(const std::string &name, const std::string &objectClass);

/// Writes node records into `bytes`, which holds the file from its first
/// byte (end offsets are file offsets). Begin writes a record's header and
/// name; its properties follow (Put*) until its first child's Begin or its
/// End, which fill in the counts; End writes the null record of a record
/// with a child list and the end offset. Used for every record the
/// completion writes: many small records (node animation curves) go straight
/// into the output, without a Record each.
class RecordOutput {
public:
    explicit RecordOutput(bool wide) : wide_(wide) {}

    size_t FieldSize() const { return wide_ ? 8 : 4; }
    size_t NullRecordSize() const { return 3 * FieldSize() + 1; }

    /// Starts a record; returns its start for End.
    size_t Begin(const char *name, size_t nameLength);
    size_t Begin(const std::string &name) { return Begin(name.data(), name.size()); }
    /// Ends the record begun at `start` (with no record begun after it still open).
    void End(size_t start, bool withNullRecord);
    void PutNullRecord() { bytes.insert(bytes.end(), NullRecordSize(), '\0'); }

    void PutInt32(int32_t value) { PutScalar('I', &value, 4); }
    void PutInt64(int64_t value) { PutScalar('L', &value, 8); }
    void PutDouble(double value) { PutScalar('D', &value, 8); }
    void PutString(const char *text, size_t length);
    void PutString(const std::string &text) { PutString(text.data(), text.size()); }
    void PutInt64Array(const int64_t *values, size_t count) { PutArray('l', values, count, 8); }
    void PutFloatArray(const float *values, size_t count) { PutArray('f', values, count, 4); }
    /// `count` properties, already encoded.
    void PutProperties(const char *encoded, size_t size, uint64_t count);

    std::vector<char> bytes;

private:
    void PutScalar(char type, const void *value, size_t size);
    void PutArray(char type, const void *values, size_t count, size_t elementSize);
    void CloseProperties();
    void PutField(size_t at, uint64_t value);

    bool wide_;
    bool open_ = false; ///< the last record begun still takes properties
    size_t openStart_ = 0;
    size_t propertiesAt_ = 0;
    uint64_t propertyCount_ = 0;
};

} // namespace fbx
} // namespace assimp_retro
