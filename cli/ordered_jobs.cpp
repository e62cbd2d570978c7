#include "cli/ordered_jobs.hpp"

#include "cli/usage.hpp"

namespace floe::cli {

CLI::Option* add_jobs_option(CLI::App& cmd, int& jobs) {
    return cmd
        .add_option("-j,--jobs", jobs,
                    "Parse and replay N games at once on N threads, 0 = one per core (output "
                    "unchanged)")
        ->check(whole_number_from(0));
}

}  // namespace floe::cli
