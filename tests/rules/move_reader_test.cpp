// The move reader: token syntax (decode_move) and its resolution against legal moves
// (resolve_move), docs/rules/notation.md §3.

#include "rules/chess/move_reader.hpp"

#include <gtest/gtest.h>

#include <string>

#include "rules/chess/position.hpp"
#include "rules/chess/variant.hpp"
#include "tests/rules/chess_helpers.hpp"

namespace floe::rules::chess {
namespace {

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

MoveReading only(std::string_view token) {
    const MoveToken t = decode_move(token);
    EXPECT_EQ(t.count, 1) << token;
    return t.readings[0];
}

TEST(MoveDecode, ReadsCanonicalSan) {
    const MoveReading r = only("Nbd2");
    EXPECT_EQ(r.piece, PieceType::Knight);
    EXPECT_EQ(r.from_file, 1);
    EXPECT_EQ(r.from_rank, -1);
    EXPECT_EQ(r.to, sq("d2"));
    EXPECT_EQ(r.forms, 0u);
}

TEST(MoveDecode, ReadsIceCaptureAndPromotionWithCheck) {
    const MoveReading r = only("bx*c8=Q+");
    EXPECT_EQ(r.piece, PieceType::Pawn);
    EXPECT_TRUE(r.capture_mark);
    EXPECT_TRUE(r.ice_mark);
    EXPECT_EQ(r.promotion, PieceType::Queen);
    EXPECT_EQ(r.check, CheckMark::Check);
    EXPECT_EQ(r.forms, 0u);
}

TEST(MoveDecode, ReadsCastlingForms) {
    EXPECT_EQ(only("O-O").castle, MoveKind::CastleKing);
    EXPECT_EQ(only("O-O-O#").castle, MoveKind::CastleQueen);
    EXPECT_EQ(only("0-0").forms, static_cast<std::uint32_t>(FormCastlingZero));
    EXPECT_EQ(only("o-o-o").forms, static_cast<std::uint32_t>(FormCastlingCase));
}

TEST(MoveDecode, ReadsCastlingWithLookAlikes) {                     // docs/rules/notation.md §1.15
    const MoveReading dash = only("O\xE2\x80\x93O\xE2\x80\x93O+");  // O–O–O+, en dashes
    EXPECT_EQ(dash.castle, MoveKind::CastleQueen);
    EXPECT_EQ(dash.check, CheckMark::Check);
    EXPECT_EQ(dash.forms, static_cast<std::uint32_t>(FormLookAlike));
    EXPECT_EQ(only("0\xE2\x88\x92"
                   "0")  // 0−0, a minus sign
                  .forms,
              static_cast<std::uint32_t>(FormCastlingZero | FormLookAlike));
    EXPECT_EQ(only("\xD0\xBE-\xD0\xBE").forms,  // о-о, Cyrillic small o
              static_cast<std::uint32_t>(FormCastlingCase | FormLookAlike));
    // Look-alikes that make no castling, or a character that is no look-alike: nothing.
    EXPECT_EQ(decode_move("O\xE2\x80\x93").count, 0);
    EXPECT_EQ(decode_move("O\xE2\x80\xA2O").count, 0);             // U+2022 BULLET
    EXPECT_EQ(decode_move("\xEF\xBC\x91-\xEF\xBC\x90").count, 0);  // １-０: a digit one
    EXPECT_EQ(decode_move("O\x96O").count, 0);  // a lone Windows-1252 byte is no look-alike
}

TEST(MoveDecode, ReadsFigurinesOfEitherColour) {
    const MoveReading w = only(
        "\xE2\x99\x98"
        "f3");  // ♘f3
    const MoveReading b = only(
        "\xE2\x99\x9C"
        "xd6");  // ♜xd6
    EXPECT_EQ(w.piece, PieceType::Knight);
    EXPECT_EQ(w.forms, static_cast<std::uint32_t>(FormFigurine));
    EXPECT_EQ(b.piece, PieceType::Rook);
    EXPECT_TRUE(b.capture_mark);
}

TEST(MoveDecode, ReadsLenientPromotionForms) {
    for (const char* token : {"e8Q", "e8(Q)", "e8/Q", "e8=q"}) {
        const MoveReading r = only(token);
        EXPECT_EQ(r.promotion, PieceType::Queen) << token;
        EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormPromotion)) << token;
    }
}

TEST(MoveDecode, ReadsLanAndUci) {
    const MoveReading lan = only("Ng1-f3");
    EXPECT_EQ(lan.forms, static_cast<std::uint32_t>(FormLan));
    EXPECT_EQ(lan.piece, PieceType::Knight);
    const MoveReading pawn_lan = only("d2xe3");
    EXPECT_EQ(pawn_lan.forms, static_cast<std::uint32_t>(FormLan));
    EXPECT_EQ(pawn_lan.piece, PieceType::None);
    const MoveReading uci = only("e7e8q");
    EXPECT_EQ(uci.forms, static_cast<std::uint32_t>(FormUci));
    EXPECT_EQ(uci.promotion, PieceType::Queen);
}

