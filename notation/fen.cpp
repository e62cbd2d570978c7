#include "notation/fen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>

#include "rules/common/ascii.hpp"
#include "rules/encoding.hpp"

namespace floe::formats {

namespace {

namespace chess = rules::chess;
using chess::Color;
using chess::PieceType;
using chess::Square;
using rules::DiagCode;

constexpr std::string_view PieceLetters = "PNBRQKpnbrqk";  // index % 6 is the PieceType
constexpr std::string_view RightLetters = "KQkq";          // bit i is CastlingRight 1 << i

// One field of the FEN and its byte offset in the whole string.
struct Field {
    std::string_view text;
    std::uint32_t begin = 0;
    std::uint32_t end() const { return begin + static_cast<std::uint32_t>(text.size()); }
};

// Six fields, plus one to point at the first extra field.
constexpr std::size_t MaxFields = 7;

struct Fields {
    std::array<Field, MaxFields> field{};
    std::size_t count = 0;  ///< every field found, also those beyond MaxFields
    std::uint32_t end = 0;  ///< end of the last field
};

Fields split_fields(std::string_view fen) {
    Fields out;
    rules::for_each_blank_separated(fen, [&](std::size_t begin, std::size_t end) {
        if (out.count < MaxFields)
            out.field[out.count] = {fen.substr(begin, end - begin),
                                    static_cast<std::uint32_t>(begin)};
        ++out.count;
        out.end = static_cast<std::uint32_t>(end);
    });
    return out;
}

std::string square_name(Square s) {
    return {static_cast<char>('a' + chess::file_of(s)), static_cast<char>('1' + chess::rank_of(s))};
}

const char* color_name(Color c) { return c == Color::White ? "White" : "Black"; }
const char* color_adjective(Color c) { return c == Color::White ? "white" : "black"; }

// Byte length of the UTF-8 character at `at`, so an unknown letter is quoted whole; a byte that
// is not UTF-8 counts as one (docs/rules/notation.md §8.2), as the diagnostic printer reads it.
std::size_t char_length(std::string_view text, std::size_t at) {
    const std::uint32_t len = rules::utf8_length(text, at);
    return len ? len : 1;
}

// Reads one FEN: each field into a Setup, then the checks that need several fields. Every
// problem is recorded; the position is built only when none was an error.
class FenReader {
public:
    FenReader(const chess::Variant& variant, std::string_view fen, bool strict)
        : variant_(variant), fen_(fen), strict_(strict) {}

    FenResult read() {
        const Fields fields = split_fields(fen_);
        if (fields.count != 6 && fields.count != 4) {
            report_field_count(fields);
            return finish();
        }
        const Field& board   = fields.field[0];
        const Field& turn    = fields.field[1];
        const bool board_ok  = read_board(board);
        const bool turn_ok   = read_turn(turn);
        const bool rights_ok = read_castling(fields.field[2]);
        const bool ep_ok     = read_en_passant(fields.field[3]);
        if (fields.count == 6) {
            read_counters(fields.field[4], fields.field[5]);
        } else {
            const auto at = static_cast<std::uint32_t>(fen_.size());
            warn(DiagCode::FenCounter, at, at,
                 "halfmove clock and fullmove number missing; read as 0 1");
        }
        if (!board_ok) return finish();
        const bool kings_ok = check_kings(board);
        check_pawns();
        if (rights_ok) check_castling_rights();
        if (turn_ok && ep_ok) check_en_passant(fields.field[3]);
        if (turn_ok && kings_ok) check_opponent_not_in_check(turn);
        return finish();
    }

private:
    void add(rules::Severity severity, DiagCode code, std::uint32_t begin, std::uint32_t end,
             std::string message) {
        if (severity == rules::Severity::Error) failed_ = true;
        diagnostics_.push_back(rules::Diagnostic{
            severity, code, std::move(message), rules::Span{begin, end}, 1, {}, 0, {}, {}});
    }
    void error(DiagCode code, std::uint32_t begin, std::uint32_t end, std::string message) {
        add(rules::Severity::Error, code, begin, end, std::move(message));
    }
    // A lenient reading: a warning, or an error under --strict.
    void warn(DiagCode code, std::uint32_t begin, std::uint32_t end, std::string message) {
        add(strict_ ? rules::Severity::Error : rules::Severity::Warning, code, begin, end,
            std::move(message));
    }

