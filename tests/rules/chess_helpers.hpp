#pragma once
// Helpers for the chess engine tests. The rules layer may not use formats/, so positions are
// read and written here by a small trusted FEN reader and writer: it does not validate, and
// formats/fen_test.cpp checks formats::parse_fen / make_fen against the same positions.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/chess/position.hpp"

namespace floe::test {

namespace chess = rules::chess;

/// "e4" -> the square; throws on anything else.
inline chess::Square square_of(std::string_view name) {
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') {
        throw std::invalid_argument("bad square " + std::string(name));
    }
    return chess::make_square(name[0] - 'a', name[1] - '1');
}

inline std::string square_name(chess::Square s) {
    return {static_cast<char>('a' + chess::file_of(s)), static_cast<char>('1' + chess::rank_of(s))};
}

/// A position from a well-formed FEN (6 fields, or 4 without counters); the castling field may
/// name rook files (`HAha`) as well as `KQkq`.
inline chess::Position fen_position(const chess::Variant& variant, std::string_view fen) {
    chess::Setup setup;
    std::vector<std::string> fields;
    std::string field;
    for (const char c : std::string(fen) + ' ') {
        if (c != ' ') {
            field += c;
        } else if (!field.empty()) {
            fields.push_back(field);
            field.clear();
        }
    }
    if (fields.size() != 6 && fields.size() != 4) throw std::invalid_argument("bad FEN");
    int rank = 7, file = 0;
    for (const char c : fields[0]) {
        if (c == '/') {
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else if (c == '*') {
            setup.ice |= chess::bit(chess::make_square(file++, rank));
        } else {
            const auto at = std::string_view("PNBRQKpnbrqk").find(c);
            if (at == std::string_view::npos) throw std::invalid_argument("bad piece");
            setup.board[chess::make_square(file++, rank)] = {
                at < 6 ? chess::Color::White : chess::Color::Black,
                static_cast<chess::PieceType>(at % 6)};
        }
    }
    setup.turn = fields[1] == "w" ? chess::Color::White : chess::Color::Black;
    for (const char c : fields[2]) {
        if (c == 'K') setup.castling |= chess::WhiteKingSide;
        if (c == 'Q') setup.castling |= chess::WhiteQueenSide;
        if (c == 'k') setup.castling |= chess::BlackKingSide;
        if (c == 'q') setup.castling |= chess::BlackQueenSide;
        // Chess960's rook files (Shredder-FEN, X-FEN): upper case White's first rank.
        if (c >= 'A' && c <= 'H')
            setup.castling_rooks |= chess::bit(chess::make_square(c - 'A', 0));
        if (c >= 'a' && c <= 'h')
            setup.castling_rooks |= chess::bit(chess::make_square(c - 'a', 7));
    }
    if (fields[3] != "-") setup.en_passant = square_of(fields[3]);
    if (fields.size() == 6) {
        setup.halfmove_clock  = std::stoi(fields[4]);
        setup.fullmove_number = std::stoi(fields[5]);
    }
    return chess::Position::from_setup(variant, setup);
}

/// The FEN of a position ('*' for ice; the en-passant square as the position keeps it).
inline std::string fen_of(const chess::Position& p) {
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const chess::Square s    = chess::make_square(file, rank);
            const chess::Piece piece = p.piece_at(s);
            char c                   = 0;
            if (p.is_ice(s)) {
                c = '*';
            } else if (piece.type != chess::PieceType::None) {
                c = chess::piece_letter(piece.type);
                if (piece.color == chess::Color::Black) c = static_cast<char>(c - 'A' + 'a');
            }
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) fen += static_cast<char>('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += static_cast<char>('0' + empty);
        if (rank) fen += '/';
    }
    fen += p.side_to_move() == chess::Color::White ? " w " : " b ";
    const auto rights = p.castling_rights();
    if (rights & chess::WhiteKingSide) fen += 'K';
    if (rights & chess::WhiteQueenSide) fen += 'Q';
    if (rights & chess::BlackKingSide) fen += 'k';
    if (rights & chess::BlackQueenSide) fen += 'q';
    if (!rights) fen += '-';
    fen += ' ';
    fen += p.en_passant_square() == chess::NoSquare ? "-" : square_name(p.en_passant_square());
    fen += ' ' + std::to_string(p.halfmove_clock()) + ' ' + std::to_string(p.fullmove_number());
    return fen;
}

/// The UCI form of a move: from, to, promotion letter in lower case ("b7a8q"); castling is the
/// king's move ("e1g1"); a null move is "0000".
inline std::string uci(const chess::Move& m) {
    if (m.kind == chess::MoveKind::Null) return "0000";
    std::string s = square_name(m.from) + square_name(m.to);
    if (m.promotion != chess::PieceType::None) {
        s += static_cast<char>(chess::piece_letter(m.promotion) - 'A' + 'a');
    }
    return s;
}

/// The legal moves of a position as sorted UCI strings.
inline std::vector<std::string> uci_moves(const chess::Position& p) {
    chess::MoveList list;
    p.legal_moves(list);
    std::vector<std::string> out;
    for (const chess::Move& m : list) out.push_back(uci(m));
    std::sort(out.begin(), out.end());
    return out;
}

/// Sorts a list of UCI strings, for comparing against uci_moves.
inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

/// The legal move a UCI string names; throws when it names none.
inline chess::Move legal_move(const chess::Position& p, std::string_view text) {
    chess::PieceType promotion = chess::PieceType::None;
    if (text.size() == 5) {
        promotion = static_cast<chess::PieceType>(std::string_view("pnbrqk").find(text[4]));
    }
    const auto m =
        p.find_legal(square_of(text.substr(0, 2)), square_of(text.substr(2, 2)), promotion);
    if (!m) throw std::invalid_argument("illegal move " + std::string(text));
    return *m;
}

/// Plays a UCI move (throws when it is illegal) and returns the new position.
inline chess::Position after(chess::Position p, std::string_view text) {
    p.play(legal_move(p, text));
    return p;
}

}  // namespace floe::test
