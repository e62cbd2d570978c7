#pragma once
// The variant of a game without a Variant tag, read without --variant: its plies decide, once
// the game is read and before it is replayed (docs/rules/notation.md §2.7).

#include <cstdint>

#include "parser/movetext_reader.hpp"
#include "parser/tags.hpp"
#include "rules/record.hpp"
#include "rules/variants.hpp"

namespace floe::formats {

/// Where a game's variant came from, so that commands can count the games read each way.
enum class VariantSource : std::uint8_t {
    Tag,     ///< its Variant tag (docs/rules/notation.md §2.1)
    Option,  ///< --variant, the game having no Variant tag
    /// neither, and its plies decided nothing (§2.7): Ice Age Chess, no game of the input having
    /// decided within the window (GameOptions::undecided was nullptr)
    Default,
    Plies,  ///< neither: its plies decided the variant, Ice Age Chess included (§2.7)
    /// neither, and its plies decided nothing: the variant of the input's first decided game
    /// (§2.7, GameOptions::undecided)
    Neighbours,
};

/// How a game's variant was decided, and which it is (nullptr: an unknown Variant tag).
struct VariantReading {
    VariantSource source             = VariantSource::Default;
    const rules::VariantEntry* entry = nullptr;
};

/// The variant the plies of `record` decide, a game without a Variant tag read without
/// --variant (docs/rules/notation.md §2.7), or nullptr when they decide nothing:
/// - Glacial Shift when its first ply has a seat (`Y: …`), which the scanner saw when it cut the
///   game (record.token_variant);
/// - Crazyhouse when one of its first main-line plies is a drop (`@`), whichever reading failed
///   first, or when it is Standard by the next rule and a later main-line ply is a drop;
/// - Standard when, played in both readings from the start position or from the `FEN` tag
///   (§2.10, read in each variant), its first main-line plies fail in Ice Age while they are
///   legal in orthodox chess: `1. e4`, or `1. Nf3 Nf6 2. c4` (a knight's move onto ice is legal
///   in both);
/// - Ice Age Chess when orthodox chess fails first, or its FEN tag has ice (orthodox chess
///   cannot read it);
/// - nothing (nullptr): no ply, plies legal in both readings up to the end or the first 16, a
///   ply illegal in both, or a FEN tag that Ice Age cannot read.
/// `tags` are the record's setup tags. `reader`, the replay's own, freshly built (at the start
/// of the record), reads the first plies quietly, and the main line on for a drop only when the
/// game holds an `@`; it is put back at the start: nothing is reported, the replay reports.
const rules::VariantEntry* untagged_variant(const rules::GameRecord& record,
                                            const parser::SetupTags& tags,
                                            parser::MovetextReader& reader);

}  // namespace floe::formats
