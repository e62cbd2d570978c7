#pragma once
// Helpers for CLI tests that assert diagnostics (code, line, column) and converted movetext.

#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace floe::test {

/// One diagnostic of `validate --json`; equality ignores the message.
struct Diag {
    std::string severity;
    std::string code;
    int line   = 0;
    int column = 0;
    std::string message;
    bool operator==(const Diag& o) const {
        return severity == o.severity && code == o.code && line == o.line && column == o.column;
    }
};

inline std::ostream& operator<<(std::ostream& os, const Diag& d) {
    return os << d.line << ':' << d.column << ' ' << d.severity << " [" << d.code << "] "
              << d.message;
}

inline Diag warning(const std::string& code, int line, int column) {
    return {"warning", code, line, column, ""};
}
inline Diag error(const std::string& code, int line, int column) {
    return {"error", code, line, column, ""};
}

/// Every diagnostic of `floe validate --json OPTIONS -` on `pgn`.
inline std::vector<Diag> validate_json(const std::string& pgn, const std::string& options = "") {
    const RunResult r = run_floe("validate --json " + options + " -", pgn);
    std::vector<Diag> out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        const auto j = nlohmann::json::parse(line);
        if (!j.contains("code")) continue;
        out.push_back(Diag{j["severity"], j["code"], j["line"], j["column"], j["message"]});
    }
    return out;
}

/// The movetext `floe convert OPTIONS -` writes for `pgn` (after the tag section), without the
/// final newline.
inline std::string convert_movetext(const std::string& pgn, const std::string& options = "") {
    const RunResult r      = run_floe("convert " + options + " -", pgn);
    const std::size_t body = r.out.find("\n\n");
    std::string text       = body == std::string::npos ? r.out : r.out.substr(body + 2);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

}  // namespace floe::test