    FenResult finish() {
        std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                         [](const auto& a, const auto& b) { return a.span.begin < b.span.begin; });
        FenResult result;
        if (!failed_) result.position = chess::Position::from_setup(variant_, setup_);
        result.diagnostics = std::move(diagnostics_);
        return result;
    }

    void report_field_count(const Fields& fields) {
        if (fields.count == 0) {
            error(DiagCode::FenSyntax, 0, static_cast<std::uint32_t>(fen_.size()), "FEN is empty");
        } else if (fields.count > 6) {
            error(DiagCode::FenSyntax, fields.field[6].begin, fields.end,
                  fmt::format("FEN has {} fields (expected 6)", fields.count));
        } else {
            error(DiagCode::FenSyntax, fields.field[0].begin, fields.end,
                  fmt::format("FEN has {} fields (expected 6: board, side to move, castling, en "
                              "passant, halfmove clock, fullmove number)",
                              fields.count));
        }
    }

    // Board: eight ranks, rank 8 first, separated by '/', then the pockets of variants with
    // pockets: `[...]` glued to the board, or (with a warning) a ninth rank.
    bool read_board(const Field& field) {
        bool ok            = true;
        Field board        = field;
        const auto bracket = board.text.find('[');
        if (bracket != std::string_view::npos) {
            const Field pocket{board.text.substr(bracket),
                               static_cast<std::uint32_t>(board.begin + bracket)};
            board.text = board.text.substr(0, bracket);
            ok &= read_bracket_pocket(pocket);
        }
        int ranks                 = 0;
        std::size_t from          = 0;
        std::uint32_t extra_begin = 0;  // start of a ninth rank, if any
        Field ninth;
        while (true) {
            const std::size_t slash = board.text.find('/', from);
            const std::size_t to    = slash == std::string_view::npos ? board.text.size() : slash;
            const auto begin        = static_cast<std::uint32_t>(board.begin + from);
            if (ranks < 8) {
                ok &= read_rank(board.text.substr(from, to - from), begin, 7 - ranks);
            } else if (ranks == 8) {
                extra_begin = begin;
                ninth       = {board.text.substr(from, to - from), begin};
            }
            ++ranks;
            if (slash == std::string_view::npos) break;
            from = slash + 1;
        }
        // lichess's and Scid's older form: the pockets as a ninth rank (`.../RNBQKBNR/Pp`).
        if (ranks == 9 && variant_.pockets && bracket == std::string_view::npos) {
            warn(DiagCode::FenPocketForm, ninth.begin, std::max(ninth.end(), ninth.begin + 1),
                 "pocket: written as a ninth rank (canonical: [...] after the board)");
            ok &= read_pocket_letters(ninth);
            ranks = 8;
        }
        if (ranks != 8) {
            error(DiagCode::FenSyntax, ranks > 8 ? extra_begin : board.begin, board.end(),
                  fmt::format("board: {} ranks (expected 8)", ranks));
            ok = false;
        }
        return ok;
    }

    bool read_rank(std::string_view text, std::uint32_t begin, int rank) {
        bool ok  = true;
        int file = 0;  // squares read so far; may pass 8 in a bad rank
        for (std::size_t i = 0; i < text.size();) {
            const char c          = text[i];
            const std::size_t len = char_length(text, i);
            const auto at         = static_cast<std::uint32_t>(begin + i);
            const auto at_end     = static_cast<std::uint32_t>(at + len);
            if (c == '~') {
                ok &= read_promoted_marker(text, i, at, file, rank);
            } else if (c >= '1' && c <= '9') {
                file = std::min(file + (c - '0'), 99);  // capped against overflow
            } else if (c == '0') {
                error(DiagCode::FenSyntax, at, at_end,
                      "board: '0' is not a count of empty squares (1-8)");
                ok = false;
            } else if (c == '*' && variant_.ice) {
                if (file < 8) setup_.ice |= chess::bit(chess::make_square(file, rank));
                ++file;
            } else if (const auto letter = PieceLetters.find(c); letter != std::string_view::npos) {
                if (file < 8) {
                    const Square s  = chess::make_square(file, rank);
                    setup_.board[s] = {letter < 6 ? Color::White : Color::Black,
                                       static_cast<PieceType>(letter % 6)};
                    offset_[s] = at;
                }
                ++file;
            } else {
                unknown_piece(text.substr(i, len), at);
                ok = false;
                ++file;  // one square, so the rank length is not reported twice
            }
            i += len;
        }
        if (file != 8) {
            error(DiagCode::FenRankLength, begin, static_cast<std::uint32_t>(begin + text.size()),
                  fmt::format("board: rank {} has {} squares (expected 8)", rank + 1, file));
            ok = false;
        }
        return ok;
    }