TEST(MoveDecode, ReadsEnPassantSuffixAndDoublePlus) {
    EXPECT_EQ(only("exf6ep").forms, static_cast<std::uint32_t>(FormEnPassantSuffix));
    EXPECT_EQ(only("exf6e.p.").forms, static_cast<std::uint32_t>(FormEnPassantSuffix));
    const MoveReading mate = only("Qh4++");
    EXPECT_EQ(mate.check, CheckMark::Mate);
    EXPECT_EQ(mate.forms, static_cast<std::uint32_t>(FormDoublePlus));
}

TEST(MoveDecode, LowerCaseBGivesPawnThenBishopReading) {
    const MoveToken t = decode_move("bxc6");
    ASSERT_EQ(t.count, 2);
    EXPECT_EQ(decode_move("bxc8=Q").count, 1);  // only pawns promote
    EXPECT_EQ(t.readings[0].piece, PieceType::Pawn);
    EXPECT_EQ(t.readings[0].forms, 0u);
    EXPECT_EQ(t.readings[1].piece, PieceType::Bishop);
    EXPECT_EQ(t.readings[1].forms, static_cast<std::uint32_t>(FormLowerCasePiece));
}

TEST(MoveDecode, RejectsNonMoves) {
    for (const char* token : {"", "x", "Zf3", "e9", "Nf", "x*e3", "Ne8=Q", "e8=X"})
        EXPECT_EQ(decode_move(token).count, 0) << token;
}

// Issue 24: the pawn's letter (PGN standard clause 8.2.3.2) and a promotion to a king or a pawn
// are read, so that the first is a move with a warning and the second an illegal move that says
// why.
TEST(MoveDecode, ReadsThePawnLetterAndAnyPromotionPiece) {
    const MoveToken p = decode_move("Pxd5");
    ASSERT_EQ(p.count, 1);
    EXPECT_EQ(p.readings[0].piece, PieceType::Pawn);
    EXPECT_TRUE(p.readings[0].capture_mark);
    EXPECT_EQ(p.readings[0].from_file, -1);
    EXPECT_EQ(p.readings[0].forms, static_cast<std::uint32_t>(FormPawnLetter));
    EXPECT_EQ(decode_move("Pe4").readings[0].forms, static_cast<std::uint32_t>(FormPawnLetter));
    EXPECT_EQ(decode_move("xd5").count, 0);  // a pawn capture names its file or its letter
    EXPECT_EQ(decode_move("e8=K").readings[0].promotion, PieceType::King);
    EXPECT_EQ(decode_move("e8=P").readings[0].promotion, PieceType::Pawn);
    const Position p8 = test::fen_position(standard_variant(), "8/4P3/8/8/8/8/8/k6K w - - 0 1");
    EXPECT_EQ(resolve_move(p8, decode_move("e8=K")).status, ResolveStatus::Illegal);
    EXPECT_EQ(describe_unmatched(p8, decode_move("e8=K").readings[0]),
              "a pawn cannot promote to a king");
}

TEST(MoveDecode, ReadsDropsAndNullMove) {
    EXPECT_TRUE(only("P@d4").drop);
    EXPECT_EQ(only("@d4").forms, static_cast<std::uint32_t>(FormPawnDropNoLetter));
    EXPECT_TRUE(only("--").null_move);
    EXPECT_EQ(only("--").forms, 0u);
    EXPECT_TRUE(only("Z0").null_move);  // ChessBase
    EXPECT_EQ(only("Z0").forms, static_cast<std::uint32_t>(FormNullMoveZ0));
    EXPECT_EQ(decode_move("z0").count, 0);
    EXPECT_TRUE(only("0000").null_move);  // UCI, as `--moves uci` writes it
    EXPECT_EQ(only("0000").forms, static_cast<std::uint32_t>(FormUci));
    EXPECT_EQ(decode_move("000").count, 0);
}

bool same_reading(const MoveReading& a, const MoveReading& b) {
    return a.piece == b.piece && a.castle == b.castle && a.from_file == b.from_file &&
           a.from_rank == b.from_rank && a.to == b.to && a.promotion == b.promotion &&
           a.capture_mark == b.capture_mark && a.ice_mark == b.ice_mark && a.drop == b.drop &&
           a.null_move == b.null_move && a.check == b.check && a.forms == b.forms;
}

