#include "rules/chess/move_reader.hpp"

#include <bit>
#include <cstdlib>
#include <string>

#include "rules/chess/attacks.hpp"
#include "rules/chess/illegal_reason.hpp"
#include "rules/common/look_alike.hpp"

namespace floe::rules::chess {

namespace {

struct FormInfo {
    DiagCode code;
    const char* singular;  // message for one occurrence
    const char* plural;    // message after the count
};

// Indexed by the bit number of LenientForm.
// clang-format off
constexpr std::array<FormInfo, LenientFormCount> Forms = {{
    {DiagCode::Figurine, "piece written as a figurine (canonical: a letter)",
                         "pieces written as figurines (canonical: letters)"},
    {DiagCode::CaptureMark, "capture written with ':' (canonical: x)",
                            "captures written with ':' (canonical: x)"},
    {DiagCode::CastlingZero, "castling written with digit zero (canonical: O-O)",
                             "castlings written with digit zero (canonical: O-O)"},
    {DiagCode::CastlingCase, "castling written in lower case (canonical: O-O)",
                             "castlings written in lower case (canonical: O-O)"},
    {DiagCode::EnPassantSuffix, "en passant capture written with a suffix (canonical: none)",
                                "en passant captures written with a suffix (canonical: none)"},
    {DiagCode::PromotionForm, "promotion not written as =Q", "promotions not written as =Q"},
    {DiagCode::DoublePlusMate, "mate written as ++ (canonical: #)", "mates written as ++ (canonical: #)"},
    {DiagCode::LanMove, "move written in LAN (canonical: SAN)", "moves written in LAN (canonical: SAN)"},
    {DiagCode::UciMove, "move written in UCI coordinates (canonical: SAN)",
                        "moves written in UCI coordinates (canonical: SAN)"},
    {DiagCode::LowerCasePiece, "piece letter in lower case", "piece letters in lower case"},
    {DiagCode::PawnDropLetter, "pawn drop written without P (canonical: P@)",
                               "pawn drops written without P (canonical: P@)"},
    {DiagCode::IceCaptureMark, "ice capture written with plain x (canonical: x*)",
                               "ice captures written with plain x (canonical: x*)"},
    {DiagCode::MissingCaptureMark, "capture mark missing", "capture marks missing"},
    {DiagCode::RedundantDisambiguation, "unnecessary disambiguation",
                                        "unnecessary disambiguations"},
    {DiagCode::NullMoveZ0, "null move written Z0 (canonical: --)",
                           "null moves written Z0 (canonical: --)"},
    {DiagCode::CastlingKingTakesRook,
     "castling written as the king taking its rook (canonical: O-O or O-O-O)",
     "castlings written as the king taking its rook (canonical: O-O or O-O-O)"},
    {DiagCode::PawnLetter, "pawn move written with the letter P (canonical: none)",
                           "pawn moves written with the letter P (canonical: none)"},
    // The engine names the code point (look_alike_message): these are the fallback.
    {DiagCode::UnicodeLookAlike, "castling written with a Unicode look-alike (canonical: O-O)",
                                 "castlings written with Unicode look-alikes (canonical: O-O)"},
}};
// clang-format on

int bit_index(LenientForm form) {
    int i = 0;
    while ((1u << i) != form) ++i;
    return i;
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

PieceType upper_piece(char c) {
    switch (c) {
        case 'N':
            return PieceType::Knight;
        case 'B':
            return PieceType::Bishop;
        case 'R':
            return PieceType::Rook;
        case 'Q':
            return PieceType::Queen;
        case 'K':
            return PieceType::King;
        case 'P':
            return PieceType::Pawn;
        default:
            return PieceType::None;
    }
}

// Figurines U+2654..U+265F are E2 99 94..9F in UTF-8: K Q R B N P for White, then Black.
PieceType figurine_piece(std::string_view s) {
    if (s.size() < 3 || static_cast<unsigned char>(s[0]) != 0xE2 ||
        static_cast<unsigned char>(s[1]) != 0x99)
        return PieceType::None;
    const unsigned c = static_cast<unsigned char>(s[2]);
    if (c < 0x94 || c > 0x9F) return PieceType::None;
    constexpr PieceType Order[6] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                    PieceType::Bishop, PieceType::Knight, PieceType::Pawn};
    return Order[(c - 0x94) % 6];
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 32);
        if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 32);
        if (x != y) return false;
    }
    return true;
}

// Compared byte by byte: with a literal suffix this inlines to a few compares, where the
// string_view comparison called memcmp for every token (docs/performance.md).
bool ends_with(std::string_view s, std::string_view suffix) {
    if (s.size() < suffix.size()) return false;
    const std::size_t at = s.size() - suffix.size();
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (s[at + i] != suffix[i]) return false;
    return true;
}

