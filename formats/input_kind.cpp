#include "formats/input_kind.hpp"

namespace floe::formats {

namespace {

bool starts_with(std::string_view head, std::string_view signature) {
    return head.substr(0, signature.size()) == signature;
}

// A C0 control that text never holds (docs/decisions/reading.md "Binary input"): not tab, LF, VT,
// FF, CR, SUB (the DOS end-of-file mark old archives end with) or ESC (terminal colours in logs).
bool binary_control(unsigned char c) {
    return c <= 0x08 || (c >= 0x0E && c <= 0x19) || (c >= 0x1C && c <= 0x1F);
}

}  // namespace

InputSniff sniff_input(std::string_view head) {
    using namespace std::string_view_literals;
    struct Signature {
        std::string_view bytes;
        InputKind kind;
    };
    // UTF-32LE's mark starts with UTF-16LE's: it comes first.
    static constexpr Signature Signatures[] = {
        {"\x1F\x8B"sv, InputKind::Gzip},
        {"\x28\xB5\x2F\xFD"sv, InputKind::Zstd},
        {"\xFD\x37\x7A\x58\x5A\x00"sv, InputKind::Xz},
        {"PK\x03\x04"sv, InputKind::Zip},
        {"PK\x05\x06"sv, InputKind::Zip},
        {"PK\x07\x08"sv, InputKind::Zip},
        {"\x37\x7A\xBC\xAF\x27\x1C"sv, InputKind::SevenZip},
        {"\xFF\xFE\x00\x00"sv, InputKind::Utf32Le},
        {"\x00\x00\xFE\xFF"sv, InputKind::Utf32Be},
        {"\xFF\xFE"sv, InputKind::Utf16Le},
        {"\xFE\xFF"sv, InputKind::Utf16Be},
    };
    InputSniff sniff;
    for (const Signature& s : Signatures) {
        if (!starts_with(head, s.bytes)) continue;
        sniff.kind = s.kind;
        sniff.bom  = s.kind >= InputKind::Utf16Le && s.kind <= InputKind::Utf32Be;
        return sniff;
    }
    // "BZh" and the block size digit: three letters alone could begin a text.
    if (head.size() >= 4 && starts_with(head, "BZh") && head[3] >= '1' && head[3] <= '9') {
        sniff.kind = InputKind::Bzip2;
        return sniff;
    }

    // A tar file starts with a member's name: its magic comes after the name and the modes.
    if (head.size() >= 262 && head.substr(257, 5) == "ustar") {
        sniff.kind = InputKind::Tar;
        return sniff;
    }

    head                 = head.substr(0, SniffBytes);
    std::size_t controls = 0, even_nuls = 0, odd_nuls = 0;
    for (std::size_t i = 0; i < head.size(); ++i) {
        const auto c = static_cast<unsigned char>(head[i]);
        if (!binary_control(c)) continue;
        ++controls;
        if (c == 0) ++(i % 2 ? odd_nuls : even_nuls);
    }
    if (controls < 8 || controls * 32 < head.size()) return sniff;
    sniff.controls = controls;
    sniff.sampled  = head.size();
    if (controls == odd_nuls && odd_nuls * 2 >= head.size() / 2)
        sniff.kind = InputKind::Utf16Le;  // `[` 00 `E` 00 …: ASCII in UTF-16LE
    else if (controls == even_nuls && even_nuls * 2 >= head.size() / 2)
        sniff.kind = InputKind::Utf16Be;
    else
        sniff.kind = InputKind::Binary;
    return sniff;
}

}  // namespace floe::formats
