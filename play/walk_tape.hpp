#pragma once
// A recorded walk: the visitor calls of one replay (rules/game/visitor.hpp), kept so that a
// writer can be walked through them afterwards without a second replay. `select` records the
// walk of every game while it matches it and hands it to the writer only when the game matched,
// so that a game that does not match costs no writing (docs/decisions/select.md, "select writes
// from the walk it matched with").
//
// Recording is on every game, so it keeps only what the writer cannot rebuild, in one flat byte
// buffer reused from game to game: the calls and their moves, and events only when there are
// some. A move's position before it is the position after the line's last move (or the line's
// start), and a variation starts from the position before its parent's last move (or from the
// parent's start): the driver changes a line's position only by playing a move
// (rules/game/replay.hpp). A chess position after a move is rebuilt by playing the move again
// (Position::play, what the replay played); a Glacial Shift ply resolves mates against the
// game's history, so its positions after each ply are kept.

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

#include "rules/chess/game.hpp"
#include "rules/common/thread_scratch.hpp"
#include "rules/diagnostic.hpp"
#include "rules/glacial/game.hpp"
#include "rules/record.hpp"

namespace floe::formats {

/// How a tape keeps engine G's positions: one answer per engine, and none for an engine that
/// states none, so that a third engine does not compile until it says. Chess replays a move
/// exactly with Position::play, so its positions are rebuilt from the moves; a Glacial Shift ply
/// resolves mates against the game's history, so its positions are kept.
template <class G>
struct TapePositions;  // no answer for an engine that gives none
template <>
struct TapePositions<rules::chess::Game> {
    static constexpr bool rebuilt = true;
};
template <>
struct TapePositions<rules::glacial::Game> {
    static constexpr bool rebuilt = false;
};
template <class G>
inline constexpr bool rebuilds_positions = TapePositions<G>::rebuilt;

/// Whether events are none (what a writer writes nothing for).
inline bool no_events(const rules::chess::IceAgeEvent& e) { return !e.happened; }
inline bool no_events(const rules::glacial::MateEvents& e) { return e.count == 0; }

template <class G>
class WalkTape {
public:
    using Position = typename G::Position;
    using Move     = typename G::Move;
    using Events   = typename G::Events;

    static constexpr bool annotations = true;  // a writer takes NAGs and comments
    /// The bytes a tape may keep for a game beyond the game's own bytes (memory stays bounded by
    /// the game's size, docs/reliability.md). A longer walk is not kept (whole() is false), and
    /// its game is replayed again to be written: some hundred thousand plies.
    static constexpr std::size_t SpareBytes = std::size_t{1} << 20;

    /// This thread's tape for engine G (rules/common/thread_scratch.hpp).
    static WalkTape& of_thread() { return rules::ThreadScratch::current().get<WalkTape>(); }

    /// Forgets the last walk, for one of a game of `game_bytes`; the buffers stay for the next.
    void clear(std::size_t game_bytes) {
        next_      = bytes_.data();
        end_       = next_ + bytes_.size();
        stored_    = 0;
        positions_ = events_ = 0;
        limit_               = SpareBytes + game_bytes;
        record_.reset();
        whole_ = true;
    }
    /// Every call of the walk was kept.
    bool whole() const { return whole_; }
    /// The record the walk was of, when it is not the one given to the replay (a last `0-0`
    /// read as the result makes a copy: play/replay_game.hpp).
    void keep_record(const rules::GameRecord& record) { record_ = record; }
    const rules::GameRecord& record(const rules::GameRecord& given) const {
        return record_ ? *record_ : given;
    }