// Strips a trailing check or mate mark.
void strip_check(std::string_view& s, MoveReading& r) {
    if (ends_with(s, "++")) {
        r.check = CheckMark::Mate;
        r.forms |= FormDoublePlus;
        s.remove_suffix(2);
    } else if (ends_with(s, "#")) {
        r.check = CheckMark::Mate;
        s.remove_suffix(1);
    } else if (ends_with(s, "+")) {
        r.check = CheckMark::Check;
        s.remove_suffix(1);
    }
}

bool decode_castling(std::string_view s, MoveReading& r) {
    // Most tokens are no castling: one byte tells, before four comparisons (each of which
    // measured its literal with strlen). A non-ASCII byte may start a look-alike.
    const bool ascii_start = s[0] == 'O' || s[0] == 'o' || s[0] == '0';
    if (!ascii_start && static_cast<unsigned char>(s[0]) < 0x80) return false;
    // Hand-typed castling (`0–0–0` with en dashes, `О-О` in Cyrillic) is read with its
    // look-alikes folded to ASCII (docs/rules/notation.md §1.15); "O-O-O" is the longest.
    char folded[8];
    bool look_alike = false;
    for (const char c : s) look_alike = look_alike || static_cast<unsigned char>(c) >= 0x80;
    if (look_alike) {
        const LookAlike* first = nullptr;
        const std::size_t n    = fold_castling(s, folded, sizeof folded, first);
        if (n == 0) return false;
        s = std::string_view(folded, n);
    }
    for (auto [text, kind] :
         {std::pair{"O-O-O", MoveKind::CastleQueen}, std::pair{"O-O", MoveKind::CastleKing},
          std::pair{"0-0-0", MoveKind::CastleQueen}, std::pair{"0-0", MoveKind::CastleKing}}) {
        if (!iequals(s, text)) continue;
        r.castle = kind;
        r.piece  = PieceType::King;
        if (text[0] == '0') r.forms |= FormCastlingZero;
        if (s.find('o') != std::string_view::npos) r.forms |= FormCastlingCase;
        if (look_alike) r.forms |= FormLookAlike;
        return true;
    }
    return false;
}

// Strips a promotion suffix: `=Q`, `Q` after the target rank, `(Q)`, `/Q`, either case, or a
// figurine. Returns false on a malformed suffix.
bool strip_promotion(std::string_view& s, MoveReading& r) {
    auto letter = [&](std::string_view p) -> PieceType {
        if (p.size() == 1) {
            const char c = p[0];
            // A pawn or a king is read too: no move matches it, and the message says why.
            PieceType t = upper_piece(c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c);
            if (c >= 'a' && c <= 'z' && t != PieceType::None) r.forms |= FormPromotion;
            return t;
        }
        PieceType t = figurine_piece(p);
        if (p.size() == 3 && t != PieceType::None && t != PieceType::Pawn && t != PieceType::King) {
            r.forms |= FormFigurine;
            return t;
        }
        return PieceType::None;
    };
    // Find where the target square ends: the last rank digit (a loop: find_last_of called
    // strlen and memchr for every token).
    std::size_t end = s.size();
    while (end > 0 && !is_rank(s[end - 1])) --end;
    if (end == 0 || end == s.size()) return true;
    const std::size_t digit = end - 1;
    std::string_view suffix = s.substr(digit + 1);
    bool canonical          = false;
    if (suffix.front() == '=') {
        suffix.remove_prefix(1);
        canonical = true;
    } else if (suffix.front() == '/') {
        suffix.remove_prefix(1);
    } else if (suffix.front() == '(' && suffix.back() == ')') {
        suffix = suffix.substr(1, suffix.size() - 2);
    }
    const PieceType t = letter(suffix);
    if (t == PieceType::None) return false;
    if (!canonical) r.forms |= FormPromotion;
    r.promotion = t;
    s           = s.substr(0, digit + 1);
    return true;
}

