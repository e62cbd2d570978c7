// A small, strict checker for the markup floe writes: an SVG document (XML) or the replay page
// (HTML5). Not a general parser: it accepts the subset the writers produce and rejects anything
// else, so that text from a record that reached the output unescaped shows as a finding. What it
// checks is listed in docs/reliability.md.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"

namespace floe::fuzz {

namespace {

// The elements and attributes the writers use (formats/diagram_svg.cpp, replay_page.cpp), and a
// few SVG shapes they may come to use. An element or attribute outside these lists is markup
// that did not come from the writers: input that escaped its escaping.
constexpr std::array<std::string_view, 42> Elements = {"a",
                                                       "body",
                                                       "button",
                                                       "circle",
                                                       "defs",
                                                       "div",
                                                       "g",
                                                       "h1",
                                                       "head",
                                                       "html",
                                                       "main",
                                                       "meta",
                                                       "nav",
                                                       "p",
                                                       "path",
                                                       "radialGradient",
                                                       "rect",
                                                       "section",
                                                       "span",
                                                       "stop",
                                                       "strong",
                                                       "svg",
                                                       "title",
                                                       "use",
                                                       "ellipse",
                                                       "line",
                                                       "linearGradient",
                                                       "polygon",
                                                       "polyline",
                                                       "header",
                                                       "ol",
                                                       "li",
                                                       "select",
                                                       "option",
                                                       "noscript",
                                                       "br",
                                                       "table",
                                                       "thead",
                                                       "tbody",
                                                       "tr",
                                                       "th",
                                                       "td"};
// clang-format off
constexpr std::array<std::string_view, 41> Attributes = {
    "aria-hidden",
    "aria-pressed",
    "charset",
    "class",
    "content",
    "cx",
    "cy",
    "d",
    "fill",
    "height",
    "hidden",
    "href",
    "id",
    "lang",
    "name",
    "offset",
    "opacity",
    "r",
    "role",
    "rx",
    "scope",
    "selected",
    "stop-color",
    "stop-opacity",
    "stroke",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-opacity",
    "stroke-width",
    "style",
    "title",
    "transform",
    "type",
    "value",
    "viewBox",
    "width",
    "x",
    "xlink:href",
    "xmlns",
    "xmlns:xlink",
    "y",
};
// clang-format on
// HTML elements without an end tag.
constexpr std::array<std::string_view, 6> VoidElements = {"meta",  "br",   "img",
                                                          "input", "link", "hr"};

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

bool name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool starts_with_nocase(std::string_view s, std::size_t at, std::string_view word) {
    if (s.size() - std::min(at, s.size()) < word.size()) return false;
    for (std::size_t k = 0; k < word.size(); ++k) {
        char c = s[at + k];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != word[k]) return false;
    }
    return true;
}

class Checker {
public:
    Checker(std::string_view s, bool html) : s_(s), html_(html) {}

    void run() {
        if (html_) {
            constexpr std::string_view Doctype = "<!DOCTYPE html>";
            expect(s_.substr(0, Doctype.size()) == Doctype,
                   "markup: the page starts <!DOCTYPE html>");
            i_ = Doctype.size();
        } else if (s_.substr(0, 5) == "<?xml") {
            const std::size_t end = s_.find("?>");
            expect(end != std::string_view::npos, "markup: the XML declaration ends with ?>");
            i_ = end + 2;
        }
        while (i_ < s_.size()) {
            if (s_[i_] != '<') {
                text();
                continue;
            }
            if (s_.substr(i_, 4) == "<!--") {
                const std::size_t end = s_.find("-->", i_ + 4);
                expect(end != std::string_view::npos, "markup: a comment ends with -->");
                i_ = end + 3;
            } else if (s_.substr(i_, 2) == "</") {
                end_tag();
            } else {
                start_tag();
            }
        }
        expect(stack_.empty(), "markup: every element is closed");
        expect(roots_ == 1, "markup: one root element");
    }

private:
    // check() with the text around the checker's position, or `detail`.
    void expect(bool ok, const char* what, std::string_view detail = {}) const {
        if (ok) return;
        const std::size_t from = i_ > 60 ? i_ - 60 : 0;
        check(false, what, detail.empty() ? s_.substr(from, 160) : detail);
    }

    // Character data up to the next `<`: `&` only as an entity, no `>`, and outside the root
    // only white space.
    void text() {
        const std::size_t end = std::min(s_.find('<', i_), s_.size());
        for (std::size_t k = i_; k < end; ++k) {
            expect(s_[k] != '>', "markup: no raw '>' in text");
            if (s_[k] == '&') entity(k);
            if (stack_.empty()) expect(space(s_[k]), "markup: only white space outside the root");
        }
        i_ = end;
    }