    void start(const Position& position, const Events& events) {
        start_        = position;
        start_events_ = events;
        put(Kind::Start);
    }
    void move(const Position&, const Move& move, const Position& after, const Events& events) {
        if constexpr (rebuilds_positions<G>) {
            put(Kind::Move, move);
        } else if (no_events(events)) {
            put(Kind::Move, move);
            keep(position_store_, positions_, after);
        } else {
            put(Kind::MoveWithEvents, move);
            keep(position_store_, positions_, after);
            keep(event_store_, events_, events);
        }
    }
    void nag(std::uint32_t value) { put(Kind::Nag, value); }
    /// Every move has one Events call, after its NAGs (rules/game/replay.hpp): only the events
    /// that are not none are kept, and play() makes the others' calls.
    void events(const Events& events) {
        if (no_events(events)) return;
        put(Kind::Events);
        keep(event_store_, events_, events);
    }
    void comment(std::string_view text, bool line_comment) {
        put(line_comment ? Kind::LineComment : Kind::Comment, text);
    }
    void variation_begin(const Position&) { put(Kind::VariationBegin); }
    void variation_end() { put(Kind::VariationEnd); }
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) {
        put(Kind::Unplayed, Unplayed{rest, code});
    }
    void end() { put(Kind::End); }

    /// Walks `visitor` through the calls recorded, in their order.
    template <class V>
    void play(V& visitor) const {
        Cursor at{};
        lines_.clear();
        bool events_due        = false;  // the last move's Events call, when its NAGs are over
        const std::size_t used = this->used();
        while (at.byte < used) {
            const auto kind = static_cast<Kind>(bytes_[at.byte++]);
            if (events_due && kind != Kind::Nag) {
                events_due = false;
                visitor.events(kind == Kind::Events ? event_store_[at.events++] : none_);
                if (kind == Kind::Events) continue;
            }
            if (kind == Kind::Move || kind == Kind::MoveWithEvents) events_due = true;
            play_call(visitor, at, kind);
        }
        if (events_due) visitor.events(none_);
    }

private:
    enum class Kind : std::uint8_t {
        Start,
        Move,
        MoveWithEvents,  // a kept position's move whose events are kept too
        Nag,
        Events,  // the next in event_store_: none are not kept
        Comment,
        LineComment,
        VariationBegin,
        VariationEnd,
        Unplayed,
        End
    };

    struct Unplayed {
        std::string_view rest;
        std::optional<rules::DiagCode> code;
    };
    // Where play() is: in bytes_, and in the stores (which it reads in the order they were kept).
    struct Cursor {
        std::size_t byte = 0, positions = 0, events = 0;
    };
    // One call but a move's Events.
    template <class V>
    void play_call(V& visitor, Cursor& at, Kind kind) const {
        switch (kind) {
            case Kind::Start:
                visitor.start(start_, start_events_);
                lines_.push_back(line_from(start_));
                break;
            case Kind::Move:
            case Kind::MoveWithEvents:
                play_move(visitor, at, kind);
                break;
            case Kind::Nag:
                visitor.nag(take<std::uint32_t>(at));
                break;
            case Kind::Events:  // play() makes a move's Events call
                break;
            case Kind::Comment:
            case Kind::LineComment:
                visitor.comment(take<std::string_view>(at), kind == Kind::LineComment);
                break;
            case Kind::VariationBegin:
                visitor.variation_begin(begin_variation());
                break;
            case Kind::VariationEnd:
                lines_.pop_back();
                visitor.variation_end();
                break;
            case Kind::Unplayed: {
                const auto u = take<Unplayed>(at);
                visitor.unplayed(u.rest, u.code);
                break;
            }
            case Kind::End:
                visitor.end();
                break;
        }
    }

    // A line being played: its position and the one before its last move, rebuilt (chess) or
    // kept in position_store_ (Glacial Shift).
    struct RebuiltLine {
        Position before, now;
        bool has_last = false;
    };
    struct KeptLine {
        const Position *before = nullptr, *now = nullptr;
        bool has_last = false;
    };
    using Line = std::conditional_t<rebuilds_positions<G>, RebuiltLine, KeptLine>;