    // `~` after a piece letter: a piece promoted from a pawn (docs/rules/notation.md §6.4),
    // meaningful only where such a piece goes back to a pocket as a pawn. `file` is past the
    // piece's square.
    bool read_promoted_marker(std::string_view text, std::size_t i, std::uint32_t at, int file,
                              int rank) {
        const bool after_piece = i > 0 && PieceLetters.find(text[i - 1]) != std::string_view::npos;
        if (!after_piece || file > 8) {
            error(DiagCode::FenPromotedMarker, at, at + 1,
                  "board: promoted marker `~` must follow a piece letter");
            return false;
        }
        const Square s          = chess::make_square(file - 1, rank);
        const PieceType type    = setup_.board[s].type;
        const std::uint32_t pos = at - 1;  // the piece letter
        if (!variant_.pockets) {
            error(DiagCode::FenPromotedMarker, pos, at + 1,
                  fmt::format("board: promoted marker `~` on {} not allowed in {}", square_name(s),
                              variant_.rules_name));
            return false;
        }
        if (type == PieceType::Pawn || type == PieceType::King) {
            error(DiagCode::FenPromotedMarker, pos, at + 1,
                  fmt::format("board: promoted marker `~` on {}: a {} is never promoted",
                              square_name(s), type == PieceType::Pawn ? "pawn" : "king"));
            return false;
        }
        setup_.promoted |= chess::bit(s);
        return true;
    }

    // `[...]`: the pockets, `[]` or `[-]` when empty.
    bool read_bracket_pocket(const Field& f) {
        if (!variant_.pockets) {
            error(DiagCode::FenPocket, f.begin, f.end(),
                  fmt::format("pocket: {} has no pockets", variant_.rules_name));
            diagnostics_.back().hint = rules::Hint::VariantCrazyhousePocket;
            return false;
        }
        if (f.text.size() < 2 || f.text.back() != ']') {
            error(DiagCode::FenPocket, f.begin, f.end(), "pocket: '[' without a closing ']'");
            return false;
        }
        const Field inside{f.text.substr(1, f.text.size() - 2), f.begin + 1};
        if (inside.text == "-") return true;
        return read_pocket_letters(inside);
    }

    // Pocket letters, White's upper case; a count before a letter (`N3Pbp`) is read with a
    // warning. At most MaxPocket of one piece, so counts stay small.
    bool read_pocket_letters(const Field& f) {
        static constexpr int MaxPocket = 64;
        bool ok                        = true;
        bool counted                   = false;
        int count                      = 0;  // a pending count, 0 = none
        std::uint32_t count_at         = 0;
        for (std::size_t i = 0; i < f.text.size();) {
            const char c          = f.text[i];
            const std::size_t len = char_length(f.text, i);
            const auto at         = static_cast<std::uint32_t>(f.begin + i);
            i += len;
            if (c >= '0' && c <= '9' && len == 1) {
                if (count == 0) count_at = at;
                count = std::min(count * 10 + (c - '0'), 1000);
                continue;
            }
            const auto letter = PieceLetters.find(c);
            const int n       = count == 0 ? 1 : count;
            if (count != 0) counted = true;
            count = 0;
            if (len > 1 || letter == std::string_view::npos) {
                error(
                    DiagCode::FenPocket, at, static_cast<std::uint32_t>(at + len),
                    fmt::format("pocket: '{}' is not a piece letter", f.text.substr(i - len, len)));
                ok = false;
                continue;
            }
            const Color color    = letter < 6 ? Color::White : Color::Black;
            const PieceType type = static_cast<PieceType>(letter % 6);
            if (type == PieceType::King) {
                error(DiagCode::FenPocket, at, at + 1,
                      fmt::format("pocket: '{}': a king is never in a pocket", c));
                ok = false;
                continue;
            }
            auto& held = setup_.pockets[chess::index(color)][chess::index(type)];
            if (held + n > MaxPocket) {
                error(DiagCode::FenPocket, at, at + 1,
                      fmt::format("pocket: more than {} of '{}'", MaxPocket, c));
                ok = false;
                continue;
            }
            held = static_cast<std::uint8_t>(held + n);
        }
        if (count != 0) {
            error(DiagCode::FenPocket, count_at, f.end(), "pocket: a count without its letter");
            ok = false;
        }
        if (counted) {
            warn(DiagCode::FenPocketForm, f.begin, f.end(),
                 "pocket: counts before letters (canonical: the letter repeated)");
        }
        return ok;
    }

