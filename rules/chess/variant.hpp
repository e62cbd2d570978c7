#pragma once
// The rules data of a chess variant (docs/rules/ice-age-chess.md, docs/rules/notation.md §2). Rules
// code asks these fields, never a variant's name. The variants themselves, their names and aliases
// are rows of the variant table, rules/variants.hpp, which defines the objects declared here.

#include <string_view>

namespace floe::rules::chess {

/// When the legality of the move that triggers an Ice Age is judged
/// (docs/rules/ice-age-chess.md §3.7, §3.8).
enum class IceAgeLegality : unsigned char {
    BeforeIceAge,  ///< the mover's king must not be attacked right after the move (BrainKing)
    AfterIceAge,   ///< ... only after the Ice Age has filled and frozen (vchess)
};

struct Variant {
    std::string_view name;            ///< canonical tag spelling, e.g. "Ice Age"
    std::string_view rules_name;      ///< the game in a sentence: "standard chess", "Ice Age Chess"
    std::string_view start_fen;       ///< start position (FEN with '*' for ice)
    bool ice                = false;  ///< ice cubes exist and may be captured (§2.3)
    int ice_age_period      = 0;  ///< Ice Age after Black's move N when N % period == 0; 0 = never
    IceAgeLegality legality = IceAgeLegality::BeforeIceAge;
    bool kings_may_be_missing   = false;  ///< a frozen king leaves a side kingless (§4.6)
    bool lenient_disambiguation = false;  ///< vchess omits it (docs/rules/notation.md §2.4)
    /// Captured pieces go to the capturer's pocket and may be dropped; promoted pieces carry a
    /// marker and return to the pocket as pawns (Crazyhouse, docs/rules/notation.md §2.5).
    bool pockets = false;
    /// Chess960 castling (docs/rules/notation.md §2.6): the king and its rooks may start on any
    /// files of the first rank, castling rights name their rooks, and UCI writes castling as the
    /// king taking its rook. Otherwise only the e-file king castles, with the corner rooks.
    bool castling_960 = false;
};

const Variant& standard_variant();
const Variant& ice_age_variant();
const Variant& ice_age_vchess_variant();
const Variant& crazyhouse_variant();
const Variant& chess960_variant();

}  // namespace floe::rules::chess
