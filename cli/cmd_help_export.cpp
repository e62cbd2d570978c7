#include "cli/cmd_help_export.hpp"

#include <memory>

#include "cli/man_page.hpp"
#include "cli/output.hpp"
#include "cli/shell_completion.hpp"

namespace floe::cli {

namespace {

struct HelpExportOptions {
    std::string format;
    std::string output;
};

}  // namespace

void setup_help_export(CLI::App& app, const std::string& version) {
    auto o        = std::make_shared<HelpExportOptions>();
    CLI::App* cmd = app.add_subcommand(
        "help-export", "Write the man page or a shell completion, made from this help");
    cmd->group("");  // hidden: a build step, not a command for users
    cmd->add_option("FORMAT", o->format, "man, bash, zsh or fish")
        ->required()
        ->transform(CLI::IsMember({"man", "bash", "zsh", "fish"}, CLI::ignore_case));
    add_output_option(*cmd, o->output);
    cmd->callback([o, &app, version] {
        Output output(o->output, {});
        std::string text;
        if (o->format == "man") text = man_page(app, version);
        if (o->format == "bash") text = bash_completion(app);
        if (o->format == "zsh") text = zsh_completion(app);
        if (o->format == "fish") text = fish_completion(app);
        output.stream() << text;
        output.commit();
    });
}

}  // namespace floe::cli