// Decodes the part before the target square: piece, origin hints, separator. `piece` is the
// already decided piece (None = pawn or from-square reading).
bool decode_prefix(std::string_view s, MoveReading& r) {
    // Separator, then the ice mark.
    if (!s.empty() && s.back() == '*') {
        r.ice_mark = true;
        s.remove_suffix(1);
    }
    bool dash = false;
    if (!s.empty() && (s.back() == 'x' || s.back() == ':')) {
        r.capture_mark = true;
        if (s.back() == ':') r.forms |= FormColonCapture;
        s.remove_suffix(1);
    } else if (!s.empty() && s.back() == '-') {
        dash = true;
        s.remove_suffix(1);
    }
    if (r.ice_mark && !r.capture_mark) return false;
    if (!s.empty() && is_file(s[0])) {
        r.from_file = static_cast<std::int8_t>(s[0] - 'a');
        s.remove_prefix(1);
    }
    if (!s.empty() && is_rank(s[0])) {
        r.from_rank = static_cast<std::int8_t>(s[0] - '1');
        s.remove_prefix(1);
    }
    if (!s.empty()) return false;
    // `xe3`; `Pxd5` names its pawn by the letter, like a piece.
    if (r.piece == PieceType::Pawn && r.capture_mark && r.from_file < 0 &&
        !(r.forms & FormPawnLetter))
        return false;
    const bool full_origin = r.from_file >= 0 && r.from_rank >= 0;
    if (dash && !full_origin) return false;
    if (full_origin) {
        // A full origin square: LAN when separated (`e2-e4`, `d2xe3`) or a pawn's; UCI when
        // glued without a piece letter; with a letter and no dash it is SAN disambiguation.
        if (dash || (r.capture_mark && r.piece == PieceType::Pawn))
            r.forms |= FormLan;
        else if (r.piece == PieceType::Pawn)
            r.forms |= FormUci;
        if (r.forms & FormUci) r.forms &= ~FormPromotion;           // `e7e8q` is plain UCI
        if (r.piece == PieceType::Pawn) r.piece = PieceType::None;  // whatever stands there
    }
    return true;
}

// Decodes one reading of `s` (check marks, ep suffix and promotion already stripped) with
// `piece_len` leading bytes naming the piece `piece` (0, Pawn for none).
bool decode_body(std::string_view s, std::size_t piece_len, PieceType piece, MoveReading& r) {
    r.piece = piece;
    s.remove_prefix(piece_len);
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back())) return false;
    r.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
    s.remove_suffix(2);
    if (!s.empty() && s.back() == '@') {
        if (piece_len == 0) r.forms |= FormPawnDropNoLetter;
        r.drop = true;
        s.remove_suffix(1);
        return s.empty();
    }
    // `Pe4`, `Pxd5`: the standard's import format allows the pawn's letter (8.2.3.2).
    if (piece == PieceType::Pawn && piece_len > 0) r.forms |= FormPawnLetter;
    if (r.promotion != PieceType::None && piece != PieceType::Pawn)
        return false;  // only pawns promote
    return decode_prefix(s, r);
}

}  // namespace

DiagCode lenient_form_code(LenientForm form) { return Forms[bit_index(form)].code; }

std::string lenient_form_message(LenientForm form, int count) {
    const FormInfo& info = Forms[bit_index(form)];
    if (count <= 1) return info.singular;
    return std::to_string(count) + " " + info.plural;
}