TEST(MoveDecode, CanonicalSanShortcutReadsAsTheGeneralReader) {
    // Every combination of a piece letter, origin hints, a capture sign, a target, a promotion
    // and a mark, canonical or not: decode_move and its general reader agree on all of them.
    const char* pieces[]     = {"", "N", "B", "R", "Q", "K", "P", "b", "n", "x"};
    const char* hints[]      = {"", "e", "3", "e3", "b", "h8", "="};
    const char* signs[]      = {"", "x", "x*", ":", "-", "*", "xx"};
    const char* targets[]    = {"e4", "d8", "a1", "h8", "b5", "e", "4", ""};
    const char* promotions[] = {"", "=Q", "=N", "=K", "=P", "Q", "(R)", "=q", "="};
    const char* marks[]      = {"", "+", "#", "++", "e.p.", "ep", "+#"};
    int canonical            = 0;
    for (const char* piece : pieces)
        for (const char* hint : hints)
            for (const char* sign : signs)
                for (const char* target : targets)
                    for (const char* promotion : promotions)
                        for (const char* mark : marks) {
                            const std::string token =
                                std::string(piece) + hint + sign + target + promotion + mark;
                            const MoveToken a = decode_move(token);
                            const MoveToken b = decode_move_general(token);
                            ASSERT_EQ(a.count, b.count) << token;
                            for (int i = 0; i < a.count; ++i)
                                ASSERT_TRUE(same_reading(a.readings[i], b.readings[i])) << token;
                            canonical += a.count;
                        }
    EXPECT_GT(canonical, 1000);
}

// Plays SAN-like tokens from the start of `variant`, failing the test on any non-Ok token.
Position play(const Variant& variant, std::initializer_list<const char*> tokens) {
    Position p = Position::start(variant);
    for (const char* token : tokens) {
        MoveList legal;
        p.legal_moves(legal);
        const Resolution r = resolve_move(p, legal, decode_move(token));
        EXPECT_EQ(r.status, ResolveStatus::Ok) << token;
        if (r.status != ResolveStatus::Ok) return p;
        p.play(r.move);
    }
    return p;
}

Resolution resolve(const Position& p, std::string_view token) {
    MoveList legal;
    p.legal_moves(legal);
    return resolve_move(p, legal, decode_move(token));
}

// resolve_move(position, token), which reads a SAN token straight from the attack tables, and
// the same answer from the full list of legal moves.
Resolution direct(const Position& p, std::string_view token) {
    const Resolution r    = resolve_move(p, decode_move(token));
    const Resolution full = resolve(p, token);
    EXPECT_EQ(r.status, full.status) << token;
    EXPECT_EQ(r.forms, full.forms) << token;
    EXPECT_EQ(r.check, full.check) << token;
    if (r.status == ResolveStatus::Ok) {
        EXPECT_EQ(r.move, full.move) << token;
    }
    if (r.status == ResolveStatus::Ambiguous) {
        EXPECT_EQ(r.candidates[0], full.candidates[0]) << token;
        EXPECT_EQ(r.candidates[1], full.candidates[1]) << token;
    }
    return r;
}

TEST(MoveResolve, PlainXTakingIceIsLenient) {
    const Position start = Position::start(ice_age_variant());
    const Resolution r   = resolve(start, "dxe3");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_TRUE(r.move.captures_ice);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormPlainIceCapture));
    EXPECT_EQ(resolve(start, "dx*e3").forms, 0u);
}

TEST(MoveResolve, MissingCaptureMarkIsLenient) {
    const Position p   = play(standard_variant(), {"e4", "d5"});
    const Resolution r = resolve(p, "ed5");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormMissingCapture));
}

TEST(MoveResolve, AmbiguousKnightsAreRefused) {
    // Conformance B04: knights on b1 and f3 both reach d2.
    const Position p   = play(standard_variant(), {"Nf3", "a6", "d3", "a5"});
    const Resolution r = resolve(p, "Nd2");
    ASSERT_EQ(r.status, ResolveStatus::Ambiguous);
    EXPECT_NE(r.candidates[0].from, r.candidates[1].from);
    EXPECT_EQ(resolve(p, "Nbd2").status, ResolveStatus::Ok);
}

TEST(MoveResolve, TwoReadingsOfTheSameMoveAreOneMove) {
    // `b4c3` is UCI for the bishop on b4 taking on c3, and also a lower-case bishop from rank
    // 4: both readings name the same move, which is no ambiguity (pgn-extract's -Wlalg output).
    const Position p   = play(standard_variant(), {"d4", "e5", "Nc3", "Bb4", "a3"});
    const Resolution r = resolve(p, "b4c3");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.from, sq("b4"));
    EXPECT_EQ(r.move.to, sq("c3"));
    EXPECT_EQ(r.forms & FormUci, static_cast<std::uint32_t>(FormUci));
}

TEST(MoveResolve, LowerCaseBishopReadOnlyWhenThePawnReadingFails) {
    // Conformance B07: `bb5` can only be the bishop; `nf3` is a knight with a warning.
    const Position p   = play(standard_variant(), {"e4", "e5", "nf3", "nc6"});
    const Resolution r = resolve(p, "bb5");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.piece, PieceType::Bishop);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormLowerCasePiece));
}

TEST(MoveResolve, CorrectSanWinsOverTheLenientBishopReading) {
    // Only the b4 pawn reaches a5: `bxa5` is correct SAN as written and is read so, with no
    // warning. LenientTokenWithTwoLegalReadingsIsAmbiguous checks `bxc6` where a bishop also
    // captures.
    const Position p   = play(standard_variant(), {"e3", "a5", "b4", "Ra6", "Bb5", "Rb6"});
    const Resolution r = resolve(p, "bxa5");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.piece, PieceType::Pawn);
    EXPECT_EQ(r.forms, 0u);
}

