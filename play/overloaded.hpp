#pragma once
// The engine dispatch's one helper: a visitor built from one lambda per alternative, for
// std::visit over GameSetup::start and ReplayedGame::play. A lambda per engine, not a catch-all,
// so that a third engine's missing case does not compile.

namespace floe::formats {

template <class... Fs>
struct overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
overloaded(Fs...) -> overloaded<Fs...>;

}  // namespace floe::formats
