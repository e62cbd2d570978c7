#include "rules/warning_codes.hpp"

namespace floe::rules {

bool is_warning_code(DiagCode code) {
    using enum DiagCode;
    switch (code) {
        // Syntax
        case UnterminatedTagValue:
        case TagLineBreak:
        case TagEscape:
        case RepeatedTag:
        case MissingTermination:
        case GameBoundary:
        case MoveNumberMismatch:
        case InvalidUtf8:
        case UnicodeSpace:
        case AnnotationGlyph:
        case UnicodeResult:
        // Moves
        case Figurine:
        case IceCaptureMark:
        case CaptureMark:
        case MissingCaptureMark:
        case CastlingZero:
        case CastlingCase:
        case EnPassantSuffix:
        case PromotionForm:
        case DoublePlusMate:
        case MissingCheckMark:
        case SuperfluousCheckMark:
        case LanMove:
        case UciMove:
        case RedundantDisambiguation:
        case MissingDisambiguation:
        case LowerCasePiece:
        case PawnDropLetter:
        case NullMoveZ0:
        case CastlingKingTakesRook:
        case PawnLetter:
        case UnicodeLookAlike:
        // Events
        case MissingEvent:
        case EventOrder:
        // Results and variants
        case ResultContradictsEnd:
        case ResultTagMismatch:
        case ResultForm:
        case ForfeitResult:
        case NonPgnResult:
        case ResultOrCastling:
        case UnsupportedVariant:  // a warning in convert: the game passes through as written
        case VariantConflict:
        // Positions
        case ImpossibleCastlingRight:
        case ImpossibleEnPassant:
        case FenCounter:  // missing counters or a full-move number 0
        case FenWithoutSetUp:
        case FenPocketForm:
        // Glacial Shift plies
        case MissingSeat:
        case GluedSeat:
        case MissingPieceName:
        case MissingPromotionMark:
        case SuperfluousPromotionMark:
        case SuperfluousCaptureMark:
            return true;
        default:
            return false;
    }
}

}  // namespace floe::rules
