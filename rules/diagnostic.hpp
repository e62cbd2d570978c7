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
    // Syntax (docs/rules/notation.md §1)
    SyntaxError,
    UnterminatedComment,
    UnterminatedTag,
    UnterminatedTagValue,
    TagLineBreak,
    TagEscape,
    RepeatedTag,
    VariationTooDeep,
    UnbalancedVariation,
    MissingTermination,
    GameBoundary,
    MoveNumberMismatch,
    InvalidUtf8,
    UnicodeSpace,
    AnnotationGlyph,
    UnicodeResult,
    GameTooLarge,
    // Moves (docs/rules/notation.md §3)
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
    PawnLetter,
    UnicodeLookAlike,
    // Events (docs/rules/notation.md §4)
    MissingEvent,
    WrongEvent,
    UnexpectedEvent,
    EventOrder,
    // Results and variants (docs/rules/notation.md §2, §8)
    ResultContradictsEnd,
    ResultTagMismatch,
    ResultForm,
    ForfeitResult,
    NonPgnResult,
    ResultOrCastling,
    UnsupportedVariant,
    VariantConflict,
    // FEN (docs/rules/notation.md §6)
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
    // Glacial Shift position strings (docs/rules/notation.md §6)
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
    // Glacial Shift plies (docs/rules/notation.md §5)
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

struct VariantEntry;  // rules/variants.hpp

/// What the user can do about a diagnostic, or which of their choices it names, as data.
/// rules/ and formats/ name no command-line option: the user interface words the hint and
/// places it, a few words after the message or a note of its own (cli/hint_words.hpp, through
/// formats/hint_words.hpp), in every output that shows the diagnostic.
enum class Hint : std::uint8_t {
    None,
    /// null-move: a null move in the main line, read when the caller allows null moves there.
    AllowNullMoves,
    /// illegal-move: a drop in a variant without pockets; Crazyhouse has them.
    VariantCrazyhouseDrop,
    /// fen-pocket: pockets in a FEN of a variant without them; Crazyhouse has them.
    VariantCrazyhousePocket,
    /// variant-conflict: the message ends where the variant the caller chose, which the Variant
    /// tag overrides, is named (Diagnostic::hint_variant).
    OverriddenVariant,
    /// game-too-large: the limit the message names is the caller's choice (--max-game-bytes).
    MaxGameBytes,
};

/// One diagnostic. `count` > 1 when lenient-form warnings of one kind were grouped
/// (docs/rules/notation.md §8.3): the span is then that of the first occurrence.
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
    /// The position before the move, as an index into the replayed game's positions (the
    /// engine's type); -1 when none. Writers name it (FEN, position string) into `fen`.
    std::int32_t position = -1;
    Hint hint             = Hint::None;  ///< worded by the user interface, not in the text
    /// The variant a hint names (Hint::OverriddenVariant), a row of the variant table.
    const VariantEntry* hint_variant = nullptr;
};

/// A token (a move as written) as a diagnostic quotes it, in its message and `move` field: whole
/// up to QuotedTokenLength code points, else its first QuotedTokenLength and `…`, so that a
/// token of megabytes does not make each diagnostic about it as long
/// (docs/decisions/hostile-input.md, Memory bounds). Bytes that are not UTF-8 count one each and
/// are never split.
inline constexpr std::size_t QuotedTokenLength = 200;
std::string quoted_token(std::string_view token);
/// Appends quoted_token(token) to `out`.
void append_quoted_token(std::string& out, std::string_view token);

inline Diagnostic make_error(DiagCode code, Span span, std::string message) {
    Diagnostic d;
    d.code    = code;
    d.message = std::move(message);
    d.span    = span;
    return d;
}
inline Diagnostic make_warning(DiagCode code, Span span, std::string message) {
    Diagnostic d = make_error(code, span, std::move(message));
    d.severity   = Severity::Warning;
    return d;
}

/// A game's diagnostics, the parser's and the replay's alike (docs/rules/notation.md §8):
/// - lenient-form warnings are grouped: one per code per game, at the earliest occurrence in the
///   text, with the count ("18 ice captures written with plain x");
/// - at most `Kept` are kept; the rest are counted, by severity, not kept: hostile input (a
///   million stray characters) cannot make memory grow without bound. The summaries count all.
class DiagnosticLog {
public:
    static constexpr std::size_t Kept = 10'000;

    /// Adds `d`. Returns its index in list(), or -1 when it was counted but not kept.
    std::int64_t add(Diagnostic d);

    /// Adds a warning of `code`, or counts one more in the warning of that code already there.
    /// `singular` is the message of a single occurrence; `plural` follows the count when there
    /// are more ("ice captures written with plain x"). The warning stands at the occurrence
    /// earliest in the text, with its ply, whatever order they were found in.
    void group(DiagCode code, Span span, std::string singular, std::string_view plural,
               std::uint32_t ply = 0);

    std::vector<Diagnostic>& list() { return list_; }
    const std::vector<Diagnostic>& list() const { return list_; }
    /// Diagnostics counted but not kept, by severity.
    int dropped_errors() const { return dropped_[1]; }
    int dropped_warnings() const { return dropped_[0]; }

    /// --strict: every warning, kept or not, becomes an error (marked `strict`).
    void make_strict();

private:
    struct Group {
        DiagCode code;
        std::size_t index = 0;
        int count         = 0;
        std::string plural;
    };
    std::vector<Diagnostic> list_;
    std::array<int, 2> dropped_{};
    std::vector<Group> groups_;  // the few codes grouped in this game (a log is made per game)
};

}  // namespace floe::rules