    // An unknown character is reported at its first occurrence, with the number of times it
    // occurs: an Ice Age FEN read as Standard gives one error, not 32.
    void unknown_piece(std::string_view text, std::uint32_t at) {
        const auto message = [&](int count) {
            std::string m =
                text == "*"
                    ? fmt::format("board: '*' (an ice cube) in {}, which has no ice", variant_.name)
                    : fmt::format("board: unknown piece letter '{}'", text);
            if (count > 1) m += fmt::format(" ({} times)", count);
            return m;
        };
        for (Unknown& u : unknown_) {
            if (u.text != text) continue;
            diagnostics_[u.diagnostic].message = message(++u.count);
            return;
        }
        unknown_.push_back({text, diagnostics_.size(), 1});
        error(DiagCode::FenUnknownPiece, at, static_cast<std::uint32_t>(at + text.size()),
              message(1));
    }

    bool read_turn(const Field& f) {
        if (f.text == "w" || f.text == "b") {
            setup_.turn = f.text == "w" ? Color::White : Color::Black;
            return true;
        }
        error(DiagCode::FenSideToMove, f.begin, f.end(),
              fmt::format("side to move: '{}' is not w or b", f.text));
        return false;
    }

    bool read_castling(const Field& f) {
        if (f.text == "-") return true;
        bool ok = true;
        for (std::size_t i = 0; i < f.text.size();) {
            const std::size_t len = char_length(f.text, i);
            const auto at         = static_cast<std::uint32_t>(f.begin + i);
            const auto at_end     = static_cast<std::uint32_t>(at + len);
            const auto right      = RightLetters.find(f.text[i]);
            const char c          = f.text[i];
            const bool file       = (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
            if (len == 1 && file && variant_.castling_960) {
                // Shredder-FEN and X-FEN: the castling rook's file, upper case for White.
                const bool white  = c <= 'H';
                const Square rook = chess::make_square(white ? c - 'A' : c - 'a', white ? 0 : 7);
                if (setup_.castling_rooks & chess::bit(rook)) {
                    error(DiagCode::FenCastling, at, at_end,
                          fmt::format("castling: '{}' appears twice", c));
                    ok = false;
                } else {
                    setup_.castling_rooks |= chess::bit(rook);
                    letters_.push_back({c, at});
                }
            } else if (len > 1 || right == std::string_view::npos) {
                error(
                    DiagCode::FenCastling, at, at_end,
                    c == '-' ? std::string("castling: '-' stands alone (it means no right)")
                    : variant_.castling_960
                        ? fmt::format("castling: '{}' is not K, Q, k, q or a rook's file (A-H, "
                                      "a-h)",
                                      f.text.substr(i, len))
                        : fmt::format("castling: '{}' is not K, Q, k or q", f.text.substr(i, len)));
                ok = false;
            } else if (setup_.castling & (1u << right)) {
                error(DiagCode::FenCastling, at, at_end,
                      fmt::format("castling: '{}' appears twice", f.text[i]));
                ok = false;
            } else {
                setup_.castling |= static_cast<std::uint8_t>(1u << right);
                right_offset_[right] = at;
                letters_.push_back({c, at});
            }
            i += len;
        }
        return ok;
    }

    bool read_en_passant(const Field& f) {
        if (f.text == "-") return true;
        if (f.text.size() == 2 && f.text[0] >= 'a' && f.text[0] <= 'h' && f.text[1] >= '1' &&
            f.text[1] <= '8') {
            setup_.en_passant = chess::make_square(f.text[0] - 'a', f.text[1] - '1');
            return true;
        }
        error(DiagCode::FenEnPassant, f.begin, f.end(),
              fmt::format("en passant: '{}' is not a square or -", f.text));
        return false;
    }

    // A counter: decimal digits, at most 9 of them; nullopt after reporting anything else.
    std::optional<int> read_counter(const Field& f, const char* name) {
        const bool digits =
            std::all_of(f.text.begin(), f.text.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) {
            error(DiagCode::FenCounter, f.begin, f.end(),
                  fmt::format("{}: '{}' is not a number", name, f.text));
            return std::nullopt;
        }
        if (f.text.size() > 9) {
            error(DiagCode::FenCounter, f.begin, f.end(),
                  fmt::format("{}: {} is too large", name, f.text));
            return std::nullopt;
        }
        int value = 0;
        std::from_chars(f.text.data(), f.text.data() + f.text.size(), value);
        return value;
    }

    void read_counters(const Field& halfmove, const Field& fullmove) {
        if (const auto clock = read_counter(halfmove, "halfmove clock")) {
            setup_.halfmove_clock = *clock;
        }
        if (const auto number = read_counter(fullmove, "fullmove number")) {
            // Some writers start at 0; read as 1, so that no Ice Age follows Black's "0th" move.
            if (*number == 0) {
                warn(DiagCode::FenCounter, fullmove.begin, fullmove.end(),
                     "fullmove number: 0 read as 1 (moves count from 1)");
            }
            setup_.fullmove_number = std::max(*number, 1);
        }
    }

    // One king a side; none is valid only where a king may freeze
    // (docs/rules/ice-age-chess.md §4.6).
    bool check_kings(const Field& board) {
        bool ok = true;
        for (const Color c : {Color::White, Color::Black}) {
            int kings     = 0;
            Square second = chess::NoSquare;
            // Text order (rank 8 first) so that "the second king" is the second one written.
            for (int rank = 7; rank >= 0; --rank) {
                for (int file = 0; file < 8; ++file) {
                    const Square s = chess::make_square(file, rank);
                    if (setup_.board[s] != chess::Piece{c, PieceType::King}) continue;
                    if (++kings == 2) second = s;
                }
            }
            if (kings > 1) {
                error(DiagCode::FenKingCount, offset_[second], offset_[second] + 1,
                      fmt::format("board: {} has {} kings", color_name(c), kings));
                ok = false;
            } else if (kings == 0 && !variant_.kings_may_be_missing) {
                error(DiagCode::FenKingCount, board.begin, board.end(),
                      fmt::format("board: {} has no king", color_name(c)));
                ok = false;
            }
        }
        return ok;
    }

    void check_pawns() {
        for (const int rank : {7, 0}) {
            for (int file = 0; file < 8; ++file) {
                const Square s = chess::make_square(file, rank);
                if (setup_.board[s].type != PieceType::Pawn) continue;
                error(DiagCode::FenPawnRank, offset_[s], offset_[s] + 1,
                      fmt::format("board: pawn on rank {} ({})", rank + 1, square_name(s)));
            }
        }
    }

    // A right needs its king on e1/e8 and its rook on the corner; otherwise it is dropped.
    // Chess960 has its own rules (check_castling_960).
    void check_castling_rights() {
        if (variant_.castling_960) {
            check_castling_960();
            return;
        }
        for (std::size_t right = 0; right < 4; ++right) {
            const auto bit = static_cast<std::uint8_t>(1u << right);
            if (!(setup_.castling & bit)) continue;
            const Color c     = right < 2 ? Color::White : Color::Black;
            const int rank    = c == Color::White ? 0 : 7;
            const Square rook = chess::make_square(right % 2 == 0 ? 7 : 0, rank);
            const Square king = chess::make_square(4, rank);
            if (setup_.board[king] == chess::Piece{c, PieceType::King} &&
                setup_.board[rook] == chess::Piece{c, PieceType::Rook}) {
                continue;
            }
            setup_.castling &= static_cast<std::uint8_t>(~bit);
            const std::uint32_t at = right_offset_[right];
            warn(DiagCode::ImpossibleCastlingRight, at, at + 1,
                 fmt::format("castling: '{}' needs the {} king on {} and a {} rook on {}{}",
                             RightLetters[right], color_adjective(c), square_name(king),
                             color_adjective(c), square_name(rook),
                             strict_ ? "" : "; the right is dropped"));
        }
    }

    // Chess960 (X-FEN and Shredder-FEN): `K` and `Q` name the outermost rook on their side of
    // the king, a file letter the rook on that file; either needs the king and that rook on their
    // side's first rank, or it is dropped. Each side of a king holds one right at most. The
    // rights are resolved to their rooks here (Setup::castling_rooks).
    void check_castling_960() {
        chess::Bitboard rooks = 0;
        std::array<char, 4> seen{};  // by CastlingRight bit: the letter that holds it
        for (const Letter& l : letters_) {
            const bool white  = l.c == 'K' || l.c == 'Q' || (l.c >= 'A' && l.c <= 'H');
            const Color c     = white ? Color::White : Color::Black;
            const int rank    = white ? 0 : 7;
            const char lower  = static_cast<char>(white ? l.c - 'A' + 'a' : l.c);
            const bool letter = lower == 'k' || lower == 'q';
            Square king       = chess::NoSquare;
            for (int file = 0; file < 8; ++file)
                if (setup_.board[chess::make_square(file, rank)] ==
                    chess::Piece{c, PieceType::King})
                    king = chess::make_square(file, rank);
            Square rook        = chess::NoSquare;
            bool king_side     = lower == 'k';
            const auto is_rook = [&](Square s) {
                return setup_.board[s] == chess::Piece{c, PieceType::Rook};
            };
            if (king != chess::NoSquare && letter) {
                // The outermost rook on that side.
                for (int step = king_side ? 1 : -1, f = king_side ? 7 : 0;
                     f != chess::file_of(king); f -= step)
                    if (is_rook(chess::make_square(f, rank))) {
                        rook = chess::make_square(f, rank);
                        break;
                    }
            } else if (king != chess::NoSquare) {
                const Square s = chess::make_square(lower - 'a', rank);
                if (is_rook(s)) rook = s;
                king_side = chess::file_of(s) > chess::file_of(king);
            }
            if (rook == chess::NoSquare) {
                warn(
                    DiagCode::ImpossibleCastlingRight, l.at, l.at + 1,
                    fmt::format("castling: '{}' needs the {} king on rank {} and a {} rook {}{}",
                                l.c, color_adjective(c), rank + 1, color_adjective(c),
                                letter ? (king_side ? "on its king side" : "on its queen side")
                                       : "on " + square_name(chess::make_square(lower - 'a', rank)),
                                strict_ ? "" : "; the right is dropped"));
                continue;
            }
            const std::size_t right = (white ? 0 : 2) + (king_side ? 0 : 1);
            if (seen[right]) {
                error(DiagCode::FenCastling, l.at, l.at + 1,
                      fmt::format("castling: '{}' is a second {} {}-side right (after '{}')", l.c,
                                  color_adjective(c), king_side ? "king" : "queen", seen[right]));
                continue;
            }
            seen[right] = l.c;
            rooks |= chess::bit(rook);
        }
        setup_.castling       = 0;
        setup_.castling_rooks = rooks;
    }

    // The square must be one a double step of the side not to move just passed over: on that
    // side's third rank, empty, with its pawn in front and the pawn's start square empty.
    // Otherwise it is dropped with `impossible-en-passant`.
    void check_en_passant(const Field& f) {
        const Square ep = setup_.en_passant;
        if (ep == chess::NoSquare) return;
        const Color mover = ~setup_.turn;  // the side that made the double step
        const int forward = mover == Color::White ? 8 : -8;
        const int ep_rank = mover == Color::White ? 2 : 5;
        const auto empty  = [&](Square s) {
            return setup_.board[s].type == PieceType::None && !(setup_.ice & chess::bit(s));
        };
        std::string reason;
        if (chess::rank_of(ep) != ep_rank) {
            reason = fmt::format("with {} to move it must be on rank {}", color_name(setup_.turn),
                                 ep_rank + 1);
        } else {
            const auto pawn  = static_cast<Square>(ep + forward);
            const auto start = static_cast<Square>(ep - forward);
            if (setup_.board[pawn] != chess::Piece{mover, PieceType::Pawn}) {
                reason = fmt::format("no {} pawn on {}", color_adjective(mover), square_name(pawn));
            } else if (!empty(ep) || !empty(start)) {
                reason =
                    fmt::format("{} and {} must be empty", square_name(ep), square_name(start));
            }
        }
        if (reason.empty()) return;
        // Dropped with a warning, an error under --strict (docs/rules/notation.md §6.2), like an
        // impossible castling right: the rest of the position stands without it.
        setup_.en_passant = chess::NoSquare;
        warn(DiagCode::ImpossibleEnPassant, f.begin, f.end(),
             fmt::format("en passant: no double step explains {}: {}{}", square_name(ep), reason,
                         strict_ ? "" : "; the square is dropped"));
    }

    void check_opponent_not_in_check(const Field& turn) {
        chess::Setup board_only = setup_;
        board_only.en_passant   = chess::NoSquare;
        board_only.castling     = 0;
        const auto p            = chess::Position::from_setup(variant_, board_only);
        const Color them        = ~setup_.turn;
        const Square king       = p.king_square(them);
        if (king == chess::NoSquare || !p.is_attacked(king, setup_.turn)) return;
        error(DiagCode::FenOpponentInCheck, turn.begin, turn.end(),
              fmt::format("side to move: the side not to move ({}) is in check", color_name(them)));
    }

    const chess::Variant& variant_;
    std::string_view fen_;
    bool strict_;
    chess::Setup setup_;
    std::array<std::uint32_t, 64> offset_{};       ///< byte offset of each square's piece letter
    std::array<std::uint32_t, 4> right_offset_{};  ///< byte offset of each castling letter
    struct Letter {
        char c;
        std::uint32_t at;
    };
    std::vector<Letter> letters_;  ///< the castling letters in text order (Chess960)
    struct Unknown {
        std::string_view text;
        std::size_t diagnostic;  ///< index of its diagnostic
        int count;
    };
    std::vector<Unknown> unknown_;  ///< the unknown board characters seen, for grouping
    std::vector<rules::Diagnostic> diagnostics_;
    bool failed_ = false;
};

// `[QRBNPqrbnp]`: each side's pieces, White's first, queen to pawn, each letter repeated as
// often as it is held, as Fairy-Stockfish and python-chess write them; `[]` when both are empty.
void append_pockets(std::string& out, const chess::Position& position) {
    out += '[';
    for (const Color c : {Color::White, Color::Black}) {
        for (const PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop,
                                  PieceType::Knight, PieceType::Pawn}) {
            const char letter = PieceLetters[chess::index(t) + (c == Color::Black ? 6 : 0)];
            out.append(static_cast<std::size_t>(position.pocket_count(c, t)), letter);
        }
    }
    out += ']';
}

}  // namespace