TEST(MoveResolve, LenientTokenWithOneLegalReadingIsAccepted) {
    // `bc5`: the b4 pawn capturing without x (legal) or a bishop in lower case (none reaches c5).
    const Position p   = play(standard_variant(), {"e3", "c5", "Bd3", "Qa5", "b4", "Qa4"});
    const Resolution r = resolve(p, "bc5");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.piece, PieceType::Pawn);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormMissingCapture));
}

TEST(MoveResolve, LenientTokenWithTwoLegalReadingsIsAmbiguous) {
    // After 1. b4 Nc6 2. b5 e6 3. e3 e5 4. Bc4 Nh6 5. Bd5 Ng8, the b5 pawn and the d5 bishop
    // both capture the knight on c6: `bc6` is a pawn capture without x or a lower-case bishop.
    const Position p =
        play(standard_variant(), {"b4", "Nc6", "b5", "e6", "e3", "e5", "Bc4", "Nh6", "Bd5", "Ng8"});
    ASSERT_TRUE(p.find_legal(sq("b5"), sq("c6")).has_value());
    ASSERT_TRUE(p.find_legal(sq("d5"), sq("c6")).has_value());
    EXPECT_EQ(p.piece_at(sq("c6")), (Piece{Color::Black, PieceType::Knight}));
    const Resolution r = resolve(p, "bc6");
    ASSERT_EQ(r.status, ResolveStatus::Ambiguous);
    EXPECT_EQ(r.candidates[0].to, sq("c6"));
    EXPECT_EQ(r.candidates[1].to, sq("c6"));
    EXPECT_NE(r.candidates[0].piece, r.candidates[1].piece);
    // Written correctly, `bxc6` is the pawn, with no warning.
    EXPECT_EQ(resolve(p, "bxc6").move.piece, PieceType::Pawn);
    EXPECT_EQ(resolve(p, "bxc6").forms, 0u);
}

// docs/rules/notation.md §3.3: letter case binds before every other leniency. vchess and BrainKing
// write every ice capture with plain x, so `bxc4` onto ice is the b-pawn's `bx*c4` even when a
// bishop could take the same cube (28 of 400 random vchess games failed on this).
TEST(MoveResolve, PlainXOntoIceKeepsTheLetterCase) {
    // The b3 pawn and the e2 bishop can both take the ice cube on c4.
    const Position p =
        test::fen_position(ice_age_variant(), "4k3/8/8/8/2*5/1P6/4B3/4K3 w - - 0 10");
    ASSERT_TRUE(p.find_legal(sq("b3"), sq("c4")).has_value());
    ASSERT_TRUE(p.find_legal(sq("e2"), sq("c4")).has_value());
    for (const char* token : {"bxc4", "bxc4+", "b:c4"}) {
        const Resolution r = resolve(p, token);
        ASSERT_EQ(r.status, ResolveStatus::Ok) << token;
        EXPECT_EQ(r.move.from, sq("b3")) << token;
        EXPECT_TRUE(r.move.captures_ice) << token;
    }
    EXPECT_EQ(resolve(p, "bxc4").forms, static_cast<std::uint32_t>(FormPlainIceCapture));
    EXPECT_EQ(resolve(p, "b:c4").forms,
              static_cast<std::uint32_t>(FormPlainIceCapture | FormColonCapture));
    EXPECT_EQ(resolve(p, "bx*c4").forms, 0u);
    // The bishop is read only when the token names it with its case changed and nothing else.
    EXPECT_EQ(resolve(p, "Bxc4").move.from, sq("e2"));
    EXPECT_EQ(resolve(p, "Bxc4").forms, static_cast<std::uint32_t>(FormPlainIceCapture));
}

TEST(MoveResolve, LenientEitherWayOntoIceIsAmbiguous) {
    // `bc4`: a pawn capture without x, or a lower-case bishop without x: both legal, refused.
    const Position p =
        test::fen_position(ice_age_variant(), "4k3/8/8/8/2*5/1P6/4B3/4K3 w - - 0 10");
    const Resolution r = resolve(p, "bc4");
    ASSERT_EQ(r.status, ResolveStatus::Ambiguous);
    EXPECT_EQ(r.candidates[0].from, sq("b3"));
    EXPECT_EQ(r.candidates[1].from, sq("e2"));
}