    static Line line_from(const Position& start) {
        if constexpr (rebuilds_positions<G>)
            return Line{start, start, false};
        else
            return Line{&start, &start, false};
    }
    static const Position& now(const Line& l) {
        if constexpr (rebuilds_positions<G>)
            return l.now;
        else
            return *l.now;
    }
    static const Position& before(const Line& l) {
        if constexpr (rebuilds_positions<G>)
            return l.before;
        else
            return *l.before;
    }

    // A variation starts where its parent's last move did (the driver's branch).
    const Position& begin_variation() const {
        const Line& parent = lines_.back();
        const Line child   = line_from(parent.has_last ? before(parent) : now(parent));
        lines_.push_back(child);  // parent is invalid from here
        return now(lines_.back());
    }

    template <class V>
    void play_move(V& visitor, Cursor& at, Kind kind) const {
        const Move m = take<Move>(at);
        Line& l      = lines_.back();
        l.has_last   = true;
        if constexpr (rebuilds_positions<G>) {
            l.before            = l.now;
            const bool happened = l.now.play(m, event_);
            visitor.move(l.before, m, l.now, happened ? event_ : none_);
        } else {
            l.before = l.now;
            l.now    = &position_store_[at.positions++];
            visitor.move(*l.before, m, *l.now,
                         kind == Kind::MoveWithEvents ? event_store_[at.events++] : none_);
        }
    }

    // Appends a call's kind and its argument, unless the walk is past the tape's bound.
    template <class... T>
    void put(Kind kind, const T&... value) {
        constexpr std::size_t size = 1 + (sizeof(T) + ... + 0);
        if (static_cast<std::size_t>(end_ - next_) < size && !grow(size)) return;
        unsigned char* p = next_;
        *p++             = static_cast<unsigned char>(kind);
        ((std::memcpy(p, &value, sizeof(T)), p += sizeof(T)), ...);
        next_ += size;
    }
    template <class T>
    T take(Cursor& at) const {
        static_assert(std::is_trivially_copyable_v<T>);
        T value;
        std::memcpy(&value, bytes_.data() + at.byte, sizeof(T));
        at.byte += sizeof(T);
        return value;
    }
    // Room for `size` more bytes within the bound; once a call is not kept, none is.
    bool grow(std::size_t size) {
        const std::size_t used = this->used();
        if (!whole_ || used + stored_ + size > limit_) {
            whole_ = false;
            return false;
        }
        // Doubling, but never past the bound: the bytes are zero-filled, so what is reserved
        // stays resident for the run.
        bytes_.resize(std::min(std::max(bytes_.size() * 2, used + size + 4096), limit_ - stored_));
        next_ = bytes_.data() + used;
        end_  = bytes_.data() + bytes_.size();
        return true;
    }
    // Copies into a store, reusing its elements (and what they own) from walk to walk.
    template <class T>
    void keep(std::vector<T>& into, std::size_t& used, const T& value) {
        if (!whole_) return;
        stored_ += sizeof(T);
        if (this->used() + stored_ > limit_) {
            whole_ = false;
            return;
        }
        if (used < into.size())
            into[used] = value;
        else
            into.push_back(value);
        ++used;
    }

    std::vector<unsigned char> bytes_;  // the calls: a kind and its argument each
    // The next byte this walk writes, and the end of bytes_.
    unsigned char *next_ = nullptr, *end_ = nullptr;
    std::size_t used() const { return static_cast<std::size_t>(next_ - bytes_.data()); }
    std::vector<Position> position_store_;
    std::vector<Events> event_store_;
    std::size_t positions_ = 0, events_ = 0;  // the elements of the stores this walk uses
    std::size_t stored_ = 0;                  // their bytes
    std::size_t limit_  = SpareBytes;
    Position start_{};
    Events start_events_{};
    std::optional<rules::GameRecord> record_;
    bool whole_ = true;
    // play()'s lines and the chess events it rebuilds.
    mutable std::vector<Line> lines_;
    mutable Events event_{};
    inline static const Events none_{};
};

}  // namespace floe::formats
