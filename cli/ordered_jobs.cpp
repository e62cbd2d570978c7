#include "cli/ordered_jobs.hpp"

#include <sys/mman.h>

#include <new>

#include "cli/usage.hpp"

namespace floe::cli {

CLI::Option* add_jobs_option(CLI::App& cmd, int& jobs) {
    return cmd
        .add_option("-j,--jobs", jobs,
                    "Parse and replay N games at once on N threads, 0 = one per core (output "
                    "unchanged)")
        ->check(whole_number_from(0));
}

HeldAddressSpace::HeldAddressSpace(std::size_t bytes) : bytes_(bytes) {
    // PROT_NONE and MAP_NORESERVE: counted by RLIMIT_AS, never touched, never resident.
    address_ =
        ::mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (address_ == MAP_FAILED) throw std::bad_alloc();
}

HeldAddressSpace::~HeldAddressSpace() { ::munmap(address_, bytes_); }

}  // namespace floe::cli