// docs/rules/notation.md §3.3: coordinate tokens keep their letters' case. A token that reads
// as UCI or LAN coordinates is the move between those squares, even when a lower-case bishop
// could also make a move it names; the bishop is read only when the coordinates name none.
TEST(MoveResolve, CoordinatesKeepTheLetterCase) {
    // `b3c4` onto ice: the b3 pawn (UCI), or a lower-case bishop from rank 3 (d3): both legal.
    const Position q =
        test::fen_position(ice_age_variant(), "4k3/8/8/8/2*5/1P1B4/8/4K3 w - - 0 10");
    ASSERT_TRUE(q.find_legal(sq("d3"), sq("c4")).has_value());
    const Resolution u = direct(q, "b3c4");
    ASSERT_EQ(u.status, ResolveStatus::Ok);
    EXPECT_EQ(u.move.from, sq("b3"));
    EXPECT_TRUE(u.move.captures_ice);
    EXPECT_EQ(u.forms, static_cast<std::uint32_t>(FormUci | FormMissingCapture));
    // LAN's ice capture `b3x*c4` and plain `b3xc4`: the pawn too.
    EXPECT_EQ(direct(q, "b3x*c4").move.from, sq("b3"));
    EXPECT_EQ(direct(q, "b3x*c4").forms, static_cast<std::uint32_t>(FormLan));
    EXPECT_EQ(direct(q, "b3xc4").move.from, sq("b3"));
    EXPECT_EQ(direct(q, "b3xc4").forms, static_cast<std::uint32_t>(FormLan | FormPlainIceCapture));
}

TEST(MoveResolve, UciAndLanFromTheBFileAreTheMoveBetweenTheSquares) {
    // 1. d4 d5 2. ?: `b1d2` is the knight's UCI move; the c1 bishop (a lower-case bishop from
    // rank 1) also reaches d2. This was ambiguous-move on 772 of 2,000 book games in UCI.
    const Position p = play(standard_variant(), {"d4", "d5"});
    ASSERT_TRUE(p.find_legal(sq("c1"), sq("d2")).has_value());
    const Resolution n = direct(p, "b1d2");
    ASSERT_EQ(n.status, ResolveStatus::Ok);
    EXPECT_EQ(n.move.from, sq("b1"));
    EXPECT_EQ(n.move.piece, PieceType::Knight);
    EXPECT_EQ(n.forms, static_cast<std::uint32_t>(FormUci));
    const Resolution l = direct(p, "b1-d2");
    EXPECT_EQ(l.move.from, sq("b1"));
    EXPECT_EQ(l.forms, static_cast<std::uint32_t>(FormLan));
    // Black: `b8a6` is the knight, though the c8 bishop reaches a6 after ...b6.
    const Position b = play(standard_variant(), {"e4", "b6", "d4"});
    ASSERT_TRUE(b.find_legal(sq("c8"), sq("a6")).has_value());
    EXPECT_EQ(direct(b, "b8a6").move.from, sq("b8"));
    EXPECT_EQ(direct(b, "b8a6").forms, static_cast<std::uint32_t>(FormUci));
    // LAN `b7xc6` (the book's 25 LAN failures): the pawn, with a bishop on b5 that also takes.
    const Position c =
        play(standard_variant(), {"e4", "d6", "Bb5+", "Bd7", "Bc4", "Nc6", "Bb5", "a6", "Bxc6"});
    ASSERT_TRUE(c.find_legal(sq("d7"), sq("c6")).has_value());
    const Resolution x = direct(c, "b7xc6");
    ASSERT_EQ(x.status, ResolveStatus::Ok);
    EXPECT_EQ(x.move.from, sq("b7"));
    EXPECT_EQ(x.forms, static_cast<std::uint32_t>(FormLan));
    EXPECT_EQ(direct(c, "b7c6").move.from, sq("b7"));
    EXPECT_EQ(direct(c, "b7c6").forms, static_cast<std::uint32_t>(FormUci | FormMissingCapture));
    // Promotion `b7b8q` / LAN `b7-b8=Q`, with a bishop on rank 7 that reaches b8 too: only a
    // pawn promotes, so the promotion leaves the pawn reading alone.
    const Position q = test::fen_position(standard_variant(), "4k3/BP6/8/8/8/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(q.find_legal(sq("a7"), sq("b8")).has_value());
    EXPECT_EQ(direct(q, "b7b8q").move.promotion, PieceType::Queen);
    EXPECT_EQ(direct(q, "b7b8q").forms, static_cast<std::uint32_t>(FormUci));
    EXPECT_EQ(direct(q, "b7-b8=Q").move.promotion, PieceType::Queen);
}

TEST(MoveResolve, LanCaptureWithAPieceLetterIsLan) {
    // `Bb5xc6`, as `--moves lan` writes it: LAN, not an over-disambiguated SAN capture.
    const Position p =
        play(standard_variant(), {"e4", "d6", "Bb5+", "Bd7", "Bc4", "Nc6", "Bb5", "a6"});
    const Resolution r = direct(p, "Bb5xc6");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.from, sq("b5"));
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormLan));
    // With one square of the origin it is SAN's redundant disambiguation, as before.
    EXPECT_EQ(direct(p, "Bbxc6").forms, static_cast<std::uint32_t>(FormRedundantDisambig));
    // Where SAN needs both squares (queens on h4, e4 and h1 all take on e1), it is SAN.
    const Position q = test::fen_position(standard_variant(), "8/8/1k6/8/4Q2Q/K7/8/4r2Q w - - 0 1");
    const Resolution s = direct(q, "Qh4xe1");
    ASSERT_EQ(s.status, ResolveStatus::Ok);
    EXPECT_EQ(s.move.from, sq("h4"));
    EXPECT_EQ(s.forms, 0u);
}

