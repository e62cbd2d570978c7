#include "formats/diagram_model.hpp"

namespace floe::formats {

std::string Diagram::square_name(int file, int rank) const {
    std::string name = file_labels[file];
    name += rank_labels[rank];
    return name;
}

}  // namespace floe::formats
