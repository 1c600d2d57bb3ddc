// assimp-retro: a glTF 2.0 file (.gltf + its buffer, or .glb) as JSON plus
// the one buffer new binary data is appended to. Used by the glTF completion.
//
// Most of an exported file's JSON is `accessors`, `bufferViews` and
// `animations` (TIBERIUS: 721 of 731 kB), which the completion only appends
// to or, for animations, reads when the scene has morph channels. Those three
// top-level arrays stay as the file's text until Parse() asks for them, and
// are written back as that text (plus any appended elements): a full parse
// and dump cost more than Assimp's whole export.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace assimp_retro {

class GltfDocument {
public:
    using Json = nlohmann::ordered_json; ///< keeps the exporter's key order

    /// Reads `path`; GLB is recognised by its magic, anything else is parsed
    /// as .gltf JSON. Returns false and sets `error` on failure.
    bool Load(const std::string &path, std::string &error);

    /// Writes the JSON (and the appended buffer data) back to the loaded path
    /// (and the external .bin), each through a temporary file and a rename.
    bool Save(std::string &error);

    /// The parsed top-level members. `accessors`, `bufferViews` and
    /// `animations` are absent until Parse() is called for them (HasMember
    /// tells whether the file has them).
    Json &Root() { return mJson; }
    bool IsBinary() const { return mBinary; }

    /// Parses a top-level member still held as text into Root() (nothing to
    /// do when it is parsed already or missing).
    void Parse(const std::string &key);

    /// True when the file has the top-level member (parsed or as text).
    bool HasMember(const std::string &key) const;

    /// True when some element of the top-level array `key` is an object whose
    /// `member` is missing or an empty array (e.g. an animation without
    /// channels), without parsing `key` when it is still text.
    bool SomeElementLacks(const std::string &key, const char *member);

    /// Removes from buffer 0 every byte that no bufferView references (Assimp
    /// 5.2.5 and main leave half of the JOINTS_0 data there, uninitialised
    /// heap memory) and moves the bufferViews down: each stretch of views
    /// keeps its offset modulo 4, so the gaps left are zero alignment padding
    /// (< 4 bytes). When a view cannot be read or lies outside the buffer,
    /// nothing moves and the gaps are zeroed instead. Returns the bytes
    /// removed (`nonZeroBytes`: how many unreferenced bytes were not zero), or
    /// -1 and sets `error`.
    long long RemoveUnreferencedBytes(std::string &error, long long *nonZeroBytes = nullptr);

    /// Appends `size` bytes to buffer 0 (created if the file has none), after
    /// zero padding to a multiple of 4, and adds a bufferView for them.
    /// Returns the bufferView index, or -1 and sets `error`.
    long long AppendBufferView(const void *data, size_t size, std::string &error);

    /// Appends `size` bytes to buffer 0 (created if the file has none), after
    /// zero padding to a multiple of 4, without a bufferView. Returns their
    /// offset, or -1 and sets `error`.
    long long AppendBufferData(const void *data, size_t size, std::string &error);

    /// True when text appended with AppendRawElement must be laid out as
    /// rapidjson's PrettyWriter lays out a top-level value (4 spaces: the
    /// .gltf text of Assimp's exporter), false for compact text (GLB).
    bool PrettyText() const { return !mBinary; }

    /// Appends one element, given as JSON text laid out as PrettyText() says,
    /// to the top-level array `key`, created where Assimp's writer puts it if
    /// missing. While the array is still text the element is added to that
    /// text as it is (indented for pretty text), so the file keeps the
    /// writer's layout and the element is not parsed; otherwise it is parsed
    /// and appended. Returns its index.
    long long AppendRawElement(const char *key, const std::string &text);

    /// Makes room for `bytes` more of text appended with AppendRawElement to
    /// the top-level array `key` (created as for it), so that a long array
    /// is not copied each time its text outgrows its room. Room never
    /// written costs no memory. Does nothing where the array is not text.
    void ReserveRawElements(const char *key, size_t bytes);

    /// Elements of the top-level array `key` (0 when missing), -1 when its
    /// text cannot be scanned.
    long long ElementCount(const std::string &key);

    /// The JSON text of element `index` of the top-level array `key`, as the
    /// file has it while the array is text (else dumped); "" when there is
    /// no such element.
    std::string ElementText(const std::string &key, size_t index);

    /// Replaces element `index` of the top-level array `key` with `text`,
    /// laid out as AppendRawElement's. While the array is text the element's
    /// text is replaced as it is, so the rest keeps the writer's layout.
    /// False when there is no such element.
    bool ReplaceRawElement(const char *key, size_t index, const std::string &text);

    /// The bytes of buffer 0 (loaded on the first call), or nullptr and
    /// sets `error`.
    const std::vector<uint8_t> *Buffer(std::string &error);

    /// Appends a float accessor (componentType 5126, `type` "SCALAR", ...)
    /// holding `values` in a new bufferView. With `withBounds`, writes
    /// min/max (per component). Returns the accessor index or -1.
    long long AppendFloatAccessor(const std::vector<float> &values, const char *type, unsigned components,
            bool withBounds, std::string &error);

    /// The shortest decimal that reads back as `value` when converted to
    /// float, as a double (0.1f is written 0.1, not 0.10000000149011612).
    static double FloatToJson(float value);

private:
    enum class BufferKind { None, GlbChunk, External, DataUri };

    bool LoadBuffer(std::string &error);
    bool SplitMembers(const std::string &text);
    /// Appends `element` to the top-level array `key` (created if missing);
    /// returns its index.
    long long AppendElement(const char *key, Json element);
    std::string DumpMembers(int indent);
    /// `element` (rapidjson's pretty layout at depth 1) indented for its
    /// place in a top-level array (depth 2) when PrettyText().
    std::string IndentElement(const std::string &element) const;

    /// A top-level array kept as the file's text (see the file comment).
    struct TextMember {
        std::string text; ///< the array, `[` to `]`
        long long count = -1; ///< elements in `text`, counted when first needed
        std::vector<Json> appended; ///< elements added after `text`'s
        bool parsed = false; ///< moved into mJson by Parse()
    };
    /// Elements in the text of `member` (counted once); -1 if it cannot be scanned.
    long long CountElements(TextMember &member);
    /// The top-level array `key` as text: found, or created as "[]" where
    /// Assimp's writer puts it when the file has no such member; mText's end
    /// when the array is not text.
    std::map<std::string, TextMember>::iterator FindOrAddTextMember(const char *key);
    /// Puts a new top-level key into mOrder where Assimp's writer puts it.
    void InsertInAssimpOrder(const std::string &key);
    std::vector<std::string> mOrder; ///< the file's top-level keys, in order
    std::map<std::string, TextMember> mText;

    std::string mPath;
    bool mBinary = false;
    bool mCrlf = false; ///< a .gltf written with CRLF line ends (Assimp's text mode on Windows)
    Json mJson;
    // GLB chunks other than JSON and BIN, kept verbatim (type, payload).
    std::vector<std::pair<uint32_t, std::vector<uint8_t>>> mOtherChunks;
    bool mHasBinChunk = false;
    std::vector<uint8_t> mBinChunk; // GLB BIN chunk payload as read

    // Buffer 0, loaded on the first append.
    bool mBufferLoaded = false;
    bool mBufferChanged = false;
    BufferKind mBufferKind = BufferKind::None;
    std::string mBufferFile; // External: absolute path of the .bin
    std::string mDataUriPrefix; // DataUri: "data:...;base64,"
    std::vector<uint8_t> mBuffer;
};

} // namespace assimp_retro