TEST(MoveResolve, LowerCaseBishopWhenTheCoordinatesNameNoMove) {
    // `b1d3`: nothing stands on b1, the bishop on f1 is no help, but a lower-case bishop from
    // rank 1 is the f1 bishop: read as the bishop, with the warning that names the form.
    const Position p   = play(standard_variant(), {"e4", "e5", "Na3", "Nc6"});
    const Resolution r = direct(p, "b1d3");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.from, sq("f1"));
    EXPECT_EQ(r.move.piece, PieceType::Bishop);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormLowerCasePiece | FormRedundantDisambig));
}

TEST(MoveResolve, LowerCaseBishopOntoIceWhenNoPawnCanTake) {
    // No b-pawn reaches c4: `bxc4` names no legal move as written, so the bishop is read, with
    // both of its lenient forms.
    const Position p =
        test::fen_position(ice_age_variant(), "4k3/8/8/8/2*5/8/1P2B3/4K3 w - - 0 10");
    const Resolution r = resolve(p, "bxc4");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.from, sq("e2"));
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormLowerCasePiece | FormPlainIceCapture));
}

TEST(MoveResolve, EnPassantSuffixOnlyOnEnPassant) {
    const Position p    = play(standard_variant(), {"e4", "d5", "e5", "f5"});
    const Resolution ep = resolve(p, "exf6ep");
    ASSERT_EQ(ep.status, ResolveStatus::Ok);
    EXPECT_EQ(ep.move.kind, MoveKind::EnPassant);
    EXPECT_EQ(ep.forms, static_cast<std::uint32_t>(FormEnPassantSuffix));
    const Position q = play(standard_variant(), {"e4", "d5"});
    EXPECT_EQ(resolve(q, "exd5ep").status, ResolveStatus::Illegal);
}

TEST(MoveResolve, RedundantDisambiguationIsLenient) {
    const Position p   = Position::start(standard_variant());
    const Resolution r = resolve(p, "Ngf3");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormRedundantDisambig));
}

TEST(MoveResolve, IllegalMovesAreDescribed) {
    const Position p  = Position::start(standard_variant());
    const MoveToken t = decode_move("Nf6");
    EXPECT_EQ(resolve(p, "Nf6").status, ResolveStatus::Illegal);
    EXPECT_EQ(describe_unmatched(p, t.readings[0]), "no knight can reach f6");
    EXPECT_EQ(describe_unmatched(p, decode_move("exd5").readings[0]),
              "d5 holds nothing to capture");
    EXPECT_EQ(describe_unmatched(p, decode_move("P@d4").readings[0]), "drop in a non-drop variant");
    // The way out is data; the command line words it (cli/hint_words.hpp).
    EXPECT_EQ(unmatched_hint(p, decode_move("P@d4").readings[0]), Hint::VariantCrazyhouseDrop);
}

// Issue 12 item 7: a move that a piece could make but for its king says why.
std::string why(const Position& p, std::string_view token) {
    EXPECT_EQ(resolve(p, token).status, ResolveStatus::Illegal) << token;
    return describe_unmatched(p, decode_move(token).readings[0]);
}

TEST(MoveResolve, PinnedPieceNamesItsPinner) {
    const Position p = play(standard_variant(), {"d4", "e5", "Nc3", "Bb4"});
    EXPECT_EQ(why(p, "Ne4"),
              "no knight can reach e4: the knight on c3 is pinned by the bishop on b4");
    EXPECT_EQ(why(p, "c3e4"),
              "the knight on c3 cannot move to e4: it is pinned by the bishop on b4");
    // LAN with a piece letter is read like SAN with a full disambiguation.
    EXPECT_EQ(why(p, "Nc3-e4"),
              "no knight can reach e4: the knight on c3 is pinned by the bishop on b4");
    // Two knights, both pinned (on the b4-e1 diagonal and on the e-file).
    const Position two =
        test::fen_position(standard_variant(), "4r1k1/8/8/8/1b6/4N3/3N4/4K3 w - - 0 1");
    EXPECT_EQ(why(two, "Nc4"),
              "no knight can reach c4: the knight on d2 is pinned by the bishop on b4; the knight "
              "on e3 is pinned by the rook on e8");
}

TEST(MoveResolve, KingIntoCheckNamesTheAttacker) {
    const Position p = test::fen_position(standard_variant(), "4k3/8/8/8/8/2b5/8/R3K2R w KQ - 0 1");
    EXPECT_EQ(why(p, "Kd2"),
              "the king on e1 cannot move to d2: it would be in check from the "
              "bishop on c3");
    EXPECT_EQ(why(p, "e1d2"),
              "the king on e1 cannot move to d2: it would be in check from the "
              "bishop on c3");
    // Two attackers.
    const Position q = test::fen_position(standard_variant(), "3rk3/8/8/8/8/2b5/8/4K3 w - - 0 1");
    EXPECT_EQ(why(q, "Kd2"),
              "the king on e1 cannot move to d2: it would be in check from the "
              "bishop on c3 and the rook on d8");
    // No king can get there at all: the plain reason.
    EXPECT_EQ(why(p, "Ke3"), "no king can reach e3");
}

