#include "rules/encoding.hpp"

#include <array>

namespace floe::rules {

namespace {

// Windows-1252 bytes 0x80-0x9F (from 0xA0 on it is Latin-1), as published by Microsoft and
// decoded by Python's cp1252 codec; its five undefined bytes are U+FFFD.
constexpr std::array<char16_t, 32> Cp1252 = {
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};

// CP437 bytes 0x80-0xFF (IBM's code page 437, as Python's cp437 codec decodes it).
constexpr std::array<char16_t, 128> Cp437 = {
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7,  // 0x80
    0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,  // 0x88
    0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,  // 0x90
    0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192,  // 0x98
    0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA,  // 0xA0
    0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,  // 0xA8
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,  // 0xB0
    0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,  // 0xB8
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,  // 0xC0
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,  // 0xC8
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,  // 0xD0
    0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,  // 0xD8
    0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4,  // 0xE0
    0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229,  // 0xE8
    0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248,  // 0xF0
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,  // 0xF8
};

}  // namespace

char32_t fallback_code_point(unsigned char byte, Encoding encoding) {
    if (byte < 0x80) return byte;
    switch (encoding) {
        case Encoding::Cp1252:
            return byte < 0xA0 ? Cp1252[byte - 0x80] : byte;
        case Encoding::Cp437:
            return Cp437[byte - 0x80];
        case Encoding::Latin1:
            break;
    }
    return byte;
}

void append_code_point(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

std::string_view encoding_name(Encoding encoding) {
    switch (encoding) {
        case Encoding::Latin1:
            return "Latin-1";
        case Encoding::Cp437:
            return "CP437";
        case Encoding::Cp1252:
            break;
    }
    return "Windows-1252";
}

std::uint32_t utf8_length(std::string_view text, std::size_t pos) {
    const auto* p         = reinterpret_cast<const unsigned char*>(text.data()) + pos;
    const std::size_t rem = text.size() - pos;
    const unsigned char c = p[0];
    if (c < 0x80) return 1;
    auto cont = [&](std::size_t i) { return i < rem && (p[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && p[1] < 0xA0) return 0;   // overlong
        if (c == 0xED && p[1] >= 0xA0) return 0;  // UTF-16 surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && p[1] < 0x90) return 0;   // overlong
        if (c == 0xF4 && p[1] >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;  // continuation byte, C0/C1 or F5-FF
}

std::uint32_t code_point_count(std::string_view text) {
    std::uint32_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++n) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const std::uint32_t len = utf8_length(text, i);
        i += len ? len : 1;
    }
    return n;
}

void append_utf8(std::string& out, std::string_view text, Encoding encoding) {
    std::size_t run = 0;  // start of the valid bytes not yet appended: they go in one piece
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        if (const std::uint32_t len = utf8_length(text, i)) {
            i += len;
            continue;
        }
        out.append(text.data() + run, i - run);
        append_code_point(out, fallback_code_point(c, encoding));
        run = ++i;
    }
    out.append(text.data() + run, text.size() - run);
}

std::string to_utf8(std::string_view text, Encoding encoding) {
    std::string out;
    out.reserve(text.size());
    append_utf8(out, text, encoding);
    return out;
}

}  // namespace floe::rules
