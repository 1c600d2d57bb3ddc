// Binary FBX node records: reading them by their end offsets, reading
// property values, and making new records (see FbxRecords.h).
#include "Export/FbxRecords.h"

#include <cstring>

namespace assimp_retro {
namespace fbx {
namespace {

const unsigned kMaxDepth = 64;

size_t ArrayElementSize(char type) {
    switch (type) {
    case 'f':
    case 'i':
        return 4;
    case 'd':
    case 'l':
        return 8;
    case 'b':
        return 1;
    default:
        return 0;
    }
}

} // namespace

uint64_t RecordReader::Field(size_t offset) const {
    Need(offset, FieldSize(), "record header");
    uint64_t value = 0;
    for (size_t i = FieldSize(); i-- > 0;) {
        value = (value << 8) | static_cast<unsigned char>(bytes_[offset + i]);
    }
    return value;
}

bool RecordReader::IsNullRecord(size_t offset) const {
    if (offset > bytes_.size() || NullRecordSize() > bytes_.size() - offset) {
        return false;
    }
    for (size_t i = 0; i < NullRecordSize(); ++i) {
        if (bytes_[offset + i] != 0) {
            return false;
        }
    }
    return true;
}

Record RecordReader::Read(size_t offset, size_t limit, unsigned depth) const {
    if (depth > kMaxDepth) {
        throw FormatError("records nested deeper than " + std::to_string(kMaxDepth), offset);
    }
    const uint64_t end = Field(offset);
    if (end <= offset || end > limit) {
        throw FormatError("record end offset " + std::to_string(end) + " out of range", offset);
    }
    Record record;
    record.numProperties = Field(offset + FieldSize());
    const uint64_t propertyBytes = Field(offset + 2 * FieldSize());
    const size_t nameAt = offset + 3 * FieldSize();
    Need(nameAt, 1, "record name length");
    const size_t nameLength = static_cast<unsigned char>(bytes_[nameAt]);
    Need(nameAt + 1, nameLength, "record name");
    record.name.assign(&bytes_[nameAt + 1], nameLength);
    record.propertiesBegin = nameAt + 1 + nameLength;
    if (record.propertiesBegin > end || propertyBytes > end - record.propertiesBegin) {
        throw FormatError("property list of '" + record.name + "' runs past its record", offset);
    }
    record.propertiesEnd = record.propertiesBegin + static_cast<size_t>(propertyBytes);
    size_t at = record.propertiesEnd;
    while (at < end) {
        if (IsNullRecord(at)) {
            if (at + NullRecordSize() != end) {
                throw FormatError("null record inside the children of '" + record.name + "'", at);
            }
            record.hadNullRecord = true;
            break;
        }
        record.children.push_back(Read(at, static_cast<size_t>(end), depth + 1));
        at = static_cast<size_t>(Field(at));
    }
    return record;
}

std::vector<PropertyAt> RecordReader::Properties(const Record &record) const {
    std::vector<PropertyAt> properties;
    size_t at = record.propertiesBegin;
    for (uint64_t i = 0; i < record.numProperties; ++i) {
        if (at >= record.propertiesEnd) {
            throw FormatError("property list of '" + record.name + "' ends before its " +
                            std::to_string(record.numProperties) + " properties",
                    at);
        }
        PropertyAt property;
        property.type = bytes_[at];
        property.at = at + 1;
        size_t size = 0;
        switch (property.type) {
        case 'C':
            size = 1;
            break;
        case 'Y':
            size = 2;
            break;
        case 'I':
        case 'F':
            size = 4;
            break;
        case 'L':
        case 'D':
            size = 8;
            break;
        case 'S':
        case 'R':
            size = 4 + static_cast<size_t>(U32(property.at));
            break;
        case 'f':
        case 'd':
        case 'l':
        case 'i':
        case 'b':
            size = 12 + static_cast<size_t>(U32(property.at + 8));
            break;
        default:
            throw FormatError("unknown property type " + std::to_string(static_cast<unsigned char>(property.type)) +
                            " in '" + record.name + "'",
                    at);
        }
        if (size > record.propertiesEnd - property.at) {
            throw FormatError("property of '" + record.name + "' runs past its property list", at);
        }
        at = property.at + size;
        properties.push_back(property);
    }
    if (at != record.propertiesEnd) {
        throw FormatError("property list of '" + record.name + "' is longer than its properties", at);
    }
    return properties;
}

std::string RecordReader::String(const PropertyAt &property) const {
    if (property.type != 'S' && property.type != 'R') {
        throw FormatError("expected a string property", property.at - 1);
    }
    const size_t length = U32(property.at);
    Need(property.at + 4, length, "string");
    return std::string(&bytes_[property.at + 4], length);
}

int64_t RecordReader::Int64(const PropertyAt &property) const {
    if (property.type == 'I') {
        int32_t value = 0;
        Need(property.at, 4, "int32");
        std::memcpy(&value, &bytes_[property.at], 4); // little-endian host (x86, ARM)
        return value;
    }
    if (property.type != 'L') {
        throw FormatError("expected an integer property", property.at - 1);
    }
    int64_t value = 0;
    Need(property.at, 8, "int64");
    std::memcpy(&value, &bytes_[property.at], 8);
    return value;
}

double RecordReader::Number(const PropertyAt &property) const {
    switch (property.type) {
    case 'C':
        Need(property.at, 1, "byte");
        return static_cast<unsigned char>(bytes_[property.at]);
    case 'Y': {
        int16_t value = 0;
        Need(property.at, 2, "int16");
        std::memcpy(&value, &bytes_[property.at], 2);
        return value;
    }
    case 'F': {
        float value = 0;
        Need(property.at, 4, "float");
        std::memcpy(&value, &bytes_[property.at], 4);
        return value;
    }
    case 'D': {
        double value = 0;
        Need(property.at, 8, "double");
        std::memcpy(&value, &bytes_[property.at], 8);
        return value;
    }
    default:
        return static_cast<double>(Int64(property));
    }
}

uint32_t RecordReader::ArrayCount(const PropertyAt &property) const {
    if (ArrayElementSize(property.type) == 0) {
        throw FormatError("expected an array property", property.at - 1);
    }
    return U32(property.at);
}

template <typename T>
std::vector<T> RecordReader::RawArray(const PropertyAt &property, char type, const char *what) const {
    if (property.type != type) {
        throw FormatError(std::string("expected an ") + what + " array", property.at - 1);
    }
    const uint32_t count = U32(property.at);
    const uint32_t encoding = U32(property.at + 4);
    const uint32_t byteLength = U32(property.at + 8);
    if (encoding != 0) {
        throw FormatError("compressed array (encoding " + std::to_string(encoding) + ") not supported", property.at);
    }
    if (uint64_t(count) * sizeof(T) != byteLength) {
        throw FormatError("array of " + std::to_string(count) + " " + what + " has " + std::to_string(byteLength) +
                        " bytes",
                property.at);
    }
    Need(property.at + 12, byteLength, "array");
    std::vector<T> values(count);
    if (count > 0) {
        std::memcpy(values.data(), &bytes_[property.at + 12], byteLength);
    }
    return values;
}

std::vector<int32_t> RecordReader::Int32Array(const PropertyAt &property) const {
    return RawArray<int32_t>(property, 'i', "int32");
}

std::vector<int64_t> RecordReader::Int64Array(const PropertyAt &property) const {
    return RawArray<int64_t>(property, 'l', "int64");
}

ObjectHeader ReadObjectHeader(const RecordReader &reader, const Record &record) {
    ObjectHeader header;
    if (record.owned || record.numProperties < 3) {
        return header;
    }
    const std::vector<PropertyAt> properties = reader.Properties(record);
    if (properties[0].type != 'L' || properties[1].type != 'S' || properties[2].type != 'S') {
        return header;
    }
    header.id = reader.Int64(properties[0]);
    const std::string name = reader.String(properties[1]);
    header.name = name.substr(0, name.find(std::string("\0\1", 2)));
    header.objectClass = reader.String(properties[2]);
    header.valid = true;
    return header;
}

Connection ReadConnection(const RecordReader &reader, const Record &record) {
    Connection connection;
    if (record.owned || record.name != "C" || record.numProperties < 3) {
        return connection;
    }
    const std::vector<PropertyAt> properties = reader.Properties(record);
    if (properties[0].type != 'S' || properties[1].type != 'L' || properties[2].type != 'L') {
        return connection;
    }
    connection.type = reader.String(properties[0]);
    connection.child = reader.Int64(properties[1]);
    connection.parent = reader.Int64(properties[2]);
    if (properties.size() > 3 && properties[3].type == 'S') {
        connection.property = reader.String(properties[3]);
    }
    connection.valid = true;
    return connection;
}

Record *TopRecord(std::vector<Record> &top, const char *name) {
    for (Record &record : top) {
        if (record.name == name) {
            return &record;
        }
    }
    return nullptr;
}

const Record *Child(const Record &record, const char *name) {
    for (const Record &child : record.children) {
        if (child.name == name) {
            return &child;
        }
    }
    return nullptr;
}

void RecordReader::Need(size_t offset, size_t count, const char *what) const {
    if (offset > bytes_.size() || count > bytes_.size() - offset) {
        throw FormatError(std::string("truncated ") + what, offset);
    }
}

uint32_t RecordReader::U32(size_t offset) const {
    Need(offset, 4, "length field");
    uint32_t value = 0;
    std::memcpy(&value, &bytes_[offset], 4);
    return value;
}

void PropertyList::Raw(const void *data, size_t size) {
    bytes.append(static_cast<const char *>(data), size);
}

PropertyList &PropertyList::Int32(int32_t value) {
    bytes.push_back('I');
    Raw(&value, 4);
    ++count;
    return *this;
}

PropertyList &PropertyList::Int64(int64_t value) {
    bytes.push_back('L');
    Raw(&value, 8);
    ++count;
    return *this;
}

PropertyList &PropertyList::Double(double value) {
    bytes.push_back('D');
    Raw(&value, 8);
    ++count;
    return *this;
}

PropertyList &PropertyList::String(const std::string &value) {
    bytes.push_back('S');
    const uint32_t length = static_cast<uint32_t>(value.size());
    Raw(&length, 4);
    bytes += value;
    ++count;
    return *this;
}

template <typename T>
PropertyList &PropertyList::Array(char type, const std::vector<T> &values) {
    bytes.push_back(type);
    const uint32_t header[3] = {static_cast<uint32_t>(values.size()), 0,
            static_cast<uint32_t>(values.size() * sizeof(T))};
    Raw(header, sizeof(header));
    if (!values.empty()) {
        Raw(values.data(), values.size() * sizeof(T));
    }
    ++count;
    return *this;
}

PropertyList &PropertyList::Int32Array(const std::vector<int32_t> &values) {
    return Array('i', values);
}
PropertyList &PropertyList::Int64Array(const std::vector<int64_t> &values) {
    return Array('l', values);
}
PropertyList &PropertyList::FloatArray(const std::vector<float> &values) {
    return Array('f', values);
}
PropertyList &PropertyList::DoubleArray(const std::vector<double> &values) {
    return Array('d', values);
}

Record MakeRecord(const std::string &name, const PropertyList &properties) {
    Record record;
    record.name = name;
    record.owned = true;
    record.numProperties = properties.count;
    record.ownedProperties = properties.bytes;
    return record;
}

Record MakeP70Number(const std::string &name, const std::string &type, const std::string &flags, double value) {
    return MakeRecord("P", PropertyList().String(name).String(type).String("").String(flags).Double(value));
}

std::string ObjectName(const std::string &name, const std::string &objectClass) {
    return name + std::string("\0\1", 2) + objectClass;
}

size_t RecordOutput::Begin(const char *name, size_t nameLength) {
    CloseProperties();
    const size_t start = bytes.size();
    bytes.resize(start + 3 * FieldSize(), '\0');
    bytes.push_back(static_cast<char>(nameLength));
    bytes.insert(bytes.end(), name, name + nameLength);
    open_ = true;
    openStart_ = start;
    propertiesAt_ = bytes.size();
    propertyCount_ = 0;
    return start;
}

void RecordOutput::End(size_t start, bool withNullRecord) {
    CloseProperties();
    if (withNullRecord) {
        PutNullRecord();
    }
    PutField(start, bytes.size());
}

void RecordOutput::PutString(const char *text, size_t length) {
    bytes.push_back('S');
    const uint32_t size = static_cast<uint32_t>(length);
    const char *raw = reinterpret_cast<const char *>(&size);
    bytes.insert(bytes.end(), raw, raw + 4);
    bytes.insert(bytes.end(), text, text + length);
    ++propertyCount_;
}

void RecordOutput::PutProperties(const char *encoded, size_t size, uint64_t count) {
    bytes.insert(bytes.end(), encoded, encoded + size);
    propertyCount_ += count;
}

void RecordOutput::PutScalar(char type, const void *value, size_t size) {
    bytes.push_back(type);
    const char *raw = static_cast<const char *>(value);
    bytes.insert(bytes.end(), raw, raw + size);
    ++propertyCount_;
}

void RecordOutput::PutArray(char type, const void *values, size_t count, size_t elementSize) {
    bytes.push_back(type);
    const uint32_t header[3] = {static_cast<uint32_t>(count), 0, static_cast<uint32_t>(count * elementSize)};
    const char *raw = reinterpret_cast<const char *>(header);
    bytes.insert(bytes.end(), raw, raw + sizeof(header));
    const char *data = static_cast<const char *>(values);
    bytes.insert(bytes.end(), data, data + count * elementSize);
    ++propertyCount_;
}

void RecordOutput::CloseProperties() {
    if (!open_) {
        return;
    }
    PutField(openStart_ + FieldSize(), propertyCount_);
    PutField(openStart_ + 2 * FieldSize(), bytes.size() - propertiesAt_);
    open_ = false;
}

void RecordOutput::PutField(size_t at, uint64_t value) {
    for (size_t i = 0; i < FieldSize(); ++i) {
        bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xFF);
    }
}

} // namespace fbx
} // namespace assimp_retro