TEST(MoveResolve, MoveThatLeavesTheKingInCheckNamesTheChecker) {
    const Position p = play(standard_variant(), {"e4", "f5", "Qh5+"});
    EXPECT_EQ(why(p, "Nf6"),
              "no knight can reach f6: the knight on g8 would leave Black's king "
              "in check from the queen on h5");
    EXPECT_EQ(why(p, "Kf7"),
              "the king on e8 cannot move to f7: it would be in check from the "
              "queen on h5");
}

TEST(MoveResolve, VchessJudgesTheKingAfterTheIceAge) {
    // Black's 20th move in Ice Age vchess: legality is judged after the Ice Age
    // (docs/rules/ice-age-chess.md §3.8). The e4 knight survives it (the d3 king touches it) and
    // still attacks f6; the black king would not freeze there (the f7 pawn touches it).
    const Position p =
        test::fen_position(ice_age_vchess_variant(), "8/5pk1/8/8/4N3/3K4/8/8 b - - 0 20");
    EXPECT_EQ(why(p, "Kf6"),
              "the king on g7 cannot move to f6: it would be in check from the "
              "knight on e4 after the Ice Age");
}

TEST(MoveResolve, UciAndLanCastling) {
    const Position p = play(standard_variant(), {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
    EXPECT_EQ(resolve(p, "e1g1").move.kind, MoveKind::CastleKing);
    EXPECT_EQ(resolve(p, "O-O").move.kind, MoveKind::CastleKing);
    EXPECT_EQ(resolve(p, "Kg1").status, ResolveStatus::Illegal);
}

TEST(MoveResolve, KingTakesRookIsCastlingWhenLegal) {
    // UCI's Chess960 form: the king onto its own rook, both on their squares.
    const Position p   = play(standard_variant(), {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
    const Resolution r = resolve(p, "e1h1");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.kind, MoveKind::CastleKing);
    EXPECT_EQ(r.forms, static_cast<std::uint32_t>(FormUci | FormKingTakesRook));
    // The targeted generation finds it too (resolve_move without a list).
    EXPECT_EQ(resolve_move(p, decode_move("e1h1")).move.kind, MoveKind::CastleKing);
    EXPECT_EQ(resolve_move(p, decode_move("Ke1-h1")).forms,
              static_cast<std::uint32_t>(FormLan | FormKingTakesRook));
    // Queen side blocked by b1, c1 and d1: no castling, so `e1a1` names nothing.
    EXPECT_EQ(resolve(p, "e1a1").status, ResolveStatus::Illegal);
    const Position q =
        test::fen_position(standard_variant(), "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    EXPECT_EQ(resolve_move(q, decode_move("e8a8")).move.kind, MoveKind::CastleQueen);
    EXPECT_EQ(resolve_move(q, decode_move("e8h8")).move.kind, MoveKind::CastleKing);
    // Without the right, the king cannot take its own rook either.
    const Position n = test::fen_position(standard_variant(), "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1");
    EXPECT_EQ(resolve_move(n, decode_move("e8h8")).status, ResolveStatus::Illegal);
}

TEST(MoveResolveDirect, PinnedPieceIsNoCandidate) {
    // Knights on d2 and f2 both reach e4; the d2 knight is pinned by the bishop on b4.
    const Position p =
        test::fen_position(standard_variant(), "4k3/8/8/8/1b6/8/3N1N2/4K3 w - - 0 1");
    const Resolution r = direct(p, "Ne4");
    ASSERT_EQ(r.status, ResolveStatus::Ok);
    EXPECT_EQ(r.move.from, sq("f2"));
    EXPECT_EQ(r.forms, 0u);
    // With one legal candidate the file is more than SAN needs.
    EXPECT_EQ(direct(p, "Nfe4").forms, static_cast<std::uint32_t>(FormRedundantDisambig));
    EXPECT_EQ(direct(p, "Nde4").status, ResolveStatus::Illegal);
    // Along its line a pinned piece still moves: the d2 knight cannot, a bishop could.
    const Position q = test::fen_position(standard_variant(), "4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1");
    EXPECT_EQ(direct(q, "Bc3").move.from, sq("d2"));
    EXPECT_EQ(direct(q, "Bxb4").move.captured, PieceType::Bishop);
    EXPECT_EQ(direct(q, "Be3").status, ResolveStatus::Illegal);
}

TEST(MoveResolveDirect, AmbiguityNamesBothInSquareOrder) {
    const Position p   = play(standard_variant(), {"Nf3", "a6", "d3", "a5"});
    const Resolution r = direct(p, "Nd2");
    ASSERT_EQ(r.status, ResolveStatus::Ambiguous);
    EXPECT_EQ(r.candidates[0].from, sq("b1"));
    EXPECT_EQ(r.candidates[1].from, sq("f3"));
    EXPECT_EQ(direct(p, "Nfd2").move.from, sq("f3"));
    EXPECT_EQ(direct(p, "Nbd2").forms, 0u);
}

TEST(MoveResolveDirect, EnPassantAndDiscoveredCheck) {
    // The e5 pawn is pinned on the f6-c3 diagonal: only the c5 pawn may take en passant.
    const Position p =
        test::fen_position(standard_variant(), "8/8/5K2/2PpP3/8/2b5/8/7k w - d6 0 2");
    const Resolution c = direct(p, "cxd6");
    ASSERT_EQ(c.status, ResolveStatus::Ok);
    EXPECT_EQ(c.move.kind, MoveKind::EnPassant);
    EXPECT_EQ(c.move.captured, PieceType::Pawn);
    EXPECT_EQ(c.forms, 0u);
    EXPECT_EQ(direct(p, "cxd6e.p.").forms, static_cast<std::uint32_t>(FormEnPassantSuffix));
    EXPECT_EQ(direct(p, "cd6").forms, static_cast<std::uint32_t>(FormMissingCapture));
    EXPECT_EQ(direct(p, "exd6").status, ResolveStatus::Illegal);
    // Taking en passant would take both pawns off the fifth rank and open it to the rook: no
    // legal capture, so the position keeps no en-passant square (docs/rules/notation.md §6.2).
    const Position q = test::fen_position(standard_variant(), "8/8/8/KpP4r/8/8/8/7k w - b6 0 2");
    EXPECT_EQ(q.en_passant_square(), NoSquare);
    EXPECT_EQ(direct(q, "cxb6").status, ResolveStatus::Illegal);
    // The double step passed over b6: the message says why no capture is legal (issue 24).
    EXPECT_EQ(q.passed_square(), sq("b6"));
    EXPECT_EQ(describe_unmatched(q, decode_move("cxb6").readings[0]),
              "no pawn can capture en passant on b6: the pawn on c5 would leave White's king in "
              "check from the rook on h5");
}

TEST(MoveResolveDirect, Promotions) {
    const Position p   = test::fen_position(standard_variant(), "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    const Resolution q = direct(p, "e8=Q+");
    ASSERT_EQ(q.status, ResolveStatus::Ok);
    EXPECT_EQ(q.move.promotion, PieceType::Queen);
    EXPECT_EQ(q.check, CheckMark::Check);
    EXPECT_EQ(direct(p, "exd8=N").move.captured, PieceType::Rook);
    EXPECT_EQ(direct(p, "exd8=N").move.promotion, PieceType::Knight);
    EXPECT_EQ(direct(p, "e8R").forms, static_cast<std::uint32_t>(FormPromotion));
    EXPECT_EQ(direct(p, "d8=Q").forms, static_cast<std::uint32_t>(FormMissingCapture));
    EXPECT_EQ(direct(p, "e8").status, ResolveStatus::Illegal);
    EXPECT_EQ(describe_unmatched(p, decode_move("e8").readings[0]),
              "no pawn can reach e8 without promoting");
}

TEST(MoveResolveDirect, InCheckOnlyAnswersAreLegal) {
    // 2. Qh5+: g6 blocks, the king may not step into the queen's line, e6 blocks nothing.
    const Position p = play(standard_variant(), {"e4", "f5", "Qh5+"});
    EXPECT_EQ(direct(p, "g6").status, ResolveStatus::Ok);
    EXPECT_EQ(direct(p, "e6").status, ResolveStatus::Illegal);
    EXPECT_EQ(direct(p, "Nf6").status, ResolveStatus::Illegal);
    EXPECT_EQ(direct(p, "Kf7").status, ResolveStatus::Illegal);
    // A double check (rook e8, knight d3): only the king moves, even to take a checker.
    const Position d =
        test::fen_position(standard_variant(), "4r1k1/8/8/8/8/3n4/2Q5/4K3 w - - 0 1");
    EXPECT_EQ(direct(d, "Qxd3").status, ResolveStatus::Illegal);
    EXPECT_EQ(direct(d, "Kf1").status, ResolveStatus::Ok);
    EXPECT_EQ(direct(d, "Kd2").status, ResolveStatus::Ok);
}

TEST(MoveResolveDirect, IceBlocksAndIsTaken) {
    // Ice Age: the b-pawn's reading binds first onto ice (`bxc3` is `bx*c3`); the knight and the
    // pawn both take ice on d3.
    const Position p   = Position::start(ice_age_variant());
    const Resolution b = direct(p, "bx*c3");
    ASSERT_EQ(b.status, ResolveStatus::Ok);
    EXPECT_TRUE(b.move.captures_ice);
    EXPECT_EQ(direct(p, "bxc3").forms, static_cast<std::uint32_t>(FormPlainIceCapture));
    EXPECT_EQ(direct(p, "Nx*c3").move.from, sq("b1"));
}

}  // namespace
}  // namespace floe::rules::chess
