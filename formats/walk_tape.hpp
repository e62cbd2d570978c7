#pragma once
// A recorded walk: the visitor calls of one replay (rules/game/visitor.hpp), kept so that a
// writer can be walked through them afterwards without a second replay. `select` records the
// walk while it matches a game and hands it to the writer only when the game matched, so that
// a game that does not match costs no writing (docs/decisions/incoming-select.md).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/common/thread_scratch.hpp"
#include "rules/diagnostic.hpp"
#include "rules/record.hpp"

namespace floe::formats {

template <class G>
class WalkTape {
public:
    static constexpr bool annotations = true;  // a writer takes NAGs and comments
    /// The most calls a tape keeps (at most about 4 MB of positions and events): a longer
    /// walk is not kept, and its game is replayed again to be written (whole() is false).
    static constexpr std::size_t MaxCalls = 4096;

    /// This thread's tape for engine G (rules/common/thread_scratch.hpp).
    static WalkTape& of_thread() { return rules::ThreadScratch::current().get<WalkTape>(); }

    /// Forgets the last walk; the buffers stay for the next.
    void clear() {
        calls_.clear();
        positions_ = events_ = 0;
        record_.reset();
        whole_ = true;
    }
    /// Every call of the walk was kept.
    bool whole() const { return whole_; }
    /// The record the walk was of, when it is not the one given to the replay (a last `0-0`
    /// read as the result makes a copy: formats/replay_game.hpp).
    void keep_record(const rules::GameRecord& record) { record_ = record; }
    const rules::GameRecord& record(const rules::GameRecord& given) const {
        return record_ ? *record_ : given;
    }

    void start(const typename G::Position& position, const typename G::Events& events) {
        if (!room()) return;
        add(make(Kind::Start, keep(position), keep(events)));
    }
    void move(const typename G::Position& before, const typename G::Move& move,
              const typename G::Position& after, const typename G::Events& events) {
        if (!room()) return;
        Call c  = make(Kind::Move, keep(before), keep(events));
        c.after = keep(after);
        c.move  = move;
        add(c);
    }
    void nag(std::uint32_t value) {
        if (!room()) return;
        add(make(Kind::Nag, value));
    }
    void events(const typename G::Events& events) {
        if (!room()) return;
        add(make(Kind::Events, 0, keep(events)));
    }
    void comment(std::string_view text, bool line_comment) {
        if (!room()) return;
        Call c = make(Kind::Comment, line_comment);
        c.text = text;
        add(c);
    }
    void variation_begin(const typename G::Position& start) {
        if (!room()) return;
        add(make(Kind::VariationBegin, keep(start)));
    }
    void variation_end() {
        if (!room()) return;
        add(make(Kind::VariationEnd));
    }
    void unplayed(std::string_view rest, std::optional<rules::DiagCode> code) {
        if (!room()) return;
        Call c = make(Kind::Unplayed);
        c.text = rest;
        c.code = code;
        add(c);
    }
    void end() {
        if (!room()) return;
        add(make(Kind::End));
    }

    /// Walks `visitor` through the calls recorded, in their order.
    template <class V>
    void play(V& visitor) const {
        for (const Call& c : calls_) {
            switch (c.kind) {
                case Kind::Start:
                    visitor.start(position_store_[c.value], event_store_[c.events]);
                    break;
                case Kind::Move:
                    visitor.move(position_store_[c.value], c.move, position_store_[c.after],
                                 event_store_[c.events]);
                    break;
                case Kind::Nag:
                    visitor.nag(c.value);
                    break;
                case Kind::Events:
                    visitor.events(event_store_[c.events]);
                    break;
                case Kind::Comment:
                    visitor.comment(c.text, c.value != 0);
                    break;
                case Kind::VariationBegin:
                    visitor.variation_begin(position_store_[c.value]);
                    break;
                case Kind::VariationEnd:
                    visitor.variation_end();
                    break;
                case Kind::Unplayed:
                    visitor.unplayed(c.text, c.code);
                    break;
                case Kind::End:
                    visitor.end();
                    break;
            }
        }
    }

private:
    enum class Kind : std::uint8_t {
        Start,
        Move,
        Nag,
        Events,
        Comment,
        VariationBegin,
        VariationEnd,
        Unplayed,
        End
    };
    struct Call {
        Kind kind            = Kind::End;
        std::uint32_t value  = 0;  // a position's index, a NAG, or a comment's line_comment
        std::uint32_t events = 0;  // an index in event_store_
        std::uint32_t after  = 0;  // a move's position after it
        typename G::Move move{};
        std::string_view text;
        std::optional<rules::DiagCode> code;
    };

    static Call make(Kind kind, std::uint32_t value = 0, std::uint32_t events = 0) {
        Call c;
        c.kind   = kind;
        c.value  = value;
        c.events = events;
        return c;
    }
    void add(const Call& c) { calls_.push_back(c); }
    // Whether the next call is kept: once one is not, none is.
    bool room() {
        if (calls_.size() >= MaxCalls) whole_ = false;
        return whole_;
    }
    // Copies into the stores, reusing their elements (and what they own) from walk to walk.
    std::uint32_t keep(const typename G::Position& p) {
        return store(position_store_, positions_, p);
    }
    std::uint32_t keep(const typename G::Events& e) { return store(event_store_, events_, e); }
    template <class T>
    static std::uint32_t store(std::vector<T>& into, std::size_t& used, const T& value) {
        if (used < into.size())
            into[used] = value;
        else
            into.push_back(value);
        return static_cast<std::uint32_t>(used++);
    }

    std::vector<Call> calls_;
    std::vector<typename G::Position> position_store_;
    std::vector<typename G::Events> event_store_;
    std::size_t positions_ = 0, events_ = 0;  // the elements of the stores this walk uses
    std::optional<rules::GameRecord> record_;
    bool whole_ = true;
};

}  // namespace floe::formats