FenResult parse_fen(const chess::Variant& variant, std::string_view fen, bool strict) {
    return FenReader(variant, fen, strict).read();
}

void FenWriter::append(std::string& out, const chess::Position& position) {
    // The sets that make the board's text: twelve piece sets, the ice and the promoted pieces.
    std::array<chess::Bitboard, 14> sets;
    for (std::size_t i = 0; i < 12; ++i)
        sets[i] =
            position.pieces(i < 6 ? Color::White : Color::Black, static_cast<PieceType>(i % 6));
    sets[12]                = position.ice();
    sets[13]                = position.promoted();
    chess::Bitboard changed = written_ ? 0 : ~chess::Bitboard{0};
    for (std::size_t i = 0; i < sets.size(); ++i) changed |= sets[i] ^ sets_[i];
    sets_    = sets;
    written_ = true;
    // The letter of each square that changed (a move changes one to four; an Ice Age may change
    // many), then the text of each rank that holds one.
    for (chess::Bitboard b = changed; b; b &= b - 1) {
        const int s = std::countr_zero(b);
        char letter = (sets[12] >> s) & 1 ? '*' : 0;
        for (std::size_t i = 0; i < 12; ++i)
            if ((sets[i] >> s) & 1) letter = PieceLetters[i];
        squares_[static_cast<std::size_t>(s)] = letter;
    }
    const chess::Bitboard occupied = sets[12] | position.occupied();
    for (int rank = 0; rank < 8; ++rank) {
        const auto shift = static_cast<unsigned>(8 * rank);
        if (((changed >> shift) & 0xFF) == 0) continue;
        const char* squares   = squares_.data() + shift;
        const unsigned tildes = (sets[13] >> shift) & 0xFF;
        // Over the occupied squares only, counting the gaps between them.
        char* text    = ranks_[static_cast<std::size_t>(rank)].data();
        std::size_t n = 0;
        int file      = 0;
        for (unsigned row = (occupied >> shift) & 0xFF; row; row &= row - 1) {
            const int f = std::countr_zero(row);
            if (f > file) text[n++] = static_cast<char>('0' + f - file);
            text[n++] = squares[f];
            if (tildes & (1u << f)) text[n++] = '~';
            file = f + 1;
        }
        if (file < 8) text[n++] = static_cast<char>('0' + 8 - file);
        lengths_[static_cast<std::size_t>(rank)] = static_cast<std::uint8_t>(n);
    }
    // Ranks 8 to 1, each copied whole (16 bytes hold any rank) and cut to its length, then the
    // fields after the board: one append.
    std::array<char, 8 * 17 + 48> text;
    std::size_t n = 0;
    for (int rank = 7; rank >= 0; --rank) {
        std::memcpy(text.data() + n, ranks_[static_cast<std::size_t>(rank)].data(), 16);
        n += lengths_[static_cast<std::size_t>(rank)];
        text[n] = '/';
        n += rank > 0;
    }
    if (position.variant().pockets) {  // after the board, of any length
        out.append(text.data(), n);
        append_pockets(out, position);
        n = 0;
    }
    n = static_cast<std::size_t>(append_fields(text.data() + n, position) - text.data());
    out.append(text.data(), n);
}

