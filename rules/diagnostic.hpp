#pragma once
// Diagnostics shared by every layer: a code, a severity, a message and a byte span.
// Printing (file:line:col, caret lines) lives in formats/diagnostic_print.hpp.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floe::rules {

/// Byte offsets [begin, end) into the text a diagnostic is about: a game's text for record
/// diagnostics, the FEN string for FEN diagnostics.
struct Span {
    std::uint32_t begin = 0;
    std::uint32_t end   = 0;
};

enum class Severity : std::uint8_t { Warning, Error };

/// Every diagnostic code. The kebab-case names (code_name) are the public, documented codes
/// (docs/diagnostics.md); add a row there when adding one here.
enum class DiagCode : std::uint8_t {
    // Syntax (notation.md §1)
    SyntaxError,
    UnterminatedComment,
    UnterminatedTag,
    UnterminatedTagValue,
    TagEscape,
    VariationTooDeep,
    UnbalancedVariation,
    MissingTermination,
    GameBoundary,
    MoveNumberMismatch,
    InvalidUtf8,
    UnicodeSpace,
    AnnotationGlyph,
    UnicodeResult,
    // Moves (notation.md §3)
    UnreadableMove,
    IllegalMove,
    AmbiguousMove,
    NullMove,
    MovesAfterEnd,
    Figurine,
    IceCaptureMark,
    CaptureMark,
    MissingCaptureMark,
    CastlingZero,
    CastlingCase,
    EnPassantSuffix,
    PromotionForm,
    DoublePlusMate,
    MissingCheckMark,
    SuperfluousCheckMark,
    LanMove,
    UciMove,
    RedundantDisambiguation,
    MissingDisambiguation,
    LowerCasePiece,
    PawnDropLetter,
    NullMoveZ0,
    CastlingKingTakesRook,
    // Events (notation.md §4)
    MissingEvent,
    WrongEvent,
    UnexpectedEvent,
    EventOrder,
    // Results and variants (notation.md §2, §8)
    ResultContradictsEnd,
    ResultTagMismatch,
    UnsupportedVariant,
    VariantConflict,
    // FEN (notation.md §6)
    FenSyntax,
    FenRankLength,
    FenUnknownPiece,
    FenKingCount,
    FenPawnRank,
    FenSideToMove,
    FenCastling,
    ImpossibleCastlingRight,
    FenEnPassant,
    ImpossibleEnPassant,
    FenCounter,
    FenOpponentInCheck,
    FenWithoutSetUp,
    FenPocket,
    FenPocketForm,
    FenPromotedMarker,
    // Glacial Shift position strings (notation.md §6)
    GlacialSyntax,
    GlacialRankLength,
    GlacialPyramidCount,
    GlacialNest,
    GlacialSpent,
    GlacialRoyal,
    GlacialDeadSeat,
    GlacialSeatToMove,
    GlacialCheckPriority,
    GlacialLastAttacker,
    // Glacial Shift plies (notation.md §5)
    WrongSeat,
    MissingSeat,
    GluedSeat,
    MissingPieceName,
    MissingPromotionMark,
    SuperfluousPromotionMark,
    WrongPromotionMark,
    SuperfluousCaptureMark,
    Count_
};

/// The public kebab-case name of a code, e.g. "illegal-move".
std::string_view code_name(DiagCode code);

/// The code whose public name is `name` ("illegal-move"), or nullopt when no code has it.
std::optional<DiagCode> find_code(std::string_view name);

/// One diagnostic. `count` > 1 when lenient-form warnings of one kind were grouped
/// (notation.md §8 "Grouping"): the span is then that of the first occurrence.
struct Diagnostic {
    Severity severity = Severity::Error;
    DiagCode code     = DiagCode::SyntaxError;
    std::string message;
    Span span;
    int count = 1;
    std::vector<std::string> notes;  ///< extra "note:" lines
    std::uint32_t ply = 0;           ///< 1-based ply of the move concerned in its line; 0 = none
    std::string move;                ///< the move as written ("7... Nf6"), empty when none
    std::string fen;                 ///< the position before the move, empty when none
    bool strict = false;             ///< a warning that --strict made an error
};

inline Diagnostic make_error(DiagCode code, Span span, std::string message) {
    return Diagnostic{Severity::Error, code, std::move(message), span, 1, {}, 0, {}, {}, false};
}
inline Diagnostic make_warning(DiagCode code, Span span, std::string message) {
    return Diagnostic{Severity::Warning, code, std::move(message), span, 1, {}, 0, {}, {}, false};
}

/// Groups lenient-form warnings: one diagnostic per code per game, at the first occurrence,
/// with the count (notation.md §8 "Grouping"). One instance per game.
class WarningGroups {
public:
    /// Adds a warning of `code` to `out`, or counts one more in the warning of that code
    /// already there. `singular` is the message of a single occurrence; `plural` follows the
    /// count when there are more ("ice captures written with plain x" → "18 ice captures
    /// written with plain x"). Returns true when a new diagnostic was appended.
    bool add(std::vector<Diagnostic>& out, DiagCode code, Span span, std::string singular,
             std::string_view plural, std::uint32_t ply = 0);

private:
    struct Group {
        std::size_t index = 0;
        int count         = 0;
        std::string plural;
    };
    std::array<Group, static_cast<std::size_t>(DiagCode::Count_)> groups_{};
};

}  // namespace floe::rules