std::string square_name(Square s) {
    return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

namespace {

// Canonical SAN, nearly every token of a file, read in one pass from both ends:
// [NBRQK]? [a-h]? [1-8]? (x | x*)? [a-h][1-8] (=[NBRQ])? [+#]?, and a pawn move written with its
// file alone. Anything else (a `b` that may be a bishop, castling, drops, LAN, UCI, the lenient
// forms) returns false for the general reader, which reads these tokens the same way.
bool decode_san(std::string_view s, MoveToken& out) {
    std::size_t n = s.size();
    if (n < 2) return false;
    // Written in place: a reading built on the stack byte by byte and then copied whole stalled
    // on the copy (the store cannot be forwarded to the wider load; perf).
    MoveReading& r = out.readings[0];
    if (s[n - 1] == '+' || s[n - 1] == '#') {
        r.check = s[n - 1] == '+' ? CheckMark::Check : CheckMark::Mate;
        --n;
    }
    // A piece letter, or a pawn's file; `b` may be a bishop and goes to the general reader.
    std::size_t i = 1;
    if (is_file(s[0]) && s[0] != 'b') {
        r.piece = PieceType::Pawn;
        i       = 0;
    } else {
        r.piece = upper_piece(s[0]);
        if (r.piece == PieceType::None || r.piece == PieceType::Pawn) return false;
    }
    if (n >= i + 4 && s[n - 2] == '=') {
        const PieceType p = upper_piece(s[n - 1]);
        if (r.piece != PieceType::Pawn || p == PieceType::None || p == PieceType::Pawn ||
            p == PieceType::King)
            return false;
        r.promotion = p;
        n -= 2;
    }
    if (n < i + 2 || !is_file(s[n - 2]) || !is_rank(s[n - 1])) return false;
    r.to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
    n -= 2;
    if (i < n && is_file(s[i])) r.from_file = static_cast<std::int8_t>(s[i++] - 'a');
    if (i < n && is_rank(s[i])) r.from_rank = static_cast<std::int8_t>(s[i++] - '1');
    if (i < n && s[i] == 'x') {
        r.capture_mark = true;
        if (++i < n && s[i] == '*') {
            r.ice_mark = true;
            ++i;
        }
    }
    if (i != n) return false;
    // A pawn names its origin by the file alone, and captures only with it (`xe4` is nothing).
    if (r.piece == PieceType::Pawn && (r.from_rank >= 0 || (r.capture_mark && r.from_file < 0)))
        return false;
    out.count = 1;
    return true;
}

}  // namespace

MoveToken decode_move(std::string_view token) {
    MoveToken out;  // one return object, built where the caller keeps it
    if (!decode_san(token, out)) out = decode_move_general(token);
    return out;
}

MoveToken decode_move_general(std::string_view token) {
    MoveToken out;
    MoveReading base;
    // `Z0`: ChessBase's null move; `0000`: UCI's, which floe writes with `--moves uci`.
    if (token == "--" || token == "Z0" || token == "0000") {
        base.null_move = true;
        if (token[0] == 'Z') base.forms |= FormNullMoveZ0;
        if (token[0] == '0') base.forms |= FormUci;
        out.readings[0] = base;
        out.count       = 1;
        return out;
    }
    std::string_view s = token;
    strip_check(s, base);
    if (ends_with(s, "e.p.")) {
        s.remove_suffix(4);
        base.forms |= FormEnPassantSuffix;
    } else if (ends_with(s, "ep") && s.size() > 2 && is_rank(s[s.size() - 3])) {
        s.remove_suffix(2);
        base.forms |= FormEnPassantSuffix;
    }
    if (base.check == CheckMark::None) strip_check(s, base);  // `exf6+e.p.` is rare but seen
    if (s.empty()) return out;

    MoveReading castle = base;
    if (decode_castling(s, castle)) {
        out.readings[0] = castle;
        out.count       = 1;
        return out;
    }
    if (!strip_promotion(s, base)) return out;

    auto add = [&](std::size_t len, PieceType piece, std::uint32_t forms) {
        MoveReading r = base;
        r.forms |= forms;
        if (decode_body(s, len, piece, r)) out.readings[out.count++] = r;
    };
    const char c0 = s[0];
    if (const PieceType fig = figurine_piece(s); fig != PieceType::None) {
        add(3, fig, FormFigurine);
    } else if (c0 == 'b') {
        add(0, PieceType::Pawn, 0);  // as written: the b-file (a pawn, or LAN/UCI from b…)
        add(1, PieceType::Bishop, FormLowerCasePiece);
    } else if (const PieceType up = upper_piece(c0); up != PieceType::None) {
        add(1, up, 0);
    } else if (c0 == 'n' || c0 == 'r' || c0 == 'q' || c0 == 'k' || c0 == 'p') {
        add(1, upper_piece(static_cast<char>(c0 - 32)), FormLowerCasePiece);
    } else {
        add(0, PieceType::Pawn, 0);
    }
    return out;
}

namespace {

bool is_castling(const Move& m) {
    return m.kind == MoveKind::CastleKing || m.kind == MoveKind::CastleQueen;
}

// `e1h1`: UCI's king-takes-rook form of the castling `m` (Chess960's form, read in every
// variant): the origin is the king's square and the target the square of the rook that
// castles with it. Only the king may stand on the origin, so a piece letter other than K
// never names it.
bool king_takes_rook(const Position& pos, const MoveReading& r, const Move& m) {
    if (r.from_file < 0 || r.from_rank < 0 ||
        (r.piece != PieceType::None && r.piece != PieceType::King))
        return false;
    return make_square(r.from_file, r.from_rank) == m.from &&
           r.to == pos.castling_rook(pos.side_to_move(), m.kind == MoveKind::CastleKing);
}

// How a legal move relates to a reading.
bool matches(const Position& pos, const MoveReading& r, const Move& m) {
    if (r.castle != MoveKind::Normal) return m.kind == r.castle;
    if (r.drop) return m.kind == MoveKind::Drop && m.piece == r.piece && m.to == r.to;
    if (m.kind == MoveKind::Null || m.kind == MoveKind::Drop) return false;
    const bool full_origin = r.from_file >= 0 && r.from_rank >= 0;
    if (is_castling(m)) {
        if (king_takes_rook(pos, r, m)) return true;
        // `e1g1` and `Ke1-g1` name a castling by the king's two-file step; `Kg1` does not, nor
        // does a Chess960 king's step of one file or none (`f1g1` is the king's own move).
        if (m.to != r.to || !full_origin || std::abs(file_of(m.to) - file_of(m.from)) < 2)
            return false;
    } else if (m.to != r.to) {
        return false;
    }
    if (r.piece != PieceType::None && m.piece != r.piece) return false;
    if (r.from_file >= 0 && file_of(m.from) != r.from_file) return false;
    if (r.from_rank >= 0 && rank_of(m.from) != r.from_rank) return false;
    if (m.promotion != r.promotion) return false;
    if (r.ice_mark && !m.captures_ice) return false;
    if (r.capture_mark && !m.is_capture()) return false;
    if ((r.forms & FormEnPassantSuffix) && m.kind != MoveKind::EnPassant) return false;
    // A pawn written with a file hint of another file captures; one on its own file pushes.
    if (r.piece == PieceType::Pawn && r.from_file >= 0 && !full_origin &&
        (file_of(m.from) != file_of(m.to)) != m.is_capture())
        return false;
    return true;
}

// Lenient forms that only the matched move reveals.
std::uint32_t revealed_forms(const Position& pos, const MoveList& legal, const MoveReading& r,
                             const Move& m) {
    std::uint32_t forms = 0;
    if (is_castling(m)) {
        // The king onto its rook; in Chess960 that is UCI's own castling, and the UCI warning
        // says enough.
        const bool onto_rook = r.castle == MoveKind::Normal && r.to != m.to;
        const bool uci_960   = pos.variant().castling_960 && (r.forms & FormUci);
        return onto_rook && !uci_960 ? std::uint32_t{FormKingTakesRook} : 0u;
    }
    if (m.kind == MoveKind::Null) return 0;
    if (m.captures_ice && !r.ice_mark && r.capture_mark) forms |= FormPlainIceCapture;
    if (m.is_capture() && !r.capture_mark) forms |= FormMissingCapture;
    const bool coordinates = (r.forms & (FormLan | FormUci)) != 0;
    if (!coordinates && m.piece != PieceType::Pawn && (r.from_file >= 0 || r.from_rank >= 0)) {
        // Redundant when the hints given are more than the minimal SAN disambiguation needs.
        int same_target = 0, same_file = 0, same_rank = 0;
        for (const Move& o : legal) {
            if (o.kind == MoveKind::Drop || o.piece != m.piece || o.to != m.to ||
                o.promotion != m.promotion)
                continue;
            ++same_target;
            same_file += file_of(o.from) == file_of(m.from);
            same_rank += rank_of(o.from) == rank_of(m.from);
        }
        // Minimal SAN disambiguation: none, the file, the rank, or both (PGN standard 8.2.3).
        const int needed     = same_target == 1 ? 0 : (same_file == 1 || same_rank == 1) ? 1 : 2;
        const int written    = (r.from_file >= 0) + (r.from_rank >= 0);
        const bool redundant = written > needed;
        // `Bb5xc6` with both squares where SAN needs fewer is LAN's capture, as floe's
        // `--moves lan` writes it (LAN's other moves carry a `-` and are known as LAN already).
        if (redundant) forms |= written == 2 && r.capture_mark ? FormLan : FormRedundantDisambig;
    }
    return forms;
}

// The lenient forms that spell a token's letters differently but keep what they say: the
// capture sign (`x` for `x*`, `:`), the check and mate marks (`++`), castling's zeros and
// case, the promotion's form, the en-passant suffix and figurines. A reading that needs only
// these keeps the letters as written, so it beats a reading that changes their case; the other
// forms (a missing `x`, LAN, UCI, redundant disambiguation) read the letters as something
// else, and a token needing one of them either way is accepted only when exactly one reading
// is legal (docs/rules/notation.md §3.3).
constexpr std::uint32_t SpellingForms = FormPlainIceCapture | FormColonCapture | FormDoublePlus |
                                        FormCastlingZero | FormCastlingCase | FormPromotion |
                                        FormEnPassantSuffix | FormFigurine | FormLookAlike;

struct Matches {
    int count = 0;
    std::array<Move, 2> moves{};
};

Matches find_matches(const Position& pos, const MoveList& legal, const MoveReading& r) {
    Matches out;
    if (r.null_move) return out;
    for (const Move& m : legal) {
        if (!matches(pos, r, m)) continue;
        if (out.count < 2) out.moves[out.count] = m;
        ++out.count;
    }
    return out;
}

// The common reading, straight from the attack tables: a piece (or a pawn) and its target square,
// in SAN. Only the legal moves of that piece type to that square can match it or enter its
// revealed forms, so those are all it looks at (Position::legal_moves_to). Sets `res` as the
// general reader would and returns true when exactly one legal move matches; every other case
// (an illegal or ambiguous token, the game's end, castling, drops, coordinates) is left to the
// general reader. Two cases would see other moves there, and are left to it too: a king with an
// origin hint (castling onto the same square counts in its disambiguation), and a side with more
// than 25 pieces (the general reader then takes the full, possibly cut, list).
bool resolve_san(const Position& pos, const MoveReading& r, Resolution& res) {
    if (r.null_move || r.drop || r.castle != MoveKind::Normal || r.piece == PieceType::None ||
        (r.forms & (FormLan | FormUci)))
        return false;
    if (r.piece == PieceType::King && (r.from_file >= 0 || r.from_rank >= 0)) return false;
    if (square_count(pos.pieces(pos.side_to_move())) > 25) return false;
    MoveList legal;
    pos.legal_moves_to(legal, r.piece, r.to);
    const Move* found = nullptr;
    for (const Move& m : legal) {
        if (!matches(pos, r, m)) continue;
        if (found) return false;
        found = &m;
    }
    if (!found) return false;
    res.status = ResolveStatus::Ok;
    res.move   = *found;
    res.forms  = r.forms | revealed_forms(pos, legal, r, *found);
    res.check  = r.check;
    return true;
}

}  // namespace

Resolution resolve_move(const Position& position, const MoveList& legal, const MoveToken& token) {
    Resolution res;
    if (token.count == 0) return res;
    res.check = token.readings[0].check;
    if (legal.empty()) {
        res.status = ResolveStatus::GameOver;
        return res;
    }
    std::array<Matches, 2> found{};
    for (int i = 0; i < token.count; ++i)
        found[i] = find_matches(position, legal, token.readings[i]);

    auto accept = [&](int i, const Move& m) {
        res.status = ResolveStatus::Ok;
        res.move   = m;
        res.forms = token.readings[i].forms | revealed_forms(position, legal, token.readings[i], m);
        res.check = token.readings[i].check;
    };
    // Letter case binds first (docs/rules/notation.md §3.3): the as-written reading wins outright
    // when it names exactly one legal move with its letters as written, allowing only the forms
    // that spell them differently (`bxc4` onto ice is the b-pawn's `bx*c4`, whatever a bishop
    // could do there). Coordinates keep their letters' case too: `b1d2`, `b8a6` and `b7xc6`,
    // read as LAN or UCI, are the move between those squares, so that whatever floe writes with
    // `--moves uci` or `--moves lan` reads back; the lower-case bishop is tried only when the
    // coordinates name no legal move.
    if (found[0].count == 1) {
        const std::uint32_t forms =
            token.readings[0].forms |
            revealed_forms(position, legal, token.readings[0], found[0].moves[0]);
        const bool coordinates = (token.readings[0].forms & (FormLan | FormUci)) != 0;
        if ((forms & ~SpellingForms) == 0 || coordinates || token.count == 1 ||
            found[1].count == 0) {
            accept(0, found[0].moves[0]);
            return res;
        }
    }
    // Otherwise exactly one legal move over all readings, or the reader refuses to guess. Two
    // readings of the same move (`b4c3`: UCI, or a lower-case bishop from rank 4) are one.
    int total = 0, which = -1;
    for (int i = 0; i < token.count; ++i) {
        for (int k = 0; k < std::min(found[i].count, 2); ++k) {
            const Move& m = found[i].moves[k];
            if (total >= 1 && res.candidates[0] == m) continue;
            if (total >= 2 && res.candidates[1] == m) continue;
            if (total < 2) res.candidates[total] = m;
            ++total;
            if (which < 0) which = i;
        }
        total += std::max(0, found[i].count - 2);
    }
    if (total == 1) {
        accept(which, res.candidates[0]);
        return res;
    }
    if (total > 1) {
        res.status = ResolveStatus::Ambiguous;
        return res;
    }
    res.status = ResolveStatus::Illegal;
    return res;
}

Resolution resolve_move(const Position& position, const MoveToken& token) {
    // One return object, built where the caller keeps it: a copy of one built here waited for
    // its byte stores (perf).
    Resolution res;
    // One reading, or a pawn reading that letter case lets win outright (`bxc4`, §3.3): what
    // resolve_move(position, legal, token) decides from that reading alone.
    if ((token.count == 1 || (token.count == 2 && token.readings[0].piece == PieceType::Pawn)) &&
        resolve_san(position, token.readings[0], res) &&
        (token.count == 1 || (res.forms & ~SpellingForms) == 0))
        return res;
    // Every move a reading can name, or that revealed_forms compares it with, has the reading's
    // piece type (any type when it names none) and its target square; castling names the king.
    PieceSet types = 0;
    Bitboard dests = 0;
    for (int i = 0; i < token.count; ++i) {
        const MoveReading& r = token.readings[i];
        if (r.null_move) continue;
        if (r.castle != MoveKind::Normal) {
            types |= piece_set(PieceType::King);
            dests = ~Bitboard{0};
            continue;
        }
        types |= r.piece == PieceType::None ? AllPieceTypes : piece_set(r.piece);
        dests |= bit(r.to);
        // `e1h1` onto a rook that may castle names a castling: the king's destinations.
        if (r.from_file >= 0 && r.from_rank >= 0 && (position.castling_rooks() & bit(r.to)))
            dests |= bit(make_square(2, rank_of(r.to))) | bit(make_square(6, rank_of(r.to)));
    }
    // The full list is cut at MoveList::Capacity; with at most 25 pieces (27 moves each), plus
    // castling and drops, it never is, and the candidates are a true part of it.
    const bool full_list_whole = square_count(position.pieces(position.side_to_move())) <= 25;
    MoveList moves;
    if (full_list_whole) position.legal_moves(moves, types, dests);
    // Without candidates the answer depends on the rest: game over, or an illegal move.
    if (moves.empty()) position.legal_moves(moves);
    res = resolve_move(position, moves, token);
    return res;
}

namespace {

constexpr const char* Names[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
constexpr const char* Sides[] = {"White", "Black"};

// Why the pseudo-legal move `m` is not legal, or "" when its king would not be attacked after
// it. `subject` names the moving piece ("it" when the message has named it already).
std::string king_safety_reason(const Position& position, const Move& m,
                               const std::string& subject) {
    const Bitboard after = position.king_attackers_after(m);
    if (!after) return {};
    const Color us         = position.side_to_move();
    const std::string from = pieces_on(position, after);
    const std::string king = std::string(Sides[index(us)]) + "'s king";
    const bool after_ice_age =
        position.variant().legality == IceAgeLegality::AfterIceAge && position.ice_age_due();
    // Ice Age vchess judges the king after the Ice Age the move triggers
    // (docs/rules/ice-age-chess.md §3.8).
    const char* when = after_ice_age ? " after the Ice Age" : "";
    if (m.piece == PieceType::King) return subject + " would be in check from " + from + when;
    if (after_ice_age) return subject + " would leave " + king + " in check from " + from + when;
    // A line to the king that the move opens through its from square: a pin.
    const Square k        = position.king_square(us);
    const Bitboard opened = after & ~position.attackers(k, ~us);
    if (opened && m.kind != MoveKind::EnPassant &&
        (attacks::between(k, static_cast<Square>(std::countr_zero(opened))) & bit(m.from)))
        return subject + " is pinned by " + pieces_on(position, opened);
    return subject + " would leave " + king + " in check from " + from;
}

// The reasons why the pseudo-legal moves that `r` names are not legal, joined by "; ", or ""
// when it names none. `named`: the message names the moving piece already.
std::string king_safety_reasons(const Position& position, const MoveReading& r, bool named) {
    const PieceSet types = r.piece == PieceType::None ? AllPieceTypes : piece_set(r.piece);
    MoveList pseudo;
    position.pseudo_legal_moves(pseudo, types, bit(r.to));
    std::string out;
    for (const Move& m : pseudo) {
        if (!matches(position, r, m)) continue;
        const bool it = named || m.piece == PieceType::King;
        const std::string why =
            king_safety_reason(position, m, it ? "it" : piece_on(position, m.from));
        if (why.empty() || out.find(why) != std::string::npos) continue;
        if (!out.empty()) out += "; ";
        out += why;
    }
    return out;
}

// Why a drop is not legal (docs/rules/notation.md §2.5, conformance B40, B42), first reason first:
// the variant, the pocket, the rank, the square, the king.
std::string describe_unmatched_drop(const Position& position, const MoveReading& r) {
    if (!position.variant().pockets) return "drop in a non-drop variant";  // unmatched_hint
    const Color us         = position.side_to_move();
    const std::string side = us == Color::White ? "White" : "Black";
    if (r.piece == PieceType::King || position.pocket_count(us, r.piece) == 0)
        return std::string("no ") + Names[index(r.piece)] + " in " + side + "'s pocket";
    if (r.piece == PieceType::Pawn && (rank_of(r.to) == 0 || rank_of(r.to) == 7))
        return std::string("pawn drop on ") + (rank_of(r.to) == 0 ? "1st" : "8th") + " rank";
    if (position.occupied() & bit(r.to)) return square_name(r.to) + " is not empty";
    const Square king = position.king_square(us);
    if (king == NoSquare) return "the drop leaves " + side + "'s king in check";
    return "the drop leaves " + side + "'s king in check from " +
           pieces_on(position, position.attackers(king, ~us));
}

// "e8 holds White's own knight", or "" when `to` holds none of the mover's pieces.
std::string own_piece_reason(const Position& position, Square to) {
    const Piece p = position.piece_at(to);
    if (p.type == PieceType::None || p.color != position.side_to_move()) return {};
    return square_name(to) + " holds " + Sides[index(p.color)] + "'s own " + Names[index(p.type)];
}

// A pawn's move to its last rank without a promotion piece, or a promotion elsewhere; "" when
// the promotion and the rank agree.
std::string promotion_rank_reason(const Position& position, const MoveReading& r) {
    if (r.piece != PieceType::Pawn && r.piece != PieceType::None) return {};
    const Color us      = position.side_to_move();
    const int last      = us == Color::White ? 7 : 0;
    const bool on_last  = rank_of(r.to) == last;
    const char* ordinal = us == Color::White ? "8th" : "1st";
    if (on_last && r.promotion == PieceType::None)
        return "no pawn can reach " + square_name(r.to) + " without promoting";
    if (!on_last && r.promotion != PieceType::None)
        return std::string("a ") + (us == Color::White ? "white" : "black") +
               " pawn promotes only on the " + ordinal + " rank, not on " + square_name(r.to);
    return {};
}

// A move given by its from square (LAN or UCI without a piece letter): what stands there, and
// why it cannot go; a king's two-file step or a king onto its own rook is a castling.
std::string describe_unmatched_from(const Position& position, const MoveReading& r) {
    const Square from = make_square(r.from_file, r.from_rank);
    const Piece p     = position.piece_at(from);
    const Color us    = position.side_to_move();
    if (p.type == PieceType::None || p.color != us)
        return "no piece of the side to move stands on " + square_name(from);
    const Piece target = position.piece_at(r.to);
    const bool castles = p.type == PieceType::King && rank_of(from) == rank_of(r.to) &&
                         rank_of(from) == (us == Color::White ? 0 : 7) &&
                         ((target.type == PieceType::Rook && target.color == us) ||
                          (!position.variant().castling_960 && file_of(from) == 4 &&
                           std::abs(file_of(r.to) - file_of(from)) == 2));
    if (castles) return describe_illegal_castling(position, file_of(r.to) > file_of(from));
    MoveReading piece_reading = r;
    piece_reading.piece       = p.type;
    if (p.type == PieceType::Pawn) {
        if (const std::string why = promotion_rank_reason(position, piece_reading); !why.empty())
            return why;
        if (file_of(from) != file_of(r.to) && target.type == PieceType::None &&
            !position.is_ice(r.to) && r.to != position.en_passant_square())
            if (const std::string why = describe_illegal_en_passant(position, r.to, file_of(from));
                !why.empty())
                return why;
    }
    std::string out = std::string("the ") + Names[index(p.type)] + " on " + square_name(from) +
                      " cannot move to " + square_name(r.to);
    if (const std::string why = own_piece_reason(position, r.to); !why.empty())
        return out + ": " + why;
    if (const std::string why = king_safety_reasons(position, r, true); !why.empty())
        out += ": " + why;
    return out;
}

}  // namespace

Hint unmatched_hint(const Position& position, const MoveReading& r) {
    return r.drop && !position.variant().pockets ? Hint::VariantCrazyhouseDrop : Hint::None;
}

// The move's own piece and target first (castling, promotion, a square of one's own), then
// the capture, then the king (docs/rules/notation.md §3.6).
std::string describe_unmatched(const Position& position, const MoveReading& r) {
    if (r.null_move) return "a null move is not allowed here";
    if (r.drop) return describe_unmatched_drop(position, r);
    if (r.castle == MoveKind::CastleKing) return describe_illegal_castling(position, true);
    if (r.castle == MoveKind::CastleQueen) return describe_illegal_castling(position, false);
    if (r.promotion == PieceType::King || r.promotion == PieceType::Pawn)
        return std::string("a pawn cannot promote to a ") + Names[index(r.promotion)];
    const std::string to = square_name(r.to);
    if (r.piece == PieceType::None && r.from_file >= 0 && r.from_rank >= 0)
        return describe_unmatched_from(position, r);
    const char* name = Names[index(r.piece == PieceType::None ? PieceType::Pawn : r.piece)];
    if (const std::string why = promotion_rank_reason(position, r); !why.empty()) return why;
    if (const std::string why = own_piece_reason(position, r.to); !why.empty()) return why;
    if (r.ice_mark && !position.is_ice(r.to)) return to + " holds no ice to capture";
    const bool pawn_capture =
        r.piece == PieceType::Pawn &&
        (r.capture_mark || (r.from_file >= 0 && r.from_file != file_of(r.to)));
    if (pawn_capture && position.piece_at(r.to).type == PieceType::None && !position.is_ice(r.to) &&
        r.to != position.en_passant_square())
        if (const std::string why = describe_illegal_en_passant(position, r.to, r.from_file);
            !why.empty())
            return why;
    if (r.capture_mark && position.piece_at(r.to).type == PieceType::None &&
        !position.is_ice(r.to) &&
        !(r.piece == PieceType::Pawn && r.to == position.en_passant_square()))
        return to + " holds nothing to capture";
    // Pieces that could make the move if their king were not attacked after it
    // (docs/rules/notation.md §3.1: a pinned piece does not count).
    const std::string why = king_safety_reasons(position, r, false);
    const Square king     = position.king_square(position.side_to_move());
    if (!why.empty() && r.piece == PieceType::King && king != NoSquare)
        return "the king on " + square_name(king) + " cannot move to " + to + ": " + why;
    const std::string tail = why.empty() ? std::string() : ": " + why;
    if (pawn_capture) return std::string("no pawn can capture on ") + to + tail;
    return std::string("no ") + name + " can reach " + to + tail;
}

}  // namespace floe::rules::chess
