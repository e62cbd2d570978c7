#pragma once
// The version of floe's JSON contract for scripts (docs/json-schema.json): every object floe
// writes as a line of JSON (validate --json, convert and select --to json) starts with
// "schema_version", so that a script can tell which contract its input follows.

#include <nlohmann/json.hpp>

namespace floe::formats {

/// The `schema_version` written: raised when a field is renamed, removed or changes meaning (an
/// added field keeps it; docs/decisions/json.md "A JSON contract for scripts").
inline constexpr int JsonSchemaVersion = 1;

/// The `schema_version` of a game record (convert and select --to json): 2 since its "moves"
/// became a flat list of nodes (issue 25: nested lines nested as deep as the variations, deeper
/// than JSON readers go). The other records keep JsonSchemaVersion.
inline constexpr int JsonGameSchemaVersion = 2;

/// A new record, `{"schema_version": JsonSchemaVersion}`, for the caller to add its fields after
/// (an ordered object: the version stays first).
inline nlohmann::ordered_json json_record() {
    nlohmann::ordered_json j;
    j["schema_version"] = JsonSchemaVersion;
    return j;
}

}  // namespace floe::formats
