// Split names are distinct and sort in the games' order (issue 25 items 6 and 7,
// ../shared/cases/hostile/split_by_hostile_tags.pgn and split_every_names.sh). `--split-by` sent
// `.`, `_`, the empty value and a missing tag to one `_.pgn`, cut long values into one name, and
// made `Smith` and `smith` two files that are one on a file system that ignores case;
// `--split-every` wrote `10000.pgn`, which sorts between `1000.pgn` and `1001.pgn`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "cli/split_output.hpp"
#include "support/test_support.hpp"

namespace floe::test {
namespace {

namespace fs = std::filesystem;
using cli::split_by_name;
using cli::split_every_name;

// The published FNV-1a 32 test vectors (Fowler, Noll, Vo).
TEST(SplitNames, HashIsFnv1a32) {
    EXPECT_EQ(cli::fnv1a_32(""), 0x811c9dc5u);
    EXPECT_EQ(cli::fnv1a_32("a"), 0xe40c292cu);
    EXPECT_EQ(cli::fnv1a_32("foobar"), 0xbf9cf968u);
}

TEST(SplitNames, SafeLowerCaseValuesAreTheirOwnName) {
    EXPECT_EQ(split_by_name("smith"), "smith");
    EXPECT_EQ(split_by_name("fischer, robert james"), "fischer, robert james");
    EXPECT_EQ(split_by_name("0001"), "0001");
    EXPECT_EQ(split_by_name("a.b"), "a.b");
    EXPECT_EQ(split_by_name("console"), "console");  // no device: `con` is
    EXPECT_EQ(split_by_name(std::string(100, 'a')), std::string(100, 'a'));
}

TEST(SplitNames, OtherValuesAreMadeSafeAndHashed) {
    const auto hashed = [](std::string_view value, const std::string& safe) {
        char hex[9];
        std::snprintf(hex, sizeof hex, "%08x", cli::fnv1a_32(value));
        return safe + "-" + hex;
    };
    EXPECT_EQ(split_by_name("Smith"), hashed("Smith", "smith"));
    EXPECT_EQ(split_by_name("SMITH"), hashed("SMITH", "smith"));
    EXPECT_EQ(split_by_name(""), hashed("", "_"));
    EXPECT_EQ(split_by_name("."), hashed(".", "_"));
    EXPECT_EQ(split_by_name(".."), hashed("..", "__"));
    EXPECT_EQ(split_by_name("_"), hashed("_", "_"));
    EXPECT_EQ(split_by_name("-"), hashed("-", "-"));
    EXPECT_EQ(split_by_name(".hidden"), hashed(".hidden", "_hidden"));
    EXPECT_EQ(split_by_name("trailing."), hashed("trailing.", "trailing_"));
    EXPECT_EQ(split_by_name("trailing "), hashed("trailing ", "trailing_"));
    EXPECT_EQ(split_by_name("../evil"), hashed("../evil", "_._evil"));
    EXPECT_EQ(split_by_name("a:b*c?d\"e<f>g|h"), hashed("a:b*c?d\"e<f>g|h", "a_b_c_d_e_f_g_h"));
    EXPECT_EQ(split_by_name("\xff"), hashed("\xff", "_"));
    EXPECT_EQ(split_by_name("\xc3\xa9t\xc3\xa9"), hashed("\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9"));
    // Windows devices, in any case, with an extension: the safe part is no device either.
    EXPECT_EQ(split_by_name("con"), hashed("con", "con"));
    EXPECT_EQ(split_by_name("CON"), hashed("CON", "con"));
    EXPECT_EQ(split_by_name("nul"), hashed("nul", "nul"));
    EXPECT_EQ(split_by_name("com1"), hashed("com1", "com1"));
    EXPECT_EQ(split_by_name("lpt9.txt"), hashed("lpt9.txt", "lpt9_.txt"));
    EXPECT_EQ(split_by_name("CON.txt"), hashed("CON.txt", "con_.txt"));
    // The form of a hashed name is never a value's own name.
    EXPECT_EQ(split_by_name("smith-0123abcd"), hashed("smith-0123abcd", "smith-0123abcd"));
    EXPECT_EQ(split_by_name("smith-0123abcg"), "smith-0123abcg");
    // Over 100 bytes: cut, and told apart by the hash.
    const std::string b = std::string(100, 'a') + "b", c = std::string(100, 'a') + "c";
    EXPECT_EQ(split_by_name(b), hashed(b, std::string(100, 'a')));
    EXPECT_NE(split_by_name(b), split_by_name(c));
    // No tag: a name no value gets.
    EXPECT_EQ(split_by_name(std::nullopt), "-");
}

TEST(SplitNames, SplitEveryHasSixDigitsAndStopsAtAMillion) {
    EXPECT_EQ(split_every_name(1), "000001");
    EXPECT_EQ(split_every_name(10000), "010000");
    EXPECT_EQ(split_every_name(999999), "999999");
    try {
        split_every_name(1000000);
        ADD_FAILURE() << "no error";
    } catch (const cli::WriteError& e) {
        EXPECT_STREQ(e.what(),
                     "--split-every would need a file 1000000, past 999999.pgn, the last "
                     "six-digit name; nothing was written");
    }
}

// The files of `dir`, sorted as `ls` sorts them in the C locale.
std::vector<std::string> files(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// The reproducer: 35 values and a game without the tag, 36 files, distinct even when their
// case is ignored, each holding its one game.
TEST(SplitNames, HostileTagsGetDistinctNames) {
    FLOE_REQUIRE_SHARED(shared);
    const fs::path dir =
        fs::temp_directory_path() / ("floe-split-names-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const fs::path input = shared / "cases/hostile/split_by_hostile_tags.pgn";
    const RunResult r =
        run_floe("select --split-by White -o '" + dir.string() + "' '" + input.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    const std::vector<std::string> names = files(dir);
    EXPECT_EQ(names.size(), 36u);
    std::set<std::string> folded;
    for (std::string name : names) {
        for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        folded.insert(name);
        EXPECT_EQ(name.find('/'), std::string::npos);
        EXPECT_NE(name.front(), '.');
    }
    EXPECT_EQ(folded.size(), names.size());
    EXPECT_EQ(read_file(dir / "-.pgn"), "[Event \"notag\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n");
    EXPECT_EQ(read_file(dir / "0001.pgn"),
              "[Event \"g32\"]\n[White \"0001\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n");
    std::string e_acute;  // 50 times é: the value's first 100 bytes
    for (int i = 0; i < 50; ++i) e_acute += "\xc3\xa9";
    const std::string a100(100, 'a'), x100(100, 'x');
    std::vector<std::string> expected{
        "-.pgn",  // no White tag
        "0001.pgn",
        "_-250c8f7f.pgn",        // " "
        "_-2b0c98f1.pgn",        // .
        "_-7a0b824e.pgn",        // the byte 0xFF, no UTF-8
        "_-811c9dc5.pgn",        // the empty value
        "_-da0c196e.pgn",        // _
        "_._evil-e3b85cb0.pgn",  // ../evil
        "_.pgn.pgn",             // the value `_.pgn`, safe as it is
        "__-a3d4a70d.pgn",       // ..
        "__[31mred-d8f23178.pgn",
        "_back_slash-92da03e1.pgn",
        "_etc_passwd-0bbdb997.pgn",
        "_hidden-4747f185.pgn",
        "a_b_c-477dfb6b.pgn",
        "a_b_c_d_e_f_g_h-09ff4220.pgn",
        a100 + "-8a68c7ce.pgn",
        a100 + "-8b68c961.pgn",
        "aux-679e8439.pgn",
        "com1-4e9510dd.pgn",
        "con-3367e86b.pgn",  // CON
        "con-531868eb.pgn",  // Con
        "con-f08dd14b.pgn",  // con
        "con_.txt-e767390d.pgn",
        "lpt1-911f443a.pgn",
        "nul-4fad0f80.pgn",
        "prn-d630440b.pgn",
        "smith-faa6b930.pgn",  // SMITH
        "smith-fdad8130.pgn",  // Smith
        "smith.pgn",           // smith
        "trailing_-a36cfdef.pgn",
        "trailing_-a96d0761.pgn",
        x100 + "-970138f5.pgn",
        "x_evil-db6c8943.pgn",  // U+202E, the right-to-left override
        e_acute + "-eadf5a85.pgn",
        "\xef\xbd\x81-734b36c8.pgn",  // a fullwidth a
    };
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(names, expected);
    fs::remove_all(dir);
}

// The reproducer: 10,005 files of one game each sort in the games' order.
TEST(SplitNames, SplitEveryNamesSortInOrder) {
    const fs::path dir =
        fs::temp_directory_path() / ("floe-split-every-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        std::ofstream in(dir / "se.pgn", std::ios::binary);
        for (int i = 0; i < 10005; ++i)
            in << "[Event \"e" << i << "\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n";
    }
    const fs::path out = dir / "se";
    const RunResult r  = run_floe("select --split-every 1 -o '" + out.string() + "' '" +
                                  (dir / "se.pgn").string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::vector<std::string> names = files(out);
    ASSERT_EQ(names.size(), 10005u);
    EXPECT_EQ(names[999], "001000.pgn");
    EXPECT_EQ(names[1000], "001001.pgn");
    EXPECT_EQ(names[9999], "010000.pgn");
    EXPECT_EQ(names.back(), "010005.pgn");
    EXPECT_EQ(read_file(out / "010000.pgn"),
              "[Event \"e9999\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n");
    fs::remove_all(dir);
}

// Two values that differ only in case and share their FNV-1a 32 hash (found by a search over
// the case variants of one name): one file for both would merge them, so the second stops the run.
TEST(SplitNames, ValuesWithOneNameAreRefusedNotMerged) {
    ASSERT_EQ(cli::fnv1a_32("SmItHJoHNsOnwIlLiam"), 0x7509308cu);
    ASSERT_EQ(cli::fnv1a_32("SmithjOHNSONWillIam"), 0x7509308cu);
    cli::SplitByNames names;
    EXPECT_EQ(names.name("SmItHJoHNsOnwIlLiam"), "smithjohnsonwilliam-7509308c");
    EXPECT_EQ(names.name("SmItHJoHNsOnwIlLiam"), "smithjohnsonwilliam-7509308c");
    EXPECT_EQ(names.name(std::nullopt), "-");
    EXPECT_EQ(names.name(std::nullopt), "-");
    try {
        names.name("SmithjOHNSONWillIam");
        ADD_FAILURE() << "no error";
    } catch (const cli::WriteError& e) {
        EXPECT_STREQ(e.what(),
                     "--split-by: the values \"SmItHJoHNsOnwIlLiam\" and \"SmithjOHNSONWillIam\" "
                     "would share the file smithjohnsonwilliam-7509308c; nothing was written");
    }
}

TEST(SplitNames, CollidingValuesStopTheRunAndLeaveTheFolder) {
    const fs::path dir =
        fs::temp_directory_path() / ("floe-split-collide-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "out");
    std::ofstream(dir / "out" / "keep.pgn") << "old\n";
    {
        std::ofstream in(dir / "in.pgn", std::ios::binary);
        for (const char* white : {"SmItHJoHNsOnwIlLiam", "SmithjOHNSONWillIam"})
            in << "[White \"" << white << "\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n";
    }
    const RunResult r = run_floe("select --split-by White -o '" + (dir / "out").string() + "' '" +
                                 (dir / "in.pgn").string() + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "floe select: --split-by: the values \"SmItHJoHNsOnwIlLiam\" and "
              "\"SmithjOHNSONWillIam\" would share the file smithjohnsonwilliam-7509308c; "
              "nothing was written\n");
    EXPECT_EQ(files(dir / "out"), std::vector<std::string>{"keep.pgn"});
    fs::remove_all(dir);
}

// A folder where a split file goes: the run stops before any file is put in place (it failed
// only at that file's rename, after `a.pgn` had been replaced).
TEST(SplitNames, AFolderInTheWayStopsBeforeAnyFileIsPutInPlace) {
    const fs::path dir =
        fs::temp_directory_path() / ("floe-split-folder-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "out" / "b.pgn");
    std::ofstream(dir / "out" / "a.pgn") << "old\n";
    std::ofstream(dir / "in.pgn", std::ios::binary)
        << "[White \"a\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n"
        << "[White \"b\"]\n[Variant \"Standard\"]\n\n1. e4 *\n\n";
    const RunResult r = run_floe("select --split-by White -o '" + (dir / "out").string() + "' '" +
                                 (dir / "in.pgn").string() + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "floe select: cannot write " + (dir / "out" / "b.pgn").string() +
                         ": Is a directory\n");
    EXPECT_EQ(read_file(dir / "out" / "a.pgn"), "old\n");
    EXPECT_EQ(files(dir / "out"), (std::vector<std::string>{"a.pgn", "b.pgn"}));
    fs::remove_all(dir);
}

}  // namespace
}  // namespace floe::test
