#include "cli/app.hpp"

int main(int argc, char** argv) { return floe::cli::run(argc, argv); }