void append_fen(std::string& out, const chess::Position& position) {
    FenWriter().append(out, position);
}

char* FenWriter::append_fields(char* text, const chess::Position& position) {
    std::size_t n = 0;
    // The other fields: side, castling, en passant and two numbers of at most 10 digits.
    text[n++] = ' ';
    text[n++] = position.side_to_move() == Color::White ? 'w' : 'b';
    text[n++] = ' ';
    // X-FEN: `KQkq` for the outermost rook of its side (always, outside Chess960), else the
    // rook's file (docs/decisions/variants.md).
    const chess::Bitboard rooks = position.castling_rooks();
    for (std::size_t right = 0; rooks && right < 4; ++right) {
        const Color c     = right < 2 ? Color::White : Color::Black;
        const bool king   = right % 2 == 0;
        const Square rook = position.castling_rook(c, king);
        if (rook == chess::NoSquare) continue;
        const chess::Bitboard beyond = king ? ~((chess::bit(rook) << 1) - 1) : chess::bit(rook) - 1;
        const chess::Bitboard rank   = c == Color::White ? 0xFFULL : 0xFFULL << 56;
        if (position.pieces(c, PieceType::Rook) & rank & beyond)
            text[n++] = static_cast<char>((c == Color::White ? 'A' : 'a') + chess::file_of(rook));
        else
            text[n++] = RightLetters[right];
    }
    if (!rooks) text[n++] = '-';
    text[n++] = ' ';
    // The engine keeps the square only while a legal en-passant capture exists (§6.2).
    if (position.en_passant_capturable()) {
        const Square ep = position.en_passant_square();
        text[n++]       = static_cast<char>('a' + chess::file_of(ep));
        text[n++]       = static_cast<char>('1' + chess::rank_of(ep));
    } else {
        text[n++] = '-';
    }
    text[n++] = ' ';
    n = static_cast<std::size_t>(std::to_chars(text + n, text + 48, position.halfmove_clock()).ptr -
                                 text);
    text[n++] = ' ';
    n         = static_cast<std::size_t>(
        std::to_chars(text + n, text + 48, position.fullmove_number()).ptr - text);
    return text + n;
}

std::string make_fen(const chess::Position& position) {
    std::string out;
    out.reserve(96);
    append_fen(out, position);
    return out;
}

void append_epd(std::string& out, std::string_view fen, const rules::chess::Position& position) {
    // The clocks are the last two fields; the board, with its pockets, holds no space.
    std::size_t end = fen.rfind(' ');
    end             = fen.rfind(' ', end - 1);
    out.append(fen.substr(0, end));
    if (position.variant().ice_age_period > 0) {
        out += " fmvn ";
        out += std::to_string(position.fullmove_number());
        out += ';';
    }
}

void append_epd_id(std::string& out, std::size_t game, std::uint32_t ply) {
    out += " id \"game ";
    out += std::to_string(game);
    out += " ply ";
    out += std::to_string(ply);
    out += "\";";
}

}  // namespace floe::formats