    // An entity reference at s_[k] == '&': &amp; &lt; &gt; &quot; &apos; &#N; &#xH;
    void entity(std::size_t k) {
        const std::size_t semi = s_.find(';', k);
        expect(semi != std::string_view::npos && semi - k <= 10, "markup: '&' starts an entity");
        const std::string_view name = s_.substr(k + 1, semi - k - 1);
        if (name == "amp" || name == "lt" || name == "gt" || name == "quot" || name == "apos")
            return;
        expect(name.size() >= 2 && name[0] == '#', "markup: a known entity");
        const bool hex = name[1] == 'x';
        expect(name.size() > (hex ? 2u : 1u), "markup: a character reference has digits");
        for (char c : name.substr(hex ? 2 : 1))
            expect((c >= '0' && c <= '9') ||
                       (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))),
                   "markup: a character reference's digits");
    }

    std::string_view name() {
        const std::size_t begin = i_;
        expect(i_ < s_.size() && name_start(s_[i_]), "markup: a name");
        while (i_ < s_.size() && name_char(s_[i_])) ++i_;
        return s_.substr(begin, i_ - begin);
    }

    void skip_space() {
        while (i_ < s_.size() && space(s_[i_])) ++i_;
    }

    void start_tag() {
        ++i_;  // '<'
        const std::string_view element = name();
        expect(one_of(Elements, element) || (html_ && element == "script") ||
                   (html_ && element == "style"),
               "markup: an element the writers use", element);
        if (stack_.empty()) {
            ++roots_;
            expect(element == (html_ ? "html" : "svg"), "markup: the root element");
        }
        std::vector<std::string_view> seen;
        for (;;) {
            const bool spaced = i_ < s_.size() && space(s_[i_]);
            skip_space();
            expect(i_ < s_.size(), "markup: a start tag ends");
            if (s_[i_] == '>' || s_.substr(i_, 2) == "/>") break;
            expect(spaced, "markup: attributes are separated by white space");
            const std::string_view attribute = name();
            expect(one_of(Attributes, attribute) || attribute.substr(0, 5) == "data-" ||
                       attribute.substr(0, 5) == "aria-",
                   "markup: an attribute the writers use", attribute);
            expect(std::find(seen.begin(), seen.end(), attribute) == seen.end(),
                   "markup: no attribute twice in a tag");
            seen.push_back(attribute);
            if (i_ < s_.size() && s_[i_] == '=') {
                ++i_;
                expect(i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\''),
                       "markup: attribute values are quoted");
                const char quote      = s_[i_];
                const std::size_t end = s_.find(quote, i_ + 1);
                expect(end != std::string_view::npos, "markup: an attribute value ends");
                for (std::size_t k = i_ + 1; k < end; ++k) {
                    expect(s_[k] != '<' && s_[k] != '>', "markup: no '<' or '>' in a value");
                    if (s_[k] == '&') entity(k);
                }
                i_ = end + 1;
            } else {
                // HTML's boolean attributes: the page writes `hidden`.
                expect(html_ && attribute == "hidden", "markup: an attribute has a value");
            }
        }
        const bool self_closing = s_[i_] == '/';
        i_ += self_closing ? 2 : 1;
        // In HTML only the SVG inside the page (foreign content) closes elements with `/>`.
        const bool in_svg =
            std::find(stack_.begin(), stack_.end(), std::string_view("svg")) != stack_.end() ||
            element == "svg";
        if (html_ && one_of(VoidElements, element)) {
            expect(!self_closing, "markup: void elements as HTML writes them");
            if (stack_.empty()) roots_ = 2;  // a void root: reported by the root check
            return;
        }
        if (self_closing) {
            expect(!html_ || in_svg, "markup: '/>' only in the SVG of the page");
            if (stack_.empty()) ++roots_;  // closes at once: no element may follow it
            return;
        }
        if (html_ && (element == "script" || element == "style")) {
            raw_text(element);
            return;
        }
        stack_.push_back(element);
    }

    // The content of <script> or <style>, which HTML does not parse: it ends at the first
    // `</script` (`</style`), so no text inside may contain that, nor `<!--` (the script data
    // escape state). The JSON data block must hold valid JSON: checked by the caller's target.
    void raw_text(std::string_view element) {
        const std::string close = "</" + std::string(element);
        std::size_t k           = i_;
        for (;; ++k) {
            k = s_.find('<', k);  // only a `<` can start either
            if (k == std::string_view::npos || starts_with_nocase(s_, k, close)) break;
            expect(!starts_with_nocase(s_, k, "<!--"), "markup: no '<!--' inside a script");
        }
        expect(k < s_.size(), "markup: a script or style ends");
        i_ = k + close.size();
        expect(i_ < s_.size() && s_[i_] == '>', "markup: '</script>' is one end tag");
        ++i_;
    }

    void end_tag() {
        i_ += 2;
        const std::string_view element = name();
        skip_space();
        expect(i_ < s_.size() && s_[i_] == '>', "markup: an end tag ends with '>'");
        ++i_;
        expect(!stack_.empty() && stack_.back() == element, "markup: end tags match start tags");
        stack_.pop_back();
    }

    std::string_view s_;
    bool html_;
    std::size_t i_ = 0;
    std::vector<std::string_view> stack_;
    int roots_ = 0;
};

}  // namespace

void check_markup(std::string_view text, bool html) { Checker(text, html).run(); }

}  // namespace floe::fuzz
